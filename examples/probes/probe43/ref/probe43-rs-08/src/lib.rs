#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Shortest substring of s containing every character of t with at least
the same counts (t = "aab" needs two 'a's and one 'b'); the leftmost one
when several are equally short. Returns "" when there is none or when t
is empty.
min_window_substring("ADOBECODEBANC", "ABC") == "BANC"
*/
fn min_window_substring(s: &str, t: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut need: HashMap<char, i32> = HashMap::new();
    for c in t.chars() {
        *need.entry(c).or_insert(0) += 1;
    }
    if need.is_empty() {
        return String::new();
    }
    let mut missing = t.chars().count();
    let mut best: Option<(usize, usize)> = None;
    let mut left = 0;
    for right in 0..chars.len() {
        if let Some(n) = need.get_mut(&chars[right]) {
            if *n > 0 {
                missing -= 1;
            }
            *n -= 1;
        }
        while missing == 0 {
            if best.map_or(true, |(l, r)| right + 1 - left < r - l) {
                best = Some((left, right + 1));
            }
            if let Some(n) = need.get_mut(&chars[left]) {
                *n += 1;
                if *n > 0 {
                    missing += 1;
                }
            }
            left += 1;
        }
    }
    match best {
        Some((l, r)) => chars[l..r].iter().collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_min_window_substring() {
        assert_eq!(min_window_substring("ADOBECODEBANC", "ABC"), "BANC");
        assert_eq!(min_window_substring("a", "aa"), "");
        assert_eq!(min_window_substring("abc", ""), "");
        assert_eq!(min_window_substring("aaab", "ab"), "ab");
        assert_eq!(min_window_substring("aabaab", "aab"), "aab");
        assert_eq!(min_window_substring("xyz", "q"), "");
        assert_eq!(min_window_substring("bbaac", "abc"), "baac");
    }

}
