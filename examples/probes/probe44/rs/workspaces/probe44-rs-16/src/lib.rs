#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Convert a camelCase or PascalCase identifier to snake_case. An underscore goes
in front of an upper-case letter that follows a lower-case letter or a digit,
and in front of the last capital of an acronym when a lower-case letter
follows it, so "parseHTTPResponse" becomes "parse_http_response". The result
is all lower-case.

    camel_to_snake("userId")         == "user_id"
    camel_to_snake("XMLHttpRequest") == "xml_http_request"
*/
pub fn camel_to_snake(name: &str) -> String {
    let chars: Vec<char> = name.chars().collect();
    let mut out = String::with_capacity(name.len() + 4);
    for (i, &c) in chars.iter().enumerate() {
        if c.is_uppercase() && i > 0 {
            let prev = chars[i - 1];
            let next_is_lower = chars.get(i + 1).map_or(false, |n| n.is_lowercase());
            if prev.is_lowercase() || prev.is_ascii_digit() {
                out.push('_');
            }
        }
        out.extend(c.to_lowercase());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_camel_to_snake() {
        assert_eq!(camel_to_snake("userId"), "user_id");
        assert_eq!(camel_to_snake("XMLHttpRequest"), "xml_http_request");
        assert_eq!(camel_to_snake("parseHTTPResponse"), "parse_http_response");
        assert_eq!(camel_to_snake("already_snake"), "already_snake");
        assert_eq!(camel_to_snake("Version2Beta"), "version2_beta");
        assert_eq!(camel_to_snake("ID"), "id");
        assert_eq!(camel_to_snake(""), "");
    }

}
