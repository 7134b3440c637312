#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return the length of the longest run of consecutive 1s in bits (every
element is 0 or 1) that can be obtained by turning at most k of the 0s
into 1s.
longest_ones_with_flips(&[1, 1, 0, 0, 1, 1, 1, 0, 1], 1) == 5
longest_ones_with_flips(&[0, 0, 0], 0) == 0
longest_ones_with_flips(&[0, 1, 0], 2) == 3
*/
fn longest_ones_with_flips(bits: &[u8], k: usize) -> usize {
    let mut left = 0;
    let mut zeros = 0;
    let mut best = 0;
    for right in 0..bits.len() {
        if bits[right] == 0 {
            zeros += 1;
        }
        while zeros >= k {
            if bits[left] == 0 {
                zeros -= 1;
            }
            left += 1;
        }
        best = best.max(right + 1 - left);
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_longest_ones_with_flips() {
        assert_eq!(longest_ones_with_flips(&[1, 1, 0, 0, 1, 1, 1, 0, 1], 1), 5);
        assert_eq!(longest_ones_with_flips(&[0, 1, 0], 2), 3);
        assert_eq!(longest_ones_with_flips(&[1, 1, 1], 1), 3);
        assert_eq!(longest_ones_with_flips(&[], 3), 0);
        assert_eq!(longest_ones_with_flips(&[0, 0, 1, 1, 0, 0, 1, 1, 1, 0, 1, 1, 0, 0, 0, 1, 1, 1, 1], 3), 10);
        assert_eq!(longest_ones_with_flips(&[0, 0, 0], 0), 0);
    }

}
