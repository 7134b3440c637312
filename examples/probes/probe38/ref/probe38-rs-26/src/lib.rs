#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Pack items, in the given order, into bins of the given capacity using first
fit: each item goes into the first bin that still has room for it, and a new
bin is opened when no bin has. No item is larger than capacity. Return the
number of bins used.
first_fit_bins(&[4, 8, 1, 4, 2, 1], 10) == 2
first_fit_bins(&[5, 5, 5], 5) == 3
*/
fn first_fit_bins(items: &[u32], capacity: u32) -> usize {
    let mut bins: Vec<u32> = Vec::new();
    for &item in items {
        let mut placed = false;
        for load in bins.iter_mut() {
            if *load + item <= capacity {
                *load += item;
                placed = true;
                break;
            }
        }
        if !placed {
            bins.push(item);
        }
    }
    bins.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_first_fit_bins() {
        assert_eq!(first_fit_bins(&[4, 8, 1, 4, 2, 1], 10), 2);
        assert_eq!(first_fit_bins(&[5, 5, 5], 5), 3);
        assert_eq!(first_fit_bins(&[], 10), 0);
        assert_eq!(first_fit_bins(&[1, 1, 1, 1], 4), 1);
        assert_eq!(first_fit_bins(&[6, 6, 2, 2, 2], 8), 3);
    }

}
