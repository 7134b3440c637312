#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return the numbers sorted by how many 1 bits their binary form has, fewest
first; numbers with the same count of 1 bits are sorted by value.
sort_by_bits(&[0, 1, 2, 3, 4, 5, 6, 7, 8]) == vec![0, 1, 2, 4, 8, 3, 5, 6, 7]
sort_by_bits(&[7, 8, 3]) == vec![8, 3, 7]
*/
fn sort_by_bits(v: &[u32]) -> Vec<u32> {
    let mut sorted = v.to_vec();
    sorted.sort_by_key(|&x| (x.count_zeros(), x));
    sorted
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_sort_by_bits() {
        assert_eq!(sort_by_bits(&[0, 1, 2, 3, 4, 5, 6, 7, 8]), vec![0, 1, 2, 4, 8, 3, 5, 6, 7]);
        assert_eq!(sort_by_bits(&[7, 8, 3]), vec![8, 3, 7]);
        assert_eq!(sort_by_bits(&[]), Vec::<u32>::new());
        assert_eq!(sort_by_bits(&[1024, 1023, 1]), vec![1, 1024, 1023]);
        assert_eq!(sort_by_bits(&[5, 3, 6]), vec![3, 5, 6]);
    }

}
