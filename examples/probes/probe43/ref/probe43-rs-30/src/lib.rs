#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Parse a GitHub-style Markdown table into rows of trimmed cell texts. The
leading and trailing pipes of a row are optional, the delimiter row under
the header (cells of '-' with an optional ':' at either end) is skipped,
and blank lines are ignored.
parse_markdown_table("| a | b |\n|---|:-:|\n| 1 | 2 |") == [["a", "b"], ["1", "2"]]
*/
fn is_delimiter_row(cells: &[String]) -> bool {
    cells.iter().all(|c| {
        let t = c.trim_start_matches(':').trim_end_matches(':');
        !t.is_empty() && t.chars().all(|ch| ch == '-')
    })
}

fn split_row(line: &str) -> Vec<String> {
    let mut t = line.trim();
    if let Some(rest) = t.strip_prefix('|') {
        t = rest;
    }
    if let Some(rest) = t.strip_suffix('|') {
        t = rest;
    }
    t.split('|').map(|c| c.trim().to_string()).collect()
}

fn parse_markdown_table(text: &str) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    for line in text.lines() {
        if line.trim().is_empty() {
            continue;
        }
        let cells = split_row(line);
        if rows.len() == 1 && is_delimiter_row(&cells) {
            continue;
        }
        rows.push(cells);
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_parse_markdown_table() {
        let t = |rows: &[&[&str]]| -> Vec<Vec<String>> {
            rows.iter().map(|r| r.iter().map(|c| c.to_string()).collect()).collect()
        };
        assert_eq!(parse_markdown_table("| a | b |\n|---|:-:|\n| 1 | 2 |"), t(&[&["a", "b"], &["1", "2"]]));
        assert_eq!(parse_markdown_table(""), t(&[]));
        assert_eq!(parse_markdown_table("x|y\n-|-\n3|4\n5|"), t(&[&["x", "y"], &["3", "4"], &["5"]]));
        assert_eq!(parse_markdown_table("\n| h |\n| --- |\n\n| v |\n"), t(&[&["h"], &["v"]]));
        assert_eq!(parse_markdown_table("| a |\n| b |"), t(&[&["a"], &["b"]]));
        assert_eq!(parse_markdown_table("|a|b|\n|:--|--:|\n|---|x|"), t(&[&["a", "b"], &["---", "x"]]));
    }

}
