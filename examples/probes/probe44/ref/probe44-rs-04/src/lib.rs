#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Headline-style title case. Words are separated by spaces (runs of spaces are
kept as they are). Every word gets an upper-case first letter and a lower-case
rest, except the small words "a", "an", "the", "and", "or", "of", "in", "on",
"to" and "for", which stay lower-case unless they are the first or the last
word of the title.

    title_case("the lord of the rings") == "The Lord of the Rings"
    title_case("something to believe in") == "Something to Believe In"
*/
pub fn title_case(s: &str) -> String {
    const SMALL: [&str; 10] = ["a", "an", "the", "and", "or", "of", "in", "on", "to", "for"];
    let words: Vec<&str> = s.split(' ').collect();
    let first = words.iter().position(|w| !w.is_empty());
    let last = words.iter().rposition(|w| !w.is_empty());
    let mut out = Vec::with_capacity(words.len());
    for (i, w) in words.iter().enumerate() {
        let lower = w.to_lowercase();
        if SMALL.contains(&lower.as_str()) && Some(i) != first && Some(i) != last {
            out.push(lower);
            continue;
        }
        let mut chars = lower.chars();
        let word = match chars.next() {
            Some(c) => c.to_uppercase().collect::<String>() + chars.as_str(),
            None => String::new(),
        };
        out.push(word);
    }
    out.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_title_case() {
        assert_eq!(title_case("the lord of the rings"), "The Lord of the Rings");
        assert_eq!(title_case("something to believe in"), "Something to Believe In");
        assert_eq!(title_case("A TALE OF TWO CITIES"), "A Tale of Two Cities");
        assert_eq!(title_case(""), "");
        assert_eq!(title_case("  of mice  and men"), "  Of Mice  and Men");
        assert_eq!(title_case("über alles"), "Über Alles");
        assert_eq!(title_case("the"), "The");
    }

}
