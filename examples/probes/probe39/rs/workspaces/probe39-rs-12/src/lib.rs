#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Add n months (n may be negative) to a date written as the integer YYYYMMDD.
If the day does not exist in the resulting month, the last day of that
month is used instead (leap years follow the Gregorian rules).
add_months(20240131, 1) == 20240229
add_months(20230315, -3) == 20221215
add_months(20231130, 3) == 20240229
add_months(20240510, 0) == 20240510
*/
fn add_months(date: i32, n: i32) -> i32 {
    let (year, month, day) = (date / 10000, date / 100 % 100, date % 100);
    let total = year * 12 + (month - 1) + n;
    let (new_year, new_month) = (total.div_euclid(12), total.rem_euclid(12) + 1);
    let leap = (new_year % 4 == 0 && new_year % 100 != 0) || new_year % 400 == 0;
    let last = match new_month {
        2 => if leap { 29 } else { 28 },
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    };
    new_year * 10000 + new_month * 100 + day
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_add_months() {
        assert_eq!(add_months(20240131, 1), 20240229);
        assert_eq!(add_months(20230315, -3), 20221215);
        assert_eq!(add_months(20231130, 3), 20240229);
        assert_eq!(add_months(20240510, 0), 20240510);
        assert_eq!(add_months(20240229, 12), 20250228);
        assert_eq!(add_months(20240831, 1), 20240930);
        assert_eq!(add_months(20240115, -1), 20231215);
    }

}
