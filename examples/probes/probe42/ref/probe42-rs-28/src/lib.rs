#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Parse an HTTP Content-Type header value into (media type, charset). The
media type "type/subtype" is lower-cased; the charset parameter (name
matched case-insensitively, value possibly in double quotes) is
lower-cased, and None when absent. Return None when there is no valid
media type.
parse_content_type("text/html; charset=UTF-8") == Some(("text/html".to_string(), Some("utf-8".to_string())))
parse_content_type("application/json") == Some(("application/json".to_string(), None))
*/
fn parse_content_type(header: &str) -> Option<(String, Option<String>)> {
    let mut parts = header.split(';');
    let mime = parts.next()?.trim().to_ascii_lowercase();
    let (kind, sub) = mime.split_once('/')?;
    if kind.is_empty() || sub.is_empty() {
        return None;
    }
    let mut charset = None;
    for p in parts {
        if let Some((k, v)) = p.split_once('=') {
            if k.trim().eq_ignore_ascii_case("charset") {
                let v = v.trim().trim_matches('"');
                charset = Some(v.to_ascii_lowercase());
            }
        }
    }
    Some((mime, charset))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_parse_content_type() {
        assert_eq!(parse_content_type("text/html; charset=UTF-8"), Some(("text/html".to_string(), Some("utf-8".to_string()))));
        assert_eq!(parse_content_type("application/json"), Some(("application/json".to_string(), None)));
        assert_eq!(parse_content_type("text/plain; charset=\"ISO-8859-1\""), Some(("text/plain".to_string(), Some("iso-8859-1".to_string()))));
        assert_eq!(parse_content_type("nonsense"), None);
        assert_eq!(parse_content_type("Text/HTML ; Charset = utf-8 ; q=1"), Some(("text/html".to_string(), Some("utf-8".to_string()))));
        assert_eq!(parse_content_type("/html"), None);
        assert_eq!(parse_content_type("multipart/form-data; boundary=\"x\""), Some(("multipart/form-data".to_string(), None)));
    }

}
