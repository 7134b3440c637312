#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Pay for one week in cents. days holds the whole hours worked on Monday to
Sunday. From Monday to Saturday the first 8 hours of a day are paid at
rate_cents and any further hours at time and a half; every Sunday hour is
paid double. Time and a half is computed on the week's total of such
hours, rounding down to a cent.
weekly_pay(&[8, 8, 8, 8, 8, 0, 0], 2000) == 80000
weekly_pay(&[10, 8, 8, 8, 8, 0, 0], 2000) == 86000
*/
fn weekly_pay(days: &[u32; 7], rate_cents: u64) -> u64 {
    let mut regular: u64 = 0;
    let mut overtime: u64 = 0;
    for (i, &h) in days.iter().enumerate() {
        let h = h as u64;
        regular += h.min(8);
        overtime += h.saturating_sub(8);
    }
    let sunday = days[6] as u64;
    regular * rate_cents + overtime * rate_cents * 3 / 2 + sunday * rate_cents * 2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_weekly_pay() {
        assert_eq!(weekly_pay(&[8, 8, 8, 8, 8, 0, 0], 2000), 80000);
        assert_eq!(weekly_pay(&[10, 8, 8, 8, 8, 0, 0], 2000), 86000);
        assert_eq!(weekly_pay(&[0, 0, 0, 0, 0, 0, 5], 1000), 10000);
        assert_eq!(weekly_pay(&[9, 9, 9, 9, 9, 4, 3], 1500), 86250);
        assert_eq!(weekly_pay(&[0; 7], 2000), 0);
        assert_eq!(weekly_pay(&[12, 0, 0, 0, 0, 0, 0], 1999), 27986);
    }

}
