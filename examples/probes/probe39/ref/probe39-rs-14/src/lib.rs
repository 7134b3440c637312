#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return the fiscal year of a date written as the integer YYYYMMDD, for
fiscal years that start on the first day of start_month (1..=12). A fiscal
year is named after the calendar year in which it ends, so with
start_month 10 the date 20231015 is in fiscal year 2024. With start_month
1 the fiscal year is the calendar year.
fiscal_year(20231015, 10) == 2024
fiscal_year(20230930, 10) == 2023
fiscal_year(20230615, 1) == 2023
*/
fn fiscal_year(date: i32, start_month: i32) -> i32 {
    let year = date / 10000;
    let month = date / 100 % 100;
    if start_month > 1 && month >= start_month {
        year + 1
    } else {
        year
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_fiscal_year() {
        assert_eq!(fiscal_year(20231015, 10), 2024);
        assert_eq!(fiscal_year(20230930, 10), 2023);
        assert_eq!(fiscal_year(20230615, 1), 2023);
        assert_eq!(fiscal_year(20240101, 4), 2024);
        assert_eq!(fiscal_year(20240401, 4), 2025);
        assert_eq!(fiscal_year(20241231, 1), 2024);
        assert_eq!(fiscal_year(20241231, 12), 2025);
    }

}
