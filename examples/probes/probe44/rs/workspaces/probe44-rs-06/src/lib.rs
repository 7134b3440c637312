#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Free time in a working day. `busy` holds meetings as (start, end) minutes
since midnight, half-open [start, end), in any order and possibly
overlapping. Returns the gaps inside [day_start, day_end) that are at least
`min_len` minutes long, in chronological order.

    free_slots(&[(600, 660), (540, 570)], 540, 720, 30) == vec![(570, 600), (660, 720)]
*/
pub fn free_slots(busy: &[(u32, u32)], day_start: u32, day_end: u32, min_len: u32) -> Vec<(u32, u32)> {
    let mut meetings: Vec<(u32, u32)> = busy.to_vec();
    let mut slots = Vec::new();
    let mut cursor = day_start;
    for (start, end) in meetings {
        let start = start.min(day_end);
        if start > cursor && start - cursor >= min_len {
            slots.push((cursor, start));
        }
        cursor = cursor.max(end);
    }
    if day_end > cursor && day_end - cursor >= min_len {
        slots.push((cursor, day_end));
    }
    slots
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_free_slots() {
        assert_eq!(free_slots(&[(600, 660), (540, 570)], 540, 720, 30), vec![(570, 600), (660, 720)]);
        assert_eq!(free_slots(&[], 540, 1020, 15), vec![(540, 1020)]);
        assert_eq!(free_slots(&[(500, 1100)], 540, 1020, 1), Vec::<(u32, u32)>::new());
        assert_eq!(free_slots(&[(600, 700), (650, 660), (610, 720)], 540, 780, 10), vec![(540, 600), (720, 780)]);
        assert_eq!(free_slots(&[(560, 570)], 540, 600, 25), vec![(570, 600)]);
        assert_eq!(free_slots(&[(900, 960), (700, 720)], 540, 800, 60), vec![(540, 700), (720, 800)]);
    }

}
