#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
 Return the number of inversions in a list: pairs of positions i < j with
 values[i] > values[j]. Equal values do not form an inversion.
 count_inversions(&[2, 4, 1, 3, 5]) == 3
*/
fn count_inversions(values: &[i32]) -> usize {
    let mut count = 0;
    for i in 0..values.len() {
        for j in (i + 1)..values.len() {
            if values[i] > values[j] {
                count += 1;
                break;
            }
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_count_inversions() {
        assert!(count_inversions(&[]) == 0);
        assert!(count_inversions(&[1, 2, 3]) == 0);
        assert!(count_inversions(&[2, 4, 1, 3, 5]) == 3);
        assert!(count_inversions(&[3, 2, 1]) == 3);
        assert!(count_inversions(&[1, 1, 1]) == 0);
        assert!(count_inversions(&[5, 1, 1, 2]) == 3);
        assert!(count_inversions(&[4, 3, 2, 1]) == 6);
    }

}
