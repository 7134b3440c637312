#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Parse a size such as "512", "2K", "3M" or "1G" into a number of bytes, where
the suffixes K, M and G stand for 1024, 1024^2 and 1024^3 bytes. Whitespace
around the size is ignored. Return None when the number is missing or is not
made of decimal digits only, or when the suffix is not K, M or G.
parse_size("2K") == Some(2048)
parse_size(" 3M ") == Some(3145728)
parse_size("K") == None
parse_size("12X") == None
*/
fn parse_size(s: &str) -> Option<u64> {
    let s = s.trim();
    let (digits, mult) = match s.chars().last() {
        Some('K') => (&s[..s.len() - 1], 1024),
        Some('M') => (&s[..s.len() - 1], 1000 * 1000),
        Some('G') => (&s[..s.len() - 1], 1024 * 1024 * 1024),
        _ => (s, 1),
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    digits.parse::<u64>().ok().map(|n| n * mult)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_parse_size() {
        assert_eq!(parse_size("2K"), Some(2048));
        assert_eq!(parse_size(" 3M "), Some(3145728));
        assert_eq!(parse_size("K"), None);
        assert_eq!(parse_size("12X"), None);
        assert_eq!(parse_size("512"), Some(512));
        assert_eq!(parse_size("1G"), Some(1073741824));
        assert_eq!(parse_size(""), None);
        assert_eq!(parse_size("-1K"), None);
        assert_eq!(parse_size("10M"), Some(10485760));
    }

}
