#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
rows is a number triangle: row r holds r + 1 numbers. A path starts at the
top and steps each time to one of the two adjacent numbers in the row below.
Return the smallest sum of a path that reaches the bottom row (0 for an
empty triangle).
triangle_min_path(&[vec![2], vec![3, 4], vec![6, 5, 7], vec![4, 1, 8, 3]]) == 11
triangle_min_path(&[vec![-10]]) == -10
*/
fn triangle_min_path(rows: &[Vec<i32>]) -> i32 {
    if rows.is_empty() {
        return 0;
    }
    let mut best = rows[rows.len() - 1].clone();
    for r in (0..rows.len() - 1).rev() {
        for c in 0..=r {
            best[c] = rows[r][c] + cmp::min(best[c], best[c + 1]);
        }
    }
    best[0]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_triangle_min_path() {
        assert!(triangle_min_path(&[vec![2], vec![3, 4], vec![6, 5, 7], vec![4, 1, 8, 3]]) == 11);
        assert!(triangle_min_path(&[vec![-10]]) == -10);
        assert!(triangle_min_path(&[]) == 0);
        assert!(triangle_min_path(&[vec![1], vec![2, 3]]) == 3);
        assert!(triangle_min_path(&[vec![1], vec![1, 2], vec![4, 1, 1]]) == 3);
        assert!(triangle_min_path(&[vec![5], vec![9, 6], vec![4, 6, 8], vec![0, 7, 1, 5]]) == 18);
    }

}
