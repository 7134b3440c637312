#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
heights are the heights of the bars of a histogram, each bar of width 1.
Return the area of the largest axis-aligned rectangle that fits inside the
histogram.
largest_rectangle_area(&[2, 1, 5, 6, 2, 3]) == 10
largest_rectangle_area(&[2, 4]) == 4
largest_rectangle_area(&[]) == 0
*/
fn largest_rectangle_area(heights: &[u64]) -> u64 {
    let mut stack: Vec<usize> = Vec::new();
    let mut best = 0;
    for i in 0..=heights.len() {
        let h = if i == heights.len() { 0 } else { heights[i] };
        while let Some(&top) = stack.last() {
            if heights[top] < h {
                break;
            }
            stack.pop();
            let width = match stack.last() {
                Some(&left) => i - left - 1,
                None => i,
            };
            best = best.max(heights[top] * width as u64);
        }
        stack.push(i);
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_largest_rectangle_area() {
        assert_eq!(largest_rectangle_area(&[2, 4]), 4);
        assert_eq!(largest_rectangle_area(&[]), 0);
        assert_eq!(largest_rectangle_area(&[2, 1, 5, 6, 2, 3]), 10);
        assert_eq!(largest_rectangle_area(&[3]), 3);
        assert_eq!(largest_rectangle_area(&[2, 2, 2]), 6);
        assert_eq!(largest_rectangle_area(&[6, 2, 5, 4, 5, 1, 6]), 12);
        assert_eq!(largest_rectangle_area(&[1, 3, 1]), 3);
    }

}
