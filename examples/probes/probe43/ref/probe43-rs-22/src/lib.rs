#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Split a key path such as "users[2].name" or "a.b[0][1]" into steps. Keys
are separated by dots and indices are written in brackets. Returns None
for a malformed path: an empty key (leading, trailing or doubled dot), an
unclosed bracket or a bracket that does not hold a decimal number. The
empty path has no steps.
parse_key_path("users[2].name")
    == Some(vec![Step::Key("users".into()), Step::Index(2), Step::Key("name".into())])
*/
#[derive(Debug, PartialEq)]
enum Step {
    Key(String),
    Index(usize),
}

fn parse_key_path(path: &str) -> Option<Vec<Step>> {
    let chars: Vec<char> = path.chars().collect();
    let mut steps = Vec::new();
    let mut i = 0;
    let mut expect_key = false;
    while i < chars.len() {
        match chars[i] {
            '[' => {
                let close = i + chars[i..].iter().position(|&c| c == ']')?;
                let inner: String = chars[i + 1..close].iter().collect();
                if inner.is_empty() || !inner.chars().all(|c| c.is_ascii_digit()) {
                    return None;
                }
                steps.push(Step::Index(inner.parse().ok()?));
                i = close + 1;
            }
            '.' => {
                if steps.is_empty() || expect_key {
                    return None;
                }
                expect_key = true;
                i += 1;
            }
            _ => {
                let start = i;
                while i < chars.len() && chars[i] != '.' && chars[i] != '[' {
                    i += 1;
                }
                steps.push(Step::Key(chars[start..i].iter().collect()));
                expect_key = false;
            }
        }
    }
    if expect_key {
        return None;
    }
    Some(steps)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_parse_key_path() {
        use crate::Step::{Index, Key};
        let k = |s: &str| Key(s.to_string());
        assert_eq!(parse_key_path("users[2].name"), Some(vec![k("users"), Index(2), k("name")]));
        assert_eq!(parse_key_path("a.b[0][1]"), Some(vec![k("a"), k("b"), Index(0), Index(1)]));
        assert_eq!(parse_key_path(""), Some(vec![]));
        assert_eq!(parse_key_path("[10]"), Some(vec![Index(10)]));
        assert_eq!(parse_key_path("a..b"), None);
        assert_eq!(parse_key_path(".a"), None);
        assert_eq!(parse_key_path("a."), None);
        assert_eq!(parse_key_path("a[1"), None);
        assert_eq!(parse_key_path("a[x]"), None);
        assert_eq!(parse_key_path("a[]"), None);
    }

}
