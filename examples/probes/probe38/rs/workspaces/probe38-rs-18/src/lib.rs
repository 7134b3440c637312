#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return true when the numbers in nums can be split into two groups with equal
sums, every element going to exactly one of the groups. An empty slice splits
into two empty groups.
can_partition_equal(&[1, 5, 11, 5]) == true
can_partition_equal(&[1, 2, 4]) == false
*/
fn can_partition_equal(nums: &[u32]) -> bool {
    let total: u32 = nums.iter().sum();
    let target = (total / 2) as usize;
    let mut reachable = vec![false; target + 1];
    reachable[0] = true;
    for &x in nums {
        let x = x as usize;
        for s in (x..=target).rev() {
            if reachable[s - x] {
                reachable[s] = true;
            }
        }
    }
    reachable[target]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_can_partition_equal() {
        assert!(can_partition_equal(&[1, 5, 11, 5]));
        assert!(can_partition_equal(&[]));
        assert!(!can_partition_equal(&[1, 2, 3, 5]));
        assert!(can_partition_equal(&[2, 2]));
        assert!(!can_partition_equal(&[1, 2, 4]));
        assert!(!can_partition_equal(&[3]));
        assert!(can_partition_equal(&[0, 0]));
    }

}
