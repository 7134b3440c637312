#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Spell out a number from 0 to 999 in English. Tens and units are joined by a
hyphen, a hundreds part is followed by a space, and no "and" is used.
number_to_words(0) == "zero"
number_to_words(42) == "forty-two"
number_to_words(115) == "one hundred fifteen"
*/
fn number_to_words(n: u32) -> String {
    const ONES: [&str; 20] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
        "eighteen", "nineteen",
    ];
    const TENS: [&str; 10] = [
        "", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
    ];
    if n == 0 {
        return ONES[0].to_string();
    }
    let mut parts = Vec::new();
    if n >= 100 {
        parts.push(format!("{} hundred", ONES[(n / 100) as usize]));
    }
    let rest = n % 100;
    if rest >= 20 {
        let tens = TENS[(rest / 10) as usize];
        if rest % 10 == 0 {
            parts.push(tens.to_string());
        } else {
            parts.push(format!("{}-{}", tens, ONES[(rest % 10) as usize]));
        }
    } else if rest > 0 {
        parts.push(ONES[rest as usize].to_string());
    }
    parts.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_number_to_words() {
        assert!(number_to_words(0) == "zero");
        assert!(number_to_words(42) == "forty-two");
        assert!(number_to_words(115) == "one hundred fifteen");
        assert!(number_to_words(7) == "seven");
        assert!(number_to_words(20) == "twenty");
        assert!(number_to_words(100) == "one hundred");
        assert!(number_to_words(999) == "nine hundred ninety-nine");
        assert!(number_to_words(310) == "three hundred ten");
        assert!(number_to_words(560) == "five hundred sixty");
        assert!(number_to_words(81) == "eighty-one");
    }

}
