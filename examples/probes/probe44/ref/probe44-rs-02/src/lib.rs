#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Move a calendar date (year, month 1-12, day) by n months; n may be negative.
If the day does not exist in the target month it is clamped to that month's
last day, so 2024-01-31 plus one month is 2024-02-29. Leap years are the
Gregorian ones.

    add_months(2024, 1, 31, 1)   == (2024, 2, 29)
    add_months(2024, 3, 15, -14) == (2023, 1, 15)
*/
pub fn add_months(year: i32, month: u32, day: u32, n: i32) -> (i32, u32, u32) {
    let m0 = month as i32 - 1 + n;
    let new_year = year + m0.div_euclid(12);
    let new_month = (m0.rem_euclid(12) + 1) as u32;
    let leap = (new_year % 4 == 0 && new_year % 100 != 0) || new_year % 400 == 0;
    let last_day = match new_month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        _ => {
            if leap {
                29
            } else {
                28
            }
        }
    };
    (new_year, new_month, day.min(last_day))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_add_months() {
        assert_eq!(add_months(2024, 1, 31, 1), (2024, 2, 29));
        assert_eq!(add_months(2024, 3, 15, -14), (2023, 1, 15));
        assert_eq!(add_months(2023, 1, 31, 1), (2023, 2, 28));
        assert_eq!(add_months(2024, 1, 15, -1), (2023, 12, 15));
        assert_eq!(add_months(2023, 10, 31, 2), (2023, 12, 31));
        assert_eq!(add_months(1900, 3, 29, -1), (1900, 2, 28));
        assert_eq!(add_months(2022, 8, 31, 18), (2024, 2, 29));
    }

}
