#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Count the words of text (maximal runs of ASCII letters; every other character
separates words) that read the same forwards and backwards, ignoring case.
Single letters count as palindromes.
count_palindromic_words("Anna saw a racecar at noon") == 4
count_palindromic_words("Level, noon; refer!") == 3
count_palindromic_words("hello world") == 0
*/
fn count_palindromic_words(text: &str) -> usize {
    text.split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| !w.is_empty())
        .filter(|w| {
            let lower = w.to_ascii_lowercase();
            lower.chars().rev().collect::<String>() == lower
        })
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_count_palindromic_words() {
        assert_eq!(count_palindromic_words("Anna saw a racecar at noon"), 4);
        assert_eq!(count_palindromic_words("Level, noon; refer!"), 3);
        assert_eq!(count_palindromic_words("hello world"), 0);
        assert_eq!(count_palindromic_words(""), 0);
        assert_eq!(count_palindromic_words("I"), 1);
        assert_eq!(count_palindromic_words("Madam, I'm Adam"), 3);
        assert_eq!(count_palindromic_words("abba-cdc"), 2);
        assert_eq!(count_palindromic_words("ab1ba"), 0);
    }

}
