#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Every row of matrix increases from left to right and every column increases
from top to bottom. Return true when target occurs in matrix. The search
starts in the top-right corner and moves one step left or down at a time.
search_sorted_matrix(&[vec![1, 4, 7], vec![2, 5, 8], vec![3, 6, 9]], 5) == true
search_sorted_matrix(&[vec![1, 4, 7], vec![2, 5, 8], vec![3, 6, 9]], 10) == false
*/
fn search_sorted_matrix(matrix: &[Vec<i32>], target: i32) -> bool {
    if matrix.is_empty() || matrix[0].is_empty() {
        return false;
    }
    let mut row = 0;
    let mut col = matrix[0].len();
    while row < matrix.len() && col > 0 {
        let value = matrix[row][col - 1];
        if value == target {
            return true;
        } else if value > target {
            col -= 1;
        } else {
            row += 1;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_search_sorted_matrix() {
        assert!(search_sorted_matrix(&[vec![1, 4, 7], vec![2, 5, 8], vec![3, 6, 9]], 5) == true);
        assert!(search_sorted_matrix(&[vec![1, 4, 7], vec![2, 5, 8], vec![3, 6, 9]], 10) == false);
        assert!(search_sorted_matrix(&[vec![1, 4, 7], vec![2, 5, 8], vec![3, 6, 9]], 1) == true);
        assert!(search_sorted_matrix(&[vec![1, 4, 7], vec![2, 5, 8], vec![3, 6, 9]], 9) == true);
        assert!(search_sorted_matrix(&[vec![1, 4, 7], vec![2, 5, 8], vec![3, 6, 9]], 0) == false);
        assert!(search_sorted_matrix(&[], 3) == false);
        assert!(search_sorted_matrix(&[vec![]], 3) == false);
        assert!(search_sorted_matrix(&[vec![1, 3, 5, 7], vec![10, 11, 16, 20], vec![23, 30, 34, 60]], 3) == true);
        assert!(search_sorted_matrix(&[vec![1, 3, 5, 7], vec![10, 11, 16, 20], vec![23, 30, 34, 60]], 13) == false);
        assert!(search_sorted_matrix(&[vec![1, 3, 5, 7], vec![10, 11, 16, 20], vec![23, 30, 34, 60]], 60) == true);
    }

}
