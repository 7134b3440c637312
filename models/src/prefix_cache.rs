//! The KV caches of the last few prompts an engine ran, keyed by their token ids, so a prompt
//! that shares a prefix with *any* of them — not only with the one just before it — computes
//! only its own tail.
//!
//! Why more than one: the code writer's fills of one line alternate between prompts (the line
//! replaced, lines inserted before it, after it), each asked again from the writer's next
//! likeliest start. With one cached prompt every alternation recomputed the function below the
//! gap; with a few, each prompt is computed once per line.

use crate::llama::KvCache;

/// What the cache holds per prompt: truncatable to a prefix, and sized for the budget.
pub trait CachedPrefix: Clone {
    /// A copy of the first `len` positions only (a long kept prompt is not copied whole to
    /// serve its first few tokens).
    fn prefix(&self, len: usize) -> Self;
    /// Bytes held, counted against [`PrefixCache`]'s budget.
    fn bytes(&self) -> usize;
}

impl CachedPrefix for KvCache {
    fn prefix(&self, len: usize) -> Self {
        KvCache::prefix(self, len)
    }
    fn bytes(&self) -> usize {
        KvCache::bytes(self)
    }
}

/// Most prompts kept: the fills of one line use three, a rewrite one, the decisions one.
pub const PREFIX_CACHE_ENTRIES: usize = 6;
/// Bytes the kept prompts may take together. The newest prompt is kept whatever its size
/// (a 7,000-token decision prompt of SmolLM2 alone takes ≈ 320 MB); older ones are dropped,
/// least recently used first, until the rest fit.
pub const PREFIX_CACHE_BYTES: usize = 192 << 20;

struct Entry<C> {
    ids: Vec<u32>,
    cache: C,
}

/// Recently run prompts, least recently used first.
pub struct PrefixCache<C> {
    entries: Vec<Entry<C>>,
    max_entries: usize,
    max_bytes: usize,
}

impl<C: CachedPrefix> Default for PrefixCache<C> {
    fn default() -> Self {
        Self::new(PREFIX_CACHE_ENTRIES, PREFIX_CACHE_BYTES)
    }
}

impl<C: CachedPrefix> PrefixCache<C> {
    pub fn new(max_entries: usize, max_bytes: usize) -> Self {
        Self {
            entries: Vec::new(),
            max_entries: max_entries.max(1),
            max_bytes,
        }
    }

    /// A copy of the cache of the kept prompt sharing the longest prefix with `ids`, cut to
    /// that prefix and to at most `at_most` positions (the tokens the caller must feed
    /// itself); `None` when no kept prompt shares a token. The entry counts as used.
    pub fn longest_shared(&mut self, ids: &[u32], at_most: usize) -> Option<(C, usize)> {
        let (index, shared) = self
            .entries
            .iter()
            .enumerate()
            .map(|(i, e)| (i, shared_len(&e.ids, ids).min(at_most)))
            // The most recent of equally long matches.
            .max_by_key(|&(i, shared)| (shared, i))?;
        if shared == 0 {
            return None;
        }
        let entry = self.entries.remove(index);
        let cache = entry.cache.prefix(shared);
        self.entries.push(entry);
        Some((cache, shared))
    }

    /// Keep `cache`, the state after `ids`. A kept prompt that is a prefix of `ids` is
    /// dropped: this one serves every prompt it served.
    pub fn insert(&mut self, ids: Vec<u32>, cache: C) {
        self.entries
            .retain(|e| !(e.ids.len() <= ids.len() && ids.starts_with(&e.ids)));
        self.entries.push(Entry { ids, cache });
        while self.entries.len() > self.max_entries
            || (self.entries.len() > 1 && self.bytes() > self.max_bytes)
        {
            self.entries.remove(0);
        }
    }

    /// Prompts kept.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Bytes the kept caches take.
    pub fn bytes(&self) -> usize {
        self.entries.iter().map(|e| e.cache.bytes()).sum()
    }
}

fn shared_len(a: &[u32], b: &[u32]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    /// A stand-in cache: the ids it holds (4 bytes each). The engine's own use over real KV
    /// caches is tested in `tests/tiny_model.rs`.
    #[derive(Clone, Debug, PartialEq)]
    struct Ids(Vec<u32>);

    impl CachedPrefix for Ids {
        fn prefix(&self, len: usize) -> Self {
            Ids(self.0[..len.min(self.0.len())].to_vec())
        }
        fn bytes(&self) -> usize {
            self.0.len() * 4
        }
    }

    fn keep(cache: &mut PrefixCache<Ids>, ids: &[u32]) {
        cache.insert(ids.to_vec(), Ids(ids.to_vec()));
    }

    #[test]
    fn the_longest_shared_prefix_of_any_kept_prompt_is_served_not_only_the_last() {
        let mut cache = PrefixCache::new(4, usize::MAX);
        keep(&mut cache, &[1, 2, 3, 10, 11]); // a line replaced
        keep(&mut cache, &[1, 2, 3, 20, 21]); // lines inserted before it
        // The replacement asked again from another start: all but the token it must feed.
        let (served, shared) = cache.longest_shared(&[1, 2, 3, 10, 11], 4).unwrap();
        assert_eq!((served, shared), (Ids(vec![1, 2, 3, 10]), 4));
        let (served, shared) = cache.longest_shared(&[1, 2, 3, 20, 99], 5).unwrap();
        assert_eq!((served, shared), (Ids(vec![1, 2, 3, 20]), 4));
        assert!(
            cache.longest_shared(&[7, 1, 2], 3).is_none(),
            "no shared token"
        );
    }

    #[test]
    fn a_prompt_that_extends_a_kept_one_replaces_it() {
        let mut cache = PrefixCache::new(4, usize::MAX);
        keep(&mut cache, &[1, 2]);
        keep(&mut cache, &[5, 6]);
        keep(&mut cache, &[1, 2, 3]);
        assert_eq!(cache.len(), 2);
        keep(&mut cache, &[1, 2, 3]);
        assert_eq!(cache.len(), 2, "the same prompt again is kept once");
    }

    #[test]
    fn the_least_recently_used_prompt_goes_first_and_the_newest_always_stays() {
        let mut cache = PrefixCache::new(2, usize::MAX);
        keep(&mut cache, &[1, 1]);
        keep(&mut cache, &[2, 2]);
        // Using the older entry makes the other the least recently used.
        assert!(cache.longest_shared(&[1, 1, 9], 3).is_some());
        keep(&mut cache, &[3, 3]);
        assert!(cache.longest_shared(&[1, 1], 2).is_some(), "used, so kept");
        assert!(cache.longest_shared(&[2, 2], 2).is_none(), "evicted");

        // Over the byte budget: older entries go, but never the newest.
        let mut cache = PrefixCache::new(8, 40);
        keep(&mut cache, &[1; 6]);
        keep(&mut cache, &[2; 6]);
        assert_eq!(cache.len(), 1, "48 bytes do not fit in 40");
        keep(&mut cache, &[3; 20]);
        assert_eq!(cache.len(), 1);
        assert!(
            cache.longest_shared(&[3; 20], 20).is_some(),
            "too big, yet kept"
        );
        assert!(cache.bytes() > 40);
    }
}
