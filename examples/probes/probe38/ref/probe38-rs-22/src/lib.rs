#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Mask a card number for display: every digit except the last four digits is
replaced by '*'. Spaces, dashes and any other characters that are not
digits stay where they are.
mask_card_number("4111 1111 1111 1234") == "**** **** **** 1234"
mask_card_number("123") == "123"
*/
fn mask_card_number(s: &str) -> String {
    let total = s.chars().filter(|c| c.is_ascii_digit()).count();
    let mut seen = 0;
    let mut out = String::new();
    for c in s.chars() {
        if c.is_ascii_digit() {
            seen += 1;
            if total - seen < 4 {
                out.push(c);
            } else {
                out.push('*');
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_mask_card_number() {
        assert_eq!(mask_card_number("4111 1111 1111 1234"), "**** **** **** 1234");
        assert_eq!(mask_card_number("123"), "123");
        assert_eq!(mask_card_number(""), "");
        assert_eq!(mask_card_number("12345"), "*2345");
        assert_eq!(mask_card_number("5500-0000-0000-0004"), "****-****-****-0004");
        assert_eq!(mask_card_number("ab12cd3456"), "ab**cd3456");
    }

}
