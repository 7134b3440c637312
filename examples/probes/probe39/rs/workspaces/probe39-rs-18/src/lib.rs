#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Shorten s to at most limit characters (limit >= 3) by replacing characters
in the middle with "...". The characters that are kept are split between
the start and the end; when they can not be split evenly the start keeps
one more. Strings that already fit are returned unchanged.
truncate_middle("abcdefghij", 7) == "ab...ij"
truncate_middle("abcdefghij", 8) == "abc...ij"
truncate_middle("short", 10) == "short"
*/
fn truncate_middle(s: &str, limit: usize) -> String {
    let chars: Vec<char> = s.chars().collect();
    if chars.len() <= limit {
        return s.to_string();
    }
    let keep = limit - 3;
    let front = keep / 2;
    let back = keep / 2;
    let head: String = chars[..front].iter().collect();
    let tail: String = chars[chars.len() - back..].iter().collect();
    format!("{}...{}", head, tail)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_truncate_middle() {
        assert_eq!(truncate_middle("abcdefghij", 7), "ab...ij");
        assert_eq!(truncate_middle("abcdefghij", 8), "abc...ij");
        assert_eq!(truncate_middle("short", 10), "short");
        assert_eq!(truncate_middle("abcdef", 3), "...");
        assert_eq!(truncate_middle("héllo wörld", 8), "hél...ld");
        assert_eq!(truncate_middle("abcd", 4), "abcd");
        assert_eq!(truncate_middle("abcdefgh", 4), "a...");
    }

}
