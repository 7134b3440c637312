#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
The h-index of a researcher with the given citation counts per paper: the
largest h such that h of the papers have at least h citations each.
h_index(&[3, 0, 6, 1, 5]) == 3
*/
fn h_index(citations: &[u32]) -> usize {
    let mut sorted = citations.to_vec();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    let mut h = 0;
    for (i, &c) in sorted.iter().enumerate() {
        if c as usize >= i + 1 {
            h = i + 1;
        } else {
            break;
        }
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_h_index() {
        assert_eq!(h_index(&[3, 0, 6, 1, 5]), 3);
        assert_eq!(h_index(&[]), 0);
        assert_eq!(h_index(&[0, 0]), 0);
        assert_eq!(h_index(&[100]), 1);
        assert_eq!(h_index(&[3, 3, 3]), 3);
        assert_eq!(h_index(&[1, 1, 1, 1]), 1);
        assert_eq!(h_index(&[10, 8, 5, 4, 3]), 4);
        assert_eq!(h_index(&[4, 4, 4, 4, 4]), 4);
    }

}
