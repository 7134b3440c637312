#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Intervals are half-open pairs (start, end) with start < end, covering
start <= x < end. Return the parts of interval a that are not covered by
interval b, in increasing order (zero, one or two intervals).
subtract_interval((0, 10), (3, 5)) == vec![(0, 3), (5, 10)]
subtract_interval((0, 10), (-5, 4)) == vec![(4, 10)]
subtract_interval((0, 5), (7, 9)) == vec![(0, 5)]
subtract_interval((2, 4), (0, 9)) == vec![]
*/
fn subtract_interval(a: (i32, i32), b: (i32, i32)) -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    if b.1 <= a.0 || b.0 >= a.1 {
        out.push(a);
        return out;
    }
    if b.0 > a.0 {
        out.push((a.0, b.0));
    }
    if b.1 < a.1 {
        out.push((b.1, a.1));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_subtract_interval() {
        assert_eq!(subtract_interval((0, 10), (3, 5)), vec![(0, 3), (5, 10)]);
        assert_eq!(subtract_interval((0, 10), (-5, 4)), vec![(4, 10)]);
        assert_eq!(subtract_interval((0, 5), (7, 9)), vec![(0, 5)]);
        assert_eq!(subtract_interval((2, 4), (0, 9)), Vec::<(i32, i32)>::new());
        assert_eq!(subtract_interval((0, 5), (-3, 0)), vec![(0, 5)]);
        assert_eq!(subtract_interval((1, 6), (3, 6)), vec![(1, 3)]);
        assert_eq!(subtract_interval((1, 6), (1, 2)), vec![(2, 6)]);
    }

}
