#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Capitalize the first letter of the text and the first letter after every
'.', '!' or '?'. All other characters are left exactly as they are.
capitalize_sentences("hello. how are you? fine!") == "Hello. How are you? Fine!"
capitalize_sentences("it works... ok") == "It works... Ok"
*/
fn capitalize_sentences(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut at_start = true;
    for c in text.chars() {
        if at_start && c.is_alphabetic() {
            out.extend(c.to_uppercase());
            at_start = false;
        } else {
            out.extend(c.to_lowercase());
        }
        if c == '.' || c == '!' || c == '?' {
            at_start = true;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_capitalize_sentences() {
        assert!(capitalize_sentences("hello. how are you? fine!") == "Hello. How are you? Fine!");
        assert!(capitalize_sentences("it works... ok") == "It works... Ok");
        assert!(capitalize_sentences("") == "");
        assert!(capitalize_sentences("I am HERE. yes") == "I am HERE. Yes");
        assert!(capitalize_sentences("  spaced out") == "  Spaced out");
        assert!(capitalize_sentences("3 apples. 2 pears") == "3 Apples. 2 Pears");
        assert!(capitalize_sentences("NASA rocks!") == "NASA rocks!");
        assert!(capitalize_sentences("é. ü") == "É. Ü");
    }

}
