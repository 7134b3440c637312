#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
A miner starts in the top-left cell of a grid of gold amounts and moves only
right or down until the bottom-right cell, collecting the gold of every cell
visited (both ends included). Return the most gold that can be collected; 0
for an empty grid. All rows have the same length.
max_gold_path(&[vec![1, 3, 1], vec![1, 5, 1], vec![4, 2, 1]]) == 12
max_gold_path(&[vec![7]]) == 7
max_gold_path(&[vec![1, 2, 3]]) == 6
*/
fn max_gold_path(grid: &[Vec<u32>]) -> u32 {
    if grid.is_empty() || grid[0].is_empty() {
        return 0;
    }
    let cols = grid[0].len();
    let mut best = vec![0u32; cols];
    for (r, row) in grid.iter().enumerate() {
        for c in 0..cols {
            let from_up = if r > 0 { best[c] } else { 0 };
            let from_left = if c > 0 { best[c - 1] } else { 0 };
            best[c] = row[c] + from_up.max(from_left);
        }
    }
    best[cols - 1]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_max_gold_path() {
        assert_eq!(max_gold_path(&[vec![1, 3, 1], vec![1, 5, 1], vec![4, 2, 1]]), 12);
        assert_eq!(max_gold_path(&[vec![7]]), 7);
        assert_eq!(max_gold_path(&[vec![1, 2, 3]]), 6);
        assert_eq!(max_gold_path(&[]), 0);
        assert_eq!(max_gold_path(&[vec![1], vec![2], vec![3]]), 6);
        assert_eq!(max_gold_path(&[vec![0, 0, 9], vec![9, 0, 0]]), 9);
        assert_eq!(max_gold_path(&[vec![5, 1], vec![2, 8]]), 15);
    }

}
