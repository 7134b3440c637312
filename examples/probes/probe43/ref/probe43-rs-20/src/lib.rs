#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Whether a version "MAJOR.MINOR.PATCH" satisfies a Cargo-style caret
requirement "^MAJOR.MINOR.PATCH": it is at least the requirement and
below the next release that changes the requirement's left-most non-zero
part (^1.2.3 allows < 2.0.0, ^0.2.3 allows < 0.3.0, ^0.0.3 allows
< 0.0.4). Malformed input never matches.
caret_matches("^1.2.3", "1.9.0") == true
*/
fn parse_triple(s: &str) -> Option<(u64, u64, u64)> {
    let mut it = s.split('.');
    let a = it.next()?.parse().ok()?;
    let b = it.next()?.parse().ok()?;
    let c = it.next()?.parse().ok()?;
    if it.next().is_some() {
        return None;
    }
    Some((a, b, c))
}

fn caret_matches(req: &str, version: &str) -> bool {
    let r = match req.strip_prefix('^').and_then(parse_triple) {
        Some(t) => t,
        None => return false,
    };
    let v = match parse_triple(version) {
        Some(t) => t,
        None => return false,
    };
    let upper = if r.0 > 0 {
        (r.0 + 1, 0, 0)
    } else if r.1 > 0 {
        (0, r.1 + 1, 0)
    } else {
        (0, 0, r.2 + 1)
    };
    v >= r && v < upper
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_caret_matches() {
        assert_eq!(caret_matches("^1.2.3", "1.9.0"), true);
        assert_eq!(caret_matches("^1.2.3", "2.0.0"), false);
        assert_eq!(caret_matches("^1.2.3", "1.2.2"), false);
        assert_eq!(caret_matches("^0.2.3", "0.2.9"), true);
        assert_eq!(caret_matches("^0.2.3", "0.3.0"), false);
        assert_eq!(caret_matches("^0.0.3", "0.0.3"), true);
        assert_eq!(caret_matches("^0.0.3", "0.0.4"), false);
        assert_eq!(caret_matches("1.2.3", "1.2.3"), false);
        assert_eq!(caret_matches("^1.2", "1.2.0"), false);
        assert_eq!(caret_matches("^0.10.0", "0.10.7"), true);
    }

}
