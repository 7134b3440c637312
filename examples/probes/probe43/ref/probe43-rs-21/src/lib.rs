#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Split an HTTP/1.x status line such as "HTTP/1.1 404 Not Found" into
(version, code, reason). The version must be HTTP/1.0 or HTTP/1.1 and the
code exactly three digits; the reason phrase follows one space after the
code, may contain spaces and may be empty. A trailing CR/LF is ignored.
parse_status_line("HTTP/1.1 404 Not Found")
    == Some(("HTTP/1.1".to_string(), 404, "Not Found".to_string()))
*/
fn parse_status_line(line: &str) -> Option<(String, u16, String)> {
    let line = line.trim_end_matches(&['\r', '\n'][..]);
    let (version, rest) = line.split_once(' ')?;
    if version != "HTTP/1.0" && version != "HTTP/1.1" {
        return None;
    }
    let (code, reason) = match rest.split_once(' ') {
        Some((c, r)) => (c, r),
        None => (rest, ""),
    };
    if code.len() != 3 || !code.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let code: u16 = code.parse().ok()?;
    Some((version.to_string(), code, reason.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_parse_status_line() {
        let ok = |v: &str, c: u16, r: &str| Some((v.to_string(), c, r.to_string()));
        assert_eq!(parse_status_line("HTTP/1.1 404 Not Found"), ok("HTTP/1.1", 404, "Not Found"));
        assert_eq!(parse_status_line("HTTP/1.0 200 OK\r\n"), ok("HTTP/1.0", 200, "OK"));
        assert_eq!(parse_status_line("HTTP/1.1 204"), ok("HTTP/1.1", 204, ""));
        assert_eq!(parse_status_line("HTTP/1.1 500 "), ok("HTTP/1.1", 500, ""));
        assert_eq!(parse_status_line("HTTP/2 200 OK"), None);
        assert_eq!(parse_status_line("HTTP/1.1 20 OK"), None);
        assert_eq!(parse_status_line("HTTP/1.1 2x0 OK"), None);
        assert_eq!(parse_status_line(""), None);
    }

}
