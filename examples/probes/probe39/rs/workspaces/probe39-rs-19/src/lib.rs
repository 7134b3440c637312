#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
seats is a row of seats where 1 is taken and 0 is free, with at least one
of each. Return the largest distance to the closest taken seat that a
newcomer can get by choosing a free seat.
best_seat_distance(&[1, 0, 0, 0, 1, 0, 1]) == 2
best_seat_distance(&[1, 0, 0, 0]) == 3
best_seat_distance(&[0, 1]) == 1
*/
fn best_seat_distance(seats: &[u8]) -> usize {
    let mut best = 0;
    let mut last: Option<usize> = None;
    for (i, &seat) in seats.iter().enumerate() {
        if seat == 1 {
            best = match last {
                None => i,
                Some(prev) => best.max((i - prev) / 2),
            };
            last = Some(i);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_best_seat_distance() {
        assert_eq!(best_seat_distance(&[1, 0, 0, 0, 1, 0, 1]), 2);
        assert_eq!(best_seat_distance(&[1, 0, 0, 0]), 3);
        assert_eq!(best_seat_distance(&[0, 1]), 1);
        assert_eq!(best_seat_distance(&[0, 0, 1, 0, 0, 0, 0, 0, 1]), 3);
        assert_eq!(best_seat_distance(&[1, 0, 1]), 1);
        assert_eq!(best_seat_distance(&[0, 0, 0, 1, 0]), 3);
    }

}
