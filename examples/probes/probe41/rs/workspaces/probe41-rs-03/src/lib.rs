#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Parse a size written as "WIDTHxHEIGHT" (for example "1920x1080"; the
separator may also be an upper-case 'X') into (width, height). Both parts
must be non-empty runs of decimal digits and both values must be positive;
anything else, including surrounding spaces, gives None.
parse_dimensions("1920x1080") == Some((1920, 1080))
parse_dimensions("640X480") == Some((640, 480))
parse_dimensions("0x10") == None
*/
fn parse_dimensions(s: &str) -> Option<(u32, u32)> {
    let (w, h) = s.split_once(|c: char| c == 'x' || c == 'X')?;
    if w.is_empty() || h.is_empty() {
        return None;
    }
    if !w.chars().all(|c| c.is_ascii_digit()) || !h.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let w: u32 = w.parse().ok()?;
    let h: u32 = h.parse().ok()?;
    Some((w, h))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_parse_dimensions() {
        assert_eq!(parse_dimensions("1920x1080"), Some((1920, 1080)));
        assert_eq!(parse_dimensions("640X480"), Some((640, 480)));
        assert_eq!(parse_dimensions("0x10"), None);
        assert_eq!(parse_dimensions("10x"), None);
        assert_eq!(parse_dimensions(" 10x10"), None);
        assert_eq!(parse_dimensions("12x0"), None);
        assert_eq!(parse_dimensions("3x4x5"), None);
        assert_eq!(parse_dimensions("7x9"), Some((7, 9)));
    }

}
