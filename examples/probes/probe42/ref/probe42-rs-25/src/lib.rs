#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Monthly payment of an annuity loan of principal repaid over months equal
monthly instalments at the given annual interest rate in percent
(compounded monthly), rounded to the cent. With a zero rate the principal
is simply split; with zero months the whole principal is due.
loan_payment(1200.0, 0.0, 12) == 100.0
loan_payment(200000.0, 6.5, 360) == 1264.14
*/
fn loan_payment(principal: f64, annual_rate_pct: f64, months: u32) -> f64 {
    if months == 0 {
        return principal;
    }
    let r = annual_rate_pct / 100.0 / 12.0;
    let payment = if r == 0.0 {
        principal / months as f64
    } else {
        principal * r / (1.0 - (1.0 + r).powi(-(months as i32)))
    };
    (payment * 100.0).round() / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_loan_payment() {
        assert_eq!(loan_payment(1200.0, 0.0, 12), 100.0);
        assert_eq!(loan_payment(200000.0, 6.5, 360), 1264.14);
        assert_eq!(loan_payment(500.0, 7.0, 0), 500.0);
        assert_eq!(loan_payment(10000.0, 5.0, 60), 188.71);
        assert_eq!(loan_payment(1000.0, 12.0, 1), 1010.0);
        assert_eq!(loan_payment(999.0, 0.0, 3), 333.0);
    }

}
