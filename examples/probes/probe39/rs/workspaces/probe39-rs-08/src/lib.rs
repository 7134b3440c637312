#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Replace every run of two or more copies of the character c in s with a
single c. All other characters, including runs of other characters, are
kept as they are.
squeeze_char("a--b---c", '-') == "a-b-c"
squeeze_char("aabb  c", ' ') == "aabb c"
*/
fn squeeze_char(s: &str, c: char) -> String {
    let mut out = String::new();
    let mut prev: Option<char> = None;
    for ch in s.chars() {
        if ch == c && prev == Some(c) {
            continue;
        }
        out.push(ch);
        prev = Some(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_squeeze_char() {
        assert_eq!(squeeze_char("a--b---c", '-'), "a-b-c");
        assert_eq!(squeeze_char("aabb  c", ' '), "aabb c");
        assert_eq!(squeeze_char("", 'x'), "");
        assert_eq!(squeeze_char("---", '-'), "-");
        assert_eq!(squeeze_char("x", 'x'), "x");
        assert_eq!(squeeze_char("a-b", '-'), "a-b");
    }

}
