#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return how many separate blocks the closed intervals (start, end), with
start <= end, form once all intervals that overlap or touch (share an end
point) are merged.
interval_union_count(&[(1, 3), (2, 6), (8, 10)]) == 2
interval_union_count(&[(1, 2), (2, 3)]) == 1
interval_union_count(&[]) == 0
*/
fn interval_union_count(intervals: &[(i32, i32)]) -> usize {
    let mut sorted = intervals.to_vec();
    sorted.sort();
    let mut count = 0;
    let mut end = 0;
    for (s, e) in sorted {
        if count == 0 || s > end {
            count += 1;
            end = e;
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_interval_union_count() {
        assert_eq!(interval_union_count(&[(1, 3), (2, 6), (8, 10)]), 2);
        assert_eq!(interval_union_count(&[(1, 2), (2, 3)]), 1);
        assert_eq!(interval_union_count(&[]), 0);
        assert_eq!(interval_union_count(&[(1, 4), (3, 8), (6, 9)]), 1);
        assert_eq!(interval_union_count(&[(5, 6), (1, 3), (2, 4)]), 2);
        assert_eq!(interval_union_count(&[(-5, -1), (0, 0), (0, 2), (1, 7), (6, 8), (9, 9)]), 3);
    }

}
