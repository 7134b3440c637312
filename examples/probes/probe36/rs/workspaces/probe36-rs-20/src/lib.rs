#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return true if the point (px, py) lies inside the simple polygon whose
vertices are given in order, using the even-odd (ray casting) rule. Points
exactly on the boundary are not asked about.
point_in_polygon(&[(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0)], 2.0, 2.0) == true
point_in_polygon(&[(0.0, 0.0), (10.0, 0.0), (0.0, 10.0)], 6.0, 6.0) == false
*/
fn point_in_polygon(poly: &[(f64, f64)], px: f64, py: f64) -> bool {
    let n = poly.len();
    let mut inside = false;
    let mut j = n - 1;
    for i in 0..n {
        let (xi, yi) = poly[i];
        let (xj, yj) = poly[j];
        if (yi > py) != (yj > py) {
            let x_cross = xi + (py - yi) * (xj - xi) / (yj - yi);
            if px < xi {
                inside = !inside;
            }
        }
        j = i;
    }
    inside
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_point_in_polygon() {
        let square = [(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0)];
        assert!(point_in_polygon(&square, 2.0, 2.0) == true);
        assert!(point_in_polygon(&square, 5.0, 2.0) == false);
        assert!(point_in_polygon(&square, -1.0, 2.0) == false);
        assert!(point_in_polygon(&square, 2.0, 5.0) == false);
        let triangle = [(0.0, 0.0), (10.0, 0.0), (0.0, 10.0)];
        assert!(point_in_polygon(&triangle, 6.0, 6.0) == false);
        assert!(point_in_polygon(&triangle, 3.0, 3.0) == true);
        assert!(point_in_polygon(&triangle, 1.0, 8.0) == true);
        let u_shape = [(0.0, 0.0), (6.0, 0.0), (6.0, 6.0), (4.0, 6.0), (4.0, 2.0), (2.0, 2.0), (2.0, 6.0), (0.0, 6.0)];
        assert!(point_in_polygon(&u_shape, 3.0, 4.0) == false);
        assert!(point_in_polygon(&u_shape, 1.0, 4.0) == true);
        assert!(point_in_polygon(&u_shape, 5.0, 4.0) == true);
        assert!(point_in_polygon(&u_shape, 3.0, 1.0) == true);
    }

}
