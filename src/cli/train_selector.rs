//! `tact train-selector`: fit the learned selector combiner (`policies::selector`) on the fit
//! side of the seeded split by id (the one `tact tune` and `tact train-probe` use), with its
//! L2 strength chosen by cross-validation there, and report on the report side — the
//! combiner's tool accuracy end to end (the model finishing the choice with the combiner's
//! prior and binding the winner's arguments) next to the model alone and the baselines (first,
//! random, BM25's top pick, the cosine's top pick).
//!
//! Candidates are each item's own tools (1–5). The model's name log-likelihoods come from the
//! same `choose` call the selection evaluation makes, cached with its scores.

use std::collections::BTreeMap;
use std::path::PathBuf;
use tact_models::request_values::BINDER_EDITION;

use anyhow::{Context, bail};
use serde::Serialize;
use tact_eval::cache::{ResultCache, cache_key};
use tact_eval::data::SelectionItem;
use tact_eval::rng::SplitMix64;
use tact_eval::selection_eval::{
    Choice, argument_outcomes, call_is_exact, embedding_text_of, selection_evidence,
};
use tact_eval::trigger_eval::{prompt_digest, prompt_from};
use tact_policies::selector::{
    COMBINER_FORMAT, FEATURE_NAMES, FEATURES, SelectorCombiner, TrainingItem, accuracy, features,
    fit, with_model_scores,
};

use super::eval::{
    CommonArgs, LazyModel, ModelArgs, emit, fold_of, load_minilm_vectors, load_sample,
    progress_bar, side_of,
};
use super::suite::Part;

/// L2 strengths tried by cross-validation.
const L2_GRID: [f32; 5] = [1e-4, 1e-3, 1e-2, 1e-1, 1.0];
/// Gradient steps of each fit (the loss is convex and the features few).
const ITERATIONS: usize = 500;

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub common: CommonArgs,
    #[command(flatten)]
    pub model: ModelArgs,
    /// Where to write the combiner (JSON); its report goes beside it (`.report.json`).
    #[arg(long)]
    pub out: PathBuf,
    /// Cross-validation folds on the fit side.
    #[arg(long, default_value_t = 5)]
    pub folds: usize,
}

/// The model's choice among an item's own tools, with every name's log-likelihood.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
struct ScoredChoice {
    choice: Choice,
    passes: u64,
    /// Name log-likelihoods, best first (as the model returns them).
    scores: Vec<(String, f32)>,
}

struct Row {
    id: String,
    item: SelectionItem,
    rows: Vec<[f32; FEATURES]>,
    gold: Option<usize>,
    model: ScoredChoice,
    /// The model's log-likelihood of each tool's name, in the offered order.
    name_scores: Vec<f32>,
}

#[derive(Debug, Serialize)]
struct CvPoint {
    l2: f32,
    /// Out-of-fold tool accuracy over the fit side.
    accuracy: f64,
}

#[derive(Debug, Serialize)]
struct Figures {
    tool: f64,
    args_exact: Option<f64>,
}

#[derive(Debug, Serialize)]
struct TrainReport {
    model: String,
    data: String,
    seed: u64,
    fit_n: usize,
    report_n: usize,
    folds: usize,
    cross_validation: Vec<CvPoint>,
    l2: f32,
    weights: BTreeMap<String, f32>,
    /// Report side, each item's own tools.
    report: BTreeMap<String, Figures>,
    /// The combiner's calls with the gold tool, argument by argument, by JSON Schema type:
    /// (right, total, share).
    args_by_type: BTreeMap<String, (usize, usize, f64)>,
    /// Report items where the combiner's pick is worse than BM25's top pick / better.
    below_bm25: usize,
    above_bm25: usize,
    out: String,
}

pub fn run(args: Args) -> anyhow::Result<i32> {
    if args.common.part.is_some() {
        bail!(
            "train-selector uses both sides of the split (fit to train, report to report); drop --part"
        );
    }
    if args.folds < 2 {
        bail!("--folds must be at least 2");
    }
    let common = &args.common;
    let items: Vec<SelectionItem> = load_sample(&common.data, common.limit, common.seed)?;
    let Some(mut lazy) = LazyModel::new(&args.model.model)? else {
        bail!("train-selector needs a model (its name scores are a feature)");
    };
    let mut cache = ResultCache::open(&common.cache_dir.join("choices.jsonl"))?;
    let mut texts: Vec<String> = Vec::new();
    for item in &items {
        texts.push(item.query.clone());
        texts.extend(item.tools.iter().map(embedding_text_of));
    }
    let vectors = load_minilm_vectors(&common.cache_dir, &texts)?;
    let vector_of = |text: &str| vectors.vector(text);

    let bar = progress_bar(items.len() as u64, "model name scores");
    let mut rows = Vec::with_capacity(items.len());
    for item in items {
        bar.inc(1);
        let set = item.tools.clone();
        if set.is_empty() {
            continue;
        }
        let (prompt, candidates) = prompt_from(&item.messages, &item.query, &set);
        // The arguments depend on the binder's edition as much as on the prompt.
        let digest = prompt_digest(&prompt, &candidates) + BINDER_EDITION;
        let key = cache_key("choice+scores/as_given", lazy.cache_id(), &item.id);
        let scored = match cache.get::<ScoredChoice>(&key, &digest) {
            Some(hit) => hit,
            None => {
                let model = lazy.get()?;
                let choice = model
                    .choose(&prompt, &candidates)
                    .with_context(|| format!("item {}", item.id))?;
                let scored = ScoredChoice {
                    choice: Choice {
                        name: choice.name,
                        args: choice.args,
                    },
                    passes: choice.cost.forward_passes,
                    scores: choice.scores,
                };
                cache.put(&key, &digest, &scored)?;
                scored
            }
        };
        let evidence = selection_evidence(&item.query, &set, &vector_of);
        let mut feature_rows = features(&item.query, &evidence);
        let name_scores: Vec<f32> = set
            .iter()
            .map(|t| {
                scored
                    .scores
                    .iter()
                    .find(|(n, _)| *n == t.name)
                    .map_or(f32::NEG_INFINITY, |(_, s)| *s)
            })
            .collect();
        with_model_scores(&mut feature_rows, &name_scores);
        let gold = set.iter().position(|t| t.name == item.gold.name);
        rows.push(Row {
            id: item.id.clone(),
            item,
            rows: feature_rows,
            gold,
            model: scored,
            name_scores,
        });
    }
    bar.finish_and_clear();

    let (fit_rows, report_rows): (Vec<&Row>, Vec<&Row>) = rows
        .iter()
        .partition(|r| side_of(common.seed, &r.id) == Part::Fit);
    if fit_rows.len() < args.folds * 2 || report_rows.is_empty() {
        bail!(
            "too few items to train and report ({} fit, {} report)",
            fit_rows.len(),
            report_rows.len()
        );
    }
    let training = |rows: &[&Row]| -> Vec<TrainingItem> {
        rows.iter()
            .filter_map(|r| {
                r.gold.map(|gold| TrainingItem {
                    rows: r.rows.clone(),
                    gold,
                })
            })
            .collect()
    };
    let fold_of = |id: &str| fold_of(common.seed, id, args.folds);
    let mut cross_validation = Vec::new();
    let mut best: Option<(f32, f64)> = None;
    for l2 in L2_GRID {
        let mut right = 0.0;
        let mut total = 0usize;
        for fold in 0..args.folds {
            let (held, train): (Vec<&Row>, Vec<&Row>) =
                fit_rows.iter().partition(|r| fold_of(&r.id) == fold);
            let w = fit(&training(&train), l2, ITERATIONS);
            let held_items = training(&held);
            right += accuracy(&held_items, &w) * held_items.len() as f64;
            total += held_items.len();
        }
        let acc = right / total.max(1) as f64;
        cross_validation.push(CvPoint { l2, accuracy: acc });
        // Ties go to the stronger penalty.
        if best.is_none_or(|(_, a)| acc >= a) {
            best = Some((l2, acc));
        }
    }
    let Some((l2, _)) = best else {
        bail!("cross-validation produced nothing");
    };
    let weights = fit(&training(&fit_rows), l2, ITERATIONS);
    let model_id = {
        let model = lazy.get()?;
        model.id()
    };
    let combiner = SelectorCombiner {
        format: COMBINER_FORMAT,
        model_id: model_id.clone(),
        feature_names: FEATURE_NAMES.iter().map(|s| (*s).to_owned()).collect(),
        weights: weights.to_vec(),
        l2,
    };

    // The report side, end to end: the model finishes each choice with the combiner's prior
    // and binds the winner's arguments.
    let bar = progress_bar(report_rows.len() as u64, "report side, with the combiner");
    let mut outcomes: BTreeMap<&str, Vec<(f64, Option<f64>)>> = BTreeMap::new();
    let (mut below_bm25, mut above_bm25) = (0, 0);
    let mut by_type: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for r in &report_rows {
        bar.inc(1);
        let set = &r.item.tools;
        let gold = &r.item.gold;
        let (prompt, candidates) = prompt_from(&r.item.messages, &r.item.query, set);
        let prior = combiner.prior(&r.rows.iter().map(|row| Some(*row)).collect::<Vec<_>>());
        let digest = prompt_digest(&prompt, &candidates)
            + BINDER_EDITION
            + &serde_json::to_string(&prior).unwrap_or_default();
        let key = cache_key("choice+prior/as_given", lazy.cache_id(), &r.id);
        // Where the combiner keeps the model's own pick, the model would bind the same
        // arguments to the same prompt again: its cached choice is the answer.
        let keeps_the_models_pick = prior
            .combine(&r.name_scores)
            .and_then(|i| set.get(i))
            .is_some_and(|t| t.name == r.model.choice.name);
        let combined = match cache.get::<Choice>(&key, &digest) {
            Some(hit) => hit,
            None if keeps_the_models_pick => r.model.choice.clone(),
            None => {
                let model = lazy.get()?;
                let choice = model
                    .choose_with_prior(&prompt, &candidates, Some(&prior))
                    .with_context(|| format!("item {}", r.id))?;
                let choice = Choice {
                    name: choice.name,
                    args: choice.args,
                };
                cache.put(&key, &digest, &choice)?;
                choice
            }
        };
        let tool_right = |name: &str| f64::from(u8::from(name == gold.name));
        let exact = |c: &Choice| f64::from(u8::from(call_is_exact(gold, &c.name, &c.args)));
        let pick_by = |column: usize| -> f64 {
            let best = r
                .rows
                .iter()
                .enumerate()
                .fold(None::<(usize, f32)>, |acc, (i, row)| match acc {
                    Some((_, v)) if row[column] <= v => acc,
                    _ => Some((i, row[column])),
                });
            best.and_then(|(i, _)| set.get(i))
                .map_or(0.0, |t| tool_right(&t.name))
        };
        let mut rng = SplitMix64::for_label(common.seed, &format!("as_given/{}", r.id));
        let random = set
            .get(rng.below(set.len()))
            .map_or(0.0, |t| tool_right(&t.name));
        let bm25 = pick_by(0);
        let combiner_tool = tool_right(&combined.name);
        if combiner_tool < bm25 {
            below_bm25 += 1;
        } else if combiner_tool > bm25 {
            above_bm25 += 1;
        }
        let mut push = |name: &'static str, tool: f64, args: Option<f64>| {
            outcomes.entry(name).or_default().push((tool, args));
        };
        push("combiner", combiner_tool, Some(exact(&combined)));
        let parameters = set
            .iter()
            .find(|t| t.name == gold.name)
            .and_then(|t| t.parameters.as_ref());
        for (ty, right) in argument_outcomes(gold, parameters, &combined.name, &combined.args) {
            let entry = by_type.entry(ty).or_default();
            entry.0 += usize::from(right);
            entry.1 += 1;
        }
        push(
            "model",
            tool_right(&r.model.choice.name),
            Some(exact(&r.model.choice)),
        );
        push("bm25_top", bm25, None);
        push("cosine_top", pick_by(2), None);
        push(
            "first",
            set.first().map_or(0.0, |t| tool_right(&t.name)),
            None,
        );
        push("random", random, None);
    }
    bar.finish_and_clear();
    let report: BTreeMap<String, Figures> = outcomes
        .into_iter()
        .map(|(name, o)| {
            let n = o.len().max(1) as f64;
            let tool = o.iter().map(|(t, _)| t).sum::<f64>() / n;
            let args_exact = o
                .iter()
                .map(|(_, a)| *a)
                .collect::<Option<Vec<f64>>>()
                .map(|a| a.iter().sum::<f64>() / n);
            (name.to_owned(), Figures { tool, args_exact })
        })
        .collect();

    if let Some(parent) = args.out.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)?;
    }
    std::fs::write(&args.out, serde_json::to_string_pretty(&combiner)? + "\n")
        .with_context(|| format!("writing {}", args.out.display()))?;
    let train_report = TrainReport {
        model: model_id,
        data: common
            .data
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default(),
        seed: common.seed,
        fit_n: fit_rows.len(),
        report_n: report_rows.len(),
        folds: args.folds,
        cross_validation,
        l2,
        weights: FEATURE_NAMES
            .iter()
            .zip(weights)
            .map(|(n, w)| ((*n).to_owned(), w))
            .collect(),
        report,
        args_by_type: by_type
            .into_iter()
            .map(|(ty, (right, total))| (ty, (right, total, right as f64 / total.max(1) as f64)))
            .collect(),
        below_bm25,
        above_bm25,
        out: args.out.display().to_string(),
    };
    let value = serde_json::to_value(&train_report)?;
    let beside = args.out.with_extension("report.json");
    std::fs::write(&beside, serde_json::to_string_pretty(&value)? + "\n")
        .with_context(|| format!("writing {}", beside.display()))?;
    emit(&value, common.json)?;
    Ok(0)
}
