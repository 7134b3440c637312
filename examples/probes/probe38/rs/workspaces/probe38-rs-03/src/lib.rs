#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Parse command-line arguments into a map. "--name=value" maps name to value
(everything after the first '=', possibly empty), "--name" on its own maps
name to "true", and arguments that do not start with "--" are ignored. A
later flag replaces an earlier one with the same name. Names and values are
kept exactly as written.
parse_cli_flags(&["--mode=Fast", "-x", "--verbose"]) has "mode" -> "Fast" and "verbose" -> "true"
parse_cli_flags(&["--out="]) has "out" -> ""
*/
fn parse_cli_flags(args: &[&str]) -> HashMap<String, String> {
    let mut flags = HashMap::new();
    for arg in args {
        let rest = match arg.strip_prefix("--") {
            Some(r) => r,
            None => continue,
        };
        match rest.split_once('=') {
            Some((name, value)) if !value.is_empty() => {
                flags.insert(name.to_string(), value.to_string());
            }
            _ => {
                flags.insert(rest.to_string(), "true".to_string());
            }
        }
    }
    flags
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_parse_cli_flags() {
        let m = parse_cli_flags(&["--mode=Fast", "-x", "--verbose"]);
        assert_eq!(m.len(), 2);
        assert_eq!(m.get("mode").map(|s| s.as_str()), Some("Fast"));
        assert_eq!(m.get("verbose").map(|s| s.as_str()), Some("true"));
        assert!(parse_cli_flags(&[]).is_empty());
        let m = parse_cli_flags(&["--level=1", "file.txt", "--level=2", "--eq=a=b"]);
        assert_eq!(m.len(), 2);
        assert_eq!(m["level"], "2");
        assert_eq!(m["eq"], "a=b");
        let m = parse_cli_flags(&["--out="]);
        assert_eq!(m.len(), 1);
        assert_eq!(m["out"], "");
    }

}
