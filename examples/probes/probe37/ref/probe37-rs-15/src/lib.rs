#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return true when the ASCII string s can be split into a sequence of words
from dict, each word usable any number of times. The empty string can
always be split.
word_break("leetcode", &["leet", "code"]) == true
word_break("catsandog", &["cats", "dog", "sand", "and", "cat"]) == false
*/
fn word_break(s: &str, dict: &[&str]) -> bool {
    let n = s.len();
    let mut ok = vec![false; n + 1];
    ok[0] = true;
    for end in 1..=n {
        for word in dict {
            let len = word.len();
            if len <= end && ok[end - len] && &s[end - len..end] == *word {
                ok[end] = true;
                break;
            }
        }
    }
    ok[n]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_word_break() {
        assert!(word_break("leetcode", &["leet", "code"]) == true);
        assert!(word_break("catsandog", &["cats", "dog", "sand", "and", "cat"]) == false);
        assert!(word_break("applepenapple", &["apple", "pen"]) == true);
        assert!(word_break("", &["a"]) == true);
        assert!(word_break("a", &["a"]) == true);
        assert!(word_break("aaaaaaa", &["aaaa", "aaa"]) == true);
        assert!(word_break("ab", &["a"]) == false);
        assert!(word_break("cars", &["car", "ca", "rs"]) == true);
    }

}
