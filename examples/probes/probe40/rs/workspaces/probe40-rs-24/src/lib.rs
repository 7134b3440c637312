#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return true if m is a square matrix (every row has as many entries as there
are rows) that is equal to its own transpose. The empty matrix is symmetric.
is_symmetric(&[vec![1, 2], vec![2, 3]]) == true
is_symmetric(&[vec![1, 2], vec![3, 1]]) == false
is_symmetric(&[vec![1, 2, 3]]) == false
*/
fn is_symmetric(m: &[Vec<i32>]) -> bool {
    let n = m.len();
    for i in 0..n {
        if m.len() != n {
            return false;
        }
        for j in 0..i {
            if m[i][j] != m[j][i] {
                return false;
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_is_symmetric() {
        assert_eq!(is_symmetric(&[vec![1, 2], vec![2, 3]]), true);
        assert_eq!(is_symmetric(&[vec![1, 2], vec![3, 1]]), false);
        assert_eq!(is_symmetric(&[vec![1, 2, 3]]), false);
        assert_eq!(is_symmetric(&[]), true);
        assert_eq!(is_symmetric(&[vec![5]]), true);
        assert_eq!(is_symmetric(&[vec![1, 2], vec![2]]), false);
        assert_eq!(is_symmetric(&[vec![1, 7, 3], vec![7, 4, 5], vec![3, 5, 6]]), true);
        assert_eq!(is_symmetric(&[vec![1, 7, 3], vec![7, 4, 5], vec![3, 6, 6]]), false);
    }

}
