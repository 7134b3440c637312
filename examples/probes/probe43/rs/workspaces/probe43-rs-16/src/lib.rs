#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Lay out (label, value) pairs as lines of exactly width characters: the
label on the left, the value on the right and dots in between. There are
always at least three dots, so a line that would not fit is longer than
width. Widths count chars, not bytes.
dot_leader_lines(&[("Intro", "1")], 12) == ["Intro......1"]
*/
fn dot_leader_lines(pairs: &[(&str, &str)], width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    for &(label, value) in pairs {
        let used = label.len() + value.chars().count();
        let dots = if used + 3 <= width { width - used } else { 3 };
        let mut line = String::with_capacity(width);
        line.push_str(label);
        line.push_str(&".".repeat(dots));
        line.push_str(value);
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_dot_leader_lines() {
        assert_eq!(dot_leader_lines(&[("Intro", "1")], 12), vec!["Intro......1"]);
        assert_eq!(dot_leader_lines(&[], 10), Vec::<String>::new());
        assert_eq!(dot_leader_lines(&[("Café", "12")], 10), vec!["Café....12"]);
        assert_eq!(dot_leader_lines(&[("Long label", "99")], 8), vec!["Long label...99"]);
        assert_eq!(
            dot_leader_lines(&[("A", "1"), ("Résumé", "20")], 11),
            vec!["A.........1", "Résumé...20"]
        );
    }

}
