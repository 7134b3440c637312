#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Check standard Base64 text: letters, digits, '+' and '/', with a length
that is a multiple of four, and '=' padding only as the last one or two
characters. The empty string is valid Base64 (of no bytes).
valid_base64("aGk=") == true
*/
fn valid_base64(s: &str) -> bool {
    let b = s.as_bytes();
    if b.is_empty() {
        return false;
    }
    if b.len() % 4 != 0 {
        return false;
    }
    let pad = b.iter().rev().take_while(|&&c| c == b'=').count();
    if pad > 2 {
        return false;
    }
    for &c in &b[..b.len() - pad] {
        if !(c.is_ascii_alphanumeric() || c == b'+' || c == b'/') {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_valid_base64() {
        assert_eq!(valid_base64("aGk="), true);
        assert_eq!(valid_base64(""), true);
        assert_eq!(valid_base64("aGVsbG8h"), true);
        assert_eq!(valid_base64("aGk"), false);
        assert_eq!(valid_base64("a==="), false);
        assert_eq!(valid_base64("a=Gk"), false);
        assert_eq!(valid_base64("ab+/"), true);
        assert_eq!(valid_base64("ab-_"), false);
    }

}
