#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return twice the area of a simple polygon whose vertices are given in order
(clockwise or counter-clockwise), computed with the shoelace formula. The
result is never negative, and fewer than three vertices give 0.
polygon_double_area(&[(0, 0), (4, 0), (4, 3)]) == 12
polygon_double_area(&[(1, 1), (1, 3), (3, 3), (3, 1)]) == 8
*/
fn polygon_double_area(points: &[(i64, i64)]) -> i64 {
    let n = points.len();
    if n < 3 {
        return 0;
    }
    let mut sum = 0i64;
    for i in 0..n {
        let (x1, y1) = points[i];
        let (x2, y2) = points[(i + 1) % n];
        sum += x1 * y2 - x2 * y1;
    }
    sum.abs()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_polygon_double_area() {
        assert_eq!(polygon_double_area(&[(0, 0), (4, 0), (4, 3)]), 12);
        assert_eq!(polygon_double_area(&[(1, 1), (1, 3), (3, 3), (3, 1)]), 8);
        assert_eq!(polygon_double_area(&[(1, 1), (5, 1), (5, 4)]), 12);
        assert_eq!(polygon_double_area(&[(0, 0), (1, 1)]), 0);
        assert_eq!(polygon_double_area(&[(-2, -2), (2, -2), (2, 2), (-2, 2)]), 32);
        assert_eq!(polygon_double_area(&[(0, 0), (4, 0), (4, 4), (2, 2), (0, 4)]), 24);
    }

}
