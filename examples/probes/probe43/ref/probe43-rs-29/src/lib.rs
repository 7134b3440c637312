#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Floor of the logarithm of n to the given base, computed exactly with
integers: the largest k with base^k <= n. None when n is 0 or base < 2.
integer_log(1000, 10) == Some(3)
*/
fn integer_log(n: u64, base: u64) -> Option<u32> {
    if n == 0 || base < 2 {
        return None;
    }
    let mut k = 0;
    let mut p: u64 = 1;
    while let Some(next) = p.checked_mul(base) {
        if next > n {
            break;
        }
        p = next;
        k += 1;
    }
    Some(k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_integer_log() {
        assert_eq!(integer_log(1000, 10), Some(3));
        assert_eq!(integer_log(999, 10), Some(2));
        assert_eq!(integer_log(1, 2), Some(0));
        assert_eq!(integer_log(8, 2), Some(3));
        assert_eq!(integer_log(0, 2), None);
        assert_eq!(integer_log(5, 1), None);
        assert_eq!(integer_log(u64::MAX, 2), Some(63));
        assert_eq!(integer_log(80, 3), Some(3));
    }

}
