#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return, in increasing order, every index i such that the substring of s
that starts at i and has the length of p is an anagram of p. Both strings
consist of lowercase ASCII letters and p is not empty.
anagram_starts("cbaebabacd", "abc") == vec![0, 6]
anagram_starts("abab", "ab") == vec![0, 1, 2]
*/
fn anagram_starts(s: &str, p: &str) -> Vec<usize> {
    let s = s.as_bytes();
    let m = p.len();
    let mut need = [0i32; 26];
    for b in p.bytes() {
        need[(b - b'a') as usize] += 1;
    }
    let mut window = [0i32; 26];
    let mut result = Vec::new();
    for i in 0..s.len() {
        window[(s[i] - b'a') as usize] += 1;
        if i + 1 >= m && window == need {
            result.push(i + 1 - m);
        }
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_anagram_starts() {
        assert_eq!(anagram_starts("cbaebabacd", "abc"), vec![0, 6]);
        assert_eq!(anagram_starts("abab", "ab"), vec![0, 1, 2]);
        assert_eq!(anagram_starts("a", "ab"), vec![]);
        assert_eq!(anagram_starts("aaaa", "a"), vec![0, 1, 2, 3]);
        assert_eq!(anagram_starts("xyz", "abc"), vec![]);
    }

}
