#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Write n in binary without leading zeros, with an underscore between the
groups of four digits, the groups being counted from the right.
binary_grouped(45) == "10_1101"
binary_grouped(255) == "1111_1111"
binary_grouped(5) == "101"
binary_grouped(0) == "0"
*/
fn binary_grouped(n: u32) -> String {
    let bits = format!("{:b}", n);
    let mut out = String::new();
    for (i, c) in bits.chars().enumerate() {
        if i > 0 && i % 4 == 0 {
            out.push('_');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_binary_grouped() {
        assert_eq!(binary_grouped(45), "10_1101");
        assert_eq!(binary_grouped(255), "1111_1111");
        assert_eq!(binary_grouped(5), "101");
        assert_eq!(binary_grouped(0), "0");
        assert_eq!(binary_grouped(256), "1_0000_0000");
        assert_eq!(binary_grouped(16), "1_0000");
        assert_eq!(binary_grouped(15), "1111");
    }

}
