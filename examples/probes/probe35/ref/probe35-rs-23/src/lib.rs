#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
 Convert a temperature reading such as "100C" or "-40F" (a number followed by the
 unit letter C or F) to the other unit, rounded to the nearest whole degree, in
 the same format. Fahrenheit = Celsius * 9 / 5 + 32, and
 Celsius = (Fahrenheit - 32) * 5 / 9.
 convert_temperature("100C") == "212F"
*/
fn convert_temperature(reading: &str) -> String {
    let (number, unit) = reading.split_at(reading.len() - 1);
    let value: f64 = number.parse().unwrap();
    if unit == "C" {
        let fahrenheit = value * 9.0 / 5.0 + 32.0;
        format!("{}F", fahrenheit.round() as i64)
    } else {
        let celsius = (value - 32.0) * 5.0 / 9.0;
        format!("{}C", celsius.round() as i64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_convert_temperature() {
        assert!(convert_temperature("100C") == "212F");
        assert!(convert_temperature("0C") == "32F");
        assert!(convert_temperature("-40C") == "-40F");
        assert!(convert_temperature("37C") == "99F");
        assert!(convert_temperature("212F") == "100C");
        assert!(convert_temperature("-40F") == "-40C");
        assert!(convert_temperature("100F") == "38C");
        assert!(convert_temperature("0F") == "-18C");
    }

}
