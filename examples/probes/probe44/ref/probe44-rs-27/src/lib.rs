#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Fully justify one line of words to `width` columns. Words are separated by
at least one space and the remaining spaces are spread over the gaps, the
leftmost gaps getting one more when they do not divide evenly. A single word
is padded on the right. Words that do not fit with single spaces are returned
joined by single spaces.

    justify(&["a", "bb", "ccc"], 13) == "a    bb   ccc"
*/
pub fn justify(words: &[&str], width: usize) -> String {
    if words.is_empty() {
        return " ".repeat(width);
    }
    let letters: usize = words.iter().map(|w| w.chars().count()).sum();
    let gaps = words.len() - 1;
    if gaps == 0 || letters + gaps >= width {
        let line = words.join(" ");
        let pad = width.saturating_sub(line.chars().count());
        return line + &" ".repeat(pad);
    }
    let spaces = width - letters;
    let base = spaces / gaps;
    let extra = spaces % gaps;
    let mut out = String::with_capacity(width);
    for (i, w) in words.iter().enumerate() {
        out.push_str(w);
        if i < gaps {
            let n = base + if i < extra { 1 } else { 0 };
            out.push_str(&" ".repeat(n));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_justify() {
        assert_eq!(justify(&["a", "bb", "ccc"], 13), "a    bb   ccc");
        assert_eq!(justify(&["a", "bb", "ccc"], 12), "a   bb   ccc");
        assert_eq!(justify(&["word"], 8), "word    ");
        assert_eq!(justify(&["too", "long", "here"], 10), "too long here");
        assert_eq!(justify(&["x", "y", "z", "w"], 11), "x   y  z  w");
        assert_eq!(justify(&[], 3), "   ");
    }

}
