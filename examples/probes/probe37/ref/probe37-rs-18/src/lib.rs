#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Stations stand around a circular road: station i supplies gas[i] units of
fuel and driving on from it to the next station uses cost[i] units. Starting
with an empty tank, return the index of the first station from which the
whole circle can be driven, or -1 if there is none.
gas_station_start(&[1, 2, 3, 4, 5], &[3, 4, 5, 1, 2]) == 3
gas_station_start(&[2, 3, 4], &[3, 4, 3]) == -1
*/
fn gas_station_start(gas: &[i32], cost: &[i32]) -> i32 {
    let mut total = 0;
    let mut tank = 0;
    let mut start = 0;
    for i in 0..gas.len() {
        let diff = gas[i] - cost[i];
        total += diff;
        tank += diff;
        if tank < 0 {
            start = i + 1;
            tank = 0;
        }
    }
    if total < 0 {
        -1
    } else {
        start as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_gas_station_start() {
        assert!(gas_station_start(&[1, 2, 3, 4, 5], &[3, 4, 5, 1, 2]) == 3);
        assert!(gas_station_start(&[2, 3, 4], &[3, 4, 3]) == -1);
        assert!(gas_station_start(&[5], &[4]) == 0);
        assert!(gas_station_start(&[1, 1], &[1, 1]) == 0);
        assert!(gas_station_start(&[3, 1, 1], &[1, 2, 2]) == 0);
        assert!(gas_station_start(&[1, 2], &[2, 1]) == 1);
        assert!(gas_station_start(&[4, 0, 0, 2], &[1, 2, 2, 1]) == 3);
        assert!(gas_station_start(&[2, 0, 3], &[1, 2, 1]) == 2);
    }

}
