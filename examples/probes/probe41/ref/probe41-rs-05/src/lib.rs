#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return the largest sum of k consecutive values, or None when k is 0 or
greater than the number of values.
best_window_sum(&[1, 4, 2, 10, 2, 3, 1, 0, 20], 4) == Some(24)
best_window_sum(&[-3, -1, -2], 2) == Some(-3)
best_window_sum(&[5], 2) == None
*/
fn best_window_sum(values: &[i64], k: usize) -> Option<i64> {
    if k == 0 || k > values.len() {
        return None;
    }
    let mut sum: i64 = values[..k].iter().sum();
    let mut best = sum;
    for i in k..values.len() {
        sum += values[i] - values[i - k];
        best = best.max(sum);
    }
    Some(best)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_best_window_sum() {
        assert_eq!(best_window_sum(&[1, 4, 2, 10, 2, 3, 1, 0, 20], 4), Some(24));
        assert_eq!(best_window_sum(&[-3, -1, -2], 2), Some(-3));
        assert_eq!(best_window_sum(&[5], 2), None);
        assert_eq!(best_window_sum(&[], 1), None);
        assert_eq!(best_window_sum(&[1, 2, 3], 0), None);
        assert_eq!(best_window_sum(&[1, 2, 3], 3), Some(6));
        assert_eq!(best_window_sum(&[2, -1, 2, 3, -9], 1), Some(3));
        assert_eq!(best_window_sum(&[0, 0, 5, 0, 0], 2), Some(5));
    }

}
