#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
 Customers arrive at a single counter at the given times (in non-decreasing
 order) and are served one at a time in order of arrival; customer i needs
 durations[i] minutes of service. Service of a customer starts when they arrive
 or when the previous customer is done, whichever is later. Return how long each
 customer waits before their service starts.
 queue_wait_times(&[0, 1, 2], &[5, 5, 5]) == vec![0, 4, 8]
*/
fn queue_wait_times(arrivals: &[u32], durations: &[u32]) -> Vec<u32> {
    let mut free_at = 0;
    let mut waits = Vec::new();
    for (&arrival, &duration) in arrivals.iter().zip(durations.iter()) {
        let start = arrival.max(free_at);
        waits.push(start - arrival);
        free_at = start + duration;
    }
    waits
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_queue_wait_times() {
        assert!(queue_wait_times(&[], &[]) == Vec::<u32>::new());
        assert!(queue_wait_times(&[0], &[5]) == vec![0]);
        assert!(queue_wait_times(&[0, 1, 2], &[5, 5, 5]) == vec![0, 4, 8]);
        assert!(queue_wait_times(&[0, 10], &[3, 3]) == vec![0, 0]);
        assert!(queue_wait_times(&[0, 2, 3, 20], &[4, 1, 2, 5]) == vec![0, 2, 2, 0]);
        assert!(queue_wait_times(&[5, 5, 5], &[1, 1, 1]) == vec![0, 1, 2]);
    }

}
