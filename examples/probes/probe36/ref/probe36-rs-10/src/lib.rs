#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return the sum of the elements on both diagonals of a square matrix. When the
size is odd, the centre element lies on both diagonals and is counted once.
diagonal_sum(vec![vec![1, 2, 3], vec![4, 5, 6], vec![7, 8, 9]]) == 25
diagonal_sum(vec![vec![1, 1], vec![1, 1]]) == 4
*/
fn diagonal_sum(mat: Vec<Vec<i32>>) -> i32 {
    let n = mat.len();
    let mut total = 0;
    for i in 0..n {
        total += mat[i][i];
        total += mat[i][n - 1 - i];
    }
    if n % 2 == 1 {
        total -= mat[n / 2][n / 2];
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_diagonal_sum() {
        assert!(diagonal_sum(vec![vec![1, 2, 3], vec![4, 5, 6], vec![7, 8, 9]]) == 25);
        assert!(diagonal_sum(vec![vec![1, 1], vec![1, 1]]) == 4);
        assert!(diagonal_sum(vec![vec![5]]) == 5);
        assert!(diagonal_sum(vec![]) == 0);
        assert!(diagonal_sum(vec![vec![1, 1, 1, 1], vec![1, 1, 1, 1], vec![1, 1, 1, 1], vec![1, 1, 1, 1]]) == 8);
        assert!(diagonal_sum(vec![vec![2, 0, 3], vec![0, -4, 0], vec![1, 0, 6]]) == 8);
    }

}
