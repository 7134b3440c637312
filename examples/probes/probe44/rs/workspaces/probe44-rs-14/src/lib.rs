#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Percent-encode a string for use as one URL path segment or query value. The
unreserved characters A-Z a-z 0-9 '-' '.' '_' '~' are kept; every other byte
of the UTF-8 encoding, including '/', ' ' and '%', becomes %XX with
upper-case hex digits.

    percent_encode("a b/c") == "a%20b%2Fc"
    percent_encode("café")  == "caf%C3%A9"
*/
pub fn percent_encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for &b in s.as_bytes() {
        let unreserved = b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~' | b'/');
        if unreserved {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{:02X}", b));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_percent_encode() {
        assert_eq!(percent_encode("a b/c"), "a%20b%2Fc");
        assert_eq!(percent_encode("café"), "caf%C3%A9");
        assert_eq!(percent_encode("safe-._~AZaz09"), "safe-._~AZaz09");
        assert_eq!(percent_encode(""), "");
        assert_eq!(percent_encode("100%"), "100%25");
        assert_eq!(percent_encode("?x=1&y=2"), "%3Fx%3D1%26y%3D2");
    }

}
