#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Score a balanced string of parentheses: "()" scores 1, two balanced strings
written one after the other score the sum of their scores, and "(A)" scores
twice the score of A. The empty string scores 0.
bracket_score("()") == 1
bracket_score("(())") == 2
bracket_score("()()") == 2
bracket_score("(()(()))") == 6
*/
fn bracket_score(s: &str) -> u64 {
    let mut stack: Vec<u64> = vec![0];
    for c in s.chars() {
        if c == '(' {
            stack.push(0);
        } else {
            let inner = stack.pop().unwrap();
            let add = if inner == 0 { 1 } else { 2 * inner };
            *stack.last_mut().unwrap() += add;
        }
    }
    stack[0]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_bracket_score() {
        assert!(bracket_score("()") == 1);
        assert!(bracket_score("(())") == 2);
        assert!(bracket_score("()()") == 2);
        assert!(bracket_score("(()(()))") == 6);
        assert!(bracket_score("") == 0);
        assert!(bracket_score("((()))") == 4);
        assert!(bracket_score("(()())") == 4);
        assert!(bracket_score("()(())") == 3);
    }

}
