#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
 A bus starts empty. At each stop, given as (getting_off, getting_on), first the
 passengers get off (if more want to get off than are on board, the bus simply
 becomes empty), then the new passengers get on. Return the largest number of
 passengers on board after any stop, or 0 if there are no stops.
 bus_peak_load(&[(0, 5), (2, 4), (6, 1)]) == 7
*/
fn bus_peak_load(stops: &[(u32, u32)]) -> u32 {
    let mut on_board: u32 = 0;
    let mut peak = 0;
    for &(off, on) in stops {
        on_board = on_board.abs_diff(off);
        on_board += on;
        peak = peak.max(on_board);
    }
    peak
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_bus_peak_load() {
        assert!(bus_peak_load(&[]) == 0);
        assert!(bus_peak_load(&[(0, 5)]) == 5);
        assert!(bus_peak_load(&[(0, 5), (2, 4), (6, 1)]) == 7);
        assert!(bus_peak_load(&[(0, 5), (10, 2)]) == 5);
        assert!(bus_peak_load(&[(0, 3), (1, 4), (2, 0)]) == 6);
        assert!(bus_peak_load(&[(5, 0), (0, 1)]) == 1);
        assert!(bus_peak_load(&[(0, 10), (3, 1), (8, 0), (0, 2)]) == 10);
    }

}
