#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
A deliberately simple e-mail address check: no whitespace anywhere, exactly
one '@', a non-empty local part before it, and a domain after it that
contains at least one '.', does not start or end with '.', and has no two
consecutive dots.
valid_email_simple("jane.doe@example.com") == true
valid_email_simple("jane@localhost") == false
valid_email_simple("a@b..c") == false
*/
fn valid_email_simple(s: &str) -> bool {
    if s.chars().any(|c| c.is_whitespace()) {
        return false;
    }
    let mut parts = s.split('@');
    let (local, domain) = match (parts.next(), parts.next(), parts.next()) {
        (Some(l), Some(d), None) => (l, d),
        _ => return false,
    };
    !local.is_empty()
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !domain.contains("..")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_valid_email_simple() {
        assert_eq!(valid_email_simple("jane.doe@example.com"), true);
        assert_eq!(valid_email_simple("jane@localhost"), false);
        assert_eq!(valid_email_simple("a@b..c"), false);
        assert_eq!(valid_email_simple("jane@example.com."), false);
        assert_eq!(valid_email_simple("@x.com"), false);
        assert_eq!(valid_email_simple("a@.com"), false);
        assert_eq!(valid_email_simple("a b@c.com"), false);
        assert_eq!(valid_email_simple("a@b@c.com"), false);
        assert_eq!(valid_email_simple("x@y.z"), true);
    }

}
