#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Simulate a least-recently-used cache that holds at most capacity keys and
starts empty, for the given sequence of requested keys. A request for a key
that is in the cache is a hit and makes that key the most recently used; on
a miss the key is inserted, after evicting the least recently used key if
the cache is full. Return the number of hits. A capacity of 0 never hits.
lru_hits(&[1, 2, 1, 3, 2], 2) == 1
lru_hits(&[1, 2, 3, 1, 2, 3], 3) == 3
lru_hits(&[1, 1, 1], 0) == 0
*/
fn lru_hits(requests: &[u32], capacity: usize) -> usize {
    let mut cache: Vec<u32> = Vec::new(); // least recently used first
    let mut hits = 0;
    for &key in requests {
        if let Some(pos) = cache.iter().position(|&k| k == key) {
            hits += 1;
            cache.remove(pos);
            cache.push(key);
        } else if capacity > 0 {
            if cache.len() == capacity {
                cache.remove(0);
            }
            cache.push(key);
        }
    }
    hits
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_lru_hits() {
        assert_eq!(lru_hits(&[1, 2, 1, 3, 2], 2), 1);
        assert_eq!(lru_hits(&[1, 2, 3, 1, 2, 3], 3), 3);
        assert_eq!(lru_hits(&[1, 1, 1], 0), 0);
        assert_eq!(lru_hits(&[], 3), 0);
        assert_eq!(lru_hits(&[7, 7, 7], 1), 2);
        assert_eq!(lru_hits(&[1, 2, 1, 3, 1], 2), 2);
        assert_eq!(lru_hits(&[5, 6, 5, 7, 6, 5], 2), 1);
    }

}
