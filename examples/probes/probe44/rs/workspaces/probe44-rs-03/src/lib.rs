#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Merge several queues fairly: take the first item of every list in turn, then
the second item of every list, and so on. A list that has run out is simply
skipped while the others continue, so every item appears exactly once.

    interleave(&[vec![1, 2, 3], vec![10], vec![20, 21]]) == vec![1, 10, 20, 2, 21, 3]
*/
pub fn interleave<T: Clone>(lists: &[Vec<T>]) -> Vec<T> {
    let longest = lists.iter().map(|l| l.len()).max().unwrap_or(0);
    let total: usize = lists.iter().map(|l| l.len()).sum();
    let mut out = Vec::with_capacity(total);
    for round in 0..longest {
        for list in lists {
            if round < list.len() {
                out.push(list[round].clone());
            } else {
                break;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_interleave() {
        assert_eq!(interleave(&[vec![1, 2, 3], vec![10], vec![20, 21]]), vec![1, 10, 20, 2, 21, 3]);
        assert_eq!(interleave::<i32>(&[]), Vec::<i32>::new());
        assert_eq!(interleave(&[vec!["a", "b"]]), vec!["a", "b"]);
        assert_eq!(interleave(&[vec![], vec![5, 6]]), vec![5, 6]);
        assert_eq!(interleave(&[vec![1], vec![2, 3], vec![4, 5, 6]]), vec![1, 2, 4, 3, 5, 6]);
    }

}
