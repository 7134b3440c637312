#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
 Return the trimmed mean of the values: sort them, drop the `trim` smallest and
 the `trim` largest, and return the mean of the values that are left. Return None
 if no value is left.
 trimmed_mean(&[1.0, 2.0, 3.0, 4.0, 100.0], 1) == Some(3.0)
*/
fn trimmed_mean(values: &[f64], trim: usize) -> Option<f64> {
    if values.len() <= 2 * trim {
        return None;
    }
    let mut sorted = values.to_vec();
    sorted.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let kept = &sorted[trim..sorted.len() - trim];
    let sum: f64 = kept.iter().sum();
    Some(sum / values.len() as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_trimmed_mean() {
        assert!(trimmed_mean(&[1.0, 2.0, 3.0, 4.0, 100.0], 1) == Some(3.0));
        assert!(trimmed_mean(&[5.0], 0) == Some(5.0));
        assert!(trimmed_mean(&[1.0, 2.0], 1) == None);
        assert!(trimmed_mean(&[], 0) == None);
        assert!(trimmed_mean(&[4.0, 1.0, 3.0, 2.0], 1) == Some(2.5));
        assert!(trimmed_mean(&[10.0, 0.0, 5.0, 5.0, 5.0, 20.0], 2) == Some(5.0));
        assert!(trimmed_mean(&[2.0, 4.0, 6.0], 0) == Some(4.0));
    }

}
