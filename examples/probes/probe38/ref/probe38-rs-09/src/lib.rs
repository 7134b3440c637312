#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return the sum of three numbers at distinct positions of nums (which has at
least three elements) that is closest to target. When two sums are equally
close, return the smaller one.
three_sum_closest(&[-1, 2, 1, -4], 1) == 2
three_sum_closest(&[0, 0, 0], 1) == 0
*/
fn three_sum_closest(nums: &[i32], target: i32) -> i32 {
    let mut v = nums.to_vec();
    v.sort();
    let mut best = v[0] + v[1] + v[2];
    for i in 0..v.len() - 2 {
        let (mut lo, mut hi) = (i + 1, v.len() - 1);
        while lo < hi {
            let sum = v[i] + v[lo] + v[hi];
            let (d, bd) = ((sum - target).abs(), (best - target).abs());
            if d < bd || (d == bd && sum < best) {
                best = sum;
            }
            if sum < target {
                lo += 1;
            } else if sum > target {
                hi -= 1;
            } else {
                return sum;
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_three_sum_closest() {
        assert_eq!(three_sum_closest(&[-1, 2, 1, -4], 1), 2);
        assert_eq!(three_sum_closest(&[0, 0, 0], 1), 0);
        assert_eq!(three_sum_closest(&[1, 1, 1, 0], -100), 2);
        assert_eq!(three_sum_closest(&[1, 2, 3, 4], 6), 6);
        assert_eq!(three_sum_closest(&[1, 2, 4, 8], 10), 11);
        assert_eq!(three_sum_closest(&[5, 5, 5], 100), 15);
    }

}
