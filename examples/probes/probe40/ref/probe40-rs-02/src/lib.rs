#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return true if s is a plain semantic version "MAJOR.MINOR.PATCH": exactly three
non-empty parts separated by dots, each made of decimal digits only, and no
part has a leading zero (a part that is just "0" is fine).
valid_semver("1.2.3") == true
valid_semver("0.10.0") == true
valid_semver("1.02.3") == false
valid_semver("1.2") == false
*/
fn valid_semver(s: &str) -> bool {
    let parts: Vec<&str> = s.split('.').collect();
    if parts.len() != 3 {
        return false;
    }
    for p in parts {
        if p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()) {
            return false;
        }
        if p.len() > 1 && p.starts_with('0') {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_valid_semver() {
        assert_eq!(valid_semver("1.2.3"), true);
        assert_eq!(valid_semver("0.10.0"), true);
        assert_eq!(valid_semver("1.02.3"), false);
        assert_eq!(valid_semver("1.2"), false);
        assert_eq!(valid_semver("1.2.3.4"), false);
        assert_eq!(valid_semver("1..3"), false);
        assert_eq!(valid_semver("01.0.0"), false);
        assert_eq!(valid_semver("10.20.30"), true);
        assert_eq!(valid_semver("1.2.x"), false);
    }

}
