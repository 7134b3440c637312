#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Alternate the case of the letters of s, starting with upper case: the first
ASCII letter is upper-cased, the next one lower-cased, and so on. Characters
that are not ASCII letters are copied unchanged and do not take part in the
alternation.
alternate_case("hello") == "HeLlO"
alternate_case("ab cd") == "Ab Cd"
alternate_case("x1y2z") == "X1y2Z"
*/
fn alternate_case(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut letters = 0;
    for c in s.chars() {
        if c.is_ascii_alphabetic() {
            if letters % 2 == 0 {
                out.push(c.to_ascii_uppercase());
            } else {
                out.push(c.to_ascii_lowercase());
            }
            letters += 1;
        } else {
            out.push(c);
            letters += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_alternate_case() {
        assert_eq!(alternate_case("hello"), "HeLlO");
        assert_eq!(alternate_case("ab cd"), "Ab Cd");
        assert_eq!(alternate_case("x1y2z"), "X1y2Z");
        assert_eq!(alternate_case(""), "");
        assert_eq!(alternate_case("ABC"), "AbC");
        assert_eq!(alternate_case("a-b-c"), "A-b-C");
        assert_eq!(alternate_case("MiXeD cAsE"), "MiXeD cAsE");
    }

}
