#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Format a number of seconds as hours, minutes and seconds, like "1h 2m 3s".
Units whose value is zero are left out, and zero seconds give "0s".
format_duration_short(3723) == "1h 2m 3s"
format_duration_short(7200) == "2h"
format_duration_short(61) == "1m 1s"
format_duration_short(0) == "0s"
*/
fn format_duration_short(secs: u64) -> String {
    if secs == 0 {
        return "0s".to_string();
    }
    let hours = secs / 3600;
    let minutes = secs / 60;
    let seconds = secs % 60;
    let mut parts = Vec::new();
    if hours > 0 {
        parts.push(format!("{}h", hours));
    }
    if minutes > 0 {
        parts.push(format!("{}m", minutes));
    }
    if seconds > 0 {
        parts.push(format!("{}s", seconds));
    }
    parts.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_format_duration_short() {
        assert_eq!(format_duration_short(3723), "1h 2m 3s");
        assert_eq!(format_duration_short(7200), "2h");
        assert_eq!(format_duration_short(61), "1m 1s");
        assert_eq!(format_duration_short(0), "0s");
        assert_eq!(format_duration_short(86399), "23h 59m 59s");
        assert_eq!(format_duration_short(3660), "1h 1m");
        assert_eq!(format_duration_short(59), "59s");
    }

}
