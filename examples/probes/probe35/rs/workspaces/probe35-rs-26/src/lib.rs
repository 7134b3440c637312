#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
 Decode Morse code into upper-case text. Letters are separated by single spaces
 and words by " / "; only the 26 letters A to Z are known, and any other symbol
 decodes to "?". Decoded words are separated by single spaces.
 morse_decode(".... .. / - .... . .-. .") == "HI THERE"
*/
fn morse_decode(code: &str) -> String {
    let table = [
        ".-", "-...", "-.-.", "-..", ".", "..-.", "--.", "....", "..", ".---", "-.-", ".-..", "--",
        "-.", "---", ".--.", "--.-", ".-.", "...", "-", "..-", "...-", ".--", "-..-", "-.--", "--..",
    ];
    let mut words = Vec::new();
    for word in code.split(" / ") {
        let mut text = String::new();
        for symbol in word.split(' ') {
            if let Some(i) = table.iter().position(|s| *s == symbol) {
                text.push((b'A' + i as u8) as char);
            }
        }
        words.push(text);
    }
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_morse_decode() {
        assert!(morse_decode("... --- ...") == "SOS");
        assert!(morse_decode(".-") == "A");
        assert!(morse_decode(".... .. / - .... . .-. .") == "HI THERE");
        assert!(morse_decode("...---...") == "?");
        assert!(morse_decode(".- ...... -...") == "A?B");
        assert!(morse_decode("--.. / .----") == "Z ?");
    }

}
