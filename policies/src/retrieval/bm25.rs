//! A small in-memory BM25 inverted index. Postings are per-term lists of (doc, term
//! frequency); a query touches only the postings of its own terms, which is what makes it
//! fast on 100,000 tools compared with scoring every document.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

/// BM25 term-frequency saturation.
pub const K1: f32 = 1.2;
/// BM25 length normalisation.
pub const B: f32 = 0.75;

/// One posting: a document that contains the term, and how often.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Posting {
    pub doc: u32,
    pub term_frequency: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Bm25Index {
    /// Term → index into `postings`.
    #[serde(with = "sorted_map")]
    term_ids: HashMap<String, u32>,
    postings: Vec<Vec<Posting>>,
    doc_lengths: Vec<u32>,
    average_doc_length: f32,
}

/// Serialize the term map in sorted order so the persisted bytes are deterministic.
mod sorted_map {
    use std::collections::HashMap;

    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(map: &HashMap<String, u32>, s: S) -> Result<S::Ok, S::Error> {
        let mut pairs: Vec<(&String, &u32)> = map.iter().collect();
        pairs.sort_unstable();
        pairs.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<HashMap<String, u32>, D::Error> {
        let pairs: Vec<(String, u32)> = Vec::deserialize(d)?;
        Ok(pairs.into_iter().collect())
    }
}

impl Bm25Index {
    /// Build from each document's tokens (document `i` is `docs[i]`).
    pub fn build<D: AsRef<[S]>, S: AsRef<str>>(docs: &[D]) -> Bm25Index {
        let mut term_ids: HashMap<String, u32> = HashMap::new();
        let mut postings: Vec<Vec<Posting>> = Vec::new();
        let mut doc_lengths = Vec::with_capacity(docs.len());
        let mut counts: HashMap<u32, u32> = HashMap::new();
        for (doc, tokens) in docs.iter().enumerate() {
            counts.clear();
            let tokens = tokens.as_ref();
            for token in tokens {
                let next_id = term_ids.len() as u32;
                let id = *term_ids
                    .entry(token.as_ref().to_string())
                    .or_insert(next_id);
                if id as usize == postings.len() {
                    postings.push(Vec::new());
                }
                *counts.entry(id).or_insert(0) += 1;
            }
            let mut sorted: Vec<(u32, u32)> = counts.iter().map(|(k, v)| (*k, *v)).collect();
            sorted.sort_unstable();
            for (term, term_frequency) in sorted {
                postings[term as usize].push(Posting {
                    doc: doc as u32,
                    term_frequency,
                });
            }
            doc_lengths.push(tokens.len() as u32);
        }
        let total: u64 = doc_lengths.iter().map(|&l| u64::from(l)).sum();
        let average_doc_length = if docs.is_empty() {
            1.0
        } else {
            (total as f32 / docs.len() as f32).max(1.0)
        };
        Bm25Index {
            term_ids,
            postings,
            doc_lengths,
            average_doc_length,
        }
    }

    pub fn doc_count(&self) -> usize {
        self.doc_lengths.len()
    }

    pub fn average_doc_length(&self) -> f32 {
        self.average_doc_length
    }

    /// Number of documents containing `term`.
    pub fn document_frequency(&self, term: &str) -> usize {
        self.term_ids
            .get(term)
            .map_or(0, |&id| self.postings[id as usize].len())
    }

    /// Inverse document frequency (the non-negative BM25+ form, so common terms never
    /// subtract from a score).
    pub fn idf(&self, term: &str) -> f32 {
        let n = self.doc_count() as f32;
        let df = self.document_frequency(term) as f32;
        ((n - df + 0.5) / (df + 0.5) + 1.0).ln()
    }

    /// The BM25 contribution of one term occurring `tf` times in a document of `doc_length`.
    pub fn term_score(&self, idf: f32, tf: u32, doc_length: u32) -> f32 {
        let tf = tf as f32;
        let norm = K1 * (1.0 - B + B * doc_length as f32 / self.average_doc_length);
        idf * tf * (K1 + 1.0) / (tf + norm)
    }

    /// Scores of every document that shares a term with the query, as (doc, score) pairs,
    /// unsorted. Repeated query terms count once: a request that says "file" twice is not
    /// twice as much about files.
    pub fn score(&self, query_tokens: &[String]) -> Vec<(u32, f32)> {
        let mut terms: Vec<&str> = query_tokens.iter().map(String::as_str).collect();
        terms.sort_unstable();
        terms.dedup();
        // Dense accumulator plus a list of touched documents: cheaper than a hash map when a
        // common term touches a large share of a big catalog.
        let mut accumulated = vec![0.0f32; self.doc_count()];
        let mut touched: Vec<u32> = Vec::new();
        for term in terms {
            let Some(&id) = self.term_ids.get(term) else {
                continue;
            };
            let idf = self.idf(term);
            for posting in &self.postings[id as usize] {
                let doc = posting.doc as usize;
                let length = self.doc_lengths[doc];
                if accumulated[doc] == 0.0 {
                    touched.push(posting.doc);
                }
                accumulated[doc] += self.term_score(idf, posting.term_frequency, length);
            }
        }
        touched
            .into_iter()
            .map(|d| (d, accumulated[d as usize]))
            .collect()
    }

    /// The `k` best (doc, score) pairs, best first; ties broken by document order so the
    /// ranking is deterministic.
    pub fn top_k(&self, query_tokens: &[String], k: usize) -> Vec<(u32, f32)> {
        let mut scored = self.score(query_tokens);
        rank_descending(&mut scored, k);
        scored
    }
}

/// Sort (doc, score) pairs best first (ties by doc id) and keep the first `k`.
pub fn rank_descending(scored: &mut Vec<(u32, f32)>, k: usize) {
    let by_score = |a: &(u32, f32), b: &(u32, f32)| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0));
    if scored.len() > k && k > 0 {
        // Partition first so only the top k are fully sorted.
        scored.select_nth_unstable_by(k - 1, by_score);
        scored.truncate(k);
    }
    if k == 0 {
        scored.clear();
    }
    scored.sort_unstable_by(by_score);
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    fn docs() -> Vec<Vec<String>> {
        [
            "weather forecast city",
            "read file path",
            "write file path content",
            "weather weather history",
        ]
        .iter()
        .map(|d| d.split(' ').map(String::from).collect())
        .collect()
    }

    #[test]
    fn matching_document_ranks_first_and_unrelated_ones_are_absent() {
        let index = Bm25Index::build(&docs());
        let top = index.top_k(&["read".into(), "file".into()], 10);
        assert_eq!(top[0].0, 1);
        assert!(top.iter().all(|(d, _)| *d == 1 || *d == 2));
    }

    #[test]
    fn rarer_terms_weigh_more() {
        let index = Bm25Index::build(&docs());
        assert!(index.idf("forecast") > index.idf("file"));
        assert!(index.idf("missing") > 0.0);
    }

    #[test]
    fn top_k_is_sorted_and_truncated() {
        let index = Bm25Index::build(&docs());
        let top = index.top_k(&["weather".into(), "file".into()], 2);
        assert_eq!(top.len(), 2);
        assert!(top[0].1 >= top[1].1);
        assert!(index.top_k(&["weather".into()], 0).is_empty());
    }
}
