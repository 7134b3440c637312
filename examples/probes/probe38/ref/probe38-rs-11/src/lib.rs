#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Check a partly filled 9x9 Sudoku board given as 9 strings of 9 characters,
'1'..='9' for digits and '.' for empty cells. Return true when no digit
appears twice in any row, in any column or in any of the nine 3x3 boxes.
Empty cells never conflict with anything.
A board whose first row is "53..7...." and first column is 5,6,.,8,4,7,.,.,.
with no repeats anywhere is valid; changing its first cell to '8' makes the
first column hold two 8s, so it is not.
*/
fn sudoku_valid(board: &[&str]) -> bool {
    let mut rows = vec![HashSet::new(); 9];
    let mut cols = vec![HashSet::new(); 9];
    let mut boxes = vec![HashSet::new(); 9];
    for (r, line) in board.iter().enumerate() {
        for (c, ch) in line.chars().enumerate() {
            if ch == '.' {
                continue;
            }
            let b = (r / 3) * 3 + c / 3;
            if !rows[r].insert(ch) || !cols[c].insert(ch) || !boxes[b].insert(ch) {
                return false;
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_sudoku_valid() {
        let good = [
            "53..7....", "6..195...", ".98....6.", "8...6...3", "4..8.3..1",
            "7...2...6", ".6....28.", "...419..5", "....8..79",
        ];
        assert!(sudoku_valid(&good));
        let mut bad = good;
        bad[0] = "83..7....";
        assert!(!sudoku_valid(&bad));
        let empty = ["........."; 9];
        assert!(sudoku_valid(&empty));
        let mut boxed = empty;
        boxed[0] = "1........";
        boxed[2] = "..1......";
        assert!(!sudoku_valid(&boxed));
        let mut apart = empty;
        apart[0] = "1........";
        apart[4] = "....1....";
        assert!(sudoku_valid(&apart));
    }

}
