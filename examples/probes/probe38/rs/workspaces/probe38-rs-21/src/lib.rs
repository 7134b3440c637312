#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return the length of the shortest contiguous run of nums (all positive)
whose sum is at least target (target >= 1), or 0 when no run reaches it.
shortest_subarray_at_least(&[2, 3, 1, 2, 4, 3], 7) == 2
shortest_subarray_at_least(&[1, 1, 1], 5) == 0
*/
fn shortest_subarray_at_least(nums: &[u32], target: u32) -> usize {
    let mut best = usize::MAX;
    let mut left = 0;
    let mut sum = 0;
    for right in 0..nums.len() {
        sum += nums[right];
        while sum >= target {
            best = best.min(right - left);
            sum -= nums[left];
            left += 1;
        }
    }
    if best == usize::MAX {
        0
    } else {
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_shortest_subarray_at_least() {
        assert_eq!(shortest_subarray_at_least(&[2, 3, 1, 2, 4, 3], 7), 2);
        assert_eq!(shortest_subarray_at_least(&[1, 1, 1], 5), 0);
        assert_eq!(shortest_subarray_at_least(&[], 1), 0);
        assert_eq!(shortest_subarray_at_least(&[1, 4, 4], 4), 1);
        assert_eq!(shortest_subarray_at_least(&[1, 1, 1, 1, 1], 5), 5);
        assert_eq!(shortest_subarray_at_least(&[5, 1, 3, 5, 10, 7, 4, 9, 2, 8], 15), 2);
    }

}
