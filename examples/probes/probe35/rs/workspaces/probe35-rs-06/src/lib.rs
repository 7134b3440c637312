#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
 Return the Scrabble score of a word: the sum of its letter values, where
 A, E, I, O, U, L, N, S, T, R are worth 1; D, G are worth 2; B, C, M, P are
 worth 3; F, H, V, W, Y are worth 4; K is worth 5; J, X are worth 8; and Q, Z
 are worth 10. Letters may be in either case; other characters are worth 0.
 scrabble_score("cabbage") == 14
*/
fn scrabble_score(word: &str) -> u32 {
    let mut score = 0;
    for c in word.chars() {
        score += match c.to_ascii_uppercase() {
            'A' | 'E' | 'I' | 'O' | 'U' | 'L' | 'N' | 'S' | 'T' | 'R' => 1,
            'D' | 'G' => 3,
            'B' | 'C' | 'M' | 'P' => 3,
            'F' | 'H' | 'V' | 'W' | 'Y' => 4,
            'K' => 5,
            'J' | 'X' => 8,
            'Q' | 'Z' => 10,
            _ => 0,
        };
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_scrabble_score() {
        assert!(scrabble_score("") == 0);
        assert!(scrabble_score("cabbage") == 14);
        assert!(scrabble_score("Quiz") == 22);
        assert!(scrabble_score("OxyphenButazone") == 41);
        assert!(scrabble_score("a-b") == 4);
        assert!(scrabble_score("dog") == 5);
        assert!(scrabble_score("GG") == 4);
    }

}
