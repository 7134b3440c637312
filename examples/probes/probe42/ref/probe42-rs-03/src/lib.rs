#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return the determinant of a square integer matrix given as a slice of rows,
by cofactor expansion along the first row. The empty matrix has
determinant 1.
determinant(&[vec![1, 2], vec![3, 4]]) == -2
determinant(&[vec![2, 0], vec![0, 3]]) == 6
*/
fn determinant(m: &[Vec<i64>]) -> i64 {
    let n = m.len();
    if n == 0 {
        return 1;
    }
    if n == 1 {
        return m[0][0];
    }
    let mut total = 0;
    for col in 0..n {
        let minor: Vec<Vec<i64>> = m[1..]
            .iter()
            .map(|row| {
                row.iter()
                    .enumerate()
                    .filter(|&(j, _)| j != col)
                    .map(|(_, &v)| v)
                    .collect()
            })
            .collect();
        let sign = if col % 2 == 0 { 1 } else { -1 };
        total += sign * m[0][col] * determinant(&minor);
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_determinant() {
        assert_eq!(determinant(&[vec![1, 2], vec![3, 4]]), -2);
        assert_eq!(determinant(&[vec![2, 0], vec![0, 3]]), 6);
        assert_eq!(determinant(&[]), 1);
        assert_eq!(determinant(&[vec![-7]]), -7);
        assert_eq!(determinant(&[vec![1, 0, 0], vec![0, 1, 0], vec![0, 0, 1]]), 1);
        assert_eq!(determinant(&[vec![6, 1, 1], vec![4, -2, 5], vec![2, 8, 7]]), -306);
        assert_eq!(determinant(&[vec![2, 3], vec![4, 6]]), 0);
    }

}
