#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Given event times in minutes after midnight (values of 1440 or more wrap
round to the next day), return the hour of the day (0..=23) in which the
most events fall. When several hours tie, return the earliest of them;
with no events return 0.
busiest_hour(&[65, 70, 130, 610]) == 1
busiest_hour(&[600, 60, 1500]) == 1
busiest_hour(&[]) == 0
*/
fn busiest_hour(times: &[u32]) -> u32 {
    let mut counts = [0usize; 24];
    for &t in times {
        counts[(t / 60 % 24) as usize] += 1;
    }
    let mut best = 0;
    for hour in 1..24 {
        if counts[hour] >= counts[best] {
            best = hour;
        }
    }
    best as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_busiest_hour() {
        assert_eq!(busiest_hour(&[65, 70, 130, 610]), 1);
        assert_eq!(busiest_hour(&[600, 60, 1500]), 1);
        assert_eq!(busiest_hour(&[]), 0);
        assert_eq!(busiest_hour(&[600, 60]), 1);
        assert_eq!(busiest_hour(&[1439]), 23);
        assert_eq!(busiest_hour(&[0, 59, 1380, 1400]), 0);
    }

}
