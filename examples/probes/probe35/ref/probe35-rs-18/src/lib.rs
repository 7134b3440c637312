#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
 Parse a string of binary digits ('0' and '1'), optionally preceded by the prefix
 "0b", into a u32. Return None if there are no digits, if any other character is
 present, or if the value does not fit in a u32.
 parse_binary("0b101") == Some(5)
*/
fn parse_binary(s: &str) -> Option<u32> {
    let digits = s.strip_prefix("0b").unwrap_or(s);
    if digits.is_empty() {
        return None;
    }
    let mut value: u32 = 0;
    for c in digits.chars() {
        let bit = c.to_digit(2)?;
        value = value.checked_mul(2)?.checked_add(bit)?;
    }
    Some(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_parse_binary() {
        assert!(parse_binary("0") == Some(0));
        assert!(parse_binary("101") == Some(5));
        assert!(parse_binary("0b1111") == Some(15));
        assert!(parse_binary("") == None);
        assert!(parse_binary("0b") == None);
        assert!(parse_binary("102") == None);
        assert!(parse_binary("b101") == None);
        assert!(parse_binary(&"1".repeat(32)) == Some(u32::MAX));
        assert!(parse_binary(&"1".repeat(33)) == None);
    }

}
