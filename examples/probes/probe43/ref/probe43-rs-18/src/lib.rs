#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Months (1 to 12) of the given year, in order, whose 13th day falls on a
Friday, in the proleptic Gregorian calendar.
friday_13ths(2026) == [2, 3, 11]
*/
fn friday_13ths(year: i32) -> Vec<u32> {
    let t = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4];
    let mut months = Vec::new();
    for m in 1..=12u32 {
        let y = if m < 3 { year - 1 } else { year };
        let dow = (y + y / 4 - y / 100 + y / 400 + t[(m - 1) as usize] + 13) % 7;
        if dow == 5 {
            months.push(m);
        }
    }
    months
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_friday_13ths() {
        assert_eq!(friday_13ths(2026), vec![2, 3, 11]);
        assert_eq!(friday_13ths(2024), vec![9, 12]);
        assert_eq!(friday_13ths(2012), vec![1, 4, 7]);
        assert_eq!(friday_13ths(2015), vec![2, 3, 11]);
        assert_eq!(friday_13ths(2016), vec![5]);
        assert_eq!(friday_13ths(2000), vec![10]);
    }

}
