#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
 Count the key presses needed to type a text on an old phone keypad with
 multi-tap: key 2 has "abc", 3 "def", 4 "ghi", 5 "jkl", 6 "mno", 7 "pqrs", 8 "tuv"
 and 9 "wxyz", and a letter takes as many presses as its position on its key
 (a = 1, b = 2, c = 3, s = 4, ...). Letters may be in either case. A space takes
 one press; any other character takes none.
 keypad_presses("hello") == 13
*/
fn keypad_presses(text: &str) -> u32 {
    let keys = ["abc", "def", "ghi", "jkl", "mno", "pqrs", "tuv", "wxyz"];
    let mut presses = 0;
    for c in text.chars() {
        let letter = c.to_ascii_lowercase();
        if letter == ' ' {
            presses += 1;
            continue;
        }
        for key in keys.iter() {
            if let Some(position) = key.find(letter) {
                presses += position as u32 + 1;
                break;
            }
        }
    }
    presses
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_keypad_presses() {
        assert!(keypad_presses("") == 0);
        assert!(keypad_presses("a") == 1);
        assert!(keypad_presses("c") == 3);
        assert!(keypad_presses("s") == 4);
        assert!(keypad_presses("hello") == 13);
        assert!(keypad_presses("Hi There") == 16);
        assert!(keypad_presses("z!") == 4);
        assert!(keypad_presses("WXYZ") == 10);
    }

}
