#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return the weighted mean of values, where weights[i] is the weight of
values[i] and both slices have the same length. Return None when the
weights add up to zero (which includes empty slices).
weighted_mean(&[1.0, 2.0, 3.0], &[3.0, 1.0, 0.0]) == Some(1.25)
weighted_mean(&[5.0], &[2.0]) == Some(5.0)
weighted_mean(&[], &[]) == None
*/
fn weighted_mean(values: &[f64], weights: &[f64]) -> Option<f64> {
    let mut total = 0.0;
    let mut weight_sum = 0.0;
    for (v, w) in values.iter().zip(weights) {
        total += v * w;
        weight_sum += w;
    }
    if weight_sum == 0.0 {
        return None;
    }
    Some(total / weight_sum)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_weighted_mean() {
        assert_eq!(weighted_mean(&[5.0], &[2.0]), Some(5.0));
        assert_eq!(weighted_mean(&[1.0, 2.0, 3.0], &[3.0, 1.0, 0.0]), Some(1.25));
        assert_eq!(weighted_mean(&[], &[]), None);
        assert_eq!(weighted_mean(&[4.0, 8.0], &[0.0, 0.0]), None);
        assert_eq!(weighted_mean(&[2.0, 4.0], &[1.0, 1.0]), Some(3.0));
        assert_eq!(weighted_mean(&[10.0, 20.0, 30.0], &[0.5, 0.25, 0.25]), Some(17.5));
    }

}
