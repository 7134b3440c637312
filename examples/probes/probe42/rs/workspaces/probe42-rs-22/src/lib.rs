#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Jaccard similarity of the sets of words of two texts: words are maximal runs
of alphanumeric characters, compared case-insensitively, and the result is
|A and B| / |A or B|. Two texts without words are identical (1.0).
jaccard_similarity("the cat", "the dog") == 1.0 / 3.0
jaccard_similarity("Hello, world", "hello world") == 1.0
*/
fn jaccard_similarity(a: &str, b: &str) -> f64 {
    let words = |s: &str| -> HashSet<String> {
        s.split(|c: char| !c.is_alphanumeric())
            .map(|w| w.to_lowercase())
            .collect()
    };
    let sa = words(a);
    let sb = words(b);
    if sa.is_empty() && sb.is_empty() {
        return 1.0;
    }
    let inter = sa.intersection(&sb).count();
    let union = sa.union(&sb).count();
    inter as f64 / union as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_jaccard_similarity() {
        assert_eq!(jaccard_similarity("the cat", "the dog"), 1.0 / 3.0);
        assert_eq!(jaccard_similarity("Hello, world", "hello world"), 1.0);
        assert_eq!(jaccard_similarity("", ""), 1.0);
        assert_eq!(jaccard_similarity("a b", "c d"), 0.0);
        assert_eq!(jaccard_similarity("  spaced  out ", "spaced out"), 1.0);
        assert_eq!(jaccard_similarity("Rust rust RUST", "rust"), 1.0);
    }

}
