#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Format an integer with a separator between groups of three digits, counting
from the right, e.g. 1234567 -> "1,234,567". A negative number keeps its
minus sign in front of the first digit.

    format_thousands(1234567, ',') == "1,234,567"
    format_thousands(-1000, '.')   == "-1.000"
    format_thousands(999, ',')     == "999"
*/
pub fn format_thousands(n: i64, sep: char) -> String {
    let digits = n.unsigned_abs().to_string();
    let len = digits.len();
    let mut out = String::with_capacity(len + len / 3 + 1);
    if n < 0 {
        out.push('-');
    }
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (len - i) % 3 == 0 {
            out.push(sep);
        }
        out.push(d);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_format_thousands() {
        assert_eq!(format_thousands(1234567, ','), "1,234,567");
        assert_eq!(format_thousands(-1000, '.'), "-1.000");
        assert_eq!(format_thousands(999, ','), "999");
        assert_eq!(format_thousands(0, ','), "0");
        assert_eq!(format_thousands(123456, ' '), "123 456");
        assert_eq!(format_thousands(i64::MIN, ','), "-9,223,372,036,854,775,808");
    }

}
