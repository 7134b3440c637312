#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
For each query (l, r) with l <= r < v.len(), return the sum of v[l..=r]
(both ends included), computed with prefix sums.
range_sums(&[1, 2, 3, 4], &[(0, 1), (1, 3), (2, 2)]) == vec![3, 9, 3]
range_sums(&[5], &[(0, 0)]) == vec![5]
*/
fn range_sums(v: &[i64], queries: &[(usize, usize)]) -> Vec<i64> {
    let mut prefix = vec![0i64; v.len() + 1];
    for (i, &x) in v.iter().enumerate() {
        prefix[i + 1] = prefix[i] + x;
    }
    queries.iter().map(|&(l, r)| prefix[r] - prefix[l]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_range_sums() {
        assert_eq!(range_sums(&[1, 2, 3, 4], &[(0, 1), (1, 3), (2, 2)]), vec![3, 9, 3]);
        assert_eq!(range_sums(&[5], &[(0, 0)]), vec![5]);
        assert_eq!(range_sums(&[-1, 4, -2, 7], &[(0, 3), (1, 2), (3, 3)]), vec![8, 2, 7]);
        assert_eq!(range_sums(&[1, 2], &[]), Vec::<i64>::new());
    }

}
