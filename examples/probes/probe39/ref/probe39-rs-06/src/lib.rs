#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
For an n x n grid (n >= 3) return the (n - 2) x (n - 2) grid whose cell
(i, j) holds the largest value of the 3 x 3 block of grid that has its
top-left corner at (i, j).
max_pool_3x3(&[vec![9, 9, 8, 1], vec![5, 6, 2, 6], vec![8, 2, 6, 4], vec![6, 2, 2, 2]]) == vec![vec![9, 9], vec![8, 6]]
max_pool_3x3(&[vec![1, 1, 5], vec![1, 1, 1], vec![1, 1, 1]]) == vec![vec![5]]
*/
fn max_pool_3x3(grid: &[Vec<i32>]) -> Vec<Vec<i32>> {
    let n = grid.len();
    let mut out = vec![vec![0; n - 2]; n - 2];
    for i in 0..n - 2 {
        for j in 0..n - 2 {
            let mut best = i32::MIN;
            for r in i..i + 3 {
                for c in j..j + 3 {
                    best = best.max(grid[r][c]);
                }
            }
            out[i][j] = best;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_max_pool_3x3() {
        assert_eq!(max_pool_3x3(&[vec![9, 9, 8, 1], vec![5, 6, 2, 6], vec![8, 2, 6, 4], vec![6, 2, 2, 2]]), vec![vec![9, 9], vec![8, 6]]);
        assert_eq!(max_pool_3x3(&[vec![1, 1, 5], vec![1, 1, 1], vec![1, 1, 1]]), vec![vec![5]]);
        assert_eq!(max_pool_3x3(&[vec![-5, -4, -3], vec![-2, -9, -8], vec![-7, -6, -1]]), vec![vec![-1]]);
        assert_eq!(max_pool_3x3(&[vec![0, 0, 0, 0], vec![0, 0, 0, 7], vec![0, 0, 0, 0], vec![3, 0, 0, 0]]), vec![vec![0, 7], vec![3, 7]]);
    }

}
