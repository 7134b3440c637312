//! Retrieval evaluation: rank nested random sub-catalogs and score recall@1, recall@5 and
//! NDCG@5 against the gold tools (strict) and gold names (lenient).
//!
//! Each item gets its own catalogs of 5, 50 and 500 tools: its gold tools and hard negatives,
//! then the rest of the catalog in an order shuffled by (seed, item id). Taking prefixes of one
//! shuffled order makes the catalogs nested. BM25 statistics (IDF, average length) are those
//! of each sub-catalog, as a deployment with that many tools would see.

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};

use super::EvalError;
use super::data::{CatalogRow, RetrievalItem};
use super::metrics::{mean, ndcg_at_k, recall_at_k};
use super::rng::SplitMix64;
use tact_policies::policy::RetrievalPolicy;
use tact_policies::retrieval::{
    ClauseQuery, EmbeddingCache, IndexedTool, RankingVariant, RetrievalIndex, Shortlist, ToolSpec,
    clause_queries, cut_shortlist, request_clauses,
};

/// Catalog sizes measured, by report key. `usize::MAX` is the whole catalog.
pub const CATALOG_SIZES: [(&str, usize); 4] = [
    ("catalog_5", 5),
    ("catalog_50", 50),
    ("catalog_500", 500),
    ("catalog_all", usize::MAX),
];

/// Ranking quality at one catalog size.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct RankMetrics {
    pub recall_at_1: f64,
    pub recall_at_5: f64,
    pub ndcg_at_5: f64,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct SizeMetrics {
    /// Against `gold_tools` (the exact tool ids).
    pub gold_tools: RankMetrics,
    /// Against `gold_names`: any tool of the right name counts.
    pub gold_names: RankMetrics,
    /// Mean number of tools actually ranked (more than nominal when an item has many hard
    /// negatives, fewer when the catalog is smaller).
    pub mean_catalog_size: f64,
}

/// The policy's shortlist (depth cut and floors) at one catalog size.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct ShortlistMetrics {
    /// Share of gold tools on the shortlist.
    pub recall: f64,
    pub mean_depth: f64,
    pub none_fits_rate: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RetrievalReport {
    pub n: usize,
    pub seed: u64,
    pub catalog_tools: usize,
    /// Encoder of the embedding variants; `None` when the run was BM25-only.
    pub embedder: Option<String>,
    pub bm25: BTreeMap<String, SizeMetrics>,
    pub embedding: Option<BTreeMap<String, SizeMetrics>>,
    pub fused: Option<BTreeMap<String, SizeMetrics>>,
    /// Shortlists by the policy (fused when embeddings exist, else BM25-only).
    pub shortlist: BTreeMap<String, ShortlistMetrics>,
}

/// Per-item numbers, keyed like `fused.catalog_all.gold_tools.recall_at_5`, for A/B tests.
pub type ItemScores = BTreeMap<String, f64>;

/// Embeddings available to the evaluation: the encoder id and a cache holding the vectors of
/// every catalog text and query (the caller fills it; evaluation never calls a model).
#[derive(Debug, Clone, Copy)]
pub struct EmbeddingLookup<'a> {
    pub embedder_id: &'a str,
    pub cache: &'a EmbeddingCache,
}

/// One item's fused ranking over the whole catalog, for reading what a miss lost to
/// (`tact eval retrieval --rankings FILE`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ItemRanking {
    pub id: String,
    pub query: String,
    pub gold_tools: Vec<String>,
    /// 1-based rank of each gold tool within `ranked`, `None` below its depth.
    pub gold_ranks: Vec<Option<usize>>,
    pub ranked: Vec<RankedTool>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RankedTool {
    pub tool_id: String,
    pub name: String,
    pub fused: f32,
    pub bm25: f32,
    pub cosine: Option<f32>,
}

/// The whole catalog as one index, with the lookup's vectors attached.
fn whole_catalog_index(
    specs: &[ToolSpec],
    embeddings: Option<EmbeddingLookup<'_>>,
) -> (RetrievalIndex, Vec<IndexedTool>, Vec<Vec<String>>) {
    let tokens: Vec<Vec<String>> = specs.iter().map(ToolSpec::tokens).collect();
    let indexed: Vec<IndexedTool> = specs
        .iter()
        .map(|t| IndexedTool {
            tool_id: t.tool_id.clone(),
            name: t.name.clone(),
            embedding_text: t.embedding_text(),
        })
        .collect();
    let mut whole = RetrievalIndex::from_tokens(indexed.clone(), &tokens);
    if let Some(e) = embeddings {
        whole.attach_cached(e.embedder_id, e.cache);
    }
    (whole, indexed, tokens)
}

/// Each item's ranking over the whole catalog (fused with vectors, else BM25), `depth` deep.
pub fn whole_catalog_rankings(
    catalog: &[CatalogRow],
    items: &[RetrievalItem],
    policy: &RetrievalPolicy,
    embeddings: Option<EmbeddingLookup<'_>>,
    depth: usize,
) -> Vec<ItemRanking> {
    let specs: Vec<ToolSpec> = catalog.iter().map(CatalogRow::tool_spec).collect();
    let (whole, _, _) = whole_catalog_index(&specs, embeddings);
    let variant = if embeddings.is_some() {
        RankingVariant::Fused
    } else {
        RankingVariant::Bm25
    };
    items
        .iter()
        .map(|item| {
            let query_vector = embeddings.and_then(|e| e.cache.get(e.embedder_id, &item.query));
            let clauses = cached_clauses(&item.query, policy, embeddings);
            let ranked: Vec<RankedTool> = whole
                .ranking_with_clauses(
                    &item.query,
                    query_vector.map(Vec::as_slice),
                    &clauses,
                    variant,
                    policy,
                    depth,
                )
                .into_iter()
                .map(|t| RankedTool {
                    tool_id: t.tool_id,
                    name: t.name,
                    fused: t.fused,
                    bm25: t.bm25,
                    cosine: t.cosine,
                })
                .collect();
            ItemRanking {
                id: item.id.clone(),
                query: item.query.clone(),
                gold_ranks: item
                    .gold_tools
                    .iter()
                    .map(|g| ranked.iter().position(|t| &t.tool_id == g).map(|i| i + 1))
                    .collect(),
                gold_tools: item.gold_tools.clone(),
                ranked,
            }
        })
        .collect()
}

/// Run the retrieval evaluation. `progress` is called after each item.
pub fn evaluate_retrieval(
    catalog: &[CatalogRow],
    items: &[RetrievalItem],
    policy: &RetrievalPolicy,
    embeddings: Option<EmbeddingLookup<'_>>,
    seed: u64,
    progress: &mut dyn FnMut(usize),
) -> Result<(RetrievalReport, Vec<ItemScores>), EvalError> {
    let specs: Vec<ToolSpec> = catalog.iter().map(CatalogRow::tool_spec).collect();
    let (whole, indexed, tokens) = whole_catalog_index(&specs, embeddings);
    let position: HashMap<&str, usize> = catalog
        .iter()
        .enumerate()
        .map(|(i, row)| (row.tool_id.as_str(), i))
        .collect();
    let vectors: Vec<Option<&Vec<f32>>> = indexed
        .iter()
        .map(|t| embeddings.and_then(|e| e.cache.get(e.embedder_id, &t.embedding_text)))
        .collect();

    let variants: Vec<RankingVariant> = if embeddings.is_some() {
        vec![
            RankingVariant::Bm25,
            RankingVariant::Embedding,
            RankingVariant::Fused,
        ]
    } else {
        vec![RankingVariant::Bm25]
    };
    let shortlist_variant = if embeddings.is_some() {
        RankingVariant::Fused
    } else {
        RankingVariant::Bm25
    };

    let mut per_item: Vec<ItemScores> = Vec::with_capacity(items.len());
    for (done, item) in items.iter().enumerate() {
        let mut required: Vec<usize> = Vec::new();
        for id in item.gold_tools.iter().chain(&item.hard_negatives) {
            let &i = position.get(id.as_str()).ok_or_else(|| {
                EvalError::Invalid(format!(
                    "item {}: tool {id:?} is not in the catalog",
                    item.id
                ))
            })?;
            if !required.contains(&i) {
                required.push(i);
            }
        }
        let mut others: Vec<usize> = (0..catalog.len())
            .filter(|i| !required.contains(i))
            .collect();
        SplitMix64::for_label(seed, &item.id).shuffle(&mut others);
        let query_vector = embeddings.and_then(|e| e.cache.get(e.embedder_id, &item.query));
        let clauses = cached_clauses(&item.query, policy, embeddings);

        let mut scores = ItemScores::new();
        for (size_key, size) in CATALOG_SIZES {
            let sub_index;
            let index = if size >= catalog.len() {
                &whole
            } else {
                let take = size.saturating_sub(required.len());
                let members: Vec<usize> = required
                    .iter()
                    .copied()
                    .chain(others.iter().copied().take(take))
                    .collect();
                let member_tokens: Vec<&Vec<String>> =
                    members.iter().map(|&i| &tokens[i]).collect();
                let mut index = RetrievalIndex::from_tokens(
                    members.iter().map(|&i| indexed[i].clone()).collect(),
                    &member_tokens,
                );
                if let Some(e) = embeddings {
                    for (doc, &i) in members.iter().enumerate() {
                        if let Some(v) = vectors[i] {
                            index.set_embedding(e.embedder_id, doc, v);
                        }
                    }
                }
                sub_index = index;
                &sub_index
            };
            scores.insert(format!("{size_key}.size"), index.len() as f64);
            for &variant in &variants {
                let ranked = index.ranking_with_clauses(
                    &item.query,
                    query_vector.map(Vec::as_slice),
                    &clauses,
                    variant,
                    policy,
                    5,
                );
                let ids: Vec<&str> = ranked.iter().map(|t| t.tool_id.as_str()).collect();
                let names: Vec<&str> = ranked.iter().map(|t| t.name.as_str()).collect();
                let gold_names = if item.gold_names.is_empty() {
                    names_of(&item.gold_tools)
                } else {
                    item.gold_names.clone()
                };
                let prefix = format!("{}.{size_key}", variant_key(variant));
                for (gold_key, ranked, gold) in [
                    ("gold_tools", &ids, &item.gold_tools),
                    ("gold_names", &names, &gold_names),
                ] {
                    scores.insert(
                        format!("{prefix}.{gold_key}.recall_at_1"),
                        recall_at_k(ranked, gold, 1),
                    );
                    scores.insert(
                        format!("{prefix}.{gold_key}.recall_at_5"),
                        recall_at_k(ranked, gold, 5),
                    );
                    scores.insert(
                        format!("{prefix}.{gold_key}.ndcg_at_5"),
                        ndcg_at_k(ranked, gold, 5),
                    );
                }
                if variant == shortlist_variant {
                    let shortlist = cut_shortlist(ranked, policy);
                    let listed: Vec<&str> = shortlist
                        .tools()
                        .iter()
                        .map(|t| t.tool_id.as_str())
                        .collect();
                    scores.insert(
                        format!("shortlist.{size_key}.recall"),
                        recall_at_k(&listed, &item.gold_tools, 5),
                    );
                    scores.insert(format!("shortlist.{size_key}.depth"), listed.len() as f64);
                    scores.insert(
                        format!("shortlist.{size_key}.none_fits"),
                        f64::from(u8::from(matches!(shortlist, Shortlist::NoneFits { .. }))),
                    );
                }
            }
        }
        per_item.push(scores);
        progress(done + 1);
    }

    let average = |key: &str| {
        mean(
            &per_item
                .iter()
                .filter_map(|s| s.get(key).copied())
                .collect::<Vec<_>>(),
        )
    };
    let rank = |prefix: &str| RankMetrics {
        recall_at_1: average(&format!("{prefix}.recall_at_1")),
        recall_at_5: average(&format!("{prefix}.recall_at_5")),
        ndcg_at_5: average(&format!("{prefix}.ndcg_at_5")),
    };
    let table = |variant: RankingVariant| -> BTreeMap<String, SizeMetrics> {
        CATALOG_SIZES
            .iter()
            .map(|(size_key, _)| {
                let prefix = format!("{}.{size_key}", variant_key(variant));
                (
                    size_key.to_string(),
                    SizeMetrics {
                        gold_tools: rank(&format!("{prefix}.gold_tools")),
                        gold_names: rank(&format!("{prefix}.gold_names")),
                        mean_catalog_size: average(&format!("{size_key}.size")),
                    },
                )
            })
            .collect()
    };
    let shortlist = CATALOG_SIZES
        .iter()
        .map(|(size_key, _)| {
            (
                size_key.to_string(),
                ShortlistMetrics {
                    recall: average(&format!("shortlist.{size_key}.recall")),
                    mean_depth: average(&format!("shortlist.{size_key}.depth")),
                    none_fits_rate: average(&format!("shortlist.{size_key}.none_fits")),
                },
            )
        })
        .collect();
    let report = RetrievalReport {
        n: items.len(),
        seed,
        catalog_tools: catalog.len(),
        embedder: embeddings.map(|e| e.embedder_id.to_string()),
        bm25: table(RankingVariant::Bm25),
        embedding: embeddings.map(|_| table(RankingVariant::Embedding)),
        fused: embeddings.map(|_| table(RankingVariant::Fused)),
        shortlist,
    };
    Ok((report, per_item))
}

pub fn variant_key(variant: RankingVariant) -> &'static str {
    match variant {
        RankingVariant::Bm25 => "bm25",
        RankingVariant::Embedding => "embedding",
        RankingVariant::Fused => "fused",
    }
}

/// `name#2` → `name`: tool ids carry a suffix where one name has several descriptions.
fn names_of(tool_ids: &[String]) -> Vec<String> {
    tool_ids
        .iter()
        .map(|id| {
            id.split_once('#')
                .map_or(id.as_str(), |(name, _)| name)
                .to_string()
        })
        .collect()
}

/// Every text the retrieval evaluation would embed: catalog descriptions, queries and the
/// queries' clauses ([`request_clauses`]). The caller embeds these (through the cache) before
/// calling [`evaluate_retrieval`].
pub fn texts_to_embed(catalog: &[CatalogRow], items: &[RetrievalItem]) -> Vec<String> {
    catalog
        .iter()
        .map(|row| row.tool_spec().embedding_text())
        .chain(items.iter().map(|item| item.query.clone()))
        .chain(items.iter().flat_map(|item| request_clauses(&item.query)))
        .collect()
}

/// The query's clauses the policy ranks, with their vectors from the lookup, as the job's
/// retriever ranks them.
fn cached_clauses(
    query: &str,
    policy: &RetrievalPolicy,
    embeddings: Option<EmbeddingLookup<'_>>,
) -> Vec<ClauseQuery> {
    let Some(e) = embeddings else {
        return Vec::new();
    };
    clause_queries(query, policy, |clause| {
        e.cache.get(e.embedder_id, clause).cloned()
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use tact_policies::policy::Policy;
    use tact_policies::retrieval::{Embedder, HashingEmbedder};

    fn row(id: &str, description: &str) -> CatalogRow {
        CatalogRow {
            tool_id: id.into(),
            name: id.split('#').next().unwrap().into(),
            description: description.into(),
            parameters: None,
            source: "t".into(),
        }
    }

    fn catalog() -> Vec<CatalogRow> {
        let mut rows = vec![
            row("weather_forecast", "weather forecast for a city"),
            row("read_file", "read a file from disk"),
            row("read_file#2", "read a remote file over http"),
        ];
        for i in 0..60 {
            rows.push(row(
                &format!("filler_{i}"),
                &format!("unrelated gadget number {i}"),
            ));
        }
        rows
    }

    fn item(id: &str, query: &str, gold: &str, negatives: &[&str]) -> RetrievalItem {
        RetrievalItem {
            id: id.into(),
            query: query.into(),
            gold_tools: vec![gold.into()],
            gold_names: vec![],
            hard_negatives: negatives.iter().map(|s| s.to_string()).collect(),
            category: String::new(),
        }
    }

    #[test]
    fn whole_catalog_rankings_say_where_each_gold_tool_fell() {
        let policy = Policy::default_policy().unwrap().body.retrieval;
        let items = vec![
            item("c", "read a file", "read_file#2", &["read_file"]),
            item("z", "quantum chromodynamics", "weather_forecast", &[]),
        ];
        let rankings = whole_catalog_rankings(&catalog(), &items, &policy, None, 2);
        assert_eq!(rankings.len(), 2);
        // "read a file": the local reader first, its remote twin (the gold tool) second.
        assert_eq!(rankings[0].ranked[0].tool_id, "read_file");
        assert_eq!(rankings[0].gold_ranks, vec![Some(2)]);
        assert!(rankings[0].ranked.len() <= 2);
        // No word in common: the gold tool is not within the depth.
        assert_eq!(rankings[1].gold_ranks, vec![None]);
    }

    #[test]
    fn easy_items_score_full_recall_and_lenient_names_forgive_the_twin() {
        let policy = Policy::default_policy().unwrap().body.retrieval;
        let items = vec![
            item("a", "weather forecast in Paris", "weather_forecast", &[]),
            item(
                "b",
                "read the remote file over http",
                "read_file#2",
                &["read_file"],
            ),
            item("c", "read a file", "read_file#2", &["read_file"]),
        ];
        let (report, per_item) =
            evaluate_retrieval(&catalog(), &items, &policy, None, 7, &mut |_| {}).unwrap();
        assert_eq!(report.n, 3);
        assert!(report.embedding.is_none());
        let all = report.bm25["catalog_all"];
        assert_eq!(all.gold_tools.recall_at_5, 1.0);
        // Item c: "read a file" prefers the local reader; strict recall@1 misses, lenient hits.
        assert_eq!(per_item[2]["bm25.catalog_all.gold_tools.recall_at_1"], 0.0);
        assert_eq!(per_item[2]["bm25.catalog_all.gold_names.recall_at_1"], 1.0);
        assert_eq!(report.bm25["catalog_5"].mean_catalog_size, 5.0);
        assert_eq!(report.bm25["catalog_all"].mean_catalog_size, 63.0);
    }

    #[test]
    fn embedding_variants_appear_when_vectors_are_supplied() {
        let policy = Policy::default_policy().unwrap().body.retrieval;
        let items = vec![item(
            "a",
            "weather forecast in Paris",
            "weather_forecast",
            &[],
        )];
        let embedder = HashingEmbedder { dimensions: 64 };
        let mut cache = EmbeddingCache::default();
        cache
            .fill(
                &embedder,
                &texts_to_embed(&catalog(), &items),
                32,
                &mut |_| {},
            )
            .unwrap();
        let lookup = EmbeddingLookup {
            embedder_id: &embedder.id(),
            cache: &cache,
        };
        let (report, _) =
            evaluate_retrieval(&catalog(), &items, &policy, Some(lookup), 7, &mut |_| {}).unwrap();
        assert_eq!(
            report.fused.as_ref().unwrap()["catalog_all"]
                .gold_tools
                .recall_at_1,
            1.0
        );
        assert_eq!(
            report.embedding.as_ref().unwrap()["catalog_50"]
                .gold_tools
                .recall_at_5,
            1.0
        );
    }

    #[test]
    fn a_multi_task_item_is_ranked_with_its_clauses_as_the_job_ranks_it() {
        let mut items = vec![item(
            "m",
            "First, show the weather forecast for the city this week, the weather forecast for \
             tomorrow. Then, read a remote file over http.",
            "weather_forecast",
            &[],
        )];
        items[0].gold_tools.push("read_file#2".into());
        let texts = texts_to_embed(&catalog(), &items);
        for clause in [
            "show the weather forecast for the city this week, the weather forecast for \
             tomorrow.",
            "read a remote file over http.",
        ] {
            assert!(texts.iter().any(|t| t == clause), "{clause} is embedded");
        }
        let embedder = HashingEmbedder { dimensions: 64 };
        let mut cache = EmbeddingCache::default();
        cache.fill(&embedder, &texts, 32, &mut |_| {}).unwrap();
        let lookup = EmbeddingLookup {
            embedder_id: &embedder.id(),
            cache: &cache,
        };
        let mut with_clauses = Policy::default_policy().unwrap().body.retrieval;
        assert!(with_clauses.clause_margin.is_some());
        // BM25's share of the pool's best only, and no margin: in its own clause the remote
        // reader is the best match, in the whole request the weather words outweigh it.
        if let Some(fusion) = with_clauses.fusion.as_mut() {
            fusion.weights = vec![5.0, 0.0, 0.0, 0.0, 0.0, 0.0];
        }
        with_clauses.clause_margin = Some(0.0);
        let mut whole_only = with_clauses.clone();
        whole_only.clause_margin = None;
        let ranked = |policy: &RetrievalPolicy| {
            whole_catalog_rankings(&catalog(), &items, policy, Some(lookup), 3)
                .remove(0)
                .ranked
        };
        let (a, b) = (ranked(&with_clauses), ranked(&whole_only));
        // Ranked as a whole the request rates the remote reader above the forecast (more of
        // its words are rare); the forecast's own clause rates it the best match (share 1,
        // times 5, no margin), and the forecast carries that clause's evidence.
        let of = |ranked: &[RankedTool], id: &str| {
            ranked.iter().find(|t| t.tool_id == id).cloned().unwrap()
        };
        assert_eq!(b[0].tool_id, "read_file#2");
        assert!(of(&b, "weather_forecast").fused < 4.0);
        assert_eq!(of(&a, "weather_forecast").fused, 5.0);
        assert_ne!(
            of(&a, "weather_forecast").cosine,
            of(&b, "weather_forecast").cosine
        );
        assert_eq!(of(&a, "read_file#2"), of(&b, "read_file#2"));
        let (_, per_item) = evaluate_retrieval(
            &catalog(),
            &items,
            &with_clauses,
            Some(lookup),
            7,
            &mut |_| {},
        )
        .unwrap();
        assert_eq!(per_item[0]["fused.catalog_all.gold_tools.recall_at_5"], 1.0);
    }

    #[test]
    fn unknown_gold_tool_is_an_error() {
        let policy = Policy::default_policy().unwrap().body.retrieval;
        let items = vec![item("a", "q", "nope", &[])];
        assert!(evaluate_retrieval(&catalog(), &items, &policy, None, 7, &mut |_| {}).is_err());
    }
}
