#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return the largest product of a non-empty run of consecutive elements of
nums (nums is never empty).
max_product_subarray(&[2, 3, -2, 4]) == 6
max_product_subarray(&[-2, 0, -1]) == 0
max_product_subarray(&[-2, 3, -4]) == 24
*/
fn max_product_subarray(nums: &[i64]) -> i64 {
    let mut hi = nums[0];
    let mut lo = nums[0];
    let mut best = nums[0];
    for &x in &nums[1..] {
        hi = max(x, hi * x);
        lo = cmp::min(x, lo * x);
        best = max(best, hi);
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_max_product_subarray() {
        assert!(max_product_subarray(&[2, 3, -2, 4]) == 6);
        assert!(max_product_subarray(&[-2, 0, -1]) == 0);
        assert!(max_product_subarray(&[-2, 3, -4]) == 24);
        assert!(max_product_subarray(&[-3]) == -3);
        assert!(max_product_subarray(&[0, 2]) == 2);
        assert!(max_product_subarray(&[-1, -1]) == 1);
        assert!(max_product_subarray(&[2, -5, -2, -4, 3]) == 24);
        assert!(max_product_subarray(&[-2, -3, 7]) == 42);
    }

}
