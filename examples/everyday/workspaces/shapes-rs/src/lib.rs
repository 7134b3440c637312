//! Geometry helpers for a drawing tool.

/// The most shapes one drawing may hold.
pub const MAX_SHAPES: usize = 32;

/// The area of a circle of radius `r`.
pub fn circle_area(r: f64) -> f64 {
    std::f64::consts::PI * r * r
}

/// The perimeter of a `w` × `h` rectangle.
pub fn perimeter(w: f64, h: f64) -> f64 {
    2.0 * (w + h)
}

/// The area of a triangle from its three sides (Heron's formula).
pub fn triangle_area(a: f64, b: f64, c: f64) -> f64 {
    let s = (a + b + c) / 2.0;
    (s * (s - a) * (s - b) * (s - c)).sqrt()
}

/// Whether one more shape fits in a drawing that holds `count`.
pub fn has_room(count: usize) -> bool {
    count < MAX_SHAPES
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unit_circle() {
        assert!((circle_area(1.0) - std::f64::consts::PI).abs() < 1e-12);
    }

    #[test]
    fn square_perimeter() {
        assert_eq!(perimeter(2.0, 2.0), 8.0);
    }

    #[test]
    fn right_triangle() {
        assert!((triangle_area(3.0, 4.0, 5.0) - 6.0).abs() < 1e-12);
    }

    #[test]
    fn room_until_the_cap() {
        assert!(has_room(31));
        assert!(!has_room(32));
    }
}
