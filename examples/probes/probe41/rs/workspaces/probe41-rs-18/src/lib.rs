#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
A Harshad number is a positive integer that is divisible by the sum of its
decimal digits. Return whether n is one (0 is not).
is_harshad(18) == true
is_harshad(19) == false
is_harshad(1729) == true
*/
fn is_harshad(n: u64) -> bool {
    if n == 0 {
        return false;
    }
    let mut rest = n;
    let mut digit_sum = 0;
    while rest > 0 {
        digit_sum += rest % 10;
        rest /= 10;
    }
    rest % digit_sum == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_is_harshad() {
        assert_eq!(is_harshad(18), true);
        assert_eq!(is_harshad(19), false);
        assert_eq!(is_harshad(1729), true);
        assert_eq!(is_harshad(0), false);
        assert_eq!(is_harshad(1), true);
        assert_eq!(is_harshad(11), false);
        assert_eq!(is_harshad(100), true);
        assert_eq!(is_harshad(99), false);
    }

}
