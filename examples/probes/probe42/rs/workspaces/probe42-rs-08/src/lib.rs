#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Parse one line of a web server log in Common Log Format:
IP IDENT USER [TIME] "METHOD PATH PROTOCOL" STATUS BYTES
and return (ip, method, path, status, bytes). A BYTES field of "-" means 0.
Return None when the line does not have this shape.
parse_log_line("1.2.3.4 - - [06/Dec/2026:10:00:00 +0000] \"GET / HTTP/1.1\" 200 512")
    == Some(("1.2.3.4".to_string(), "GET".to_string(), "/".to_string(), 200, 512))
*/
fn parse_log_line(line: &str) -> Option<(String, String, String, u16, u64)> {
    let ip_end = line.find(' ')?;
    let ip = &line[..ip_end];
    let q1 = line.find('"')?;
    let q2 = q1 + 1 + line[q1 + 1..].find('"')?;
    let mut request = line[q1 + 1..q2].split(' ');
    let method = request.next()?;
    let path = request.next()?;
    let mut tail = line[q2 + 1..].split_whitespace();
    let status: u16 = tail.next()?.parse().ok()?;
    let mut bytes_field = tail.next()?;
    let bytes: u64 = bytes_field.parse().ok()?;
    Some((ip.to_string(), method.to_string(), path.to_string(), status, bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_parse_log_line() {
        assert_eq!(parse_log_line("127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] \"GET /apache_pb.gif HTTP/1.0\" 200 2326"), Some(("127.0.0.1".to_string(), "GET".to_string(), "/apache_pb.gif".to_string(), 200, 2326)));
        assert_eq!(parse_log_line("10.0.0.5 - - [06/Dec/2026:10:00:00 +0000] \"POST /login HTTP/1.1\" 302 -"), Some(("10.0.0.5".to_string(), "POST".to_string(), "/login".to_string(), 302, 0)));
        assert_eq!(parse_log_line("garbage"), None);
        assert_eq!(parse_log_line("1.2.3.4 - - [x] \"GET /\" 404 0"), Some(("1.2.3.4".to_string(), "GET".to_string(), "/".to_string(), 404, 0)));
        assert_eq!(parse_log_line("1.2.3.4 - - [x] \"GET / HTTP/1.1\" abc 12"), None);
        assert_eq!(parse_log_line("::1 - - [x] \"HEAD /health HTTP/1.1\" 204 -"), Some(("::1".to_string(), "HEAD".to_string(), "/health".to_string(), 204, 0)));
    }

}
