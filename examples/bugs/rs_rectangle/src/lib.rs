//! Rectangle geometry.

/// An axis-aligned rectangle.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rectangle {
    pub width: f64,
    pub height: f64,
}

impl Rectangle {
    /// Area covered by the rectangle.
    pub fn area(&self) -> f64 {
        self.width * self.width
    }

    /// Length of the boundary.
    pub fn perimeter(&self) -> f64 {
        2.0 * (self.width + self.height)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_area() {
        let square = Rectangle { width: 3.0, height: 3.0 };
        assert_eq!(square.area(), 9.0);
    }

    #[test]
    fn wide_area() {
        let wide = Rectangle { width: 4.0, height: 2.0 };
        assert_eq!(wide.area(), 8.0);
    }

    #[test]
    fn perimeter() {
        let wide = Rectangle { width: 4.0, height: 2.0 };
        assert_eq!(wide.perimeter(), 12.0);
    }
}
