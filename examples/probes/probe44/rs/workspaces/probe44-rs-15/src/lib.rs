#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Validate and parse a date written as "YYYY-MM-DD": exactly 10 characters,
ASCII digits apart from the two dashes. Returns (year, month, day) when the
date exists in the Gregorian calendar (leap years are divisible by 4, except
centuries that are not divisible by 400), otherwise None.

    parse_iso_date("2024-02-29") == Some((2024, 2, 29))
    parse_iso_date("2023-02-29") == None
*/
pub fn parse_iso_date(s: &str) -> Option<(i32, u32, u32)> {
    let b = s.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    let digits_ok = b.iter().enumerate().all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit());
    if !digits_ok {
        return None;
    }
    let year: i32 = s[0..4].parse().ok()?;
    let month: u32 = s[5..7].parse().ok()?;
    let day: u32 = s[8..10].parse().ok()?;
    let leap = year % 4 == 0 && (year % 100 != 0 && year % 400 == 0);
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return None,
    };
    if day == 0 || day > days {
        return None;
    }
    Some((year, month, day))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_parse_iso_date() {
        assert_eq!(parse_iso_date("2024-02-29"), Some((2024, 2, 29)));
        assert_eq!(parse_iso_date("2023-02-29"), None);
        assert_eq!(parse_iso_date("2000-02-29"), Some((2000, 2, 29)));
        assert_eq!(parse_iso_date("1900-02-29"), None);
        assert_eq!(parse_iso_date("2023-04-31"), None);
        assert_eq!(parse_iso_date("2023-12-31"), Some((2023, 12, 31)));
        assert_eq!(parse_iso_date("2023-1-01"), None);
        assert_eq!(parse_iso_date("2023-00-10"), None);
    }

}
