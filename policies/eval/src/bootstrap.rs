//! Paired bootstrap for A/B decisions between two policy editions on the same items.
//!
//! Items are resampled with replacement; each resample scores A and B on the same draw, so the
//! spread of B − A reflects which items were drawn, not noise between two separate samples.

use serde::{Deserialize, Serialize};

use super::rng::SplitMix64;

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct BootstrapOutcome {
    /// Metric of A and B on all items.
    pub a: f64,
    pub b: f64,
    /// B − A on all items.
    pub improvement: f64,
    /// 2.5th and 97.5th percentiles of B − A over the resamples.
    pub lower: f64,
    pub upper: f64,
    pub resamples: usize,
    pub seed: u64,
    /// B is accepted only when even the lower bound is an improvement.
    pub accept_b: bool,
}

/// Run the bootstrap. `metric` computes the metric from a multiset of item indices for one
/// side (0 = A, 1 = B); it must be the same function for both sides.
pub fn paired_bootstrap(
    n: usize,
    resamples: usize,
    seed: u64,
    metric: &dyn Fn(usize, &[usize]) -> f64,
) -> BootstrapOutcome {
    let all: Vec<usize> = (0..n).collect();
    let a = metric(0, &all);
    let b = metric(1, &all);
    let mut rng = SplitMix64::new(seed);
    let mut diffs: Vec<f64> = Vec::with_capacity(resamples);
    let mut draw = vec![0usize; n];
    for _ in 0..resamples {
        for slot in draw.iter_mut() {
            *slot = rng.below(n);
        }
        diffs.push(metric(1, &draw) - metric(0, &draw));
    }
    diffs.sort_by(f64::total_cmp);
    let percentile = |p: f64| -> f64 {
        if diffs.is_empty() {
            return 0.0;
        }
        let at = ((diffs.len() - 1) as f64 * p).round() as usize;
        diffs[at.min(diffs.len() - 1)]
    };
    let lower = percentile(0.025);
    let upper = percentile(0.975);
    BootstrapOutcome {
        a,
        b,
        improvement: b - a,
        lower,
        upper,
        resamples,
        seed,
        accept_b: n > 0 && resamples > 0 && lower > 0.0,
    }
}

/// Metric over a draw: the mean of per-item values (for recall@k, accuracy and the like).
pub fn mean_over(values: &[f64], draw: &[usize]) -> f64 {
    if draw.is_empty() {
        return 0.0;
    }
    draw.iter().map(|&i| values[i]).sum::<f64>() / draw.len() as f64
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    #[test]
    fn identical_editions_are_never_accepted() {
        let values: Vec<f64> = (0..200).map(|i| f64::from(i % 3 == 0)).collect();
        let out = paired_bootstrap(values.len(), 1000, 42, &|_, d| mean_over(&values, d));
        assert_eq!(out.improvement, 0.0);
        assert_eq!((out.lower, out.upper), (0.0, 0.0));
        assert!(!out.accept_b);
    }

    #[test]
    fn a_clear_improvement_is_accepted_and_a_noisy_one_is_not() {
        let a: Vec<f64> = (0..300).map(|i| f64::from(i % 2 == 0)).collect();
        let better: Vec<f64> = (0..300)
            .map(|i| f64::from(i % 2 == 0 || i % 5 == 0))
            .collect();
        let out = paired_bootstrap(300, 1000, 1, &|side, d| {
            mean_over(if side == 0 { &a } else { &better }, d)
        });
        assert!(out.lower > 0.0 && out.accept_b, "{out:?}");
        // One extra success in 300 is within noise.
        let mut barely = a.clone();
        barely[1] = 1.0;
        let out = paired_bootstrap(300, 1000, 1, &|side, d| {
            mean_over(if side == 0 { &a } else { &barely }, d)
        });
        assert!(!out.accept_b, "{out:?}");
        // Worse is rejected.
        let out = paired_bootstrap(300, 1000, 1, &|side, d| {
            mean_over(if side == 0 { &better } else { &a }, d)
        });
        assert!(out.improvement < 0.0 && !out.accept_b);
    }

    #[test]
    fn fixed_seed_is_reproducible() {
        let v: Vec<f64> = (0..50).map(|i| f64::from(i % 7 == 0)).collect();
        let w: Vec<f64> = (0..50).map(|i| f64::from(i % 5 == 0)).collect();
        let run = || {
            paired_bootstrap(50, 500, 9, &|s, d| {
                mean_over(if s == 0 { &v } else { &w }, d)
            })
        };
        assert_eq!(run(), run());
    }
}
