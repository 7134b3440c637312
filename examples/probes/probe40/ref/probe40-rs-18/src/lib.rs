#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return the largest value of each column of a matrix whose rows all have the
same length. An empty matrix gives an empty result.
column_maxima(&[vec![1, 5], vec![4, 2]]) == vec![4, 5]
column_maxima(&[vec![-3, -7]]) == vec![-3, -7]
column_maxima(&[]) == vec![]
*/
fn column_maxima(m: &[Vec<i32>]) -> Vec<i32> {
    if m.is_empty() {
        return Vec::new();
    }
    let mut out = vec![i32::MIN; m[0].len()];
    for row in m {
        for (j, &v) in row.iter().enumerate() {
            if v > out[j] {
                out[j] = v;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_column_maxima() {
        assert_eq!(column_maxima(&[vec![1, 5], vec![4, 2]]), vec![4, 5]);
        assert_eq!(column_maxima(&[vec![-3, -7]]), vec![-3, -7]);
        assert_eq!(column_maxima(&[]), Vec::<i32>::new());
        assert_eq!(column_maxima(&[vec![-1, -2], vec![-5, -1]]), vec![-1, -1]);
        assert_eq!(column_maxima(&[vec![1], vec![3], vec![2]]), vec![3]);
        assert_eq!(column_maxima(&[vec![0, 9, -4], vec![2, -1, -8], vec![1, 1, -6]]), vec![2, 9, -4]);
    }

}
