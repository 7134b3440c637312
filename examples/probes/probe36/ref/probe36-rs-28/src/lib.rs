#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Given a stock's price on each day, return the largest profit that can be made
by buying on one day and selling on a later day, or 0 if no profit is
possible.
max_profit(&[7, 1, 5, 3, 6, 4]) == 5
max_profit(&[7, 6, 4, 3, 1]) == 0
*/
fn max_profit(prices: &[i32]) -> i32 {
    let mut lowest = i32::MAX;
    let mut best = 0;
    for &p in prices {
        lowest = lowest.min(p);
        best = best.max(p - lowest);
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_max_profit() {
        assert!(max_profit(&[7, 1, 5, 3, 6, 4]) == 5);
        assert!(max_profit(&[7, 6, 4, 3, 1]) == 0);
        assert!(max_profit(&[]) == 0);
        assert!(max_profit(&[5]) == 0);
        assert!(max_profit(&[2, 4, 1]) == 2);
        assert!(max_profit(&[3, 8, 1, 6]) == 5);
        assert!(max_profit(&[1, 2, 3, 4, 5]) == 4);
        assert!(max_profit(&[9, 11, 8, 5, 7, 10]) == 5);
    }

}
