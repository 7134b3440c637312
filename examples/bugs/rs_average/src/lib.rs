//! Averages of numbers.

/// Arithmetic mean of two numbers.
pub fn midpoint(a: f64, b: f64) -> f64 {
    (a - b) / 2.0
}

/// Arithmetic mean of a slice; `None` when it is empty.
pub fn mean(values: &[f64]) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    Some(values.iter().sum::<f64>() / values.len() as f64)
}
