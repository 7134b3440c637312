#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
 Return the sum of all the distinct natural numbers below `limit` that are a
 multiple of at least one of the given factors. Each such number is added once,
 however many factors divide it. A factor of 0 has no multiples and is ignored.
 sum_of_multiples(20, &[3, 5]) == 78
*/
fn sum_of_multiples(limit: u32, factors: &[u32]) -> u32 {
    let mut total = 0;
    for n in 1..limit {
        for &f in factors {
            if f != 0 && n % f == 0 {
                total += n;
                break;
            }
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_sum_of_multiples() {
        assert!(sum_of_multiples(20, &[3, 5]) == 78);
        assert!(sum_of_multiples(10, &[3, 5]) == 23);
        assert!(sum_of_multiples(1, &[1]) == 0);
        assert!(sum_of_multiples(4, &[0, 2]) == 2);
        assert!(sum_of_multiples(10, &[]) == 0);
        assert!(sum_of_multiples(16, &[5, 3]) == 60);
        assert!(sum_of_multiples(20, &[2, 4]) == 90);
    }

}
