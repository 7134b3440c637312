#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Remove redundant zeros from a decimal number written as a string: trailing
zeros after the decimal point are dropped, and so is the point itself when
no digit follows it. Numbers without a point are returned unchanged, and
the digits before the point are never touched.
strip_decimal_zeros("12.3400") == "12.34"
strip_decimal_zeros("5.000") == "5"
strip_decimal_zeros("100") == "100"
strip_decimal_zeros("0.50") == "0.5"
*/
fn strip_decimal_zeros(s: &str) -> String {
    let s = s.trim_start_matches('0');
    if !s.contains('.') {
        return s.to_string();
    }
    let trimmed = s.trim_end_matches('0');
    let trimmed = trimmed.trim_end_matches('.');
    trimmed.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_strip_decimal_zeros() {
        assert_eq!(strip_decimal_zeros("12.3400"), "12.34");
        assert_eq!(strip_decimal_zeros("5.000"), "5");
        assert_eq!(strip_decimal_zeros("100"), "100");
        assert_eq!(strip_decimal_zeros("100.00"), "100");
        assert_eq!(strip_decimal_zeros("0.50"), "0.5");
        assert_eq!(strip_decimal_zeros("007.10"), "007.1");
        assert_eq!(strip_decimal_zeros("-3.0"), "-3");
    }

}
