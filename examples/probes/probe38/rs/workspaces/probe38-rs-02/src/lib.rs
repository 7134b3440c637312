#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Given a string that may contain the brackets ()[]{}, return the shortest
string of closing brackets that completes it, or None when a closing
bracket does not match the most recent unclosed opening bracket (or there
is none). Other characters are ignored.
closing_suffix("([{") == Some("}])".to_string())
closing_suffix("(a[b]") == Some(")".to_string())
closing_suffix("(]") == None
*/
fn closing_suffix(s: &str) -> Option<String> {
    let mut open = Vec::new();
    for c in s.chars() {
        match c {
            '(' | '[' | '{' => open.push(c),
            ')' | ']' | '}' => {
                let expected = match open.pop() {
                    Some('(') => ')',
                    Some('[') => ']',
                    Some('{') => '}',
                    _ => return None,
                };
            }
            _ => {}
        }
    }
    let closing = open.iter().rev().map(|&o| match o {
        '(' => ')',
        '[' => ']',
        _ => '}',
    });
    Some(closing.collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_closing_suffix() {
        assert_eq!(closing_suffix("([{"), Some("}])".to_string()));
        assert_eq!(closing_suffix("(a[b]"), Some(")".to_string()));
        assert_eq!(closing_suffix("(]"), None);
        assert_eq!(closing_suffix(""), Some(String::new()));
        assert_eq!(closing_suffix("())"), None);
        assert_eq!(closing_suffix("{[()]}("), Some(")".to_string()));
        assert_eq!(closing_suffix("[(])"), None);
        assert_eq!(closing_suffix("f(x[1], {"), Some("})".to_string()));
    }

}
