#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
 Return the number of days from date `a` to date `b` in the Gregorian calendar,
 negative if `b` is before `a` and 0 for the same date (from January 1st to
 January 2nd is 1 day). Dates are (year, month, day) tuples with positive years.
 days_between((2024, 1, 1), (2025, 1, 1)) == 366
*/
fn days_between(a: (i32, u32, u32), b: (i32, u32, u32)) -> i64 {
    fn day_number(date: (i32, u32, u32)) -> i64 {
        let (year, month, day) = date;
        let (y, m) = if month <= 2 {
            (year as i64 - 1, month as i64 + 12)
        } else {
            (year as i64, month as i64)
        };
        365 * y + y / 4 - y / 100 + y / 400 + (153 * (m - 3) + 2) / 5 + day as i64
    }
    day_number(b) - day_number(a)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_days_between() {
        assert!(days_between((2024, 5, 5), (2024, 5, 5)) == 0);
        assert!(days_between((2024, 1, 1), (2024, 1, 2)) == 1);
        assert!(days_between((2024, 1, 2), (2024, 1, 1)) == -1);
        assert!(days_between((2023, 1, 1), (2024, 1, 1)) == 365);
        assert!(days_between((2024, 1, 1), (2025, 1, 1)) == 366);
        assert!(days_between((2000, 2, 28), (2000, 3, 1)) == 2);
        assert!(days_between((1900, 2, 28), (1900, 3, 1)) == 1);
        assert!(days_between((1999, 12, 31), (2000, 1, 1)) == 1);
        assert!(days_between((2020, 5, 17), (2023, 8, 9)) == 1179);
    }

}
