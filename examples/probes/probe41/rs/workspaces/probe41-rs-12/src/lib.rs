#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Count the ordered ways in which n six-sided dice (faces 1 to 6) can show a
total of target. Zero dice make a total of 0 in exactly one way.
dice_sum_ways(2, 7) == 6
dice_sum_ways(1, 6) == 1
dice_sum_ways(3, 2) == 0
*/
fn dice_sum_ways(n: usize, target: usize) -> u64 {
    let mut ways = vec![0u64; target + 1];
    ways[0] = 1;
    for _ in 0..n {
        let mut next = vec![0u64; target + 1];
        for total in 0..=target {
            for face in 1..6 {
                if total + face <= target {
                    next[total + face] += ways[total];
                }
            }
        }
        ways = next;
    }
    ways[target]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_dice_sum_ways() {
        assert_eq!(dice_sum_ways(2, 7), 6);
        assert_eq!(dice_sum_ways(1, 6), 1);
        assert_eq!(dice_sum_ways(3, 2), 0);
        assert_eq!(dice_sum_ways(0, 0), 1);
        assert_eq!(dice_sum_ways(0, 3), 0);
        assert_eq!(dice_sum_ways(3, 10), 27);
        assert_eq!(dice_sum_ways(2, 12), 1);
        assert_eq!(dice_sum_ways(4, 14), 146);
    }

}
