#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Walk a cursor on a width x height board whose edges wrap around (a torus),
starting at (0, 0). Each character of moves is one step: 'U' (y - 1),
'D' (y + 1), 'L' (x - 1) or 'R' (x + 1); other characters are ignored.
Return the final position, which always satisfies 0 <= x < width and
0 <= y < height.
wrap_walk("RRD", 5, 4) == (2, 1)
wrap_walk("U", 5, 4) == (0, 3)
wrap_walk("LL", 3, 3) == (1, 0)
*/
fn wrap_walk(moves: &str, width: i32, height: i32) -> (i32, i32) {
    let (mut x, mut y): (i32, i32) = (0, 0);
    for c in moves.chars() {
        let (dx, dy) = match c {
            'U' => (0, -1),
            'D' => (0, 1),
            'L' => (-1, 0),
            'R' => (1, 0),
            _ => continue,
        };
        x = (x + dx).rem_euclid(width);
        y = (y + dy).rem_euclid(height);
    }
    (x, y)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_wrap_walk() {
        assert_eq!(wrap_walk("RRD", 5, 4), (2, 1));
        assert_eq!(wrap_walk("U", 5, 4), (0, 3));
        assert_eq!(wrap_walk("LL", 3, 3), (1, 0));
        assert_eq!(wrap_walk("DDDDD", 5, 4), (0, 1));
        assert_eq!(wrap_walk("RxRyR", 2, 2), (1, 0));
        assert_eq!(wrap_walk("", 3, 3), (0, 0));
        assert_eq!(wrap_walk("UUUUUD", 4, 3), (0, 2));
    }

}
