#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return a vector whose entry i, for every i from 0 to n inclusive, is the
number of 1 bits in the binary form of i. Each entry is computed from an
earlier one: i has the bits of i / 2 plus its own lowest bit.
count_bits_table(5) == vec![0, 1, 1, 2, 1, 2]
count_bits_table(0) == vec![0]
*/
fn count_bits_table(n: usize) -> Vec<u32> {
    let mut bits = vec![0u32; n + 1];
    for i in 1..=n {
        bits[i] = bits[i - 1] + (i & 1) as u32;
    }
    bits
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_count_bits_table() {
        assert!(count_bits_table(5) == vec![0, 1, 1, 2, 1, 2]);
        assert!(count_bits_table(0) == vec![0]);
        assert!(count_bits_table(1) == vec![0, 1]);
        assert!(count_bits_table(2) == vec![0, 1, 1]);
        assert!(count_bits_table(8) == vec![0, 1, 1, 2, 1, 2, 2, 3, 1]);
        assert!(count_bits_table(255)[255] == 8);
        assert!(count_bits_table(1024).iter().sum::<u32>() == 5121);
    }

}
