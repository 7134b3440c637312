#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return the byte positions of all occurrences of the non-empty pattern needle
in haystack, overlapping occurrences included, in increasing order.
find_all_positions("abababa", "aba") == vec![0, 2, 4]
find_all_positions("aaaa", "aa") == vec![0, 1, 2]
find_all_positions("abc", "d") == vec![]
*/
fn find_all_positions(haystack: &str, needle: &str) -> Vec<usize> {
    let h = haystack.as_bytes();
    let n = needle.as_bytes();
    let mut positions = Vec::new();
    let mut i = 0;
    while i + n.len() <= h.len() {
        if &h[i..i + n.len()] == n {
            positions.push(i);
            i += n.len() - 1;
        }
        i += 1;
    }
    positions
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_find_all_positions() {
        assert!(find_all_positions("abababa", "aba") == vec![0, 2, 4]);
        assert!(find_all_positions("aaaa", "aa") == vec![0, 1, 2]);
        assert!(find_all_positions("abc", "d") == Vec::<usize>::new());
        assert!(find_all_positions("", "a") == Vec::<usize>::new());
        assert!(find_all_positions("abc", "abc") == vec![0]);
        assert!(find_all_positions("ab", "abc") == Vec::<usize>::new());
        assert!(find_all_positions("xyzxyz", "xyz") == vec![0, 3]);
        assert!(find_all_positions("aaa", "a") == vec![0, 1, 2]);
    }

}
