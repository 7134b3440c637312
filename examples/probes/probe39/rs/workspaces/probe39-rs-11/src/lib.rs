#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return how many separate groups of consecutive 1 bits the binary form of n
contains.
count_one_groups(0b1101_1100) == 2
count_one_groups(0) == 0
count_one_groups(0b10101) == 3
*/
fn count_one_groups(n: u32) -> u32 {
    let mut groups = 0;
    let mut prev = 0;
    let mut x = n;
    while x > 0 {
        let bit = x & 1;
        if bit == 1 && prev == 1 {
            groups += 1;
        }
        prev = bit;
        x >>= 1;
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_count_one_groups() {
        assert_eq!(count_one_groups(0b1101_1100), 2);
        assert_eq!(count_one_groups(0), 0);
        assert_eq!(count_one_groups(0b10101), 3);
        assert_eq!(count_one_groups(u32::MAX), 1);
        assert_eq!(count_one_groups(0b1001), 2);
        assert_eq!(count_one_groups(1), 1);
    }

}
