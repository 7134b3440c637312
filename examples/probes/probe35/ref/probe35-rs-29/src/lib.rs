#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
 Simulate a thermostat with hysteresis over a list of temperature readings. The
 heater starts off. At each reading, if the heater is off and the temperature is
 strictly below `low`, it turns on; if it is on and the temperature is strictly
 above `high`, it turns off; otherwise it stays as it is. Return the number of
 readings after which the heater is on.
 heater_on_count(&[17, 19, 21, 23, 20], 18, 22) == 3
*/
fn heater_on_count(temps: &[i32], low: i32, high: i32) -> usize {
    let mut on = false;
    let mut count = 0;
    for &t in temps {
        if !on && t < low {
            on = true;
        } else if on && t > high {
            on = false;
        }
        if on {
            count += 1;
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_heater_on_count() {
        assert!(heater_on_count(&[], 18, 22) == 0);
        assert!(heater_on_count(&[20, 20], 18, 22) == 0);
        assert!(heater_on_count(&[17, 19, 21, 23, 20], 18, 22) == 3);
        assert!(heater_on_count(&[18, 17, 22, 23, 18], 18, 22) == 2);
        assert!(heater_on_count(&[10, 30, 10], 18, 22) == 2);
        assert!(heater_on_count(&[15, 25, 19, 17], 18, 22) == 2);
    }

}
