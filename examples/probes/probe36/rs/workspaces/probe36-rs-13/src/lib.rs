#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return the k-th largest value in nums, counting from k = 1, or None when k is
0 or larger than the number of values. Repeated values count separately, so
the 2nd largest of [5, 5, 1] is 5.
kth_largest(&[3, 2, 1, 5, 6, 4], 2) == Some(5)
kth_largest(&[5, 5, 1], 2) == Some(5)
*/
fn kth_largest(nums: &[i32], k: usize) -> Option<i32> {
    if k == 0 || k > nums.len() {
        return None;
    }
    let mut sorted = nums.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    sorted.reverse();
    Some(sorted[k - 1])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_kth_largest() {
        assert!(kth_largest(&[3, 2, 1, 5, 6, 4], 2) == Some(5));
        assert!(kth_largest(&[5, 5, 1], 2) == Some(5));
        assert!(kth_largest(&[3, 2, 3, 1, 2, 4, 5, 5, 6], 4) == Some(4));
        assert!(kth_largest(&[7], 1) == Some(7));
        assert!(kth_largest(&[7], 2) == None);
        assert!(kth_largest(&[1, 2], 0) == None);
        assert!(kth_largest(&[-1, -1, -1], 3) == Some(-1));
    }

}
