#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Count the pairs of positions i < j whose values nums[i] and nums[j] differ by
exactly k (k >= 0), in either direction.
pairs_with_difference(&[1, 5, 3, 4, 2], 2) == 3
pairs_with_difference(&[1, 1, 1], 0) == 3
*/
fn pairs_with_difference(nums: &[i32], k: i32) -> usize {
    let mut count = 0;
    for i in 0..nums.len() {
        for j in i + 1..nums.len() {
            if (nums[i] - nums[j]).abs() == k && nums[i] != nums[j] {
                count += 1;
            }
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_pairs_with_difference() {
        assert!(pairs_with_difference(&[1, 5, 3, 4, 2], 2) == 3);
        assert!(pairs_with_difference(&[1, 1, 1], 0) == 3);
        assert!(pairs_with_difference(&[], 1) == 0);
        assert!(pairs_with_difference(&[1, 2, 3], 5) == 0);
        assert!(pairs_with_difference(&[3, 1, 4, 1, 5], 2) == 3);
        assert!(pairs_with_difference(&[1, 2, 2, 1], 0) == 2);
        assert!(pairs_with_difference(&[-1, 1], 2) == 1);
        assert!(pairs_with_difference(&[1, 3, 1, 3], 2) == 4);
    }

}
