#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return the integer square root of n: the largest r such that r * r <= n.
isqrt_floor(16) == 4
isqrt_floor(17) == 4
isqrt_floor(0) == 0
*/
fn isqrt_floor(n: u64) -> u64 {
    let mut lo = 0u64;
    let mut hi = n.min(u32::MAX as u64);
    while lo < hi {
        let mid = lo + (hi - lo + 1) / 2;
        if mid * mid <= n {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    lo
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_isqrt_floor() {
        assert_eq!(isqrt_floor(17), 4);
        assert_eq!(isqrt_floor(0), 0);
        assert_eq!(isqrt_floor(2), 1);
        assert_eq!(isqrt_floor(16), 4);
        assert_eq!(isqrt_floor(1), 1);
        assert_eq!(isqrt_floor(99), 9);
        assert_eq!(isqrt_floor(u64::MAX), 4294967295);
        assert_eq!(isqrt_floor(1_000_000_000_000), 1_000_000);
    }

}
