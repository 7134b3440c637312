#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Turn a list of digits in the given base, most significant digit first, into
the number they stand for. Return None when base is below 2 or when a digit
is not smaller than base. An empty list stands for 0.
from_digits(&[1, 0, 1], 2) == Some(5)
from_digits(&[4, 2], 10) == Some(42)
from_digits(&[1, 7], 7) == None
*/
fn from_digits(digits: &[u32], base: u32) -> Option<u64> {
    if base < 2 {
        return None;
    }
    let mut value: u64 = 0;
    for &d in digits.iter().rev() {
        if d >= base {
            return None;
        }
        value = value * base as u64 + d as u64;
    }
    Some(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_from_digits() {
        assert!(from_digits(&[1, 0, 1], 2) == Some(5));
        assert!(from_digits(&[4, 2], 10) == Some(42));
        assert!(from_digits(&[1, 7], 7) == None);
        assert!(from_digits(&[], 10) == Some(0));
        assert!(from_digits(&[1], 1) == None);
        assert!(from_digits(&[15, 15], 16) == Some(255));
        assert!(from_digits(&[1, 2, 3], 4) == Some(27));
        assert!(from_digits(&[0, 0, 1], 2) == Some(1));
    }

}
