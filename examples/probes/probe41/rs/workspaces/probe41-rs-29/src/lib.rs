#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Split total_cents among people payers as evenly as possible: every share is
total_cents / people rounded down, and the first total_cents % people payers
pay one cent more. Return an empty vector when people is 0.
split_bill_cents(1000, 3) == vec![334, 333, 333]
split_bill_cents(1001, 4) == vec![251, 250, 250, 250]
split_bill_cents(5, 0) == Vec::<u64>::new()
*/
fn split_bill_cents(total_cents: u64, people: u64) -> Vec<u64> {
    if people == 0 {
        return Vec::new();
    }
    let base = total_cents / people;
    let extra = total_cents % people;
    (0..people)
        .map(|i| if i <= extra { base + 1 } else { base })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_split_bill_cents() {
        assert_eq!(split_bill_cents(1000, 3), vec![334, 333, 333]);
        assert_eq!(split_bill_cents(1001, 4), vec![251, 250, 250, 250]);
        assert_eq!(split_bill_cents(5, 0), Vec::<u64>::new());
        assert_eq!(split_bill_cents(9, 3), vec![3, 3, 3]);
        assert_eq!(split_bill_cents(2, 5), vec![1, 1, 0, 0, 0]);
        assert_eq!(split_bill_cents(0, 2), vec![0, 0]);
        assert_eq!(split_bill_cents(7, 2), vec![4, 3]);
    }

}
