//! The retriever at 100,000 tools: build, persist, reload, query — BM25-only (no embeddings, as
//! a freshly indexed large catalog is) and with a slice embedded incrementally.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::Instant;

use tact_policies::Policy;
use tact_policies::retrieval::synthetic::synthetic_catalog;
use tact_policies::retrieval::{EmbeddingCache, HashingEmbedder, RetrievalIndex, Shortlist};

#[test]
fn a_100k_catalog_builds_persists_reloads_and_answers() {
    let policy = Policy::default_policy().unwrap().body.retrieval;
    let tools = synthetic_catalog(100_000, 7);
    let started = Instant::now();
    let index = RetrievalIndex::build(&tools);
    let built = started.elapsed();
    assert_eq!(index.len(), 100_000);
    assert_eq!(index.embedded_count(), 0);

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("index.msgpack");
    index.save(&path).unwrap();
    let size = std::fs::metadata(&path).unwrap().len();
    let started = Instant::now();
    let mut reloaded = RetrievalIndex::load(&path).unwrap();
    let loaded = started.elapsed();
    assert_eq!(reloaded.len(), 100_000);
    assert_eq!(reloaded.header(), index.header());

    // The rare code word aims at exactly one tool; its verb and noun make it rank first.
    for target in [0usize, 4_242, 99_999] {
        let tool = &tools[target];
        let query = format!(
            "{} with code zq{target}x",
            tool.description.split(';').next().unwrap()
        );
        let started = Instant::now();
        let shortlist = reloaded.shortlist(&query, None, &policy);
        let took = started.elapsed();
        let Shortlist::Tools(listed) = shortlist else {
            panic!("none fits for {query}");
        };
        assert_eq!(listed[0].tool_id, tool.tool_id, "{query}");
        assert!(listed.len() <= 5);
        assert!(took.as_millis() < 2_000, "query took {took:?}");
    }
    assert!(matches!(
        reloaded.shortlist("xylophone quartet", None, &policy),
        Shortlist::NoneFits { .. }
    ));

    // Embed a first slice only; queries keep working, fused where vectors exist.
    let embedder = HashingEmbedder { dimensions: 32 };
    let mut cache = EmbeddingCache::default();
    let embedded = reloaded
        .embed_missing(&embedder, &mut cache, 512, Some(2_000), &mut |_| {})
        .unwrap();
    assert_eq!(embedded, 2_000);
    assert_eq!(reloaded.embedded_count(), 2_000);
    let next = reloaded
        .embed_missing(&embedder, &mut cache, 512, Some(1_000), &mut |_| {})
        .unwrap();
    assert_eq!(next, 1_000);
    assert_eq!(
        reloaded.embedded_count(),
        3_000,
        "incremental: the first slice is kept"
    );
    eprintln!(
        "100k tools: build {built:?}, file {} MB, load {loaded:?}",
        size / 1_000_000
    );
}
