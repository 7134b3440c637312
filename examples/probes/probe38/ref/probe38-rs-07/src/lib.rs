#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
nums holds n distinct numbers taken from the range 0..=n, so exactly one
number of that range is absent. Return it.
missing_number(&[3, 0, 1]) == 2
missing_number(&[0, 1]) == 2
missing_number(&[1]) == 0
*/
fn missing_number(nums: &[u32]) -> u32 {
    let mut acc = nums.len() as u32;
    for (i, &x) in nums.iter().enumerate() {
        acc ^= i as u32;
        acc ^= x;
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_missing_number() {
        assert_eq!(missing_number(&[3, 0, 1]), 2);
        assert_eq!(missing_number(&[0, 1]), 2);
        assert_eq!(missing_number(&[1]), 0);
        assert_eq!(missing_number(&[]), 0);
        assert_eq!(missing_number(&[0]), 1);
        assert_eq!(missing_number(&[9, 6, 4, 2, 3, 5, 7, 0, 1]), 8);
    }

}
