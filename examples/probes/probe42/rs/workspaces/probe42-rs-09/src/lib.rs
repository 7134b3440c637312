#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return the (text, url) pairs of the inline Markdown links [text](url) in
text, in order. Images, written ![alt](src), are not links. A "[" that is
not followed by "](" and a closing ")" is ordinary text.
extract_links("see [docs](http://x.io) now") == vec![("docs", "http://x.io")]
extract_links("![logo](l.png)") == vec![]
*/
fn extract_links(text: &str) -> Vec<(&str, &str)> {
    let bytes = text.as_bytes();
    let mut links = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'[' && (i > 0 && bytes[i - 1] != b'!') {
            if let Some(close) = text[i + 1..].find(']') {
                let close = i + 1 + close;
                if text[close + 1..].starts_with('(') {
                    if let Some(end) = text[close + 2..].find(')') {
                        let end = close + 2 + end;
                        links.push((&text[i + 1..close], &text[close + 2..end]));
                        i = end + 1;
                        continue;
                    }
                }
            }
        }
        i += 1;
    }
    links
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_extract_links() {
        assert_eq!(extract_links("see [docs](http://x.io) now"), vec![("docs", "http://x.io")]);
        assert_eq!(extract_links("![logo](l.png)"), Vec::<(&str, &str)>::new());
        assert_eq!(extract_links(""), Vec::<(&str, &str)>::new());
        assert_eq!(extract_links("[home](/) and [about](/about)"), vec![("home", "/"), ("about", "/about")]);
        assert_eq!(extract_links("[not a link] (x)"), Vec::<(&str, &str)>::new());
        assert_eq!(extract_links("a [b](c"), Vec::<(&str, &str)>::new());
        assert_eq!(extract_links("x ![i](a.png) [t](u)"), vec![("t", "u")]);
    }

}
