#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
 Rectangles are given as (x1, y1, x2, y2) with x1 < x2 and y1 < y2, their sides
 parallel to the axes. Return the area of the intersection of two rectangles, or 0
 if they do not overlap (rectangles that only touch along an edge or at a corner
 have no overlap).
 overlap_area((0, 0, 2, 2), (1, 1, 3, 3)) == 1
*/
fn overlap_area(a: (i32, i32, i32, i32), b: (i32, i32, i32, i32)) -> i32 {
    let left = a.0.max(b.0);
    let right = a.2.min(b.2);
    let bottom = a.1.max(b.1);
    let top = a.3.min(b.3);
    let width = right - left;
    let height = top - bottom;
    if width <= 0 {
        return 0;
    }
    width * height
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_overlap_area() {
        assert!(overlap_area((0, 0, 2, 2), (1, 1, 3, 3)) == 1);
        assert!(overlap_area((0, 0, 4, 4), (1, 1, 2, 2)) == 1);
        assert!(overlap_area((0, 0, 1, 1), (1, 0, 2, 1)) == 0);
        assert!(overlap_area((0, 0, 2, 2), (0, 3, 2, 5)) == 0);
        assert!(overlap_area((0, 0, 5, 3), (2, -1, 7, 2)) == 6);
        assert!(overlap_area((-3, -3, -1, -1), (1, 1, 3, 3)) == 0);
        assert!(overlap_area((0, 0, 3, 3), (1, 3, 2, 4)) == 0);
    }

}
