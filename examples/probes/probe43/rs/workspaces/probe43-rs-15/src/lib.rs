#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Best total price for cutting a rod of length n into pieces of whole
lengths, where prices[i] is the price of a piece of length i + 1; a piece
longer than prices.len() fetches nothing.
rod_cutting(&[1, 5, 8, 9], 4) == 10
*/
fn rod_cutting(prices: &[u64], n: usize) -> u64 {
    let mut best = vec![0u64; n + 1];
    for len in 1..=n {
        for cut in 1..len.min(prices.len()) {
            let v = prices[cut - 1] + best[len - cut];
            if v > best[len] {
                best[len] = v;
            }
        }
    }
    best[n]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_rod_cutting() {
        assert_eq!(rod_cutting(&[1, 5, 8, 9], 4), 10);
        assert_eq!(rod_cutting(&[1, 5, 8, 9, 10, 17, 17, 20], 8), 22);
        assert_eq!(rod_cutting(&[3], 5), 15);
        assert_eq!(rod_cutting(&[], 5), 0);
        assert_eq!(rod_cutting(&[2, 5], 0), 0);
        assert_eq!(rod_cutting(&[1, 1, 10], 3), 10);
    }

}
