//! Vote shares for the results page.

/// The share of `votes` in `total`, as a percentage.
pub fn percentage(votes: f64, total: f64) -> f64 {
    votes / total
}

/// Whether a candidate has more than half of the votes.
pub fn has_majority(votes: f64, total: f64) -> bool {
    votes * 2.0 > total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_is_fifty_percent() {
        assert_eq!(percentage(50.0, 100.0), 50.0);
    }

    #[test]
    fn a_quarter_is_twenty_five_percent() {
        assert_eq!(percentage(1.0, 4.0), 25.0);
    }

    #[test]
    fn majority() {
        assert!(has_majority(51.0, 100.0));
        assert!(!has_majority(50.0, 100.0));
    }
}
