#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Percentile rank of x among values: the percentage of values below x, where
values equal to x count as half, rounded to one decimal. An empty list
gives 0.0.
percentile_rank(&[1, 2, 3, 4], 3) == 62.5
percentile_rank(&[10, 20, 30], 25) == 66.7
*/
fn percentile_rank(values: &[i64], x: i64) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    let mut below = 0;
    let mut equal = 0;
    for &v in values {
        if v <= x {
            below += 1;
        } else if v == x {
            equal += 1;
        }
    }
    let pct = 100.0 * (below as f64 + 0.5 * equal as f64) / values.len() as f64;
    (pct * 10.0).round() / 10.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_percentile_rank() {
        assert_eq!(percentile_rank(&[1, 2, 3, 4], 3), 62.5);
        assert_eq!(percentile_rank(&[10, 20, 30], 25), 66.7);
        assert_eq!(percentile_rank(&[], 5), 0.0);
        assert_eq!(percentile_rank(&[5, 5, 5, 5], 5), 50.0);
        assert_eq!(percentile_rank(&[1, 2, 3], 0), 0.0);
        assert_eq!(percentile_rank(&[3, 1, 2], 9), 100.0);
    }

}
