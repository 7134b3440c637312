#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
A row of seats is a string of '.' (free) and 'X' (taken). Return the index
of the first seat of the leftmost run of n adjacent free seats, or None if
there is none. Asking for 0 seats gives Some(0).
first_free_block("XX...X", 3) == Some(2)
first_free_block("X.X.", 2) == None
*/
fn first_free_block(row: &str, n: usize) -> Option<usize> {
    if n == 0 {
        return Some(0);
    }
    let mut run = 0;
    for (i, ch) in row.chars().enumerate() {
        if ch == '.' {
            run += 1;
            if run == n {
                return Some(i - n);
            }
        } else {
            run = 0;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_first_free_block() {
        assert_eq!(first_free_block("XX...X", 3), Some(2));
        assert_eq!(first_free_block("X.X.", 2), None);
        assert_eq!(first_free_block("....", 0), Some(0));
        assert_eq!(first_free_block("", 1), None);
        assert_eq!(first_free_block("..X..", 2), Some(0));
        assert_eq!(first_free_block("X.XX...", 2), Some(4));
    }

}
