#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Check a US Social Security number written as "AAA-GG-SSSS" (digits, with the
two hyphens). The area number AAA must not be 000, 666 or anything from 900
to 999; the group number GG must not be 00; the serial number SSSS must not
be 0000.
valid_ssn("123-45-6789") == true
valid_ssn("666-12-3456") == false
valid_ssn("123-00-4567") == false
*/
fn valid_ssn(s: &str) -> bool {
    let parts: Vec<&str> = s.split('-').collect();
    if parts.len() != 3 || parts[0].len() != 3 || parts[1].len() != 2 || parts[2].len() != 4 {
        return false;
    }
    if !parts.iter().all(|p| p.chars().all(|c| c.is_ascii_digit())) {
        return false;
    }
    let area: u32 = parts[0].parse().unwrap();
    let group: u32 = parts[1].parse().unwrap();
    let serial: u32 = parts[2].parse().unwrap();
    area != 0 && area != 666 && area <= 900 && group != 0 && serial != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_valid_ssn() {
        assert_eq!(valid_ssn("123-45-6789"), true);
        assert_eq!(valid_ssn("666-12-3456"), false);
        assert_eq!(valid_ssn("123-00-4567"), false);
        assert_eq!(valid_ssn("900-12-3456"), false);
        assert_eq!(valid_ssn("899-12-3456"), true);
        assert_eq!(valid_ssn("000-12-3456"), false);
        assert_eq!(valid_ssn("123-45-0000"), false);
        assert_eq!(valid_ssn("123456789"), false);
        assert_eq!(valid_ssn("12a-45-6789"), false);
    }

}
