#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Add a number of minutes (possibly negative, possibly more than a day) to a
24-hour clock time "HH:MM" and return the resulting clock time in the same
format.
time_add("23:50", 20) == "00:10"
time_add("00:15", -30) == "23:45"
*/
fn time_add(time: &str, minutes: i32) -> String {
    let parts: Vec<i32> = time.split(':').map(|p| p.parse().unwrap()).collect();
    let start = parts[0] * 60 + parts[1];
    let total = (start + minutes).rem_euclid(24 * 60);
    let hours = total / 60;
    let mins = total % 60;
    format!("{:02}:{:02}", hours, mins)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_time_add() {
        assert!(time_add("23:50", 20) == "00:10");
        assert!(time_add("10:00", 0) == "10:00");
        assert!(time_add("08:45", 30) == "09:15");
        assert!(time_add("12:00", 1440 * 3 + 1) == "12:01");
        assert!(time_add("00:15", -30) == "23:45");
        assert!(time_add("06:00", -1440 * 2 - 60) == "05:00");
        assert!(time_add("00:00", -1) == "23:59");
    }

}
