#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Shorten every run of identical consecutive characters in s to at most max_run
characters.
limit_runs("aaabccccd", 2) == "aabccd"
limit_runs("hello", 1) == "helo"
limit_runs("xyz", 0) == ""
*/
fn limit_runs(s: &str, max_run: usize) -> String {
    let mut out = String::new();
    let mut prev: Option<char> = None;
    let mut run = 0;
    for c in s.chars() {
        if Some(c) == prev {
            run += 1;
        } else {
            run = 1;
        }
        if run <= max_run {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_limit_runs() {
        assert_eq!(limit_runs("aaabccccd", 2), "aabccd");
        assert_eq!(limit_runs("hello", 1), "helo");
        assert_eq!(limit_runs("xyz", 0), "");
        assert_eq!(limit_runs("", 3), "");
        assert_eq!(limit_runs("aaaa", 5), "aaaa");
        assert_eq!(limit_runs("aabbaa", 1), "aba");
        assert_eq!(limit_runs("!!!???", 2), "!!??");
    }

}
