#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return true when word can be traced in the grid of letters by moving
between horizontally or vertically adjacent cells, using each cell at most
once. The empty word is always found.
word_in_grid(&["ABCE", "SFCS", "ADEE"], "ABCCED") == true
word_in_grid(&["ABCE", "SFCS", "ADEE"], "ABCB") == false
*/
fn search(cells: &[Vec<char>], target: &[char], used: &mut Vec<Vec<bool>>, r: usize, c: usize, k: usize) -> bool {
    if used[r][c] || cells[r][c] != target[k] {
        return false;
    }
    if k + 1 == target.len() {
        return true;
    }
    used[r][c] = true;
    let steps: [(isize, isize); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
    for (dr, dc) in steps {
        let nr = r as isize + dr;
        let nc = c as isize + dc;
        if nr < 0 || nc < 0 || nr as usize >= cells.len() || nc as usize >= cells[nr as usize].len() {
            continue;
        }
        if search(cells, target, used, nr as usize, nc as usize, k + 1) {
            return true;
        }
    }
    used[r][c] = false;
    false
}

fn word_in_grid(grid: &[&str], word: &str) -> bool {
    let cells: Vec<Vec<char>> = grid.iter().map(|row| row.chars().collect()).collect();
    let target: Vec<char> = word.chars().collect();
    if target.is_empty() {
        return true;
    }
    let mut used: Vec<Vec<bool>> = cells.iter().map(|row| vec![false; row.len()]).collect();
    for r in 0..cells.len() {
        for c in 0..cells[r].len() {
            if search(&cells, &target, &mut used, r, c, 0) {
                return true;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_word_in_grid() {
        assert_eq!(word_in_grid(&["ABCE", "SFCS", "ADEE"], "ABCCED"), true);
        assert_eq!(word_in_grid(&["ABCE", "SFCS", "ADEE"], "SEE"), true);
        assert_eq!(word_in_grid(&["ABCE", "SFCS", "ADEE"], "ABCB"), false);
        assert_eq!(word_in_grid(&["AB"], ""), true);
        assert_eq!(word_in_grid(&["BAA"], "AAB"), true);
        assert_eq!(word_in_grid(&["A"], "AA"), false);
    }

}
