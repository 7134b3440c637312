#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Check that s is a UUID in its canonical text form: five groups of 8, 4, 4, 4
and 12 hexadecimal digits (either case) separated by hyphens.
valid_uuid("123e4567-e89b-12d3-a456-426614174000") == true
valid_uuid("123e4567e89b12d3a456426614174000") == false
valid_uuid("123e4567-e89b-12d3-a456-42661417400g") == false
*/
fn valid_uuid(s: &str) -> bool {
    let groups: Vec<&str> = s.split('-').collect();
    let lengths = [8, 4, 4, 4, 12];
    if groups.len() != lengths.len() {
        return false;
    }
    groups
        .iter()
        .zip(lengths.iter())
        .all(|(g, &n)| g.len() == n && g.chars().all(|c| c.is_ascii_hexdigit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_valid_uuid() {
        assert_eq!(valid_uuid("123e4567-e89b-12d3-a456-426614174000"), true);
        assert_eq!(valid_uuid("123e4567e89b12d3a456426614174000"), false);
        assert_eq!(valid_uuid("123e4567-e89b-12d3-a456-42661417400g"), false);
        assert_eq!(valid_uuid("123E4567-E89B-12D3-A456-426614174000"), true);
        assert_eq!(valid_uuid("123e4567-e89b-12d3-a456-4266141740000"), false);
        assert_eq!(valid_uuid("1234567-8e89b-12d3-a456-426614174000"), false);
        assert_eq!(valid_uuid("----"), false);
        assert_eq!(valid_uuid("00000000-0000-0000-0000-000000000000"), true);
    }

}
