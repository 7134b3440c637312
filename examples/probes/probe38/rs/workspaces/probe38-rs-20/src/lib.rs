#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Match text against a pattern in which '?' matches any single character and
'*' matches any sequence of characters, including the empty one; every other
character matches itself. The whole text must be matched.
glob_match("a*c", "abbbc") == true
glob_match("*", "") == true
glob_match("a?", "a") == false
*/
fn glob_match(pattern: &str, text: &str) -> bool {
    let p: Vec<char> = pattern.chars().collect();
    let t: Vec<char> = text.chars().collect();
    let mut dp = vec![vec![false; t.len() + 1]; p.len() + 1];
    dp[0][0] = true;
    for i in 1..=p.len() {
        for j in 1..=t.len() {
            dp[i][j] = match p[i - 1] {
                '*' => dp[i - 1][j] || dp[i][j - 1],
                '?' => dp[i - 1][j - 1],
                c => c == t[j - 1] && dp[i - 1][j - 1],
            };
        }
    }
    dp[p.len()][t.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_glob_match() {
        assert!(glob_match("a*c", "abbbc"));
        assert!(!glob_match("a?", "a"));
        assert!(glob_match("", ""));
        assert!(!glob_match("", "a"));
        assert!(glob_match("*", ""));
        assert!(glob_match("*.rs", "lib.rs"));
        assert!(glob_match("**a", "a"));
        assert!(!glob_match("*.rs", "lib.py"));
        assert!(glob_match("?b*", "abxyz"));
    }

}
