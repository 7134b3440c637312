#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Format a date given as "YYYY-MM-DD" in long form, "D Month YYYY": the day
without a leading zero and the month's full English name. Return None when
the text does not have that shape (4, 2 and 2 digits separated by '-'), when
the month is not 1 to 12 or when the day is not 1 to 31.
long_date("2024-03-05") == Some("5 March 2024".to_string())
long_date("1999-12-31") == Some("31 December 1999".to_string())
long_date("2024-13-01") == None
*/
fn long_date(iso: &str) -> Option<String> {
    const MONTHS: [&str; 12] = ["January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December"];
    let parts: Vec<&str> = iso.split('-').collect();
    if parts.len() != 3 || parts[0].len() != 4 || parts[1].len() != 2 || parts[2].len() != 2 {
        return None;
    }
    if !parts.iter().all(|p| p.chars().all(|c| c.is_ascii_digit())) {
        return None;
    }
    let month: usize = parts[1].parse().ok()?;
    let day: u32 = parts[2].parse().ok()?;
    if !(1..=12).contains(&month) || !(1..=31).contains(&day) {
        return None;
    }
    Some(format!("{} {} {}", day, MONTHS[month], parts[0]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_long_date() {
        assert_eq!(long_date("2024-03-05"), Some("5 March 2024".to_string()));
        assert_eq!(long_date("1999-12-31"), Some("31 December 1999".to_string()));
        assert_eq!(long_date("2024-13-01"), None);
        assert_eq!(long_date("2000-01-01"), Some("1 January 2000".to_string()));
        assert_eq!(long_date("2024-00-10"), None);
        assert_eq!(long_date("2024-02-32"), None);
        assert_eq!(long_date("24-02-03"), None);
        assert_eq!(long_date("2021-10-09"), Some("9 October 2021".to_string()));
    }

}
