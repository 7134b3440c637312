#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Decode a URL query component: "+" stands for a space and "%XY" for the byte
with hexadecimal value XY; every other character is kept as it is. Return
None when a "%" is not followed by two hex digits or when the decoded bytes
are not valid UTF-8.
url_decode("a+b%21") == Some("a b!".to_string())
url_decode("caf%C3%A9") == Some("café".to_string())
url_decode("100%") == None
*/
fn url_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out: Vec<u8> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let hex = s.get(i + 1..i + 3)?;
                if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
                    return None;
                }
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 3;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_url_decode() {
        assert!(url_decode("a+b%21") == Some("a b!".to_string()));
        assert!(url_decode("caf%C3%A9") == Some("café".to_string()));
        assert!(url_decode("100%") == None);
        assert!(url_decode("") == Some(String::new()));
        assert!(url_decode("%41%42c") == Some("ABc".to_string()));
        assert!(url_decode("%4") == None);
        assert!(url_decode("%zz") == None);
        assert!(url_decode("%2B+%2b") == Some("+ +".to_string()));
        assert!(url_decode("%FF") == None);
        assert!(url_decode("plain") == Some("plain".to_string()));
    }

}
