#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Cars drive towards target along a one-lane road. Car i starts at
position[i] (all positions differ and are below target) and drives at
speed[i] > 0. A car can not pass another: when it catches up with a slower
car ahead it slows down and they drive on together as one fleet. Return
the number of fleets that arrive at target (cars that meet exactly at
target form one fleet).
car_fleets(12, &[10, 8, 0, 5, 3], &[2, 4, 1, 1, 3]) == 3
car_fleets(10, &[3], &[3]) == 1
car_fleets(100, &[0, 2, 4], &[4, 2, 1]) == 1
*/
fn car_fleets(target: i32, position: &[i32], speed: &[i32]) -> usize {
    let mut cars: Vec<(i32, i32)> = position.iter().copied().zip(speed.iter().copied()).collect();
    cars.sort_by(|a, b| a.0.cmp(&b.0));
    let mut fleets = 0;
    let mut slowest = 0.0f64;
    for (pos, spd) in cars {
        let time = (target - pos) as f64 / spd as f64;
        if time > slowest {
            fleets += 1;
            slowest = time;
        }
    }
    fleets
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_car_fleets() {
        assert_eq!(car_fleets(12, &[10, 8, 0, 5, 3], &[2, 4, 1, 1, 3]), 3);
        assert_eq!(car_fleets(10, &[3], &[3]), 1);
        assert_eq!(car_fleets(100, &[0, 2, 4], &[4, 2, 1]), 1);
        assert_eq!(car_fleets(10, &[6, 8], &[4, 2]), 1);
        assert_eq!(car_fleets(20, &[0, 10], &[1, 5]), 2);
        assert_eq!(car_fleets(5, &[], &[]), 0);
    }

}
