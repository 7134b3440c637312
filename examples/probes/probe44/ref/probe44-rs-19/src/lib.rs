#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
The most frequent letter of a text, counted case-insensitively and returned
in lower case. Non-alphabetic characters are ignored. When several letters
are equally frequent, the one that occurs first in the text wins. Returns
None if the text has no letters.

    most_common_letter("Hello World") == Some('l')
    most_common_letter("abab")        == Some('a')
*/
pub fn most_common_letter(text: &str) -> Option<char> {
    let mut counts: HashMap<char, usize> = HashMap::new();
    let mut order: Vec<char> = Vec::new();
    for c in text.chars().filter(|c| c.is_alphabetic()) {
        let lower = c.to_lowercase().next().unwrap();
        let entry = counts.entry(lower).or_insert(0);
        if *entry == 0 {
            order.push(lower);
        }
        *entry += 1;
    }
    let mut best: Option<(char, usize)> = None;
    for c in order {
        let n = counts[&c];
        match best {
            Some((_, m)) if n <= m => {}
            _ => best = Some((c, n)),
        }
    }
    best.map(|(c, _)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_most_common_letter() {
        assert_eq!(most_common_letter("Hello World"), Some('l'));
        assert_eq!(most_common_letter("abab"), Some('a'));
        assert_eq!(most_common_letter("BbAaa"), Some('a'));
        assert_eq!(most_common_letter("1234 !!"), None);
        assert_eq!(most_common_letter(""), None);
        assert_eq!(most_common_letter("xyz ZYX"), Some('x'));
        assert_eq!(most_common_letter("Ünïcödé ü"), Some('ü'));
    }

}
