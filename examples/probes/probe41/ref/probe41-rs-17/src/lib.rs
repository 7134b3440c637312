#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Count the clumps in values: a clump is a maximal run of two or more equal
adjacent elements.
count_clumps(&[1, 2, 2, 3, 4, 4]) == 2
count_clumps(&[1, 1, 2, 1, 1]) == 2
count_clumps(&[1, 1, 1, 1, 1]) == 1
*/
fn count_clumps(values: &[i32]) -> usize {
    let mut count = 0;
    let mut in_clump = false;
    for i in 1..values.len() {
        if values[i] == values[i - 1] {
            if !in_clump {
                count += 1;
                in_clump = true;
            }
        } else {
            in_clump = false;
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_count_clumps() {
        assert_eq!(count_clumps(&[1, 2, 2, 3, 4, 4]), 2);
        assert_eq!(count_clumps(&[1, 1, 2, 1, 1]), 2);
        assert_eq!(count_clumps(&[1, 1, 1, 1, 1]), 1);
        assert_eq!(count_clumps(&[]), 0);
        assert_eq!(count_clumps(&[5]), 0);
        assert_eq!(count_clumps(&[1, 2, 3]), 0);
        assert_eq!(count_clumps(&[2, 2, 3, 3, 3, 2, 2]), 3);
    }

}
