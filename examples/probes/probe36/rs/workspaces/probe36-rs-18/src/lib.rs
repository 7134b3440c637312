#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Decode a 10-character boarding pass. The first 7 characters are 'F' (front,
lower half) or 'B' (back, upper half) and give the row, 0 to 127, in binary;
the last 3 are 'L' (lower half) or 'R' (upper half) and give the column, 0 to
7. Return row * 8 + column.
seat_id("FBFBBFFRLR") == 357      (row 44, column 5)
seat_id("BFFFBBFRRR") == 567      (row 70, column 7)
*/
fn seat_id(pass: &str) -> u32 {
    let mut row = 0;
    let mut col = 0;
    for (i, c) in pass.chars().enumerate() {
        if i <= 7 {
            row = row * 2 + if c == 'B' { 1 } else { 0 };
        } else {
            col = col * 2 + if c == 'R' { 1 } else { 0 };
        }
    }
    row * 8 + col
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_seat_id() {
        assert!(seat_id("FBFBBFFRLR") == 357);
        assert!(seat_id("BFFFBBFRRR") == 567);
        assert!(seat_id("FFFBBBFRRR") == 119);
        assert!(seat_id("BBFFBBFRLL") == 820);
        assert!(seat_id("FFFFFFFLLL") == 0);
        assert!(seat_id("BBBBBBBRRR") == 1023);
    }

}
