//! Sentence embeddings of tool descriptions: the seam to the encoder, and a cache keyed by
//! what was embedded so an unchanged description is never embedded twice.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The encoder failed; the message is the encoder's own.
#[derive(Debug, thiserror::Error)]
#[error("embedding: {0}")]
pub struct EmbedError(pub String);

/// Whatever turns texts into vectors (the MiniLM encoder in `models/`, or a test double).
pub trait Embedder {
    /// Identifies the encoder and its weights; cache entries are keyed by it.
    fn id(&self) -> String;

    /// One vector per text, in order. Vectors need not be normalised.
    fn embed(&self, texts: &[String]) -> Result<Vec<Vec<f32>>, EmbedError>;
}

/// Cache key of one embedded text: the encoder id and the exact text.
pub fn embedding_key(embedder_id: &str, text: &str) -> String {
    let mut hasher = Sha256::new();
    hasher.update(embedder_id.as_bytes());
    hasher.update([0u8]);
    hasher.update(text.as_bytes());
    hex::encode(&hasher.finalize()[..16])
}

/// Unit-length copy of `v` (the zero vector stays zero).
pub fn normalized(v: &[f32]) -> Vec<f32> {
    let norm = v.iter().map(|x| x * x).sum::<f32>().sqrt();
    if norm > 0.0 {
        v.iter().map(|x| x / norm).collect()
    } else {
        v.to_vec()
    }
}

/// Dot product; the cosine when both sides are unit-length.
pub fn dot(a: &[f32], b: &[f32]) -> f32 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// Text → unit vector, by [`embedding_key`]. Serializable so it survives between runs.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct EmbeddingCache {
    vectors: HashMap<String, Vec<f32>>,
}

impl EmbeddingCache {
    pub fn len(&self) -> usize {
        self.vectors.len()
    }

    pub fn is_empty(&self) -> bool {
        self.vectors.is_empty()
    }

    pub fn get(&self, embedder_id: &str, text: &str) -> Option<&Vec<f32>> {
        self.vectors.get(&embedding_key(embedder_id, text))
    }

    /// Embed whichever of `texts` are not cached yet, `batch` at a time, calling `progress`
    /// with the number newly embedded after each batch. Returns how many were embedded.
    pub fn fill(
        &mut self,
        embedder: &dyn Embedder,
        texts: &[String],
        batch: usize,
        progress: &mut dyn FnMut(usize),
    ) -> Result<usize, EmbedError> {
        let id = embedder.id();
        let mut missing: Vec<String> = texts
            .iter()
            .filter(|t| !self.vectors.contains_key(&embedding_key(&id, t)))
            .cloned()
            .collect();
        missing.sort_unstable();
        missing.dedup();
        let mut done = 0;
        for chunk in missing.chunks(batch.max(1)) {
            let vectors = embedder.embed(chunk)?;
            if vectors.len() != chunk.len() {
                return Err(EmbedError(format!(
                    "encoder returned {} vectors for {} texts",
                    vectors.len(),
                    chunk.len()
                )));
            }
            for (text, vector) in chunk.iter().zip(vectors) {
                self.vectors
                    .insert(embedding_key(&id, text), normalized(&vector));
            }
            done += chunk.len();
            progress(done);
        }
        Ok(done)
    }

    pub fn to_bytes(&self) -> Result<Vec<u8>, rmp_serde::encode::Error> {
        rmp_serde::to_vec(self)
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<EmbeddingCache, rmp_serde::decode::Error> {
        rmp_serde::from_slice(bytes)
    }
}

/// A deterministic stand-in encoder for tests and benches: hashed bag of tokens. It shares
/// words, not meaning, so it is no measure of what MiniLM would do.
#[derive(Debug, Clone, Copy)]
pub struct HashingEmbedder {
    pub dimensions: usize,
}

impl Embedder for HashingEmbedder {
    fn id(&self) -> String {
        format!("hashing-{}", self.dimensions)
    }

    fn embed(&self, texts: &[String]) -> Result<Vec<Vec<f32>>, EmbedError> {
        let dims = self.dimensions.max(1);
        Ok(texts
            .iter()
            .map(|text| {
                let mut v = vec![0.0f32; dims];
                for token in super::tokenize::tokenize(text) {
                    let digest = Sha256::digest(token.as_bytes());
                    let slot = u64::from_le_bytes([
                        digest[0], digest[1], digest[2], digest[3], digest[4], digest[5],
                        digest[6], digest[7],
                    ]) as usize
                        % dims;
                    v[slot] += 1.0;
                }
                v
            })
            .collect())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    struct Counting {
        inner: HashingEmbedder,
        calls: std::cell::Cell<usize>,
    }

    impl Embedder for Counting {
        fn id(&self) -> String {
            self.inner.id()
        }
        fn embed(&self, texts: &[String]) -> Result<Vec<Vec<f32>>, EmbedError> {
            self.calls.set(self.calls.get() + texts.len());
            self.inner.embed(texts)
        }
    }

    #[test]
    fn cache_embeds_each_text_once_and_normalises() {
        let embedder = Counting {
            inner: HashingEmbedder { dimensions: 16 },
            calls: std::cell::Cell::new(0),
        };
        let mut cache = EmbeddingCache::default();
        let texts: Vec<String> = vec![
            "read a file".into(),
            "write a file".into(),
            "read a file".into(),
        ];
        let n = cache.fill(&embedder, &texts, 1, &mut |_| {}).unwrap();
        assert_eq!(n, 2);
        assert_eq!(cache.fill(&embedder, &texts, 8, &mut |_| {}).unwrap(), 0);
        assert_eq!(embedder.calls.get(), 2);
        let v = cache.get(&embedder.id(), "read a file").unwrap();
        assert!((dot(v, v) - 1.0).abs() < 1e-5);
        let back = EmbeddingCache::from_bytes(&cache.to_bytes().unwrap()).unwrap();
        assert_eq!(back, cache);
    }
}
