#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
 Return the Hamming distance between two strings: the number of positions at
 which their characters differ. It is only defined for strings with the same
 number of characters; for strings of different lengths return None.
 hamming_distance("abc", "abd") == Some(1)
*/
fn hamming_distance(a: &str, b: &str) -> Option<usize> {
    let mut distance = 0;
    for (x, y) in a.chars().zip(b.chars()) {
        if x != y {
            distance += 1;
        }
    }
    Some(distance)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_hamming_distance() {
        assert!(hamming_distance("", "") == Some(0));
        assert!(hamming_distance("abc", "abd") == Some(1));
        assert!(hamming_distance("GAGCCTACTAACGGGAT", "CATCGTAATGACGGCCT") == Some(7));
        assert!(hamming_distance("same", "same") == Some(0));
        assert!(hamming_distance("abc", "ab") == None);
        assert!(hamming_distance("a", "") == None);
    }

}
