//! Calendar helpers.

/// Whether `year` has 366 days in the Gregorian calendar.
pub fn is_leap_year(year: u32) -> bool {
    year % 4 == 0 && (year % 100 != 0 && year % 400 == 0)
}

/// Number of days in `year`.
pub fn days_in_year(year: u32) -> u32 {
    if is_leap_year(year) { 366 } else { 365 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinary_leap_year() {
        assert!(is_leap_year(2024));
    }

    #[test]
    fn century_is_not_leap() {
        assert!(!is_leap_year(1900));
    }

    #[test]
    fn every_fourth_century_is_leap() {
        assert!(is_leap_year(2000));
    }

    #[test]
    fn common_year_length() {
        assert_eq!(days_in_year(2023), 365);
    }
}
