#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Split an arithmetic expression into tokens: every run of digits becomes one
number token, each of the characters + - * / ( ) is a token of its own, and
spaces are skipped.
tokenize("12+(3*45)") == vec!["12", "+", "(", "3", "*", "45", ")"]
tokenize(" 7 - 2 ") == vec!["7", "-", "2"]
*/
fn tokenize(expr: &str) -> Vec<String> {
    let mut tokens = Vec::new();
    let mut number = String::new();
    for c in expr.chars() {
        if c.is_ascii_digit() {
            number.push(c);
            continue;
        }
        if !number.is_empty() {
            tokens.push(number.clone());
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
    fn test_tokenize() {
        assert!(tokenize("12+(3*45)") == vec!["12", "+", "(", "3", "*", "45", ")"]);
        assert!(tokenize(" 7 - 2 ") == vec!["7", "-", "2"]);
        assert!(tokenize("") == Vec::<String>::new());
        assert!(tokenize("2024") == vec!["2024"]);
        assert!(tokenize("1+2") == vec!["1", "+", "2"]);
        assert!(tokenize("(10 / 5) - 300") == vec!["(", "10", "/", "5", ")", "-", "300"]);
        assert!(tokenize("8*9*10") == vec!["8", "*", "9", "*", "10"]);
    }

}
