//! `tact ab`: compare two policy editions on the same items with a paired bootstrap, accept B
//! only when the lower 95% bound of its improvement is above zero, and append the decision to
//! a log.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, bail};
use tact_eval::DEFAULT_SEED;
use tact_eval::bootstrap::{mean_over, paired_bootstrap};
use tact_eval::data::{CatalogRow, RetrievalItem, read_jsonl};
use tact_eval::metrics::binary_metrics;
use tact_eval::retrieval_eval::{evaluate_retrieval, texts_to_embed};
use tact_eval::trigger_eval::seeks_tool;
use tact_policies::Policy;

use super::eval::{
    CommonArgs, ModelArgs, emit, load_sample, retrieval_embeddings, side_of, trigger_signals,
};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The current policy.
    #[arg(long)]
    pub a: PathBuf,
    /// The candidate policy.
    #[arg(long)]
    pub b: PathBuf,
    /// Dev-set file: trigger items for `--kind trigger`, retrieval items for `retrieval`; for
    /// `jobs`, the bench-jobs suite (a directory with `tasks.jsonl`) the rows ran on.
    #[arg(long)]
    pub data: PathBuf,
    /// `--kind jobs`: the per-task rows (`results.jsonl` of `tact bench-jobs --report-dir`)
    /// of a run under policy A. Jobs cost minutes each, so the A/B reads finished runs.
    #[arg(long)]
    pub a_rows: Option<PathBuf>,
    /// `--kind jobs`: the rows of a run under policy B, on the same tasks.
    #[arg(long)]
    pub b_rows: Option<PathBuf>,
    /// Trigger: `f1`, `precision`, `recall`, `accuracy`. Retrieval: a per-item key such as
    /// `fused.catalog_all.gold_tools.recall_at_5` or `shortlist.catalog_500.recall` (a bare
    /// `recall_at_5` means the fused ranking — BM25 when embeddings are off — on the whole
    /// catalog against gold tools). Jobs: `fixed` or `equals_reference` (the share of tasks).
    #[arg(long)]
    pub metric: String,
    /// What the data measures.
    #[arg(long, default_value = "trigger")]
    pub kind: String,
    /// Tool catalog (retrieval; trigger items with `tools_ref`).
    #[arg(long)]
    pub catalog: Option<PathBuf>,
    /// Retrieval: sentence embeddings `auto` (MiniLM when installed), `minilm` or `none`.
    #[arg(long, default_value = "auto")]
    pub embeddings: String,
    #[arg(long)]
    pub limit: Option<usize>,
    /// Only the items of one side of the split by id (`report` to decide on items the
    /// candidate was not tuned on).
    #[arg(long, value_enum)]
    pub part: Option<crate::cli::suite::Part>,
    #[arg(long, default_value_t = DEFAULT_SEED)]
    pub seed: u64,
    #[arg(long, default_value_t = 1000)]
    pub resamples: usize,
    /// Decision log (JSON Lines, appended).
    #[arg(long, default_value = ".tact/ab-log.jsonl")]
    pub log: PathBuf,
    #[arg(long, default_value = ".tact/cache")]
    pub cache_dir: PathBuf,
    #[command(flatten)]
    pub model: ModelArgs,
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: Args) -> anyhow::Result<i32> {
    let a = Policy::load(&args.a).with_context(|| format!("policy A {}", args.a.display()))?;
    let b = Policy::load(&args.b).with_context(|| format!("policy B {}", args.b.display()))?;
    let (n, outcome, model) = match args.kind.as_str() {
        "trigger" => ab_trigger(&args, &a, &b)?,
        "retrieval" => ab_retrieval(&args, &a, &b)?,
        "jobs" => ab_jobs(&args)?,
        other => bail!("unknown --kind {other:?} (trigger, retrieval or jobs)"),
    };
    let unix_seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let value = serde_json::json!({
        "decision": if outcome.accept_b { "accept_b" } else { "keep_a" },
        "kind": args.kind,
        "metric": args.metric,
        "n": n,
        "data": args.data.display().to_string(),
        "model": model,
        "a": {"path": args.a.display().to_string(), "edition": a.edition, "value": outcome.a},
        "b": {"path": args.b.display().to_string(), "edition": b.edition, "value": outcome.b},
        "improvement": outcome.improvement,
        "lower": outcome.lower,
        "upper": outcome.upper,
        "resamples": outcome.resamples,
        "seed": outcome.seed,
        "unix_seconds": unix_seconds,
    });
    if let Some(parent) = args.log.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)?;
    }
    let mut log = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&args.log)
        .with_context(|| format!("opening {}", args.log.display()))?;
    writeln!(log, "{}", serde_json::to_string(&value)?)?;
    emit(&value, args.json)
}

type Outcome = (
    usize,
    tact_eval::bootstrap::BootstrapOutcome,
    Option<String>,
);

fn ab_trigger(args: &Args, a: &Policy, b: &Policy) -> anyhow::Result<Outcome> {
    let common = CommonArgs {
        data: args.data.clone(),
        catalog: args.catalog.clone(),
        policy: None,
        limit: args.limit,
        json: args.json,
        report: None,
        seed: args.seed,
        cache_dir: args.cache_dir.clone(),
        part: args.part,
    };
    let mut run = trigger_signals(&common, &args.model)?;
    let mut decisions = |p: &Policy| -> anyhow::Result<Vec<bool>> {
        let trigger = p.trigger_for(&run.settings_id)?;
        let signals = run.signals_for(trigger)?;
        Ok(signals.iter().map(|s| seeks_tool(s, trigger)).collect())
    };
    let sides = [decisions(a)?, decisions(b)?];
    let metric = args.metric.clone();
    if !["f1", "precision", "recall", "accuracy"].contains(&metric.as_str()) {
        bail!("unknown trigger metric {metric:?} (f1, precision, recall, accuracy)");
    }
    let labels = &run.labels;
    let statistic = |side: usize, draw: &[usize]| -> f64 {
        let l: Vec<bool> = draw.iter().map(|&i| labels[i]).collect();
        let d: Vec<bool> = draw.iter().map(|&i| sides[side][i]).collect();
        let m = binary_metrics(&l, &d, &[]);
        match metric.as_str() {
            "precision" => m.precision,
            "recall" => m.recall,
            "accuracy" => m.accuracy,
            _ => m.f1,
        }
    };
    let outcome = paired_bootstrap(labels.len(), args.resamples, args.seed, &statistic);
    Ok((labels.len(), outcome, Some(run.model_id)))
}

fn ab_retrieval(args: &Args, a: &Policy, b: &Policy) -> anyhow::Result<Outcome> {
    let Some(catalog_path) = &args.catalog else {
        bail!("the retrieval A/B needs --catalog");
    };
    let catalog = read_jsonl::<CatalogRow>(catalog_path)?;
    let mut items: Vec<RetrievalItem> = load_sample(&args.data, args.limit, args.seed)?;
    items.retain(|i| args.part.is_none_or(|p| side_of(args.seed, &i.id) == p));
    let vectors = retrieval_embeddings(&args.embeddings, &args.cache_dir, &catalog, &items)?;
    let texts = texts_to_embed(&catalog, &items);
    let key = if args.metric.contains('.') {
        args.metric.clone()
    } else if vectors.lookup().is_some() {
        format!("fused.catalog_all.gold_tools.{}", args.metric)
    } else {
        format!("bm25.catalog_all.gold_tools.{}", args.metric)
    };
    // Each edition ranks with the vectors it would compute (its own adapter, if it names one).
    let per_item = |p: &Policy| -> anyhow::Result<Vec<f64>> {
        let own = vectors.clone().for_policy(&p.body.retrieval, &texts)?;
        let (_, scores) = evaluate_retrieval(
            &catalog,
            &items,
            &p.body.retrieval,
            own.lookup(),
            args.seed,
            &mut |_| {},
        )?;
        scores
            .iter()
            .map(|s| {
                s.get(&key)
                    .copied()
                    .with_context(|| format!("no per-item metric {key:?}"))
            })
            .collect()
    };
    let sides = [per_item(a)?, per_item(b)?];
    let outcome = paired_bootstrap(items.len(), args.resamples, args.seed, &|side, draw| {
        mean_over(&sides[side], draw)
    });
    Ok((items.len(), outcome, None))
}

/// One task's row of a `tact bench-jobs` run, as far as the A/B reads it.
#[derive(Debug, serde::Deserialize)]
struct JobRow {
    id: String,
    fixed: bool,
    #[serde(default)]
    equals_reference: bool,
}

/// The A/B of two finished bench-jobs runs: every task of the suite (of `--part`, when given)
/// must have exactly one row on each side, so a run cut short or run on other tasks is refused
/// rather than compared on what happens to overlap.
fn ab_jobs(args: &Args) -> anyhow::Result<Outcome> {
    let (Some(a_rows), Some(b_rows)) = (&args.a_rows, &args.b_rows) else {
        bail!("the jobs A/B needs --a-rows and --b-rows (results.jsonl of two bench-jobs runs)");
    };
    let mut ids: Vec<String> = crate::cli::suite::load_suite(&args.data)?
        .into_iter()
        .map(|t| t.id)
        .filter(|id| {
            args.part
                .is_none_or(|p| crate::cli::suite::part_of(id) == p)
        })
        .collect();
    ids.sort();
    if let Some(n) = args.limit {
        ids.truncate(n);
    }
    let pick = |row: &JobRow| -> anyhow::Result<f64> {
        Ok(match args.metric.as_str() {
            "fixed" => f64::from(u8::from(row.fixed)),
            "equals_reference" => f64::from(u8::from(row.fixed && row.equals_reference)),
            other => bail!("unknown jobs metric {other:?} (fixed, equals_reference)"),
        })
    };
    let side = |path: &PathBuf| -> anyhow::Result<Vec<f64>> {
        let rows =
            read_jsonl::<JobRow>(path).with_context(|| format!("rows {}", path.display()))?;
        let mut by_id: std::collections::HashMap<&str, &JobRow> = Default::default();
        for row in &rows {
            if by_id.insert(row.id.as_str(), row).is_some() {
                bail!("{}: task {} has two rows", path.display(), row.id);
            }
        }
        let missing: Vec<&str> = ids
            .iter()
            .filter(|id| !by_id.contains_key(id.as_str()))
            .map(String::as_str)
            .collect();
        if !missing.is_empty() {
            bail!(
                "{}: no row for {} of the {} tasks (first: {})",
                path.display(),
                missing.len(),
                ids.len(),
                missing[0]
            );
        }
        ids.iter().map(|id| pick(by_id[id.as_str()])).collect()
    };
    let sides = [side(a_rows)?, side(b_rows)?];
    let outcome = paired_bootstrap(ids.len(), args.resamples, args.seed, &|side, draw| {
        mean_over(&sides[side], draw)
    });
    Ok((ids.len(), outcome, None))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: Args,
    }

    fn rows(dir: &std::path::Path, name: &str, fixed: &[(&str, bool)]) -> PathBuf {
        let path = dir.join(name);
        let text: String = fixed
            .iter()
            .map(|(id, f)| format!("{{\"id\":\"{id}\",\"fixed\":{f},\"equals_reference\":{f}}}\n"))
            .collect();
        std::fs::write(&path, text).unwrap();
        path
    }

    /// Two finished runs are compared task by task; a run missing a task is refused by name.
    #[test]
    fn two_bench_runs_are_compared_on_the_same_tasks() {
        let dir = tempfile::tempdir().unwrap();
        let suite = dir.path().join("suite");
        std::fs::create_dir_all(&suite).unwrap();
        let ids: Vec<String> = (0..40).map(|i| format!("t-{i}")).collect();
        let tasks: String = ids
            .iter()
            .map(|id| format!("{{\"id\":\"{id}\",\"lang\":\"python\",\"task\":\"fix\"}}\n"))
            .collect();
        std::fs::write(suite.join("tasks.jsonl"), tasks).unwrap();
        for id in &ids {
            std::fs::create_dir_all(suite.join("workspaces").join(id)).unwrap();
        }
        // B fixes every task A fixes and ten more.
        let a: Vec<(&str, bool)> = ids
            .iter()
            .enumerate()
            .map(|(i, id)| (id.as_str(), i < 20))
            .collect();
        let b: Vec<(&str, bool)> = ids
            .iter()
            .enumerate()
            .map(|(i, id)| (id.as_str(), i < 30))
            .collect();
        let (a_path, b_path) = (
            rows(dir.path(), "a.jsonl", &a),
            rows(dir.path(), "b.jsonl", &b),
        );
        let cli = |a: &PathBuf, b: &PathBuf| {
            Cli::parse_from([
                "ab",
                "--a",
                "A",
                "--b",
                "B",
                "--kind",
                "jobs",
                "--metric",
                "fixed",
                "--data",
                suite.to_str().unwrap(),
                "--a-rows",
                a.to_str().unwrap(),
                "--b-rows",
                b.to_str().unwrap(),
            ])
            .args
        };
        let (n, outcome, _) = ab_jobs(&cli(&a_path, &b_path)).unwrap();
        assert_eq!(n, 40);
        assert!((outcome.a - 0.5).abs() < 1e-9 && (outcome.b - 0.75).abs() < 1e-9);
        assert!(outcome.accept_b, "{outcome:?}");
        // The reverse is not accepted.
        let (_, reverse, _) = ab_jobs(&cli(&b_path, &a_path)).unwrap();
        assert!(!reverse.accept_b);
        // A run cut short is refused.
        let short = rows(dir.path(), "short.jsonl", &a[..39]);
        let err = ab_jobs(&cli(&a_path, &short)).unwrap_err().to_string();
        assert!(
            err.contains("no row for 1 of the 40 tasks (first: t-39)"),
            "{err}"
        );
    }
}
