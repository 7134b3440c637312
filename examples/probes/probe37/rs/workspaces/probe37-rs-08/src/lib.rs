#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Parse a hexadecimal number with an optional "0x" or "0X" prefix; letters may
be upper or lower case. Return None when there are no digits, when a
character is not a hex digit, or when the value does not fit in a u32.
parse_hex("ff") == Some(255)
parse_hex("0x1A3") == Some(419)
parse_hex("12g") == None
*/
fn parse_hex(s: &str) -> Option<u32> {
    let digits = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")).unwrap_or(s);
    if digits.is_empty() {
        return None;
    }
    let mut value: u32 = 0;
    for c in digits.chars() {
        let d = match c {
            '0'..='9' => c as u32 - '0' as u32,
            'a'..='f' => c as u32 - 'a' as u32 + 10,
            'A'..='F' => c as u32 - 'A' as u32 + 10,
            _ => return None,
        };
        value = value.checked_mul(10)?.checked_add(d)?;
    }
    Some(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_parse_hex() {
        assert!(parse_hex("ff") == Some(255));
        assert!(parse_hex("0x1A3") == Some(419));
        assert!(parse_hex("12g") == None);
        assert!(parse_hex("") == None);
        assert!(parse_hex("0x") == None);
        assert!(parse_hex("0") == Some(0));
        assert!(parse_hex("0X7f") == Some(127));
        assert!(parse_hex("FFFFFFFF") == Some(u32::MAX));
        assert!(parse_hex("100000000") == None);
    }

}
