#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Reverse the order of the vowels (a, e, i, o and u, in either case) in s,
leaving every other character in its place.
reverse_vowels("hello") == "holle"
reverse_vowels("Programming") == "Prigrammong"
*/
fn reverse_vowels(s: &str) -> String {
    let mut chars: Vec<char> = s.chars().collect();
    let is_vowel = |c: char| matches!(c.to_ascii_lowercase(), 'a' | 'e' | 'i' | 'o' | 'u');
    if chars.is_empty() {
        return String::new();
    }
    let (mut i, mut j) = (0usize, chars.len() - 1);
    while i < j {
        if !is_vowel(chars[i]) {
            i += 1;
        } else if !is_vowel(chars[j]) {
            j -= 1;
        } else {
            chars.swap(i, j);
            i += 1;
            j -= 1;
        }
    }
    chars.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_reverse_vowels() {
        assert!(reverse_vowels("hello") == "holle");
        assert!(reverse_vowels("Programming") == "Prigrammong");
        assert!(reverse_vowels("") == "");
        assert!(reverse_vowels("bcd") == "bcd");
        assert!(reverse_vowels("AeIoU") == "UoIeA");
        assert!(reverse_vowels("yes") == "yes");
        assert!(reverse_vowels("leetcode") == "leotcede");
        assert!(reverse_vowels("a") == "a");
    }

}
