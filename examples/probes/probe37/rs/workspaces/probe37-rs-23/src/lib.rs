#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Parse an integer the way C's atoi does, clamped to the i32 range: skip
leading spaces, read an optional '+' or '-', then read digits up to the
first non-digit. No digits gives 0. A value outside the i32 range becomes
i32::MIN or i32::MAX.
atoi_clamp("   -42abc") == -42
atoi_clamp("4193 with words") == 4193
atoi_clamp("-91283472332") == -2147483648
*/
fn atoi_clamp(s: &str) -> i32 {
    let bytes = s.as_bytes();
    let mut i = 0;
    while i < bytes.len() && bytes[i] == b' ' {
        i += 1;
    }
    let mut negative = false;
    if i < bytes.len() && (bytes[i] == b'+' || bytes[i] == b'-') {
        negative = bytes[i] == b'-';
        i += 1;
    }
    let mut value: i64 = 0;
    while i < bytes.len() && bytes[i].is_ascii_digit() {
        value = value * 10 + (bytes[i] - b'0') as i64;
        if value > i32::MAX as i64 + 1 {
            break;
        }
        i += 1;
    }
    let signed = if negative { -value } else { value };
    signed.clamp(-(i32::MAX as i64), i32::MAX as i64) as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_atoi_clamp() {
        assert!(atoi_clamp("   -42abc") == -42);
        assert!(atoi_clamp("4193 with words") == 4193);
        assert!(atoi_clamp("words 42") == 0);
        assert!(atoi_clamp("") == 0);
        assert!(atoi_clamp("+7") == 7);
        assert!(atoi_clamp("  +-3") == 0);
        assert!(atoi_clamp("00012") == 12);
        assert!(atoi_clamp("2147483648") == i32::MAX);
        assert!(atoi_clamp("99999999999999999999999") == i32::MAX);
        assert!(atoi_clamp("-2147483648") == i32::MIN);
        assert!(atoi_clamp("-91283472332") == -2147483648);
    }

}
