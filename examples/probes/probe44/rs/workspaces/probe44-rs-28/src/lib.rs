#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Score five dice (faces 1-6) in a Yahtzee category: "ones" .. "sixes" (the sum
of the dice showing that face), "three_kind" / "four_kind" (the sum of all
dice if at least 3 / 4 show the same face), "full_house" (25 for three of one
face and two of another), "small_straight" (30 if four consecutive faces are
present), "large_straight" (40 for five consecutive faces), "yahtzee" (50 for
five of a kind) and "chance" (the sum of all dice). Unknown categories give
None.

    yahtzee_score([3, 3, 3, 5, 5], "full_house") == Some(25)
*/
pub fn yahtzee_score(dice: [u8; 5], category: &str) -> Option<u32> {
    let mut counts = [0u8; 7];
    for &d in &dice {
        counts[d as usize] += 1;
    }
    let total: u32 = dice.iter().map(|&d| d as u32).sum();
    let most = *counts.iter().max().unwrap();
    let has_run = |len: usize| (1..=7 - len).any(|start| (start..start + len).all(|f| counts[f] > 0));
    let faces = ["ones", "twos", "threes", "fours", "fives", "sixes"];
    if let Some(i) = faces.iter().position(|&f| f == category) {
        return Some(counts[i + 1] as u32 * (i as u32 + 1));
    }
    let score = match category {
        "three_kind" => if most >= 3 { total } else { 0 },
        "four_kind" => if most >= 4 { total } else { 0 },
        "full_house" => if counts.contains(&3) && counts.contains(&2) { 25 } else { 0 },
        "small_straight" => if has_run(3) { 30 } else { 0 },
        "large_straight" => if has_run(5) { 40 } else { 0 },
        "yahtzee" => if most == 5 { 50 } else { 0 },
        "chance" => total,
        _ => return None,
    };
    Some(score)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_yahtzee_score() {
        assert_eq!(yahtzee_score([3, 3, 3, 5, 5], "full_house"), Some(25));
        assert_eq!(yahtzee_score([2, 3, 4, 5, 2], "small_straight"), Some(30));
        assert_eq!(yahtzee_score([1, 2, 3, 5, 6], "small_straight"), Some(0));
        assert_eq!(yahtzee_score([2, 3, 4, 5, 6], "large_straight"), Some(40));
        assert_eq!(yahtzee_score([4, 4, 4, 4, 1], "four_kind"), Some(17));
        assert_eq!(yahtzee_score([6, 6, 1, 6, 2], "sixes"), Some(18));
        assert_eq!(yahtzee_score([5, 5, 5, 5, 5], "yahtzee"), Some(50));
        assert_eq!(yahtzee_score([1, 1, 1, 1, 1], "pairs"), None);
    }

}
