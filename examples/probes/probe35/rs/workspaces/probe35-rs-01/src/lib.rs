#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
 Encode text with the rail fence cipher: write its characters in a zigzag over
 `rails` rows (down from the top row to the bottom row, then back up to the top,
 and so on), then read the rows one after another from top to bottom.
 With a single rail the text is returned unchanged.
 rail_fence_encode("WEAREDISCOVERED", 3) == "WECRERDSOEEAIVD"
*/
fn rail_fence_encode(text: &str, rails: usize) -> String {
    let mut rows: Vec<String> = vec![String::new(); rails];
    let mut row = 0;
    let mut down = true;
    for c in text.chars() {
        rows[row].push(c);
        if down {
            row += 1;
        } else {
            row -= 1;
        }
        if row == 0 || row == rails - 1 {
            down = !down;
        }
    }
    rows.concat()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_rail_fence_encode() {
        assert!(rail_fence_encode("WEAREDISCOVERED", 3) == "WECRERDSOEEAIVD");
        assert!(rail_fence_encode("HELLO", 2) == "HLOEL");
        assert!(rail_fence_encode("ABCDEFG", 4) == "AGBFCED");
        assert!(rail_fence_encode("AB", 5) == "AB");
        assert!(rail_fence_encode("", 3) == "");
        assert!(rail_fence_encode("HELLO", 1) == "HELLO");
    }

}
