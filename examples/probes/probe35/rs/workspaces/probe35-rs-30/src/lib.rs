#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
 Return the body-mass-index category for a weight in kilograms and a height in
 centimetres, where BMI = weight / (height in metres)^2: "underweight" below 18.5,
 "normal" from 18.5 up to (not including) 25, "overweight" from 25 up to (not
 including) 30, and "obese" from 30 on.
 bmi_category(70.0, 175.0) == "normal"
*/
fn bmi_category(weight_kg: f64, height_cm: f64) -> &'static str {
    let height_m = height_cm / 100.0;
    let bmi = weight_kg / (height_m * height_m);
    if bmi < 18.5 {
        "underweight"
    } else if bmi < 24.0 {
        "normal"
    } else if bmi < 30.0 {
        "overweight"
    } else {
        "obese"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_bmi_category() {
        assert!(bmi_category(50.0, 180.0) == "underweight");
        assert!(bmi_category(70.0, 175.0) == "normal");
        assert!(bmi_category(60.0, 180.0) == "normal");
        assert!(bmi_category(74.0, 175.0) == "normal");
        assert!(bmi_category(80.0, 175.0) == "overweight");
        assert!(bmi_category(90.0, 173.0) == "obese");
        assert!(bmi_category(100.0, 175.0) == "obese");
    }

}
