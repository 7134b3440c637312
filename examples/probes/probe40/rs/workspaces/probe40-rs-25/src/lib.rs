#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return the words of s, which are separated by any amount of whitespace, in
reverse order and joined by single spaces.
reverse_word_order("one two  three") == "three two one"
reverse_word_order("  hello ") == "hello"
reverse_word_order("") == ""
*/
fn reverse_word_order(s: &str) -> String {
    let words: Vec<&str> = s.split(' ').collect();
    let mut out = String::new();
    for w in words.iter().rev() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(w);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_reverse_word_order() {
        assert_eq!(reverse_word_order("one two  three"), "three two one");
        assert_eq!(reverse_word_order("  hello "), "hello");
        assert_eq!(reverse_word_order(""), "");
        assert_eq!(reverse_word_order("a\tb"), "b a");
        assert_eq!(reverse_word_order("x"), "x");
        assert_eq!(reverse_word_order("The quick fox"), "fox quick The");
    }

}
