#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Plan a restock. Each item is (name, on_hand, reorder_point, target,
pack_size) with pack_size >= 1. An item whose stock is at or below its
reorder point is ordered up to at least target, in whole packs; items that
need nothing are left out. Return (name, units) in input order.
restock_orders(&[("bolts", 5, 10, 40, 12)]) == vec![("bolts".to_string(), 36)]
restock_orders(&[("nuts", 50, 10, 40, 5)]) == vec![]
*/
fn restock_orders(items: &[(&str, u32, u32, u32, u32)]) -> Vec<(String, u32)> {
    let mut orders = Vec::new();
    for &(name, on_hand, reorder_point, target, pack) in items {
        if on_hand > reorder_point {
            continue;
        }
        let needed = target.saturating_sub(on_hand);
        if needed == 0 {
            continue;
        }
        let packs = (needed + pack - 1) / pack;
        orders.push((name.to_string(), packs * pack));
    }
    orders
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_restock_orders() {
        assert_eq!(restock_orders(&[("bolts", 5, 10, 40, 12)]), vec![("bolts".to_string(), 36)]);
        assert_eq!(restock_orders(&[("nuts", 50, 10, 40, 5)]), Vec::<(String, u32)>::new());
        assert_eq!(restock_orders(&[]), Vec::<(String, u32)>::new());
        assert_eq!(restock_orders(&[("tape", 10, 10, 10, 6)]), Vec::<(String, u32)>::new());
        assert_eq!(restock_orders(&[("a", 0, 0, 5, 1), ("b", 9, 3, 9, 2), ("c", 2, 4, 11, 3)]), vec![("a".to_string(), 5), ("c".to_string(), 9)]);
        assert_eq!(restock_orders(&[("glue", 3, 5, 4, 10)]), vec![("glue".to_string(), 10)]);
    }

}
