//! Sums of integer ranges.

/// 1 + 2 + ... + n.
pub fn sum_to(n: u64) -> u64 {
    (1..n).sum()
}

/// Sum of the squares 1² + ... + n².
pub fn sum_of_squares(n: u64) -> u64 {
    (1..=n).map(|k| k * k).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sum_to_zero_is_zero() {
        assert_eq!(sum_to(0), 0);
    }

    #[test]
    fn sum_to_ten() {
        assert_eq!(sum_to(10), 55);
    }

    #[test]
    fn squares() {
        assert_eq!(sum_of_squares(3), 14);
    }
}
