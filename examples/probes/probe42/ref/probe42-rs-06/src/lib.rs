#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
A happy number reaches 1 when it is repeatedly replaced by the sum of the
squares of its decimal digits; other numbers loop forever. Return whether n
is happy.
is_happy(19) == true
is_happy(7) == true
is_happy(2) == false
*/
fn is_happy(n: u64) -> bool {
    let mut seen = HashSet::new();
    let mut x = n;
    while x != 1 && seen.insert(x) {
        let mut next = 0;
        while x > 0 {
            let d = x % 10;
            next += d * d;
            x /= 10;
        }
        x = next;
    }
    x == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_is_happy() {
        assert_eq!(is_happy(19), true);
        assert_eq!(is_happy(7), true);
        assert_eq!(is_happy(2), false);
        assert_eq!(is_happy(1), true);
        assert_eq!(is_happy(4), false);
        assert_eq!(is_happy(100), true);
        assert_eq!(is_happy(1111111), true);
        assert_eq!(is_happy(0), false);
    }

}
