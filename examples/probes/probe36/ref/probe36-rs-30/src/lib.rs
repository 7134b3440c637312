#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Decode a run-length encoded string: a run is written as its length followed
by its character, and a character with no number in front of it stands for
itself once. Lengths may have several digits.
rle_decode("3a2bc") == "aaabbc"
rle_decode("12x") == "xxxxxxxxxxxx"
*/
fn rle_decode(encoded: &str) -> String {
    let mut out = String::new();
    let mut count = 0;
    for c in encoded.chars() {
        if let Some(d) = c.to_digit(10) {
            count = count * 10 + d as usize;
        } else {
            let times = if count == 0 { 1 } else { count };
            for _ in 0..times {
                out.push(c);
            }
            count = 0;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_rle_decode() {
        assert!(rle_decode("3a2bc") == "aaabbc");
        assert!(rle_decode("12x") == "xxxxxxxxxxxx");
        assert!(rle_decode("") == "");
        assert!(rle_decode("abc") == "abc");
        assert!(rle_decode("2 3!") == "  !!!");
        assert!(rle_decode("10a1b") == "aaaaaaaaaab");
        assert!(rle_decode("1a1b1c") == "abc");
    }

}
