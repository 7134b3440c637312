#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
A boat carries at most two people whose weights add up to at most limit.
Given the weights of the people (none heavier than limit), return the least
number of boats that can carry everyone.
boats_needed(&[1, 2], 3) == 1
boats_needed(&[3, 2, 2, 1], 3) == 3
boats_needed(&[3, 5, 3, 4], 5) == 4
*/
fn boats_needed(people: &[u32], limit: u32) -> usize {
    let mut weights = people.to_vec();
    weights.sort();
    let mut boats = 0;
    let mut light = 0;
    let mut heavy = weights.len();
    while light < heavy {
        if heavy - light >= 2 && weights[light] + weights[heavy - 1] < limit {
            light += 1;
        }
        heavy -= 1;
        boats += 1;
    }
    boats
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_boats_needed() {
        assert!(boats_needed(&[1, 2], 3) == 1);
        assert!(boats_needed(&[3, 2, 2, 1], 3) == 3);
        assert!(boats_needed(&[3, 5, 3, 4], 5) == 4);
        assert!(boats_needed(&[], 5) == 0);
        assert!(boats_needed(&[5], 5) == 1);
        assert!(boats_needed(&[2, 2, 2, 2], 4) == 2);
        assert!(boats_needed(&[1, 1, 1], 10) == 2);
        assert!(boats_needed(&[4, 1, 3, 2], 5) == 2);
    }

}
