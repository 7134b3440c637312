#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Count the ways to place n queens on an n x n board so that no two attack
each other (same row, column or diagonal). For n = 0 there is one (empty)
placement.
count_n_queens(4) == 2
count_n_queens(8) == 92
*/
fn count_n_queens(n: usize) -> u64 {
    fn place(row: usize, n: usize, cols: &mut [bool], d1: &mut [bool], d2: &mut [bool]) -> u64 {
        if row == n {
            return 1;
        }
        let mut count = 0;
        for c in 0..n {
            let a = row + c;
            let b = row + n - 1 - c;
            if cols[c] || d1[a] || d2[b] {
                continue;
            }
            cols[c] = true;
            d1[a] = true;
            d2[b] = true;
            count += place(row + 1, n, cols, d1, d2);
            cols[c] = false;
            d1[a] = false;
            d2[b] = false;
        }
        count
    }
    let diagonals = if n == 0 { 0 } else { 2 * n - 1 };
    place(0, n, &mut vec![false; n], &mut vec![false; diagonals], &mut vec![false; diagonals])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_count_n_queens() {
        assert_eq!(count_n_queens(0), 1);
        assert_eq!(count_n_queens(1), 1);
        assert_eq!(count_n_queens(3), 0);
        assert_eq!(count_n_queens(4), 2);
        assert_eq!(count_n_queens(6), 4);
        assert_eq!(count_n_queens(8), 92);
    }

}
