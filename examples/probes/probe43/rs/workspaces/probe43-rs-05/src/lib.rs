#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Centre of the circle through the three points a, b and c, or None when
they are collinear (which includes repeated points).
circumcenter((0.0, 0.0), (2.0, 0.0), (0.0, 2.0)) == Some((1.0, 1.0))
*/
fn circumcenter(a: (f64, f64), b: (f64, f64), c: (f64, f64)) -> Option<(f64, f64)> {
    let d = 2.0 * (a.0 * (b.1 - c.1) + b.0 * (c.1 - a.1) + c.0 * (a.1 - b.1));
    let a2 = a.0 * a.0 + a.1 * a.1;
    let b2 = b.0 * b.0 + b.1 * b.1;
    let c2 = c.0 * c.0 + c.1 * c.1;
    let ux = (a2 * (b.1 - c.1) + b2 * (c.1 - a.1) + c2 * (a.1 - b.1)) / d;
    let uy = (a2 * (c.0 - b.0) + b2 * (a.0 - c.0) + c2 * (b.0 - a.0)) / d;
    Some((ux, uy))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_circumcenter() {
        assert_eq!(circumcenter((0.0, 0.0), (2.0, 0.0), (0.0, 2.0)), Some((1.0, 1.0)));
        assert_eq!(circumcenter((1.0, 0.0), (-1.0, 0.0), (0.0, 1.0)), Some((0.0, 0.0)));
        assert_eq!(circumcenter((0.0, 0.0), (1.0, 1.0), (2.0, 2.0)), None);
        assert_eq!(circumcenter((3.0, 3.0), (3.0, 3.0), (5.0, 1.0)), None);
        assert_eq!(circumcenter((0.0, 0.0), (4.0, 0.0), (0.0, 6.0)), Some((2.0, 3.0)));
        assert_eq!(circumcenter((5.0, 5.0), (1.0, 5.0), (9.0, 5.0)), None);
    }

}
