#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return the value of the bits of n from position lo up to and including
position hi (bit 0 is the least significant one), shifted down so that bit
lo becomes bit 0. Requires lo <= hi <= 31.
bits_between(0b1011_0110, 2, 5) == 0b1101
bits_between(0xFFFF_FFFF, 0, 31) == 0xFFFF_FFFF
bits_between(8, 3, 3) == 1
*/
fn bits_between(n: u32, lo: u32, hi: u32) -> u32 {
    let width = hi - lo + 1;
    let mask = ((1u64 << width) - 1) as u32;
    (n >> lo) & mask
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_bits_between() {
        assert_eq!(bits_between(0b1011_0110, 2, 5), 0b1101);
        assert_eq!(bits_between(0xFFFF_FFFF, 0, 31), 0xFFFF_FFFF);
        assert_eq!(bits_between(8, 3, 3), 1);
        assert_eq!(bits_between(0x1234_5678, 8, 15), 0x56);
        assert_eq!(bits_between(5, 0, 0), 1);
        assert_eq!(bits_between(0, 4, 9), 0);
    }

}
