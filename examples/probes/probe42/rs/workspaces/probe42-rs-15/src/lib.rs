#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return the average pace, as "m:ss/km" rounded to the nearest second, of a
run of distance_m metres that took time ("mm:ss" or "h:mm:ss"). Return None
for a zero distance or a malformed time.
running_pace(5000, "25:00") == Some("5:00/km".to_string())
running_pace(42195, "3:30:00") == Some("4:59/km".to_string())
*/
fn running_pace(distance_m: u32, time: &str) -> Option<String> {
    let parts: Vec<&str> = time.split(':').collect();
    if parts.len() < 2 || parts.len() > 3 || distance_m == 0 {
        return None;
    }
    let mut total: u64 = 0;
    for p in &parts {
        let v: u64 = p.parse().ok()?;
        total = total * 60 + v;
    }
    let d = distance_m as u64;
    let per_km = (total * 1000 + d / 2) / d;
    Some(format!("{}:{:2}/km", per_km / 60, per_km % 60))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_running_pace() {
        assert_eq!(running_pace(5000, "25:00"), Some("5:00/km".to_string()));
        assert_eq!(running_pace(42195, "3:30:00"), Some("4:59/km".to_string()));
        assert_eq!(running_pace(10000, "50:30"), Some("5:03/km".to_string()));
        assert_eq!(running_pace(0, "10:00"), None);
        assert_eq!(running_pace(5000, "abc"), None);
        assert_eq!(running_pace(400, "1:30"), Some("3:45/km".to_string()));
        assert_eq!(running_pace(1000, "4:05"), Some("4:05/km".to_string()));
    }

}
