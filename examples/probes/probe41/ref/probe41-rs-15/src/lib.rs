#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Draw a box around lines of text. The box is a border line "+--...--+" with
two more dashes than the longest line has characters (chars, not bytes),
then every line as "| line |", padded on the right with spaces to the
longest line's length, then the border again.
box_text(&["hi"]) == vec!["+----+", "| hi |", "+----+"]
box_text(&["a", "abc"]) == vec!["+-----+", "| a   |", "| abc |", "+-----+"]
box_text(&[]) == vec!["+--+", "+--+"]
*/
fn box_text(lines: &[&str]) -> Vec<String> {
    let width = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let border = format!("+{}+", "-".repeat(width + 2));
    let mut out = vec![border.clone()];
    for line in lines {
        let pad = width - line.chars().count();
        out.push(format!("| {}{} |", line, " ".repeat(pad)));
    }
    out.push(border);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_box_text() {
        assert_eq!(box_text(&["hi"]), vec!["+----+", "| hi |", "+----+"]);
        assert_eq!(box_text(&["a", "abc"]), vec!["+-----+", "| a   |", "| abc |", "+-----+"]);
        assert_eq!(box_text(&[]), vec!["+--+", "+--+"]);
        assert_eq!(box_text(&["é"]), vec!["+---+", "| é |", "+---+"]);
        assert_eq!(box_text(&["naïve", "ok"]), vec!["+-------+", "| naïve |", "| ok    |", "+-------+"]);
        assert_eq!(box_text(&["", "x"]), vec!["+---+", "|   |", "| x |", "+---+"]);
    }

}
