#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Sort a slice holding only the values 0, 1 and 2 in place, in one pass
(Dijkstra's Dutch national flag partition).
v = [2, 0, 2, 1, 1, 0]; sort_colors(&mut v); v == [0, 0, 1, 1, 2, 2]
*/
fn sort_colors(v: &mut [u8]) {
    let mut low = 0;
    let mut mid = 0;
    let mut high = v.len();
    while mid < high {
        match v[mid] {
            0 => {
                v.swap(low, mid);
                low += 1;
                mid += 1;
            }
            1 => mid += 1,
            _ => {
                high -= 1;
                v.swap(mid, high);
                mid += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_sort_colors() {
        let mut v = vec![2, 0, 2, 1, 1, 0];
        sort_colors(&mut v);
        assert_eq!(v, vec![0, 0, 1, 1, 2, 2]);
        let mut v: Vec<u8> = vec![];
        sort_colors(&mut v);
        assert_eq!(v, Vec::<u8>::new());
        let mut v = vec![2, 1, 2];
        sort_colors(&mut v);
        assert_eq!(v, vec![1, 2, 2]);
        let mut v = vec![2, 2, 1, 0];
        sort_colors(&mut v);
        assert_eq!(v, vec![0, 1, 2, 2]);
        let mut v = vec![1, 0];
        sort_colors(&mut v);
        assert_eq!(v, vec![0, 1]);
    }

}
