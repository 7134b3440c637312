//! Shortlist latency on 100,000 tools: the inverted index against a linear scan that scores
//! every tool with the same BM25 formula. Prints the ratio after the criterion runs.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::HashMap;
use std::hint::black_box;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use tact_policies::Policy;
use tact_policies::retrieval::synthetic::synthetic_catalog;
use tact_policies::retrieval::{RetrievalIndex, ToolSpec, tokenize};

const TOOLS: usize = 100_000;

/// Per-tool term counts, scanned in full for every query: what a retriever without an
/// inverted index does.
struct LinearScan {
    docs: Vec<(HashMap<String, u32>, u32)>,
}

impl LinearScan {
    fn new(tools: &[ToolSpec]) -> LinearScan {
        LinearScan {
            docs: tools
                .iter()
                .map(|t| {
                    let tokens = t.tokens();
                    let mut counts = HashMap::new();
                    for token in &tokens {
                        *counts.entry(token.clone()).or_insert(0) += 1;
                    }
                    (counts, tokens.len() as u32)
                })
                .collect(),
        }
    }

    fn top5(&self, index: &RetrievalIndex, query: &str) -> Vec<(u32, f32)> {
        let mut terms = tokenize(query);
        terms.sort_unstable();
        terms.dedup();
        let idf: Vec<f32> = terms.iter().map(|t| index.bm25().idf(t)).collect();
        let mut scored: Vec<(u32, f32)> = self
            .docs
            .iter()
            .enumerate()
            .filter_map(|(doc, (counts, length))| {
                let score: f32 = terms
                    .iter()
                    .zip(&idf)
                    .filter_map(|(t, &w)| {
                        counts
                            .get(t)
                            .map(|&tf| index.bm25().term_score(w, tf, *length))
                    })
                    .sum();
                (score > 0.0).then_some((doc as u32, score))
            })
            .collect();
        scored.sort_unstable_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        scored.truncate(5);
        scored
    }
}

fn queries(tools: &[ToolSpec]) -> Vec<String> {
    [17usize, 5_000, 42_424, 77_777, 99_998]
        .iter()
        .map(|&i| {
            tools[i]
                .description
                .split(';')
                .next()
                .unwrap_or_default()
                .to_string()
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let policy = Policy::default_policy().unwrap().body.retrieval;
    let tools = synthetic_catalog(TOOLS, 7);
    let index = RetrievalIndex::build(&tools);
    let scan = LinearScan::new(&tools);
    let queries = queries(&tools);

    // Both paths must agree on the top BM25 hit before their speed means anything.
    for q in &queries {
        let indexed = index.rank_bm25(q, 5);
        let scanned = scan.top5(&index, q);
        assert_eq!(indexed[0].0, scanned[0].0, "{q}");
    }

    let mut group = c.benchmark_group("shortlist_100k");
    group.sample_size(20);
    group.bench_function("inverted_index", |b| {
        b.iter(|| {
            for q in &queries {
                black_box(index.shortlist(black_box(q), None, &policy));
            }
        })
    });
    group.bench_function("linear_scan", |b| {
        b.iter(|| {
            for q in &queries {
                black_box(scan.top5(&index, black_box(q)));
            }
        })
    });
    group.finish();

    // A direct ratio, so the figure does not have to be read off two criterion reports.
    let rounds = 10;
    let started = Instant::now();
    for _ in 0..rounds {
        for q in &queries {
            black_box(index.shortlist(q, None, &policy));
        }
    }
    let indexed = started.elapsed() / (rounds * queries.len() as u32);
    let started = Instant::now();
    for _ in 0..rounds {
        for q in &queries {
            black_box(scan.top5(&index, q));
        }
    }
    let scanned = started.elapsed() / (rounds * queries.len() as u32);
    println!(
        "shortlist on {TOOLS} tools: index {indexed:?}/query, linear scan {scanned:?}/query, ratio {:.1}x",
        scanned.as_secs_f64() / indexed.as_secs_f64().max(1e-12)
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
