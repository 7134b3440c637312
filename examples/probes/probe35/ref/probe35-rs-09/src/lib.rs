#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
 Return the score of a dart landing at (x, y) on a target centred at (0, 0):
 10 points if it is within distance 1 of the centre, 5 points if within distance 5,
 1 point if within distance 10, and 0 otherwise. A dart exactly on the edge of a
 circle counts as inside it.
 dart_score(3.0, 4.0) == 5
*/
fn dart_score(x: f64, y: f64) -> u32 {
    let distance = (x * x + y * y).sqrt();
    if distance <= 1.0 {
        10
    } else if distance <= 5.0 {
        5
    } else if distance <= 10.0 {
        1
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_dart_score() {
        assert!(dart_score(0.0, 0.0) == 10);
        assert!(dart_score(1.0, 0.0) == 10);
        assert!(dart_score(-0.5, 0.5) == 10);
        assert!(dart_score(0.8, 0.8) == 5);
        assert!(dart_score(3.0, 4.0) == 5);
        assert!(dart_score(-5.0, 0.0) == 5);
        assert!(dart_score(6.0, 8.0) == 1);
        assert!(dart_score(7.5, 7.5) == 0);
    }

}
