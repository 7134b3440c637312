#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return true if label is a valid DNS host name label: 1 to 63 characters, only
ASCII letters, digits and '-', and it neither starts nor ends with '-'.
valid_hostname_label("my-host1") == true
valid_hostname_label("-abc") == false
valid_hostname_label("abc-") == false
valid_hostname_label("") == false
*/
fn valid_hostname_label(label: &str) -> bool {
    if label.is_empty() || label.len() > 63 {
        return false;
    }
    if label.starts_with('-') || label.ends_with('-') {
        return false;
    }
    label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_valid_hostname_label() {
        assert_eq!(valid_hostname_label("my-host1"), true);
        assert_eq!(valid_hostname_label("-abc"), false);
        assert_eq!(valid_hostname_label("abc-"), false);
        assert_eq!(valid_hostname_label(""), false);
        assert_eq!(valid_hostname_label(&"a".repeat(63)), true);
        assert_eq!(valid_hostname_label(&"a".repeat(64)), false);
        assert_eq!(valid_hostname_label("under_score"), false);
        assert_eq!(valid_hostname_label("x-y-"), false);
        assert_eq!(valid_hostname_label("9lives"), true);
    }

}
