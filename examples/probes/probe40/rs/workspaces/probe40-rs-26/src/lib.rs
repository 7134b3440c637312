#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return the length of the longest run of consecutive vowels (a, e, i, o, u, in
either case) in s. The letter y is not a vowel.
longest_vowel_run("beautiful") == 3
longest_vowel_run("rhythm") == 0
longest_vowel_run("QUEUE") == 4
*/
fn longest_vowel_run(s: &str) -> usize {
    let mut best = 0;
    let mut run = 0;
    for c in s.chars() {
        if "aeiouAEIOU".contains(c) || c == 'y' {
            run += 1;
            best = best.max(run);
        } else {
            run = 0;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_longest_vowel_run() {
        assert_eq!(longest_vowel_run("beautiful"), 3);
        assert_eq!(longest_vowel_run("rhythm"), 0);
        assert_eq!(longest_vowel_run("QUEUE"), 4);
        assert_eq!(longest_vowel_run(""), 0);
        assert_eq!(longest_vowel_run("you"), 2);
        assert_eq!(longest_vowel_run("aXe"), 1);
        assert_eq!(longest_vowel_run("queueing"), 5);
    }

}
