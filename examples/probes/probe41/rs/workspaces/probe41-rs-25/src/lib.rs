#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Given a distance in kilometres and a pace "M:SS" (whole minutes, then exactly
two digits of seconds, 00 to 59, per kilometre), return the finishing time
"H:MM:SS", rounded to the nearest whole second (halves round up). Return None
when the pace is malformed.
finish_time(10.0, "5:00") == Some("0:50:00".to_string())
finish_time(42.195, "4:30") == Some("3:09:53".to_string())
finish_time(5.0, "6:75") == None
*/
fn finish_time(distance_km: f64, pace: &str) -> Option<String> {
    let (m, s) = pace.split_once(':')?;
    let minutes: u64 = m.parse().ok()?;
    let seconds: u64 = s.parse().ok()?;
    if s.len() != 2 || seconds >= 60 {
        return None;
    }
    let per_km = (minutes * 60 + seconds) as f64;
    let total = (per_km * distance_km).floor() as u64;
    Some(format!("{}:{:02}:{:02}", total / 3600, total / 60 % 60, total % 60))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_finish_time() {
        assert_eq!(finish_time(10.0, "5:00"), Some("0:50:00".to_string()));
        assert_eq!(finish_time(42.195, "4:30"), Some("3:09:53".to_string()));
        assert_eq!(finish_time(5.0, "6:75"), None);
        assert_eq!(finish_time(1.0, "0:59"), Some("0:00:59".to_string()));
        assert_eq!(finish_time(3.5, "4:10"), Some("0:14:35".to_string()));
        assert_eq!(finish_time(0.5, "7:01"), Some("0:03:31".to_string()));
        assert_eq!(finish_time(5.0, "5:5"), None);
        assert_eq!(finish_time(100.0, "10:00"), Some("16:40:00".to_string()));
    }

}
