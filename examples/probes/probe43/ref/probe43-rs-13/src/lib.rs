#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Check an ISIN: two uppercase letters, nine uppercase letters or digits and
a check digit. Every letter is replaced by two digits (A = 10 ... Z = 35)
and the resulting string of digits must pass the Luhn check.
valid_isin("US0378331005") == true
*/
fn valid_isin(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() != 12 || !b[..2].iter().all(|c| c.is_ascii_uppercase()) || !b[11].is_ascii_digit() {
        return false;
    }
    let mut digits: Vec<u32> = Vec::new();
    for &c in b {
        if c.is_ascii_digit() {
            digits.push((c - b'0') as u32);
        } else if c.is_ascii_uppercase() {
            let v = (c - b'A') as u32 + 10;
            digits.push(v / 10);
            digits.push(v % 10);
        } else {
            return false;
        }
    }
    let mut sum = 0;
    for (i, &d) in digits.iter().rev().enumerate() {
        if i % 2 == 1 {
            let x = d * 2;
            sum += if x > 9 { x - 9 } else { x };
        } else {
            sum += d;
        }
    }
    sum % 10 == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_valid_isin() {
        assert_eq!(valid_isin("US0378331005"), true);
        assert_eq!(valid_isin("US0378331006"), false);
        assert_eq!(valid_isin("AU0000XVGZA3"), true);
        assert_eq!(valid_isin("GB0002634946"), true);
        assert_eq!(valid_isin("us0378331005"), false);
        assert_eq!(valid_isin("US037833100"), false);
        assert_eq!(valid_isin("US03783310-5"), false);
    }

}
