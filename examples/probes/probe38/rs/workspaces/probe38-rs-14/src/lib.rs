#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return a copy of the matrix in which every row and every column that holds
a 0 in the original matrix is filled with zeros.
set_matrix_zeroes(&[vec![1, 1, 1], vec![1, 0, 1], vec![1, 1, 1]])
    == vec![vec![1, 0, 1], vec![0, 0, 0], vec![1, 0, 1]]
*/
fn set_matrix_zeroes(m: &[Vec<i32>]) -> Vec<Vec<i32>> {
    let mut zero_rows: HashSet<usize> = HashSet::new();
    let mut zero_cols: HashSet<usize> = HashSet::new();
    for (r, row) in m.iter().enumerate() {
        for (c, &x) in row.iter().enumerate() {
            if x == 0 {
                zero_rows.insert(r);
            }
        }
    }
    let mut out = m.to_vec();
    for (r, row) in out.iter_mut().enumerate() {
        for (c, x) in row.iter_mut().enumerate() {
            if zero_rows.contains(&r) || zero_cols.contains(&c) {
                *x = 0;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_set_matrix_zeroes() {
        assert_eq!(
            set_matrix_zeroes(&[vec![1, 1, 1], vec![1, 0, 1], vec![1, 1, 1]]),
            vec![vec![1, 0, 1], vec![0, 0, 0], vec![1, 0, 1]]
        );
        assert_eq!(set_matrix_zeroes(&[]), Vec::<Vec<i32>>::new());
        assert_eq!(set_matrix_zeroes(&[vec![1, 2], vec![3, 4]]), vec![vec![1, 2], vec![3, 4]]);
        assert_eq!(
            set_matrix_zeroes(&[vec![0, 1, 2, 0], vec![3, 4, 5, 2], vec![1, 3, 1, 5]]),
            vec![vec![0, 0, 0, 0], vec![0, 4, 5, 0], vec![0, 3, 1, 0]]
        );
    }

}
