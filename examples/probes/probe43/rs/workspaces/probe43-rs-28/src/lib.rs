#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Split s at every sep that is neither nested inside (), [] or {} nor
inside a double-quoted string, where a backslash escapes the next
character. Parts are not trimmed and empty parts are kept, so k top-level
separators always give k + 1 parts.
split_top_level("f(a, b), [c, d]", ',') == ["f(a, b)", " [c, d]"]
*/
fn split_top_level(s: &str, sep: char) -> Vec<String> {
    let mut parts = Vec::new();
    let mut current = String::new();
    let mut depth = 0i32;
    let mut in_quote = false;
    let mut escaped = false;
    for ch in s.chars() {
        if in_quote {
            if escaped {
                escaped = false;
            } else if ch == '\\' {
                escaped = true;
            } else if ch == '"' {
                in_quote = false;
            }
            current.push(ch);
            continue;
        }
        match ch {
            '"' => in_quote = true,
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            c if c == sep && depth == 0 => {
                parts.push(std::mem::take(&mut current));
                continue;
            }
            _ => {}
        }
        current.push(ch);
    }
    if !current.is_empty() {
        parts.push(current);
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_split_top_level() {
        assert_eq!(split_top_level("f(a, b), [c, d]", ','), vec!["f(a, b)", " [c, d]"]);
        assert_eq!(split_top_level("a,b,,c", ','), vec!["a", "b", "", "c"]);
        assert_eq!(split_top_level("", ','), vec![""]);
        assert_eq!(split_top_level("a,", ','), vec!["a", ""]);
        assert_eq!(split_top_level("\"x;y\";{a;b};\"q\\\";r\"", ';'), vec!["\"x;y\"", "{a;b}", "\"q\\\";r\""]);
        assert_eq!(split_top_level("k=v|(1|2)", '|'), vec!["k=v", "(1|2)"]);
    }

}
