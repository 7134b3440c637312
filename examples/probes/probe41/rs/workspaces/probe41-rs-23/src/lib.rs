#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return the 1-based numbers of the lines of text that end in whitespace
(a space or a tab), in order. Lines are separated by '\n'; a line made only
of spaces or tabs counts too.
trailing_space_lines("a \nb\nc\t") == vec![1, 3]
trailing_space_lines("  \nx") == vec![1]
trailing_space_lines("clean\ntext") == Vec::<usize>::new()
*/
fn trailing_space_lines(text: &str) -> Vec<usize> {
    let mut out = Vec::new();
    for (i, line) in text.split('\n').enumerate() {
        if (line.ends_with(' ') || line.ends_with('\t')) && !line.trim().is_empty() {
            out.push(i + 1);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_trailing_space_lines() {
        assert_eq!(trailing_space_lines("a \nb\nc\t"), vec![1, 3]);
        assert_eq!(trailing_space_lines("  \nx"), vec![1]);
        assert_eq!(trailing_space_lines("clean\ntext"), Vec::<usize>::new());
        assert_eq!(trailing_space_lines(""), Vec::<usize>::new());
        assert_eq!(trailing_space_lines("a\n \n\t\nb "), vec![2, 3, 4]);
        assert_eq!(trailing_space_lines("end  \n"), vec![1]);
    }

}
