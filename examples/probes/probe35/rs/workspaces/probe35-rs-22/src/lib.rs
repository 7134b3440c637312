#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
 Collapse the whitespace of a string: every run of whitespace characters (spaces,
 tabs, newlines) between two words becomes a single space, and whitespace at the
 start or end of the string is removed.
 collapse_whitespace("  hello   world  ") == "hello world"
*/
fn collapse_whitespace(s: &str) -> String {
    let mut result = String::new();
    let mut pending_space = false;
    for c in s.chars() {
        if c.is_whitespace() {
            pending_space = true;
        } else {
            if pending_space {
                result.push(' ');
            }
            pending_space = false;
            result.push(c);
        }
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_collapse_whitespace() {
        assert!(collapse_whitespace("  hello   world  ") == "hello world");
        assert!(collapse_whitespace("") == "");
        assert!(collapse_whitespace("a\tb\nc") == "a b c");
        assert!(collapse_whitespace("   ") == "");
        assert!(collapse_whitespace("one") == "one");
        assert!(collapse_whitespace("\n x  y\t") == "x y");
    }

}
