/// Returns the Julian Day Number of a `"YYYY-MM-DD"` date in the proleptic
/// Gregorian calendar, e.g. 2451545 for `"2000-01-01"`.
///
/// The year has exactly four digits and the month and day two each. Returns
/// `None` for a malformed string or a date that does not exist (month
/// outside 1..=12, day outside the month; leap years follow the Gregorian
/// rule).
pub fn julian_day_number(date: &str) -> Option<i64> {
    let parts: Vec<&str> = date.split('-').collect();
    if parts.len() != 3 || parts[0].len() != 4 || parts[1].len() != 2 || parts[2].len() != 2 {
        return None;
    }
    if !parts.iter().all(|p| p.bytes().all(|b| b.is_ascii_digit())) {
        return None;
    }
    let year: i64 = parts[0].parse().ok()?;
    let month: i64 = parts[1].parse().ok()?;
    let day: i64 = parts[2].parse().ok()?;
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    let month_len = [31, if leap { 29 } else { 28 }, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    if !(1..=12).contains(&month) || day < 1 || day > month_len[(month - 1) as usize] {
        return None;
    }
    let a = (14 - month) / 12;
    let y = year + 4800 - a;
    let m = month + 12 * a - 3;
    Some(day + (153 * m + 2) / 5 + 365 * y + y / 4 - y / 100 - y / 400 - 32045)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_julian_day_number() {
        assert_eq!(julian_day_number("2000-01-01"), Some(2451545));
        assert_eq!(julian_day_number("1970-01-01"), Some(2440588));
        assert_eq!(julian_day_number("2024-02-29"), Some(2460370));
        assert_eq!(julian_day_number("1858-11-17"), Some(2400001));
        assert_eq!(julian_day_number("2023-02-29"), None);
        assert_eq!(julian_day_number("2000-13-01"), None);
        assert_eq!(julian_day_number("2000-1-01"), None);
    }

}
