#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
A card's expiry date is written "MM/YY" (meaning the year 20YY), and the card
can be used until the end of that month. Return true if the card has expired
in the given year (four digits) and month (1-12). An expiry string that is
not two numbers separated by '/' counts as expired.
card_expired("06/25", 2025, 6) == false
card_expired("06/25", 2025, 7) == true
card_expired("12/24", 2025, 1) == true
card_expired("0625", 2025, 1) == true
*/
fn card_expired(expiry: &str, year: u32, month: u32) -> bool {
    let (mm, yy) = match expiry.split_once('/') {
        Some(p) => p,
        None => return true,
    };
    let (mm, yy) = match (mm.parse::<u32>(), yy.parse::<u32>()) {
        (Ok(m), Ok(y)) => (m, y),
        _ => return true,
    };
    let exp_year = 2000 + yy;
    exp_year < year || (exp_year == year && mm <= month)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_card_expired() {
        assert_eq!(card_expired("06/25", 2025, 6), false);
        assert_eq!(card_expired("06/25", 2025, 7), true);
        assert_eq!(card_expired("12/24", 2025, 1), true);
        assert_eq!(card_expired("0625", 2025, 1), true);
        assert_eq!(card_expired("01/30", 2029, 12), false);
        assert_eq!(card_expired("ab/cd", 2020, 1), true);
        assert_eq!(card_expired("11/26", 2026, 11), false);
        assert_eq!(card_expired("11/26", 2027, 1), true);
    }

}
