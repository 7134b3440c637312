#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
For each element of v (all values are non-negative), return the nearest
element to its left that is strictly smaller than it, or -1 when there is no
such element.
previous_smaller(&[3, 1, 4, 1, 5]) == vec![-1, -1, 1, -1, 1]
previous_smaller(&[2, 2, 3]) == vec![-1, -1, 2]
previous_smaller(&[]) == vec![]
*/
fn previous_smaller(v: &[i32]) -> Vec<i32> {
    let mut stack: Vec<i32> = Vec::new();
    let mut out = Vec::with_capacity(v.len());
    for &x in v {
        while let Some(&top) = stack.last() {
            if top <= x {
                break;
            }
            stack.pop();
        }
        out.push(*stack.last().unwrap_or(&-1));
        stack.push(x);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_previous_smaller() {
        assert_eq!(previous_smaller(&[3, 1, 4, 1, 5]), vec![-1, -1, 1, -1, 1]);
        assert_eq!(previous_smaller(&[2, 2, 3]), vec![-1, -1, 2]);
        assert_eq!(previous_smaller(&[]), Vec::<i32>::new());
        assert_eq!(previous_smaller(&[1, 2, 3]), vec![-1, 1, 2]);
        assert_eq!(previous_smaller(&[5, 4, 3]), vec![-1, -1, -1]);
        assert_eq!(previous_smaller(&[0, 7, 7, 0, 7]), vec![-1, 0, 0, -1, 0]);
    }

}
