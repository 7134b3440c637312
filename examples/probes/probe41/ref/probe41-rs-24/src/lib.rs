#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Count how many times the decimal digit d (0-9) is written when all the
numbers from lo to hi (inclusive) are written out in decimal without leading
zeros; the number 0 is written as "0". An empty range (lo > hi) gives 0.
count_digit_occurrences(1, 13, 1) == 6
count_digit_occurrences(0, 10, 0) == 2
count_digit_occurrences(5, 4, 3) == 0
*/
fn count_digit_occurrences(lo: u32, hi: u32, d: u32) -> u32 {
    let mut count = 0;
    for n in lo..=hi {
        if n == 0 {
            if d == 0 {
                count += 1;
            }
            continue;
        }
        let mut m = n;
        while m > 0 {
            if m % 10 == d {
                count += 1;
            }
            m /= 10;
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_count_digit_occurrences() {
        assert_eq!(count_digit_occurrences(1, 13, 1), 6);
        assert_eq!(count_digit_occurrences(0, 10, 0), 2);
        assert_eq!(count_digit_occurrences(5, 4, 3), 0);
        assert_eq!(count_digit_occurrences(0, 0, 0), 1);
        assert_eq!(count_digit_occurrences(0, 0, 5), 0);
        assert_eq!(count_digit_occurrences(1, 100, 0), 11);
        assert_eq!(count_digit_occurrences(98, 102, 9), 3);
        assert_eq!(count_digit_occurrences(0, 9, 7), 1);
    }

}
