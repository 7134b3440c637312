#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Convert a Roman numeral made of the symbols I, V, X, L, C, D and M to an
integer. A symbol that is smaller than the symbol right after it is
subtracted instead of added, as in IV (4) or XC (90).
roman_to_int("MCMXCIV") == 1994
roman_to_int("LVIII") == 58
*/
fn roman_to_int(s: &str) -> i32 {
    let vals: Vec<i32> = s
        .chars()
        .map(|c| match c {
            'I' => 1,
            'V' => 5,
            'X' => 10,
            'L' => 50,
            'C' => 100,
            'D' => 500,
            'M' => 1000,
            _ => 0,
        })
        .collect();
    let mut total = 0;
    for i in 0..vals.len() {
        if i + 1 < vals.len() && vals[i] < vals[i + 1] {
            total -= vals[i];
        }
        total += vals[i];
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_roman_to_int() {
        assert!(roman_to_int("MCMXCIV") == 1994);
        assert!(roman_to_int("LVIII") == 58);
        assert!(roman_to_int("III") == 3);
        assert!(roman_to_int("IV") == 4);
        assert!(roman_to_int("IX") == 9);
        assert!(roman_to_int("XL") == 40);
        assert!(roman_to_int("MMXXVI") == 2026);
        assert!(roman_to_int("CDXLIV") == 444);
        assert!(roman_to_int("") == 0);
    }

}
