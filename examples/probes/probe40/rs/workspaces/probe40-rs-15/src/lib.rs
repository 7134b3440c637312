#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return the value of v that is closest to zero; when a negative and a positive
value are equally close, return the positive one. Return None for an empty
slice.
closest_to_zero(&[7, -2, 5]) == Some(-2)
closest_to_zero(&[-4, 4, 9]) == Some(4)
closest_to_zero(&[]) == None
*/
fn closest_to_zero(v: &[i32]) -> Option<i32> {
    let mut best: Option<i32> = None;
    for &x in v {
        best = match best {
            None => Some(x),
            Some(b) if x.abs() < b.abs() || (x.abs() == b.abs() && x > b) => Some(x),
            keep => keep,
        };
    }
    best.map(|b| b.abs())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_closest_to_zero() {
        assert_eq!(closest_to_zero(&[7, -2, 5]), Some(-2));
        assert_eq!(closest_to_zero(&[-4, 4, 9]), Some(4));
        assert_eq!(closest_to_zero(&[]), None);
        assert_eq!(closest_to_zero(&[-3]), Some(-3));
        assert_eq!(closest_to_zero(&[10, -10]), Some(10));
        assert_eq!(closest_to_zero(&[-1, 2, -1]), Some(-1));
        assert_eq!(closest_to_zero(&[0, 5]), Some(0));
    }

}
