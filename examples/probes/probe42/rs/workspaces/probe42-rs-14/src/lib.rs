#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Say a time of day (hour 0-23, minute 0-59) in words on a 12-hour clock:
"three o'clock", "ten past four", "quarter past two", "half past twelve",
"quarter to six", "twenty-five to one", "one minute to eight",
"thirteen minutes past nine". Minutes after the half hour count down to the
next hour.
time_in_words(16, 10) == "ten past four"
time_in_words(12, 35) == "twenty-five to one"
*/
const NUMBERS: [&str; 30] = [
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
    "nineteen", "twenty", "twenty-one", "twenty-two", "twenty-three", "twenty-four",
    "twenty-five", "twenty-six", "twenty-seven", "twenty-eight", "twenty-nine",
];

fn hour_word(h: u32) -> &'static str {
    NUMBERS[((h + 11) % 12 + 1) as usize]
}

fn minute_words(m: u32) -> String {
    if m == 1 {
        "one minute".to_string()
    } else if m % 5 == 0 {
        NUMBERS[m as usize].to_string()
    } else {
        format!("{} minutes", NUMBERS[m as usize])
    }
}

fn time_in_words(hour: u32, minute: u32) -> String {
    match minute {
        0 => format!("{} o'clock", hour_word(hour)),
        15 => format!("quarter past {}", hour_word(hour)),
        30 => format!("half past {}", hour_word(hour)),
        45 => format!("quarter to {}", hour_word(hour)),
        m if m < 30 => format!("{} past {}", minute_words(m), hour_word(hour)),
        m => format!("{} to {}", minute_words(60 - m), hour_word(hour + 1)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_time_in_words() {
        assert_eq!(time_in_words(3, 0), "three o'clock");
        assert_eq!(time_in_words(16, 10), "ten past four");
        assert_eq!(time_in_words(5, 45), "quarter to six");
        assert_eq!(time_in_words(12, 35), "twenty-five to one");
        assert_eq!(time_in_words(0, 30), "half past twelve");
        assert_eq!(time_in_words(7, 59), "one minute to eight");
        assert_eq!(time_in_words(9, 13), "thirteen minutes past nine");
        assert_eq!(time_in_words(23, 45), "quarter to twelve");
    }

}
