#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Give the decimal digits of n alternating signs, starting with + on the
most significant digit, and return their sum.
alternating_digit_sum(521) == 4
alternating_digit_sum(111) == 1
alternating_digit_sum(886996) == 0
alternating_digit_sum(0) == 0
*/
fn alternating_digit_sum(n: u64) -> i32 {
    let digits: Vec<i32> = n.to_string().chars().map(|c| c.to_digit(10).unwrap() as i32).collect();
    let mut sum = 0;
    for (i, d) in digits.iter().rev().enumerate() {
        if i % 2 == 0 {
            sum += d;
        } else {
            sum -= d;
        }
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_alternating_digit_sum() {
        assert_eq!(alternating_digit_sum(521), 4);
        assert_eq!(alternating_digit_sum(111), 1);
        assert_eq!(alternating_digit_sum(886996), 0);
        assert_eq!(alternating_digit_sum(0), 0);
        assert_eq!(alternating_digit_sum(12), -1);
        assert_eq!(alternating_digit_sum(1000), 1);
        assert_eq!(alternating_digit_sum(90), 9);
    }

}
