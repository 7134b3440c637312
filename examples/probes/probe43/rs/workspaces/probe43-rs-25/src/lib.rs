#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Smallest integer greater than x with the same number of set bits
(Gosper's hack), or None when x is 0 or no such u64 exists.
next_same_popcount(0b0111) == Some(0b1011)
*/
fn next_same_popcount(x: u64) -> Option<u64> {
    if x == 0 {
        return None;
    }
    let lowest = x & x.wrapping_neg();
    let ripple = x.checked_add(lowest)?;
    let ones = ((ripple ^ x) >> 1) / lowest;
    Some(ripple | ones)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_next_same_popcount() {
        assert_eq!(next_same_popcount(0b0111), Some(0b1011));
        assert_eq!(next_same_popcount(0), None);
        assert_eq!(next_same_popcount(1), Some(2));
        assert_eq!(next_same_popcount(0b0110), Some(0b1001));
        assert_eq!(next_same_popcount(0b1100), Some(0b10001));
        assert_eq!(next_same_popcount(u64::MAX), None);
        assert_eq!(next_same_popcount(1 << 63), None);
        assert_eq!(next_same_popcount(0b10111), Some(0b11011));
    }

}
