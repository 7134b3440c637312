#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
A message of capital letters was encoded as digits with A=1, B=2, ..., Z=26,
the codes written one after another. Return the number of ways the digit
string s can be decoded. A code never has a leading zero, so "06" cannot
stand for F, and the empty string has exactly one decoding.
decode_ways("12") == 2
decode_ways("226") == 3
decode_ways("10") == 1
decode_ways("06") == 0
*/
fn decode_ways(s: &str) -> u64 {
    let b = s.as_bytes();
    let n = b.len();
    let mut dp = vec![0u64; n + 1];
    dp[0] = 1;
    for i in 1..=n {
        if b[i - 1] != b'0' {
            dp[i] += dp[i - 1];
        }
        if i >= 2 && b[i - 1] != b'0' {
            let two = (b[i - 2] - b'0') * 10 + (b[i - 1] - b'0');
            if (10..=26).contains(&two) {
                dp[i] += dp[i - 2];
            }
        }
    }
    dp[n]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_decode_ways() {
        assert_eq!(decode_ways("12"), 2);
        assert_eq!(decode_ways("226"), 3);
        assert_eq!(decode_ways("06"), 0);
        assert_eq!(decode_ways(""), 1);
        assert_eq!(decode_ways("27"), 1);
        assert_eq!(decode_ways("10"), 1);
        assert_eq!(decode_ways("2101"), 1);
        assert_eq!(decode_ways("100"), 0);
        assert_eq!(decode_ways("11106"), 2);
    }

}
