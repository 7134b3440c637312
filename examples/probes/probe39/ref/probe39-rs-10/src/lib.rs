#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return the length of the longest contiguous stretch of v in which the
differences between neighbours are all nonzero and alternate in sign
(up, down, up, ... or down, up, down, ...). A single element is a stretch
of length 1.
longest_zigzag(&[1, 3, 2, 4, 3]) == 5
longest_zigzag(&[1, 2, 3, 4]) == 2
longest_zigzag(&[5, 5, 5]) == 1
longest_zigzag(&[]) == 0
*/
fn longest_zigzag(v: &[i32]) -> usize {
    if v.is_empty() {
        return 0;
    }
    let mut best = 1;
    let mut current = 1;
    let mut last_sign = 0;
    for i in 1..v.len() {
        let sign = (v[i] - v[i - 1]).signum();
        if sign == 0 {
            current = 1;
        } else if sign != last_sign {
            current += 1;
        } else {
            current = 2;
        }
        last_sign = sign;
        best = best.max(current);
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_longest_zigzag() {
        assert_eq!(longest_zigzag(&[1, 3, 2, 4, 3]), 5);
        assert_eq!(longest_zigzag(&[1, 2, 3, 4]), 2);
        assert_eq!(longest_zigzag(&[5, 5, 5]), 1);
        assert_eq!(longest_zigzag(&[]), 0);
        assert_eq!(longest_zigzag(&[7]), 1);
        assert_eq!(longest_zigzag(&[3, 1, 2, 2, 5, 1, 6, 0]), 5);
        assert_eq!(longest_zigzag(&[1, 2, 3, 2, 1]), 3);
    }

}
