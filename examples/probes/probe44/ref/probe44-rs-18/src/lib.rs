#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Token-bucket rate limiter replayed over request times in seconds (in
non-decreasing order). The bucket starts full with `capacity` tokens and
refills continuously at `rate` tokens per second, but never holds more than
`capacity`. A request is allowed when at least one token is available and
then uses up one token. Returns one bool per request.

    token_bucket_allow(&[0.0, 0.0, 0.0, 1.0], 2.0, 1.0) == vec![true, true, false, true]
*/
pub fn token_bucket_allow(times: &[f64], capacity: f64, rate: f64) -> Vec<bool> {
    let mut tokens = capacity;
    let mut last = match times.first() {
        Some(&t) => t,
        None => return Vec::new(),
    };
    let mut result = Vec::with_capacity(times.len());
    for &t in times {
        tokens += (t - last) * rate;
        if tokens > capacity {
            tokens = capacity;
        }
        last = t;
        if tokens >= 1.0 {
            tokens -= 1.0;
            result.push(true);
        } else {
            result.push(false);
        }
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_token_bucket_allow() {
        assert_eq!(token_bucket_allow(&[0.0, 0.0, 0.0, 1.0], 2.0, 1.0), vec![true, true, false, true]);
        assert_eq!(token_bucket_allow(&[], 5.0, 1.0), Vec::<bool>::new());
        assert_eq!(token_bucket_allow(&[0.0, 10.0, 10.0, 10.0], 2.0, 1.0), vec![true, true, true, false]);
        assert_eq!(token_bucket_allow(&[0.0, 0.5, 1.0, 1.5], 1.0, 1.0), vec![true, false, true, false]);
        assert_eq!(token_bucket_allow(&[3.0, 3.0, 3.25, 3.5], 1.0, 4.0), vec![true, false, true, true]);
        assert_eq!(token_bucket_allow(&[0.0; 5], 3.0, 0.0), vec![true, true, true, false, false]);
    }

}
