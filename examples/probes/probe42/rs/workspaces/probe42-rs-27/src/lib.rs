#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Write the proper fraction num/den (0 <= num < den) as a sum of distinct unit
fractions with the greedy algorithm and return their denominators in
order. Return an empty vector when num is 0 or the fraction is not proper.
egyptian_fraction(4, 13) == vec![4, 18, 468]
egyptian_fraction(2, 3) == vec![2, 6]
*/
fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

fn egyptian_fraction(num: u64, den: u64) -> Vec<u64> {
    let mut parts = Vec::new();
    if den == 0 || num > den {
        return parts;
    }
    let (mut num, mut den) = (num, den);
    while num > 0 {
        let d = (den + num - 1) / num;
        parts.push(d);
        num = num * d - den;
        den *= d;
        let g = gcd(num, den);
        num /= g;
        den /= g;
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_egyptian_fraction() {
        assert_eq!(egyptian_fraction(4, 13), vec![4, 18, 468]);
        assert_eq!(egyptian_fraction(2, 3), vec![2, 6]);
        assert_eq!(egyptian_fraction(0, 5), Vec::<u64>::new());
        assert_eq!(egyptian_fraction(3, 3), Vec::<u64>::new());
        assert_eq!(egyptian_fraction(1, 7), vec![7]);
        assert_eq!(egyptian_fraction(5, 4), Vec::<u64>::new());
        assert_eq!(egyptian_fraction(6, 14), vec![3, 11, 231]);
    }

}
