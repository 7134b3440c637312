#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
For every element of nums, find the first element to its right that is
strictly greater than it, or -1 when there is none.
next_greater(&[2, 1, 2, 4, 3]) == vec![4, 2, 4, -1, -1]
next_greater(&[5, 5]) == vec![-1, -1]
*/
fn next_greater(nums: &[i32]) -> Vec<i32> {
    let mut result = vec![-1; nums.len()];
    let mut stack: Vec<usize> = Vec::new();
    for i in 0..nums.len() {
        while let Some(&top) = stack.last() {
            if nums[top] < nums[i] {
                result[top] = nums[i];
                stack.pop();
            } else {
                break;
            }
        }
        stack.push(i);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_next_greater() {
        assert!(next_greater(&[2, 1, 2, 4, 3]) == vec![4, 2, 4, -1, -1]);
        assert!(next_greater(&[5, 5]) == vec![-1, -1]);
        assert!(next_greater(&[]) == Vec::<i32>::new());
        assert!(next_greater(&[1, 2, 3]) == vec![2, 3, -1]);
        assert!(next_greater(&[3, 2, 1]) == vec![-1, -1, -1]);
        assert!(next_greater(&[1, 3, 2, 4]) == vec![3, 4, 4, -1]);
        assert!(next_greater(&[-1, -1, 0]) == vec![0, 0, -1]);
    }

}
