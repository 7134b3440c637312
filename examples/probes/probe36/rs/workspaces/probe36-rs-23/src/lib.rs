#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return the score of a tennis game in which player 1 has won p1 points and
player 2 has won p2 points. While both have at most 2 points, or one has at
most 3 and the other at most 2, the score is "<p1>-<p2>" with the point names
"Love", "15", "30", "40" (or "<name>-All" when level). When both have at least
3 points: "Deuce" when level, "Advantage P1"/"Advantage P2" when one leads by
a point, "Game P1"/"Game P2" when one leads by two or more. A player with 4 or
more points while the other has at most 2 has won: "Game P1"/"Game P2".
tennis_score(2, 3) == "30-40"
tennis_score(4, 3) == "Advantage P1"
tennis_score(1, 1) == "15-All"
*/
fn tennis_score(p1: u32, p2: u32) -> String {
    let names = ["Love", "15", "30", "40"];
    if p1 >= 3 || p2 >= 3 {
        if p1 == p2 {
            return "Deuce".to_string();
        }
        let leader = if p1 > p2 { "P1" } else { "P2" };
        if p1.abs_diff(p2) == 1 {
            return format!("Advantage {}", leader);
        }
        return format!("Game {}", leader);
    }
    if p1 >= 4 {
        return "Game P1".to_string();
    }
    if p2 >= 4 {
        return "Game P2".to_string();
    }
    if p1 == p2 {
        return format!("{}-All", names[p1 as usize]);
    }
    format!("{}-{}", names[p1 as usize], names[p2 as usize])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_tennis_score() {
        assert!(tennis_score(0, 0) == "Love-All");
        assert!(tennis_score(1, 0) == "15-Love");
        assert!(tennis_score(1, 1) == "15-All");
        assert!(tennis_score(2, 3) == "30-40");
        assert!(tennis_score(3, 0) == "40-Love");
        assert!(tennis_score(3, 3) == "Deuce");
        assert!(tennis_score(4, 3) == "Advantage P1");
        assert!(tennis_score(3, 4) == "Advantage P2");
        assert!(tennis_score(6, 4) == "Game P1");
        assert!(tennis_score(4, 0) == "Game P1");
        assert!(tennis_score(1, 4) == "Game P2");
        assert!(tennis_score(10, 10) == "Deuce");
    }

}
