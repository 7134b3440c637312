#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
 Return the total length covered by the union of half-open intervals
 [start, end), given in any order; overlapping parts are counted once, and an
 interval with end <= start is empty.
 covered_length(&[(5, 8), (1, 6)]) == 7
*/
fn covered_length(intervals: &[(i32, i32)]) -> i32 {
    let mut sorted: Vec<(i32, i32)> = intervals.iter().cloned().filter(|&(s, e)| e > s).collect();
    let mut total = 0;
    let mut covered_to = i32::MIN;
    for (start, end) in sorted {
        if end <= covered_to {
            continue;
        }
        total += end - start.max(covered_to);
        covered_to = end;
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_covered_length() {
        assert!(covered_length(&[]) == 0);
        assert!(covered_length(&[(1, 3)]) == 2);
        assert!(covered_length(&[(1, 3), (2, 5)]) == 4);
        assert!(covered_length(&[(5, 8), (1, 6)]) == 7);
        assert!(covered_length(&[(1, 2), (3, 4)]) == 2);
        assert!(covered_length(&[(0, 10), (2, 3), (4, 12)]) == 12);
        assert!(covered_length(&[(4, 4), (6, 2)]) == 0);
        assert!(covered_length(&[(10, 20), (0, 5), (3, 12)]) == 20);
    }

}
