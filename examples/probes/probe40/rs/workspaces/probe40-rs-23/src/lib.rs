#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Count the places where two neighbouring bits of the 32-bit number n differ,
that is, the number of changes from 0 to 1 or from 1 to 0 when reading all
32 bits from bit 0 up to bit 31.
bit_transitions(0) == 0
bit_transitions(0b0110) == 2
bit_transitions(0x8000_0000) == 1
bit_transitions(u32::MAX) == 0
*/
fn bit_transitions(n: u32) -> u32 {
    let mut count = 0;
    for i in 0..30 {
        let a = (n >> i) & 1;
        let b = (n >> (i + 1)) & 1;
        if a != b {
            count += 1;
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_bit_transitions() {
        assert_eq!(bit_transitions(0), 0);
        assert_eq!(bit_transitions(0b0110), 2);
        assert_eq!(bit_transitions(0x8000_0000), 1);
        assert_eq!(bit_transitions(u32::MAX), 0);
        assert_eq!(bit_transitions(1), 1);
        assert_eq!(bit_transitions(0x5555_5555), 31);
        assert_eq!(bit_transitions(0xF0F0_F0F0), 7);
    }

}
