#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return the median of a non-empty list of numbers: the middle value after
sorting, or the mean of the two middle values when the count is even.
median(&[3.0, 1.0, 2.0]) == 2.0
median(&[4.0, 1.0, 3.0, 2.0]) == 2.5
*/
fn median(values: &[f64]) -> f64 {
    let mut v = values.to_vec();
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        v[n / 2 - 1] + v[n / 2] / 2.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_median() {
        assert!(median(&[3.0, 1.0, 2.0]) == 2.0);
        assert!(median(&[4.0, 1.0, 3.0, 2.0]) == 2.5);
        assert!(median(&[7.5]) == 7.5);
        assert!(median(&[1.0, 9.0]) == 5.0);
        assert!(median(&[5.0, -2.0, 8.0, 0.0, 3.0]) == 3.0);
        assert!(median(&[2.0, 2.0, 4.0, 10.0]) == 3.0);
    }

}
