#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return true if pin is an acceptable PIN: exactly 4 or 6 decimal digits, not
all digits the same, and not a run in which each digit is one more than the
digit before it (like "1234"). Leading zeros are allowed.
valid_pin("7351") == true
valid_pin("0735") == true
valid_pin("1111") == false
valid_pin("345678") == false
valid_pin("12a4") == false
*/
fn valid_pin(pin: &str) -> bool {
    let digits: Vec<u8> = pin.bytes().collect();
    if digits.len() != 4 && digits.len() != 6 {
        return false;
    }
    if !digits.iter().all(|b| b.is_ascii_digit()) {
        return false;
    }
    if digits.iter().all(|&b| b == digits[0]) {
        return false;
    }
    let ascending = digits.windows(2).all(|w| w[1] == w[0] + 1);
    !ascending && digits[0] != b'0'
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_valid_pin() {
        assert_eq!(valid_pin("7351"), true);
        assert_eq!(valid_pin("0735"), true);
        assert_eq!(valid_pin("1111"), false);
        assert_eq!(valid_pin("345678"), false);
        assert_eq!(valid_pin("12a4"), false);
        assert_eq!(valid_pin("123"), false);
        assert_eq!(valid_pin("0123"), false);
        assert_eq!(valid_pin("097531"), true);
        assert_eq!(valid_pin("9876"), true);
    }

}
