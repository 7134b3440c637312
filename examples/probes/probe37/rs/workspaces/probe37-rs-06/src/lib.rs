#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return the date (year, month, day) that comes n days after the given date
in the Gregorian calendar. A year is a leap year when it is divisible by 4,
except that years divisible by 100 are leap years only when they are also
divisible by 400.
date_after_days(2024, 2, 28, 1) == (2024, 2, 29)
date_after_days(2023, 12, 31, 1) == (2024, 1, 1)
*/
fn date_after_days(year: i32, month: u32, day: u32, n: u32) -> (i32, u32, u32) {
    let (mut y, mut m, mut d) = (year, month, day);
    for _ in 0..n {
        let leap = y % 4 == 0 && y % 100 != 0;
        let month_len = match m {
            2 => {
                if leap {
                    29
                } else {
                    28
                }
            }
            4 | 6 | 9 | 11 => 30,
            _ => 31,
        };
        if d < month_len {
            d += 1;
        } else {
            d = 1;
            if m == 12 {
                m = 1;
                y += 1;
            } else {
                m += 1;
            }
        }
    }
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_date_after_days() {
        assert!(date_after_days(2024, 2, 28, 1) == (2024, 2, 29));
        assert!(date_after_days(2023, 12, 31, 1) == (2024, 1, 1));
        assert!(date_after_days(2023, 2, 28, 1) == (2023, 3, 1));
        assert!(date_after_days(1900, 2, 28, 1) == (1900, 3, 1));
        assert!(date_after_days(2000, 2, 28, 1) == (2000, 2, 29));
        assert!(date_after_days(2024, 1, 1, 0) == (2024, 1, 1));
        assert!(date_after_days(2024, 1, 1, 366) == (2025, 1, 1));
        assert!(date_after_days(2000, 1, 1, 60) == (2000, 3, 1));
        assert!(date_after_days(2021, 4, 30, 1) == (2021, 5, 1));
    }

}
