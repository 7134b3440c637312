//! Scaling amounts from one number of servings to another.

/// Amount needed for `to_servings` when `qty` feeds `from_servings`.
///
/// Panics if `from_servings` is zero.
pub fn scale_quantity(qty: f64, from_servings: u32, to_servings: u32) -> f64 {
    assert!(from_servings > 0, "a recipe must serve at least one person");
    qty * to_servings as f64 / from_servings as f64
}

/// Round to the nearest quarter, which is as fine as most
/// measuring spoons and cups go.
// FIXME: whole pieces (eggs) should round up to a whole number instead.
pub fn round_to_quarter(amount: f64) -> f64 {
    (amount * 4.0).round() / 4.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn doubles_for_twice_the_people() {
        assert_eq!(scale_quantity(1.5, 4, 8), 3.0);
    }

    #[test]
    fn shrinks_for_fewer_people() {
        assert_eq!(scale_quantity(3.0, 6, 2), 1.0);
    }

    #[test]
    fn rounds_to_quarters() {
        assert_eq!(round_to_quarter(1.13), 1.25);
        assert_eq!(round_to_quarter(0.6), 0.5);
    }
}
