#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Cosine of the angle between two vectors: dot(a, b) / (|a| * |b|). Return
None when the lengths differ or either vector is all zeros.
cosine_similarity(&[1.0, 0.0], &[0.0, 1.0]) == Some(0.0)
cosine_similarity(&[3.0, 4.0], &[4.0, 3.0]) == Some(0.96) (up to rounding)
*/
fn cosine_similarity(a: &[f64], b: &[f64]) -> Option<f64> {
    if a.len() != b.len() {
        return None;
    }
    let mut dot = 0.0;
    let mut norm_a = 0.0;
    let mut norm_b = 0.0;
    for i in 0..a.len() {
        dot += a[i] * b[i];
        norm_a += a[i] * a[i];
        norm_b += a[i] * b[i];
    }
    if norm_a == 0.0 || norm_b == 0.0 {
        return None;
    }
    Some(dot / (norm_a.sqrt() * norm_b.sqrt()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_cosine_similarity() {
        let r = |v: Option<f64>| v.map(|x| (x * 1e6).round() / 1e6);
        assert_eq!(r(cosine_similarity(&[1.0, 2.0, 3.0], &[1.0, 2.0, 3.0])), Some(1.0));
        assert_eq!(r(cosine_similarity(&[1.0, 0.0], &[0.0, 1.0])), Some(0.0));
        assert_eq!(r(cosine_similarity(&[3.0, 4.0], &[4.0, 3.0])), Some(0.96));
        assert_eq!(cosine_similarity(&[1.0, 2.0], &[1.0]), None);
        assert_eq!(cosine_similarity(&[0.0, 0.0], &[1.0, 1.0]), None);
        assert_eq!(r(cosine_similarity(&[2.0, 0.0], &[5.0, 0.0])), Some(1.0));
    }

}
