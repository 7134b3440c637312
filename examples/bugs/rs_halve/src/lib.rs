//! Checked integer division.

/// `numerator / denominator`, or `None` when dividing by zero.
pub fn divide(numerator: i64, denominator: i64) -> Option<i64> {
    if denominator == 0 {
        return None;
    }
    Some(numerator / denominator)
}

/// Half of `value`, rounded towards zero.
pub fn halve(value: i64) -> Option<i64> {
    divide(2, value)
}
