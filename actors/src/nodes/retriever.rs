//! The retriever (deterministic): BM25 fused with MiniLM query embeddings over the catalog
//! (`policies::retrieval`), an index persisted under `$TACT_HOME/index`, a shortlist of at most
//! the policy's depth — never the whole catalog.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use tact_models::bert::MiniLm;
use tact_models::fetch;
use tact_policies::Policy;
use tact_policies::retrieval::{
    self, EmbedError, Embedder, EmbeddingCache, RetrievalIndex, Shortlist,
};
use tact_runtime::catalog::{self, ToolSpec};
use tact_runtime::model_io::ToolCandidate;
use tact_runtime::stages::{RetrievalQuery, ShortlistResponse, ToolEvidence};

use crate::error::ActorError;
use crate::job::Runner;
use crate::stage::{NamedStage, StageLogic, ask_node};

/// Ranks the catalog for a query. Implemented over `policies::retrieval`.
pub type RetrieveFn = Arc<dyn Fn(&RetrievalQuery) -> ShortlistResponse + Send + Sync>;

pub struct RetrieverNode {
    pub retrieve: RetrieveFn,
}

impl NamedStage for RetrieverNode {
    const STAGE: &'static str = "retriever";
    /// The first query loads the encoder.
    const TIMEOUT_MS: u64 = 60_000;
}

impl StageLogic for RetrieverNode {
    type Request = RetrievalQuery;
    type Response = ShortlistResponse;
    fn stage(&self) -> &'static str {
        Self::STAGE
    }
    async fn handle(&self, query: RetrievalQuery) -> ShortlistResponse {
        (self.retrieve)(&query)
    }
}

/// MiniLM behind the retriever's [`Embedder`] seam. The encoder is not `Sync`: a query is
/// embedded on the caller's thread (a few milliseconds), a batch of texts (a catalog) on a
/// clone of the encoder per core.
pub struct MiniLmEmbedder {
    model: Mutex<MiniLm>,
}

impl MiniLmEmbedder {
    /// Load the fetched MiniLM from the models home.
    pub fn load_default() -> Result<MiniLmEmbedder, tact_models::ModelError> {
        let dir = fetch::minilm_dir(&fetch::default_home());
        let model = MiniLm::load(&dir, &tact_models::BackendKind::DEFAULT.device())?;
        Ok(MiniLmEmbedder {
            model: Mutex::new(model),
        })
    }

    /// Whether `tact models fetch` installed the encoder.
    pub fn installed() -> bool {
        fetch::minilm_dir(&fetch::default_home())
            .join("model.safetensors")
            .is_file()
    }
}

impl Embedder for MiniLmEmbedder {
    fn id(&self) -> String {
        MINILM_ID.to_string()
    }

    fn embed(&self, texts: &[String]) -> Result<Vec<Vec<f32>>, EmbedError> {
        let model = self
            .model
            .lock()
            .map_err(|_| EmbedError("the encoder lock is poisoned".to_string()))?;
        embed_spread(&model, texts, encoder_threads())
    }
}

/// Texts below which one thread embeds them all: a short batch (a query) is not worth a
/// thread's start.
const PARALLEL_EMBED_MIN: usize = 16;

/// Threads for a batch of texts: the machine's cores (the encoder's own ops run on one),
/// read once (on Linux the count comes from cgroup files, not worth reading per query).
fn encoder_threads() -> usize {
    static CORES: OnceLock<usize> = OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// Embed `texts` with `model`, spread over up to `threads` threads in contiguous slices, each
/// on a clone of the encoder (the clone shares the weights), so the vectors come back in the
/// order of `texts` and equal the one-thread result.
fn embed_spread(
    model: &MiniLm,
    texts: &[String],
    threads: usize,
) -> Result<Vec<Vec<f32>>, EmbedError> {
    let one = |model: &MiniLm, texts: &[String]| -> Result<Vec<Vec<f32>>, EmbedError> {
        texts
            .iter()
            .map(|t| model.embed(t).map_err(|e| EmbedError(e.to_string())))
            .collect()
    };
    let threads = threads.clamp(1, texts.len().max(1));
    if threads == 1 || texts.len() < PARALLEL_EMBED_MIN {
        return one(model, texts);
    }
    let slice = texts.len().div_ceil(threads);
    std::thread::scope(|scope| {
        let handles: Vec<_> = texts
            .chunks(slice)
            .map(|part| {
                let replica = model.clone();
                scope.spawn(move || one(&replica, part))
            })
            .collect();
        let mut vectors = Vec::with_capacity(texts.len());
        for handle in handles {
            let part = handle
                .join()
                .map_err(|_| EmbedError("an encoder thread panicked".to_string()))??;
            vectors.extend(part);
        }
        Ok(vectors)
    })
}

/// MiniLM in the job's model host: the same encoder and vectors as [`MiniLmEmbedder`] (so the
/// same cache keys), loaded once in the host for every job it serves.
pub struct HostedEmbedder {
    pub client: Arc<tact_models::host::HostedModel>,
}

impl Embedder for HostedEmbedder {
    fn id(&self) -> String {
        MINILM_ID.to_string()
    }

    fn embed(&self, texts: &[String]) -> Result<Vec<Vec<f32>>, EmbedError> {
        self.client
            .embed(texts)
            .map_err(|e| EmbedError(e.to_string()))
    }
}

/// An encoder's vectors through a tuned adapter (`[retrieval] adapter`): queries and tool
/// descriptions alike, under the adapter's own vector id so stock and adapted vectors never
/// mix in the index.
pub struct AdaptedEmbedder {
    pub inner: Arc<dyn Embedder + Send + Sync>,
    pub adapter: tact_models::retrieval_tuning::AdapterArtifact,
}

impl AdaptedEmbedder {
    /// Wrap `inner`, refusing an adapter fitted on another encoder's vectors.
    pub fn new(
        inner: Arc<dyn Embedder + Send + Sync>,
        adapter: tact_models::retrieval_tuning::AdapterArtifact,
    ) -> Result<AdaptedEmbedder, String> {
        if inner.id() != adapter.encoder {
            return Err(format!(
                "the adapter {} was fitted on {} vectors, the encoder is {}",
                adapter.name,
                adapter.encoder,
                inner.id()
            ));
        }
        Ok(AdaptedEmbedder { inner, adapter })
    }
}

impl Embedder for AdaptedEmbedder {
    fn id(&self) -> String {
        self.adapter.vector_id()
    }

    fn embed(&self, texts: &[String]) -> Result<Vec<Vec<f32>>, EmbedError> {
        self.inner
            .embed(texts)?
            .iter()
            .map(|v| {
                self.adapter
                    .weights
                    .apply(v)
                    .map_err(|e| EmbedError(e.to_string()))
            })
            .collect()
    }
}

/// The adapter a policy names: `builtin:NAME` (shipped under `policies/retrievers/`) or a
/// JSON file's path; verified against its checksum either way.
pub fn named_adapter(
    spec: &str,
) -> Result<tact_models::retrieval_tuning::AdapterArtifact, tact_models::ModelError> {
    use tact_models::retrieval_tuning::{AdapterArtifact, load_adapter};
    match spec.strip_prefix(tact_policies::probes::BUILTIN_PREFIX) {
        Some(name) => match retrieval::builtin_adapter(name) {
            Some(bytes) => AdapterArtifact::parse(bytes, spec),
            None => Err(tact_models::ModelError::Load {
                path: spec.to_string(),
                reason: format!(
                    "no shipped adapter of that name (shipped: {})",
                    retrieval::BUILTIN_ADAPTERS
                        .iter()
                        .map(|(n, _)| *n)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            }),
        },
        None => load_adapter(Path::new(spec)),
    }
}

/// The loader of the policy's encoder: `loader`'s, through the adapter the policy names (a
/// missing or damaged adapter fails the load, so the job says why it ranks by BM25 alone).
fn adapted_loader(loader: EmbedderLoader, adapter: Option<String>) -> EmbedderLoader {
    let Some(spec) = adapter else {
        return loader;
    };
    Arc::new(move || {
        let inner = loader()?;
        let artifact = named_adapter(&spec).map_err(|e| format!("adapter {spec}: {e}"))?;
        let adapted = AdaptedEmbedder::new(inner, artifact)?;
        Ok(Arc::new(adapted) as Arc<dyn Embedder + Send + Sync>)
    })
}

/// The encoder's id: the retriever's embedding cache is keyed by it.
const MINILM_ID: &str = "all-minilm-l6-v2";

/// Which rankings the job's retriever fuses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RetrieverKind {
    /// BM25 and MiniLM embeddings, fused by weighted reciprocal rank (the design).
    #[default]
    Fused,
    /// BM25 alone (no encoder is loaded).
    Bm25,
}

impl RetrieverKind {
    /// The name `--retriever` and config files use.
    pub fn name(self) -> &'static str {
        match self {
            RetrieverKind::Fused => "fused",
            RetrieverKind::Bm25 => "bm25",
        }
    }
}

impl std::str::FromStr for RetrieverKind {
    type Err = String;
    fn from_str(s: &str) -> Result<RetrieverKind, String> {
        match s {
            "fused" => Ok(RetrieverKind::Fused),
            "bm25" => Ok(RetrieverKind::Bm25),
            other => Err(format!("unknown retriever {other:?} (fused or bm25)")),
        }
    }
}

/// Where the job's retriever keeps its index, and which encoder embeds queries.
pub struct RetrieverSetup {
    pub kind: RetrieverKind,
    /// The persisted index; `None` keeps it in memory only.
    pub index_path: Option<PathBuf>,
    /// Loads the encoder on the first query, so a job that never retrieves never pays for it.
    pub embedder: Option<EmbedderLoader>,
}

/// Produces the encoder on demand (`MiniLmEmbedder::load_default`, or a test double).
pub type EmbedderLoader =
    Arc<dyn Fn() -> Result<Arc<dyn Embedder + Send + Sync>, String> + Send + Sync>;

impl RetrieverSetup {
    /// The design's retriever: the index under the models home, MiniLM for embeddings.
    pub fn fused_default() -> RetrieverSetup {
        RetrieverSetup {
            kind: RetrieverKind::Fused,
            index_path: Some(default_index_path()),
            embedder: Some(Arc::new(shared_minilm)),
        }
    }

    /// The design's retriever with the encoder of the job's model host.
    pub fn fused_hosted(client: Arc<tact_models::host::HostedModel>) -> RetrieverSetup {
        let embedder: Arc<dyn Embedder + Send + Sync> = Arc::new(HostedEmbedder { client });
        RetrieverSetup {
            embedder: Some(Arc::new(move || Ok(embedder.clone()))),
            ..RetrieverSetup::fused_default()
        }
    }

    /// BM25 only, in memory.
    pub fn bm25_only() -> RetrieverSetup {
        RetrieverSetup {
            kind: RetrieverKind::Bm25,
            index_path: None,
            embedder: None,
        }
    }
}

/// The process's one MiniLM, loaded by the first job that retrieves and shared by every later
/// job (a `tact serve` runner's concurrent jobs included); a failed load is remembered too, so
/// a missing encoder is reported, not retried, per job.
pub fn shared_minilm() -> Result<Arc<dyn Embedder + Send + Sync>, String> {
    static SHARED: OnceLock<Result<Arc<dyn Embedder + Send + Sync>, String>> = OnceLock::new();
    SHARED
        .get_or_init(|| {
            if !MiniLmEmbedder::installed() {
                return Err("MiniLM is not installed (run `tact models fetch`)".to_string());
            }
            MINILM_LOADS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            MiniLmEmbedder::load_default()
                .map(|m| Arc::new(m) as Arc<dyn Embedder + Send + Sync>)
                .map_err(|e| e.to_string())
        })
        .clone()
}

static MINILM_LOADS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// How many times this process has loaded MiniLM from disk (at most once).
pub fn minilm_loads() -> usize {
    MINILM_LOADS.load(std::sync::atomic::Ordering::Relaxed)
}

/// The catalog index persisted between jobs (rebuilt when the catalog's digest changes).
pub fn default_index_path() -> PathBuf {
    fetch::default_home()
        .join("index")
        .join(format!("catalog-v{}.idx", retrieval::FORMAT_VERSION))
}

/// The job's retriever state: the index, the encoder once loaded, and query vectors already
/// computed (a job asks with the same task text many times).
struct RuntimeRetriever {
    index: RetrievalIndex,
    index_path: Option<PathBuf>,
    loader: Option<EmbedderLoader>,
    encoder: Option<Result<Arc<dyn Embedder + Send + Sync>, String>>,
    query_vectors: HashMap<String, Vec<f32>>,
    /// Why the ranking is BM25-only although fusion was asked for, once known.
    degraded: Option<String>,
}

/// Query vectors kept per job before the cache is cleared (queries are short-lived).
const QUERY_CACHE_LIMIT: usize = 256;

impl RuntimeRetriever {
    /// The encoder, loading it (and embedding the catalog) on first use.
    fn encoder(&mut self) -> Option<Arc<dyn Embedder + Send + Sync>> {
        let loader = self.loader.clone()?;
        if self.encoder.is_none() {
            // An encoder that cannot embed the catalog is as good as none.
            let loaded = loader().and_then(|encoder| {
                self.embed_catalog(encoder.as_ref())?;
                Ok(encoder)
            });
            self.encoder = Some(loaded);
        }
        match &self.encoder {
            Some(Ok(encoder)) => Some(encoder.clone()),
            Some(Err(reason)) => {
                self.degraded = Some(reason.clone());
                None
            }
            None => None,
        }
    }

    /// Embed the tools that have no vector yet and persist the index when any was added.
    fn embed_catalog(&mut self, encoder: &dyn Embedder) -> Result<(), String> {
        let mut cache = EmbeddingCache::default();
        let added = self
            .index
            .embed_missing(encoder, &mut cache, 128, None, &mut |_| {})
            .map_err(|e| e.to_string())?;
        if added > 0
            && let Some(path) = &self.index_path
            && let Err(e) = self.index.save(path)
        {
            // A read-only home costs the next job a re-embedding, nothing more.
            tracing::warn!("could not persist the retrieval index: {e}");
        }
        Ok(())
    }

    fn query_vector(&mut self, query: &str) -> Option<Vec<f32>> {
        if let Some(v) = self.query_vectors.get(query) {
            return Some(v.clone());
        }
        let encoder = self.encoder()?;
        match encoder.embed(&[query.to_string()]) {
            Ok(mut vectors) if !vectors.is_empty() => {
                let v = vectors.swap_remove(0);
                if self.query_vectors.len() >= QUERY_CACHE_LIMIT {
                    self.query_vectors.clear();
                }
                self.query_vectors.insert(query.to_string(), v.clone());
                Some(v)
            }
            Ok(_) => {
                self.degraded = Some("the encoder returned no vector".to_string());
                None
            }
            Err(e) => {
                self.degraded = Some(e.to_string());
                None
            }
        }
    }
}

/// Open the persisted index for this catalog, or build it (and persist it when possible).
fn open_index(specs: &[retrieval::ToolSpec], path: Option<&Path>) -> RetrievalIndex {
    match path {
        Some(path) => match RetrievalIndex::load_or_build(path, specs) {
            Ok((index, _rebuilt)) => index,
            Err(e) => {
                tracing::warn!("retrieval index at {}: {e}; kept in memory", path.display());
                RetrievalIndex::build(specs)
            }
        },
        None => RetrievalIndex::build(specs),
    }
}

/// The retriever over the catalog's descriptions: BM25 fused with MiniLM embeddings as the
/// setup says. The job asks with the task text; every answer names the ranking it used, and
/// a fused retriever whose encoder is missing says so and falls back to BM25 rather than
/// stopping the job.
pub fn retrieve_fn(catalog: Vec<ToolSpec>, policy: &Policy, setup: RetrieverSetup) -> RetrieveFn {
    let specs: Vec<retrieval::ToolSpec> = catalog
        .iter()
        // The job performs its own tools (ask, stop, mutate); the selector is offered them
        // explicitly, not through retrieval. MCP servers' tools are retrieved like the
        // worker's.
        .filter(|s| s.performer != tact_runtime::catalog::Performer::Job)
        .map(|s| retrieval::ToolSpec {
            tool_id: s.name.clone(),
            name: s.name.clone(),
            description: s.description.clone(),
            parameters: Some(s.parameters.clone()),
        })
        .collect();
    let index = open_index(&specs, setup.index_path.as_deref());
    let state = Mutex::new(RuntimeRetriever {
        index,
        index_path: setup.index_path,
        loader: match setup.kind {
            RetrieverKind::Fused => setup
                .embedder
                .map(|l| adapted_loader(l, policy.body.retrieval.adapter.clone())),
            RetrieverKind::Bm25 => None,
        },
        encoder: None,
        query_vectors: HashMap::new(),
        degraded: None,
    });
    let retrieval_policy = policy.body.retrieval.clone();
    Arc::new(move |query: &RetrievalQuery| {
        let Ok(mut state) = state.lock() else {
            return ShortlistResponse::Error("the retriever's lock is poisoned".to_string());
        };
        let vector = state.query_vector(&query.intent);
        // The clauses of a request of several tasks are ranked too (each one more encoder call,
        // asked only when the policy reads them).
        let clauses = match vector {
            Some(_) => retrieval::clause_queries(&query.intent, &retrieval_policy, |clause| {
                state.query_vector(clause)
            }),
            None => Vec::new(),
        };
        let text = query.lexical_text();
        let ranking = match (&vector, &state.degraded, setup.kind) {
            (Some(_), _, _) => "fused".to_string(),
            (None, Some(reason), RetrieverKind::Fused) => format!("bm25 (fusion off: {reason})"),
            (None, _, _) => "bm25".to_string(),
        };
        match state.index.shortlist_with_clauses(
            &text,
            vector.as_deref(),
            &clauses,
            &retrieval_policy,
        ) {
            Shortlist::Tools(tools) => ShortlistResponse::Tools {
                evidence: tools
                    .iter()
                    .filter(|t| catalog::find(&catalog, &t.name).is_some())
                    .map(|t| ToolEvidence {
                        name: t.name.clone(),
                        bm25: t.bm25,
                        cosine: t.cosine,
                    })
                    .collect(),
                tools: tools
                    .iter()
                    .filter_map(|t| catalog::find(&catalog, &t.name))
                    .map(|s| ToolCandidate {
                        name: s.name.clone(),
                        description: s.description.clone(),
                        schema: s.parameters.clone(),
                    })
                    .collect(),
                ranking,
            },
            Shortlist::NoneFits { .. } => ShortlistResponse::NoneFits { ranking },
        }
    })
}

/// A shortlist as the job uses it.
pub(crate) struct Shortlisted {
    pub(crate) candidates: Vec<ToolCandidate>,
    /// The rankings that produced it (`fused`, `bm25`).
    pub(crate) ranking: String,
    /// No tool fits the query well enough to offer.
    pub(crate) none_fits: bool,
    pub(crate) evidence: Vec<ToolEvidence>,
}

impl Runner {
    /// Ask the retriever stage for the query's shortlist.
    pub(crate) async fn shortlist(
        &mut self,
        query: &RetrievalQuery,
    ) -> Result<Shortlisted, ActorError> {
        let job_id = self.cfg.job_id.clone();
        match ask_node::<RetrieverNode>(&job_id, || query.clone()).await? {
            ShortlistResponse::Tools {
                tools,
                ranking,
                evidence,
            } => Ok(Shortlisted {
                candidates: tools,
                ranking,
                none_fits: false,
                evidence,
            }),
            ShortlistResponse::NoneFits { ranking } => Ok(Shortlisted {
                candidates: Vec::new(),
                ranking,
                none_fits: true,
                evidence: Vec::new(),
            }),
            ShortlistResponse::Error(e) => Err(ActorError::Policy(e)),
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    /// A catalog embedded on several threads gets the vectors one thread computes, in order.
    #[test]
    fn a_batch_spread_over_threads_embeds_like_one_thread() {
        assert!(MiniLmEmbedder::installed(), "run `tact models fetch` first");
        let dir = fetch::minilm_dir(&fetch::default_home());
        let model = MiniLm::load(&dir, &tact_models::BackendKind::DEFAULT.device()).unwrap();
        let texts: Vec<String> = (0..23)
            .map(|i| format!("tool {i}: reads file number {} and reports its size", i * 7))
            .collect();
        let one = embed_spread(&model, &texts, 1).unwrap();
        let three = embed_spread(&model, &texts, 3).unwrap();
        assert_eq!(one.len(), texts.len());
        assert_eq!(one, three);
        // Distinct texts give distinct vectors, so an order mix-up would not go unseen.
        assert_ne!(one[0], one[1]);
        // Fewer texts than threads, and a short batch, still come back whole.
        assert_eq!(
            embed_spread(&model, &texts[..2], 8).unwrap(),
            one[..2].to_vec()
        );
    }
}
