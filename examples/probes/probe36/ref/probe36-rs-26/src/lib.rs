#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return the shipping cost, in cents, of a parcel weighing `grams`: up to 500 g
costs 450, up to 2000 g costs 700, up to 10000 g costs 1200, and a heavier
parcel costs 1200 plus 150 for every started 1000 g above 10000 g. Express
delivery costs 50% more, rounded down to a whole cent.
shipping_cost(500, false) == 450
shipping_cost(11000, false) == 1350
shipping_cost(2000, true) == 1050
*/
fn shipping_cost(grams: u32, express: bool) -> u32 {
    let base = if grams <= 500 {
        450
    } else if grams <= 2000 {
        700
    } else if grams <= 10000 {
        1200
    } else {
        1200 + 150 * ((grams - 10000 + 999) / 1000)
    };
    if express {
        base * 3 / 2
    } else {
        base
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_shipping_cost() {
        assert!(shipping_cost(500, false) == 450);
        assert!(shipping_cost(2000, true) == 1050);
        assert!(shipping_cost(0, false) == 450);
        assert!(shipping_cost(501, false) == 700);
        assert!(shipping_cost(10000, false) == 1200);
        assert!(shipping_cost(10001, false) == 1350);
        assert!(shipping_cost(11000, false) == 1350);
        assert!(shipping_cost(11001, false) == 1500);
        assert!(shipping_cost(20000, true) == 4050);
        assert!(shipping_cost(333, true) == 675);
    }

}
