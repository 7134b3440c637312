#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return the length of the longest palindrome that can be built from the
characters of s, each character of s used at most once. Case matters.
longest_buildable_palindrome("abccccdd") == 7
longest_buildable_palindrome("Aa") == 1
longest_buildable_palindrome("") == 0
*/
fn longest_buildable_palindrome(s: &str) -> usize {
    let mut counts: HashMap<char, usize> = HashMap::new();
    for c in s.chars() {
        *counts.entry(c).or_insert(0) += 1;
    }
    let mut length = 0;
    let mut has_odd = false;
    for &count in counts.values() {
        length += count / 2 * 2;
        if count % 2 == 1 {
            has_odd = true;
        }
    }
    if has_odd {
        length += 1;
    }
    length
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_longest_buildable_palindrome() {
        assert_eq!(longest_buildable_palindrome("abccccdd"), 7);
        assert_eq!(longest_buildable_palindrome("Aa"), 1);
        assert_eq!(longest_buildable_palindrome(""), 0);
        assert_eq!(longest_buildable_palindrome("a"), 1);
        assert_eq!(longest_buildable_palindrome("aaaa"), 4);
        assert_eq!(longest_buildable_palindrome("aaabbbcc"), 7);
    }

}
