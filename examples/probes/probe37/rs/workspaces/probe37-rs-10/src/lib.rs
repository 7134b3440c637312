#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Check whether s is a valid identifier: it is not empty, consists only of
ASCII letters, ASCII digits and underscores, does not begin with a digit,
and is not a lone underscore.
valid_identifier("user_id2") == true
valid_identifier("2fast") == false
valid_identifier("_") == false
*/
fn valid_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    let first = match chars.next() {
        Some(c) => c,
        None => return false,
    };
    if s == "_" {
        return false;
    }
    s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_valid_identifier() {
        assert!(valid_identifier("user_id2") == true);
        assert!(valid_identifier("2fast") == false);
        assert!(valid_identifier("_") == false);
        assert!(valid_identifier("") == false);
        assert!(valid_identifier("_private") == true);
        assert!(valid_identifier("a") == true);
        assert!(valid_identifier("hello world") == false);
        assert!(valid_identifier("naïve") == false);
        assert!(valid_identifier("9") == false);
        assert!(valid_identifier("__") == true);
        assert!(valid_identifier("x-y") == false);
    }

}
