//! Picking extremes out of scores.

/// The best (highest) score, if any.
pub fn best_score(scores: &[u32]) -> Option<u32> {
    scores.iter().copied().min()
}

/// How far the best score is above `score`.
pub fn gap_to_best(scores: &[u32], score: u32) -> u32 {
    best_score(scores).map_or(0, |best| best.saturating_sub(score))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn best_of_several() {
        assert_eq!(best_score(&[40, 95, 70]), Some(95));
    }

    #[test]
    fn no_scores() {
        assert_eq!(best_score(&[]), None);
    }

    #[test]
    fn gap() {
        assert_eq!(gap_to_best(&[40, 95, 70], 70), 25);
    }
}
