#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Join a base URL and a path with exactly one '/' between them, however many
slashes base ends with and path starts with. Everything else is kept as it
is, including any trailing '/' of path; an empty path gives base followed by
a single '/'.
join_url("https://example.com/", "/api/v1") == "https://example.com/api/v1"
join_url("https://example.com", "docs/") == "https://example.com/docs/"
join_url("http://h//", "") == "http://h/"
*/
fn join_url(base: &str, path: &str) -> String {
    let base = base.trim_end_matches('/');
    let path = path.trim_start_matches('/');
    let mut url = String::with_capacity(base.len() + path.len() + 1);
    url.push_str(base);
    url.push('/');
    url.push_str(path);
    url
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_join_url() {
        assert_eq!(join_url("https://example.com/", "/api/v1"), "https://example.com/api/v1");
        assert_eq!(join_url("https://example.com", "docs/"), "https://example.com/docs/");
        assert_eq!(join_url("http://h//", ""), "http://h/");
        assert_eq!(join_url("a/", "b"), "a/b");
        assert_eq!(join_url("a///", "///b//"), "a/b//");
        assert_eq!(join_url("", "x"), "/x");
        assert_eq!(join_url("http://h", "/"), "http://h/");
    }

}
