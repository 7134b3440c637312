#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return the smallest power of two that is greater than or equal to n; for
n = 0 the answer is 1. n is at most 2^63.
round_up_pow2(5) == 8
round_up_pow2(8) == 8
round_up_pow2(0) == 1
*/
fn round_up_pow2(n: u64) -> u64 {
    if n <= 1 {
        return 1;
    }
    let mut v = n;
    v |= v >> 1;
    v |= v >> 2;
    v |= v >> 4;
    v |= v >> 8;
    v |= v >> 16;
    v |= v >> 32;
    v + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_round_up_pow2() {
        assert_eq!(round_up_pow2(5), 8);
        assert_eq!(round_up_pow2(0), 1);
        assert_eq!(round_up_pow2(1), 1);
        assert_eq!(round_up_pow2(3), 4);
        assert_eq!(round_up_pow2(1000), 1024);
        assert_eq!(round_up_pow2(8), 8);
        assert_eq!(round_up_pow2(1 << 40), 1 << 40);
        assert_eq!(round_up_pow2((1 << 40) + 1), 1 << 41);
    }

}
