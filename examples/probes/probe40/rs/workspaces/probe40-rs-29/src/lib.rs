#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Count how many matching pairs can be made from socks of the given colours; a
pair is two socks of exactly the same colour, and each sock is used at most
once.
sock_pairs(&["red", "blue", "red", "red"]) == 1
sock_pairs(&["a", "b", "a", "b", "a", "a"]) == 3
sock_pairs(&[]) == 0
*/
fn sock_pairs(colors: &[&str]) -> usize {
    let mut counts: HashMap<&str, usize> = HashMap::new();
    for &c in colors {
        *counts.entry(c).or_insert(0) += 1;
    }
    counts.values().map(|n| n % 2).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_sock_pairs() {
        assert_eq!(sock_pairs(&["red", "blue", "red", "red"]), 1);
        assert_eq!(sock_pairs(&["a", "b", "a", "b", "a", "a"]), 3);
        assert_eq!(sock_pairs(&[]), 0);
        assert_eq!(sock_pairs(&["x"]), 0);
        assert_eq!(sock_pairs(&["g", "g"]), 1);
        assert_eq!(sock_pairs(&["Red", "red"]), 0);
    }

}
