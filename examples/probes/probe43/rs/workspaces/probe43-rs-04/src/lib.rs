#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Smallest axis-aligned box holding all points, grown by margin on every
side, as (min_x, min_y, max_x, max_y); None when there are no points.
bounding_box(&[(1, 5), (4, 2)], 0) == Some((1, 2, 4, 5))
*/
fn bounding_box(points: &[(i32, i32)], margin: i32) -> Option<(i32, i32, i32, i32)> {
    let (fx, fy) = *points.first()?;
    let (mut x0, mut y0, mut x1, mut y1) = (fx, fy, fx, fy);
    for &(x, y) in &points[1..] {
        if x < x0 {
            x0 = x;
        }
        if x > x1 {
            x1 = x;
        }
        if y < y0 {
            y0 = y;
        }
        if y > y0 {
            y1 = y;
        }
    }
    Some((x0 - margin, y0 - margin, x1 + margin, y1 + margin))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_bounding_box() {
        assert_eq!(bounding_box(&[(1, 5), (4, 2)], 0), Some((1, 2, 4, 5)));
        assert_eq!(bounding_box(&[], 3), None);
        assert_eq!(bounding_box(&[(2, 2)], 1), Some((1, 1, 3, 3)));
        assert_eq!(bounding_box(&[(0, 0), (0, 5), (0, 3)], 0), Some((0, 0, 0, 5)));
        assert_eq!(bounding_box(&[(-3, 7), (2, -1), (5, 4)], 2), Some((-5, -3, 7, 9)));
        assert_eq!(bounding_box(&[(1, 1), (9, 9), (5, 5)], 0), Some((1, 1, 9, 9)));
    }

}
