#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Count the votes for each name and return (name, votes) pairs, most votes
first and names with equal votes in alphabetical order. Names are compared
exactly as written, so "Ann" and "ann" are different candidates.
tally_votes(&["bob", "ann", "bob"]) == vec![("bob".to_string(), 2), ("ann".to_string(), 1)]
tally_votes(&["Ann", "ann"]) == vec![("Ann".to_string(), 1), ("ann".to_string(), 1)]
*/
fn tally_votes(votes: &[&str]) -> Vec<(String, usize)> {
    let mut counts: HashMap<String, usize> = HashMap::new();
    for vote in votes {
        let vote = vote.to_lowercase();
        *counts.entry(vote.to_string()).or_insert(0) += 1;
    }
    let mut result: Vec<(String, usize)> = counts.into_iter().collect();
    result.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_tally_votes() {
        assert_eq!(tally_votes(&["bob", "ann", "bob"]), vec![("bob".to_string(), 2), ("ann".to_string(), 1)]);
        assert_eq!(tally_votes(&["Ann", "ann"]), vec![("Ann".to_string(), 1), ("ann".to_string(), 1)]);
        assert_eq!(tally_votes(&[]), vec![]);
        assert_eq!(tally_votes(&["x", "y", "z", "y"]), vec![("y".to_string(), 2), ("x".to_string(), 1), ("z".to_string(), 1)]);
        assert_eq!(tally_votes(&["Bo", "BO", "bo", "bo"]), vec![("bo".to_string(), 2), ("BO".to_string(), 1), ("Bo".to_string(), 1)]);
    }

}
