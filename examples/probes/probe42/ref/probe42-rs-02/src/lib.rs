#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return the grid cells of the line from (x0, y0) to (x1, y1), both ends
included, as drawn by Bresenham's algorithm (any direction). The line has
max(|x1 - x0|, |y1 - y0|) + 1 cells.
bresenham_line(0, 0, 3, 0) == vec![(0, 0), (1, 0), (2, 0), (3, 0)]
bresenham_line(0, 0, 4, 2) == vec![(0, 0), (1, 1), (2, 1), (3, 2), (4, 2)]
*/
fn bresenham_line(x0: i32, y0: i32, x1: i32, y1: i32) -> Vec<(i32, i32)> {
    let dx = (x1 - x0).abs();
    let dy = -(y1 - y0).abs();
    let sx = if x0 < x1 { 1 } else { -1 };
    let sy = if y0 < y1 { 1 } else { -1 };
    let mut err = dx + dy;
    let (mut x, mut y) = (x0, y0);
    let mut cells = Vec::new();
    for _ in 0..=dx.max(-dy) {
        cells.push((x, y));
        let e2 = 2 * err;
        if e2 >= dy {
            err += dy;
            x += sx;
        }
        if e2 <= dx {
            err += dx;
            y += sy;
        }
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_bresenham_line() {
        assert_eq!(bresenham_line(0, 0, 3, 0), vec![(0, 0), (1, 0), (2, 0), (3, 0)]);
        assert_eq!(bresenham_line(0, 0, 4, 2), vec![(0, 0), (1, 1), (2, 1), (3, 2), (4, 2)]);
        assert_eq!(bresenham_line(5, 5, 5, 5), vec![(5, 5)]);
        assert_eq!(bresenham_line(0, 0, 0, 2), vec![(0, 0), (0, 1), (0, 2)]);
        assert_eq!(bresenham_line(2, 2, 0, 0), vec![(2, 2), (1, 1), (0, 0)]);
        assert_eq!(bresenham_line(3, 1, -1, 1), vec![(3, 1), (2, 1), (1, 1), (0, 1), (-1, 1)]);
    }

}
