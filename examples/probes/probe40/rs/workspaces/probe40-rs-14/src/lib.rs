#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Replace every word of text whose lower-case form is in banned (banned words
are given in lower case) by as many '*' as the word has characters. A word is
a maximal run of alphabetic characters; everything else is copied unchanged.
censor("Darn it, DARN!", &["darn"]) == "**** it, ****!"
censor("heck-yes", &["heck", "no"]) == "****-yes"
censor("fine", &[]) == "fine"
*/
fn censor(text: &str, banned: &[&str]) -> String {
    let mut out = String::new();
    let mut word = String::new();
    for c in text.chars().chain(std::iter::once(' ')) {
        if c.is_alphabetic() {
            word.push(c);
            continue;
        }
        if banned.contains(&word.to_lowercase().as_str()) {
            out.push_str(&"*".repeat(word.chars().count()));
        } else {
            out.push_str(&word);
        }
        out.push(c);
    }
    out.pop();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_censor() {
        assert_eq!(censor("Darn it, DARN!", &["darn"]), "**** it, ****!");
        assert_eq!(censor("heck-yes", &["heck", "no"]), "****-yes");
        assert_eq!(censor("fine", &[]), "fine");
        assert_eq!(censor("", &["x"]), "");
        assert_eq!(censor("a b a", &["a"]), "* b *");
        assert_eq!(censor("Class ass", &["ass"]), "Class ***");
    }

}
