#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Size of the region containing (row, col) in a grid of characters: the cells
holding the same character as the start cell that can be reached from it by
horizontal and vertical steps. Rows are strings of equal length. Returns 0 if
the start lies outside the grid.

    region_size(&["aab", "abb", "ccb"], 0, 2) == 4
*/
pub fn region_size(grid: &[&str], row: usize, col: usize) -> usize {
    let cells: Vec<Vec<char>> = grid.iter().map(|r| r.chars().collect()).collect();
    let h = cells.len();
    if row >= h || col >= cells[row].len() {
        return 0;
    }
    let w = cells[0].len();
    let target = cells[row][col];
    let mut seen = vec![vec![false; w]; h];
    let mut stack = vec![(row, col)];
    seen[row][col] = true;
    let mut count = 0;
    while let Some((r, c)) = stack.pop() {
        count += 1;
        let mut next = Vec::with_capacity(4);
        if r > 0 {
            next.push((r - 1, c));
        }
        if r + 1 < h {
            next.push((r + 1, c));
        }
        if c > 0 {
            next.push((r, c - 1));
        }
        if c + 1 < w {
            next.push((r, c + 1));
        }
        for (nr, nc) in next {
            if !seen[nr][nc] && cells[nr][nc] == target {
                seen[nr][nc] = true;
                stack.push((nr, nc));
            }
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_region_size() {
        let grid = ["aab", "abb", "ccb"];
        assert_eq!(region_size(&grid, 0, 2), 4);
        assert_eq!(region_size(&grid, 0, 0), 3);
        assert_eq!(region_size(&grid, 2, 0), 2);
        assert_eq!(region_size(&grid, 3, 0), 0);
        assert_eq!(region_size(&["....", ".##.", "...."], 0, 0), 10);
        assert_eq!(region_size(&["x"], 0, 0), 1);
    }

}
