#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Tell whether a chessboard square, named by a file letter 'a'..='h' followed
by a rank digit '1'..='8' (like "e4"), is a dark square. Square a1 is dark.
Return None for anything that is not a valid square name.
square_is_dark("a1") == Some(true)
square_is_dark("h1") == Some(false)
square_is_dark("e4") == Some(false)
square_is_dark("i9") == None
*/
fn square_is_dark(name: &str) -> Option<bool> {
    let chars: Vec<char> = name.chars().collect();
    if chars.len() != 2 {
        return None;
    }
    let (file, rank) = (chars[0], chars[1]);
    if !('a'..='h').contains(&file) || !('1'..='8').contains(&rank) {
        return None;
    }
    let x = file as u32 - 'a' as u32;
    let y = rank as u32 - '1' as u32;
    Some((x + y) % 2 == 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_square_is_dark() {
        assert_eq!(square_is_dark("i9"), None);
        assert_eq!(square_is_dark(""), None);
        assert_eq!(square_is_dark("a10"), None);
        assert_eq!(square_is_dark("a1"), Some(true));
        assert_eq!(square_is_dark("h1"), Some(false));
        assert_eq!(square_is_dark("e4"), Some(false));
        assert_eq!(square_is_dark("h8"), Some(true));
        assert_eq!(square_is_dark("d5"), Some(false));
    }

}
