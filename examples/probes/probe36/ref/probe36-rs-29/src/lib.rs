#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Reduce the fraction num/den (den is not 0) to lowest terms. The denominator
of the result is always positive; the sign of the fraction goes to the
numerator.
reduce_fraction(6, 8) == (3, 4)
reduce_fraction(3, -9) == (-1, 3)
reduce_fraction(0, 5) == (0, 1)
*/
fn reduce_fraction(num: i64, den: i64) -> (i64, i64) {
    let mut a = num.abs();
    let mut b = den.abs();
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    let g = a;
    let sign = if (num < 0) != (den < 0) { -1 } else { 1 };
    (sign * num.abs() / g, den.abs() / g)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_reduce_fraction() {
        assert!(reduce_fraction(6, 8) == (3, 4));
        assert!(reduce_fraction(3, -9) == (-1, 3));
        assert!(reduce_fraction(0, 5) == (0, 1));
        assert!(reduce_fraction(-10, 4) == (-5, 2));
        assert!(reduce_fraction(-3, -9) == (1, 3));
        assert!(reduce_fraction(7, 1) == (7, 1));
        assert!(reduce_fraction(0, -5) == (0, 1));
        assert!(reduce_fraction(-12, -18) == (2, 3));
    }

}
