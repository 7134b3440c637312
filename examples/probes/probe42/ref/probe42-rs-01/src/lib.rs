#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return true when the closed line segments p1-p2 and q1-q2 (integer points)
have at least one point in common, including touching at an end point and
overlapping collinear segments.
segments_intersect((0, 0), (4, 4), (0, 4), (4, 0)) == true
segments_intersect((0, 0), (4, 0), (2, 2), (2, 0)) == true
segments_intersect((0, 0), (1, 1), (2, 2), (3, 3)) == false
*/
fn orientation(a: (i64, i64), b: (i64, i64), c: (i64, i64)) -> i64 {
    ((b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0)).signum()
}

fn within_box(a: (i64, i64), b: (i64, i64), p: (i64, i64)) -> bool {
    a.0.min(b.0) <= p.0 && p.0 <= a.0.max(b.0) && a.1.min(b.1) <= p.1 && p.1 <= a.1.max(b.1)
}

fn segments_intersect(p1: (i64, i64), p2: (i64, i64), q1: (i64, i64), q2: (i64, i64)) -> bool {
    let d1 = orientation(q1, q2, p1);
    let d2 = orientation(q1, q2, p2);
    let d3 = orientation(p1, p2, q1);
    let d4 = orientation(p1, p2, q2);
    if d1 * d2 < 0 && d3 * d4 < 0 {
        return true;
    }
    (d1 == 0 && within_box(q1, q2, p1))
        || (d2 == 0 && within_box(q1, q2, p2))
        || (d3 == 0 && within_box(p1, p2, q1))
        || (d4 == 0 && within_box(p1, p2, q2))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_segments_intersect() {
        assert_eq!(segments_intersect((0, 0), (4, 4), (0, 4), (4, 0)), true);
        assert_eq!(segments_intersect((0, 0), (4, 0), (2, 2), (2, 0)), true);
        assert_eq!(segments_intersect((0, 0), (1, 1), (2, 2), (3, 3)), false);
        assert_eq!(segments_intersect((0, 0), (2, 0), (1, 0), (3, 0)), true);
        assert_eq!(segments_intersect((0, 0), (1, 0), (0, 1), (1, 1)), false);
        assert_eq!(segments_intersect((0, 0), (2, 2), (3, 0), (1, 1)), true);
        assert_eq!(segments_intersect((0, 0), (0, 5), (0, 6), (0, 9)), false);
    }

}
