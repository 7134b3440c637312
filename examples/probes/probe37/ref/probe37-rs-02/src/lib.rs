#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return the length of the longest common subsequence of a and b: the longest
sequence of characters that occurs in both strings in the same order, though
not necessarily contiguously.
longest_common_subsequence("abcde", "ace") == 3
longest_common_subsequence("abc", "def") == 0
*/
fn longest_common_subsequence(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut dp = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            if a[i - 1] == b[j - 1] {
                dp[i][j] = dp[i - 1][j - 1] + 1;
            } else {
                dp[i][j] = max(dp[i - 1][j], dp[i][j - 1]);
            }
        }
    }
    dp[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_longest_common_subsequence() {
        assert!(longest_common_subsequence("abcde", "ace") == 3);
        assert!(longest_common_subsequence("abc", "def") == 0);
        assert!(longest_common_subsequence("", "abc") == 0);
        assert!(longest_common_subsequence("abc", "abc") == 3);
        assert!(longest_common_subsequence("aa", "a") == 1);
        assert!(longest_common_subsequence("AGGTAB", "GXTXAYB") == 4);
        assert!(longest_common_subsequence("abcba", "abcbcba") == 5);
        assert!(longest_common_subsequence("xyz", "zyx") == 1);
    }

}
