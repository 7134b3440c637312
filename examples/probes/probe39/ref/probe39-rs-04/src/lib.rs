#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Tasks run one after another in the given order, starting at time 0. Each
task is (duration, deadline) and is late when it finishes after its
deadline. Return how many tasks are late.
deadline_misses(&[(2, 3), (2, 3), (1, 10)]) == 1
deadline_misses(&[(5, 4), (1, 5), (1, 7)]) == 2
deadline_misses(&[]) == 0
*/
fn deadline_misses(tasks: &[(u32, u32)]) -> usize {
    let mut time = 0;
    let mut late = 0;
    for &(duration, deadline) in tasks {
        time += duration;
        if time > deadline {
            late += 1;
        }
    }
    late
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_deadline_misses() {
        assert_eq!(deadline_misses(&[(2, 3), (2, 3), (1, 10)]), 1);
        assert_eq!(deadline_misses(&[(5, 4), (1, 5), (1, 7)]), 2);
        assert_eq!(deadline_misses(&[]), 0);
        assert_eq!(deadline_misses(&[(1, 1), (1, 2), (1, 3)]), 0);
        assert_eq!(deadline_misses(&[(3, 1), (3, 2), (3, 3)]), 3);
    }

}
