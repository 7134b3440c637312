//! A small seeded PRNG (SplitMix64) so every subset, split and resample is reproducible from
//! a seed, with no dependency whose stream could change under a version bump.

use sha2::{Digest, Sha256};

#[derive(Debug, Clone)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// A generator seeded from `seed` and a label (e.g. an item id), so each item gets its own
    /// stream independent of the order items are read in.
    pub fn for_label(seed: u64, label: &str) -> SplitMix64 {
        SplitMix64::new(seed ^ stable_hash(label))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..bound` (`bound` > 0); the modulo bias is negligible for our sizes.
    pub fn below(&mut self, bound: usize) -> usize {
        if bound == 0 {
            0
        } else {
            (self.next_u64() % bound as u64) as usize
        }
    }

    /// Uniform in [0, 1).
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Fisher–Yates shuffle.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

/// A hash of a string that never changes between builds or platforms (unlike `DefaultHasher`).
pub fn stable_hash(text: &str) -> u64 {
    let digest = Sha256::digest(text.as_bytes());
    u64::from_le_bytes([
        digest[0], digest[1], digest[2], digest[3], digest[4], digest[5], digest[6], digest[7],
    ])
}

/// A seeded sample of `limit` indices out of `0..n` (all of them, in file order, when `limit`
/// is `None` or ≥ `n`). Dev files are sorted by category, so a prefix of the file would not be
/// representative. The sample is kept in its shuffled order: a run stopped early has still
/// seen a uniform sample, and a smaller limit is a prefix of a larger one (same seed), so
/// cached model outputs carry over.
pub fn sample_indices(n: usize, limit: Option<usize>, seed: u64) -> Vec<usize> {
    let mut indices: Vec<usize> = (0..n).collect();
    if let Some(limit) = limit.filter(|&l| l < n) {
        SplitMix64::new(seed).shuffle(&mut indices);
        indices.truncate(limit);
    }
    indices
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream_and_shuffle_is_a_permutation() {
        let mut a = SplitMix64::new(7);
        let mut b = SplitMix64::new(7);
        assert_eq!(a.next_u64(), b.next_u64());
        let mut v: Vec<u32> = (0..100).collect();
        a.shuffle(&mut v);
        assert_ne!(v, (0..100).collect::<Vec<_>>());
        v.sort_unstable();
        assert_eq!(v, (0..100).collect::<Vec<_>>());
    }

    #[test]
    fn sampling_is_seeded_nested_and_bounded() {
        let s = sample_indices(1000, Some(10), 1);
        assert_eq!(s.len(), 10);
        assert_eq!(s, sample_indices(1000, Some(10), 1));
        assert_eq!(s[..5], sample_indices(1000, Some(5), 1)[..]);
        assert!(s.iter().any(|&i| i > 100), "not a prefix of the file");
        assert_eq!(sample_indices(5, Some(10), 1), vec![0, 1, 2, 3, 4]);
    }
}
