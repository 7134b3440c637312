#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Compute (base ^ exp) mod m, for m >= 1, by square-and-multiply. The result
always lies in 0..m, so anything taken mod 1 is 0.
mod_pow(2, 10, 1000) == 24
mod_pow(3, 0, 7) == 1
mod_pow(5, 3, 1) == 0
*/
fn mod_pow(base: u64, exp: u64, m: u64) -> u64 {
    if m == 1 {
        return 0;
    }
    let mut result = 1u64;
    let mut b = base % m;
    let mut e = exp;
    while e > 0 {
        if e & 1 == 1 {
            result = result * b % m;
        }
        b = b * b % m;
        e >>= 1;
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_mod_pow() {
        assert!(mod_pow(2, 10, 1000) == 24);
        assert!(mod_pow(3, 0, 7) == 1);
        assert!(mod_pow(5, 3, 1) == 0);
        assert!(mod_pow(10, 9, 6) == 4);
        assert!(mod_pow(0, 0, 5) == 1);
        assert!(mod_pow(0, 5, 5) == 0);
        assert!(mod_pow(7, 0, 1) == 0);
        assert!(mod_pow(2, 62, 1_000_000_007) == 145586002);
        assert!(mod_pow(123456789, 1000000, 998244353) == 156536140);
    }

}
