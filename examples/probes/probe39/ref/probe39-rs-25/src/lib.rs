#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
An hourglass in a grid is a 3 x 3 block without its middle-left and
middle-right cells:
a b c
  d
e f g
Return the largest hourglass sum in grid (at least 3 x 3, all rows of the
same length).
hourglass_max(&[vec![1, 1, 1], vec![1, 1, 1], vec![1, 1, 1]]) == 7
hourglass_max(&[vec![0, 0, 0, 0], vec![9, 0, 9, 0], vec![0, 0, 0, 0]]) == 9
*/
fn hourglass_max(grid: &[Vec<i32>]) -> i32 {
    let mut best = i32::MIN;
    for i in 0..grid.len() - 2 {
        for j in 0..grid[0].len() - 2 {
            let sum = grid[i][j] + grid[i][j + 1] + grid[i][j + 2]
                + grid[i + 1][j + 1]
                + grid[i + 2][j] + grid[i + 2][j + 1] + grid[i + 2][j + 2];
            best = best.max(sum);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_hourglass_max() {
        assert_eq!(hourglass_max(&[vec![1, 1, 1], vec![1, 1, 1], vec![1, 1, 1]]), 7);
        assert_eq!(hourglass_max(&[vec![0, 0, 0, 0], vec![9, 0, 9, 0], vec![0, 0, 0, 0]]), 9);
        assert_eq!(hourglass_max(&[vec![-1, -1, -1], vec![-1, -1, -1], vec![-1, -1, -1]]), -7);
        assert_eq!(
            hourglass_max(&[
                vec![1, 1, 1, 0, 0, 0],
                vec![0, 1, 0, 0, 0, 0],
                vec![1, 1, 1, 0, 0, 0],
                vec![0, 0, 2, 4, 4, 0],
                vec![0, 0, 0, 2, 0, 0],
                vec![0, 0, 1, 2, 4, 0],
            ]),
            19
        );
    }

}
