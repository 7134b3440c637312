#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Interleave the bits of x and y into one number (a Morton code): bit i of x
becomes bit 2*i of the result and bit i of y becomes bit 2*i+1.
interleave_bits(0b11, 0) == 0b0101
interleave_bits(0, 0b11) == 0b1010
interleave_bits(0xFFFF, 0xFFFF) == 0xFFFF_FFFF
*/
fn interleave_bits(x: u16, y: u16) -> u32 {
    let mut out = 0u32;
    for i in 0..16 {
        out |= (((x >> i) & 1) as u32) << (2 * i);
        out |= (((x >> i) & 1) as u32) << (2 * i + 1);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_interleave_bits() {
        assert_eq!(interleave_bits(0b11, 0), 0b0101);
        assert_eq!(interleave_bits(0, 0b11), 0b1010);
        assert_eq!(interleave_bits(0xFFFF, 0xFFFF), 0xFFFF_FFFF);
        assert_eq!(interleave_bits(0b10, 0b01), 6);
        assert_eq!(interleave_bits(0, 0xFFFF), 0xAAAA_AAAA);
        assert_eq!(interleave_bits(1, 1), 3);
        assert_eq!(interleave_bits(0, 0), 0);
    }

}
