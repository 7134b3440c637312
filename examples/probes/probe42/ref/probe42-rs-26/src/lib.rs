#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Remove ANSI terminal escape sequences from s: a CSI sequence is ESC '['
followed by parameter and intermediate bytes and ends with one final byte in
'@'..='~'; ESC followed by one byte in '@'..='_' is a two-byte sequence.
Everything else is kept.
strip_ansi("\x1b[31mred\x1b[0m") == "red"
strip_ansi("\x1b[2~x") == "x"
*/
fn strip_ansi(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\x1b' {
            out.push(c);
            continue;
        }
        match chars.peek() {
            Some('[') => {
                chars.next();
                while let Some(n) = chars.next() {
                    if ('\x40'..='\x7e').contains(&n) {
                        break;
                    }
                }
            }
            Some(&n) if ('\x40'..='\x5f').contains(&n) => {
                chars.next();
            }
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_strip_ansi() {
        assert_eq!(strip_ansi("\x1b[31mred\x1b[0m"), "red");
        assert_eq!(strip_ansi("plain"), "plain");
        assert_eq!(strip_ansi("\x1b[2~x"), "x");
        assert_eq!(strip_ansi("a\x1b[1;32mb"), "ab");
        assert_eq!(strip_ansi("\x1bMup"), "up");
        assert_eq!(strip_ansi("\x1b[3~\x1b[0m!"), "!");
    }

}
