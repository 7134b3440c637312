#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Compute a grade point average from (letter grade, credits) pairs. Grades
"A", "B", "C", "D" and "F" are worth 4, 3, 2, 1 and 0 points per credit.
Pass grades "P" carry no points and are left out of the average entirely.
Return None when an unknown grade appears or when no graded credits remain.
grade_point_average(&[("A", 3), ("C", 1)]) == Some(3.5)
grade_point_average(&[("P", 2), ("B", 2)]) == Some(3.0)
grade_point_average(&[("P", 4)]) == None
grade_point_average(&[("E", 3)]) == None
*/
fn grade_point_average(grades: &[(&str, u32)]) -> Option<f64> {
    let mut points = 0u32;
    let mut credits = 0u32;
    for &(grade, weight) in grades {
        let value = match grade {
            "A" => 4,
            "B" => 3,
            "C" => 2,
            "D" => 1,
            "F" => 0,
            _ => return None,
        };
        points += value * weight;
        credits += weight;
    }
    if credits == 0 {
        return None;
    }
    Some(points as f64 / credits as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_grade_point_average() {
        assert_eq!(grade_point_average(&[("A", 3), ("C", 1)]), Some(3.5));
        assert_eq!(grade_point_average(&[("E", 3)]), None);
        assert_eq!(grade_point_average(&[]), None);
        assert_eq!(grade_point_average(&[("F", 2), ("D", 2)]), Some(0.5));
        assert_eq!(grade_point_average(&[("P", 2), ("B", 2)]), Some(3.0));
        assert_eq!(grade_point_average(&[("P", 4)]), None);
        assert_eq!(grade_point_average(&[("A", 1), ("P", 3), ("A", 1)]), Some(4.0));
    }

}
