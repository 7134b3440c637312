#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Throttle a stream of event timestamps in milliseconds (non-decreasing): an
event is kept only if at least `min_gap` ms have passed since the last event
that was kept. Dropped events do not restart the wait. The first event is
always kept. Returns the kept timestamps.

    throttle(&[0, 100, 250, 300, 600], 250) == vec![0, 250, 600]
*/
pub fn throttle(times: &[u64], min_gap: u64) -> Vec<u64> {
    let mut kept = Vec::new();
    let mut last: Option<u64> = None;
    for &t in times {
        let keep = match last {
            None => true,
            Some(prev) => t - prev >= min_gap,
        };
        if keep {
            kept.push(t);
            last = Some(t);
        } else {
            last = Some(t);
        }
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_throttle() {
        assert_eq!(throttle(&[0, 100, 250, 300, 600], 250), vec![0, 250, 600]);
        assert_eq!(throttle(&[], 10), Vec::<u64>::new());
        assert_eq!(throttle(&[5, 5, 5], 0), vec![5, 5, 5]);
        assert_eq!(throttle(&[0, 90, 180, 270, 360], 100), vec![0, 180, 360]);
        assert_eq!(throttle(&[1000], 1), vec![1000]);
        assert_eq!(throttle(&[0, 10, 20, 1000], 500), vec![0, 1000]);
    }

}
