#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Times of day are written as integers HHMM (930 is 09:30, 2215 is 22:15).
Return the number of minutes from the time `from` forward to the time `to`,
going past midnight when `to` is earlier in the day than `from`. Equal times
give 0.
hhmm_diff(930, 1045) == 75
hhmm_diff(2330, 15) == 45
hhmm_diff(800, 800) == 0
*/
fn hhmm_diff(from: u32, to: u32) -> u32 {
    let start = from / 100 * 60 + from % 100;
    let end = to / 100 * 60 + to % 100;
    if end > start {
        end - start
    } else {
        end + 24 * 60 - start
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_hhmm_diff() {
        assert_eq!(hhmm_diff(930, 1045), 75);
        assert_eq!(hhmm_diff(2330, 15), 45);
        assert_eq!(hhmm_diff(800, 800), 0);
        assert_eq!(hhmm_diff(0, 2359), 1439);
        assert_eq!(hhmm_diff(1200, 1159), 1439);
        assert_eq!(hhmm_diff(1759, 1801), 2);
        assert_eq!(hhmm_diff(0, 0), 0);
    }

}
