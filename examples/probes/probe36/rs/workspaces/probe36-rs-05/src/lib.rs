#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Each element of nums is the longest jump that can be made forward from that
position. Starting at index 0, return true if the last index can be reached.
can_reach_end(vec![2, 3, 1, 1, 4]) == true
can_reach_end(vec![3, 2, 1, 0, 4]) == false
*/
fn can_reach_end(nums: Vec<usize>) -> bool {
    let mut reach = 0;
    for (i, &jump) in nums.iter().enumerate() {
        reach = max(reach, i + jump);
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_can_reach_end() {
        assert!(can_reach_end(vec![2, 3, 1, 1, 4]) == true);
        assert!(can_reach_end(vec![3, 2, 1, 0, 4]) == false);
        assert!(can_reach_end(vec![0]) == true);
        assert!(can_reach_end(vec![]) == true);
        assert!(can_reach_end(vec![0, 1]) == false);
        assert!(can_reach_end(vec![1, 0, 1]) == false);
        assert!(can_reach_end(vec![2, 0, 0]) == true);
        assert!(can_reach_end(vec![1, 1, 1, 1]) == true);
    }

}
