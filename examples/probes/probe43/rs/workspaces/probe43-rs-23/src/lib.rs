#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
All subsets of items, each keeping the items' input order, listed by
size and, within a size, lexicographically by the positions of the chosen
items.
power_set(&[1, 2, 3]) == [[], [1], [2], [3], [1, 2], [1, 3], [2, 3], [1, 2, 3]]
*/
fn power_set(items: &[i32]) -> Vec<Vec<i32>> {
    let n = items.len();
    let mut subsets: Vec<Vec<usize>> = Vec::new();
    for mask in 0..(1u32 << n) {
        let mut idx = Vec::new();
        for i in 0..n {
            if mask & (1 << i) != 0 {
                idx.push(i);
            }
        }
        subsets.push(idx);
    }
    subsets.sort_by(|a, b| a.len().cmp(&b.len()).then_with(|| b.cmp(a)));
    subsets
        .into_iter()
        .map(|idx| idx.iter().map(|&i| items[i]).collect())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_power_set() {
        assert_eq!(
            power_set(&[1, 2, 3]),
            vec![vec![], vec![1], vec![2], vec![3], vec![1, 2], vec![1, 3], vec![2, 3], vec![1, 2, 3]]
        );
        assert_eq!(power_set(&[]), vec![Vec::<i32>::new()]);
        assert_eq!(power_set(&[7]), vec![vec![], vec![7]]);
        assert_eq!(power_set(&[5, 5]), vec![vec![], vec![5], vec![5], vec![5, 5]]);
        assert_eq!(power_set(&[3, 1]), vec![vec![], vec![3], vec![1], vec![3, 1]]);
        assert_eq!(power_set(&[1, 2, 3, 4]).len(), 16);
    }

}
