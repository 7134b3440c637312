#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return the value that occurs at more than half of the positions of nums, or
None if there is no such value.
majority_element(&[2, 2, 1, 1, 1, 2, 2]) == Some(2)
majority_element(&[1, 2, 3]) == None
*/
fn majority_element(nums: &[i32]) -> Option<i32> {
    let mut candidate = 0;
    let mut count = 0;
    for &x in nums {
        if count == 0 {
            candidate = x;
        }
        if x == candidate {
            count += 1;
        } else {
            count -= 1;
        }
    }
    let occurrences = nums.iter().filter(|&&x| x == candidate).count();
    if occurrences * 2 > nums.len() {
        Some(candidate)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_majority_element() {
        assert!(majority_element(&[2, 2, 1, 1, 1, 2, 2]) == Some(2));
        assert!(majority_element(&[1, 2, 3]) == None);
        assert!(majority_element(&[]) == None);
        assert!(majority_element(&[5]) == Some(5));
        assert!(majority_element(&[1, 1, 2]) == Some(1));
        assert!(majority_element(&[1, 2]) == None);
        assert!(majority_element(&[3, 3, 4, 4]) == None);
        assert!(majority_element(&[4, 4, 4, 1, 2, 3]) == None);
        assert!(majority_element(&[7, 1, 7, 2, 7]) == Some(7));
    }

}
