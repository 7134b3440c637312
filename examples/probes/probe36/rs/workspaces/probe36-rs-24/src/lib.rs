#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return a vector whose i-th element is the product of all the elements of nums
except nums[i], computed without division.
product_except_self(&[1, 2, 3, 4]) == vec![24, 12, 8, 6]
product_except_self(&[2, 0, 5]) == vec![0, 10, 0]
*/
fn product_except_self(nums: &[i64]) -> Vec<i64> {
    let n = nums.len();
    let mut out = vec![1; n];
    let mut prefix = 1;
    for i in 0..n {
        out[i] = prefix;
        prefix *= nums[i];
    }
    let mut suffix = 1;
    for i in (0..n).rev() {
        out[i] = suffix;
        suffix *= nums[i];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_product_except_self() {
        assert!(product_except_self(&[1, 2, 3, 4]) == vec![24, 12, 8, 6]);
        assert!(product_except_self(&[2, 0, 5]) == vec![0, 10, 0]);
        assert!(product_except_self(&[5]) == vec![1]);
        assert!(product_except_self(&[]) == Vec::<i64>::new());
        assert!(product_except_self(&[-1, 1, 0, -3, 3]) == vec![0, 0, 9, 0, 0]);
        assert!(product_except_self(&[2, 3]) == vec![3, 2]);
        assert!(product_except_self(&[-2, 4, -1, 3]) == vec![-12, 6, -24, 8]);
    }

}
