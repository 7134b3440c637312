#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
 Return the number of different ways to climb a staircase of n steps, where each
 move climbs one of the allowed numbers of steps in `steps` (all positive). Ways
 are ordered sequences of moves adding up to exactly n; there is one way (doing
 nothing) to climb 0 steps.
 stair_ways(4, &[1, 2]) == 5
*/
fn stair_ways(n: usize, steps: &[usize]) -> u64 {
    let mut ways = vec![0u64; n + 1];
    ways[0] = 1;
    for total in 1..=n {
        for &s in steps {
            if s >= 1 && s < total {
                ways[total] += ways[total - s];
            }
        }
    }
    ways[n]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_stair_ways() {
        assert!(stair_ways(0, &[1, 2]) == 1);
        assert!(stair_ways(1, &[1, 2]) == 1);
        assert!(stair_ways(2, &[1, 2]) == 2);
        assert!(stair_ways(4, &[1, 2]) == 5);
        assert!(stair_ways(3, &[2]) == 0);
        assert!(stair_ways(5, &[1, 3, 5]) == 5);
        assert!(stair_ways(10, &[1, 2, 3]) == 274);
    }

}
