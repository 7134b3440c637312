#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
A single player plays the dice game Pig with the given rolls, in order. Every
roll other than 1 is added to the turn total; a roll of 1 loses the turn total
and ends the turn. As soon as the turn total reaches hold_at, it is added to
the banked score and a new turn starts with a turn total of 0. A turn total
that has not been banked when the rolls run out is lost. Return the banked
score.
pig_score(&[6, 6, 2], 10) == 12
pig_score(&[4, 1, 5, 5], 10) == 10
pig_score(&[3, 3], 10) == 0
*/
fn pig_score(rolls: &[u32], hold_at: u32) -> u32 {
    let mut banked = 0;
    let mut turn = 0;
    for &r in rolls {
        if r == 1 {
            turn = 0;
        } else {
            turn += r;
            if turn >= hold_at {
                banked += turn;
                turn = 0;
            }
        }
    }
    banked
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_pig_score() {
        assert_eq!(pig_score(&[6, 6, 2], 10), 12);
        assert_eq!(pig_score(&[4, 1, 5, 5], 10), 10);
        assert_eq!(pig_score(&[3, 3], 10), 0);
        assert_eq!(pig_score(&[], 20), 0);
        assert_eq!(pig_score(&[5, 5, 5, 5, 1], 10), 20);
        assert_eq!(pig_score(&[2, 2, 2, 1, 6, 6, 6, 6], 20), 24);
    }

}
