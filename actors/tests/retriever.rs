//! The job's runtime retriever: BM25 fused with MiniLM over the real catalog, the persisted
//! index, and what happens when the encoder is missing.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use tact_actors::nodes::{self, EmbedderLoader, MiniLmEmbedder, RetrieverKind, RetrieverSetup};
use tact_actors::nodes::{RetrievalQuery, ShortlistResponse};
use tact_policies::Policy;
use tact_policies::retrieval::{EmbedError, Embedder, HashingEmbedder};
use tact_runtime::catalog::catalog;

fn names(response: &ShortlistResponse) -> (Vec<String>, String) {
    match response {
        ShortlistResponse::Tools {
            tools,
            ranking,
            evidence,
        } => {
            // Each shortlisted tool comes with the evidence that put it there, in order.
            assert_eq!(
                evidence.iter().map(|e| &e.name).collect::<Vec<_>>(),
                tools.iter().map(|t| &t.name).collect::<Vec<_>>()
            );
            (
                tools.iter().map(|t| t.name.clone()).collect(),
                ranking.clone(),
            )
        }
        ShortlistResponse::NoneFits { ranking } => (Vec::new(), ranking.clone()),
        ShortlistResponse::Error(e) => panic!("retriever error: {e}"),
    }
}

fn minilm_setup(index: &std::path::Path) -> RetrieverSetup {
    let loader: EmbedderLoader = Arc::new(|| {
        MiniLmEmbedder::load_default()
            .map(|m| Arc::new(m) as Arc<dyn Embedder + Send + Sync>)
            .map_err(|e| e.to_string())
    });
    RetrieverSetup {
        kind: RetrieverKind::Fused,
        index_path: Some(index.to_path_buf()),
        embedder: Some(loader),
    }
}

/// The default policy without its tuned retriever: the test doubles below are other encoders
/// than the one the shipped adapter was fitted on.
fn stock_policy() -> Policy {
    Policy::parse("[retrieval]\nadapter = \"none\"\nfusion = \"rrf\"\n").unwrap()
}

fn tools(response: &ShortlistResponse) -> Vec<String> {
    names(response).0
}

/// The real encoder: paraphrases BM25 cannot match (no shared word with any description)
/// reach the right tool through the embeddings, and a request no tool serves still gets
/// *none fits* rather than a guess.
#[test]
fn fused_retriever_finds_paraphrases_bm25_misses() {
    assert!(
        MiniLmEmbedder::installed(),
        "MiniLM must be installed (`tact models fetch`) for this test"
    );
    let dir = tempfile::tempdir().unwrap();
    let policy = Policy::default_policy().unwrap();
    let fused = nodes::retrieve_fn(catalog(), &policy, minilm_setup(&dir.path().join("i.idx")));
    let bm25 = nodes::retrieve_fn(catalog(), &policy, RetrieverSetup::bm25_only());

    let multiply = fused(&RetrievalQuery::intent("multiply 17 by 23"));
    let (fused_tools, ranking) = names(&multiply);
    assert_eq!(ranking, "fused");
    // The fused ranking's evidence carries the cosine the learned selector reads.
    if let ShortlistResponse::Tools { evidence, .. } = &multiply {
        assert!(evidence.iter().all(|e| e.cosine.is_some()), "{evidence:?}");
    }
    assert_eq!(fused_tools.first().map(String::as_str), Some("calc"));
    assert!(matches!(
        bm25(&RetrievalQuery::intent("multiply 17 by 23")),
        ShortlistResponse::NoneFits { .. }
    ));

    let question = "what changed since the last commit";
    assert!(tools(&fused(&RetrievalQuery::intent(question))).contains(&"git_diff".to_string()));
    assert!(!tools(&bm25(&RetrievalQuery::intent(question))).contains(&"git_diff".to_string()));

    assert!(matches!(
        fused(&RetrievalQuery::intent("bake me a cake")),
        ShortlistResponse::NoneFits { .. }
    ));
    // Never more than five, whatever the query.
    assert!(tools(&fused(&RetrievalQuery::intent("which files did I modify"))).len() <= 5);
}

/// Counts what the encoder is asked to embed (a double beside the real test above).
struct Counting {
    inner: HashingEmbedder,
    texts: Arc<AtomicUsize>,
}

impl Embedder for Counting {
    fn id(&self) -> String {
        self.inner.id()
    }
    fn embed(&self, texts: &[String]) -> Result<Vec<Vec<f32>>, EmbedError> {
        self.texts.fetch_add(texts.len(), Ordering::SeqCst);
        self.inner.embed(texts)
    }
}

fn counting_setup(
    index: &std::path::Path,
    loads: Arc<AtomicUsize>,
    texts: Arc<AtomicUsize>,
) -> RetrieverSetup {
    let loader: EmbedderLoader = Arc::new(move || {
        loads.fetch_add(1, Ordering::SeqCst);
        Ok(Arc::new(Counting {
            inner: HashingEmbedder { dimensions: 64 },
            texts: texts.clone(),
        }) as Arc<dyn Embedder + Send + Sync>)
    });
    RetrieverSetup {
        kind: RetrieverKind::Fused,
        index_path: Some(index.to_path_buf()),
        embedder: Some(loader),
    }
}

/// The catalog is embedded once and persisted: the next job's retriever loads the vectors
/// and embeds only its queries; a repeated query is embedded once; a job that never asks
/// never loads the encoder.
#[test]
fn catalog_embeddings_persist_and_the_encoder_loads_lazily() {
    let dir = tempfile::tempdir().unwrap();
    let index = dir.path().join("catalog.idx");
    let policy = stock_policy();
    let workers = catalog()
        .iter()
        .filter(|s| s.performer == tact_runtime::catalog::Performer::Worker)
        .count();

    let (loads, texts) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let first = nodes::retrieve_fn(
        catalog(),
        &policy,
        counting_setup(&index, loads.clone(), texts.clone()),
    );
    assert_eq!(loads.load(Ordering::SeqCst), 0, "loaded before any query");
    let (_, ranking) = names(&first(&RetrievalQuery::intent("read the file src/lib.rs")));
    assert_eq!(ranking, "fused");
    first(&RetrievalQuery::intent("read the file src/lib.rs"));
    assert_eq!(loads.load(Ordering::SeqCst), 1);
    assert_eq!(
        texts.load(Ordering::SeqCst),
        workers + 1,
        "catalog + one query"
    );
    assert!(index.is_file());

    let (loads, texts) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let second = nodes::retrieve_fn(
        catalog(),
        &policy,
        counting_setup(&index, loads.clone(), texts.clone()),
    );
    second(&RetrievalQuery::intent("run the tests"));
    assert_eq!(
        texts.load(Ordering::SeqCst),
        1,
        "only the query is embedded"
    );
}

/// A fused retriever whose encoder cannot load still answers, says it fell back to BM25 and
/// why, and ranks exactly as BM25 does.
#[test]
fn missing_encoder_falls_back_to_bm25_and_says_so() {
    let policy = Policy::default_policy().unwrap();
    let loader: EmbedderLoader = Arc::new(|| Err("MiniLM is not installed".to_string()));
    let broken = nodes::retrieve_fn(
        catalog(),
        &policy,
        RetrieverSetup {
            kind: RetrieverKind::Fused,
            index_path: None,
            embedder: Some(loader),
        },
    );
    let bm25 = nodes::retrieve_fn(catalog(), &policy, RetrieverSetup::bm25_only());
    let query = "run the tests and report failures";
    let (tools, ranking) = names(&broken(&RetrievalQuery::intent(query)));
    assert!(
        ranking.starts_with("bm25 (fusion off: MiniLM is not installed"),
        "{ranking}"
    );
    assert_eq!(tools, names(&bm25(&RetrievalQuery::intent(query))).0);
    assert!(!tools.is_empty());
}

/// A corrupt index file is rebuilt, not trusted and not fatal.
#[test]
fn corrupt_index_file_is_rebuilt() {
    let dir = tempfile::tempdir().unwrap();
    let index = dir.path().join("catalog.idx");
    std::fs::write(&index, b"not an index").unwrap();
    let policy = stock_policy();
    let (loads, texts) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let retrieve = nodes::retrieve_fn(catalog(), &policy, counting_setup(&index, loads, texts));
    assert!(
        tools(&retrieve(&RetrievalQuery::intent("run the tests")))
            .contains(&"run_tests".to_string())
    );
    let reloaded = tact_policies::retrieval::RetrievalIndex::load(&index).unwrap();
    assert!(reloaded.embedded_count() > 0);
}

/// Regression: the job once embedded "task + last observation" as one query; the JSON tail
/// of a `search` result pulled the embedding towards the read tools and `run_command` fell
/// off the shortlist of "run a program in the workspace". Only the intent is embedded now.
#[test]
fn an_observation_tail_does_not_drag_the_embedding_away_from_the_task() {
    assert!(MiniLmEmbedder::installed(), "run `tact models fetch` first");
    let dir = tempfile::tempdir().unwrap();
    let policy = Policy::default_policy().unwrap();
    let fused = nodes::retrieve_fn(catalog(), &policy, minilm_setup(&dir.path().join("i.idx")));
    let query = RetrievalQuery {
        intent: "run a program in the workspace".into(),
        observation: Some(
            r#"search → {"files_searched":3,"matches":[{"line":1,"path":"notes.txt","text":"hello world"}]}"#
                .into(),
        ),
    };
    let (tools, ranking) = names(&fused(&query));
    assert_eq!(ranking, "fused");
    assert!(tools.contains(&"run_command".to_string()), "{tools:?}");
}

/// An encoder that loads but fails to embed the catalog is treated as missing: BM25, and the
/// reason is named from the first answer on.
#[test]
fn an_encoder_that_cannot_embed_falls_back_from_the_first_query() {
    struct Failing;
    impl Embedder for Failing {
        fn id(&self) -> String {
            "failing".into()
        }
        fn embed(&self, _texts: &[String]) -> Result<Vec<Vec<f32>>, EmbedError> {
            Err(EmbedError("out of memory".into()))
        }
    }
    let policy = stock_policy();
    let loader: EmbedderLoader =
        Arc::new(|| Ok(Arc::new(Failing) as Arc<dyn Embedder + Send + Sync>));
    let retrieve = nodes::retrieve_fn(
        catalog(),
        &policy,
        RetrieverSetup {
            kind: RetrieverKind::Fused,
            index_path: None,
            embedder: Some(loader),
        },
    );
    for _ in 0..2 {
        let (tools, ranking) = names(&retrieve(&RetrievalQuery::intent("run the tests")));
        assert!(ranking.contains("out of memory"), "{ranking}");
        assert!(tools.contains(&"run_tests".to_string()));
    }
}

/// One MiniLM per process (issue 18: a runner's concurrent jobs share one loaded model): two
/// jobs' retrievers asking at once get the same encoder, loaded from disk once.
#[test]
fn jobs_in_one_process_share_one_loaded_encoder() {
    assert!(MiniLmEmbedder::installed(), "run `tact models fetch` first");
    let loaders: Vec<EmbedderLoader> = (0..2)
        .map(|_| RetrieverSetup::fused_default().embedder.unwrap())
        .collect();
    let encoders: Vec<Arc<dyn Embedder + Send + Sync>> = std::thread::scope(|s| {
        let handles: Vec<_> = loaders.iter().map(|l| s.spawn(move || l())).collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap().unwrap())
            .collect()
    });
    assert!(Arc::ptr_eq(&encoders[0], &encoders[1]));
    assert_eq!(nodes::minilm_loads(), 1);
    let vectors = encoders[1].embed(&["read a file".to_string()]).unwrap();
    assert_eq!(vectors[0].len(), 384);
}

/// The default policy's tuned retriever: the index holds the adapted vectors under their own
/// id, and an encoder the adapter was not fitted on is refused (BM25, with the reason), never
/// mixed with the adapter.
#[test]
fn the_default_adapter_is_applied_and_refuses_another_encoder() {
    assert!(MiniLmEmbedder::installed(), "run `tact models fetch` first");
    let dir = tempfile::tempdir().unwrap();
    let policy = Policy::default_policy().unwrap();
    assert!(policy.body.retrieval.adapter.is_some());
    let index = dir.path().join("i.idx");
    let fused = nodes::retrieve_fn(catalog(), &policy, minilm_setup(&index));
    let (tools, ranking) = names(&fused(&RetrievalQuery::intent("compute 15% of 240")));
    assert_eq!(ranking, "fused");
    assert_eq!(tools.first().map(String::as_str), Some("calc"));
    let persisted = tact_policies::retrieval::RetrievalIndex::load(&index).unwrap();
    assert_eq!(
        persisted.embedder_id(),
        Some("all-minilm-l6-v2+minilm-tool-adapter-v1")
    );

    let (loads, texts) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let other = nodes::retrieve_fn(
        catalog(),
        &policy,
        counting_setup(&dir.path().join("j.idx"), loads, texts),
    );
    let (tools, ranking) = names(&other(&RetrievalQuery::intent("run the tests")));
    assert!(
        ranking.starts_with("bm25 (fusion off: the adapter minilm-tool-adapter-v1 was fitted on all-minilm-l6-v2 vectors"),
        "{ranking}"
    );
    assert!(tools.contains(&"run_tests".to_string()));
}

/// A request of two tasks, each served by a different tool: ranked as a whole, the git words
/// crowd the reader out of the shortlist; ranked clause by clause (the default policy), both
/// tools are offered.
#[test]
fn each_task_of_a_two_task_request_gets_its_tool_shortlisted() {
    assert!(MiniLmEmbedder::installed(), "run `tact models fetch` first");
    let dir = tempfile::tempdir().unwrap();
    let request = "Read README.md and summarize it. Also, show the git status of the repository.";
    let shortlisted = |policy: &Policy| {
        let retrieve =
            nodes::retrieve_fn(catalog(), policy, minilm_setup(&dir.path().join("i.idx")));
        tools(&retrieve(&RetrievalQuery::intent(request)))
    };
    let by_clause = shortlisted(&Policy::default_policy().unwrap());
    for tool in ["read_file", "git_status"] {
        assert!(
            by_clause.contains(&tool.to_string()),
            "{tool}: {by_clause:?}"
        );
    }
    let whole = shortlisted(&Policy::parse("[retrieval]\nclause_margin = \"off\"\n").unwrap());
    assert!(!whole.contains(&"read_file".to_string()), "{whole:?}");
}
