#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return true if n is an Armstrong number: the sum of its digits, each raised to
the power of the number of digits, equals n.
is_armstrong(153) == true
is_armstrong(9) == true
is_armstrong(10) == false
*/
fn is_armstrong(n: u64) -> bool {
    let digits: Vec<u64> = n
        .to_string()
        .chars()
        .map(|c| c.to_digit(10).unwrap() as u64)
        .collect();
    let k = digits.len() as u32;
    let sum: u64 = digits.iter().map(|d| d.pow(k)).sum();
    sum == n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_is_armstrong() {
        assert!(is_armstrong(153) == true);
        assert!(is_armstrong(10) == false);
        assert!(is_armstrong(370) == true);
        assert!(is_armstrong(371) == true);
        assert!(is_armstrong(9474) == true);
        assert!(is_armstrong(9475) == false);
        assert!(is_armstrong(100) == false);
        assert!(is_armstrong(9) == true);
        assert!(is_armstrong(0) == true);
    }

}
