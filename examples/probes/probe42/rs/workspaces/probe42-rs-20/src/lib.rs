#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Round a time "H:MM" or "HH:MM" to the nearest multiple of slot minutes
counted from midnight (halfway rounds up), wrapping past midnight, and
return it as "HH:MM". Return None for an invalid time or a zero slot.
round_to_slot("10:07", 15) == Some("10:00".to_string())
round_to_slot("23:53", 15) == Some("00:00".to_string())
*/
fn round_to_slot(time: &str, slot: u32) -> Option<String> {
    let (h, m) = time.split_once(':')?;
    let h: u32 = h.parse().ok()?;
    let m: u32 = m.parse().ok()?;
    if h > 23 || m > 59 || slot == 0 {
        return None;
    }
    if m % slot == 0 {
        return Some(time.to_string());
    }
    let total = h * 60 + m;
    let rounded = (total + slot / 2) / slot * slot;
    let wrapped = rounded % (24 * 60);
    Some(format!("{:02}:{:02}", wrapped / 60, wrapped % 60))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_round_to_slot() {
        assert_eq!(round_to_slot("10:07", 15), Some("10:00".to_string()));
        assert_eq!(round_to_slot("10:08", 15), Some("10:15".to_string()));
        assert_eq!(round_to_slot("9:00", 15), Some("09:00".to_string()));
        assert_eq!(round_to_slot("23:53", 15), Some("00:00".to_string()));
        assert_eq!(round_to_slot("10:00", 90), Some("10:30".to_string()));
        assert_eq!(round_to_slot("25:00", 15), None);
        assert_eq!(round_to_slot("14:29", 30), Some("14:30".to_string()));
    }

}
