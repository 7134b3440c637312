#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Decode the body of a JSON string literal (without the surrounding quotes).
Handles the escapes \" \\ \/ \b \f \n \r \t and \uXXXX with exactly four hex
digits, combining a high and a low surrogate into one character. Returns None
for an unknown or truncated escape and for an unpaired surrogate.

    unescape_json(r"caf\u00e9\n") == Some("café\n".to_string())
*/
pub fn unescape_json(s: &str) -> Option<String> {
    fn hex4(it: &mut std::str::Chars) -> Option<u32> {
        let h: String = it.by_ref().take(4).collect();
        let ok = h.len() == 4 && h.chars().all(|c| c.is_ascii_hexdigit());
        if ok { u32::from_str_radix(&h, 10).ok() } else { None }
    }
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let decoded = match chars.next()? {
            '"' => '"',
            '\\' => '\\',
            '/' => '/',
            'b' => '\u{8}',
            'f' => '\u{c}',
            'n' => '\n',
            'r' => '\r',
            't' => '\t',
            'u' => {
                let hi = hex4(&mut chars)?;
                if (0xD800..0xDC00).contains(&hi) {
                    if chars.next()? != '\\' || chars.next()? != 'u' {
                        return None;
                    }
                    let lo = hex4(&mut chars).filter(|lo| (0xDC00..0xE000).contains(lo))?;
                    char::from_u32(0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00))?
                } else {
                    char::from_u32(hi)?
                }
            }
            _ => return None,
        };
        out.push(decoded);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_unescape_json() {
        assert_eq!(unescape_json(r"caf\u00e9\n"), Some("café\n".to_string()));
        assert_eq!(unescape_json(r#"say \"hi\" \\ \/"#), Some("say \"hi\" \\ /".to_string()));
        assert_eq!(unescape_json(r"\ud83d\ude00"), Some("😀".to_string()));
        assert_eq!(unescape_json(r"tab\there"), Some("tab\there".to_string()));
        assert_eq!(unescape_json(r"\x41"), None);
        assert_eq!(unescape_json(r"\u12"), None);
        assert_eq!(unescape_json(r"\ud83d alone"), None);
        assert_eq!(unescape_json(r"\u0041\u0042"), Some("AB".to_string()));
    }

}
