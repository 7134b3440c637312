#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
The n-th Catalan number (1, 1, 2, 5, 14, 42, ...), or None when it does
not fit in a u64.
catalan(4) == Some(14)
*/
fn catalan(n: u32) -> Option<u64> {
    let mut c: u64 = 1;
    for k in 0..n as u64 {
        let num = c as u128 * (2 * (2 * k + 1)) as u128;
        let next = num / (k + 1) as u128;
        if next > u64::MAX as u128 {
            return None;
        }
        c = next as u64;
    }
    Some(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_catalan() {
        assert_eq!(catalan(4), Some(14));
        assert_eq!(catalan(0), Some(1));
        assert_eq!(catalan(1), Some(1));
        assert_eq!(catalan(3), Some(5));
        assert_eq!(catalan(10), Some(16796));
        assert_eq!(catalan(35), Some(3116285494907301262));
        assert_eq!(catalan(36), Some(11959798385860453492));
        assert_eq!(catalan(37), None);
    }

}
