#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Format an amount given in cents as dollars and cents, with exactly two digits
after the decimal point and a leading '-' for negative amounts.
format_cents(1234) == "12.34"
format_cents(-5) == "-0.05"
format_cents(700) == "7.00"
*/
fn format_cents(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let abs = cents.abs();
    format!("{}{}.{:02}", sign, abs / 100, abs % 100)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_format_cents() {
        assert_eq!(format_cents(1234), "12.34");
        assert_eq!(format_cents(-5), "-0.05");
        assert_eq!(format_cents(700), "7.00");
        assert_eq!(format_cents(0), "0.00");
        assert_eq!(format_cents(99), "0.99");
        assert_eq!(format_cents(-100000), "-1000.00");
        assert_eq!(format_cents(1001), "10.01");
    }

}
