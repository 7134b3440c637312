#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Tasks with the given durations are handed out in order; each task goes to
the worker who becomes free first (the lowest-numbered one on ties), and
all workers start free at time 0. Return the time at which the last task
finishes (0 when there are no tasks). workers is at least 1.
greedy_makespan(&[2, 3, 7, 1], 2) == 9
greedy_makespan(&[5, 5, 5], 3) == 5
greedy_makespan(&[4, 1, 1, 1, 1], 1) == 8
*/
fn greedy_makespan(durations: &[u32], workers: usize) -> u32 {
    let mut free_at = vec![0u32; workers];
    for &d in durations {
        let mut pick = 0;
        for w in 1..workers {
            if free_at[w] < free_at[pick] {
                pick = w;
            }
        }
        free_at[pick] += d;
    }
    free_at.into_iter().min().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_greedy_makespan() {
        assert_eq!(greedy_makespan(&[2, 3, 7, 1], 2), 9);
        assert_eq!(greedy_makespan(&[5, 5, 5], 3), 5);
        assert_eq!(greedy_makespan(&[4, 1, 1, 1, 1], 1), 8);
        assert_eq!(greedy_makespan(&[], 3), 0);
        assert_eq!(greedy_makespan(&[1, 2, 3, 4, 5], 2), 9);
    }

}
