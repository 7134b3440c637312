#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Pearson correlation coefficient of two samples, using the first n pairs
where n is the shorter length. Returns 0.0 when there are fewer than two
pairs or when either sample has zero variance.
pearson_correlation(&[1.0, 2.0, 3.0], &[2.0, 4.0, 6.0]) == 1.0
*/
fn pearson_correlation(xs: &[f64], ys: &[f64]) -> f64 {
    let n = xs.len().min(ys.len());
    if n < 2 {
        return 0.0;
    }
    let mx = xs[..n].iter().sum::<f64>() / n as f64;
    let my = ys[..n].iter().sum::<f64>() / n as f64;
    let mut sxy = 0.0;
    let mut sxx = 0.0;
    let mut syy = 0.0;
    for i in 0..n {
        let dx = xs[i] - mx;
        let dy = ys[i] - my;
        sxy += dx * dy;
        sxx += dx * dx;
        syy += dy * dy;
    }
    if sxx == 0.0 || syy == 0.0 {
        return 0.0;
    }
    sxy / (sxx * syy).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_pearson_correlation() {
        let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
        assert!(close(pearson_correlation(&[1.0, 2.0, 3.0], &[2.0, 4.0, 6.0]), 1.0));
        assert!(close(pearson_correlation(&[1.0, 2.0, 3.0], &[3.0, 2.0, 1.0]), -1.0));
        assert!(close(pearson_correlation(&[1.0, 2.0, 3.0, 4.0], &[1.0, 3.0, 2.0, 4.0]), 0.8));
        assert_eq!(pearson_correlation(&[1.0], &[2.0]), 0.0);
        assert_eq!(pearson_correlation(&[1.0, 2.0, 3.0], &[5.0, 5.0, 5.0]), 0.0);
        assert_eq!(pearson_correlation(&[4.0, 4.0], &[1.0, 9.0]), 0.0);
        assert!(close(pearson_correlation(&[1.0, 2.0, 3.0, 99.0], &[2.0, 4.0, 6.0]), 1.0));
    }

}
