#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
 Return the dot product of two sparse vectors, each given as a list of
 (index, value) pairs sorted by strictly increasing index; indices that are not
 listed hold 0. Only indices present in both lists contribute.
 sparse_dot(&[(0, 2), (3, 4)], &[(0, 5), (3, 1)]) == 14
*/
fn sparse_dot(a: &[(usize, i64)], b: &[(usize, i64)]) -> i64 {
    let mut i = 0;
    let mut j = 0;
    let mut total = 0;
    while i < a.len() && j < b.len() {
        let (index_a, value_a) = a[i];
        let (index_b, value_b) = b[j];
        if index_a == index_b {
            total += value_a * value_b;
            i += 1;
            j += 1;
        } else if index_a < index_b {
            i += 1;
        } else {
            j += 1;
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_sparse_dot() {
        assert!(sparse_dot(&[], &[]) == 0);
        assert!(sparse_dot(&[(0, 2), (3, 4)], &[(0, 5), (3, 1)]) == 14);
        assert!(sparse_dot(&[(1, 3)], &[(2, 4)]) == 0);
        assert!(sparse_dot(&[(0, 1), (2, 2), (5, 3)], &[(2, 10), (5, -1), (7, 4)]) == 17);
        assert!(sparse_dot(&[(4, 2)], &[(1, 1), (4, 3)]) == 6);
        assert!(sparse_dot(&[(1, 2), (6, 5)], &[(3, 7), (6, 2), (9, 1)]) == 10);
    }

}
