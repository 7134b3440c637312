#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Swap every pair of neighbouring bits of n: bit 0 with bit 1, bit 2 with
bit 3, and so on up to bit 30 with bit 31.
swap_bit_pairs(0b1001) == 0b0110
swap_bit_pairs(1) == 2
swap_bit_pairs(0x8000_0000) == 0x4000_0000
*/
fn swap_bit_pairs(n: u32) -> u32 {
    let mut result = 0u32;
    for i in (0..32).step_by(2) {
        let low = (n >> i) & 1;
        let high = (n >> (i + 1)) & 1;
        result |= low << i;
        result |= high << i;
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_swap_bit_pairs() {
        assert!(swap_bit_pairs(0b1001) == 0b0110);
        assert!(swap_bit_pairs(1) == 2);
        assert!(swap_bit_pairs(2) == 1);
        assert!(swap_bit_pairs(0) == 0);
        assert!(swap_bit_pairs(0x8000_0000) == 0x4000_0000);
        assert!(swap_bit_pairs(0xFFFF_FFFF) == 0xFFFF_FFFF);
        assert!(swap_bit_pairs(0b1011) == 0b0111);
        assert!(swap_bit_pairs(0xAAAA_AAAA) == 0x5555_5555);
    }

}
