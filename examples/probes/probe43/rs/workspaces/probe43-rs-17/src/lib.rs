#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Days from today = (year, month, day) until the next birthday falling on
birthday = (month, day), 0 when today is the birthday. A 29 February
birthday is kept on 28 February in common years.
days_until_birthday((2024, 6, 1), (6, 10)) == 9
*/
fn is_leap(y: i32) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

fn day_number(y: i32, m: u32, d: u32) -> i64 {
    let (y, m) = if m <= 2 { (y as i64 - 1, m as i64 + 12) } else { (y as i64, m as i64) };
    365 * y + y / 4 - y / 100 + y / 400 + (153 * (m - 3) + 2) / 5 + d as i64
}

fn days_until_birthday(today: (i32, u32, u32), birthday: (u32, u32)) -> i64 {
    let (ty, tm, td) = today;
    let (bm, bd) = birthday;
    let mut year = ty;
    let mut day = bd;
    if bm == 2 && bd == 29 && !is_leap(year) {
        day = 28;
    }
    if (bm, day) < (tm, td) {
        year += 1;
        day = bd;
    }
    day_number(year, bm, day) - day_number(ty, tm, td)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_days_until_birthday() {
        assert_eq!(days_until_birthday((2024, 6, 1), (6, 10)), 9);
        assert_eq!(days_until_birthday((2024, 6, 10), (6, 10)), 0);
        assert_eq!(days_until_birthday((2024, 6, 11), (6, 10)), 364);
        assert_eq!(days_until_birthday((2023, 12, 31), (1, 1)), 1);
        assert_eq!(days_until_birthday((2024, 3, 1), (2, 29)), 364);
        assert_eq!(days_until_birthday((2023, 3, 1), (2, 29)), 365);
        assert_eq!(days_until_birthday((2023, 2, 28), (2, 29)), 0);
        assert_eq!(days_until_birthday((2024, 2, 28), (2, 29)), 1);
    }

}
