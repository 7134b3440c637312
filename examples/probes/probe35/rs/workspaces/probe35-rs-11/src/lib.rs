#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
 Return the moving averages of `values` over a sliding window of `window`
 consecutive values: the mean of values[0..window], then of values[1..window+1],
 and so on, len - window + 1 averages in all. Return an empty list if window is 0
 or larger than the number of values.
 moving_average(&[1.0, 2.0, 3.0, 4.0, 5.0], 2) == vec![1.5, 2.5, 3.5, 4.5]
*/
fn moving_average(values: &[f64], window: usize) -> Vec<f64> {
    if window == 0 || window > values.len() {
        return Vec::new();
    }
    values
        .chunks(window)
        .map(|w| w.iter().sum::<f64>() / window as f64)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_moving_average() {
        assert!(moving_average(&[1.0, 2.0, 3.0, 4.0, 5.0], 2) == vec![1.5, 2.5, 3.5, 4.5]);
        assert!(moving_average(&[1.0, 2.0, 3.0], 3) == vec![2.0]);
        assert!(moving_average(&[1.0, 2.0], 3) == Vec::<f64>::new());
        assert!(moving_average(&[4.0, 8.0], 0) == Vec::<f64>::new());
        assert!(moving_average(&[2.0, 4.0, 6.0, 8.0], 1) == vec![2.0, 4.0, 6.0, 8.0]);
        assert!(moving_average(&[10.0, 20.0, 30.0, 40.0], 3) == vec![20.0, 30.0]);
    }

}
