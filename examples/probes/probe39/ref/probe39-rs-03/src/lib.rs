#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Check that the tags in s are properly nested. A tag is the text between a
'<' and the next '>'; "<name>" opens a tag and "</name>" closes the most
recently opened tag, which must have the same name. Text outside tags is
ignored. Return false if a '<' has no '>' after it, if a closing tag does
not match, or if some tag is left open.
tags_balanced("<a><b>hi</b></a>") == true
tags_balanced("<a><b></a></b>") == false
tags_balanced("<a>") == false
*/
fn tags_balanced(s: &str) -> bool {
    let mut stack: Vec<&str> = Vec::new();
    let mut rest = s;
    while let Some(open) = rest.find('<') {
        let close = match rest[open..].find('>') {
            Some(offset) => open + offset,
            None => return false,
        };
        let tag = &rest[open + 1..close];
        if let Some(name) = tag.strip_prefix('/') {
            if stack.pop() != Some(name) {
                return false;
            }
        } else {
            stack.push(tag);
        }
        rest = &rest[close + 1..];
    }
    stack.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_tags_balanced() {
        assert!(tags_balanced("<a><b>hi</b></a>"));
        assert!(!tags_balanced("<a><b></a></b>"));
        assert!(!tags_balanced("<a>"));
        assert!(tags_balanced("plain text"));
        assert!(tags_balanced(""));
        assert!(tags_balanced("<p>x</p><br></br>"));
        assert!(!tags_balanced("</a>"));
        assert!(!tags_balanced("<a"));
        assert!(!tags_balanced("<a></b>"));
    }

}
