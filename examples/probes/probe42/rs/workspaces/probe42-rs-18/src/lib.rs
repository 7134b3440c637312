#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Cost basis, first in first out: lots are the purchases (quantity, price in
cents) in the order they were bought. Return the total cost of the first
sell_qty units, or None when the lots hold fewer units than that.
fifo_cost_basis(&[(10, 500), (5, 700)], 12) == Some(6400)
fifo_cost_basis(&[(3, 100)], 5) == None
*/
fn fifo_cost_basis(lots: &[(u32, u64)], sell_qty: u32) -> Option<u64> {
    let mut remaining = sell_qty;
    let mut cost = 0u64;
    for &(qty, price) in lots {
        if remaining == 0 {
            break;
        }
        let take = qty.min(remaining);
        cost += take as u64 * price;
        remaining -= take;
    }
    Some(cost)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_fifo_cost_basis() {
        assert_eq!(fifo_cost_basis(&[(10, 500), (5, 700)], 12), Some(6400));
        assert_eq!(fifo_cost_basis(&[(10, 500)], 0), Some(0));
        assert_eq!(fifo_cost_basis(&[(3, 100)], 5), None);
        assert_eq!(fifo_cost_basis(&[], 1), None);
        assert_eq!(fifo_cost_basis(&[(2, 150), (0, 999), (4, 120)], 6), Some(780));
        assert_eq!(fifo_cost_basis(&[(1, 1), (1, 2)], 2), Some(3));
    }

}
