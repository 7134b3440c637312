#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Remove comments from C-like source text. A line comment starts with two
slashes and runs up to, but not including, the end of the line. A block
comment starts with slash-star and ends with star-slash; it is replaced by a
single space, and an unterminated one removes the rest of the text. Nothing
inside a double-quoted string literal starts a comment; inside a string a
backslash escapes the next character (so \" does not end the string).

    strip_comments("a = 1; // one") == "a = 1; "
*/
pub fn strip_comments(src: &str) -> String {
    let chars: Vec<char> = src.chars().collect();
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    let mut in_string = false;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if in_string {
            out.push(c);
            if c == '"' {
                in_string = false;
            }
            i += 1;
        } else if c == '"' {
            in_string = true;
            out.push(c);
            i += 1;
        } else if c == '/' && next == Some('/') {
            i += chars[i..].iter().position(|&ch| ch == '\n').unwrap_or(chars.len() - i);
        } else if c == '/' && next == Some('*') {
            i += 2;
            while i < chars.len() && !(chars[i] == '*' && chars.get(i + 1) == Some(&'/')) {
                i += 1;
            }
            i += 2;
            out.push(' ');
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_strip_comments() {
        assert_eq!(strip_comments("int x = 1; // one\nint y;"), "int x = 1; \nint y;");
        assert_eq!(strip_comments("a /* b */ c"), "a   c");
        assert_eq!(strip_comments("s = \"http://x\"; // url"), "s = \"http://x\"; ");
        assert_eq!(strip_comments("t = \"say \\\"/*hi*/\\\"\";"), "t = \"say \\\"/*hi*/\\\"\";");
        assert_eq!(strip_comments("x /* never closed"), "x  ");
        assert_eq!(strip_comments("no comments"), "no comments");
    }

}
