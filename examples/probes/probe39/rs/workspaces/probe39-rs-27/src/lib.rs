#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Remove every tag from s: each '<' and everything after it up to and
including the next '>' is dropped. A '<' with no '>' after it removes the
rest of the text. All other characters are kept, including spaces at
either end.
strip_html_tags("<b>bold</b> text") == "bold text"
strip_html_tags(" a <br/> b ") == " a  b "
strip_html_tags("x < y") == "x "
*/
fn strip_html_tags(s: &str) -> String {
    let mut out = String::new();
    let mut inside = false;
    for ch in s.chars() {
        if ch == '<' {
            inside = true;
        } else if ch == '>' && inside {
            inside = false;
        } else if !inside {
            out.push(ch);
        }
    }
    let out = out.trim().to_string();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_strip_html_tags() {
        assert_eq!(strip_html_tags("<b>bold</b> text"), "bold text");
        assert_eq!(strip_html_tags(" a <br/> b "), " a  b ");
        assert_eq!(strip_html_tags("x < y"), "x ");
        assert_eq!(strip_html_tags("a > b"), "a > b");
        assert_eq!(strip_html_tags("<p>  </p>"), "  ");
        assert_eq!(strip_html_tags(""), "");
    }

}
