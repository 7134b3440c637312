#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Split an arithmetic expression into tokens: numbers (maximal runs of digits
and '.') and the one-character operators + - * / ( and ). Spaces and any
other characters separate tokens and are dropped.
split_expression("3+4.5*(2-1)") == vec!["3", "+", "4.5", "*", "(", "2", "-", "1", ")"]
split_expression(" 12 /  3 ") == vec!["12", "/", "3"]
split_expression("") == vec![]
*/
fn split_expression(s: &str) -> Vec<String> {
    let mut tokens = Vec::new();
    let mut number = String::new();
    for c in s.chars() {
        if c.is_ascii_digit() || c == '.' {
            number.push(c);
            continue;
        }
        if !number.is_empty() {
            tokens.push(number.clone());
            number.clear();
        }
        if "+-*/()".contains(c) {
            tokens.push(c.to_string());
        }
    }
    if !number.is_empty() {
        tokens.push(number);
    }
    tokens
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_split_expression() {
        assert_eq!(split_expression("3+4.5*(2-1)"), vec!["3", "+", "4.5", "*", "(", "2", "-", "1", ")"]);
        assert_eq!(split_expression(" 12 /  3 "), vec!["12", "/", "3"]);
        assert_eq!(split_expression(""), Vec::<String>::new());
        assert_eq!(split_expression("10-2-3"), vec!["10", "-", "2", "-", "3"]);
        assert_eq!(split_expression("-5"), vec!["-", "5"]);
        assert_eq!(split_expression("a1b"), vec!["1"]);
    }

}
