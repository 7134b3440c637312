#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return the (row, column) positions of all saddle points of a matrix: cells
that are greater than or equal to every cell in their row and less than or
equal to every cell in their column. Positions are listed row by row, left
to right.
saddle_points(&[vec![9, 8, 7], vec![5, 3, 2], vec![6, 6, 7]]) == vec![(1, 0)]
saddle_points(&[vec![1, 2], vec![3, 4]]) == vec![(0, 1)]
*/
fn saddle_points(m: &[Vec<i32>]) -> Vec<(usize, usize)> {
    let mut result = Vec::new();
    for (r, row) in m.iter().enumerate() {
        for (c, &value) in row.iter().enumerate() {
            let row_max = row.iter().all(|&x| x <= value);
            let col_min = m.iter().all(|other| other[c] >= value);
            if row_max && col_min {
                result.push((r, c));
            }
        }
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_saddle_points() {
        assert_eq!(saddle_points(&[vec![9, 8, 7], vec![5, 3, 2], vec![6, 6, 7]]), vec![(1, 0)]);
        assert_eq!(saddle_points(&[vec![1, 2], vec![3, 4]]), vec![(0, 1)]);
        assert_eq!(saddle_points(&[]), vec![]);
        assert_eq!(saddle_points(&[vec![5, 5], vec![5, 5]]), vec![(0, 0), (0, 1), (1, 0), (1, 1)]);
        assert_eq!(saddle_points(&[vec![1, 2, 3], vec![3, 1, 2], vec![2, 3, 1]]), vec![]);
        assert_eq!(saddle_points(&[vec![4]]), vec![(0, 0)]);
    }

}
