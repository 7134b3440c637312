#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Simulate a token-bucket rate limiter. The bucket holds at most capacity
tokens and starts full; at the start of every second it gains refill tokens,
but never holds more than capacity. arrivals[t] is the number of requests
arriving in second t; each request takes one token if one is left and is
rejected otherwise. Return the total number of requests allowed.
token_bucket_allowed(&[5, 0, 3], 4, 1) == 6
token_bucket_allowed(&[0, 0, 0, 10], 3, 2) == 3
token_bucket_allowed(&[1, 1, 1], 2, 1) == 3
*/
fn token_bucket_allowed(arrivals: &[u32], capacity: u32, refill: u32) -> u32 {
    let mut tokens = capacity;
    let mut allowed = 0;
    for &n in arrivals {
        tokens = tokens + refill;
        let granted = n.min(tokens);
        tokens -= granted;
        allowed += granted;
    }
    allowed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_token_bucket_allowed() {
        assert_eq!(token_bucket_allowed(&[5, 0, 3], 4, 1), 6);
        assert_eq!(token_bucket_allowed(&[0, 0, 0, 10], 3, 2), 3);
        assert_eq!(token_bucket_allowed(&[1, 1, 1], 2, 1), 3);
        assert_eq!(token_bucket_allowed(&[], 5, 1), 0);
        assert_eq!(token_bucket_allowed(&[10], 4, 100), 4);
        assert_eq!(token_bucket_allowed(&[2, 2, 2, 2], 2, 1), 5);
        assert_eq!(token_bucket_allowed(&[0, 5], 5, 5), 5);
    }

}
