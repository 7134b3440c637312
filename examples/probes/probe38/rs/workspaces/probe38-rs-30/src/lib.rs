#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Compute the Fletcher-16 checksum of data. Two sums start at 0 and are kept
modulo 255: the first adds each byte in turn, and the second adds the
first sum after every byte. The result is (second << 8) | first.
fletcher16(b"abcde") == 0xC8F0
fletcher16(b"abcdef") == 0x2057
fletcher16(b"") == 0
*/
fn fletcher16(data: &[u8]) -> u16 {
    let mut first: u16 = 0;
    let mut second: u16 = 0;
    for &byte in data {
        first = (first + byte as u16) % 256;
        second = (second + first) % 255;
    }
    (second << 8) | first
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_fletcher16() {
        assert_eq!(fletcher16(b""), 0);
        assert_eq!(fletcher16(&[1, 2]), 0x0403);
        assert_eq!(fletcher16(b"abcde"), 0xC8F0);
        assert_eq!(fletcher16(b"abcdef"), 0x2057);
        assert_eq!(fletcher16(b"abcdefgh"), 0x0627);
        assert_eq!(fletcher16(&[255, 255]), 0);
    }

}
