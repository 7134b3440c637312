#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Discounted payback period: flows[t] is the cash flow at the end of period t
(flows[0] is usually the negative investment), discounted by (1 + rate)^t.
Return the first t at which the running sum of discounted flows is no
longer negative, or None if that never happens.
discounted_payback(0.0, &[-100.0, 50.0, 50.0]) == Some(2)
discounted_payback(0.1, &[-100.0, 50.0, 50.0, 50.0]) == Some(3)
*/
fn discounted_payback(rate: f64, flows: &[f64]) -> Option<usize> {
    let mut cumulative = 0.0;
    let mut factor = 1.0;
    for (t, &cash) in flows.iter().enumerate() {
        cumulative += cash / factor;
        if cumulative >= -1e-9 {
            return Some(t);
        }
        factor *= 1.0 + rate;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_discounted_payback() {
        assert_eq!(discounted_payback(0.0, &[-100.0, 50.0, 50.0]), Some(2));
        assert_eq!(discounted_payback(0.1, &[-100.0, 50.0, 50.0, 50.0]), Some(3));
        assert_eq!(discounted_payback(0.05, &[-100.0, 10.0, 10.0]), None);
        assert_eq!(discounted_payback(0.1, &[]), None);
        assert_eq!(discounted_payback(0.1, &[0.0, 5.0]), Some(0));
        assert_eq!(discounted_payback(0.2, &[-1000.0, 500.0, 500.0, 500.0]), Some(3));
    }

}
