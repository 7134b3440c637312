#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
 Given the scores of players, return each player's dense rank: the highest score
 has rank 1, equal scores share the same rank, and each lower distinct score gets
 the next rank, with no gaps.
 dense_rank(&vec![100, 90, 90, 80]) == vec![1, 2, 2, 3]
*/
fn dense_rank(scores: &Vec<i32>) -> Vec<usize> {
    let mut distinct = scores.clone();
    distinct.sort_by(|a, b| b.cmp(a));
    distinct.dedup();
    let mut ranks = Vec::new();
    for s in scores {
        let position = distinct.iter().position(|d| d == s).unwrap();
        ranks.push(position + 1);
    }
    ranks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_dense_rank() {
        assert!(dense_rank(&vec![100, 90, 90, 80]) == vec![1, 2, 2, 3]);
        assert!(dense_rank(&vec![]) == Vec::<usize>::new());
        assert!(dense_rank(&vec![5]) == vec![1]);
        assert!(dense_rank(&vec![3, 3, 3]) == vec![1, 1, 1]);
        assert!(dense_rank(&vec![10, 20, 30]) == vec![3, 2, 1]);
        assert!(dense_rank(&vec![50, 70, 50, 60, 70]) == vec![3, 1, 3, 2, 1]);
    }

}
