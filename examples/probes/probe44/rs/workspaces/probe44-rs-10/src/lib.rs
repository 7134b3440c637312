#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Compare two dotted version strings part by part as numbers, so "1.10" is
newer than "1.9". A leading 'v' is ignored, a part that is not a number
counts as 0, and missing trailing parts count as 0 ("1.2" equals "1.2.0").

    version_cmp("1.10", "1.9")  == Ordering::Greater
    version_cmp("1.2", "1.2.0") == Ordering::Equal
*/
pub fn version_cmp(a: &str, b: &str) -> cmp::Ordering {
    let parse = |s: &str| -> Vec<u64> {
        s.trim()
            .trim_start_matches('v')
            .split('.')
            .map(|p| p.parse().unwrap_or(0))
            .collect()
    };
    let (va, vb) = (parse(a), parse(b));
    let len = cmp::min(va.len(), vb.len());
    for i in 0..len {
        let x = va.get(i).copied().unwrap_or(0);
        let y = vb.get(i).copied().unwrap_or(0);
        match x.cmp(&y) {
            cmp::Ordering::Equal => continue,
            other => return other,
        }
    }
    cmp::Ordering::Equal
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_version_cmp() {
        use std::cmp::Ordering::{Equal, Greater, Less};
        assert_eq!(version_cmp("1.10", "1.9"), Greater);
        assert_eq!(version_cmp("1.2", "1.2.0"), Equal);
        assert_eq!(version_cmp("1.2", "1.2.1"), Less);
        assert_eq!(version_cmp("v2.0.0", "1.99.99"), Greater);
        assert_eq!(version_cmp("3.0.0.1", "3"), Greater);
        assert_eq!(version_cmp("0.9.9", "0.10"), Less);
    }

}
