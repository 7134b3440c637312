#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return the length of the longest run of consecutive elements in which every
element is strictly greater than the one before it (0 for an empty list).
longest_increasing_run(vec![1, 3, 5, 4, 7]) == 3
longest_increasing_run(vec![2, 2, 2]) == 1
*/
fn longest_increasing_run(nums: Vec<i32>) -> usize {
    if nums.is_empty() {
        return 0;
    }
    let mut best = 1;
    let mut current = 1;
    for i in 1..nums.len() {
        if nums[i] > nums[i - 1] {
            current += 1;
        }
        best = max(best, current);
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_longest_increasing_run() {
        assert!(longest_increasing_run(vec![1, 3, 5, 4, 7]) == 3);
        assert!(longest_increasing_run(vec![2, 2, 2]) == 1);
        assert!(longest_increasing_run(vec![]) == 0);
        assert!(longest_increasing_run(vec![5]) == 1);
        assert!(longest_increasing_run(vec![1, 2, 3, 4]) == 4);
        assert!(longest_increasing_run(vec![4, 3, 2, 1]) == 1);
        assert!(longest_increasing_run(vec![1, 2, 1, 2, 3, 4, 0]) == 4);
        assert!(longest_increasing_run(vec![3, 1, 2, 0, 1, 2, 3]) == 4);
    }

}
