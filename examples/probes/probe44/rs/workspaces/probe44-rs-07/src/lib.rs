#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Percentile with linear interpolation between the closest ranks (numpy's
default method). p goes from 0 to 100. On the sorted data the rank is
p / 100 * (n - 1), and the result lies between the values at floor(rank) and
ceil(rank) in proportion to the fractional part of the rank. Returns None for
empty input or p outside 0..=100.

    percentile(&[15.0, 20.0, 35.0, 40.0, 50.0], 40.0) == Some(29.0)
*/
pub fn percentile(values: &[f64], p: f64) -> Option<f64> {
    if values.is_empty() || !(0.0..=100.0).contains(&p) {
        return None;
    }
    let mut sorted = values.to_vec();
    sorted.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let rank = p / 100.0 * (sorted.len() - 1) as f64;
    let lo = rank.floor() as usize;
    let hi = rank.ceil() as usize;
    let frac = rank - hi as f64;
    Some(sorted[lo] + (sorted[hi] - sorted[lo]) * frac)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_percentile() {
        let close = |a: Option<f64>, b: f64| a.map_or(false, |x| (x - b).abs() < 1e-9);
        assert!(close(percentile(&[15.0, 20.0, 35.0, 40.0, 50.0], 40.0), 29.0));
        assert!(close(percentile(&[3.0, 1.0, 2.0], 50.0), 2.0));
        assert!(close(percentile(&[10.0, 20.0], 25.0), 12.5));
        assert!(close(percentile(&[7.0], 90.0), 7.0));
        assert!(close(percentile(&[4.0, 1.0, 3.0, 2.0], 100.0), 4.0));
        assert_eq!(percentile(&[], 50.0), None);
        assert_eq!(percentile(&[1.0], 101.0), None);
    }

}
