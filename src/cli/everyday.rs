//! `tact bench-jobs --suite DIR` on a suite of everyday jobs (`DIR/jobs.jsonl`, e.g.
//! `examples/everyday`): explain a function, list or find files, run the tests and report the
//! counts, what changed since the last commit, compute a value, a described one-line change, a
//! question only the user can answer, a request no tool serves.
//!
//! Each job names the tools it should call, in order, and a checkable outcome: what the answer
//! must say, what files must hold afterwards, which status the job must end in. Per job the bench
//! reports whether the first tool and the whole tool sequence were right, whether the outcome
//! holds (and what failed if not), the calls, the forward passes and the wall time.
//!
//! Line format:
//! `{id, workspace, kind, task, expected_tools: [..], first_any?: [..], git_after_commit?: {path:
//! text}, check: {answer_any?, answer_all?, answer_regex?, file_contains?: [[path, text]],
//! file_lacks?, unchanged?, status?: [..], no_tool_calls?}}`. The job runs in a copy of
//! `workspaces/<workspace>/`; with `git_after_commit` the copy is first committed to a fresh git
//! repository and then those files are written, so "what changed" has one right answer.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, bail};
use serde::{Deserialize, Serialize};
use tact_runtime::decisions::{Decision, TriggerAction, TriggerRecord, TriggerSignal};
use tact_runtime::ledger::{JobStatus, LedgerEntry, LedgerState, read_ledger};

use crate::cli::run::copy_dir;
use crate::cli::suite::{self, Part};

/// The file that makes a suite directory an everyday suite.
pub const JOBS_FILE: &str = "jobs.jsonl";

/// Actions that end a job without a tool process: they count in the tool sequence.
const TERMINAL_ACTIONS: [&str; 2] = ["ask_user", "stop"];

/// One everyday job of the suite.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct EverydayJob {
    pub id: String,
    /// The workspace under `workspaces/` the job runs on (a copy of it).
    pub workspace: String,
    /// What kind of everyday job this is (`explain`, `files`, `tests`, `git`, …), for the report.
    pub kind: String,
    pub task: String,
    /// The tools the job should call, in order (repeats of one tool collapse); `ask_user` and
    /// `stop` count as the tools they are.
    pub expected_tools: Vec<String>,
    /// Other first actions that are as right as `expected_tools[0]` (and then the whole
    /// sequence).
    #[serde(default)]
    pub first_any: Vec<String>,
    /// Commit the copy to a fresh git repository, then write these files.
    #[serde(default)]
    pub git_after_commit: BTreeMap<String, String>,
    pub check: OutcomeCheck,
}

/// What must hold after the job. Every check given must hold.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct OutcomeCheck {
    /// The answer contains at least one of these (case-insensitive).
    pub answer_any: Vec<String>,
    /// The answer contains each of these (case-insensitive).
    pub answer_all: Vec<String>,
    /// The answer matches each of these regular expressions (case-insensitive).
    pub answer_regex: Vec<String>,
    /// Files (relative to the workspace) that must contain the text afterwards.
    pub file_contains: Vec<(String, String)>,
    /// Files that must not contain the text afterwards.
    pub file_lacks: Vec<(String, String)>,
    /// No file of the workspace changed.
    pub unchanged: bool,
    /// The statuses the job may end in (`done` when empty).
    pub status: Vec<String>,
    /// The job ran no tool (an `ask_user` or `stop` is no tool run).
    pub no_tool_calls: bool,
}

/// Every job of the everyday suite in `dir`, checked: unique ids, an existing workspace, a
/// non-empty expected sequence, valid regular expressions.
pub fn load_jobs(dir: &Path) -> anyhow::Result<Vec<EverydayJob>> {
    let path = dir.join(JOBS_FILE);
    let text =
        std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let mut jobs: Vec<EverydayJob> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let at = format!("{}:{}", path.display(), index + 1);
        let job: EverydayJob =
            serde_json::from_str(line).with_context(|| format!("{at}: not an everyday job"))?;
        if jobs.iter().any(|j| j.id == job.id) {
            bail!("{at}: duplicate id {}", job.id);
        }
        if !dir.join("workspaces").join(&job.workspace).is_dir() {
            bail!("{at}: job {} has no workspace {}", job.id, job.workspace);
        }
        if job.expected_tools.is_empty() {
            bail!("{at}: job {} expects no tool", job.id);
        }
        for pattern in &job.check.answer_regex {
            answer_regex(pattern).with_context(|| format!("{at}: answer_regex {pattern:?}"))?;
        }
        jobs.push(job);
    }
    Ok(jobs)
}

fn answer_regex(pattern: &str) -> Result<regex::Regex, regex::Error> {
    regex::RegexBuilder::new(pattern)
        .case_insensitive(true)
        .build()
}

/// One job's result.
#[derive(Debug, Clone, Serialize)]
pub struct EverydayResult {
    pub id: String,
    pub kind: String,
    pub part: Part,
    pub status: String,
    pub summary: String,
    /// The text the outcome checks read: the model's answer, or the stop's reason.
    pub answer: String,
    /// Tools called, in order, with the terminal action (`ask_user`, `stop`) last.
    pub tools: Vec<String>,
    pub expected_tools: Vec<String>,
    /// Each trigger decision, in words: the signal read, against τ, and the action (or why it
    /// was forced), so a job that answered from memory shows why.
    pub triggers: Vec<String>,
    pub right_first_tool: bool,
    pub right_tool_sequence: bool,
    pub outcome_correct: bool,
    /// The checks that failed.
    pub outcome_misses: Vec<String>,
    /// The outcome with the model's own words alone: the answer without the `evidence:` line
    /// the job adds (the last tool observation, as the trust gate judged it).
    pub outcome_correct_model_text: bool,
    /// Tool runs (worker or in-process calls; `ask_user` and `stop` are not runs).
    pub tool_calls: u64,
    pub forward_passes: u64,
    pub wall_ms: u64,
}

/// Totals over a set of results.
#[derive(Debug, Clone, Serialize)]
pub struct EverydayTotals {
    pub jobs: usize,
    pub right_first_tool: usize,
    pub right_tool_sequence: usize,
    pub outcome_correct: usize,
    pub outcome_correct_model_text: usize,
    pub median_tool_calls: f64,
    pub median_forward_passes: f64,
    pub median_wall_ms: f64,
    /// Per kind: (jobs, outcome correct).
    pub by_kind: BTreeMap<String, (usize, usize)>,
}

pub fn totals(results: &[EverydayResult]) -> EverydayTotals {
    let median = |mut xs: Vec<f64>| {
        if xs.is_empty() {
            return 0.0;
        }
        xs.sort_by(f64::total_cmp);
        let n = xs.len();
        if n % 2 == 1 {
            xs[n / 2]
        } else {
            (xs[n / 2 - 1] + xs[n / 2]) / 2.0
        }
    };
    let mut by_kind: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for r in results {
        let entry = by_kind.entry(r.kind.clone()).or_default();
        entry.0 += 1;
        entry.1 += usize::from(r.outcome_correct);
    }
    EverydayTotals {
        jobs: results.len(),
        right_first_tool: results.iter().filter(|r| r.right_first_tool).count(),
        right_tool_sequence: results.iter().filter(|r| r.right_tool_sequence).count(),
        outcome_correct: results.iter().filter(|r| r.outcome_correct).count(),
        outcome_correct_model_text: results
            .iter()
            .filter(|r| r.outcome_correct_model_text)
            .count(),
        median_tool_calls: median(results.iter().map(|r| r.tool_calls as f64).collect()),
        median_forward_passes: median(results.iter().map(|r| r.forward_passes as f64).collect()),
        median_wall_ms: median(results.iter().map(|r| r.wall_ms as f64).collect()),
        by_kind,
    }
}

/// Prepare the job's copy of its workspace in `scratch/ws`: copied, writable, and for a git job
/// committed and then changed. Returns the canonical workspace path.
pub fn prepare_workspace(
    suite_dir: &Path,
    job: &EverydayJob,
    scratch: &Path,
) -> anyhow::Result<PathBuf> {
    let source = suite_dir.join("workspaces").join(&job.workspace);
    let workspace = scratch.join("ws");
    copy_dir(&source, &workspace).with_context(|| format!("copying {}", source.display()))?;
    let workspace = workspace.canonicalize()?;
    if !job.git_after_commit.is_empty() {
        let git = |args: &[&str]| -> anyhow::Result<()> {
            let status = Command::new("git")
                .args([
                    "-c",
                    "user.name=tact bench",
                    "-c",
                    "user.email=bench@localhost",
                    "-c",
                    "commit.gpgsign=false",
                ])
                .args(args)
                .current_dir(&workspace)
                .env_remove("GIT_DIR")
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .status()
                .context("running git")?;
            if !status.success() {
                bail!("git {} failed in {}", args.join(" "), workspace.display());
            }
            Ok(())
        };
        git(&["init", "-q"])?;
        git(&["add", "-A"])?;
        git(&["commit", "-q", "-m", "base"])?;
        for (path, text) in &job.git_after_commit {
            let target = workspace.join(path);
            if let Some(parent) = target.parent() {
                std::fs::create_dir_all(parent)?;
            }
            std::fs::write(&target, text)
                .with_context(|| format!("writing {}", target.display()))?;
        }
    }
    Ok(workspace)
}

/// Names skipped at any depth when comparing a workspace before and after a job.
const SKIPPED: [&str; 6] = [
    ".tact",
    "target",
    "__pycache__",
    ".pytest_cache",
    ".git",
    "Cargo.lock",
];

/// Every file under `dir` with its bytes (tact's own directories, build outputs, caches, the git
/// directory and a lock file cargo writes left out).
pub fn snapshot(dir: &Path) -> anyhow::Result<BTreeMap<String, Vec<u8>>> {
    suite::files_under(dir, &SKIPPED)?
        .into_iter()
        .map(|rel| {
            let bytes = std::fs::read(dir.join(&rel))
                .with_context(|| format!("reading {}", dir.join(&rel).display()))?;
            Ok((rel, bytes))
        })
        .collect()
}

/// The part of a job's summary that is its answer: the model's text after an answer's prefix,
/// a stop's reason, or the whole summary.
pub fn answer_of(summary: &str) -> String {
    if summary.starts_with("answered")
        && let Some((_, text)) = summary.split_once("(unverified): ")
    {
        return text.to_string();
    }
    if let Some(reason) = summary.strip_prefix("stopped: ") {
        return reason.to_string();
    }
    summary.to_string()
}

/// The model's own words in an answer: without the `evidence:` line the job appends.
pub fn model_text(answer: &str) -> &str {
    answer
        .split_once("\nevidence: ")
        .map_or(answer, |(text, _)| text)
}

/// The tools a job's ledger records, in order (every call that ran, worker or in-process), with
/// the terminal action its status implies.
pub fn tools_from_ledger(ledger: &Path, status: &JobStatus, summary: &str) -> Vec<String> {
    let mut tools: Vec<String> = match read_ledger(ledger) {
        Ok((records, _)) => LedgerState::new(records)
            .records
            .iter()
            .filter_map(|r| match &r.entry {
                LedgerEntry::Outcome { record } => Some(record.tool_ref.name.clone()),
                _ => None,
            })
            .collect(),
        Err(_) => Vec::new(),
    };
    match status {
        JobStatus::WaitingForUser => tools.push("ask_user".into()),
        JobStatus::Done if summary.starts_with("stopped: ") => tools.push("stop".into()),
        _ => {}
    }
    tools
}

/// The trigger's decisions a job's ledger records, in words (see [`describe_trigger`]).
pub fn triggers_from_ledger(ledger: &Path) -> Vec<String> {
    match read_ledger(ledger) {
        Ok((records, _)) => LedgerState::new(records)
            .records
            .iter()
            .filter_map(|r| match &r.entry {
                LedgerEntry::Decision {
                    decision: Decision::Trigger(t),
                    ..
                } => Some(describe_trigger(t)),
                _ => None,
            })
            .collect(),
        Err(_) => Vec::new(),
    }
}

/// One trigger decision in words: `probe 0.772 vs τ 0.301: seek_tool`; a probe policy whose
/// model gave no probe reading says so (it then compared p_tool with the probe's τ).
pub fn describe_trigger(t: &TriggerRecord) -> String {
    let Some(decision) = &t.decision else {
        return if t.grounding.is_empty() {
            "forced".into()
        } else {
            format!("forced: {} unread", t.grounding.join(", "))
        };
    };
    let kind = serde_json::to_value(decision.signal)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_else(|| format!("{:?}", decision.signal));
    let missing_probe = decision.signal == TriggerSignal::Probe
        && t.signal.as_ref().is_some_and(|s| s.probe.is_none());
    format!(
        "{kind} {:.3} vs τ {:.3}: {}{}",
        decision.need,
        decision.tau,
        match decision.action {
            TriggerAction::SeekTool => "seek_tool",
            TriggerAction::Reason => "reason",
        },
        if missing_probe {
            " (no probe reading: p_tool read instead)"
        } else {
            ""
        }
    )
}

fn collapsed(tools: &[String]) -> Vec<&str> {
    let mut out: Vec<&str> = Vec::new();
    for t in tools {
        if out.last() != Some(&t.as_str()) {
            out.push(t);
        }
    }
    out
}

/// (right first tool, right tool sequence) of the tools a job called.
pub fn judge_tools(job: &EverydayJob, tools: &[String]) -> (bool, bool) {
    let first_ok = |name: &str| {
        job.expected_tools.first().is_some_and(|e| e == name)
            || job.first_any.iter().any(|a| a == name)
    };
    let first = tools.first().is_some_and(|t| first_ok(t));
    let actual = collapsed(tools);
    let expected = collapsed(&job.expected_tools);
    let sequence = actual == expected
        || (actual.len() == 1
            && job.first_any.iter().any(|a| a == actual[0])
            && expected.len() == 1);
    (first, sequence)
}

/// The checks of `job` that fail after it ended with `status` and `answer`, given the workspace
/// before and after.
pub fn outcome_misses(
    job: &EverydayJob,
    status: &str,
    answer: &str,
    tool_runs: u64,
    before: &BTreeMap<String, Vec<u8>>,
    after: &BTreeMap<String, Vec<u8>>,
) -> Vec<String> {
    let check = &job.check;
    let mut misses = Vec::new();
    let lower = answer.to_lowercase();
    if !check.answer_any.is_empty()
        && !check
            .answer_any
            .iter()
            .any(|a| lower.contains(&a.to_lowercase()))
    {
        misses.push(format!("the answer names none of {:?}", check.answer_any));
    }
    for a in &check.answer_all {
        if !lower.contains(&a.to_lowercase()) {
            misses.push(format!("the answer lacks {a:?}"));
        }
    }
    for pattern in &check.answer_regex {
        if !answer_regex(pattern).is_ok_and(|re| re.is_match(answer)) {
            misses.push(format!("the answer does not match /{pattern}/"));
        }
    }
    let text_of = |path: &str| {
        after
            .get(path)
            .map(|bytes| String::from_utf8_lossy(bytes).into_owned())
    };
    for (path, text) in &check.file_contains {
        if !text_of(path).is_some_and(|t| t.contains(text.as_str())) {
            misses.push(format!("{path} does not contain {text:?}"));
        }
    }
    for (path, text) in &check.file_lacks {
        if text_of(path).is_some_and(|t| t.contains(text.as_str())) {
            misses.push(format!("{path} still contains {text:?}"));
        }
    }
    if check.unchanged && before != after {
        let changed: BTreeSet<&String> = before
            .keys()
            .chain(after.keys())
            .filter(|k| before.get(*k) != after.get(*k))
            .collect();
        misses.push(format!("files changed: {changed:?}"));
    }
    let allowed: Vec<&str> = if check.status.is_empty() {
        vec!["done"]
    } else {
        check.status.iter().map(String::as_str).collect()
    };
    if !allowed.contains(&status) {
        misses.push(format!("status {status}, expected one of {allowed:?}"));
    }
    if check.no_tool_calls && tool_runs > 0 {
        misses.push(format!("{tool_runs} tool runs, expected none"));
    }
    misses
}

/// Tool runs among the tools a job called (terminal actions are not runs).
pub fn tool_runs(tools: &[String]) -> u64 {
    tools
        .iter()
        .filter(|t| !TERMINAL_ACTIONS.contains(&t.as_str()))
        .count() as u64
}

/// The split by id, as the bug suites use it.
pub fn part(job: &EverydayJob) -> Part {
    suite::part_of(&job.id)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;

    fn job(expected: &[&str], first_any: &[&str], check: OutcomeCheck) -> EverydayJob {
        EverydayJob {
            id: "j".into(),
            workspace: "w".into(),
            kind: "explain".into(),
            task: "t".into(),
            expected_tools: expected.iter().map(|s| s.to_string()).collect(),
            first_any: first_any.iter().map(|s| s.to_string()).collect(),
            git_after_commit: BTreeMap::new(),
            check,
        }
    }

    fn names(xs: &[&str]) -> Vec<String> {
        xs.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn tool_sequences_collapse_repeats_and_accept_the_listed_alternatives() {
        let j = job(&["read_file", "apply_edit"], &[], OutcomeCheck::default());
        assert_eq!(
            judge_tools(&j, &names(&["read_file", "read_file", "apply_edit"])),
            (true, true)
        );
        assert_eq!(
            judge_tools(&j, &names(&["read_file", "write_file"])),
            (true, false)
        );
        assert_eq!(
            judge_tools(&j, &names(&["list_dir", "read_file"])),
            (false, false)
        );
        assert_eq!(judge_tools(&j, &[]), (false, false));
        let none = job(&["stop"], &["ask_user"], OutcomeCheck::default());
        assert_eq!(judge_tools(&none, &names(&["ask_user"])), (true, true));
        assert_eq!(
            judge_tools(&none, &names(&["calc", "stop"])),
            (false, false)
        );
    }

    #[test]
    fn outcome_checks_read_the_answer_the_files_and_the_status() {
        let files = |pairs: &[(&str, &str)]| -> BTreeMap<String, Vec<u8>> {
            pairs
                .iter()
                .map(|(p, t)| (p.to_string(), t.as_bytes().to_vec()))
                .collect()
        };
        let before = files(&[("a.txt", "port 8080")]);
        let check = OutcomeCheck {
            answer_all: vec!["8080".into()],
            answer_regex: vec![r"\b4\b[^.]*pass".into()],
            unchanged: true,
            ..OutcomeCheck::default()
        };
        let j = job(&["read_file"], &[], check);
        assert!(
            outcome_misses(
                &j,
                "done",
                "It is 8080; 4 tests passed.",
                1,
                &before,
                &before
            )
            .is_empty()
        );
        let misses = outcome_misses(&j, "stopped", "it is 80", 1, &before, &files(&[]));
        assert_eq!(misses.len(), 4, "{misses:?}");

        let edit = OutcomeCheck {
            file_contains: vec![("a.txt".into(), "9090".into())],
            file_lacks: vec![("a.txt".into(), "8080".into())],
            ..OutcomeCheck::default()
        };
        let j = job(&["read_file", "apply_edit"], &[], edit);
        let after = files(&[("a.txt", "port 9090")]);
        assert!(outcome_misses(&j, "done", "", 2, &before, &after).is_empty());
        assert_eq!(outcome_misses(&j, "done", "", 2, &before, &before).len(), 2);

        let none = OutcomeCheck {
            no_tool_calls: true,
            status: vec!["done".into(), "waiting_for_user".into()],
            ..OutcomeCheck::default()
        };
        let j = job(&["stop"], &["ask_user"], none);
        assert!(outcome_misses(&j, "waiting_for_user", "", 0, &before, &before).is_empty());
        assert_eq!(outcome_misses(&j, "done", "", 1, &before, &before).len(), 1);
    }

    #[test]
    fn the_answer_is_the_text_after_the_summary_prefix() {
        assert_eq!(
            answer_of("answered after 1 tool call (unverified): 4 passed, 1 failed"),
            "4 passed, 1 failed"
        );
        assert_eq!(
            answer_of("stopped: no tool sends email"),
            "no tool sends email"
        );
        assert_eq!(answer_of("Which function?"), "Which function?");
        let full = answer_of(
            "answered after 1 tool call (unverified): all good\nevidence: run_tests → tests: 4 passed, 1 failed",
        );
        assert!(full.contains("4 passed"));
        assert_eq!(model_text(&full), "all good");
    }

    /// The suite in the repository loads, and every job's workspace and checks are sound.
    #[test]
    fn the_bundled_everyday_suite_loads() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/everyday");
        let jobs = load_jobs(&dir).unwrap();
        assert!(jobs.len() >= 30, "{}", jobs.len());
        let kinds: BTreeSet<&str> = jobs.iter().map(|j| j.kind.as_str()).collect();
        for kind in [
            "explain", "files", "search", "tests", "git", "calc", "edit", "ask", "none",
        ] {
            assert!(kinds.contains(kind), "{kind}");
        }
        let catalog = tact_runtime::catalog::catalog();
        for j in &jobs {
            for tool in j.expected_tools.iter().chain(&j.first_any) {
                assert!(
                    tact_runtime::catalog::find(&catalog, tool).is_some(),
                    "{}: {tool}",
                    j.id
                );
            }
        }
    }

    #[test]
    fn a_git_job_starts_from_a_commit_with_its_changes_on_top() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/everyday");
        let jobs = load_jobs(&dir).unwrap();
        let j = jobs
            .iter()
            .find(|j| !j.git_after_commit.is_empty())
            .unwrap();
        let scratch = tempfile::tempdir().unwrap();
        let ws = prepare_workspace(&dir, j, scratch.path()).unwrap();
        let out = Command::new("git")
            .args(["status", "--porcelain"])
            .current_dir(&ws)
            .output()
            .unwrap();
        let status = String::from_utf8_lossy(&out.stdout);
        for path in j.git_after_commit.keys() {
            assert!(status.contains(path.as_str()), "{status}");
        }
    }
}
