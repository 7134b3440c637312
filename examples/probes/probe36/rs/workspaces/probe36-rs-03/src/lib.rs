#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return the length of the longest run of zeros in the binary form of n that
has a one on both sides, or 0 if there is no such run.
binary_gap(9) == 2      (1001)
binary_gap(529) == 4    (1000010001)
binary_gap(32) == 0     (100000)
*/
fn binary_gap(n: u32) -> u32 {
    let mut n = n;
    let mut best = 0;
    let mut current = 0;
    let mut seen_one = false;
    while n > 0 {
        if n & 1 == 1 {
            if current > best {
                best = current;
            }
            seen_one = true;
            current = 0;
        } else {
            current += 1;
        }
        n >>= 1;
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_binary_gap() {
        assert!(binary_gap(9) == 2);
        assert!(binary_gap(529) == 4);
        assert!(binary_gap(32) == 0);
        assert!(binary_gap(20) == 1);
        assert!(binary_gap(15) == 0);
        assert!(binary_gap(1041) == 5);
        assert!(binary_gap(0) == 0);
        assert!(binary_gap(6) == 0);
        assert!(binary_gap(328) == 2);
    }

}
