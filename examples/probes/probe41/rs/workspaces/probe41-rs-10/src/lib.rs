#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
A traffic light starts a cycle at second 0 and repeats it forever: green for
green seconds, then yellow for yellow seconds, then red for red seconds.
Return the colour shown during second t (second 0 is the first second of
green).
traffic_light_at(0, 30, 5, 25) == "green"
traffic_light_at(30, 30, 5, 25) == "yellow"
traffic_light_at(61, 30, 5, 25) == "green"
*/
fn traffic_light_at(t: u64, green: u64, yellow: u64, red: u64) -> &'static str {
    let phase = t % (green + yellow + red);
    if phase <= green {
        "green"
    } else if phase < green + yellow {
        "yellow"
    } else {
        "red"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_traffic_light_at() {
        assert_eq!(traffic_light_at(0, 30, 5, 25), "green");
        assert_eq!(traffic_light_at(30, 30, 5, 25), "yellow");
        assert_eq!(traffic_light_at(61, 30, 5, 25), "green");
        assert_eq!(traffic_light_at(29, 30, 5, 25), "green");
        assert_eq!(traffic_light_at(34, 30, 5, 25), "yellow");
        assert_eq!(traffic_light_at(35, 30, 5, 25), "red");
        assert_eq!(traffic_light_at(59, 30, 5, 25), "red");
        assert_eq!(traffic_light_at(90, 30, 5, 25), "yellow");
    }

}
