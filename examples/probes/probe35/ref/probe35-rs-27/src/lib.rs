#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
 Return the change for an item costing `price` cents when `paid` cents were
 inserted, as a list of coins, largest first, using as many of each coin as
 possible from the largest down: 200, 100, 50, 20, 10, 5, 2, 1. Return None if
 the amount paid is less than the price, and an empty list if it is exact.
 vending_change(30, 100) == Some(vec![50, 20])
*/
fn vending_change(price: u32, paid: u32) -> Option<Vec<u32>> {
    if paid < price {
        return None;
    }
    let coins = [200, 100, 50, 20, 10, 5, 2, 1];
    let mut remaining = paid - price;
    let mut change = Vec::new();
    for &coin in coins.iter() {
        while remaining >= coin {
            change.push(coin);
            remaining -= coin;
        }
    }
    Some(change)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_vending_change() {
        assert!(vending_change(100, 100) == Some(vec![]));
        assert!(vending_change(30, 100) == Some(vec![50, 20]));
        assert!(vending_change(100, 50) == None);
        assert!(vending_change(1, 400) == Some(vec![200, 100, 50, 20, 20, 5, 2, 2]));
        assert!(vending_change(0, 3) == Some(vec![2, 1]));
        assert!(vending_change(7, 295) == Some(vec![200, 50, 20, 10, 5, 2, 1]));
    }

}
