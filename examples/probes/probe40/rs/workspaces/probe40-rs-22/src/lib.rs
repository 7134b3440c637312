#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Slide the tiles of one row of the game 2048 to the left. Zeros are empty
cells. After the empty cells are removed, equal neighbouring tiles merge into
one tile of twice the value, scanning from the left; a tile takes part in at
most one merge per slide. The result has the same length as row and is
padded with zeros on the right.
slide_row_left(&[2, 2, 4, 0]) == vec![4, 4, 0, 0]
slide_row_left(&[2, 0, 2, 2]) == vec![4, 2, 0, 0]
slide_row_left(&[4, 4, 4, 4]) == vec![8, 8, 0, 0]
*/
fn slide_row_left(row: &[u32]) -> Vec<u32> {
    let tiles: Vec<u32> = row.iter().copied().collect();
    let mut out = Vec::with_capacity(row.len());
    let mut i = 0;
    while i < tiles.len() {
        if i + 1 < tiles.len() && tiles[i] == tiles[i + 1] {
            out.push(tiles[i] * 2);
            i += 2;
        } else {
            out.push(tiles[i]);
            i += 1;
        }
    }
    out.resize(row.len(), 0);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_slide_row_left() {
        assert_eq!(slide_row_left(&[2, 2, 4, 0]), vec![4, 4, 0, 0]);
        assert_eq!(slide_row_left(&[2, 0, 2, 2]), vec![4, 2, 0, 0]);
        assert_eq!(slide_row_left(&[4, 4, 4, 4]), vec![8, 8, 0, 0]);
        assert_eq!(slide_row_left(&[0, 0, 0, 2]), vec![2, 0, 0, 0]);
        assert_eq!(slide_row_left(&[2, 4, 8, 16]), vec![2, 4, 8, 16]);
        assert_eq!(slide_row_left(&[]), Vec::<u32>::new());
        assert_eq!(slide_row_left(&[8, 0, 0, 8]), vec![16, 0, 0, 0]);
    }

}
