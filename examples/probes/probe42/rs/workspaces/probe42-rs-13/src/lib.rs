#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Show a word during a game of hangman: letters that have been guessed
(guesses, compared case-insensitively) keep their place and case, other
letters become '_', and anything that is not a letter is always shown.
hangman_reveal("hello", "l") == "__ll_"
hangman_reveal("ice cream", "e") == "__e __e__"
*/
fn hangman_reveal(word: &str, guesses: &str) -> String {
    let guessed: HashSet<char> = guesses.chars().map(|c| c.to_ascii_lowercase()).collect();
    let mut out = String::with_capacity(word.len());
    for c in word.chars() {
        if guessed.contains(&c.to_ascii_lowercase()) {
            out.push(c);
        } else {
            out.push('_');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_hangman_reveal() {
        assert_eq!(hangman_reveal("hello", "l"), "__ll_");
        assert_eq!(hangman_reveal("Apple", "a"), "A____");
        assert_eq!(hangman_reveal("ice cream", "e"), "__e __e__");
        assert_eq!(hangman_reveal("x-ray", "XY"), "x-__y");
        assert_eq!(hangman_reveal("", "abc"), "");
        assert_eq!(hangman_reveal("Rust", "rust"), "Rust");
        assert_eq!(hangman_reveal("abc", ""), "___");
    }

}
