#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Beaufort force (0 to 12) of a wind speed in km/h. Force f starts at the
f-th of the limits 1, 6, 12, 20, 29, 39, 50, 62, 75, 89, 103, 118 km/h
(a speed equal to a limit already has the higher force); speeds below 1
and NaN give 0.
kmh_to_beaufort(30.0) == 5
*/
fn kmh_to_beaufort(kmh: f64) -> u8 {
    const LIMITS: [f64; 12] = [1.0, 6.0, 12.0, 20.0, 29.0, 39.0, 50.0, 62.0, 75.0, 89.0, 103.0, 118.0];
    if kmh.is_nan() || kmh < LIMITS[0] {
        return 0;
    }
    let mut lo = 0;
    let mut hi = LIMITS.len();
    while lo < hi {
        let mid = (lo + hi) / 2;
        if LIMITS[mid] < kmh {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    lo as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_kmh_to_beaufort() {
        assert_eq!(kmh_to_beaufort(30.0), 5);
        assert_eq!(kmh_to_beaufort(0.0), 0);
        assert_eq!(kmh_to_beaufort(0.5), 0);
        assert_eq!(kmh_to_beaufort(1.0), 1);
        assert_eq!(kmh_to_beaufort(6.0), 2);
        assert_eq!(kmh_to_beaufort(11.9), 2);
        assert_eq!(kmh_to_beaufort(118.0), 12);
        assert_eq!(kmh_to_beaufort(250.0), 12);
        assert_eq!(kmh_to_beaufort(f64::NAN), 0);
    }

}
