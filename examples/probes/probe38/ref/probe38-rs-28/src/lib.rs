#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return the width of each column of some comma-separated lines: the number of
characters of the longest field in that column. Fields are not trimmed,
empty fields have width 0, and lines may have different numbers of fields.
csv_column_widths(&["id,name", "7,Ann", "12,Bo,x"]) == vec![2, 4, 1]
csv_column_widths(&["a,,c", "aa"]) == vec![2, 0, 1]
*/
fn csv_column_widths(lines: &[&str]) -> Vec<usize> {
    let mut widths: Vec<usize> = Vec::new();
    for line in lines {
        let fields = line.split(',');
        for (i, field) in fields.enumerate() {
            let len = field.chars().count();
            if i == widths.len() {
                widths.push(len);
            } else if len > widths[i] {
                widths[i] = len;
            }
        }
    }
    widths
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_csv_column_widths() {
        assert_eq!(csv_column_widths(&["id,name", "7,Ann", "12,Bo,x"]), vec![2, 4, 1]);
        assert_eq!(csv_column_widths(&[]), Vec::<usize>::new());
        assert_eq!(csv_column_widths(&["a,,c", "aa"]), vec![2, 0, 1]);
        assert_eq!(csv_column_widths(&[",", " x ,y"]), vec![3, 1]);
        assert_eq!(csv_column_widths(&["é,ab"]), vec![1, 2]);
    }

}
