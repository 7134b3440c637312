#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Kaprekar's routine on a number 0 < n < 10000, always written with four
digits (leading zeros included): arrange the digits in descending and in
ascending order and subtract the smaller number from the larger; repeat
with the result. Return how many subtractions it takes to reach 6174, or
None when 6174 is not reached within 7 subtractions (as for 1111).
kaprekar_steps(3524) == Some(3)
kaprekar_steps(6174) == Some(0)
kaprekar_steps(2111) == Some(5)
*/
fn kaprekar_steps(n: u32) -> Option<u32> {
    let mut n = n;
    for steps in 0..7 {
        if n == 6174 {
            return Some(steps);
        }
        let mut digits: Vec<u32> = (0..4).map(|k| n / 10u32.pow(k) % 10).collect();
        digits.sort();
        let ascending = digits.iter().fold(0, |acc, &d| acc * 10 + d);
        let descending = digits.iter().rev().fold(0, |acc, &d| acc * 10 + d);
        n = descending - ascending;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_kaprekar_steps() {
        assert!(kaprekar_steps(3524) == Some(3));
        assert!(kaprekar_steps(6174) == Some(0));
        assert!(kaprekar_steps(2111) == Some(5));
        assert!(kaprekar_steps(1111) == None);
        assert!(kaprekar_steps(1) == Some(5));
        assert!(kaprekar_steps(9998) == Some(5));
        assert!(kaprekar_steps(14) == Some(7));
        assert!(kaprekar_steps(59) == Some(7));
    }

}
