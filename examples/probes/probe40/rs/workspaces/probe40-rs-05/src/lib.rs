#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Count the cells of the grid that are strictly greater than each of their up
to four neighbours (above, below, left and right); positions outside the grid
are not neighbours. All rows have the same length.
count_local_maxima(&[vec![1, 2], vec![3, 4]]) == 1
count_local_maxima(&[vec![5, 1, 5]]) == 2
count_local_maxima(&[vec![7]]) == 1
*/
fn count_local_maxima(grid: &[Vec<i32>]) -> usize {
    let rows = grid.len();
    let mut count = 0;
    for r in 0..rows {
        let cols = grid[r].len();
        for c in 0..cols {
            let v = grid[r][c];
            let up = r == 0 || grid[r - 1][c] < v;
            let down = r + 1 == rows || grid[r + 1][c] < v;
            let left = c == 0 || grid[r][c - 1] < v;
            let right = c + 1 == cols || grid[r][c + 1] < v;
            if up && left && right {
                count += 1;
            }
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_count_local_maxima() {
        assert_eq!(count_local_maxima(&[vec![1, 2], vec![3, 4]]), 1);
        assert_eq!(count_local_maxima(&[vec![5, 1, 5]]), 2);
        assert_eq!(count_local_maxima(&[vec![7]]), 1);
        assert_eq!(count_local_maxima(&[vec![1, 1], vec![1, 1]]), 0);
        assert_eq!(count_local_maxima(&[vec![9, 1, 9], vec![1, 9, 1], vec![9, 1, 9]]), 5);
        assert_eq!(count_local_maxima(&[]), 0);
        assert_eq!(count_local_maxima(&[vec![1], vec![5], vec![2]]), 1);
    }

}
