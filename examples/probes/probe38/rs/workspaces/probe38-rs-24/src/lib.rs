#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return the number of trailing zeros in the decimal representation of n!
(the factorial of n).
factorial_trailing_zeros(5) == 1
factorial_trailing_zeros(25) == 6
factorial_trailing_zeros(4) == 0
*/
fn factorial_trailing_zeros(n: u64) -> u64 {
    let mut count = 0;
    let mut power = 5;
    while power <= n {
        count += n / power;
        power += 5;
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_factorial_trailing_zeros() {
        assert_eq!(factorial_trailing_zeros(5), 1);
        assert_eq!(factorial_trailing_zeros(4), 0);
        assert_eq!(factorial_trailing_zeros(0), 0);
        assert_eq!(factorial_trailing_zeros(10), 2);
        assert_eq!(factorial_trailing_zeros(25), 6);
        assert_eq!(factorial_trailing_zeros(100), 24);
        assert_eq!(factorial_trailing_zeros(1000), 249);
    }

}
