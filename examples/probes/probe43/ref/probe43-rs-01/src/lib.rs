#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Encode one Unicode scalar value as UTF-8 bytes. Returns None for values
above 0x10FFFF and for the surrogates 0xD800..=0xDFFF.
utf8_encode(0x41) == Some(vec![0x41])
utf8_encode(0x20AC) == Some(vec![0xE2, 0x82, 0xAC])
*/
fn utf8_encode(cp: u32) -> Option<Vec<u8>> {
    if cp > 0x10FFFF || (0xD800..=0xDFFF).contains(&cp) {
        return None;
    }
    let bytes = if cp < 0x80 {
        vec![cp as u8]
    } else if cp < 0x800 {
        vec![0xC0 | (cp >> 6) as u8, 0x80 | (cp & 0x3F) as u8]
    } else if cp < 0x10000 {
        vec![
            0xE0 | (cp >> 12) as u8,
            0x80 | ((cp >> 6) & 0x3F) as u8,
            0x80 | (cp & 0x3F) as u8,
        ]
    } else {
        vec![
            0xF0 | (cp >> 18) as u8,
            0x80 | ((cp >> 12) & 0x3F) as u8,
            0x80 | ((cp >> 6) & 0x3F) as u8,
            0x80 | (cp & 0x3F) as u8,
        ]
    };
    Some(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_utf8_encode() {
        assert_eq!(utf8_encode(0x41), Some(vec![0x41]));
        assert_eq!(utf8_encode(0x20AC), Some(vec![0xE2, 0x82, 0xAC]));
        assert_eq!(utf8_encode(0xE9), Some(vec![0xC3, 0xA9]));
        assert_eq!(utf8_encode(0x1F600), Some(vec![0xF0, 0x9F, 0x98, 0x80]));
        assert_eq!(utf8_encode(0xD800), None);
        assert_eq!(utf8_encode(0x110000), None);
        assert_eq!(utf8_encode(0x10FFFF), Some(vec![0xF4, 0x8F, 0xBF, 0xBF]));
        assert_eq!(utf8_encode(0x800), Some(vec![0xE0, 0xA0, 0x80]));
    }

}
