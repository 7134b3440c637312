#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
nums[i] is the longest jump forward allowed from index i of the non-empty
slice nums. Starting at index 0, return the least number of jumps needed to
reach the last index, or None when it cannot be reached. A slice with one
element needs 0 jumps.
min_jumps(&[2, 3, 1, 1, 4]) == Some(2)
min_jumps(&[3, 2, 1, 0, 4]) == None
*/
fn min_jumps(nums: &[usize]) -> Option<usize> {
    let last = nums.len() - 1;
    let mut jumps = 0;
    let mut current_end = 0;
    let mut farthest = 0;
    for i in 0..last {
        if i > farthest {
            return None;
        }
        farthest = max(farthest, i + nums[i]);
        if i == current_end {
            jumps += 1;
            current_end = farthest;
            if current_end >= last {
                break;
            }
        }
    }
    if farthest >= last {
        Some(jumps)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_min_jumps() {
        assert!(min_jumps(&[2, 3, 1, 1, 4]) == Some(2));
        assert!(min_jumps(&[3, 2, 1, 0, 4]) == None);
        assert!(min_jumps(&[0]) == Some(0));
        assert!(min_jumps(&[0, 1]) == None);
        assert!(min_jumps(&[1, 1, 1, 1]) == Some(3));
        assert!(min_jumps(&[5, 1, 1, 1, 1]) == Some(1));
        assert!(min_jumps(&[1, 2, 0, 1]) == Some(2));
        assert!(min_jumps(&[2, 0, 2, 0, 1]) == Some(2));
    }

}
