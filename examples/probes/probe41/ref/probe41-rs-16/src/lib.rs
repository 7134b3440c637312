#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return the most frequent non-whitespace character of s; when several are
equally frequent, the one whose first appearance in s comes first wins.
None when s has no non-whitespace character.
most_common_char("hello world") == Some('l')
most_common_char("abcabc") == Some('a')
most_common_char("  ") == None
*/
fn most_common_char(s: &str) -> Option<char> {
    let mut counts: HashMap<char, usize> = HashMap::new();
    for c in s.chars().filter(|c| !c.is_whitespace()) {
        *counts.entry(c).or_insert(0) += 1;
    }
    let mut best: Option<(char, usize)> = None;
    for c in s.chars().filter(|c| !c.is_whitespace()) {
        let n = counts[&c];
        if best.map_or(true, |(_, m)| n > m) {
            best = Some((c, n));
        }
    }
    best.map(|(c, _)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_most_common_char() {
        assert_eq!(most_common_char("hello world"), Some('l'));
        assert_eq!(most_common_char("abcabc"), Some('a'));
        assert_eq!(most_common_char("  "), None);
        assert_eq!(most_common_char("x"), Some('x'));
        assert_eq!(most_common_char("aabb"), Some('a'));
        assert_eq!(most_common_char("b a b a"), Some('b'));
        assert_eq!(most_common_char("zzyy y"), Some('y'));
    }

}
