#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
 Return a person's age in whole years on `date`, given the date of birth. Dates
 are (year, month, day) tuples and `date` is not before `birth`. The age goes up
 by one on the birthday itself, not before.
 age_on((2000, 6, 15), (2020, 6, 14)) == 19
*/
fn age_on(birth: (i32, u32, u32), date: (i32, u32, u32)) -> i32 {
    let (birth_year, birth_month, birth_day) = birth;
    let (year, month, day) = date;
    let mut age = year - birth_year;
    if month < birth_month {
        age -= 1;
    }
    age
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_age_on() {
        assert!(age_on((2000, 6, 15), (2020, 6, 15)) == 20);
        assert!(age_on((2000, 6, 15), (2020, 6, 14)) == 19);
        assert!(age_on((2000, 6, 15), (2020, 5, 30)) == 19);
        assert!(age_on((2000, 6, 15), (2020, 7, 1)) == 20);
        assert!(age_on((1990, 12, 31), (1991, 1, 1)) == 0);
        assert!(age_on((2000, 1, 1), (2000, 1, 1)) == 0);
        assert!(age_on((1985, 3, 10), (2024, 3, 9)) == 38);
    }

}
