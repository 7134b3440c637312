#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Count the distinct letters that occur more than once in s, ignoring case ('A'
and 'a' are the same letter). Characters other than ASCII letters are
ignored.
count_repeated_letters("Programming") == 3
count_repeated_letters("abc") == 0
count_repeated_letters("Aa Bb c!!") == 2
*/
fn count_repeated_letters(s: &str) -> usize {
    let mut counts: HashMap<char, usize> = HashMap::new();
    for c in s.chars().filter(|c| c.is_ascii_alphabetic()) {
        *counts.entry(c.to_ascii_lowercase()).or_insert(0) += 1;
    }
    counts.values().filter(|&&n| n > 1).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_count_repeated_letters() {
        assert_eq!(count_repeated_letters("Programming"), 3);
        assert_eq!(count_repeated_letters("abc"), 0);
        assert_eq!(count_repeated_letters("Aa Bb c!!"), 2);
        assert_eq!(count_repeated_letters(""), 0);
        assert_eq!(count_repeated_letters("a.a.a"), 1);
        assert_eq!(count_repeated_letters("Mississippi"), 3);
        assert_eq!(count_repeated_letters("112233"), 0);
    }

}
