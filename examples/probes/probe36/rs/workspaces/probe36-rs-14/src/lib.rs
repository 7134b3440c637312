#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return true if b can be obtained by rotating a, that is by moving some number
of characters (possibly none) from the front of a to its end.
is_rotation("waterbottle", "erbottlewat") == true
is_rotation("abc", "abc") == true
is_rotation("abc", "acb") == false
*/
fn is_rotation(a: &str, b: &str) -> bool {
    if a.len() != b.len() || a == b {
        return false;
    }
    let doubled = format!("{}{}", a, a);
    doubled.contains(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_is_rotation() {
        assert!(is_rotation("waterbottle", "erbottlewat") == true);
        assert!(is_rotation("abc", "acb") == false);
        assert!(is_rotation("ab", "ba") == true);
        assert!(is_rotation("aa", "a") == false);
        assert!(is_rotation("abcd", "cdab") == true);
        assert!(is_rotation("abcd", "acbd") == false);
        assert!(is_rotation("abc", "abc") == true);
        assert!(is_rotation("", "") == true);
    }

}
