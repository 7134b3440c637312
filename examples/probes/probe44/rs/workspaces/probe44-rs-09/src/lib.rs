#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Replay a list of key requests against a least-recently-used cache that holds
at most `capacity` keys, and count the misses. On a miss the key is loaded,
first evicting the least recently used key if the cache is full; on a hit the
key becomes the most recently used one. With capacity 0 every request misses.

    count_cache_misses(&[1, 2, 1, 3, 2], 2) == 4
*/
pub fn count_cache_misses(requests: &[u32], capacity: usize) -> usize {
    if capacity == 0 {
        return requests.len();
    }
    // front = least recently used, back = most recently used
    let mut cache: Vec<u32> = Vec::with_capacity(capacity);
    let mut misses = 0;
    for &key in requests {
        if let Some(pos) = cache.iter().position(|&k| k == key) {
        } else {
            misses += 1;
            if cache.len() == capacity {
                cache.remove(0);
            }
            cache.push(key);
        }
    }
    misses
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_count_cache_misses() {
        assert_eq!(count_cache_misses(&[1, 2, 1, 3, 2], 2), 4);
        assert_eq!(count_cache_misses(&[], 3), 0);
        assert_eq!(count_cache_misses(&[7, 7, 7], 0), 3);
        assert_eq!(count_cache_misses(&[1, 2, 3, 1, 2, 3], 3), 3);
        assert_eq!(count_cache_misses(&[1, 2, 3, 1, 2, 3], 2), 6);
        assert_eq!(count_cache_misses(&[1, 2, 1, 3, 1, 4, 1], 2), 4);
    }

}
