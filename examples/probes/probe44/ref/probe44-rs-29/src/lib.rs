#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Great-circle distance in kilometres between two (latitude, longitude) points
given in degrees, by the haversine formula with an Earth radius of 6371 km:
h = sin^2(dlat / 2) + cos(lat1) cos(lat2) sin^2(dlon / 2), d = 2 R asin(sqrt(h)).

    haversine_km((51.5007, -0.1246), (40.6892, -74.0445)) is about 5574.8
*/
pub fn haversine_km(a: (f64, f64), b: (f64, f64)) -> f64 {
    const R: f64 = 6371.0;
    let (lat1, lon1) = (a.0.to_radians(), a.1.to_radians());
    let (lat2, lon2) = (b.0.to_radians(), b.1.to_radians());
    let dlat = lat2 - lat1;
    let dlon = lon2 - lon1;
    let h = (dlat / 2.0).sin().powi(2) + lat1.cos() * lat2.cos() * (dlon / 2.0).sin().powi(2);
    let h = h.min(1.0);
    2.0 * R * h.sqrt().asin()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_haversine_km() {
        let near = |x: f64, y: f64, tol: f64| (x - y).abs() < tol;
        assert!(near(haversine_km((51.5007, -0.1246), (40.6892, -74.0445)), 5574.84, 0.1));
        assert_eq!(haversine_km((10.0, 20.0), (10.0, 20.0)), 0.0);
        assert!(near(haversine_km((0.0, 0.0), (0.0, 180.0)), 20015.09, 0.1));
        assert!(near(haversine_km((0.0, 0.0), (1.0, 0.0)), 111.195, 0.01));
        assert!(near(haversine_km((90.0, 0.0), (-90.0, 0.0)), 20015.09, 0.1));
        assert!(near(haversine_km((60.0, 10.0), (60.0, 11.0)), 55.597, 0.01));
    }

}
