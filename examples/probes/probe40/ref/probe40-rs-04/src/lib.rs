#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Buildings stand in a row with the given heights and are seen from the left
end of the row. A building is visible when it is taller than every building
before it. Return the number of visible buildings.
visible_from_left(&[3, 1, 4, 1, 5]) == 3
visible_from_left(&[2, 2, 2]) == 1
visible_from_left(&[]) == 0
*/
fn visible_from_left(heights: &[i32]) -> usize {
    let mut count = 0;
    let mut tallest = i32::MIN;
    for &h in heights {
        if h > tallest {
            count += 1;
            tallest = h;
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_visible_from_left() {
        assert_eq!(visible_from_left(&[3, 1, 4, 1, 5]), 3);
        assert_eq!(visible_from_left(&[2, 2, 2]), 1);
        assert_eq!(visible_from_left(&[]), 0);
        assert_eq!(visible_from_left(&[1, 2, 3]), 3);
        assert_eq!(visible_from_left(&[5, 4, 3]), 1);
        assert_eq!(visible_from_left(&[-3, -5, -1]), 2);
        assert_eq!(visible_from_left(&[1, 1, 2, 2, 3]), 3);
    }

}
