#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Check a ten-digit NHS number; spaces between the digits are ignored. The
first nine digits are weighted 10 down to 2 and the check digit is 11
minus the weighted sum modulo 11, where 11 stands for 0 and 10 means that
no number with these first nine digits is valid.
valid_nhs_number("943 476 5919") == true
*/
fn valid_nhs_number(s: &str) -> bool {
    let mut digits = Vec::new();
    for c in s.chars() {
        if c == ' ' {
            continue;
        }
        match c.to_digit(10) {
            Some(d) => digits.push(d),
            None => return false,
        }
    }
    if digits.len() != 10 {
        return false;
    }
    let mut sum = 0;
    for i in 0..9 {
        sum += digits[i] * (10 - i as u32);
    }
    let mut check = 11 - sum % 11;
    if check == 11 {
        check = 0;
    }
    check != 10 && check == digits[9]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_valid_nhs_number() {
        assert_eq!(valid_nhs_number("943 476 5919"), true);
        assert_eq!(valid_nhs_number("9434765919"), true);
        assert_eq!(valid_nhs_number("943 476 5918"), false);
        assert_eq!(valid_nhs_number("100 000 0060"), true);
        assert_eq!(valid_nhs_number("100 000 0010"), false);
        assert_eq!(valid_nhs_number("100 000 0000"), false);
        assert_eq!(valid_nhs_number("94347659"), false);
        assert_eq!(valid_nhs_number("943-476-5919"), false);
        assert_eq!(valid_nhs_number("000 000 0000"), true);
    }

}
