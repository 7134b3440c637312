#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
 Return the n-bit reflected binary Gray code as a list of 2^n numbers, built by
 reflection: start from the list [0]; then, for each bit k from 0 to n-1, append
 the current list in reverse order with bit k set in each appended number.
 Consecutive numbers differ in exactly one bit.
 gray_code(2) == vec![0, 1, 3, 2]
*/
fn gray_code(n: u32) -> Vec<u32> {
    let mut codes = vec![0u32];
    for k in 0..n {
        let bit = 1u32 << k;
        for i in (0..codes.len()).rev() {
            let code = codes[i];
            codes.push(code & bit);
        }
    }
    codes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_gray_code() {
        assert!(gray_code(0) == vec![0]);
        assert!(gray_code(1) == vec![0, 1]);
        assert!(gray_code(2) == vec![0, 1, 3, 2]);
        assert!(gray_code(3) == vec![0, 1, 3, 2, 6, 7, 5, 4]);
        assert!(gray_code(4).len() == 16);
        assert!(gray_code(4)[15] == 8);
    }

}
