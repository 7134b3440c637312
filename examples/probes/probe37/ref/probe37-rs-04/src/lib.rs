#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return the length of the longest substring of s (a run of consecutive
characters) in which no character occurs twice.
longest_unique_substring("abcabcbb") == 3
longest_unique_substring("bbbbb") == 1
longest_unique_substring("pwwkew") == 3
*/
fn longest_unique_substring(s: &str) -> usize {
    let mut last_seen: HashMap<char, usize> = HashMap::new();
    let mut start = 0;
    let mut best = 0;
    for (i, c) in s.chars().enumerate() {
        match last_seen.get(&c) {
            Some(&j) if j >= start => start = j + 1,
            _ => {}
        }
        last_seen.insert(c, i);
        best = max(best, i + 1 - start);
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_longest_unique_substring() {
        assert!(longest_unique_substring("abcabcbb") == 3);
        assert!(longest_unique_substring("bbbbb") == 1);
        assert!(longest_unique_substring("pwwkew") == 3);
        assert!(longest_unique_substring("") == 0);
        assert!(longest_unique_substring("abba") == 2);
        assert!(longest_unique_substring("tmmzuxt") == 5);
        assert!(longest_unique_substring("dvdf") == 3);
        assert!(longest_unique_substring("abcdef") == 6);
    }

}
