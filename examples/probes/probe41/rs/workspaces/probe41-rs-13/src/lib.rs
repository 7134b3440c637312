#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Parse an HTTP Range header value of one of the forms "bytes=START-END",
"bytes=START-" (to the end) or "bytes=-N" (the last N bytes) for a resource
of len bytes (len >= 1), and return the inclusive byte range (first, last)
it selects. END is clamped to len - 1, and N larger than len selects the
whole resource. Return None when the value is malformed, when START is not
a byte of the resource, when START > END, or when N is 0.
parse_byte_range("bytes=0-499", 1000) == Some((0, 499))
parse_byte_range("bytes=500-", 1000) == Some((500, 999))
parse_byte_range("bytes=-200", 1000) == Some((800, 999))
*/
fn parse_byte_range(header: &str, len: u64) -> Option<(u64, u64)> {
    let spec = header.strip_prefix("bytes=")?;
    let (start, end) = spec.split_once('-')?;
    if start.is_empty() {
        let n: u64 = end.parse().ok()?;
        if n == 0 {
            return None;
        }
        return Some((len.saturating_sub(n), len - 1));
    }
    let first: u64 = start.parse().ok()?;
    let last = if end.is_empty() { len - 1 } else { end.parse::<u64>().ok()?.min(len) };
    if first >= len || first > last {
        return None;
    }
    Some((first, last))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_parse_byte_range() {
        assert_eq!(parse_byte_range("bytes=0-499", 1000), Some((0, 499)));
        assert_eq!(parse_byte_range("bytes=500-", 1000), Some((500, 999)));
        assert_eq!(parse_byte_range("bytes=-200", 1000), Some((800, 999)));
        assert_eq!(parse_byte_range("bytes=0-1999", 1000), Some((0, 999)));
        assert_eq!(parse_byte_range("bytes=1000-", 1000), None);
        assert_eq!(parse_byte_range("bytes=5-2", 10), None);
        assert_eq!(parse_byte_range("bytes=-0", 10), None);
        assert_eq!(parse_byte_range("bytes=-50", 20), Some((0, 19)));
        assert_eq!(parse_byte_range("items=0-5", 10), None);
    }

}
