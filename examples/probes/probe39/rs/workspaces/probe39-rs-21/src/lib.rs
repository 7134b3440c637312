#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return the 1-based numbers of the lines of text (separated by '\n') that
are longer than limit characters. Every character counts, including spaces
at the start or the end of a line.
lines_over_limit("short\nthis one is long\nok", 6) == vec![2]
lines_over_limit("abc   \n  abc", 4) == vec![1, 2]
lines_over_limit("", 0) == vec![]
*/
fn lines_over_limit(text: &str, limit: usize) -> Vec<usize> {
    let mut result = Vec::new();
    for (i, line) in text.split('\n').enumerate() {
        let line = line.trim();
        if line.chars().count() > limit {
            result.push(i + 1);
        }
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_lines_over_limit() {
        assert_eq!(lines_over_limit("short\nthis one is long\nok", 6), vec![2]);
        assert_eq!(lines_over_limit("abc   \n  abc", 4), vec![1, 2]);
        assert_eq!(lines_over_limit("", 0), Vec::<usize>::new());
        assert_eq!(lines_over_limit("héllo", 4), vec![1]);
        assert_eq!(lines_over_limit("a\n\nbb\n", 1), vec![3]);
        assert_eq!(lines_over_limit("    \nx", 3), vec![1]);
    }

}
