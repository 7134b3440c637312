#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Name the compass point nearest to a bearing in degrees (any value, taken
modulo 360, so negative bearings count anticlockwise from north), out of the
eight points N, NE, E, SE, S, SW, W and NW. Each point covers the 45 degrees
centred on it; a bearing exactly halfway between two points goes to the
next one clockwise.
bearing_to_compass(0.0) == "N"
bearing_to_compass(100.0) == "E"
bearing_to_compass(-30.0) == "NW"
*/
fn bearing_to_compass(degrees: f64) -> &'static str {
    const POINTS: [&str; 8] = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];
    let d = degrees.rem_euclid(360.0);
    let index = ((d + 22.5) / 45.0).floor() as usize % 8;
    POINTS[index]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_bearing_to_compass() {
        assert_eq!(bearing_to_compass(0.0), "N");
        assert_eq!(bearing_to_compass(100.0), "E");
        assert_eq!(bearing_to_compass(-30.0), "NW");
        assert_eq!(bearing_to_compass(22.5), "NE");
        assert_eq!(bearing_to_compass(359.0), "N");
        assert_eq!(bearing_to_compass(180.0), "S");
        assert_eq!(bearing_to_compass(810.0), "E");
        assert_eq!(bearing_to_compass(-90.0), "W");
    }

}
