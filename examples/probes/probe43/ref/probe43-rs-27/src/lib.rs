#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Perimeter of a closed polygon given by its vertices in order: the sum of
the edge lengths, including the edge from the last vertex back to the
first. Fewer than two vertices give 0.0.
polygon_perimeter(&[(0.0, 0.0), (3.0, 0.0), (3.0, 4.0)]) == 12.0
*/
fn polygon_perimeter(points: &[(f64, f64)]) -> f64 {
    let n = points.len();
    if n < 2 {
        return 0.0;
    }
    let mut total = 0.0;
    for i in 0..n - 1 {
        let (x0, y0) = points[i];
        let (x1, y1) = points[i + 1];
        total += ((x1 - x0).powi(2) + (y1 - y0).powi(2)).sqrt();
    }
    let (fx, fy) = points[0];
    let (lx, ly) = points[n - 1];
    total += ((fx - lx).powi(2) + (fy - ly).powi(2)).sqrt();
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_polygon_perimeter() {
        assert_eq!(polygon_perimeter(&[(0.0, 0.0), (3.0, 0.0), (3.0, 4.0)]), 12.0);
        assert_eq!(polygon_perimeter(&[]), 0.0);
        assert_eq!(polygon_perimeter(&[(1.0, 1.0)]), 0.0);
        assert_eq!(polygon_perimeter(&[(0.0, 0.0), (2.0, 0.0)]), 4.0);
        assert_eq!(polygon_perimeter(&[(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]), 4.0);
        assert_eq!(polygon_perimeter(&[(-1.0, -1.0), (5.0, -1.0), (5.0, 7.0)]), 24.0);
    }

}
