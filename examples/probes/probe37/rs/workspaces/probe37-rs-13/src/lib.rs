#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
0/1 knapsack: item i weighs weights[i], is worth values[i] and can be taken
at most once. Return the largest total value of a set of items whose total
weight is at most capacity.
knapsack_01(&[1, 3, 4], &[15, 20, 30], 4) == 35
knapsack_01(&[5], &[10], 4) == 0
*/
fn knapsack_01(weights: &[usize], values: &[u64], capacity: usize) -> u64 {
    let mut best = vec![0u64; capacity + 1];
    for i in 0..weights.len() {
        let w = weights[i];
        if w > capacity {
            continue;
        }
        for c in w..=capacity {
            best[c] = max(best[c], best[c - w] + values[i]);
        }
    }
    best[capacity]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_knapsack_01() {
        assert!(knapsack_01(&[1, 3, 4], &[15, 20, 30], 4) == 35);
        assert!(knapsack_01(&[5], &[10], 4) == 0);
        assert!(knapsack_01(&[], &[], 10) == 0);
        assert!(knapsack_01(&[2, 3], &[3, 4], 0) == 0);
        assert!(knapsack_01(&[1, 2, 3], &[6, 10, 12], 5) == 22);
        assert!(knapsack_01(&[2], &[5], 6) == 5);
        assert!(knapsack_01(&[3, 4, 5], &[30, 50, 60], 8) == 90);
        assert!(knapsack_01(&[1, 1, 1], &[1, 2, 3], 2) == 5);
    }

}
