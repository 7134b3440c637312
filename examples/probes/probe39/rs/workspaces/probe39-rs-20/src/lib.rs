#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Keep score with a list of entries and return the sum of the recorded
scores at the end. An integer records that score; "+" records the sum of
the last two recorded scores; "D" records double the last recorded score;
"C" removes the last recorded score. Every entry is valid for the scores
recorded before it.
score_sheet_total(&["5", "2", "C", "D", "+"]) == 30
score_sheet_total(&["5", "-2", "4", "C", "D", "9", "+", "+"]) == 27
score_sheet_total(&["1", "C"]) == 0
*/
fn score_sheet_total(entries: &[&str]) -> i32 {
    let mut scores: Vec<i32> = Vec::new();
    for entry in entries {
        match *entry {
            "C" => {
                scores.pop();
            }
            "D" => {
                let last = scores[scores.len() - 1];
                scores.push(last + 2);
            }
            "+" => {
                let n = scores.len();
                let sum = scores[n - 1] + scores[n - 2];
                scores.push(sum);
            }
            number => scores.push(number.parse().unwrap()),
        }
    }
    scores.iter().sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_score_sheet_total() {
        assert_eq!(score_sheet_total(&["5", "2", "C", "D", "+"]), 30);
        assert_eq!(score_sheet_total(&["5", "-2", "4", "C", "D", "9", "+", "+"]), 27);
        assert_eq!(score_sheet_total(&["1", "C"]), 0);
        assert_eq!(score_sheet_total(&[]), 0);
        assert_eq!(score_sheet_total(&["3", "D", "D"]), 21);
        assert_eq!(score_sheet_total(&["1", "1", "+", "+"]), 7);
    }

}
