#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return the index of the point closest to target by Manhattan distance
(|dx| + |dy|); on ties the lowest index wins. Return None when there are
no points.
manhattan_closest(&[(0, 0), (3, 4), (1, 1)], (2, 2)) == Some(2)
manhattan_closest(&[(5, 0), (0, 5)], (0, 0)) == Some(0)
manhattan_closest(&[], (1, 1)) == None
*/
fn manhattan_closest(points: &[(i32, i32)], target: (i32, i32)) -> Option<usize> {
    let mut best: Option<(usize, i32)> = None;
    for (i, &(x, y)) in points.iter().enumerate() {
        let dist = (x - target.0).abs() + (y - target.1).abs();
        match best {
            Some((_, d)) if d <= dist => {}
            _ => best = Some((i, dist)),
        }
    }
    best.map(|(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_manhattan_closest() {
        assert_eq!(manhattan_closest(&[(0, 0), (3, 4), (1, 1)], (2, 2)), Some(2));
        assert_eq!(manhattan_closest(&[(5, 0), (0, 5)], (0, 0)), Some(0));
        assert_eq!(manhattan_closest(&[], (1, 1)), None);
        assert_eq!(manhattan_closest(&[(0, 10), (4, 1)], (3, 9)), Some(0));
        assert_eq!(manhattan_closest(&[(1, -5), (2, 0)], (1, -4)), Some(0));
    }

}
