#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Expand tab characters to spaces with tab stops every `tab` columns (tab >= 1),
the way a terminal shows them: a tab moves to the next multiple of `tab`.
A newline resets the column to 0; every other character takes one column.

    expand_tabs("a\tb", 4)    == "a   b"
    expand_tabs("abcd\tx", 4) == "abcd    x"
*/
pub fn expand_tabs(s: &str, tab: usize) -> String {
    let mut out = String::with_capacity(s.len());
    let mut col = 0;
    for c in s.chars() {
        match c {
            '\t' => {
                let spaces = tab - col % tab;
                for _ in 0..spaces {
                    out.push(' ');
                }
                col = spaces;
            }
            '\n' => {
                out.push(c);
                col = 0;
            }
            _ => {
                out.push(c);
                col += 1;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_expand_tabs() {
        assert_eq!(expand_tabs("a\tb", 4), "a   b");
        assert_eq!(expand_tabs("abcd\tx", 4), "abcd    x");
        assert_eq!(expand_tabs("ab\tc\td", 4), "ab  c   d");
        assert_eq!(expand_tabs("\t\t", 2), "    ");
        assert_eq!(expand_tabs("x\ty\n\tz", 8), "x       y\n        z");
        assert_eq!(expand_tabs("no tabs", 3), "no tabs");
    }

}
