#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return true when a chess queen on the square queen can attack the square
target, that is when both are on the same row, the same column or the same
diagonal (pieces in between are ignored). A square does not attack itself.
Squares are (row, column) pairs.
queen_attacks((2, 3), (5, 6)) == true
queen_attacks((0, 0), (7, 0)) == true
queen_attacks((1, 1), (2, 3)) == false
*/
fn queen_attacks(queen: (i32, i32), target: (i32, i32)) -> bool {
    let (qr, qc) = queen;
    let (tr, tc) = target;
    if qr == tr && qc == tc {
        return false;
    }
    qr == tr || qc == tc || (qr - tr).abs() == (qc - tc).abs()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_queen_attacks() {
        assert!(queen_attacks((2, 3), (5, 6)));
        assert!(queen_attacks((0, 0), (7, 0)));
        assert!(!queen_attacks((1, 1), (2, 3)));
        assert!(!queen_attacks((4, 4), (4, 4)));
        assert!(queen_attacks((3, 3), (0, 6)));
        assert!(queen_attacks((7, 0), (0, 7)));
        assert!(!queen_attacks((0, 1), (2, 2)));
        assert!(queen_attacks((5, 2), (5, 7)));
    }

}
