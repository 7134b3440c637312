#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
 Return the moves, as (from_peg, to_peg) pairs, that carry a tower of n disks
 from peg `from` to peg `to`, using peg `via` as the spare, in the minimal number
 of moves (2^n - 1): first move the top n-1 disks from `from` onto `via`, then
 move the largest disk from `from` to `to`, then move the n-1 disks from `via`
 onto `to`.
 hanoi_moves(2, 1, 3, 2) == vec![(1, 2), (1, 3), (2, 3)]
*/
fn hanoi_moves(n: u32, from: u8, to: u8, via: u8) -> Vec<(u8, u8)> {
    let mut moves = Vec::new();
    if n == 0 {
        return moves;
    }
    moves.extend(hanoi_moves(n - 1, from, via, to));
    moves.push((from, to));
    moves.extend(hanoi_moves(n - 1, via, to, from));
    moves
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_hanoi_moves() {
        assert!(hanoi_moves(0, 1, 3, 2) == Vec::<(u8, u8)>::new());
        assert!(hanoi_moves(1, 1, 3, 2) == vec![(1, 3)]);
        assert!(hanoi_moves(2, 1, 3, 2) == vec![(1, 2), (1, 3), (2, 3)]);
        assert!(hanoi_moves(3, 1, 3, 2) == vec![(1, 3), (1, 2), (3, 2), (1, 3), (2, 1), (2, 3), (1, 3)]);
        assert!(hanoi_moves(2, 2, 1, 3) == vec![(2, 3), (2, 1), (3, 1)]);
        assert!(hanoi_moves(5, 1, 3, 2).len() == 31);
        assert!(*hanoi_moves(4, 1, 3, 2).last().unwrap() == (2, 3));
    }

}
