#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Week of the month (1-based) of a date, for weeks that start on Monday:
week 1 runs from the 1st to the first Sunday, week 2 starts on the first
Monday after the 1st (unless the 1st is itself a Monday), and so on.
week_of_month(2024, 6, 2) == 1
week_of_month(2024, 6, 3) == 2
*/
fn weekday_mon0(y: i32, m: u32, d: u32) -> u32 {
    let t = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4];
    let y = if m < 3 { y - 1 } else { y };
    let w = (y + y / 4 - y / 100 + y / 400 + t[(m - 1) as usize] + d as i32) % 7;
    ((w + 6) % 7) as u32
}

fn week_of_month(year: i32, month: u32, day: u32) -> u32 {
    let first = weekday_mon0(year, month, 1);
    (day + first) / 7 + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_week_of_month() {
        assert_eq!(week_of_month(2024, 6, 2), 1);
        assert_eq!(week_of_month(2024, 6, 3), 2);
        assert_eq!(week_of_month(2024, 6, 1), 1);
        assert_eq!(week_of_month(2024, 6, 30), 5);
        assert_eq!(week_of_month(2024, 7, 1), 1);
        assert_eq!(week_of_month(2024, 7, 7), 1);
        assert_eq!(week_of_month(2024, 7, 8), 2);
        assert_eq!(week_of_month(2024, 9, 30), 6);
    }

}
