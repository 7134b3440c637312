#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
 Classify a positive integer by its aliquot sum, the sum of its divisors smaller
 than the number itself: "perfect" if the aliquot sum equals the number,
 "abundant" if it is greater and "deficient" if it is smaller. The aliquot sum
 of 1 is 0.
 classify_number(28) == "perfect"
*/
fn classify_number(n: u32) -> &'static str {
    let mut sum = if n > 1 { 1 } else { 0 };
    let mut i = 2;
    while i * i <= n {
        if n % i == 0 {
            sum += i;
            sum += n / i;
        }
        i += 1;
    }
    if sum == n {
        "perfect"
    } else if sum > n {
        "abundant"
    } else {
        "deficient"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_classify_number() {
        assert!(classify_number(1) == "deficient");
        assert!(classify_number(6) == "perfect");
        assert!(classify_number(28) == "perfect");
        assert!(classify_number(12) == "abundant");
        assert!(classify_number(16) == "deficient");
        assert!(classify_number(13) == "deficient");
        assert!(classify_number(496) == "perfect");
        assert!(classify_number(36) == "abundant");
    }

}
