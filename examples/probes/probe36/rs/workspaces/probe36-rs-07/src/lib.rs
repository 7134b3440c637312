#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
A robot starts in the top-left cell of a grid and can only move right or down.
Cells holding 1 are blocked and cells holding 0 are free. Return the number of
different paths to the bottom-right cell (0 if the start or the end cell is
blocked).
grid_paths(vec![vec![0, 0, 0], vec![0, 1, 0], vec![0, 0, 0]]) == 2
grid_paths(vec![vec![0, 1], vec![0, 0]]) == 1
*/
fn grid_paths(grid: Vec<Vec<i32>>) -> u64 {
    let rows = grid.len();
    let cols = grid[0].len();
    let mut ways = vec![vec![0u64; cols]; rows];
    for r in 0..rows {
        for c in 0..cols {
            if r == 0 && c == 0 {
                ways[r][c] = 1;
                continue;
            }
            let up = if r > 0 { ways[r - 1][c] } else { 0 };
            let left = if c > 0 { ways[r][c - 1] } else { 0 };
            ways[r][c] = up + left;
        }
    }
    ways[rows - 1][cols - 1]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_grid_paths() {
        assert!(grid_paths(vec![vec![0, 0, 0], vec![0, 1, 0], vec![0, 0, 0]]) == 2);
        assert!(grid_paths(vec![vec![0, 1], vec![0, 0]]) == 1);
        assert!(grid_paths(vec![vec![0]]) == 1);
        assert!(grid_paths(vec![vec![1]]) == 0);
        assert!(grid_paths(vec![vec![0, 0, 0], vec![0, 0, 0]]) == 3);
        assert!(grid_paths(vec![vec![0, 0], vec![0, 1]]) == 0);
        assert!(grid_paths(vec![vec![0, 1, 0], vec![0, 1, 0], vec![0, 0, 0]]) == 1);
        assert!(grid_paths(vec![vec![0; 5]; 5]) == 70);
    }

}
