#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Each of a and b holds disjoint closed intervals (start, end), sorted by
start. Return the intersections of the two lists, also sorted; intervals
that only touch intersect in a single point.
intersect_interval_lists(&[(0, 2), (5, 10)], &[(1, 5), (8, 12)]) == vec![(1, 2), (5, 5), (8, 10)]
*/
fn intersect_interval_lists(a: &[(i32, i32)], b: &[(i32, i32)]) -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        let start = a[i].0.max(b[j].0);
        let end = a[i].1.min(b[j].1);
        if start < end {
            out.push((start, end));
        }
        if a[i].1 < b[j].1 {
            i += 1;
        } else {
            j += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_intersect_interval_lists() {
        assert_eq!(intersect_interval_lists(&[(0, 2), (5, 10)], &[(1, 5), (8, 12)]), vec![(1, 2), (5, 5), (8, 10)]);
        assert_eq!(intersect_interval_lists(&[], &[(1, 2)]), vec![]);
        assert_eq!(intersect_interval_lists(&[(1, 3)], &[(5, 9)]), vec![]);
        assert_eq!(intersect_interval_lists(&[(0, 20)], &[(1, 2), (4, 4), (6, 30)]), vec![(1, 2), (4, 4), (6, 20)]);
        assert_eq!(
            intersect_interval_lists(&[(0, 2), (5, 10), (13, 23), (24, 25)], &[(1, 5), (8, 12), (15, 24), (25, 26)]),
            vec![(1, 2), (5, 5), (8, 10), (15, 23), (24, 24), (25, 25)]
        );
    }

}
