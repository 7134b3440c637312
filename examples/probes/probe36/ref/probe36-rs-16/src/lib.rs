#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Count the pairs of positions i < j with nums[i] + nums[j] == target. Equal
values at different positions form pairs too.
count_pairs(&[1, 5, 7, -1, 5], 6) == 3
count_pairs(&[3, 3, 3], 6) == 3
*/
fn count_pairs(nums: &[i32], target: i32) -> usize {
    let mut pairs = 0;
    for i in 0..nums.len() {
        for j in i + 1..nums.len() {
            if nums[i] + nums[j] == target {
                pairs += 1;
            }
        }
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_count_pairs() {
        assert!(count_pairs(&[1, 5, 7, -1, 5], 6) == 3);
        assert!(count_pairs(&[3, 3, 3], 6) == 3);
        assert!(count_pairs(&[], 4) == 0);
        assert!(count_pairs(&[4], 8) == 0);
        assert!(count_pairs(&[1, 2, 3, 4], 5) == 2);
        assert!(count_pairs(&[0, 0, 0, 0], 0) == 6);
        assert!(count_pairs(&[2, 2, -2, 6], 4) == 2);
    }

}
