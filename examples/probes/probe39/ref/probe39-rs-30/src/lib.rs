#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
A tank that holds at most capacity units starts empty. Each event adds
water (if positive) or drains it (if negative); water above capacity
spills over and is lost, and draining more than the tank holds leaves it
at 0. Return the final level and the total amount spilled.
tank_level(&[5, 4, -3], 8) == (5, 1)
tank_level(&[-2, 3], 10) == (3, 0)
tank_level(&[10, 10], 10) == (10, 10)
*/
fn tank_level(events: &[i32], capacity: i32) -> (i32, i32) {
    let mut level = 0;
    let mut spilled = 0;
    for &amount in events {
        level += amount;
        if level > capacity {
            spilled += level - capacity;
            level = capacity;
        }
        if level < 0 {
            level = 0;
        }
    }
    (level, spilled)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_tank_level() {
        assert_eq!(tank_level(&[5, 4, -3], 8), (5, 1));
        assert_eq!(tank_level(&[-2, 3], 10), (3, 0));
        assert_eq!(tank_level(&[10, 10], 10), (10, 10));
        assert_eq!(tank_level(&[], 5), (0, 0));
        assert_eq!(tank_level(&[3, 3, 3], 7), (7, 2));
        assert_eq!(tank_level(&[6, -10, 12], 9), (9, 3));
    }

}
