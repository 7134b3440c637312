#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return true if the two phrases are anagrams of each other: they use the same
letters and digits the same number of times. Letter case is ignored, and so
are spaces and punctuation (only alphanumeric characters count).
is_anagram("Dormitory", "Dirty room!") == true
is_anagram("Listen", "Silent") == true
is_anagram("hello", "world") == false
*/
fn is_anagram(a: &str, b: &str) -> bool {
    fn letters(s: &str) -> Vec<char> {
        let mut v: Vec<char> = s
            .chars()
            .filter(|c| c.is_alphanumeric())
            .map(|c| c.to_ascii_lowercase())
            .collect();
        v.sort();
        v
    }
    letters(a) == letters(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_is_anagram() {
        assert!(is_anagram("Dormitory", "Dirty room!") == true);
        assert!(is_anagram("Listen", "Silent") == true);
        assert!(is_anagram("hello", "world") == false);
        assert!(is_anagram("", "") == true);
        assert!(is_anagram("Astronomer", "Moon starer") == true);
        assert!(is_anagram("abc", "abcc") == false);
        assert!(is_anagram("A1 b2", "2B1a") == true);
        assert!(is_anagram("rat", "car") == false);
    }

}
