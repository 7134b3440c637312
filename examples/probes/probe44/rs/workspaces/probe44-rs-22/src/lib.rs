#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Normalise a slash-separated path without looking at the file system: empty
segments and "." are dropped and ".." removes the segment before it. In an
absolute path ".." at the root is ignored; a relative path keeps leading
".." segments. An empty relative result is "." and no trailing slash is kept.

    normalize_path("/a/./b/../c/")  == "/a/c"
    normalize_path("../x/../../y")  == "../../y"
*/
pub fn normalize_path(path: &str) -> String {
    let absolute = path.starts_with('/');
    let mut parts: Vec<&str> = Vec::new();
    for seg in path.split('/') {
        if seg == "." {
            continue;
        }
        if seg == ".." {
            match parts.last() {
                Some(&last) if last != ".." => {
                    parts.pop();
                }
                _ => {
                    if !absolute {
                        parts.push("..");
                    }
                }
            }
        } else {
            parts.push(seg);
        }
    }
    let joined = parts.join("/");
    if absolute {
        format!("/{}", joined)
    } else if joined.is_empty() {
        ".".to_string()
    } else {
        joined
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_normalize_path() {
        assert_eq!(normalize_path("/a/./b/../c/"), "/a/c");
        assert_eq!(normalize_path("../x/../../y"), "../../y");
        assert_eq!(normalize_path("/../etc//passwd"), "/etc/passwd");
        assert_eq!(normalize_path("a/b/../.."), ".");
        assert_eq!(normalize_path(""), ".");
        assert_eq!(normalize_path("/"), "/");
        assert_eq!(normalize_path("docs//img/./logo.png"), "docs/img/logo.png");
    }

}
