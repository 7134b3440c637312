#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Parse "key = value" configuration text into a map. Blank lines and lines
whose first non-blank character is '#' are ignored. Keys are trimmed and
lower-cased; values are trimmed but otherwise kept as written, and may
themselves contain '='. When a key appears again the later value wins. A line
without '=' makes the whole parse fail with Err(1-based line number).

    parse_config("Name = Demo\n# comment\nurl = http://x/?a=b")
        == Ok({"name": "Demo", "url": "http://x/?a=b"})
*/
pub fn parse_config(text: &str) -> Result<HashMap<String, String>, usize> {
    let mut map = HashMap::new();
    for (idx, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let eq = match line.find('=') {
            Some(pos) => pos,
            None => return Err(idx + 1),
        };
        let key = line[..eq].trim().to_lowercase();
        let value = line[eq + 1..].trim().to_string();
        if map.contains_key(&key) {
            continue;
        }
        map.insert(key, value);
    }
    Ok(map)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_parse_config() {
        let m = parse_config("Name = Demo\n# c\nurl = http://x/?a=b").unwrap();
        assert_eq!(m.get("name").map(String::as_str), Some("Demo"));
        assert_eq!(m.get("url").map(String::as_str), Some("http://x/?a=b"));
        assert_eq!(m.len(), 2);
        let m2 = parse_config("a=1\n  A = 2 \n\n   # x = y").unwrap();
        assert_eq!(m2.get("a").map(String::as_str), Some("2"));
        assert_eq!(m2.len(), 1);
        assert_eq!(parse_config("ok = 1\nbroken line\n"), Err(2));
        assert_eq!(parse_config("").map(|m| m.len()), Ok(0));
    }

}
