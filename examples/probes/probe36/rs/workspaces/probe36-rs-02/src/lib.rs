#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return the elements of a rectangular matrix in clockwise spiral order,
starting at the top-left corner and going right first.
spiral_order(vec![vec![1, 2, 3], vec![4, 5, 6], vec![7, 8, 9]]) == vec![1, 2, 3, 6, 9, 8, 7, 4, 5]
spiral_order(vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]]) == vec![1, 2, 3, 4, 8, 7, 6, 5]
*/
fn spiral_order(matrix: Vec<Vec<i32>>) -> Vec<i32> {
    let mut out = Vec::new();
    if matrix.is_empty() || matrix[0].is_empty() {
        return out;
    }
    let (mut top, mut left) = (0i32, 0i32);
    let mut bottom = matrix.len() as i32 - 1;
    let mut right = matrix[0].len() as i32 - 1;
    while top <= bottom && left <= right {
        for c in left..=right {
            out.push(matrix[top as usize][c as usize]);
        }
        top += 1;
        for r in top..=bottom {
            out.push(matrix[r as usize][right as usize]);
        }
        right -= 1;
        if top > bottom {
            break;
        }
        for c in (left..=right).rev() {
            out.push(matrix[bottom as usize][c as usize]);
        }
        bottom -= 1;
        for r in (top..=bottom).rev() {
            out.push(matrix[r as usize][left as usize]);
        }
        left += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_spiral_order() {
        assert!(spiral_order(vec![vec![1, 2, 3], vec![4, 5, 6], vec![7, 8, 9]]) == vec![1, 2, 3, 6, 9, 8, 7, 4, 5]);
        assert!(spiral_order(vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]]) == vec![1, 2, 3, 4, 8, 7, 6, 5]);
        assert!(spiral_order(vec![]) == vec![]);
        assert!(spiral_order(vec![vec![7]]) == vec![7]);
        assert!(spiral_order(vec![vec![1, 2, 3]]) == vec![1, 2, 3]);
        assert!(spiral_order(vec![vec![1], vec![2], vec![3]]) == vec![1, 2, 3]);
        assert!(spiral_order(vec![vec![1, 2], vec![3, 4], vec![5, 6]]) == vec![1, 2, 4, 6, 5, 3]);
        assert!(spiral_order(vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8], vec![9, 10, 11, 12]]) == vec![1, 2, 3, 4, 8, 12, 11, 10, 9, 5, 6, 7]);
    }

}
