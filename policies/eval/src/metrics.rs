//! Metrics as plain functions over outcomes.

use serde::{Deserialize, Serialize};

/// Precision, recall and F1 of a binary decision ("call a tool"), plus AUROC of the score
/// behind it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct BinaryMetrics {
    pub precision: f64,
    pub recall: f64,
    pub f1: f64,
    pub auroc: f64,
    pub accuracy: f64,
    pub n: usize,
}

/// Metrics of `decisions` against `labels`; `scores` (higher = more likely positive) feed
/// AUROC. Precision with no positive decision is 0, as is recall with no positive label.
pub fn binary_metrics(labels: &[bool], decisions: &[bool], scores: &[f64]) -> BinaryMetrics {
    let (mut tp, mut fp, mut fn_, mut tn) = (0usize, 0usize, 0usize, 0usize);
    for (&label, &decision) in labels.iter().zip(decisions) {
        match (label, decision) {
            (true, true) => tp += 1,
            (false, true) => fp += 1,
            (true, false) => fn_ += 1,
            (false, false) => tn += 1,
        }
    }
    let ratio = |a: usize, b: usize| if b == 0 { 0.0 } else { a as f64 / b as f64 };
    let precision = ratio(tp, tp + fp);
    let recall = ratio(tp, tp + fn_);
    let f1 = if precision + recall == 0.0 {
        0.0
    } else {
        2.0 * precision * recall / (precision + recall)
    };
    BinaryMetrics {
        precision,
        recall,
        f1,
        auroc: auroc(labels, scores),
        accuracy: ratio(tp + tn, labels.len()),
        n: labels.len(),
    }
}

/// Area under the ROC curve: the probability that a random positive scores above a random
/// negative, ties counting half (Mann–Whitney with average ranks). 0.5 when either class is
/// missing.
pub fn auroc(labels: &[bool], scores: &[f64]) -> f64 {
    let mut pairs: Vec<(f64, bool)> = scores.iter().copied().zip(labels.iter().copied()).collect();
    let positives = pairs.iter().filter(|p| p.1).count();
    let negatives = pairs.len() - positives;
    if positives == 0 || negatives == 0 {
        return 0.5;
    }
    pairs.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut rank_sum_positive = 0.0;
    let mut i = 0;
    while i < pairs.len() {
        let mut j = i;
        while j + 1 < pairs.len() && pairs[j + 1].0 == pairs[i].0 {
            j += 1;
        }
        // Ranks i+1..=j+1 share their average.
        let average_rank = (i + j + 2) as f64 / 2.0;
        rank_sum_positive += average_rank * pairs[i..=j].iter().filter(|p| p.1).count() as f64;
        i = j + 1;
    }
    let p = positives as f64;
    (rank_sum_positive - p * (p + 1.0) / 2.0) / (p * negatives as f64)
}

/// Fraction of `gold` found among the first `k` of `ranked`.
pub fn recall_at_k(ranked: &[&str], gold: &[String], k: usize) -> f64 {
    if gold.is_empty() {
        return 0.0;
    }
    let top = &ranked[..ranked.len().min(k)];
    gold.iter().filter(|g| top.contains(&g.as_str())).count() as f64 / gold.len() as f64
}

/// NDCG@k with binary relevance; a gold item counts once even if it appears twice.
pub fn ndcg_at_k(ranked: &[&str], gold: &[String], k: usize) -> f64 {
    if gold.is_empty() {
        return 0.0;
    }
    let mut seen: Vec<&str> = Vec::new();
    let mut dcg = 0.0;
    for (i, item) in ranked.iter().take(k).enumerate() {
        if gold.iter().any(|g| g == item) && !seen.contains(item) {
            seen.push(item);
            dcg += 1.0 / ((i + 2) as f64).log2();
        }
    }
    let ideal: f64 = (0..gold.len().min(k))
        .map(|i| 1.0 / ((i + 2) as f64).log2())
        .sum();
    dcg / ideal
}

pub fn mean(values: &[f64]) -> f64 {
    if values.is_empty() {
        0.0
    } else {
        values.iter().sum::<f64>() / values.len() as f64
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    #[test]
    fn precision_recall_f1_by_hand() {
        let labels = [true, true, false, false];
        let decisions = [true, false, true, false];
        let m = binary_metrics(&labels, &decisions, &[0.9, 0.2, 0.8, 0.1]);
        assert_eq!(
            (m.precision, m.recall, m.f1, m.accuracy),
            (0.5, 0.5, 0.5, 0.5)
        );
        assert_eq!(m.auroc, 0.75);
    }

    #[test]
    fn never_deciding_scores_zero_not_nan() {
        let m = binary_metrics(&[true, false], &[false, false], &[0.0, 0.0]);
        assert_eq!((m.precision, m.recall, m.f1), (0.0, 0.0, 0.0));
        assert_eq!(m.auroc, 0.5);
    }

    #[test]
    fn auroc_perfect_inverted_and_tied() {
        let labels = [true, false, true, false];
        assert_eq!(auroc(&labels, &[0.9, 0.1, 0.8, 0.2]), 1.0);
        assert_eq!(auroc(&labels, &[0.1, 0.9, 0.2, 0.8]), 0.0);
        assert_eq!(auroc(&labels, &[0.5; 4]), 0.5);
    }

    #[test]
    fn ranking_metrics() {
        let gold = vec!["b".to_string()];
        let ranked = ["a", "b", "c"];
        assert_eq!(recall_at_k(&ranked, &gold, 1), 0.0);
        assert_eq!(recall_at_k(&ranked, &gold, 5), 1.0);
        assert!((ndcg_at_k(&ranked, &gold, 5) - 1.0 / 3f64.log2()).abs() < 1e-12);
        let two = vec!["a".to_string(), "c".to_string()];
        assert_eq!(recall_at_k(&ranked, &two, 1), 0.5);
        assert_eq!(ndcg_at_k(&["a", "c"], &two, 5), 1.0);
    }
}
