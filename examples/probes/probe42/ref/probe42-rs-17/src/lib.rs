#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Straight-line depreciation in whole cents: the asset loses
(cost - salvage) / years (rounded down) each year, and the last year brings
it exactly to salvage. Return the book value at the end of each year;
empty when years is 0 or salvage exceeds cost.
depreciation_schedule(1000, 100, 3) == vec![700, 400, 100]
depreciation_schedule(1000, 0, 3) == vec![667, 334, 0]
*/
fn depreciation_schedule(cost: u64, salvage: u64, years: u32) -> Vec<u64> {
    if years == 0 || salvage > cost {
        return Vec::new();
    }
    let annual = (cost - salvage) / years as u64;
    let mut book = cost;
    let mut values = Vec::with_capacity(years as usize);
    for year in 1..=years {
        if year == years {
            book = salvage;
        } else {
            book -= annual;
        }
        values.push(book);
    }
    values
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_depreciation_schedule() {
        assert_eq!(depreciation_schedule(1000, 100, 3), vec![700, 400, 100]);
        assert_eq!(depreciation_schedule(1000, 0, 3), vec![667, 334, 0]);
        assert_eq!(depreciation_schedule(10, 8, 5), vec![10, 10, 10, 10, 8]);
        assert_eq!(depreciation_schedule(500, 500, 2), vec![500, 500]);
        assert_eq!(depreciation_schedule(100, 0, 0), Vec::<u64>::new());
        assert_eq!(depreciation_schedule(50, 100, 2), Vec::<u64>::new());
        assert_eq!(depreciation_schedule(7, 0, 10), vec![7, 7, 7, 7, 7, 7, 7, 7, 7, 0]);
    }

}
