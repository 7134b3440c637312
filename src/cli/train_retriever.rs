//! `tact train-retriever`: tune the retriever on tool text (issue 15 item 3).
//!
//! On the fit side of the seeded split by id (the one every `train-*` command uses), fits a
//! low-rank adapter on MiniLM's sentence vectors with a contrastive loss (in-batch negatives,
//! the items' listed hard negatives and sampled catalog tools; burn autodiff on CPU), then the
//! weights of a learned fusion over BM25 and cosine evidence on the adapted vectors. Rank and L2
//! of both are chosen on a validation fold of the fit side; the report side is read once, at
//! the end, by the same evaluation `tact eval retrieval` runs (recall@1/@5 at 5, 50, 500 and
//! all tools), stock encoder and BM25 next to the tuned retriever.

use std::path::PathBuf;

use tact_models::retrieval_tuning::AdapterConfig;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The retrieval dev set (JSON Lines: id, query, gold_tools, hard_negatives).
    #[arg(long)]
    pub data: PathBuf,
    /// The tool catalog (JSON Lines) the items' tools come from.
    #[arg(long)]
    pub catalog: PathBuf,
    /// Where to write the adapter artifact (JSON); the fusion weights and the report go beside
    /// it (`.report.json`).
    #[arg(long)]
    pub out: PathBuf,
    /// The artifact's name (a policy names it as `builtin:NAME` once shipped).
    #[arg(long, default_value = "minilm-tool-adapter-v1")]
    pub name: String,
    /// Passes over the fit side per adapter fit.
    #[arg(long, default_value_t = 20)]
    pub epochs: usize,
    /// Catalog tools drawn as extra negatives per batch (besides the batch's gold tools and
    /// the items' hard negatives).
    #[arg(long, default_value_t = AdapterConfig::default().sampled_negatives)]
    pub sampled_negatives: usize,
    /// Softmax temperature over cosines.
    #[arg(long, default_value_t = AdapterConfig::default().temperature)]
    pub temperature: f32,
    /// Seed of the split, the batches and the initial weights.
    #[arg(long, default_value_t = tact_eval::DEFAULT_SEED)]
    pub seed: u64,
    /// Where the stock encoder's vectors are cached between runs.
    #[arg(long, default_value = ".tact/cache")]
    pub cache_dir: PathBuf,
    /// Print the report as one JSON object.
    #[arg(long)]
    pub json: bool,
}

#[cfg(feature = "train")]
pub use fit::run;

/// This build has no trainer: say how to get one.
#[cfg(not(feature = "train"))]
pub fn run(_args: &Args) -> anyhow::Result<i32> {
    anyhow::bail!(
        "this tact was built without the trainer: rebuild with `cargo build --features train` \
         (burn's autodiff; left out of the default build because it slows the decoder)"
    )
}

/// The trainer itself (burn autodiff): only in builds with the `train` feature.
#[cfg(feature = "train")]
mod fit {
    use std::collections::{HashMap, HashSet};

    use anyhow::{Context, bail};
    use serde::Serialize;
    use tact_eval::data::{CatalogRow, RetrievalItem, read_jsonl};
    use tact_eval::retrieval_eval::{EmbeddingLookup, evaluate_retrieval, texts_to_embed};
    use tact_models::retrieval_tuning::{
        AdapterArtifact, AdapterConfig, AdapterWeights, CandidateGroup, TrainingQuery,
        fit_conditional_logit, train_adapter,
    };
    use tact_policies::policy::LearnedFusion;
    use tact_policies::retrieval::{FUSION_FEATURES, RetrievalIndex, ToolSpec};

    use crate::cli::eval::{
        adapted_vectors, emit, fold_of, load_minilm_vectors, load_policy, progress_bar, side_of,
    };
    use crate::cli::suite::Part;

    /// Ranks and L2 strengths tried for the adapter on the validation fold.
    const RANK_GRID: [usize; 3] = [16, 32, 64];
    const ADAPTER_L2_GRID: [f32; 3] = [3e-3, 1e-2, 3e-2];
    /// L2 strengths tried for the fusion weights.
    const FUSION_L2_GRID: [f32; 4] = [1e-4, 1e-3, 1e-2, 1e-1];
    /// Gradient steps of a fusion fit (six weights, a convex loss).
    const FUSION_ITERATIONS: usize = 1500;
    /// Which of the fit side's folds validates the choices.
    const FOLDS: usize = 5;

    use super::Args;

    #[derive(Debug, Serialize)]
    struct GridPoint {
        rank: usize,
        l2: f32,
        /// Whole-catalog recall@5 of the adapted cosine on the validation fold.
        validation_recall_at_5: f64,
    }

    #[derive(Debug, Serialize)]
    struct FusionPoint {
        l2: f32,
        validation_recall_at_1: f64,
        validation_recall_at_5: f64,
    }

    /// The catalog rows of each item's gold tools and hard negatives.
    fn training_queries(
        items: &[&RetrievalItem],
        position: &HashMap<&str, usize>,
        vector_of: &dyn Fn(&str) -> Option<Vec<f32>>,
    ) -> anyhow::Result<Vec<TrainingQuery>> {
        items
            .iter()
            .map(|item| {
                Ok(TrainingQuery {
                    vector: vector_of(&item.query)
                        .with_context(|| format!("no vector for the query of {}", item.id))?,
                    positives: item
                        .gold_tools
                        .iter()
                        .filter_map(|t| position.get(t.as_str()).copied())
                        .collect(),
                    hard_negatives: item
                        .hard_negatives
                        .iter()
                        .filter_map(|t| position.get(t.as_str()).copied())
                        .collect(),
                })
            })
            .collect()
    }

    /// Share of gold tools among the top 5 by cosine over the whole catalog.
    fn cosine_recall_at_5(queries: &[TrainingQuery], tools: &[Vec<f32>]) -> f64 {
        let (mut hit, mut total) = (0usize, 0usize);
        for q in queries {
            let mut scored: Vec<(usize, f32)> = tools
                .iter()
                .enumerate()
                .map(|(i, t)| (i, t.iter().zip(&q.vector).map(|(a, b)| a * b).sum()))
                .collect();
            scored.sort_unstable_by(|a, b| b.1.total_cmp(&a.1));
            let top: HashSet<usize> = scored.iter().take(5).map(|s| s.0).collect();
            total += q.positives.len();
            hit += q.positives.iter().filter(|p| top.contains(p)).count();
        }
        hit as f64 / total.max(1) as f64
    }

    fn adapted_all(
        weights: &AdapterWeights,
        vectors: &[Vec<f32>],
    ) -> anyhow::Result<Vec<Vec<f32>>> {
        vectors
            .iter()
            .map(|v| weights.apply(v).map_err(anyhow::Error::from))
            .collect()
    }

    fn adapt_queries(
        weights: &AdapterWeights,
        queries: &[TrainingQuery],
    ) -> anyhow::Result<Vec<TrainingQuery>> {
        queries
            .iter()
            .map(|q| {
                Ok(TrainingQuery {
                    vector: weights.apply(&q.vector)?,
                    ..q.clone()
                })
            })
            .collect()
    }

    /// The fusion pool of each item over the whole catalog, as candidate groups.
    fn fusion_groups(
        index: &RetrievalIndex,
        items: &[&RetrievalItem],
        queries: &[TrainingQuery],
    ) -> Vec<CandidateGroup> {
        items
            .iter()
            .zip(queries)
            .map(|(item, q)| {
                let rows = index.fusion_rows(&item.query, &q.vector);
                let positives = rows
                    .iter()
                    .enumerate()
                    .filter(|(_, r)| q.positives.contains(&(r.doc as usize)))
                    .map(|(i, _)| i)
                    .collect();
                CandidateGroup {
                    rows: rows.iter().map(|r| r.features.to_vec()).collect(),
                    positives,
                }
            })
            .collect()
    }

    /// Share of gold tools among each group's `k` best rows under `weights`.
    fn fusion_recall_at(
        groups: &[CandidateGroup],
        queries: &[TrainingQuery],
        weights: &[f32],
        k: usize,
    ) -> f64 {
        let (mut hit, mut total) = (0usize, 0usize);
        for (g, q) in groups.iter().zip(queries) {
            let mut order: Vec<(usize, f32)> = g
                .rows
                .iter()
                .enumerate()
                .map(|(i, r)| (i, r.iter().zip(weights).map(|(a, b)| a * b).sum()))
                .collect();
            order.sort_unstable_by(|a, b| b.1.total_cmp(&a.1));
            total += q.positives.len();
            hit += order
                .iter()
                .take(k)
                .filter(|(i, _)| g.positives.contains(i))
                .count();
        }
        hit as f64 / total.max(1) as f64
    }

    pub fn run(args: &Args) -> anyhow::Result<i32> {
        let started = std::time::Instant::now();
        let catalog = read_jsonl::<CatalogRow>(&args.catalog)?;
        let items = read_jsonl::<RetrievalItem>(&args.data)?;
        if catalog.is_empty() || items.is_empty() {
            bail!("train-retriever needs a catalog and items");
        }
        let vectors = load_minilm_vectors(&args.cache_dir, &texts_to_embed(&catalog, &items))?;
        let encoder_id = vectors.embedder_id().to_string();
        let specs: Vec<ToolSpec> = catalog.iter().map(CatalogRow::tool_spec).collect();
        let tool_vectors: Vec<Vec<f32>> = specs
            .iter()
            .map(|s| {
                vectors
                    .vector(&s.embedding_text())
                    .with_context(|| format!("no vector for tool {}", s.tool_id))
            })
            .collect::<anyhow::Result<_>>()?;
        let position: HashMap<&str, usize> = catalog
            .iter()
            .enumerate()
            .map(|(i, r)| (r.tool_id.as_str(), i))
            .collect();
        let fit_items: Vec<&RetrievalItem> = items
            .iter()
            .filter(|i| side_of(args.seed, &i.id) == Part::Fit)
            .collect();
        let report_items: Vec<RetrievalItem> = items
            .iter()
            .filter(|i| side_of(args.seed, &i.id) == Part::Report)
            .cloned()
            .collect();
        let (validation, train): (Vec<&RetrievalItem>, Vec<&RetrievalItem>) = fit_items
            .iter()
            .partition(|i| fold_of(args.seed, &i.id, FOLDS) == 0);
        let vector_of = |text: &str| vectors.vector(text);
        let train_q = training_queries(&train, &position, &vector_of)?;
        let validation_q = training_queries(&validation, &position, &vector_of)?;
        let fit_q = training_queries(&fit_items, &position, &vector_of)?;
        let device = tact_models::BackendKind::DEFAULT.device();
        let base = AdapterConfig {
            epochs: args.epochs,
            sampled_negatives: args.sampled_negatives,
            temperature: args.temperature,
            seed: args.seed,
            ..AdapterConfig::default()
        };

        // The adapter's rank and L2, on the validation fold.
        let stock_validation = cosine_recall_at_5(&validation_q, &tool_vectors);
        let grid_bar = progress_bar(
            (RANK_GRID.len() * ADAPTER_L2_GRID.len()) as u64,
            "adapter grid",
        );
        let mut grid = Vec::new();
        // Each grid point's adapter, kept: the chosen one is also fold 0's out-of-fold adapter
        // below (fitted on the same items with the same seed), so it is not fitted twice.
        let mut fitted: Vec<AdapterWeights> = Vec::new();
        for &rank in &RANK_GRID {
            for &l2 in &ADAPTER_L2_GRID {
                let config = AdapterConfig {
                    rank,
                    l2,
                    ..base.clone()
                };
                let weights =
                    train_adapter(&train_q, &tool_vectors, &config, &device, &mut |_| {})?;
                let recall = cosine_recall_at_5(
                    &adapt_queries(&weights, &validation_q)?,
                    &adapted_all(&weights, &tool_vectors)?,
                );
                grid.push(GridPoint {
                    rank,
                    l2,
                    validation_recall_at_5: recall,
                });
                fitted.push(weights);
                grid_bar.inc(1);
            }
        }
        grid_bar.finish_and_clear();
        let Some((best_at, best)) = grid.iter().enumerate().max_by(|a, b| {
            a.1.validation_recall_at_5
                .total_cmp(&b.1.validation_recall_at_5)
        }) else {
            bail!("no adapter was fitted");
        };
        let chosen = AdapterConfig {
            rank: best.rank,
            l2: best.l2,
            ..base.clone()
        };

        // The fusion weights, on out-of-fold vectors: each fold's pools come from an adapter
        // fitted on the other folds. Pools from an adapter that saw their own queries would
        // overrate the cosine (it was fitted to rank exactly those), and the fusion would learn
        // to trust it more than it deserves on new requests.
        let mut index = RetrievalIndex::build(&specs);
        let mut out_of_fold: Vec<(usize, CandidateGroup, TrainingQuery)> = Vec::new();
        let folds_bar = progress_bar(FOLDS as u64, "fusion folds");
        for fold in 0..FOLDS {
            let (held, rest): (Vec<&RetrievalItem>, Vec<&RetrievalItem>) = fit_items
                .iter()
                .partition(|i| fold_of(args.seed, &i.id, FOLDS) == fold);
            let rest_q = training_queries(&rest, &position, &vector_of)?;
            let held_q = training_queries(&held, &position, &vector_of)?;
            let fold_weights = match fitted.get(best_at) {
                Some(weights) if fold == 0 => weights.clone(),
                _ => train_adapter(&rest_q, &tool_vectors, &chosen, &device, &mut |_| {})?,
            };
            for (doc, v) in adapted_all(&fold_weights, &tool_vectors)?
                .iter()
                .enumerate()
            {
                index.set_embedding("tuned", doc, v);
            }
            let held_adapted = adapt_queries(&fold_weights, &held_q)?;
            let groups = fusion_groups(&index, &held, &held_adapted);
            out_of_fold.extend(
                groups
                    .into_iter()
                    .zip(held_adapted)
                    .map(|(g, q)| (fold, g, q)),
            );
            folds_bar.inc(1);
        }
        folds_bar.finish_and_clear();
        let split = |validation_fold: bool| -> (Vec<CandidateGroup>, Vec<TrainingQuery>) {
            out_of_fold
                .iter()
                .filter(|(fold, _, _)| (*fold == 0) == validation_fold)
                .map(|(_, g, q)| (g.clone(), q.clone()))
                .unzip()
        };
        let (train_groups, _) = split(false);
        let (validation_groups, validation_adapted) = split(true);
        let mut fusion_grid = Vec::new();
        for &l2 in &FUSION_L2_GRID {
            let w = fit_conditional_logit(
                &train_groups,
                FUSION_FEATURES.len(),
                l2,
                FUSION_ITERATIONS,
                &device,
            )?;
            fusion_grid.push(FusionPoint {
                l2,
                validation_recall_at_1: fusion_recall_at(
                    &validation_groups,
                    &validation_adapted,
                    &w,
                    1,
                ),
                validation_recall_at_5: fusion_recall_at(
                    &validation_groups,
                    &validation_adapted,
                    &w,
                    5,
                ),
            });
        }
        let fusion_l2 = fusion_grid
            .iter()
            .max_by(|a, b| {
                (a.validation_recall_at_5 + a.validation_recall_at_1)
                    .total_cmp(&(b.validation_recall_at_5 + b.validation_recall_at_1))
            })
            .map_or(1e-3, |p| p.l2);
        let all_groups: Vec<CandidateGroup> =
            out_of_fold.iter().map(|(_, g, _)| g.clone()).collect();
        let fusion_weights = fit_conditional_logit(
            &all_groups,
            FUSION_FEATURES.len(),
            fusion_l2,
            FUSION_ITERATIONS,
            &device,
        )?;

        // Final fits on the whole fit side.
        let epochs_bar = progress_bar(chosen.epochs as u64, "adapter");
        let weights = train_adapter(&fit_q, &tool_vectors, &chosen, &device, &mut |_| {
            epochs_bar.inc(1)
        })?;
        epochs_bar.finish_and_clear();
        let artifact = AdapterArtifact::new(
            &args.name,
            &encoder_id,
            chosen.clone(),
            format!(
                "{} ({} fit-side items of {}, seed {})",
                args.data.display(),
                fit_items.len(),
                items.len(),
                args.seed
            ),
            weights,
        );
        let fusion = LearnedFusion {
            features: FUSION_FEATURES.iter().map(|s| s.to_string()).collect(),
            weights: fusion_weights,
        };

        // The report side, read once: the stock retriever and the tuned one.
        let mut policy = load_policy(None)?.body.retrieval;
        policy.adapter = None;
        policy.fusion = None;
        let stock_lookup = EmbeddingLookup {
            embedder_id: &encoder_id,
            cache: vectors.cache(),
        };
        let bar = progress_bar(2 * report_items.len() as u64, "report side");
        let (stock, _) = evaluate_retrieval(
            &catalog,
            &report_items,
            &policy,
            Some(stock_lookup),
            args.seed,
            &mut |_| bar.inc(1),
        )?;
        let (tuned_id, tuned_cache) = adapted_vectors(
            &encoder_id,
            vectors.cache(),
            artifact.clone(),
            &texts_to_embed(&catalog, &report_items),
        )?;
        let mut tuned_policy = policy.clone();
        tuned_policy.fusion = Some(fusion.clone());
        let (tuned, _) = evaluate_retrieval(
            &catalog,
            &report_items,
            &tuned_policy,
            Some(EmbeddingLookup {
                embedder_id: &tuned_id,
                cache: &tuned_cache,
            }),
            args.seed,
            &mut |_| bar.inc(1),
        )?;
        bar.finish_and_clear();

        std::fs::write(&args.out, artifact.to_json()?)
            .with_context(|| format!("writing {}", args.out.display()))?;
        let report = serde_json::json!({
            "artifact": args.out.display().to_string(),
            "name": args.name,
            "encoder": encoder_id,
            "weights_sha256": artifact.weights_sha256,
            "fit_items": fit_items.len(),
            "report_items": report_items.len(),
            "validation_items": validation.len(),
            "seed": args.seed,
            "stock_validation_recall_at_5": stock_validation,
            "adapter_grid": grid,
            "chosen": chosen,
            "fusion_grid": fusion_grid,
            "fusion": fusion,
            "report": { "stock": stock, "tuned": tuned },
            "seconds": started.elapsed().as_secs_f64(),
        });
        let report_path = args.out.with_extension("report.json");
        std::fs::write(&report_path, serde_json::to_string_pretty(&report)?)
            .with_context(|| format!("writing {}", report_path.display()))?;
        emit(&report, args.json)
    }
}
