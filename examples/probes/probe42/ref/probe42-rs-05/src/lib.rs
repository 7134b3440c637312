#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Taxi fare in cents. The base fare of 300 covers the first 1000 metres;
every started 200 metres beyond that costs 50. Each full minute of
waiting costs 20, whatever the distance. At night the fare is raised by
a fifth (rounded down).
taxi_fare(800, 0, false) == 300
taxi_fare(1201, 0, false) == 400
taxi_fare(500, 150, false) == 340
*/
fn taxi_fare(meters: u32, wait_seconds: u32, night: bool) -> u32 {
    let mut fare = 300;
    if meters > 1000 {
        let extra = meters - 1000;
        fare += (extra + 199) / 200 * 50;
    }
    fare += wait_seconds / 60 * 20;
    if night {
        fare += fare / 5;
    }
    fare
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_taxi_fare() {
        assert_eq!(taxi_fare(800, 0, false), 300);
        assert_eq!(taxi_fare(1000, 0, false), 300);
        assert_eq!(taxi_fare(1200, 0, false), 350);
        assert_eq!(taxi_fare(1201, 0, false), 400);
        assert_eq!(taxi_fare(500, 150, false), 340);
        assert_eq!(taxi_fare(900, 0, true), 360);
        assert_eq!(taxi_fare(3000, 65, true), 984);
    }

}
