//! Right triangles for the carpentry calculator.

/// Length of the hypotenuse of a right triangle with legs `a` and `b`.
pub fn hypotenuse(a: f64, b: f64) -> f64 {
    a * a + b * b
}

/// Whether three lengths form a right triangle (up to rounding).
pub fn is_right(a: f64, b: f64, c: f64) -> bool {
    (a * a + b * b - c * c).abs() < 1e-9
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_four_five() {
        assert_eq!(hypotenuse(3.0, 4.0), 5.0);
    }

    #[test]
    fn five_twelve_thirteen() {
        assert_eq!(hypotenuse(5.0, 12.0), 13.0);
    }

    #[test]
    fn right_triangle() {
        assert!(is_right(3.0, 4.0, 5.0));
        assert!(!is_right(3.0, 4.0, 6.0));
    }
}
