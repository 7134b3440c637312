#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Shift every letter of text by `shift` places in the alphabet (wrapping around
from z to a), keeping upper and lower case; other characters are unchanged.
The shift may be negative or larger than 26.
caesar_cipher("Hello, World!", 3) == "Khoor, Zruog!"
caesar_cipher("abc", -1) == "zab"
*/
fn caesar_cipher(text: &str, shift: i32) -> String {
    let shift = shift.rem_euclid(26) as u8;
    text.chars()
        .map(|c| {
            if c.is_ascii_lowercase() {
                ((c as u8 - b'a' + shift) % 26 + b'a') as char
            } else if c.is_ascii_uppercase() {
                ((c as u8 - b'A' + shift) % 26 + b'A') as char
            } else {
                c
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_caesar_cipher() {
        assert!(caesar_cipher("Hello, World!", 3) == "Khoor, Zruog!");
        assert!(caesar_cipher("abc", -1) == "zab");
        assert!(caesar_cipher("", 5) == "");
        assert!(caesar_cipher("xyz", 3) == "abc");
        assert!(caesar_cipher("Zebra-42", 27) == "Afcsb-42");
        assert!(caesar_cipher("ABC", -27) == "ZAB");
        assert!(caesar_cipher("Same", 26) == "Same");
    }

}
