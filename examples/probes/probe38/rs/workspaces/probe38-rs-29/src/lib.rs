#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return how many triples of positions i < j < k of sides hold lengths that
can form a triangle with positive area, that is, each of the three lengths
is smaller than the sum of the other two.
count_triangles(&[2, 2, 3, 4]) == 3
count_triangles(&[4, 2, 3, 4]) == 4
count_triangles(&[1, 1, 2]) == 0
*/
fn count_triangles(sides: &[u32]) -> usize {
    let mut v = sides.to_vec();
    let mut count = 0;
    for k in (2..v.len()).rev() {
        let (mut i, mut j) = (0, k - 1);
        while i < j {
            if v[i] + v[j] > v[k] {
                count += j - i;
                j -= 1;
            } else {
                i += 1;
            }
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_count_triangles() {
        assert_eq!(count_triangles(&[2, 2, 3, 4]), 3);
        assert_eq!(count_triangles(&[4, 2, 3, 4]), 4);
        assert_eq!(count_triangles(&[1, 1, 2]), 0);
        assert_eq!(count_triangles(&[]), 0);
        assert_eq!(count_triangles(&[5, 1, 1, 1]), 1);
        assert_eq!(count_triangles(&[10, 3, 4, 5, 1]), 1);
    }

}
