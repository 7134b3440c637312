#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Adler-32 checksum as used by zlib. A starts at 1 and B at 0; for every byte,
A += byte and B += A, both modulo 65521. The result is (B << 16) | A. The
reduction is done once per block of 5552 bytes, which is the largest block
that cannot overflow a u32.

    adler32(b"Wikipedia") == 0x11E60398
*/
pub fn adler32(data: &[u8]) -> u32 {
    const MOD: u32 = 65521;
    let mut a: u32 = 1;
    let mut b: u32 = 0;
    for block in data.chunks(5552) {
        for &byte in block {
            a += byte as u32;
            b += a;
        }
        a %= MOD;
        b %= MOD;
    }
    (b << 16) | a
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_adler32() {
        assert_eq!(adler32(b"Wikipedia"), 0x11E6_0398);
        assert_eq!(adler32(b""), 1);
        assert_eq!(adler32(b"a"), 0x0062_0062);
        assert_eq!(adler32(b"abc"), 0x024D_0127);
        assert_eq!(adler32(&vec![0xFFu8; 100_000]), 0x149A302C);
        assert_eq!(adler32(b"The quick brown fox jumps over the lazy dog"), 0x5BDC0FDA);
    }

}
