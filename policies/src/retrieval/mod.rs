//! The retriever: ranks tool descriptions against a request and shortlists at most
//! `max_depth` (≤ 5) of them, or says that none fits.
//!
//! Two rankings are fused by weighted reciprocal rank fusion: BM25 over each tool's name,
//! description and parameters, and cosine similarity of sentence embeddings. Embeddings are
//! optional per tool: a catalog can be indexed and queried BM25-only and embedded later, a
//! batch at a time.
//!
//! Everything here is a deterministic function of (index, query, policy): the caller embeds the
//! query (a model call) and passes the vector in.

pub mod bm25;
pub mod clauses;
pub mod embed;
pub mod persist;
pub mod synthetic;
pub mod tokenize;

use serde::{Deserialize, Serialize};

use crate::policy::RetrievalPolicy;
pub use bm25::Bm25Index;
pub use clauses::request_clauses;
pub use embed::{EmbedError, Embedder, EmbeddingCache, HashingEmbedder};
pub use persist::{FORMAT_VERSION, IndexHeader};
pub use tokenize::tokenize;

/// How many candidates each ranking contributes to the fusion. Deeper than any shortlist so a
/// tool ranked 6th by BM25 and 1st by cosine can still win.
pub const FUSION_POOL: usize = 100;

/// Tuned adapters on the encoder's vectors compiled into the binary, by name (`builtin:NAME`
/// in `[retrieval] adapter`); fitted by `tact train-retriever` (`policies/retrievers/`).
pub const BUILTIN_ADAPTERS: &[(&str, &[u8])] = &[(
    "minilm-tool-adapter-v1",
    include_bytes!("../../retrievers/minilm-tool-adapter-v1.json"),
)];

/// A shipped adapter's bytes.
pub fn builtin_adapter(name: &str) -> Option<&'static [u8]> {
    BUILTIN_ADAPTERS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, bytes)| *bytes)
}

/// The evidence a learned fusion weighs for each candidate of the pool, in order: BM25 score
/// over the pool's best, BM25 reciprocal rank (0 outside BM25's pool), cosine, cosine minus the
/// pool's best, cosine reciprocal rank (0 outside the cosine pool), and the share of the tool
/// name's words the request uses (a name is the densest statement of what a tool does).
pub const FUSION_FEATURES: [&str; 6] = [
    "bm25_share",
    "bm25_reciprocal_rank",
    "cosine",
    "cosine_gap",
    "cosine_reciprocal_rank",
    "name_overlap",
];

/// How many times a tool's name tokens are repeated in its BM25 document: the name is the
/// densest statement of what a tool does, so it outweighs one mention in a long description.
const NAME_BOOST: usize = 3;

/// Errors of the retriever.
#[derive(Debug, thiserror::Error)]
pub enum RetrievalError {
    #[error("index file {path}: {reason}")]
    Io { path: String, reason: String },
    #[error("index encoding: {0}")]
    Encode(String),
    #[error("index decoding: {0}")]
    Decode(String),
    #[error("index header: {0}")]
    Header(String),
    #[error(transparent)]
    Embed(#[from] EmbedError),
}

/// A tool as the retriever sees it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolSpec {
    pub tool_id: String,
    pub name: String,
    pub description: String,
    /// JSON Schema of the arguments, if known.
    #[serde(default)]
    pub parameters: Option<serde_json::Value>,
}

impl ToolSpec {
    /// BM25 tokens: name (boosted), description, and every parameter's name and description.
    pub fn tokens(&self) -> Vec<String> {
        let name_tokens = tokenize(&self.name);
        let mut tokens = Vec::with_capacity(name_tokens.len() * NAME_BOOST + 32);
        for _ in 0..NAME_BOOST {
            tokens.extend(name_tokens.iter().cloned());
        }
        tokens.extend(tokenize(&self.description));
        if let Some(parameters) = &self.parameters {
            let mut text = String::new();
            parameter_text(parameters, &mut text);
            tokens.extend(tokenize(&text));
        }
        tokens
    }

    /// The text the encoder embeds: name and description (parameters add noise to a
    /// sentence embedding more than they add meaning).
    pub fn embedding_text(&self) -> String {
        format!("{}: {}", tokenize_for_display(&self.name), self.description)
    }
}

/// "get_weather" → "get weather", so the encoder sees words rather than an identifier.
fn tokenize_for_display(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_alphanumeric() {
            out.push(c);
        } else {
            out.push(' ');
        }
    }
    out
}

/// Collect parameter names and descriptions from a JSON Schema, descending into nested
/// objects and array items.
fn parameter_text(schema: &serde_json::Value, out: &mut String) {
    let Some(object) = schema.as_object() else {
        return;
    };
    if let Some(properties) = object.get("properties").and_then(|p| p.as_object()) {
        for (name, property) in properties {
            out.push_str(name);
            out.push(' ');
            if let Some(description) = property.get("description").and_then(|d| d.as_str()) {
                out.push_str(description);
                out.push(' ');
            }
            parameter_text(property, out);
        }
    }
    if let Some(items) = object.get("items") {
        parameter_text(items, out);
    }
}

/// One tool on a shortlist, with the evidence that put it there.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ShortlistedTool {
    pub tool_id: String,
    pub name: String,
    /// BM25 score (0 when the request shares no term with the tool).
    pub bm25: f32,
    /// Cosine similarity of request and description embeddings, when both exist.
    pub cosine: Option<f32>,
    /// Weighted reciprocal-rank-fusion score.
    pub fused: f32,
    /// 1-based position on the list.
    pub rank: usize,
    /// The clause of a request of several tasks whose own ranking placed the tool (0-based,
    /// [`request_clauses`]); none: the whole request. Its evidence is that clause's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clause: Option<u32>,
}

/// The retriever's answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Shortlist {
    /// 1 to `max_depth` tools, best first.
    Tools(Vec<ShortlistedTool>),
    /// Even the best tool scores below the floors: the job should ask or stop, not guess.
    NoneFits {
        best_bm25: f32,
        best_cosine: Option<f32>,
    },
}

impl Shortlist {
    pub fn tools(&self) -> &[ShortlistedTool] {
        match self {
            Shortlist::Tools(tools) => tools,
            Shortlist::NoneFits { .. } => &[],
        }
    }
}

/// Which ranking to read: used by the evaluator to compare the parts with the whole.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RankingVariant {
    Bm25,
    Embedding,
    Fused,
}

/// One clause of a request ([`request_clauses`]) and its sentence vector, ranked beside the
/// whole request.
#[derive(Debug, Clone, PartialEq)]
pub struct ClauseQuery {
    pub text: String,
    pub embedding: Vec<f32>,
}

/// The clauses of `request` the policy ranks beside it, each with its vector from `embed` (a
/// clause `embed` has no vector for is left out). Empty when the policy ranks whole requests
/// only (no `clause_margin`, or no learned fusion to put the scores on one scale) or the request
/// is one clause, so `embed` is asked only for what will be read.
pub fn clause_queries(
    request: &str,
    policy: &RetrievalPolicy,
    mut embed: impl FnMut(&str) -> Option<Vec<f32>>,
) -> Vec<ClauseQuery> {
    if policy.clause_margin.is_none() || policy.fusion.is_none() {
        return Vec::new();
    }
    request_clauses(request)
        .into_iter()
        .filter_map(|text| {
            let embedding = embed(&text)?;
            Some(ClauseQuery { text, embedding })
        })
        .collect()
}

/// One tool of the index, kept for answering and for embedding later.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct IndexedTool {
    pub tool_id: String,
    pub name: String,
    pub embedding_text: String,
}

/// The persisted retrieval index: BM25 postings plus any embeddings computed so far.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RetrievalIndex {
    tools: Vec<IndexedTool>,
    bm25: Bm25Index,
    /// Encoder whose vectors `embeddings` holds; vectors from another encoder never mix in.
    embedder_id: Option<String>,
    /// Unit vectors, per tool; `None` until that tool is embedded.
    embeddings: Vec<Option<Vec<f32>>>,
    /// Digest of the catalog the index was built from (empty when built from tokens), so a
    /// persisted index is rebuilt when the catalog changes.
    #[serde(default)]
    catalog_digest: String,
}

/// Digest of a catalog's content: ids, names, descriptions and parameter schemas, in order.
pub fn catalog_digest(tools: &[ToolSpec]) -> String {
    use sha2::{Digest, Sha256};
    let mut hasher = Sha256::new();
    for tool in tools {
        for part in [&tool.tool_id, &tool.name, &tool.description] {
            hasher.update(part.as_bytes());
            hasher.update([0u8]);
        }
        let parameters = tool
            .parameters
            .as_ref()
            .map(|p| p.to_string())
            .unwrap_or_default();
        hasher.update(parameters.as_bytes());
        hasher.update([1u8]);
    }
    hex::encode(hasher.finalize())
}

impl RetrievalIndex {
    /// Index a catalog (BM25 only; see [`RetrievalIndex::embed_missing`]).
    pub fn build(tools: &[ToolSpec]) -> RetrievalIndex {
        let tokens: Vec<Vec<String>> = tools.iter().map(ToolSpec::tokens).collect();
        let indexed = tools
            .iter()
            .map(|t| IndexedTool {
                tool_id: t.tool_id.clone(),
                name: t.name.clone(),
                embedding_text: t.embedding_text(),
            })
            .collect();
        let mut index = RetrievalIndex::from_tokens(indexed, &tokens);
        index.catalog_digest = catalog_digest(tools);
        index
    }

    /// Load the index persisted at `path` if it was built from this very catalog (and this
    /// format and tokenizer); otherwise build it and persist it. Returns the index and whether
    /// it was rebuilt. Embeddings survive only when the catalog is unchanged.
    pub fn load_or_build(
        path: &std::path::Path,
        tools: &[ToolSpec],
    ) -> Result<(RetrievalIndex, bool), RetrievalError> {
        if let Ok(index) = RetrievalIndex::load(path)
            && index.catalog_digest == catalog_digest(tools)
        {
            return Ok((index, false));
        }
        let index = RetrievalIndex::build(tools);
        index.save(path)?;
        Ok((index, true))
    }

    pub fn catalog_digest(&self) -> &str {
        &self.catalog_digest
    }

    /// Index tools whose BM25 tokens were computed already (the evaluator builds many small
    /// catalogs out of one tokenized pool).
    pub fn from_tokens<D: AsRef<[S]>, S: AsRef<str>>(
        tools: Vec<IndexedTool>,
        tokens: &[D],
    ) -> RetrievalIndex {
        let n = tools.len();
        RetrievalIndex {
            tools,
            bm25: Bm25Index::build(tokens),
            embedder_id: None,
            embeddings: vec![None; n],
            catalog_digest: String::new(),
        }
    }

    pub fn len(&self) -> usize {
        self.tools.len()
    }

    pub fn is_empty(&self) -> bool {
        self.tools.is_empty()
    }

    pub fn tools(&self) -> &[IndexedTool] {
        &self.tools
    }

    pub fn bm25(&self) -> &Bm25Index {
        &self.bm25
    }

    pub fn embedder_id(&self) -> Option<&str> {
        self.embedder_id.as_deref()
    }

    /// How many tools have an embedding.
    pub fn embedded_count(&self) -> usize {
        self.embeddings.iter().filter(|e| e.is_some()).count()
    }

    /// Switch to `embedder_id`, dropping vectors from any other encoder.
    fn adopt_embedder(&mut self, embedder_id: &str) {
        if self.embedder_id.as_deref() != Some(embedder_id) {
            self.embeddings.iter_mut().for_each(|e| *e = None);
            self.embedder_id = Some(embedder_id.to_string());
        }
    }

    /// Take whatever vectors `cache` already holds for this index's tools. Returns how many
    /// tools have an embedding afterwards.
    pub fn attach_cached(&mut self, embedder_id: &str, cache: &EmbeddingCache) -> usize {
        self.adopt_embedder(embedder_id);
        for (tool, slot) in self.tools.iter().zip(self.embeddings.iter_mut()) {
            if slot.is_none() {
                *slot = cache.get(embedder_id, &tool.embedding_text).cloned();
            }
        }
        self.embedded_count()
    }

    /// Embed up to `limit` tools that have no vector yet (all of them when `None`), through
    /// `cache` so that re-indexing an unchanged description costs nothing. Returns the number
    /// of tools embedded by this call.
    pub fn embed_missing(
        &mut self,
        embedder: &dyn Embedder,
        cache: &mut EmbeddingCache,
        batch: usize,
        limit: Option<usize>,
        progress: &mut dyn FnMut(usize),
    ) -> Result<usize, RetrievalError> {
        let id = embedder.id();
        self.adopt_embedder(&id);
        let missing: Vec<usize> = (0..self.tools.len())
            .filter(|&i| self.embeddings[i].is_none())
            .take(limit.unwrap_or(usize::MAX))
            .collect();
        let texts: Vec<String> = missing
            .iter()
            .map(|&i| self.tools[i].embedding_text.clone())
            .collect();
        cache.fill(embedder, &texts, batch, progress)?;
        for &i in &missing {
            self.embeddings[i] = cache.get(&id, &self.tools[i].embedding_text).cloned();
        }
        Ok(missing.len())
    }

    /// Set one tool's vector directly (normalised here).
    pub fn set_embedding(&mut self, embedder_id: &str, doc: usize, vector: &[f32]) {
        self.adopt_embedder(embedder_id);
        if let Some(slot) = self.embeddings.get_mut(doc) {
            *slot = Some(embed::normalized(vector));
        }
    }

    /// BM25 ranking: the `k` best (doc, score), best first.
    pub fn rank_bm25(&self, query: &str, k: usize) -> Vec<(u32, f32)> {
        self.bm25.top_k(&tokenize(query), k)
    }

    /// Cosine ranking over the tools that have embeddings: the `k` best (doc, cosine).
    pub fn rank_cosine(&self, query_embedding: &[f32], k: usize) -> Vec<(u32, f32)> {
        let query = embed::normalized(query_embedding);
        let mut scored: Vec<(u32, f32)> = self
            .embeddings
            .iter()
            .enumerate()
            .filter_map(|(i, e)| e.as_ref().map(|v| (i as u32, embed::dot(&query, v))))
            .collect();
        bm25::rank_descending(&mut scored, k);
        scored
    }

    /// The full ranking of one variant, up to `k` tools, before any depth cut.
    pub fn ranking(
        &self,
        query: &str,
        query_embedding: Option<&[f32]>,
        variant: RankingVariant,
        policy: &RetrievalPolicy,
        k: usize,
    ) -> Vec<ShortlistedTool> {
        self.ranking_with_clauses(query, query_embedding, &[], variant, policy, k)
    }

    /// [`Self::ranking`], where a fused ranking under a learned fusion and a
    /// [`RetrievalPolicy::clause_margin`] also ranks each of the request's `clauses` (from
    /// [`request_clauses`], each with its vector): a tool keeps its best score, a clause's
    /// less the margin.
    pub fn ranking_with_clauses(
        &self,
        query: &str,
        query_embedding: Option<&[f32]>,
        clauses: &[ClauseQuery],
        variant: RankingVariant,
        policy: &RetrievalPolicy,
        k: usize,
    ) -> Vec<ShortlistedTool> {
        let pool = k.max(FUSION_POOL);
        let bm25 = match variant {
            RankingVariant::Embedding => Vec::new(),
            _ => self.rank_bm25(query, pool),
        };
        let cosine = match (variant, query_embedding) {
            (RankingVariant::Bm25, _) | (_, None) => Vec::new(),
            (_, Some(q)) => self.rank_cosine(q, pool),
        };
        let learned = match (variant, query_embedding, &policy.fusion) {
            (RankingVariant::Fused, Some(q), Some(fusion)) => {
                fusion.checked_weights().ok().map(|w| (q, w))
            }
            _ => None,
        };
        let mut fused = match learned {
            Some((q, weights)) => {
                let whole = self.fuse_learned(query, &bm25, &cosine, q, weights);
                match policy.clause_margin {
                    Some(margin) if clauses.len() >= 2 => {
                        self.merge_clauses(whole, clauses, weights, margin, pool)
                    }
                    _ => whole,
                }
            }
            None => fuse_rankings(&bm25, &cosine, policy),
        };
        fused.truncate(k);
        fused
            .into_iter()
            .enumerate()
            .map(|(i, f)| self.shortlisted(f, i + 1, query_embedding))
            .collect()
    }

    /// Every candidate of the fusion pool (BM25's and the cosine ranking's best
    /// [`FUSION_POOL`]) with its [`FUSION_FEATURES`] row, in doc order. The learned fusion
    /// scores these rows; `tact train-retriever` fits on them.
    pub fn fusion_rows(&self, query: &str, query_embedding: &[f32]) -> Vec<FusionRow> {
        let bm25 = self.rank_bm25(query, FUSION_POOL);
        let cosine = self.rank_cosine(query_embedding, FUSION_POOL);
        self.fusion_rows_of(query, &bm25, &cosine, query_embedding)
    }

    fn fusion_rows_of(
        &self,
        query_text: &str,
        bm25: &[(u32, f32)],
        cosine: &[(u32, f32)],
        query_embedding: &[f32],
    ) -> Vec<FusionRow> {
        let query = embed::normalized(query_embedding);
        let query_words: std::collections::HashSet<String> =
            tokenize(query_text).into_iter().collect();
        let best_bm25 = bm25.first().map_or(0.0, |b| b.1);
        let best_cosine = cosine.first().map_or(0.0, |c| c.1);
        let mut docs: Vec<u32> = bm25.iter().chain(cosine).map(|&(d, _)| d).collect();
        docs.sort_unstable();
        docs.dedup();
        docs.into_iter()
            .map(|doc| {
                let bm25_at = bm25.iter().position(|&(d, _)| d == doc);
                let cosine_at = cosine.iter().position(|&(d, _)| d == doc);
                let bm25_score = bm25_at.map(|i| bm25[i].1);
                let cos = match cosine_at {
                    Some(i) => Some(cosine[i].1),
                    None => self.embeddings[doc as usize]
                        .as_ref()
                        .map(|v| embed::dot(&query, v)),
                };
                let reciprocal = |at: Option<usize>| at.map_or(0.0, |i| 1.0 / (i as f32 + 1.0));
                let name_words = tokenize(&self.tools[doc as usize].name);
                let name_overlap = if name_words.is_empty() {
                    0.0
                } else {
                    name_words
                        .iter()
                        .filter(|w| query_words.contains(*w))
                        .count() as f32
                        / name_words.len() as f32
                };
                FusionRow {
                    doc,
                    bm25: bm25_score,
                    cosine: cos,
                    features: [
                        match bm25_score {
                            Some(s) if best_bm25 > 0.0 => s / best_bm25,
                            _ => 0.0,
                        },
                        reciprocal(bm25_at),
                        cos.unwrap_or(0.0),
                        cos.map_or(-1.0, |c| c - best_cosine),
                        reciprocal(cosine_at),
                        name_overlap,
                    ],
                }
            })
            .collect()
    }

    /// The pool ranked by a learned linear scorer over [`FUSION_FEATURES`]; best first, ties
    /// by doc id.
    fn fuse_learned(
        &self,
        query_text: &str,
        bm25: &[(u32, f32)],
        cosine: &[(u32, f32)],
        query_embedding: &[f32],
        weights: &[f32],
    ) -> Vec<FusedCandidate> {
        let mut fused: Vec<FusedCandidate> = self
            .fusion_rows_of(query_text, bm25, cosine, query_embedding)
            .into_iter()
            .map(|row| FusedCandidate {
                doc: row.doc,
                bm25: row.bm25,
                cosine: row.cosine,
                fused: row.features.iter().zip(weights).map(|(f, w)| f * w).sum(),
                clause: None,
            })
            .collect();
        fused.sort_unstable_by(|a, b| b.fused.total_cmp(&a.fused).then(a.doc.cmp(&b.doc)));
        fused
    }

    /// Each clause's learned-fusion pool merged into the whole request's: a tool keeps its best
    /// score, a clause's counted `margin` lower; best first, ties by doc id. A tool a clause
    /// wins carries that clause's evidence (its BM25 score and cosine earned the place).
    fn merge_clauses(
        &self,
        whole: Vec<FusedCandidate>,
        clauses: &[ClauseQuery],
        weights: &[f32],
        margin: f32,
        pool: usize,
    ) -> Vec<FusedCandidate> {
        let mut best: std::collections::HashMap<u32, FusedCandidate> =
            whole.into_iter().map(|c| (c.doc, c)).collect();
        for (at, clause) in clauses.iter().enumerate() {
            let bm25 = self.rank_bm25(&clause.text, pool);
            let cosine = self.rank_cosine(&clause.embedding, pool);
            for mut candidate in
                self.fuse_learned(&clause.text, &bm25, &cosine, &clause.embedding, weights)
            {
                candidate.fused -= margin;
                candidate.clause = u32::try_from(at).ok();
                match best.get(&candidate.doc) {
                    Some(kept) if kept.fused >= candidate.fused => {}
                    _ => {
                        best.insert(candidate.doc, candidate);
                    }
                }
            }
        }
        let mut merged: Vec<FusedCandidate> = best.into_values().collect();
        merged.sort_unstable_by(|a, b| b.fused.total_cmp(&a.fused).then(a.doc.cmp(&b.doc)));
        merged
    }

    /// The shortlist the job offers the selector: fused ranking, cut by the policy's depth,
    /// gap and floors.
    pub fn shortlist(
        &self,
        query: &str,
        query_embedding: Option<&[f32]>,
        policy: &RetrievalPolicy,
    ) -> Shortlist {
        self.shortlist_with_clauses(query, query_embedding, &[], policy)
    }

    /// [`Self::shortlist`] over [`Self::ranking_with_clauses`].
    pub fn shortlist_with_clauses(
        &self,
        query: &str,
        query_embedding: Option<&[f32]>,
        clauses: &[ClauseQuery],
        policy: &RetrievalPolicy,
    ) -> Shortlist {
        let ranked = self.ranking_with_clauses(
            query,
            query_embedding,
            clauses,
            RankingVariant::Fused,
            policy,
            policy.max_depth.max(1),
        );
        cut_shortlist(ranked, policy)
    }

    fn shortlisted(
        &self,
        fused: FusedCandidate,
        rank: usize,
        query_embedding: Option<&[f32]>,
    ) -> ShortlistedTool {
        let doc = fused.doc as usize;
        let tool = &self.tools[doc];
        // A tool outside the cosine pool still has a cosine worth reporting.
        let cosine = fused.cosine.or_else(|| {
            let q = query_embedding?;
            let v = self.embeddings[doc].as_ref()?;
            Some(embed::dot(&embed::normalized(q), v))
        });
        ShortlistedTool {
            tool_id: tool.tool_id.clone(),
            name: tool.name.clone(),
            bm25: fused.bm25.unwrap_or(0.0),
            cosine,
            fused: fused.fused,
            rank,
            clause: fused.clause,
        }
    }
}

/// One candidate of the fusion pool and its evidence.
#[derive(Debug, Clone, PartialEq)]
pub struct FusionRow {
    pub doc: u32,
    pub bm25: Option<f32>,
    pub cosine: Option<f32>,
    pub features: [f32; FUSION_FEATURES.len()],
}

/// One tool after fusion, before it is named.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FusedCandidate {
    pub doc: u32,
    pub bm25: Option<f32>,
    pub cosine: Option<f32>,
    pub fused: f32,
    /// The clause of the request whose ranking placed it (0-based); none: the whole request.
    pub clause: Option<u32>,
}

/// Weighted reciprocal rank fusion: `Σ weight / (rrf_k + rank)` over the rankings a tool
/// appears in (ranks 1-based). Best first; ties by doc id.
pub fn fuse_rankings(
    bm25: &[(u32, f32)],
    cosine: &[(u32, f32)],
    policy: &RetrievalPolicy,
) -> Vec<FusedCandidate> {
    let mut by_doc: std::collections::HashMap<u32, FusedCandidate> =
        std::collections::HashMap::new();
    for (rank, &(doc, score)) in bm25.iter().enumerate() {
        let entry = by_doc.entry(doc).or_insert(FusedCandidate {
            doc,
            bm25: None,
            cosine: None,
            fused: 0.0,
            clause: None,
        });
        entry.bm25 = Some(score);
        entry.fused += policy.bm25_weight / (policy.rrf_k + rank as f32 + 1.0);
    }
    for (rank, &(doc, score)) in cosine.iter().enumerate() {
        let entry = by_doc.entry(doc).or_insert(FusedCandidate {
            doc,
            bm25: None,
            cosine: None,
            fused: 0.0,
            clause: None,
        });
        entry.cosine = Some(score);
        entry.fused += policy.embedding_weight / (policy.rrf_k + rank as f32 + 1.0);
    }
    let mut fused: Vec<FusedCandidate> = by_doc.into_values().collect();
    fused.sort_unstable_by(|a, b| b.fused.total_cmp(&a.fused).then(a.doc.cmp(&b.doc)));
    fused
}

/// Cut a ranking into a shortlist.
///
/// * `NoneFits` when the best BM25 score is below `bm25_floor` and the best cosine (if any)
///   below `cosine_floor`.
/// * At most `max_depth` tools.
/// * Stop early at the first tool whose relative strength falls below `gap_ratio` of the
///   strongest. RRF scores carry no gap information (ranks 1 and 2 differ by ~1/3600 whatever
///   the raw scores), so strength is the policy-weighted mean of the raw scores, each divided
///   by its best on the list.
pub fn cut_shortlist(ranked: Vec<ShortlistedTool>, policy: &RetrievalPolicy) -> Shortlist {
    let best_bm25 = ranked.iter().map(|t| t.bm25).fold(0.0f32, f32::max);
    let best_cosine = ranked
        .iter()
        .filter_map(|t| t.cosine)
        .fold(None, |acc: Option<f32>, c| {
            Some(acc.map_or(c, |a| a.max(c)))
        });
    let cosine_fits = best_cosine.is_some_and(|c| c >= policy.cosine_floor);
    if ranked.is_empty() || (best_bm25 < policy.bm25_floor && !cosine_fits) {
        return Shortlist::NoneFits {
            best_bm25,
            best_cosine,
        };
    }
    let strength = |t: &ShortlistedTool| -> f32 {
        let mut total = 0.0;
        let mut weight = 0.0;
        if best_bm25 > 0.0 {
            total += policy.bm25_weight * t.bm25 / best_bm25;
            weight += policy.bm25_weight;
        }
        if let (Some(best), Some(c)) = (best_cosine.filter(|b| *b > 0.0), t.cosine) {
            total += policy.embedding_weight * c.max(0.0) / best;
            weight += policy.embedding_weight;
        }
        if weight > 0.0 { total / weight } else { 0.0 }
    };
    // The gap is measured within each ranking that placed tools (the whole request's, or one
    // clause's): a clause's task is weaker in words than the whole request, and is cut only
    // against the tools of its own clause.
    let depth = policy.max_depth.clamp(1, 5);
    let strongest = |clause: Option<u32>| {
        ranked
            .iter()
            .filter(|t| t.clause == clause)
            .map(strength)
            .fold(0.0f32, f32::max)
    };
    let mut closed: Vec<Option<u32>> = Vec::new();
    let mut kept = Vec::with_capacity(depth);
    for tool in ranked.iter().take(depth) {
        if closed.contains(&tool.clause) {
            continue;
        }
        if !kept.is_empty() && strength(tool) < policy.gap_ratio * strongest(tool.clause) {
            closed.push(tool.clause);
            continue;
        }
        kept.push(tool.clone());
    }
    Shortlist::Tools(kept)
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use crate::policy::Policy;

    fn policy() -> RetrievalPolicy {
        Policy::default_policy().unwrap().body.retrieval
    }

    fn tool(id: &str, description: &str, params: serde_json::Value) -> ToolSpec {
        ToolSpec {
            tool_id: id.into(),
            name: id.into(),
            description: description.into(),
            parameters: Some(params),
        }
    }

    fn catalog() -> Vec<ToolSpec> {
        vec![
            tool(
                "get_weather_forecast",
                "Forecast for a city over the next days.",
                serde_json::json!({"properties": {"city": {"description": "City name"}}}),
            ),
            tool(
                "readFile",
                "Return the contents of a file on disk.",
                serde_json::json!({"properties": {"path": {"description": "File path"}}}),
            ),
            tool(
                "math.factorial",
                "Compute n! for a non-negative integer.",
                serde_json::json!({"properties": {"number": {"description": "The integer"}}}),
            ),
            tool(
                "send_email",
                "Send an email message to a recipient.",
                serde_json::json!({"properties": {"to": {"description": "Recipient address"}, "subject": {"description": "Subject line"}}}),
            ),
        ]
    }

    #[test]
    fn the_right_tool_ranks_first_on_a_small_catalog() {
        let index = RetrievalIndex::build(&catalog());
        let cases = [
            (
                "what's the weather forecast in Paris",
                "get_weather_forecast",
            ),
            ("read the file src/main.rs", "readFile"),
            ("factorial of 5", "math.factorial"),
            ("email Bob the report, subject: Q3", "send_email"),
        ];
        for (query, expected) in cases {
            let Shortlist::Tools(tools) = index.shortlist(query, None, &policy()) else {
                panic!("{query}: none fits");
            };
            assert_eq!(tools[0].tool_id, expected, "{query}");
            assert_eq!(tools[0].rank, 1);
        }
    }

    #[test]
    fn parameter_words_are_searchable() {
        let index = RetrievalIndex::build(&catalog());
        let top = index.rank_bm25("recipient subject", 1);
        assert_eq!(index.tools()[top[0].0 as usize].tool_id, "send_email");
    }

    #[test]
    fn unrelated_request_is_none_fits() {
        let index = RetrievalIndex::build(&catalog());
        assert!(matches!(
            index.shortlist("play some jazz music loudly", None, &policy()),
            Shortlist::NoneFits { .. }
        ));
    }

    #[test]
    fn a_weak_best_score_below_the_floor_is_none_fits() {
        let index = RetrievalIndex::build(&catalog());
        let mut strict = policy();
        strict.bm25_floor = 1000.0;
        assert!(matches!(
            index.shortlist("weather forecast", None, &strict),
            Shortlist::NoneFits { .. }
        ));
    }

    #[test]
    fn a_clear_winner_is_shortlisted_alone() {
        let index = RetrievalIndex::build(&catalog());
        let shortlist = index.shortlist("factorial", None, &policy());
        assert_eq!(shortlist.tools().len(), 1);
    }

    #[test]
    fn embeddings_fuse_with_bm25_and_can_rescue_a_vocabulary_miss() {
        let mut index = RetrievalIndex::build(&catalog());
        // Hand-made 2-d "meanings": only send_email points along the x axis.
        for doc in 0..index.len() {
            let v = if index.tools()[doc].tool_id == "send_email" {
                [1.0, 0.0]
            } else {
                [0.0, 1.0]
            };
            index.set_embedding("toy", doc, &v);
        }
        let query = "notify my colleague by mail"; // shares no term with send_email
        assert!(
            index
                .rank_bm25(query, 5)
                .iter()
                .all(|(d, _)| index.tools()[*d as usize].tool_id != "send_email")
        );
        let ranked = index.ranking(
            query,
            Some(&[0.9, 0.1]),
            RankingVariant::Fused,
            &policy(),
            5,
        );
        assert_eq!(ranked[0].tool_id, "send_email");
        assert!(ranked[0].cosine.unwrap() > 0.9);
        let shortlist = index.shortlist(query, Some(&[0.9, 0.1]), &policy());
        assert_eq!(shortlist.tools()[0].tool_id, "send_email");
    }

    #[test]
    fn a_learned_fusion_orders_the_pool_by_its_weights() {
        let mut index = RetrievalIndex::build(&catalog());
        // get_weather_forecast points along x; every other tool along y.
        let weather = index
            .tools()
            .iter()
            .position(|t| t.tool_id == "get_weather_forecast")
            .unwrap();
        for doc in 0..index.len() {
            let v = if doc == weather {
                [1.0, 0.0]
            } else {
                [0.0, 1.0]
            };
            index.set_embedding("toy", doc, &v);
        }
        // BM25 favours the email tool; the query's vector points at the forecast.
        let query = "send an email";
        let vector = [0.8, 0.2];
        let rows = index.fusion_rows(query, &vector);
        assert!(rows.iter().any(|r| r.doc as usize == weather));
        for row in &rows {
            assert_eq!(row.features.len(), FUSION_FEATURES.len());
            assert!(row.features[3] <= 1e-6, "cosine gap is never positive");
            let name = &index.tools()[row.doc as usize].name;
            let expected = if name == "send_email" { 1.0 } else { 0.0 };
            assert_eq!(row.features[5], expected, "name overlap of {name}");
        }
        let ranked_by = |weights: [f32; 6]| {
            let mut p = policy();
            p.fusion = Some(crate::policy::LearnedFusion {
                features: FUSION_FEATURES.iter().map(|s| s.to_string()).collect(),
                weights: weights.to_vec(),
            });
            index.ranking(query, Some(&vector), RankingVariant::Fused, &p, 3)[0]
                .tool_id
                .clone()
        };
        assert_eq!(
            ranked_by([0.0, 0.0, 5.0, 0.0, 0.0, 0.0]),
            "get_weather_forecast"
        );
        assert_eq!(ranked_by([5.0, 0.0, 0.0, 0.0, 0.0, 0.0]), "send_email");
        // Weights fitted on other features are refused by the policy check, and the ranking
        // falls back to reciprocal rank fusion rather than misreading them.
        let mut p = policy();
        p.fusion = Some(crate::policy::LearnedFusion {
            features: vec!["something_else".into()],
            weights: vec![1.0],
        });
        assert!(p.fusion.as_ref().unwrap().checked_weights().is_err());
        let mut reciprocal = policy();
        reciprocal.fusion = None;
        let rrf = index.ranking(query, Some(&vector), RankingVariant::Fused, &reciprocal, 3);
        let fallback = index.ranking(query, Some(&vector), RankingVariant::Fused, &p, 3);
        assert_eq!(rrf, fallback);
    }

    #[test]
    fn each_task_of_an_enumerated_request_reaches_the_ranking_by_its_clause() {
        let specs = vec![
            tool(
                "get_weather_forecast",
                "Weather forecast for a city.",
                serde_json::json!({}),
            ),
            tool(
                "weather_report",
                "A weather report of a region.",
                serde_json::json!({}),
            ),
            tool(
                "current_weather",
                "The weather now in a city.",
                serde_json::json!({}),
            ),
            tool(
                "math.factorial",
                "Factorial of a number.",
                serde_json::json!({}),
            ),
            tool(
                "send_email",
                "Send an email to someone.",
                serde_json::json!({}),
            ),
        ];
        let mut index = RetrievalIndex::build(&specs);
        for doc in 0..index.len() {
            index.set_embedding("toy", doc, &[0.0, 1.0]);
        }
        let request = "First, get the weather forecast for the city, the weather report, the \
                       weather alerts and the weather in the city now. Then, compute the \
                       factorial of 7.";
        let clauses = clause_queries(request, &policy(), |_| Some(vec![0.0, 1.0]));
        assert_eq!(clauses.len(), 2, "{clauses:?}");
        // A policy that ranks whole requests only asks the encoder for no clause.
        let mut whole_only = policy();
        whole_only.clause_margin = None;
        let mut asked = 0;
        let none = clause_queries(request, &whole_only, |_| {
            asked += 1;
            Some(vec![0.0, 1.0])
        });
        assert!(none.is_empty() && asked == 0);
        let top3 = |margin: Option<f32>| -> Vec<String> {
            let mut p = policy();
            // BM25's share of the pool's best only: the test reads words, not vectors.
            p.fusion = Some(crate::policy::LearnedFusion {
                features: FUSION_FEATURES.iter().map(|s| s.to_string()).collect(),
                weights: vec![5.0, 0.0, 0.0, 0.0, 0.0, 0.0],
            });
            p.clause_margin = margin;
            index
                .ranking_with_clauses(
                    request,
                    Some(&[0.0, 1.0]),
                    &clauses,
                    RankingVariant::Fused,
                    &p,
                    3,
                )
                .into_iter()
                .map(|t| t.tool_id)
                .collect()
        };
        // The whole request is mostly about the weather: its top three are the weather tools.
        let whole = top3(None);
        assert!(!whole.contains(&"math.factorial".to_string()), "{whole:?}");
        // Ranked by its own clause, the factorial task's tool takes a place, and carries that
        // clause's evidence; a margin larger than any score keeps the whole request's order.
        let split = top3(Some(0.5));
        assert!(split.contains(&"math.factorial".to_string()), "{split:?}");
        assert_eq!(top3(Some(100.0)), whole);
        // Without vectors there is no learned fusion, so the clauses are not read either.
        let mut p = policy();
        p.clause_margin = Some(0.5);
        assert_eq!(
            index.ranking_with_clauses(request, None, &clauses, RankingVariant::Fused, &p, 3),
            index.ranking(request, None, RankingVariant::Fused, &p, 3)
        );
    }

    #[test]
    fn rrf_weights_decide_between_disagreeing_rankings() {
        let bm25 = [(0u32, 5.0f32), (1, 4.0)];
        let cosine = [(1u32, 0.9f32), (0, 0.1)];
        let mut p = policy();
        p.bm25_weight = 2.0;
        p.embedding_weight = 1.0;
        assert_eq!(fuse_rankings(&bm25, &cosine, &p)[0].doc, 0);
        p.bm25_weight = 1.0;
        p.embedding_weight = 2.0;
        assert_eq!(fuse_rankings(&bm25, &cosine, &p)[0].doc, 1);
    }

    #[test]
    fn a_clause_task_is_cut_against_its_own_clause_not_the_whole_request() {
        let listed = |id: &str, bm25: f32, clause: Option<u32>| ShortlistedTool {
            tool_id: id.into(),
            name: id.into(),
            bm25,
            cosine: None,
            fused: 0.0,
            rank: 0,
            clause,
        };
        let mut p = policy();
        p.gap_ratio = 0.5;
        let ids = |shortlist: Shortlist| -> Vec<String> {
            shortlist
                .tools()
                .iter()
                .map(|t| t.tool_id.clone())
                .collect()
        };
        // The whole request's second tool is under half its first: the whole request's list
        // ends there, but the clause's own best (as weak in words) is still offered, and the
        // clause's next tool is measured against it.
        let ranked = vec![
            listed("git_status", 10.0, None),
            listed("git_diff", 4.0, None),
            listed("read_file", 3.0, Some(0)),
            listed("write_file", 2.0, Some(0)),
            listed("git_log", 9.0, None),
        ];
        assert_eq!(
            ids(cut_shortlist(ranked.clone(), &p)),
            vec!["git_status", "read_file", "write_file"]
        );
        // One ranking only: the first weak tool ends the list, as before clauses existed.
        let whole_only: Vec<ShortlistedTool> = ranked
            .into_iter()
            .map(|mut t| {
                t.clause = None;
                t
            })
            .collect();
        assert_eq!(ids(cut_shortlist(whole_only, &p)), vec!["git_status"]);
    }

    mod depth {
        use super::*;
        use proptest::prelude::*;

        fn word() -> impl Strategy<Value = String> {
            prop::sample::select(vec![
                "read", "file", "write", "weather", "city", "email", "send", "list", "user",
                "delete", "search", "query", "math", "sum", "image", "resize",
            ])
            .prop_map(String::from)
        }

        proptest! {
            #[test]
            fn shortlist_never_exceeds_max_depth_or_five(
                descriptions in prop::collection::vec(prop::collection::vec(word(), 1..8), 1..40),
                query in prop::collection::vec(word(), 0..6),
                max_depth in 1usize..=5,
                gap_ratio in 0.0f32..1.0,
                with_embeddings in any::<bool>(),
            ) {
                let tools: Vec<ToolSpec> = descriptions
                    .iter()
                    .enumerate()
                    .map(|(i, words)| ToolSpec {
                        tool_id: format!("t{i}"),
                        name: format!("tool_{i}"),
                        description: words.join(" "),
                        parameters: None,
                    })
                    .collect();
                let mut index = RetrievalIndex::build(&tools);
                let embedder = HashingEmbedder { dimensions: 16 };
                let query = query.join(" ");
                let query_vector = if with_embeddings {
                    let mut cache = EmbeddingCache::default();
                    index.embed_missing(&embedder, &mut cache, 8, None, &mut |_| {}).unwrap();
                    embedder.embed(std::slice::from_ref(&query)).unwrap().pop()
                } else {
                    None
                };
                let mut p = policy();
                p.max_depth = max_depth;
                p.gap_ratio = gap_ratio;
                match index.shortlist(&query, query_vector.as_deref(), &p) {
                    Shortlist::Tools(listed) => {
                        prop_assert!(!listed.is_empty());
                        prop_assert!(listed.len() <= max_depth && listed.len() <= 5);
                        for (i, t) in listed.iter().enumerate() {
                            prop_assert_eq!(t.rank, i + 1);
                        }
                        prop_assert!(listed.windows(2).all(|w| w[0].fused >= w[1].fused));
                    }
                    Shortlist::NoneFits { best_bm25, .. } => prop_assert!(best_bm25 < p.bm25_floor),
                }
            }
        }
    }
}
