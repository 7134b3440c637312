#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
For each word return its shortest prefix that is not a prefix of any other
word in the list; a word that is itself a prefix of another word (or
occurs twice) is returned whole.
shortest_unique_prefixes(&["zebra", "dog", "duck", "dove"]) == vec!["z", "dog", "du", "dov"]
shortest_unique_prefixes(&["ab", "abc"]) == vec!["ab", "abc"]
*/
fn shortest_unique_prefixes(words: &[&str]) -> Vec<String> {
    let mut result = Vec::new();
    for (i, w) in words.iter().enumerate() {
        let chars: Vec<char> = w.chars().collect();
        let mut len = chars.len();
        for k in 1..=chars.len() {
            let prefix: String = chars[..k].iter().collect();
            let clash = words
                .iter()
                .enumerate()
                .any(|(j, other)| other.starts_with(&prefix));
            if !clash {
                len = k;
                break;
            }
        }
        result.push(chars[..len].iter().collect());
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_shortest_unique_prefixes() {
        assert_eq!(shortest_unique_prefixes(&["zebra", "dog", "duck", "dove"]), vec!["z", "dog", "du", "dov"]);
        assert_eq!(shortest_unique_prefixes(&["ab", "abc"]), vec!["ab", "abc"]);
        assert_eq!(shortest_unique_prefixes(&[]), Vec::<String>::new());
        assert_eq!(shortest_unique_prefixes(&["apple"]), vec!["a"]);
        assert_eq!(shortest_unique_prefixes(&["car", "cat", "cart"]), vec!["car", "cat", "cart"]);
        assert_eq!(shortest_unique_prefixes(&["go", "go"]), vec!["go", "go"]);
    }

}
