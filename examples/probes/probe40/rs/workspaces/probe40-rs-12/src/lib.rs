#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
pings holds the times (in milliseconds, in non-decreasing order) at which
requests arrived. For each request, return how many requests arrived in the
inclusive time range [t - window, t], where t is the time of that request;
the request itself is counted.
recent_counts(&[1, 100, 3001, 3002], 3000) == vec![1, 2, 3, 3]
recent_counts(&[5, 5, 5], 0) == vec![1, 2, 3]
recent_counts(&[10, 20, 31], 10) == vec![1, 2, 1]
*/
fn recent_counts(pings: &[u32], window: u32) -> Vec<usize> {
    let mut out = Vec::with_capacity(pings.len());
    let mut start = 0;
    for (i, &t) in pings.iter().enumerate() {
        while pings[start] + window <= t {
            start += 1;
        }
        out.push(i - start + 1);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_recent_counts() {
        assert_eq!(recent_counts(&[1, 100, 3001, 3002], 3000), vec![1, 2, 3, 3]);
        assert_eq!(recent_counts(&[5, 5, 5], 0), vec![1, 2, 3]);
        assert_eq!(recent_counts(&[10, 20, 31], 10), vec![1, 2, 1]);
        assert_eq!(recent_counts(&[], 5), Vec::<usize>::new());
        assert_eq!(recent_counts(&[0, 1000, 2000], 999), vec![1, 1, 1]);
        assert_eq!(recent_counts(&[0, 1000, 2000], 1000), vec![1, 2, 2]);
    }

}
