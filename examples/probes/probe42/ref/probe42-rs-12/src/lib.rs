#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return, in alphabetical order, the letters a to z that do not occur in
text (upper and lower case count as the same letter; other characters are
ignored).
missing_letters("The quick brown fox jumps over the lazy dog") == ""
missing_letters("abc") == "defghijklmnopqrstuvwxyz"
*/
fn missing_letters(text: &str) -> String {
    let mut seen = [false; 26];
    for b in text.bytes() {
        if b.is_ascii_alphabetic() {
            seen[(b.to_ascii_lowercase() - b'a') as usize] = true;
        }
    }
    (0..26u8)
        .filter(|&i| !seen[i as usize])
        .map(|i| (b'a' + i) as char)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_missing_letters() {
        assert_eq!(missing_letters("The quick brown fox jumps over the lazy dog"), "");
        assert_eq!(missing_letters("abc"), "defghijklmnopqrstuvwxyz");
        assert_eq!(missing_letters("Hello, World"), "abcfgijkmnpqstuvxyz");
        assert_eq!(missing_letters(""), "abcdefghijklmnopqrstuvwxyz");
        assert_eq!(missing_letters("abc123"), "defghijklmnopqrstuvwxyz");
        assert_eq!(missing_letters("Pack my box with 5 dozen liquor jugs"), "fv");
    }

}
