#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Count how often the sign changes between consecutive non-zero values of v;
zeros are skipped.
sign_changes(&[1, -2, 3]) == 2
sign_changes(&[4, 0, -1, 0, -5]) == 1
sign_changes(&[0, 0]) == 0
*/
fn sign_changes(v: &[i32]) -> usize {
    let mut changes = 0;
    let mut last = 0;
    for &x in v {
        if x == 0 {
            continue;
        }
        if last != 0 && (x > 0) != (last > 0) {
            changes += 1;
        }
        last = x;
    }
    changes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_sign_changes() {
        assert_eq!(sign_changes(&[1, -2, 3]), 2);
        assert_eq!(sign_changes(&[4, 0, -1, 0, -5]), 1);
        assert_eq!(sign_changes(&[0, 0]), 0);
        assert_eq!(sign_changes(&[]), 0);
        assert_eq!(sign_changes(&[3, 5]), 0);
        assert_eq!(sign_changes(&[-3, 2]), 1);
        assert_eq!(sign_changes(&[7]), 0);
    }

}
