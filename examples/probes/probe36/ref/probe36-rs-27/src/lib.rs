#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return the next greater rearrangement of the numbers in lexicographic order;
if there is none (the numbers are in non-increasing order), return the
smallest one (the numbers sorted in increasing order).
next_permutation(vec![1, 2, 3]) == vec![1, 3, 2]
next_permutation(vec![3, 2, 1]) == vec![1, 2, 3]
next_permutation(vec![1, 1, 5]) == vec![1, 5, 1]
*/
fn next_permutation(mut v: Vec<i32>) -> Vec<i32> {
    let n = v.len();
    if n < 2 {
        return v;
    }
    let mut i = n - 1;
    while i > 0 && v[i - 1] >= v[i] {
        i -= 1;
    }
    if i == 0 {
        v.reverse();
        return v;
    }
    let mut j = n - 1;
    while v[j] <= v[i - 1] {
        j -= 1;
    }
    v.swap(i - 1, j);
    v[i..].reverse();
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_next_permutation() {
        assert!(next_permutation(vec![1, 2, 3]) == vec![1, 3, 2]);
        assert!(next_permutation(vec![3, 2, 1]) == vec![1, 2, 3]);
        assert!(next_permutation(vec![1, 1, 5]) == vec![1, 5, 1]);
        assert!(next_permutation(vec![1, 5, 1]) == vec![5, 1, 1]);
        assert!(next_permutation(vec![]) == vec![]);
        assert!(next_permutation(vec![7]) == vec![7]);
        assert!(next_permutation(vec![2, 3, 1]) == vec![3, 1, 2]);
        assert!(next_permutation(vec![1, 3, 5, 4, 2]) == vec![1, 4, 2, 3, 5]);
    }

}
