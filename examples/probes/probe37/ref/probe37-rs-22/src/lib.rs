#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Add the fractions a/b and c/d (b and d are not zero) and return the sum as
(numerator, denominator) in lowest terms with a positive denominator. A
zero sum is returned as (0, 1).
add_fractions(1, 2, 1, 3) == (5, 6)
add_fractions(1, 4, 1, 4) == (1, 2)
add_fractions(1, -2, 1, 3) == (-1, 6)
*/
fn add_fractions(a: i64, b: i64, c: i64, d: i64) -> (i64, i64) {
    let mut num = a * d + c * b;
    let mut den = b * d;
    let (mut x, mut y) = (num.abs(), den.abs());
    while y != 0 {
        let t = x % y;
        x = y;
        y = t;
    }
    num /= x;
    den /= x;
    if den < 0 {
        num = -num;
        den = -den;
    }
    (num, den)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_add_fractions() {
        assert!(add_fractions(1, 2, 1, 3) == (5, 6));
        assert!(add_fractions(1, 4, 1, 4) == (1, 2));
        assert!(add_fractions(1, -2, 1, 3) == (-1, 6));
        assert!(add_fractions(1, 2, -1, 2) == (0, 1));
        assert!(add_fractions(2, 3, 1, -3) == (1, 3));
        assert!(add_fractions(-1, -2, -1, -2) == (1, 1));
        assert!(add_fractions(3, 1, 4, 1) == (7, 1));
        assert!(add_fractions(0, 5, 0, 7) == (0, 1));
        assert!(add_fractions(1, -3, 1, -6) == (-1, 2));
        assert!(add_fractions(5, -10, 0, 1) == (-1, 2));
    }

}
