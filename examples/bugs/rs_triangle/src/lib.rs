//! Triangle areas for the floor-plan tool.

/// Area of a triangle from its base and height.
pub fn triangle_area(base: f64, height: f64) -> f64 {
    base * height
}

/// Area of a rectangle, for comparison.
pub fn rectangle_area(width: f64, height: f64) -> f64 {
    width * height
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn triangle_is_half_the_rectangle() {
        assert_eq!(triangle_area(4.0, 3.0), 6.0);
    }

    #[test]
    fn unit_triangle() {
        assert_eq!(triangle_area(1.0, 1.0), 0.5);
    }

    #[test]
    fn rectangle() {
        assert_eq!(rectangle_area(4.0, 3.0), 12.0);
    }
}
