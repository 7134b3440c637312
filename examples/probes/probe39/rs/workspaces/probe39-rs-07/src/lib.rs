#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Write n in decimal, with zeros inserted after the sign so that the whole
text (the sign included) is at least width characters long.
pad_number(42, 5) == "00042"
pad_number(-42, 5) == "-0042"
pad_number(12345, 3) == "12345"
*/
fn pad_number(n: i64, width: usize) -> String {
    let digits = n.unsigned_abs().to_string();
    let sign = if n < 0 { "-" } else { "" };
    let fill = width.saturating_sub(digits.len());
    format!("{}{}{}", sign, "0".repeat(fill), digits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_pad_number() {
        assert_eq!(pad_number(42, 5), "00042");
        assert_eq!(pad_number(-42, 5), "-0042");
        assert_eq!(pad_number(12345, 3), "12345");
        assert_eq!(pad_number(0, 3), "000");
        assert_eq!(pad_number(-7, 2), "-7");
        assert_eq!(pad_number(-7, 1), "-7");
        assert_eq!(pad_number(i64::MIN, 1), "-9223372036854775808");
        assert_eq!(pad_number(5, 0), "5");
    }

}
