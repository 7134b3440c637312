//! `tact train-ranker --suite DIR --out FILE`: fit the repair job's candidate ranker on a bug
//! suite laid out as `tasks.jsonl` + `workspaces/<id>/` (e.g. `../shared/bugs`).
//!
//! For every task: reproduce the failure in a scratch copy (the real test runner, sandboxed),
//! localize, enumerate candidates exactly as the job does, let the decoder read each one
//! (the same scoring requests as the job), and label the candidate whose change equals the
//! reference fix. The ranker is fitted on the tasks whose id falls in the `fit` part (L2
//! chosen by cross-validation) and reported on the `report` part: the right candidate's rank
//! under the hand-set order and under the ranker, and the share within the first 5.

use std::collections::HashMap;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;
use serde::{Deserialize, Serialize};
use serde_json::json;
use tact_models::DecisionModel;
use tact_policies::Policy;
use tact_repair::localize;
use tact_repair::rank::{self, RankingGroup};
use tact_runtime::messages::ToolCall;
use tact_runtime::records::ToolRef;
use tact_runtime::tools::{ToolConfig, ToolContext, execute};

use crate::cli::run::{ModelArgs, copy_dir, load_model_with_probe};
use crate::cli::suite::{Part, SuiteTask, load_suite, part_of};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// A suite with `tasks.jsonl` (id, lang, task, program, fix_diff) and `workspaces/<id>/`.
    #[arg(long)]
    pub suite: PathBuf,
    /// Where to write the fitted ranker artifact (JSON).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Cache of the extracted candidate groups (JSON lines): read when it exists, else written,
    /// so refitting does not rerun the tests and the model.
    #[arg(long)]
    pub dataset: Option<PathBuf>,
    /// Only tasks of one language.
    #[arg(long)]
    pub lang: Option<String>,
    /// Only the first N tasks.
    #[arg(long)]
    pub limit: Option<usize>,
    /// Skip the decoder's likelihood features (fast; a ranker without them).
    #[arg(long)]
    pub no_model: bool,
    /// An earlier ranker (built-in name or file) the fit is pulled towards instead of towards
    /// zero: weights the suite cannot inform keep their earlier values.
    #[arg(long, value_name = "NAME|PATH")]
    pub prior: Option<String>,
    #[arg(long)]
    pub policy: Option<PathBuf>,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub model: ModelArgs,
}

/// One task's extracted candidates (the dataset's line).
#[derive(Debug, Clone, Serialize, Deserialize)]
struct TaskGroup {
    id: String,
    lang: String,
    /// Why no candidates were extracted, if so.
    skipped: Option<String>,
    /// The reference fix's kind, for the report.
    fix_kind: String,
    group: RankingGroup,
    /// The right candidate's description, if enumerated.
    right_edit: Option<String>,
}

fn fix_kind(fix_diff: &[String]) -> String {
    let count = |p: char| {
        fix_diff
            .iter()
            .filter(|l| l.starts_with(p) && !l[1..].trim().is_empty())
            .count()
    };
    match (count('-'), count('+')) {
        (1, 1) => "replace_line".into(),
        (0, n) => format!("insert_{n}"),
        (n, 0) => format!("delete_{n}"),
        (r, a) => format!("replace_{r}_by_{a}"),
    }
}

/// The start of a skip reason for a task whose test run gave no report.
const NO_REPORT: &str = "no test report";

/// Refuses an extraction in which no task of some language gave a test report: its runner is
/// missing or broken (pytest not installed, say), and a ranker fitted without that language's
/// tasks would be fitted on half the suite without saying so.
fn check_reports(groups: &[TaskGroup]) -> anyhow::Result<()> {
    let mut langs: Vec<&str> = groups.iter().map(|g| g.lang.as_str()).collect();
    langs.sort_unstable();
    langs.dedup();
    for lang in langs {
        let of_lang: Vec<&TaskGroup> = groups.iter().filter(|g| g.lang == lang).collect();
        let unreadable: Vec<&TaskGroup> = of_lang
            .iter()
            .copied()
            .filter(|g| {
                g.skipped
                    .as_deref()
                    .is_some_and(|s| s.starts_with(NO_REPORT))
            })
            .collect();
        if !unreadable.is_empty() && unreadable.len() == of_lang.len() {
            anyhow::bail!(
                "none of the {} {lang} tasks gave a test report (first, {}: {}); is the test runner installed? (`tact doctor`)",
                of_lang.len(),
                unreadable[0].id,
                unreadable[0].skipped.as_deref().unwrap_or_default()
            );
        }
        if !unreadable.is_empty() {
            eprintln!(
                "warning: {} of {} {lang} tasks gave no test report (first, {}: {})",
                unreadable.len(),
                of_lang.len(),
                unreadable[0].id,
                unreadable[0].skipped.as_deref().unwrap_or_default()
            );
        }
    }
    Ok(())
}

fn extract(
    task: &SuiteTask,
    policy: &Policy,
    model: Option<&dyn DecisionModel>,
) -> anyhow::Result<TaskGroup> {
    let scratch = tempfile::tempdir()?;
    let workspace = scratch.path().join("ws");
    copy_dir(&task.workspace, &workspace)?;
    let workspace = workspace.canonicalize()?;
    let ctx = ToolContext::new(
        &workspace,
        scratch.path().join("tmp"),
        ToolConfig::default(),
    )?;
    let call = ToolCall {
        work_id: "baseline".into(),
        tool: ToolRef::new("run_tests", 1),
        args: json!({}),
        depends_on: vec![],
    };
    let observation = execute(&call, &ctx);
    let empty = |why: &str| TaskGroup {
        id: task.id.clone(),
        lang: task.lang.clone(),
        skipped: Some(why.to_string()),
        fix_kind: fix_kind(&task.fix_diff),
        group: RankingGroup {
            task: task.id.clone(),
            candidates: vec![],
            right: None,
        },
        right_edit: None,
    };
    let Some(report) = tact_actors::repair::report_of(&observation) else {
        let last_words = tact_actors::repair::runner_last_words(&observation);
        return Ok(empty(&format!("{NO_REPORT}: {last_words}")));
    };
    let repair = &policy.body.repair;
    let locations = localize::localize(&report, &workspace, repair.locations).unwrap_or_default();
    let mut contents: HashMap<String, String> = HashMap::new();
    for loc in &locations {
        if !contents.contains_key(&loc.file) {
            let text = std::fs::read_to_string(workspace.join(&loc.file)).unwrap_or_default();
            contents.insert(loc.file.clone(), text);
        }
    }
    let edits = rank::enumerate_candidates(
        &workspace,
        &locations,
        &contents,
        repair.max_candidates,
        repair.insert_guards,
    )
    .edits;
    let mut features = rank::base_features(&edits);
    if let Some(model) = model {
        for request in rank::scoring_requests(&edits, &contents) {
            let (scores, _) = model
                .score_text(&request.context, &request.continuations)
                .map_err(|e| anyhow::anyhow!("scoring: {e}"))?;
            rank::apply_scores(&mut features, &request, &scores);
        }
    }
    let right = edits
        .iter()
        .position(|e| e.matches_reference(&task.fix_diff));
    let located = locations.iter().any(|l| {
        contents
            .get(&l.file)
            .and_then(|c| c.lines().nth(l.line.saturating_sub(1) as usize))
            .is_some_and(|line| {
                task.fix_diff.iter().any(|d| {
                    d.strip_prefix('-')
                        .is_some_and(|old| !old.trim().is_empty() && old.trim() == line.trim())
                })
            })
    });
    Ok(TaskGroup {
        id: task.id.clone(),
        lang: task.lang.clone(),
        skipped: (!located).then(|| "the reference fix's line is not localized".to_string()),
        fix_kind: fix_kind(&task.fix_diff),
        right_edit: right.map(|i| {
            format!(
                "{} → {} ({})",
                edits[i].old_line.trim(),
                edits[i].new_text().trim(),
                edits[i].origin.name()
            )
        }),
        group: RankingGroup {
            task: task.id.clone(),
            candidates: features,
            right,
        },
    })
}

#[derive(Debug, Serialize)]
struct PartReport {
    tasks: usize,
    /// Tasks whose reference fix's line is among the localized lines.
    located: usize,
    /// Tasks whose reference fix is among the enumerated candidates.
    enumerated: usize,
    median_rank_hand_set: f64,
    median_rank_ranker: f64,
    top5_hand_set: usize,
    top5_ranker: usize,
    top10_ranker: usize,
    top20_ranker: usize,
    mean_candidates: f64,
}

fn median(mut xs: Vec<f64>) -> f64 {
    if xs.is_empty() {
        return f64::NAN;
    }
    xs.sort_by(|a, b| a.total_cmp(b));
    let n = xs.len();
    if n % 2 == 1 {
        xs[n / 2]
    } else {
        (xs[n / 2 - 1] + xs[n / 2]) / 2.0
    }
}

fn part_report(groups: &[&TaskGroup], ranker: &rank::CandidateRanker) -> PartReport {
    let hand: Vec<usize> = groups
        .iter()
        .filter_map(|g| rank::rank_of_right(&g.group, rank::hand_set_score))
        .collect();
    let learned: Vec<usize> = groups
        .iter()
        .filter_map(|g| rank::rank_of_right(&g.group, |c| ranker.score(c)))
        .collect();
    let within = |ranks: &[usize], k: usize| ranks.iter().filter(|&&r| r <= k).count();
    PartReport {
        tasks: groups.len(),
        located: groups
            .iter()
            .filter(|g| g.skipped.as_deref() != Some("the reference fix's line is not localized"))
            .count(),
        enumerated: learned.len(),
        median_rank_hand_set: median(hand.iter().map(|&r| r as f64).collect()),
        median_rank_ranker: median(learned.iter().map(|&r| r as f64).collect()),
        top5_hand_set: within(&hand, 5),
        top5_ranker: within(&learned, 5),
        top10_ranker: within(&learned, 10),
        top20_ranker: within(&learned, 20),
        mean_candidates: groups
            .iter()
            .map(|g| g.group.candidates.len() as f64)
            .sum::<f64>()
            / groups.len().max(1) as f64,
    }
}

fn read_dataset(path: &Path) -> anyhow::Result<Vec<TaskGroup>> {
    let text = std::fs::read_to_string(path)?;
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).context("a dataset line"))
        .collect()
}

pub fn run(args: Args) -> anyhow::Result<i32> {
    let policy = Policy::load_or_default(args.policy.as_deref())?;
    let mut tasks = load_suite(&args.suite)?;
    if let Some(lang) = &args.lang {
        tasks.retain(|t| &t.lang == lang);
    }
    if let Some(n) = args.limit {
        tasks.truncate(n);
    }
    let model: Option<std::sync::Arc<dyn DecisionModel>> = if args.no_model {
        None
    } else {
        // The ranker reads likelihoods only: no trigger, so no probe.
        Some(load_model_with_probe(&args.model, None, &|_| Ok(None))?)
    };
    let model_id = model
        .as_ref()
        .map(|m| m.id().to_string())
        .unwrap_or_else(|| "none".into());
    let groups: Vec<TaskGroup> = match &args.dataset {
        Some(path) if path.exists() => read_dataset(path)?,
        _ => {
            let bar = if std::io::stderr().is_terminal() {
                indicatif::ProgressBar::new(tasks.len() as u64)
            } else {
                indicatif::ProgressBar::hidden()
            };
            // Written beside the cache and renamed once the extraction is checked, so a
            // broken run leaves no cache to be read as if it were whole.
            let partial = args.dataset.as_ref().map(|p| p.with_extension("partial"));
            let mut out = match &partial {
                Some(path) => Some(std::fs::File::create(path)?),
                None => None,
            };
            let mut groups = Vec::new();
            for task in &tasks {
                bar.set_message(task.id.clone());
                let group = extract(task, &policy, model.as_deref())
                    .with_context(|| format!("task {}", task.id))?;
                if let Some(f) = out.as_mut() {
                    writeln!(f, "{}", serde_json::to_string(&group)?)?;
                }
                groups.push(group);
                bar.inc(1);
            }
            bar.finish_and_clear();
            check_reports(&groups)?;
            if let (Some(partial), Some(path)) = (&partial, &args.dataset) {
                std::fs::rename(partial, path)?;
            }
            groups
        }
    };
    let in_part = |p: Part| -> Vec<&TaskGroup> {
        groups
            .iter()
            .filter(|g| part_of(&g.id) == p)
            .collect::<Vec<_>>()
    };
    let fit: Vec<RankingGroup> = in_part(Part::Fit).iter().map(|g| g.group.clone()).collect();
    let prior = rank::named_ranker(args.prior.as_deref(), &tact_models::fetch::default_home())?;
    let trained_on = format!(
        "{} (fit part: {} tasks, {} with the reference fix enumerated){}",
        args.suite.display(),
        fit.len(),
        fit.iter().filter(|g| g.right.is_some()).count(),
        match (&args.prior, &prior) {
            (Some(name), Some(p)) => format!(", pulled towards {name} ({})", p.edition),
            _ => String::new(),
        }
    );
    let (ranker, cv) = rank::fit_ranker_cv(
        &fit,
        &[0.001, 0.01, 0.1, 1.0],
        5,
        &model_id,
        &trained_on,
        prior.as_ref(),
    )?;
    let mut by_lang = serde_json::Map::new();
    for lang in ["python", "rust"] {
        let groups: Vec<&TaskGroup> = in_part(Part::Report)
            .into_iter()
            .filter(|g| g.lang == lang)
            .collect();
        by_lang.insert(
            lang.to_string(),
            serde_json::to_value(part_report(&groups, &ranker))?,
        );
    }
    let report = json!({
        "ranker": ranker.edition,
        "model": model_id,
        "cross_validation": cv.iter().map(|(l2, ll)| json!({"l2": l2, "mean_loglik": ll})).collect::<Vec<_>>(),
        "chosen_l2": ranker.l2,
        "fit": part_report(&in_part(Part::Fit), &ranker),
        "report": part_report(&in_part(Part::Report), &ranker),
        "by_lang": by_lang,
        "weights": ranker.features.iter().zip(&ranker.weights).map(|(n, w)| json!([n, w])).collect::<Vec<_>>(),
    });
    if let Some(out) = &args.out {
        std::fs::write(out, ranker.to_json() + "\n")
            .with_context(|| format!("writing {}", out.display()))?;
    }
    if args.json {
        println!("{}", serde_json::to_string(&report)?);
    } else {
        println!("{}", serde_json::to_string_pretty(&report)?);
    }
    Ok(0)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;

    fn group(id: &str, lang: &str, skipped: Option<&str>) -> TaskGroup {
        TaskGroup {
            id: id.into(),
            lang: lang.into(),
            skipped: skipped.map(str::to_string),
            fix_kind: "replace_line".into(),
            group: RankingGroup {
                task: id.into(),
                candidates: vec![],
                right: None,
            },
            right_edit: None,
        }
    }

    /// The bug: on a machine without pytest every Python task was skipped as "no test report"
    /// and the ranker was fitted on the Rust tasks alone, silently.
    #[test]
    fn an_extraction_where_a_language_never_reports_is_refused() {
        let missing = format!("{NO_REPORT}: /usr/bin/python3: No module named pytest");
        let groups = vec![
            group("hefix-python-2", "python", Some(&missing)),
            group("hefix-python-6", "python", Some(&missing)),
            group("hefix-rust-2", "rust", None),
        ];
        let err = check_reports(&groups).unwrap_err().to_string();
        assert!(err.contains("none of the 2 python tasks"), "{err}");
        assert!(err.contains("No module named pytest"), "{err}");
        // One unreadable task among readable ones is a warning, not a refusal; other skips
        // (the fix's line not localized) are no sign of a missing runner.
        let mixed = vec![
            group("hefix-python-2", "python", Some(&missing)),
            group("hefix-python-6", "python", None),
            group(
                "hefix-rust-2",
                "rust",
                Some("the reference fix's line is not localized"),
            ),
        ];
        assert!(check_reports(&mixed).is_ok());
    }
}
