//! The main job: "the tests fail; find the bug and fix it".
//!
//! Deterministic nodes carry the load: the test runner's output is parsed, failures are
//! localized without the model, a deterministic `mutate` tool enumerates small edits, the model
//! writes further candidates (replacement and inserted lines, within the plan's explore share)
//! and reads every candidate's likelihood, a learned ranker orders them, and the tests decide.
//!
//! Candidates are bounded probes (C.24 CheckpointReturn): each is one `probe_edit` call that
//! tries the edit in a scratch copy of the workspace and runs the failing tests there (then the
//! whole suite, if they pass). The workspace itself is written once, by the smallest passing
//! candidate, and confirmed by a full test run; a confirmation that fails is undone at once.
//! So whatever stops a job — budget, error, refusal, kill -9 — the workspace holds either the
//! verified fix or what it held before.

use std::collections::{BTreeSet, HashMap, HashSet, VecDeque};

use serde_json::{Value, json};
use tact_policies::policy::{ENUMERATED_FIRST, today, waiver_problem};
use tact_repair::localize;
use tact_repair::mutate::MutationOperator;
use tact_repair::partial::{self, Reach};
use tact_repair::rank::{self, CandidateEdit, CandidateFeatures, CandidateOrigin, CandidateRanker};
use tact_runtime::decisions::{
    BudgetRecord, CandidateApplied, CommitTriggerRecord, Decision, Judgement, LocalizeRecord,
    ModelErrorRecord, ModelRequestKind, ProbeAllocation, ProbeTimeout, ProbeVerdict, Proposals,
    ProposedEdit, RankRecord, RankedCandidate, RankerFallback, Reverted, SetAsideEdit, TestsDecide,
};
use tact_runtime::ledger::JobStatus;
use tact_runtime::records::{NextAction, TestedRoute, ToolRef, TrustVerdict};
use tact_runtime::source::{Language, code_shape, code_without_comments};
use tact_runtime::testreport::{TestReport, parse_test_output, record_hung_tests};

use crate::error::ActorError;
use crate::job::{Attempt, CallBlocked, JobOutcome, Runner};
use crate::nodes::PROBER_STAGES;

mod fill;
mod rewrite;

/// How many localized lines the model writes replacements and insertions for.
const COMPLETION_LOCATIONS: usize = 2;
/// How many cuts of one line the model continues (longest kept prefix first), per context.
const MAX_CUTS: usize = 3;
/// Most tokens the model writes after a cut.
const COMPLETION_TOKENS: usize = 24;
/// First tokens the model starts a method name with after a wrapped expression and its dot
/// (`(a * a + b * b).` → `to`, `f`, `pow`, `sqrt`, …): its greedy choice is rarely the fix.
const METHOD_BRANCHES: usize = 5;
/// Failing assertions quoted to the model. One: on the development suite, SmolLM2 copied
/// calls out of a list of three assertions into the code instead of fixing it.
const QUOTED_ASSERTIONS: usize = 1;
/// Enumerated candidates probed before the model is asked to write any: most enumerable bugs
/// are fixed within these, and a task that is not should not wait for the model any longer.
const FIRST_WAVE: usize = 8;
/// Calls kept back from probing: the commit's edit, its confirming run and, should the
/// confirmation fail, the edit's undo.
const COMMIT_RESERVE: u64 = 3;

/// How the summary of a job that probed every candidate without a pass begins (the bench
/// reads it as the `exhausted` stop reason).
pub const NOTHING_LEFT_TO_TRY: &str = "nothing left to try";

/// One candidate and what the ranker made of it.
#[derive(Debug, Clone)]
struct Candidate {
    edit: CandidateEdit,
    features: CandidateFeatures,
    score: f32,
    /// Edits the candidate makes: 1, or more for one stacked on a partial fix
    /// ([`tact_repair::partial`]), whose `edit` is then the hunk that makes them all.
    parts: u32,
    /// A one-line edit of a line that assigns a name its `while` condition reads
    /// ([`tact_repair::mutate::loop_condition_updates`]): evidence-backed when the run hung.
    moves_a_loop: bool,
}

impl Candidate {
    fn key(&self) -> (String, u32, String) {
        (self.edit.file.clone(), self.edit.line, self.edit.new_text())
    }

    /// The size "least change wins" compares: tokens changed (ties go to the ranker's score).
    fn size(&self) -> u32 {
        let new = self.edit.replacement.join("\n");
        // A line moved to another depth changes no token but is still a change.
        rank::edit_tokens(&self.edit.old_line, &new).max(u32::from(self.edit.old_line != new))
    }

    /// The origin the ledger names: the mutation or `model`, `stacked:` before it when the
    /// candidate is stacked on a partial fix.
    fn origin_name(&self) -> String {
        if self.parts > 1 {
            format!("stacked:{}", self.edit.origin.name())
        } else {
            self.edit.origin.name()
        }
    }

    fn describe(&self) -> String {
        let depth = |l: &str| l.len() - l.trim_start().len();
        if let [new] = self.edit.replacement.as_slice()
            && !self.edit.old_line.contains('\n')
            && new.trim() == self.edit.old_line.trim()
        {
            // Only the depth changed: trimmed, both sides would read the same.
            return format!(
                "{}:{} `{}` indented {} → {} ({})",
                self.edit.file,
                self.edit.line,
                new.trim(),
                depth(&self.edit.old_line),
                depth(new),
                self.origin_name()
            );
        }
        format!(
            "{}:{} `{}` → `{}` ({})",
            self.edit.file,
            self.edit.line,
            self.edit
                .old_line
                .split('\n')
                .map(str::trim)
                .collect::<Vec<_>>()
                .join(" ⏎ "),
            self.edit
                .replacement
                .iter()
                .map(|l| l.trim())
                .collect::<Vec<_>>()
                .join(" ⏎ "),
            self.origin_name()
        )
    }
}

/// Extend the edited line with neighbours until the old block occurs exactly once in the file
/// and the new block exactly once in the edited file, so the edit and its undo are both
/// unambiguous exact-string edits. Returns (old block, new block).
fn edit_block(content: &str, edit: &CandidateEdit) -> Option<(String, String)> {
    let lines: Vec<&str> = content.lines().collect();
    let index = (edit.line as usize).checked_sub(1)?;
    // A hunk replaces `span` lines from `line` on (its `old_line` holds them, `\n`-joined).
    let span = edit.span();
    let end = index + span;
    let old_lines: Vec<&str> = edit.old_line.split('\n').collect();
    let now = lines.get(index..end)?;
    if now.len() != old_lines.len()
        || now
            .iter()
            .zip(&old_lines)
            .any(|(a, b)| a.trim_end() != b.trim_end())
    {
        return None;
    }
    // A deletion needs a neighbour: the new block must not be empty.
    let first_radius = usize::from(edit.replacement.is_empty());
    for radius in first_radius..8usize {
        let lo = index.saturating_sub(radius);
        let hi = (end - 1 + radius).min(lines.len() - 1);
        let old = lines[lo..=hi].join("\n");
        if content.matches(&old).count() != 1 {
            continue;
        }
        let mut replaced: Vec<&str> = lines[lo..index].to_vec();
        replaced.extend(edit.replacement.iter().map(String::as_str));
        replaced.extend(&lines[end..=hi]);
        let new = replaced.join("\n");
        if new.is_empty() || new == old {
            continue;
        }
        if content.replacen(&old, &new, 1).matches(&new).count() == 1 {
            return Some((old, new));
        }
    }
    None
}

/// What a probe found.
#[derive(Debug, Clone)]
struct ProbeOutcome {
    work_id: String,
    passed: bool,
    evidence: String,
    verdict: TrustVerdict,
    /// The digest of the copy's sources and the count of tests passed, when the whole suite
    /// passed there: the commit needs no second run if the workspace then holds that tree.
    passed_in_full: Option<(String, u64)>,
    /// Tests that passed in the copy (the whole suite's count when it ran, else the narrow
    /// run's) and the probes spent up to this one: two of the objectives routes are compared
    /// on.
    tests_passed: u64,
    probes_spent: u64,
    /// What the run of the failing tests said when it failed cleanly (it built, ran, and failed
    /// assertions): how far a partial fix got is read from it.
    failed_narrow: Option<FailedNarrowRun>,
    /// The failed run's report, parsed from the probe's output: whether an edit the
    /// diagnostics proposed cleared their problem is read from it.
    report: Option<TestReport>,
}

/// A failed run of the job's failing tests in a probe's copy.
#[derive(Debug, Clone, Default)]
struct FailedNarrowRun {
    /// The tests that failed, as the runner named them.
    failures: Vec<String>,
    /// Where each failed in test code: (test, file, line in the copy's numbering).
    failed_at: Vec<(String, String, u32)>,
    /// The runner stopped at the first failure (pytest's `-x`).
    stops_at_first: bool,
}

fn failed_narrow_run(output: &Value) -> Option<FailedNarrowRun> {
    let clean_failure = output.get("status").and_then(Value::as_str) == Some("failed")
        && output.get("last_run").and_then(Value::as_str) == Some("narrow")
        && output.get("timed_out").and_then(Value::as_bool) != Some(true)
        && output.get("stopped_on_hang").and_then(Value::as_bool) != Some(true);
    let narrow = output.get("narrow")?;
    let broke = narrow.get("build_failed").and_then(Value::as_bool) != Some(false)
        || narrow.get("errors").and_then(Value::as_u64) != Some(0);
    if !clean_failure || broke {
        return None;
    }
    let failures = narrow
        .get("failures")?
        .as_array()?
        .iter()
        .filter_map(|t| t.as_str().map(str::to_string))
        .collect();
    let failed_at = narrow
        .get("failed_at")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|p| {
            Some((
                p.get("test")?.as_str()?.to_string(),
                p.get("file")?.as_str()?.to_string(),
                u32::try_from(p.get("line")?.as_u64()?).ok()?,
            ))
        })
        .collect();
    Some(FailedNarrowRun {
        failures,
        failed_at,
        stops_at_first: output.get("runner").and_then(Value::as_str) == Some("pytest"),
    })
}

/// How far the failing tests got in a probe of `edit`, its failure points mapped back to the
/// original sources' numbering; `failing` are the failing run's tests in its order.
fn reach_of(run: &FailedNarrowRun, edit: &CandidateEdit, failing: &[String]) -> Option<Reach> {
    let points = run
        .failed_at
        .iter()
        .filter_map(|(test, file, line)| {
            let line = partial::original_line(edit, file, *line)?;
            Some((test.clone(), (file.clone(), line)))
        })
        .collect();
    Reach::of_run(failing, &run.failures, run.stops_at_first, points)
}

/// How far the failing run that started the job got: each failing test's point in test code.
fn baseline_reach(baseline: &TestReport, workspace: &std::path::Path) -> (Vec<String>, Reach) {
    let failing: Vec<String> = baseline
        .failures
        .iter()
        .filter(|f| f.kind == tact_runtime::testreport::FailureKind::Test)
        .map(|f| f.test.clone())
        .collect();
    let points = tact_runtime::testreport::failure_points(baseline, workspace)
        .into_iter()
        .map(|(test, frame)| (test, (frame.file, frame.line)))
        .collect();
    (failing, Reach::of_failing_run(points))
}

fn probe_outcome(done: crate::job::Performed) -> ProbeOutcome {
    let output = &done.observation.output;
    let status = output
        .get("status")
        .and_then(Value::as_str)
        .unwrap_or("no status");
    let counts = |k: &str| {
        output.get(k).and_then(|r| {
            Some(format!(
                "{k}: {} passed, {} failed",
                r.get("passed")?.as_u64()?,
                r.get("failed")?.as_u64()?
            ))
        })
    };
    let evidence = match (&done.observation.error, counts("narrow"), counts("full")) {
        (Some(e), _, _) => format!("refused: {e}"),
        (None, narrow, full) => [Some(status.to_string()), narrow, full]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join("; "),
    };
    let passed = done.observation.ok
        && status == "passed"
        && !matches!(done.verdict, TrustVerdict::Failed { .. });
    let full = output.get("full");
    let passed_in_full = match (
        output.get("tree_sha256").and_then(Value::as_str),
        full.and_then(|r| r.get("passed")).and_then(Value::as_u64),
        full.and_then(|r| r.get("failed")).and_then(Value::as_u64),
    ) {
        (Some(tree), Some(n), Some(0)) if passed && n > 0 => Some((tree.to_string(), n)),
        _ => None,
    };
    let tests_passed = ["full", "narrow"]
        .iter()
        .find_map(|k| output.get(*k)?.get("passed")?.as_u64())
        .unwrap_or(0);
    let (failed_narrow, report) = if passed {
        (None, None)
    } else {
        (failed_narrow_run(output), report_of(&done.observation))
    };
    ProbeOutcome {
        work_id: done.work_id,
        passed,
        evidence,
        verdict: done.verdict,
        passed_in_full,
        tests_passed,
        // Set by the caller, which counts the probes.
        probes_spent: 0,
        failed_narrow,
        report,
    }
}

impl Runner {
    /// The whole suite once; also its pace (probes are timed against it). `trace`: pytest runs
    /// under the line tracer and its spectrum is kept in [`Runner::spectrum`].
    async fn run_tests(
        &mut self,
        depends_on: Vec<String>,
        trace: bool,
    ) -> Result<(String, Result<TestReport, String>, TrustVerdict, SuitePace), CallBlocked> {
        let done = self
            .perform(Attempt {
                tool: "run_tests".into(),
                args: if trace {
                    json!({"trace": true})
                } else {
                    json!({})
                },
                depends_on,
                offered: vec!["run_tests".into()],
                restore: false,
            })
            .await?;
        let output = &done.observation.output;
        if trace {
            self.spectrum = output
                .get("spectrum")
                .and_then(|s| serde_json::from_value(s.clone()).ok());
        }
        let cut = ["timed_out", "stopped_on_hang"]
            .iter()
            .any(|k| output.get(*k).and_then(Value::as_bool) == Some(true));
        let report =
            report_of(&done.observation).ok_or_else(|| runner_last_words(&done.observation));
        let took = SuitePace {
            ms: done.observation.duration_ms,
            cut,
            builds: !report
                .as_ref()
                .is_ok_and(|r| r.runner == tact_runtime::testreport::TestRunner::Pytest),
        };
        Ok((done.work_id, report, done.verdict, took))
    }

    /// A read through the worker, when the guard must learn a file's current content (an
    /// undo after a resume, where the crash may have cut the edit's record).
    async fn read(&mut self, path: &str) -> Result<(String, String), CallBlocked> {
        let done = self
            .perform(Attempt {
                tool: "read_file".into(),
                args: json!({"path": path}),
                depends_on: vec![],
                offered: vec!["read_file".into()],
                restore: false,
            })
            .await?;
        let content = std::fs::read_to_string(self.cfg.workspace.join(path))
            .map_err(|e| CallBlocked::InDoubt(format!("reading {path}: {e}")))?;
        Ok((done.work_id, content))
    }

    async fn edit(
        &mut self,
        path: &str,
        old: &str,
        new: &str,
        restore: bool,
    ) -> Result<(String, TrustVerdict), CallBlocked> {
        self.edit_reporting_tree(path, old, new, restore, false)
            .await
            .map(|(id, verdict, _)| (id, verdict))
    }

    /// [`Runner::edit`], also returning the workspace's source digest after the edit when
    /// `tree` asks for it.
    async fn edit_reporting_tree(
        &mut self,
        path: &str,
        old: &str,
        new: &str,
        restore: bool,
        tree: bool,
    ) -> Result<(String, TrustVerdict, Option<String>), CallBlocked> {
        let mut args = json!({"path": path, "old_text": old, "new_text": new});
        if tree {
            args["tree_sha256"] = json!(true);
        }
        let done = self
            .perform(Attempt {
                tool: "apply_edit".into(),
                args,
                depends_on: vec![],
                offered: vec!["apply_edit".into()],
                restore,
            })
            .await?;
        let digest = done
            .observation
            .output
            .get("tree_sha256")
            .and_then(Value::as_str)
            .map(str::to_string);
        Ok((done.work_id, done.verdict, digest))
    }

    /// Candidates tried side by side, one per scratch slot: one call each, the workspace
    /// untouched. Outcomes come back in the order given.
    async fn probe_batch(
        &mut self,
        batch: &[(String, String, String)],
        tests: &[String],
        timeout_ms: u64,
    ) -> Vec<Result<ProbeOutcome, CallBlocked>> {
        let attempts = batch
            .iter()
            .enumerate()
            .map(|(slot, (path, old, new))| {
                let mut args = json!({
                    "edits": [{"path": path, "old_text": old, "new_text": new}],
                    "timeout_ms": timeout_ms,
                });
                if slot > 0 {
                    args["slot"] = json!(slot);
                }
                if !tests.is_empty() {
                    args["tests"] = json!(tests);
                }
                let stage = PROBER_STAGES.get(slot).copied().unwrap_or(PROBER_STAGES[0]);
                (
                    Attempt {
                        tool: "probe_edit".into(),
                        args,
                        depends_on: vec![],
                        offered: vec!["probe_edit".into()],
                        restore: false,
                    },
                    stage,
                )
            })
            .collect();
        self.perform_side_by_side(attempts)
            .await
            .into_iter()
            .map(|r| r.map(probe_outcome))
            .collect()
    }

    fn tool_calls_left(&self) -> u64 {
        self.budget.residual().tool_calls
    }
}

/// What a test run that gave no report said last: the last non-blank line of its error output
/// (else of its output), so "No module named pytest" or "could not find `Cargo.toml`" reaches
/// the user instead of a bare "no report".
pub fn runner_last_words(obs: &tact_runtime::messages::Observation) -> String {
    let tail = |key: &str| {
        obs.output
            .get(key)
            .and_then(Value::as_str)
            .and_then(|t| t.lines().rev().map(str::trim).find(|l| !l.is_empty()))
            .map(str::to_string)
    };
    let line = tail("stderr_tail")
        .or_else(|| tail("stdout_tail"))
        .or_else(|| obs.error.clone())
        .unwrap_or_else(|| "the runner printed nothing".to_string());
    let mut cut: String = line.chars().take(200).collect();
    if cut.len() < line.len() {
        cut.push('…');
    }
    cut
}

/// The test report in a `run_tests` (or probe) observation, if the output could be read.
pub fn report_of(obs: &tact_runtime::messages::Observation) -> Option<TestReport> {
    // The failure details (messages, frames) come from the output tails; the counts from the
    // tool's own parse of the whole output when it gives them (the tails may be cut).
    let text = [
        obs.output
            .get("stdout_tail")
            .and_then(Value::as_str)
            .unwrap_or(""),
        obs.output
            .get("stderr_tail")
            .and_then(Value::as_str)
            .unwrap_or(""),
    ]
    .join("\n");
    let mut report = parse_test_output(&text);
    // A run stopped on a hung test: the tool recorded the hung test as failed; so does this.
    if obs.output.get("stopped_on_hang").and_then(Value::as_bool) == Some(true) {
        record_hung_tests(&mut report, &text);
    }
    if let Some(summary) = obs.output.get("report") {
        let count = |k: &str| summary.get(k).and_then(Value::as_u64).map(|n| n as u32);
        if let (Some(passed), Some(failed)) = (count("passed"), count("failed")) {
            report.passed = passed;
            report.failed = failed;
            report.errors = count("errors").unwrap_or(report.errors);
        }
        if let Some(b) = summary.get("build_failed").and_then(Value::as_bool) {
            report.build_failed = b;
        }
    }
    (report.passed + report.failed + report.errors > 0 || report.build_failed).then_some(report)
}

/// The tests a probe runs: those that fail. A build error names no test (its "name" is the
/// error's code), so a program that did not build is probed with the whole suite.
fn failing_names(report: &TestReport) -> BTreeSet<String> {
    if report.build_failed {
        return BTreeSet::new();
    }
    report
        .failures
        .iter()
        .filter(|f| f.kind != tact_runtime::testreport::FailureKind::Build)
        .map(|f| f.test.clone())
        .collect()
}

fn blocked_to_error(runner: &mut Runner, blocked: CallBlocked) -> Result<JobOutcome, ActorError> {
    match blocked {
        CallBlocked::Budget(breach) => runner.on_budget_breach(&breach),
        CallBlocked::Fatal(e) => Err(e),
        CallBlocked::Refused(r) => {
            let reason = format!("guard refused a planned call: {}", r.message);
            runner.checkpoint(
                NextAction::Stop {
                    reason: reason.clone(),
                },
                &reason,
            )?;
            runner.finish(JobStatus::Stopped, &reason)
        }
        CallBlocked::NotCommitted(why) => {
            runner.checkpoint(
                NextAction::Stop {
                    reason: why.clone(),
                },
                &why,
            )?;
            runner.finish(JobStatus::Stopped, &why)
        }
        CallBlocked::InDoubt(reason) => {
            runner.checkpoint(
                NextAction::Stop {
                    reason: reason.clone(),
                },
                &reason,
            )?;
            runner.finish(JobStatus::NeedsAttention, &reason)
        }
    }
}

macro_rules! step {
    ($runner:expr, $e:expr) => {
        match $e {
            Ok(v) => v,
            Err(blocked) => return blocked_to_error($runner, blocked),
        }
    };
}

fn candidate_id(file: &str, old_block: &str, new_block: &str) -> String {
    use sha2::Digest;
    let mut h = sha2::Sha256::new();
    for part in [file, "\u{0}", old_block, "\u{0}", new_block] {
        h.update(part.as_bytes());
    }
    hex::encode(h.finalize())[..16].to_string()
}

/// Undo a commit edit a crashed run applied but never confirmed: the workspace goes back to
/// its checkpoint before anything else happens.
async fn revert_pending(runner: &mut Runner) -> Result<(), CallBlocked> {
    for (file, old_block, new_block) in std::mem::take(&mut runner.pending_reverts) {
        let content = std::fs::read_to_string(runner.cfg.workspace.join(&file)).unwrap_or_default();
        if content.matches(new_block.as_str()).count() == 1 && !content.contains(old_block.as_str())
        {
            runner.read(&file).await?;
            runner.edit(&file, &new_block, &old_block, true).await?;
        }
        let id = candidate_id(&file, &old_block, &new_block);
        runner
            .decision(Decision::Reverted(Reverted {
                id,
                file: file.clone(),
                after_resume: true,
                failed: None,
            }))
            .map_err(CallBlocked::Fatal)?;
    }
    Ok(())
}

/// The ranker the policy names, if any (a policy without one orders by the hand-set prior).
fn load_ranker(runner: &mut Runner) -> Result<Option<CandidateRanker>, ActorError> {
    match rank::named_ranker(
        runner.cfg.policy.body.repair.ranker.as_deref(),
        &tact_models::fetch::default_home(),
    ) {
        Ok(ranker) => Ok(ranker),
        Err(e) => {
            runner.decision(Decision::Ranker(RankerFallback {
                error: e.to_string(),
                fallback: "hand_set".into(),
            }))?;
            Ok(None)
        }
    }
}

/// The decoder reads the candidates: per edited line, one request scoring the original line
/// and each replacement (followed by the same next lines) after the function's code so far.
/// Within the policy's scoring budget, taken in the order the ranker gives them without
/// likelihoods; the rest stay unscored. Returns how many were scored.
async fn score_candidates(
    runner: &mut Runner,
    candidates: &mut [Candidate],
    contents: &HashMap<String, String>,
    ranker: Option<&CandidateRanker>,
) -> Result<usize, ActorError> {
    let all: Vec<CandidateEdit> = candidates.iter().map(|c| c.edit.clone()).collect();
    let mut priority: Vec<(usize, f32)> = candidates
        .iter()
        .enumerate()
        .map(|(i, c)| (i, ranker_score(&c.features, ranker)))
        .collect();
    // Best first; ties keep the enumeration order (stable sort).
    priority.sort_by(|a, b| b.1.total_cmp(&a.1));
    let priority: Vec<usize> = priority.into_iter().map(|(i, _)| i).collect();
    let budget = runner.cfg.policy.body.repair.scoring_tokens;
    let chosen = rank::scoring_selection(&all, contents, &priority, budget);
    tracing::debug!(
        candidates = all.len(),
        chosen = chosen.len(),
        estimated_tokens = rank::scoring_tokens_estimate(&all, contents),
        budget,
        "repair scoring"
    );
    let edits: Vec<CandidateEdit> = chosen.iter().filter_map(|&i| all.get(i).cloned()).collect();
    let mut features: Vec<CandidateFeatures> = chosen
        .iter()
        .filter_map(|&i| candidates.get(i).map(|c| c.features.clone()))
        .collect();
    let requests = best_ranked_first(rank::scoring_requests(&edits, contents), &chosen, &priority);
    let allowance = scoring_allowance(
        runner
            .budget
            .ceilings
            .wall_time_ms
            .saturating_sub(runner.elapsed_ms()),
        runner.cfg.policy.body.repair.scoring_share,
    );
    let began = std::time::Instant::now();
    let total = requests.len();
    for (done, request) in requests.into_iter().enumerate() {
        if allowance.is_some_and(|limit| began.elapsed() >= limit) {
            tracing::debug!(
                requests_scored = done,
                requests = total,
                ms = began.elapsed().as_millis() as u64,
                "repair scoring stopped: its share of the wall time is spent"
            );
            break;
        }
        let result = runner
            .score_text(request.context.clone(), request.continuations.clone())
            .await;
        // A model that cannot score (or is out of compute, not of tool calls) leaves the
        // likelihood features unset; the ranker still orders by the rest and probing goes on.
        match answered(runner, ModelRequestKind::Scoring, result)? {
            Some(scores) => rank::apply_scores(&mut features, &request, &scores),
            None => break,
        }
    }
    let scored = features.iter().filter(|f| f.is_scored()).count();
    for (&i, f) in chosen.iter().zip(features) {
        if let Some(c) = candidates.get_mut(i) {
            c.features = f;
        }
    }
    Ok(scored)
}

/// Scoring requests ordered by their best-ranked candidate (`targets` index `chosen`, whose
/// entries are ranked by `priority`, best first), so a scoring cut short by its time share
/// leaves the least likely candidates unscored.
fn best_ranked_first(
    mut requests: Vec<rank::ScoringRequest>,
    chosen: &[usize],
    priority: &[usize],
) -> Vec<rank::ScoringRequest> {
    let position: HashMap<usize, usize> =
        priority.iter().enumerate().map(|(p, &i)| (i, p)).collect();
    requests.sort_by_key(|r| {
        r.targets
            .iter()
            .flatten()
            .filter_map(|t| chosen.get(*t).and_then(|i| position.get(i)))
            .min()
            .copied()
            .unwrap_or(usize::MAX)
    });
    requests
}

/// How long scoring one ranking may take: `share` of the wall time left (`None`: no limit,
/// when the share is 0 or the budget has no wall-time ceiling).
fn scoring_allowance(wall_left_ms: u64, share: f32) -> Option<std::time::Duration> {
    (share > 0.0 && wall_left_ms > 0 && wall_left_ms < u64::MAX / 2).then(|| {
        std::time::Duration::from_millis((wall_left_ms as f64 * f64::from(share.min(1.0))) as u64)
    })
}

/// A candidate's score: the fitted ranker's (which counts likelihoods the decoder has not
/// read as an average candidate's), or the hand-set one without it.
fn ranker_score(features: &CandidateFeatures, ranker: Option<&CandidateRanker>) -> f32 {
    match ranker {
        Some(r) => r.score(features),
        None => rank::hand_set_score(features),
    }
}

/// Whether a candidate is backed by evidence specific enough to probe it before any other,
/// whatever the ranker (fitted before such edits existed) thinks of it: a run that hung points at
/// a loop that never ends (its missing step, or the lines that move its condition), and a list
/// declared `mut` and never changed at the step it lacks.
fn evidence_first(candidate: &Candidate, signs: RunSigns) -> bool {
    evidence_tier(candidate, signs) < EvidenceTier::None
}

/// What a failing run shows beyond which tests failed, for the order of the candidates.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct RunSigns {
    /// A test hung ([`localize::report_shows_a_hang`]): a loop that never ends.
    hang: bool,
    /// A result lacks the items the test expects at its end
    /// ([`localize::report_shows_missing_last_items`]): the last piece a loop collects.
    missing_last_items: bool,
}

impl RunSigns {
    fn of(report: &TestReport) -> Self {
        RunSigns {
            hang: localize::report_shows_a_hang(report),
            missing_last_items: localize::report_shows_missing_last_items(report),
        }
    }
}

/// How specific a candidate's evidence is, most specific first: the compiler's or the
/// interpreter's own proposal, a loop whose condition never
/// changes (its missing step) or a `mut` list never changed, then an edit of a line that does
/// move a hung loop's condition (it may move it too little), then none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum EvidenceTier {
    /// The compiler or interpreter proposed the edit: the program does not build or parse,
    /// so no test says anything else.
    Diagnosed,
    /// A run shows the step missing (a hang, a result cut short at its end), the
    /// description states the very formula a value falls short of or the order names are
    /// in, the code trims a separator it never appends, it compares a root with the
    /// number it was taken from, a digit loop has no zero case, a running max or min
    /// starts at 0, or the description names the extreme the code does not compute or the
    /// operation it does on a number, or parentheses group nothing unless an `and`/`or` in
    /// them is the other one, or the description names a step (a sort, a reverse) the code
    /// never takes or an empty case it never asks about, or a wrap-around, a length, a tie
    /// rule, a skip, a divisor or a one-to-one rule the code never applies, or two values
    /// read from different places are written back at the same one, or a sliding window
    /// never lets an item leave, or it divides where the description gives a value for a zero
    /// divisor, or names bound after a loop for the pair it leaves out are never read, or a
    /// store is never read where its twin block checks it, or a stack grown to a depth is
    /// never cut back, or a value adjusted after its start starts over unadjusted.
    MissingStep,
    LoopMove,
    None,
}

fn evidence_tier(candidate: &Candidate, signs: RunSigns) -> EvidenceTier {
    let hang = signs.hang;
    match candidate.features.origin {
        CandidateOrigin::Mutate(MutationOperator::DiagnosticHint) => EvidenceTier::Diagnosed,
        CandidateOrigin::Mutate(MutationOperator::LoopStep) if hang => EvidenceTier::MissingStep,
        CandidateOrigin::Mutate(MutationOperator::IdleMutableStep) => EvidenceTier::MissingStep,
        CandidateOrigin::Mutate(
            MutationOperator::StatedFormula
            | MutationOperator::StatedOrder
            | MutationOperator::AppendSeparator
            | MutationOperator::RaiseRoot
            | MutationOperator::ZeroCase
            | MutationOperator::ExtremeStart
            | MutationOperator::DescribedExtreme
            | MutationOperator::StatedOperation
            | MutationOperator::RedundantGroupFlip
            | MutationOperator::DescribedCall
            | MutationOperator::EmptyCase
            | MutationOperator::DescribedWrap
            | MutationOperator::DescribedLength
            | MutationOperator::DescribedTie
            | MutationOperator::DescribedSkip
            | MutationOperator::StatedDivisor
            | MutationOperator::DescribedOneToOne
            | MutationOperator::LookaheadSkip
            | MutationOperator::DescribedDefault
            | MutationOperator::DescribedSet
            | MutationOperator::CrossedPlacement
            | MutationOperator::SlidingWindowExit
            | MutationOperator::DivisorGuard
            | MutationOperator::ClosingStatement
            | MutationOperator::DeadStoreRead
            | MutationOperator::CutBackStack
            | MutationOperator::LostAdjustment,
        ) => EvidenceTier::MissingStep,
        CandidateOrigin::Mutate(
            MutationOperator::FlushRemainder | MutationOperator::MirrorStatement,
        ) if signs.missing_last_items => EvidenceTier::MissingStep,
        // Deleting the step only makes the loop hang for good.
        CandidateOrigin::Mutate(MutationOperator::DeleteLine) => EvidenceTier::None,
        CandidateOrigin::Mutate(_) if hang && candidate.moves_a_loop => EvidenceTier::LoopMove,
        CandidateOrigin::Mutate(_) | CandidateOrigin::Model => EvidenceTier::None,
    }
}

/// Mark the one-line edits of lines that move a `while` condition (see
/// [`Candidate::moves_a_loop`]), reading each file's loops from `contents`.
fn mark_loop_moves(candidates: &mut [Candidate], contents: &HashMap<String, String>) {
    let mut loops: HashMap<&str, Vec<u32>> = HashMap::new();
    for c in candidates.iter_mut() {
        let Some(language) = Language::from_path(std::path::Path::new(&c.edit.file)) else {
            continue;
        };
        let Some(source) = contents.get(&c.edit.file) else {
            continue;
        };
        let lines = loops
            .entry(c.edit.file.as_str())
            .or_insert_with(|| tact_repair::mutate::loop_condition_updates(source, language));
        c.moves_a_loop = c.parts == 1
            && c.edit.replacement.len() == 1
            && !c.edit.old_line.contains('\n')
            && lines.contains(&c.edit.line);
    }
}

/// How much a candidate's score drops per doubling of the better-ranked candidates that make
/// the same kind of edit on the same line (the k-th loses `SAME_KIND_PENALTY · ln k`).
const SAME_KIND_PENALTY: f32 = 0.5;

fn order(candidates: &mut [Candidate], ranker: Option<&CandidateRanker>, signs: RunSigns) {
    for c in candidates.iter_mut() {
        c.score = ranker_score(&c.features, ranker);
    }
    // Best first; ties keep the enumeration order (stable sort).
    candidates.sort_by(|a, b| b.score.total_cmp(&a.score));
    spread_kinds(candidates);
    cover_kinds(candidates);
    candidates.sort_by_key(|c| evidence_tier(c, signs));
}

/// A candidate's kind of edit and where: (file, line, origin).
fn candidate_kind(c: &Candidate) -> (String, u32, String) {
    (c.edit.file.clone(), c.edit.line, c.features.origin.name())
}

/// Every `COVERAGE_EVERY`-th probe goes to a kind of edit not yet tried on a line, once the
/// first `COVERAGE_AFTER` probes went by the ranker alone (most bugs are found there).
const COVERAGE_EVERY: usize = 4;
const COVERAGE_AFTER: usize = 24;

/// The ranker reads the decoder's likelihoods, and a small decoder can find a right edit very
/// unlikely (`sum(max(…))` → `sum(min(…))`: rank 178 of 313 while the budget ran out at 196):
/// after the first `COVERAGE_AFTER` places, every `COVERAGE_EVERY`-th place goes to the best
/// candidate of the next (line, kind) not yet placed, lines in localization order, so each kind of edit on the most suspicious lines is
/// tried early whatever the likelihood says. The rest keep the ranker's order.
fn cover_kinds(candidates: &mut [Candidate]) {
    let kind = candidate_kind;
    // The best of each (line, kind): its first place in the ranked order.
    let mut firsts: Vec<usize> = Vec::new();
    let mut seen: HashSet<(String, u32, String)> = HashSet::new();
    for (i, c) in candidates.iter().enumerate() {
        if seen.insert(kind(c)) {
            firsts.push(i);
        }
    }
    firsts.sort_by_key(|&i| candidates.get(i).map_or(u32::MAX, |c| c.edit.location_rank));
    let mut coverage = firsts.into_iter().peekable();
    let mut placed = vec![false; candidates.len()];
    let mut ranked = 0..candidates.len();
    let mut sequence: Vec<usize> = Vec::with_capacity(candidates.len());
    while sequence.len() < candidates.len() {
        let covering =
            sequence.len() >= COVERAGE_AFTER && (sequence.len() + 1).is_multiple_of(COVERAGE_EVERY);
        let next = if covering {
            coverage.by_ref().find(|&i| !placed[i])
        } else {
            None
        }
        .or_else(|| ranked.by_ref().find(|&i| !placed[i]));
        let Some(i) = next.or_else(|| coverage.by_ref().find(|&i| !placed[i])) else {
            break;
        };
        placed[i] = true;
        sequence.push(i);
    }
    let reordered: Vec<Candidate> = sequence
        .into_iter()
        .filter_map(|i| candidates.get(i).cloned())
        .collect();
    if reordered.len() == candidates.len() {
        for (slot, c) in candidates.iter_mut().zip(reordered) {
            *slot = c;
        }
    }
}

/// Fifty `+ 1`/`- 1` offsets of one line's indexes would otherwise all go before the one
/// `max` → `min` of that line whenever the ranker likes offsets a little more: the k-th
/// candidate of a (line, kind) loses `SAME_KIND_PENALTY · ln k`, so each kind's best on each
/// line is tried before a kind's long tail (probe35-py-09: 53 offsets probed, the `min` never).
/// Expects `candidates` sorted best first; keeps that order among equals.
fn spread_kinds(candidates: &mut [Candidate]) {
    let mut seen: HashMap<(String, u32, String), u32> = HashMap::new();
    for c in candidates.iter_mut() {
        let k = seen.entry(candidate_kind(c)).or_insert(0);
        *k += 1;
        c.score -= SAME_KIND_PENALTY * (*k as f32).ln();
    }
    candidates.sort_by(|a, b| b.score.total_cmp(&a.score));
}

/// The ranking's record: how many were ranked and read, the first ten.
fn rank_record(
    runner: &mut Runner,
    ranker: Option<&CandidateRanker>,
    candidates: &[Candidate],
    scored: Option<usize>,
    scoring_deferred: Option<usize>,
) -> Result<(), ActorError> {
    runner.decision(Decision::Rank(RankRecord {
        ranker: ranker
            .map(|r| r.edition.clone())
            .unwrap_or_else(|| "hand_set".into()),
        candidates: candidates.len(),
        scored,
        scoring_deferred,
        top: candidates
            .iter()
            .take(10)
            .map(|c| RankedCandidate {
                candidate: c.describe(),
                score: c.score,
            })
            .collect(),
    }))
}

/// What the failing run says about the order: whether it hung (a loop step goes first), and
/// whether the model's reading may wait until the evidence-backed candidates are probed.
#[derive(Debug, Clone, Copy)]
struct EvidenceOrder<'a> {
    signs: RunSigns,
    defer_scoring: bool,
    /// What the compiler or interpreter proposed ([`tact_repair::diagnose`]): probed first.
    diagnosed: &'a [tact_repair::diagnose::DiagnosticEdit],
}

/// What a ranking returns: the locations candidates were drawn from, the ordered candidates,
/// and whether the decoder's reading of them waits for the evidence-backed ones to be probed.
struct Ranked {
    source_locations: Vec<localize::CandidateLocation>,
    candidates: Vec<Candidate>,
    scoring_deferred: bool,
}

/// Enumerate candidates at `locations` with the deterministic `mutate` tool (never test code;
/// recorded as its call, so the trust gate checks them and the ledger keeps what was
/// enumerated), leave out those in `skip`, let the model read the rest and order them.
///
/// With `defer_scoring`, a ranking that holds evidence-backed candidates ([`evidence_first`])
/// is ordered without the model's reading: they are probed first whatever it says, and when one
/// of them passes, reading hundreds of others (a minute of decoding on a hang) was wasted. The
/// probe loop has the rest read before it probes any of them ([`read_deferred`]).
async fn enumerate_and_rank(
    runner: &mut Runner,
    locations: &[localize::CandidateLocation],
    contents: &HashMap<String, String>,
    max_candidates: usize,
    ranker: Option<&CandidateRanker>,
    skip: &BTreeSet<(String, u32, String)>,
    EvidenceOrder {
        signs,
        defer_scoring,
        diagnosed,
    }: EvidenceOrder<'_>,
) -> Result<Ranked, ActorError> {
    let rank::Enumerated {
        source_locations,
        edits,
    } = rank::enumerate_candidates(
        &runner.cfg.workspace,
        locations,
        contents,
        max_candidates,
        runner.cfg.policy.body.repair.insert_guards,
    );
    // The runner's own proposals first, in its order.
    let mut all = rank::edits_from_diagnostics(diagnosed, &source_locations);
    all.extend(edits);
    let edits: Vec<CandidateEdit> = all
        .into_iter()
        .filter(|e| !skip.contains(&(e.file.clone(), e.line, e.new_text())))
        .collect();
    runner
        .perform_local(
            "mutate",
            json!({"locations": source_locations.iter().map(|l| json!({"file": l.file, "line": l.line})).collect::<Vec<_>>()}),
            json!({"candidates": edits.iter().map(|e| json!({
                "file": e.file,
                "line": e.line,
                "new_text": e.new_text(),
                "origin": e.origin.name(),
            })).collect::<Vec<_>>()}),
        )
        .await?;
    let mut candidates = candidates_of(edits);
    if signs.hang {
        mark_loop_moves(&mut candidates, contents);
    }
    let model_reads = ranker.is_none_or(CandidateRanker::uses_model);
    let evidence = candidates
        .iter()
        .filter(|c| evidence_first(c, signs))
        .count();
    let scoring_deferred = model_reads && defer_scoring && evidence > 0;
    let scored = if model_reads && !scoring_deferred {
        Some(score_candidates(runner, &mut candidates, contents, ranker).await?)
    } else {
        None
    };
    order(&mut candidates, ranker, signs);
    rank_record(
        runner,
        ranker,
        &candidates,
        scored,
        scoring_deferred.then_some(evidence),
    )?;
    Ok(Ranked {
        source_locations,
        candidates,
        scoring_deferred,
    })
}

/// The model reads the queued candidates whose reading was deferred ([`enumerate_and_rank`]),
/// now that every evidence-backed one ahead of them was probed, and they are ordered again.
/// `singles` (the partners a partial fix is stacked with) take the new order too.
async fn read_deferred(
    runner: &mut Runner,
    queue: &mut VecDeque<Candidate>,
    singles: &mut Vec<Candidate>,
    contents: &HashMap<String, String>,
    ranker: Option<&CandidateRanker>,
    signs: RunSigns,
) -> Result<(), ActorError> {
    let mut rest: Vec<Candidate> = queue.drain(..).collect();
    let scored = score_candidates(runner, &mut rest, contents, ranker).await?;
    order(&mut rest, ranker, signs);
    rank_record(runner, ranker, &rest, Some(scored), None)?;
    let keys: BTreeSet<(String, u32, String)> = rest.iter().map(Candidate::key).collect();
    singles.retain(|s| !keys.contains(&s.key()));
    let at = singles
        .iter()
        .position(|s| !evidence_first(s, signs))
        .unwrap_or(singles.len());
    singles.splice(at..at, rest.iter().cloned());
    *queue = rest.into();
    Ok(())
}

/// Every candidate of the first localization failed and budget is left: localize again
/// `widen_locations` lines deep (the first lines keep their places, so the new ones rank below
/// them, as the ranker's location features expect) and return the ordered candidates that were
/// not offered before. A bug on a line the first look ranked too low (a long function, a plain
/// binding or `return` below a run of comparisons) is reached this way without moving the
/// candidates that fix most bugs.
async fn widen(
    runner: &mut Runner,
    baseline: &TestReport,
    first: &[localize::CandidateLocation],
    contents: &mut HashMap<String, String>,
    repair: &tact_policies::policy::RepairPolicy,
    ranker: Option<&CandidateRanker>,
    offered: &BTreeSet<(String, u32, String)>,
) -> Result<Vec<Candidate>, ActorError> {
    let wider = match localize::localize_traced(
        baseline,
        runner.spectrum.as_ref(),
        &runner.cfg.workspace,
        repair.widen_locations,
    ) {
        Ok(wider) => wider,
        Err(e) => {
            runner.decision(Decision::Localize(LocalizeRecord {
                candidates: Vec::new(),
                error: Some(format!("widening: {e}")),
            }))?;
            return Ok(Vec::new());
        }
    };
    let is_new = |l: &localize::CandidateLocation| {
        !first.iter().any(|f| f.file == l.file && f.line == l.line)
    };
    if !wider.iter().any(is_new) {
        return Ok(Vec::new());
    }
    // A file only the wider look reaches is read as the first look's were; one that cannot be
    // read is left out rather than stopping a job that still has candidates to try.
    let mut readable = Vec::with_capacity(wider.len());
    for loc in wider {
        if !contents.contains_key(&loc.file) {
            match std::fs::read_to_string(runner.cfg.workspace.join(&loc.file)) {
                Ok(text) => {
                    contents.insert(loc.file.clone(), text);
                }
                Err(_) => continue,
            }
        }
        readable.push(loc);
    }
    runner.decision(Decision::Localize(LocalizeRecord {
        candidates: readable.clone(),
        error: None,
    }))?;
    // The cap counts the first lines' candidates again, so it leaves room for the new ones.
    let ranked = enumerate_and_rank(
        runner,
        &readable,
        contents,
        repair.max_candidates.saturating_add(offered.len()),
        ranker,
        offered,
        EvidenceOrder {
            signs: RunSigns::of(baseline),
            defer_scoring: false,
            diagnosed: &[],
        },
    )
    .await?;
    Ok(ranked.candidates)
}

/// How long a run of the whole suite took, and whether it was cut short (its time limit, or
/// the runner's own warning that a test hangs): a cut run's duration is the limit's, not the
/// suite's pace.
#[derive(Debug, Clone, Copy)]
struct SuitePace {
    ms: u64,
    cut: bool,
    /// The runner compiles before it tests (cargo), or is not known not to.
    builds: bool,
}

/// A probe's time limit when the failing run was cut short: a test hangs with no per-test time
/// limit to stop it (a pytest suite without `pytest-timeout`), so every probe that keeps the
/// loop would cost the run's whole limit. A fixed program's small suite, compile included,
/// runs well within it.
const CUT_RUN_PROBE_MS: u64 = 20_000;

/// The same for a runner that builds nothing first (pytest): a probe runs only the failing
/// tests, which a fixed small program passes in about a second, so each probe that keeps the
/// loop costs 8 s instead of 20 (a binary search whose `lo = mid` never ends, 2026-12-04).
const CUT_RUN_INTERPRETED_PROBE_MS: u64 = 8_000;

/// Whether the wall time left (`ceiling_ms` less `elapsed_ms`) has fallen to the writer's
/// `share` of the ceiling; never without a share or a ceiling.
fn writer_time_reached(ceiling_ms: u64, elapsed_ms: u64, share: f32) -> bool {
    share > 0.0
        && ceiling_ms > 0
        && ceiling_ms < u64::MAX / 2
        && (ceiling_ms.saturating_sub(elapsed_ms) as f64)
            <= ceiling_ms as f64 * f64::from(share.min(1.0))
}

/// A probe's time limit from the failing run's pace, within `ceiling_ms`.
fn probe_timeout(baseline: SuitePace, ceiling_ms: u64) -> u64 {
    let limit = if baseline.cut && !baseline.builds {
        CUT_RUN_INTERPRETED_PROBE_MS
    } else if baseline.cut {
        CUT_RUN_PROBE_MS
    } else {
        baseline.ms.saturating_mul(5).saturating_add(5_000)
    };
    limit.clamp(5_000, ceiling_ms.max(5_000))
}

/// How the probe budget is divided: `(enumerated, model-written)` probes, from the calls left
/// and the plan's explore share.
fn probe_allocation(calls_left: u64, explore_share: f32) -> (usize, usize) {
    let probes = calls_left.saturating_sub(COMMIT_RESERVE) as usize;
    let share = explore_share.clamp(0.0, 1.0);
    let model = ((probes as f32) * share).round() as usize;
    (probes - model.min(probes), model.min(probes))
}

pub(crate) async fn drive_failing_tests(runner: &mut Runner) -> Result<JobOutcome, ActorError> {
    step!(runner, revert_pending(runner).await);
    // 1. Reproduce: the commit trigger is a verified failing run.
    let (first_run, report, verdict, baseline_pace) =
        step!(runner, runner.run_tests(vec![], true).await);
    let baseline = match report {
        Ok(baseline) => baseline,
        Err(last_words) => {
            let reason = format!(
                "could not read the test runner's output ({}): {last_words}",
                verdict.label()
            );
            runner.checkpoint(
                NextAction::Ask {
                    question: "How are the tests run here?".into(),
                },
                &reason,
            )?;
            return runner.finish(JobStatus::NeedsAttention, &reason);
        }
    };
    runner.routes.push(TestedRoute {
        tool_ref: ToolRef::new("run_tests", 1),
        work_id: Some(first_run.clone()),
        evidence: format!("{} passed, {} failed", baseline.passed, baseline.failed),
        verdict: verdict.clone(),
    });
    if baseline.all_passed() {
        runner.checkpoint(
            NextAction::Stop {
                reason: "tests already pass".into(),
            },
            "tests already pass",
        )?;
        return runner.finish(JobStatus::Done, "the tests already pass; nothing to fix");
    }
    if matches!(verdict, TrustVerdict::Failed { .. }) && baseline.failures.is_empty() {
        return runner.stop_with(
            JobStatus::NeedsAttention,
            "the failing run could not be verified",
        );
    }
    runner.commit_holds = true;
    runner.decision(Decision::CommitTrigger(CommitTriggerRecord {
        holds: true,
        evidence: first_run.clone(),
        failed: Some(baseline.failed as u64),
        trigger: None,
    }))?;
    let repair = runner.cfg.policy.body.repair.clone();

    // 2. Localize without the model.
    let locations = match localize::localize_traced(
        &baseline,
        runner.spectrum.as_ref(),
        &runner.cfg.workspace,
        repair.locations,
    ) {
        Ok(l) => l,
        Err(e) => {
            runner.decision(Decision::Localize(LocalizeRecord {
                candidates: Vec::new(),
                error: Some(e.to_string()),
            }))?;
            Vec::new()
        }
    };
    // Tests that reach their function through an alias (`candidate(…)`) name no source line;
    // the function the task names is then where to look.
    let locations = if locations.is_empty() {
        localize::localize_named_functions(
            &localize::names_in_task(&runner.cfg.task),
            &runner.cfg.workspace,
            repair.locations,
        )
        .unwrap_or_default()
    } else {
        locations
    };
    runner.decision(Decision::Localize(LocalizeRecord {
        candidates: locations.clone(),
        error: None,
    }))?;
    if locations.is_empty() {
        let question = "The failing tests point at no source line I can edit. Where is the bug?";
        runner.checkpoint(
            NextAction::Ask {
                question: question.into(),
            },
            "localization found nothing",
        )?;
        return runner.park_for_user(question);
    }
    let failure_text: String = baseline
        .failures
        .first()
        .map(|f| {
            format!(
                "{}: {}",
                f.test,
                f.message.chars().take(300).collect::<String>()
            )
        })
        .unwrap_or_default();
    // The narrow run of every probe: the tests that fail now.
    let failing_tests: Vec<String> = failing_names(&baseline).into_iter().collect();

    // 3. The localized files' text, for enumeration and the model's context. Read here, as
    //    localization read the sources: no tool call whose output the job would set aside. The
    //    guard's read-before-write for the commit's edit is met by the probes, which report
    //    what each edited file held when they copied it (`base_sha256`).
    let mut contents: HashMap<String, String> = Default::default();
    for loc in &locations {
        if !contents.contains_key(&loc.file) {
            let content = match std::fs::read_to_string(runner.cfg.workspace.join(&loc.file)) {
                Ok(content) => content,
                Err(e) => {
                    let reason = format!("reading {}: {e}", loc.file);
                    return runner.stop_with(JobStatus::NeedsAttention, &reason);
                }
            };
            contents.insert(loc.file.clone(), content);
        }
    }

    runner
        .transcript
        .push(("tool".into(), format!("failing: {failure_text}")));

    // 5–6. Enumerate candidates with the deterministic mutate tool (never test code); the
    //      model reads every candidate; the learned ranker orders them.
    let ranker = load_ranker(runner)?;
    let model_reads = ranker.as_ref().is_none_or(CandidateRanker::uses_model);
    let signs = RunSigns::of(&baseline);
    let Ranked {
        source_locations,
        candidates: enumerated,
        scoring_deferred,
    } = enumerate_and_rank(
        runner,
        &locations,
        &contents,
        repair.max_candidates,
        ranker.as_ref(),
        &BTreeSet::new(),
        EvidenceOrder {
            signs,
            defer_scoring: true,
            diagnosed: &tact_repair::diagnose::diagnostic_edits(&baseline, &contents),
        },
    )
    .await?;
    let mut scoring_deferred = scoring_deferred;
    // What the first localization offered: a widened one probes only what is new.
    let mut offered: BTreeSet<(String, u32, String)> =
        enumerated.iter().map(Candidate::key).collect();
    // Every single-edit candidate in its queue's order: the partners a partial fix is stacked
    // with, probed alone before or not yet.
    let mut singles: Vec<Candidate> = enumerated.clone();
    let (failing_order, mut best_reach) = baseline_reach(&baseline, &runner.cfg.workspace);
    // The report whose diagnostics the last diagnosed edit was checked against.
    let mut stage_report = baseline.clone();
    let mut stacked: VecDeque<Candidate> = VecDeque::new();
    let mut stacked_probed = 0usize;
    // Stacked candidates take every other probe while there are any.
    let mut stacked_turn = true;
    let mut widened = false;
    // The writer's last resorts, in rounds: asked when nothing else is left to probe or the
    // calls left are down to what a round needs; probed before anything else still queued.
    // First the fills of the best-localized lines, then the function rewrites; the rewrite
    // round that shows the failing tests is asked only when the others found nothing, and the
    // fills of the next localized lines last of all.
    let mut rewrite_rounds: VecDeque<RewriteRound> = if runner.cfg.always_call {
        VecDeque::new()
    } else {
        [
            RewriteRound {
                count: repair.fills,
                kind: RoundKind::Fill { skip: 0 },
                done: 0,
            },
            RewriteRound {
                count: repair.rewrites,
                kind: RoundKind::Rewrite,
                done: 0,
            },
            RewriteRound {
                count: repair.test_rewrites,
                kind: RoundKind::TestRewrite,
                done: 0,
            },
            RewriteRound {
                count: repair.late_fills,
                kind: RoundKind::Fill { skip: repair.fills },
                done: 0,
            },
        ]
        .into_iter()
        .filter(|round| round.count > 0)
        .collect()
    };
    let mut rewrite_queue: VecDeque<Candidate> = VecDeque::new();

    // 7. Probe. The plan's explore share divides the probes between enumerated candidates and
    //    model-written ones: the first enumerated wave, then (if the trigger reads the model as
    //    confident enough to write) the model's proposals, then the rest of the enumerated
    //    ones, each within its share.
    // The "always tool" baseline never lets the model write: every probe is an enumerated
    // (tool-made) candidate.
    let explore_share = if runner.cfg.always_call {
        0.0
    } else {
        runner.plan.explore_share
    };
    let (enumerated_share, model_share) = probe_allocation(runner.tool_calls_left(), explore_share);
    // C.24 ATC-2: the model's own proposals (the general, learned method) go first, unless the
    // plan carries a live waiver for probing the enumeration (a hand-set heuristic) first.
    let waiver = runner
        .plan
        .blp
        .waiver
        .clone()
        .filter(|w| w.heuristic == ENUMERATED_FIRST && waiver_problem(w, &today()).is_none());
    let first_wave_size = if waiver.is_some() || model_share == 0 {
        FIRST_WAVE
    } else {
        0
    };
    let probe_order = match &waiver {
        Some(w) => format!(
            "the first {FIRST_WAVE} enumerated candidates first, under the BLP waiver `{}` until {}: {}",
            w.heuristic, w.expires, w.reason
        ),
        None if model_share == 0 => "enumerated candidates only (no explore share)".into(),
        None => "the model's proposals first (BLP: no waiver for the enumeration)".into(),
    };
    runner.decision(Decision::ProbeAllocation(ProbeAllocation {
        enumerated: enumerated_share as u64,
        model_written: model_share as u64,
        explore_share,
        order: Some(probe_order),
    }))?;
    let mut enumerated: VecDeque<Candidate> = enumerated.into();
    let mut model_queue: VecDeque<Candidate> = VecDeque::new();
    let mut model_asked = model_share == 0;
    let (mut enumerated_probed, mut model_probed) = (0usize, 0usize);
    // Outcomes recorded before a crash are evidence, not work to redo.
    let mut tried: BTreeSet<(String, u32, String)> = BTreeSet::new();
    let mut passing: Vec<Passing> = Vec::new();
    let recorded_passes: Vec<(String, u32, String)> = runner
        .judged
        .iter()
        .filter(|j| j.3)
        .map(|j| (j.0.clone(), j.1, j.2.clone()))
        .collect();
    for (file, line, new_text, _) in runner.judged.clone() {
        tried.insert((file, line, new_text));
    }
    let mut probes = 0usize;
    let mut lookahead_left: Option<usize> = None;
    // A candidate that hangs (a loop whose exit the edit broke) costs its time limit once; the
    // limit follows the suite's own pace (the failing run, compile included, times five plus
    // five seconds; a fixed limit when that run was cut short), within the policy's ceiling.
    let timeout_ms = probe_timeout(baseline_pace, repair.probe_timeout_ms);
    runner.decision(Decision::ProbeTimeout(ProbeTimeout {
        timeout_ms,
        baseline_ms: baseline_pace.ms,
        baseline_cut: baseline_pace.cut,
    }))?;
    // Probes go out in batches, one per slot; the queues' order is kept within a batch.
    let slots = runner.probe_slots.max(1);
    'batches: loop {
        let mut batch: Vec<(Candidate, String, String)> = Vec::new();
        let mut last_batch = false;
        while batch.len() < slots {
            if lookahead_left == Some(0) {
                last_batch = true;
                break;
            }
            if scoring_deferred
                && enumerated
                    .front()
                    .is_some_and(|c| !evidence_first(c, signs))
            {
                if !batch.is_empty() {
                    // The evidence-backed candidates run first: a pass there makes the reading
                    // moot.
                    break;
                }
                scoring_deferred = false;
                if passing.is_empty() {
                    read_deferred(
                        runner,
                        &mut enumerated,
                        &mut singles,
                        &contents,
                        ranker.as_ref(),
                        signs,
                    )
                    .await?;
                }
            }
            // The calls left are down to what the rewrites need, or the time left to the
            // writer's share of it, after at least as many probes of the smaller edits: a small
            // budget is not handed to the rewrites first.
            if let Some(round) = rewrite_rounds.front().copied()
                && passing.is_empty()
                && rewrite_queue.is_empty()
                && !round.last_of_all()
                && (round.under_way()
                    || probes as u64 >= round.reserve()
                        && (runner.tool_calls_left()
                            <= COMMIT_RESERVE + batch.len() as u64 + round.reserve()
                            || writer_time_reached(
                                runner.budget.ceilings.wall_time_ms,
                                runner.elapsed_ms(),
                                repair.writer_time_share,
                            )))
                && round.affordable(
                    runner.tool_calls_left(),
                    COMMIT_RESERVE + batch.len() as u64,
                )
            {
                if !batch.is_empty() {
                    break;
                }
                rewrite_queue = next_piece(
                    runner,
                    &mut rewrite_rounds,
                    &source_locations,
                    &baseline,
                    &contents,
                )
                .await?;
                continue;
            }
            // Which queue the next probe comes from: the first enumerated wave, then the
            // model's proposals, then the rest; a share the other side did not use is lent over.
            let first_wave = enumerated_probed < first_wave_size.min(enumerated_share);
            if passing.is_empty() && !model_asked && (!first_wave || enumerated.is_empty()) {
                if !batch.is_empty() {
                    // What is chosen runs first; the model is asked after it.
                    break;
                }
                // The explore share is the plan's allocation: the model writes whenever the
                // first enumerated wave found nothing. (The trigger used to gate this; on
                // SmolLM2 its p_tool in this context was always below τ, so the gate never held
                // the model back, and the share, not a second reading of confidence, is what
                // C.24 asks to decide.)
                model_asked = true;
                let mut written =
                    propose_completions(runner, &source_locations, &baseline, &contents).await?;
                if model_reads {
                    score_candidates(runner, &mut written, &contents, ranker.as_ref()).await?;
                }
                order(&mut written, ranker.as_ref(), RunSigns::default());
                singles.extend(written.iter().cloned());
                model_queue = written.into();
                continue;
            }
            let unused_model = if model_asked && model_queue.is_empty() {
                model_share.saturating_sub(model_probed)
            } else {
                0
            };
            let unused_enumerated = if enumerated.is_empty() {
                enumerated_share.saturating_sub(enumerated_probed)
            } else {
                0
            };
            let enumerated_ok =
                !enumerated.is_empty() && enumerated_probed < enumerated_share + unused_model;
            let model_ok =
                !model_queue.is_empty() && model_probed < model_share + unused_enumerated;
            let take_stacked = !stacked.is_empty()
                && (stacked_turn || !(enumerated_ok || model_ok))
                && !(first_wave && enumerated_ok);
            let next = if let Some(rewrite) = rewrite_queue.pop_front() {
                Some((rewrite, true))
            } else if take_stacked {
                stacked_turn = false;
                stacked.pop_front().map(|c| (c, false))
            } else if first_wave && enumerated_ok {
                stacked_turn = true;
                enumerated.pop_front().map(|c| (c, false))
            } else if model_ok {
                stacked_turn = true;
                model_queue.pop_front().map(|c| (c, true))
            } else if enumerated_ok {
                stacked_turn = true;
                enumerated.pop_front().map(|c| (c, false))
            } else {
                None
            };
            let Some((cand, from_model)) = next else {
                let may_widen = passing.is_empty()
                    && !widened
                    && repair.widen_locations > locations.len()
                    && runner.tool_calls_left() > COMMIT_RESERVE + batch.len() as u64;
                if may_widen && !batch.is_empty() {
                    // What is chosen runs first: a pass there makes the wider look moot.
                    break;
                }
                if may_widen {
                    widened = true;
                    offered.extend(tried.iter().cloned());
                    let wider = widen(
                        runner,
                        &baseline,
                        &locations,
                        &mut contents,
                        &repair,
                        ranker.as_ref(),
                        &offered,
                    )
                    .await?;
                    singles.extend(wider.iter().cloned());
                    enumerated.extend(wider);
                    continue;
                }
                if let Some(round) = rewrite_rounds.front().copied()
                    && passing.is_empty()
                    && round.affordable(runner.tool_calls_left(), COMMIT_RESERVE)
                {
                    if !batch.is_empty() {
                        // What is chosen runs first: a pass there makes the rewrites moot.
                        break;
                    }
                    rewrite_queue = next_piece(
                        runner,
                        &mut rewrite_rounds,
                        &source_locations,
                        &baseline,
                        &contents,
                    )
                    .await?;
                    continue;
                }
                last_batch = true;
                break;
            };
            if let Some(n) = lookahead_left.as_mut() {
                *n = n.saturating_sub(1);
            }
            if let Some(best) = passing.first()
                && cand.size() > best.0.size()
            {
                // Only a smaller edit can still win.
                continue;
            }
            let key = cand.key();
            let recorded_pass =
                recorded_passes.contains(&key) && !passing.iter().any(|p| p.0.key() == key);
            if !recorded_pass && !tried.insert(key.clone()) {
                continue;
            }
            let Some(content) = contents.get(&cand.edit.file) else {
                continue;
            };
            let Some((old_block, new_block)) = edit_block(content, &cand.edit) else {
                continue;
            };
            if recorded_pass {
                let outcome = ProbeOutcome {
                    work_id: String::new(),
                    passed: true,
                    evidence: "passed before the job was interrupted".into(),
                    verdict: TrustVerdict::Verified,
                    // Its tree is not in the ledger: the commit confirms with a run.
                    passed_in_full: None,
                    tests_passed: 0,
                    probes_spent: 0,
                    failed_narrow: None,
                    report: None,
                };
                keep_passing(&mut passing, (cand, old_block, new_block, outcome));
                lookahead_left.get_or_insert(repair.smaller_lookahead);
                continue;
            }
            // Never past the reserve: the commit must always be affordable.
            if runner.tool_calls_left() <= COMMIT_RESERVE + batch.len() as u64 {
                last_batch = true;
                break;
            }
            if from_model {
                model_probed += 1;
            } else if cand.parts > 1 {
                stacked_probed += 1;
            } else {
                enumerated_probed += 1;
            }
            probes += 1;
            batch.push((cand, old_block, new_block));
        }
        let edits: Vec<(String, String, String)> = batch
            .iter()
            .map(|(c, old, new)| (c.edit.file.clone(), old.clone(), new.clone()))
            .collect();
        let outcomes = if edits.is_empty() {
            Vec::new()
        } else {
            runner.probe_batch(&edits, &failing_tests, timeout_ms).await
        };
        let spent_before_batch = probes - batch.len();
        for (i, ((cand, old_block, new_block), outcome)) in
            batch.into_iter().zip(outcomes).enumerate()
        {
            let mut outcome = step!(runner, outcome);
            outcome.probes_spent = (spent_before_batch + i + 1) as u64;
            // A partial fix: the failing tests got further than with any candidate before.
            let further = match &outcome.failed_narrow {
                Some(run) if (cand.parts as usize) < repair.stack_edits => {
                    reach_of(run, &cand.edit, &failing_order)
                        .filter(|reach| reach.further_than(&best_reach))
                }
                _ => None,
            };
            let mut evidence = format!("{}: {}", cand.describe(), outcome.evidence);
            let further_flag = further.is_some();
            // A run that made progress is read again: (its report, only its diagnostics?).
            let rebase_on = if let Some(reach) = further {
                evidence.push_str(&format!(
                    "; got further ({}), so the next candidates are also probed on top of it",
                    describe_reach(&reach)
                ));
                best_reach = reach;
                stacked = stacked_on(&cand, &singles, &contents, &tried);
                // Got further and met a slip the interpreter names (a `NameError` the first
                // failing assertion hid): its edit goes first, on top of this one.
                outcome
                    .report
                    .as_ref()
                    .filter(|after| !tact_repair::diagnose::diagnosed_problems(after).is_empty())
                    .map(|after| (after, true))
            } else if cand.features.origin == DIAGNOSED
                && cand.parts < MAX_DIAGNOSED_STAGES
                && let Some(after) = outcome.report.as_ref()
                && tact_repair::diagnose::clears_a_problem(&stage_report, after)
            {
                // The slip is gone but the tests still fail (a second slip, or a bug of
                // another kind behind it): what they say now is where the next edit goes, on
                // top of this one.
                evidence.push_str(
                    "; the problem it was proposed for is gone, so the candidates for what the run says now are probed on top of it",
                );
                stacked_turn = true;
                stage_report = after.clone();
                Some((after, false))
            } else {
                None
            };
            if let Some((after, only_diagnosed)) = rebase_on {
                let mut next = rebase(
                    runner,
                    &cand,
                    after,
                    &contents,
                    Rebase {
                        ranker: ranker.as_ref(),
                        tried: &tried,
                        only_diagnosed,
                    },
                )
                .await?;
                next.extend(stacked.drain(..));
                stacked = next;
            }
            runner.routes.push(TestedRoute {
                tool_ref: ToolRef::new("probe_edit", 1),
                work_id: Some(outcome.work_id.clone()),
                evidence: evidence.clone(),
                verdict: outcome.verdict.clone(),
            });
            runner.decision(Decision::ProbeVerdict(ProbeVerdict {
                work_id: outcome.work_id.clone(),
                file: cand.edit.file.clone(),
                line: cand.edit.line,
                new_line: cand.edit.new_text(),
                origin: cand.origin_name(),
                score: cand.score,
                edit_chars: cand.features.edit_chars as usize,
                edit_tokens: cand.size() as usize,
                passed: outcome.passed,
                evidence,
                reached_further: further_flag,
            }))?;
            if outcome.passed {
                keep_passing(&mut passing, (cand, old_block, new_block, outcome));
                lookahead_left.get_or_insert(repair.smaller_lookahead);
            }
        }
        if last_batch {
            break 'batches;
        }
    }
    // 8. Commit the route the declared rule chooses from the passing ones' Pareto front.
    choose_on_the_front(runner, &mut passing);
    if let Some(outcome) = commit(runner, &mut passing).await? {
        return Ok(outcome);
    }
    let left = enumerated.len() + model_queue.len() + stacked.len() + rewrite_queue.len();
    let mut looked = if widened {
        format!("; localization widened to {} lines", repair.widen_locations)
    } else {
        String::new()
    };
    if stacked_probed > 0 {
        looked.push_str(&format!(
            "; {stacked_probed} stacked on a partial fix ({})",
            describe_reach(&best_reach)
        ));
    }
    let (status, reason) = if left > 0 {
        (
            JobStatus::BudgetExhausted,
            format!(
                "budget: probed {probes} candidates ({enumerated_probed} enumerated, {model_probed} written by the model{looked}), none passed; {left} untried; the workspace is unchanged"
            ),
        )
    } else {
        (
            JobStatus::Stopped,
            format!(
                "{NOTHING_LEFT_TO_TRY}: {probes} candidates probed ({enumerated_probed} enumerated, {model_probed} written by the model{looked}), none passed; the workspace is unchanged"
            ),
        )
    };
    runner.checkpoint(
        NextAction::Ask {
            question: "None of my candidate fixes passed the tests. Where should I look?".into(),
        },
        &reason,
    )?;
    runner.finish(status, &reason)
}

/// Edits one filled line is counted at (`fill::propose_fills`): two replacements, two
/// insertions before it and three continuations. A line that ends its block may make two
/// insertions after it too, and a near copy one more; the count stays the common case's, so
/// the reserve below holds no calls back that most lines never use.
const FILL_EDITS_A_LINE: u64 = 7;
/// Lines the fills keep calls back for when the budget runs low.
const RESERVED_FILL_LINES: usize = 2;

/// One round of the writer's last resorts: what it writes, and how many (lines filled, or
/// rewrites). The writer is asked for one piece of a round at a time (one line's fills, one
/// rewrite), and each piece is probed before the next is written: a fix the writer makes early
/// in a round is then probed at once, not after the round's last piece, when the job's time
/// may be gone (probe44-py-15: its fix was the second line's fill, written 77 s into the job and
/// probed at 174 s, after the fills of four more lines).
#[derive(Debug, Clone, Copy)]
struct RewriteRound {
    count: usize,
    kind: RoundKind,
    /// Pieces of the round already asked for: lines filled past `skip`, or rewrites written
    /// (the next rewrite's sample index). A round under way goes on as soon as its last piece
    /// is probed.
    done: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RoundKind {
    /// Each of the best-localized lines after the first `skip` written again, or lines
    /// inserted before it, with the code after it in view ([`fill`]).
    Fill { skip: usize },
    /// The function's body written again from its header, comments and docstring.
    Rewrite,
    /// The same, with the failing tests' assertions (and what the code returned) shown first.
    TestRewrite,
}

impl RewriteRound {
    /// The calls kept back for the round when the budget runs low: a fill's seven edits a
    /// line, for the best two lines only (a larger reserve takes the last calls from enumerated
    /// fixes ranked late: `hefix-rust-81`'s literal edit at call 177); each rewrite's hunks and
    /// itself whole, about two probes a rewrite.
    fn reserve(self) -> u64 {
        match self.kind {
            RoundKind::Fill { .. } => {
                FILL_EDITS_A_LINE * self.count.min(RESERVED_FILL_LINES) as u64
            }
            RoundKind::Rewrite | RoundKind::TestRewrite => 2 * self.count as u64,
        }
    }

    /// The late fills wait until nothing else is left to probe: they never take the last calls
    /// from a queue, so a task fixed without them takes the path it took before.
    fn last_of_all(self) -> bool {
        matches!(self.kind, RoundKind::Fill { skip } if skip > 0) && !self.under_way()
    }

    /// Whether a piece of the round was asked for already.
    fn under_way(self) -> bool {
        self.done > 0
    }

    /// The round's next piece, once `asked` of its `count` are being written now (fills may
    /// be cut to what the calls left afford); `None` when nothing is left of it.
    fn rest(self, asked: usize, count: usize) -> Option<RewriteRound> {
        (count > asked).then_some(RewriteRound {
            count: count - asked,
            kind: self.kind,
            done: self.done + asked,
        })
    }

    /// Whether `calls_left`, of which `kept` are spoken for, are worth the round: the round
    /// that shows the tests comes after another and needs one probe a rewrite; the others need
    /// one probe at least (the writer's time is wasted on a round nothing can probe).
    fn affordable(self, calls_left: u64, kept: u64) -> bool {
        match self.kind {
            RoundKind::TestRewrite => calls_left >= kept + self.count as u64,
            RoundKind::Fill { .. } | RoundKind::Rewrite => calls_left > kept,
        }
    }
}

/// What the writer wrote for one piece of a round, and whether the round is over: the writer
/// could not answer (an error, the compute budget spent), or there is nothing left to fill or
/// rewrite.
pub(crate) struct WrittenPiece {
    candidates: Vec<Candidate>,
    round_over: bool,
}

impl WrittenPiece {
    fn round_over() -> Self {
        WrittenPiece {
            candidates: Vec::new(),
            round_over: true,
        }
    }

    /// The piece's candidates as a queue, and the rest of `round` unless the round is over.
    fn queued(self, rest: Option<RewriteRound>) -> (VecDeque<Candidate>, Option<RewriteRound>) {
        (self.candidates.into(), rest.filter(|_| !self.round_over))
    }
}

/// The next piece of the front round (see [`RewriteRound`]) as the queue it is probed from; what
/// is left of the round stays at the front.
async fn next_piece(
    runner: &mut Runner,
    rounds: &mut VecDeque<RewriteRound>,
    locations: &[localize::CandidateLocation],
    baseline: &TestReport,
    contents: &HashMap<String, String>,
) -> Result<VecDeque<Candidate>, ActorError> {
    let Some(round) = rounds.pop_front() else {
        return Ok(VecDeque::new());
    };
    let (queue, rest) = ask_for_rewrites(runner, round, locations, baseline, contents).await?;
    if let Some(rest) = rest {
        rounds.push_front(rest);
    }
    Ok(queue)
}

/// The next piece of a round of the writer's last resorts (see [`RewriteRound`]) as the queue
/// it is probed from — the fills of one best-localized line, or one rewrite of the
/// best-localized function that has a body to rewrite — and what is left of the round.
async fn ask_for_rewrites(
    runner: &mut Runner,
    round: RewriteRound,
    locations: &[localize::CandidateLocation],
    baseline: &TestReport,
    contents: &HashMap<String, String>,
) -> Result<(VecDeque<Candidate>, Option<RewriteRound>), ActorError> {
    if let RoundKind::Fill { skip } = round.kind {
        // As many lines as the calls left afford (at least one), best-localized first.
        let affordable =
            runner.tool_calls_left().saturating_sub(COMMIT_RESERVE) / FILL_EDITS_A_LINE;
        let lines = round
            .count
            .min(usize::try_from(affordable).unwrap_or(usize::MAX).max(1));
        let fills = fill::propose_fills(runner, locations, contents, skip + round.done).await?;
        return Ok(fills.queued(round.rest(1, lines)));
    }
    let assertions = if round.kind == RoundKind::TestRewrite {
        let assertions = quoted_failures(baseline, &runner.cfg.workspace);
        if assertions.is_empty() {
            return Ok(WrittenPiece::round_over().queued(None));
        }
        assertions
    } else {
        Vec::new()
    };
    let temperature = runner.cfg.policy.body.repair.rewrite_temperature;
    let rewrites = rewrite::propose_rewrites(
        runner,
        locations,
        contents,
        &assertions,
        round.done..round.done + 1,
        temperature,
    )
    .await?;
    Ok(rewrites.queued(round.rest(1, round.count)))
}

/// A model request's answer, or `None` when the model could not answer (an error, or the
/// compute budget spent), recorded as a decision so the job goes on without it.
fn answered<T>(
    runner: &mut Runner,
    request: ModelRequestKind,
    result: Result<T, ActorError>,
) -> Result<Option<T>, ActorError> {
    match result {
        Ok(answer) => Ok(Some(answer)),
        Err(ActorError::Model(error)) => {
            runner.decision(Decision::ModelError(ModelErrorRecord { request, error }))?;
            Ok(None)
        }
        Err(ActorError::ModelBudget(breach)) => {
            runner.decision(Decision::Budget(BudgetRecord { breach }))?;
            Ok(None)
        }
        Err(e) => Err(e),
    }
}

/// Most candidates stacked on one partial fix: the partners of a two-edit bug are usually
/// among the best-ranked edits of the other lines.
const STACKED_PER_BASE: usize = 16;

/// The candidates stacked on `base`: each single edit of another line, in the queues' order,
/// made together with `base` as one hunk; those already probed are left out.
fn stacked_on(
    base: &Candidate,
    singles: &[Candidate],
    contents: &HashMap<String, String>,
    tried: &BTreeSet<(String, u32, String)>,
) -> VecDeque<Candidate> {
    let Some(content) = contents.get(&base.edit.file) else {
        return VecDeque::new();
    };
    let mut partners: Vec<Candidate> = singles
        .iter()
        .filter_map(|single| {
            let edit = partial::stack_edits(&base.edit, &single.edit, content)?;
            // The lines between are kept, but a hunk over test code would be refused.
            if tact_runtime::source::edit_touches_tests(&edit.file, content, &edit.old_line)
                .is_some()
            {
                return None;
            }
            Some(Candidate {
                edit,
                features: single.features.clone(),
                score: single.score,
                parts: base.parts + single.parts,
                moves_a_loop: false,
            })
        })
        .filter(|c| !tried.contains(&c.key()))
        .collect();
    // Partners by the ranker's score, not the probe queue's order: the queue's coverage
    // places (`cover_kinds`) spread probes over kinds, but a partner is likeliest among the
    // best-scored edits of the other lines.
    partners.sort_by(|a, b| b.score.total_cmp(&a.score));
    partners.into_iter().take(STACKED_PER_BASE).collect()
}

/// The origin of the edits the runner's diagnostics propose.
const DIAGNOSED: CandidateOrigin = CandidateOrigin::Mutate(MutationOperator::DiagnosticHint);

/// Most diagnosed edits made one on top of another (a file with three slips in a row).
const MAX_DIAGNOSED_STAGES: u32 = 3;

/// How [`rebase`] reads a run: with the learned ranker, leaving out what was probed, and
/// whether only the diagnostics' edits are wanted (not the localized lines' too).
#[derive(Clone, Copy)]
struct Rebase<'a> {
    ranker: Option<&'a CandidateRanker>,
    tried: &'a BTreeSet<(String, u32, String)>,
    only_diagnosed: bool,
}

/// The candidates for what a run says once `base` made progress (a diagnosed edit cleared its
/// problem, or a partial fix got further): the diagnostics of `after` and (unless
/// `only_diagnosed`) the edits at the lines it localizes, read from the sources with `base`
/// applied, each made together with `base` as one hunk (as a partial fix's partners are), best
/// first.
async fn rebase(
    runner: &mut Runner,
    base: &Candidate,
    after: &TestReport,
    contents: &HashMap<String, String>,
    Rebase {
        ranker,
        tried,
        only_diagnosed,
    }: Rebase<'_>,
) -> Result<VecDeque<Candidate>, ActorError> {
    let Some(content) = contents.get(&base.edit.file) else {
        return Ok(VecDeque::new());
    };
    let Some((old_block, new_block)) = edit_block(content, &base.edit) else {
        return Ok(VecDeque::new());
    };
    let mut edited = contents.clone();
    edited.insert(
        base.edit.file.clone(),
        content.replacen(&old_block, &new_block, 1),
    );
    let diagnosed = tact_repair::diagnose::diagnostic_edits(after, &edited);
    let candidates = if only_diagnosed {
        candidates_of(rank::edits_from_diagnostics(&diagnosed, &[]))
    } else {
        rebased_candidates(runner, after, &edited, ranker, tried, &diagnosed).await?
    };
    // The edits were read with `base` applied: lines below it move back by what it added.
    let added = base.edit.replacement.len() as i64 - base.edit.span() as i64;
    let base_end = i64::from(base.edit.line) + base.edit.replacement.len() as i64;
    let singles: Vec<Candidate> = candidates
        .into_iter()
        .filter_map(|mut c| {
            if c.edit.file == base.edit.file {
                let line = i64::from(c.edit.line);
                if line >= i64::from(base.edit.line) && line < base_end {
                    return None;
                }
                if line >= base_end {
                    c.edit.line = u32::try_from(line - added).ok()?;
                }
            }
            Some(c)
        })
        .collect();
    Ok(stacked_on(base, &singles, contents, tried))
}

/// The ranked edits at the lines `after` localizes, read from `edited`, the diagnosed first.
async fn rebased_candidates(
    runner: &mut Runner,
    after: &TestReport,
    edited: &HashMap<String, String>,
    ranker: Option<&CandidateRanker>,
    tried: &BTreeSet<(String, u32, String)>,
    diagnosed: &[tact_repair::diagnose::DiagnosticEdit],
) -> Result<Vec<Candidate>, ActorError> {
    let repair = runner.cfg.policy.body.repair.clone();
    let locations = localize::localize(after, &runner.cfg.workspace, repair.locations)
        .unwrap_or_default()
        .into_iter()
        .filter(|l| edited.contains_key(&l.file))
        .collect::<Vec<_>>();
    runner.decision(Decision::Localize(LocalizeRecord {
        candidates: locations.clone(),
        error: None,
    }))?;
    let ranked = enumerate_and_rank(
        runner,
        &locations,
        edited,
        repair.max_candidates,
        ranker,
        tried,
        EvidenceOrder {
            signs: RunSigns::of(after),
            defer_scoring: false,
            diagnosed,
        },
    )
    .await?;
    Ok(ranked.candidates)
}

/// "2 of the failing tests pass; test_x.py::t fails at test_x.py:6".
fn describe_reach(reach: &Reach) -> String {
    let mut parts = Vec::new();
    if reach.cleared > 0 {
        parts.push(format!("{} of the failing tests pass", reach.cleared));
    }
    parts.extend(
        reach
            .points
            .iter()
            .map(|(test, (file, line))| format!("{test} fails at {file}:{line}")),
    );
    parts.join("; ")
}

/// A passing candidate with its blocks and probe outcome.
type Passing = (Candidate, String, String, ProbeOutcome);

/// Compare the passing routes on their Pareto front (tests passed, edit size, cost; never a
/// sum of different scales) and put the one the declared rule chooses first; the others keep
/// their order as fallbacks should its confirmation fail. The choice goes into checkpoints.
fn choose_on_the_front(runner: &mut Runner, passing: &mut Vec<Passing>) {
    let routes = passing
        .iter()
        .map(
            |(cand, _, _, probed)| tact_runtime::records::RouteObjectives {
                route: cand.describe(),
                tests_passed: probed.tests_passed,
                edit_size: cand.size() as u64,
                probes_spent: probed.probes_spent,
            },
        )
        .collect();
    let Some(choice) = tact_policies::assurance::choose_route(routes) else {
        return;
    };
    if choice.chosen < passing.len() {
        let chosen = passing.remove(choice.chosen);
        passing.insert(0, chosen);
    }
    runner.route_choice = Some(choice);
}

/// Keep a passing candidate, smallest edit first (ties: the ranker's higher score first).
fn keep_passing(passing: &mut Vec<Passing>, item: Passing) {
    passing.push(item);
    passing.sort_by(|a, b| {
        a.0.size()
            .cmp(&b.0.size())
            .then(b.0.score.total_cmp(&a.0.score))
    });
}

/// Write the smallest passing candidate to the workspace and confirm it: when the workspace
/// then holds exactly the sources its probe passed the whole suite on (same tree digest), that
/// run is the confirmation; otherwise (the workspace changed meanwhile, or the pass was only
/// recorded before a resume) the whole suite runs in place. A confirmation that fails is undone
/// at once and the next passing candidate is tried. The other passing candidates stay in the
/// checkpoint as evidence.
async fn commit(
    runner: &mut Runner,
    passing: &mut Vec<Passing>,
) -> Result<Option<JobOutcome>, ActorError> {
    while !passing.is_empty() {
        let (cand, old_block, new_block, probed) = passing.remove(0);
        let id = candidate_id(&cand.edit.file, &old_block, &new_block);
        // Written before the edit, so a crash between edit and confirmation can be undone.
        runner.decision(Decision::CandidateApplied(CandidateApplied {
            id: id.clone(),
            file: cand.edit.file.clone(),
            line: cand.edit.line,
            new_line: cand.edit.new_text(),
            old_block: old_block.clone(),
            new_block: new_block.clone(),
            origin: cand.origin_name(),
        }))?;
        let applied = match runner
            .edit_reporting_tree(
                &cand.edit.file,
                &old_block,
                &new_block,
                false,
                probed.passed_in_full.is_some(),
            )
            .await
        {
            Ok(done) => done,
            Err(blocked) => return blocked_to_error(runner, blocked).map(Some),
        };
        let same_tree = match (&probed.passed_in_full, &applied.2) {
            (Some((probed_tree, passed)), Some(tree)) if probed_tree == tree => Some(*passed),
            _ => None,
        };
        let confirmed = match (applied.1, same_tree) {
            (TrustVerdict::Failed { reason }, _) => Err(format!("edit rejected: {reason}")),
            (verdict, Some(passed)) => Ok((
                ToolRef::new("probe_edit", 1),
                probed.work_id.clone(),
                format!(
                    "{passed} passed, 0 failed in probe {} on the same sources (tree {})",
                    probed.work_id,
                    applied.2.as_deref().map_or("", |t| &t[..12.min(t.len())])
                ),
                verdict,
            )),
            (_, None) => match runner.run_tests(vec![applied.0.clone()], false).await {
                Ok((test_id, Ok(report), verdict, _)) if report.all_passed() => Ok((
                    ToolRef::new("run_tests", 1),
                    test_id,
                    format!("{} passed, {} failed", report.passed, report.failed),
                    verdict,
                )),
                Ok((_, Ok(report), _, _)) => Err(format!(
                    "full run: {} passed, {} failed",
                    report.passed, report.failed
                )),
                Ok((_, Err(last_words), _, _)) => Err(format!("no test report: {last_words}")),
                Err(blocked) => {
                    // Whatever stopped the confirmation, the unconfirmed edit goes.
                    undo(runner, &id, &cand, &old_block, &new_block).await?;
                    return blocked_to_error(runner, blocked).map(Some);
                }
            },
        };
        let evidence = cand.describe();
        // The record of the judgement; the arms fill in what they know.
        let decided = TestsDecide {
            id: id.clone(),
            file: cand.edit.file.clone(),
            line: cand.edit.line,
            new_line: cand.edit.new_text(),
            candidate: evidence.clone(),
            judgement: Judgement::Worse,
            evidence: None,
            tests: None,
            why: None,
        };
        match confirmed {
            Ok((tool_ref, test_id, tests, verdict)) => {
                runner.routes.push(TestedRoute {
                    tool_ref,
                    work_id: Some(test_id.clone()),
                    evidence: format!("committed {evidence}: {tests}"),
                    verdict,
                });
                runner.decision(Decision::TestsDecide(TestsDecide {
                    judgement: Judgement::Fixed,
                    evidence: Some(test_id.clone()),
                    tests: Some(tests),
                    ..decided.clone()
                }))?;
                let others: Vec<String> = passing.iter().map(|p| p.0.describe()).collect();
                let summary = if others.is_empty() {
                    format!("fixed: {evidence}")
                } else {
                    format!(
                        "fixed: {evidence} (the smallest of {} passing candidates; also passing: {})",
                        others.len() + 1,
                        others.join("; ")
                    )
                };
                runner.checkpoint(
                    NextAction::Stop {
                        reason: "all tests pass".into(),
                    },
                    &summary,
                )?;
                return runner.finish(JobStatus::Done, &summary).map(Some);
            }
            Err(why) => {
                runner.decision(Decision::TestsDecide(TestsDecide {
                    why: Some(why),
                    ..decided
                }))?;
                undo(runner, &id, &cand, &old_block, &new_block).await?;
            }
        }
    }
    Ok(None)
}

/// Put the file back as it was before an unconfirmed commit (admitted past the budget).
async fn undo(
    runner: &mut Runner,
    id: &str,
    cand: &Candidate,
    old_block: &str,
    new_block: &str,
) -> Result<(), ActorError> {
    let content =
        std::fs::read_to_string(runner.cfg.workspace.join(&cand.edit.file)).unwrap_or_default();
    if content.matches(new_block).count() == 1 {
        match runner
            .edit(&cand.edit.file, new_block, old_block, true)
            .await
        {
            Ok(_) => {}
            Err(CallBlocked::Fatal(e)) => return Err(e),
            Err(other) => {
                runner.decision(Decision::Reverted(Reverted {
                    id: id.to_string(),
                    file: cand.edit.file.clone(),
                    after_resume: false,
                    failed: Some(format!("{other:?}")),
                }))?;
                return Ok(());
            }
        }
    }
    runner.decision(Decision::Reverted(Reverted {
        id: id.to_string(),
        file: cand.edit.file.clone(),
        after_resume: false,
        failed: None,
    }))
}
fn line_cuts(line: &str, max: usize) -> Vec<String> {
    #[derive(PartialEq, Clone, Copy)]
    enum Class {
        Word,
        Space,
        Punct,
    }
    let class = |c: char| {
        if c.is_alphanumeric() || c == '_' {
            Class::Word
        } else if c.is_whitespace() {
            Class::Space
        } else {
            Class::Punct
        }
    };
    let indent = line.len() - line.trim_start().len();
    let mut ends: Vec<usize> = Vec::new();
    let chars: Vec<(usize, char)> = line.char_indices().collect();
    // `9.0` is one number, not `9`, `.`, `0`.
    let class_at = |k: usize| -> Option<Class> {
        let &(_, c) = chars.get(k)?;
        let digit = |j: Option<usize>| {
            j.and_then(|j| chars.get(j))
                .is_some_and(|&(_, d)| d.is_ascii_digit())
        };
        if c == '.' && digit(k.checked_sub(1)) && digit(Some(k + 1)) {
            Some(Class::Word)
        } else {
            Some(class(c))
        }
    };
    for (k, &(at, c)) in chars.iter().enumerate() {
        let Some(this) = class_at(k) else { continue };
        if at < indent || this == Class::Space {
            continue;
        }
        let end = at + c.len_utf8();
        let next = class_at(k + 1);
        // A token ends where the class changes; punctuation is one character at a time.
        if next != Some(this) || this == Class::Punct {
            ends.push(end);
        }
    }
    let trimmed = line.trim_end();
    let mut cuts: Vec<String> = Vec::new();
    for &end in ends.iter().rev() {
        let prefix = &line[..end];
        let whole = end >= trimmed.len();
        if whole && trimmed.ends_with([';', ':', ',', '{', '(', '[']) {
            continue;
        }
        // The first token alone (`return`, `let`) says nothing of the fix.
        if ends.first() == Some(&end) {
            continue;
        }
        cuts.push(prefix.to_string());
        if cuts.len() >= max {
            break;
        }
    }
    cuts
}

/// A statement split for a whole-expression rewrite: its head (the indentation, then
/// `return `, `let x = `, `x += ` …), the expression, and its terminator (`;` or nothing).
/// `None` for lines that open a block or carry no expression (`if …:`, `for … {`, `}`).
fn expression_statement(line: &str) -> Option<(&str, &str, &str)> {
    let body = line.trim_end();
    let indent = body.len() - body.trim_start().len();
    let (code, terminator) = match body.strip_suffix(';') {
        Some(code) => (code, ";"),
        None => (body, ""),
    };
    let text = &code[indent..];
    if text.is_empty()
        || text.ends_with([':', '{', '(', '[', ',', '}'])
        || tact_runtime::source::is_function_header(line)
        || text.starts_with(['#', '@', '}'])
        || text.starts_with("//")
    {
        return None;
    }
    if matches!(text, "return" | "pass" | "break" | "continue") {
        return None;
    }
    let keyword = |k: &str| text.starts_with(k) && text[k.len()..].starts_with(' ');
    let head_len = if keyword("return") {
        "return ".len()
    } else if [
        "if", "elif", "while", "for", "match", "else", "def", "fn", "use", "import", "from",
        "assert",
    ]
    .iter()
    .any(|k| keyword(k))
    {
        return None;
    } else {
        // An assignment at statement level: the first `=` that is not part of a comparison
        // or `=>`, with no bracket or quote before it (a keyword argument is not one).
        let bytes = text.as_bytes();
        let mut at = None;
        for (k, &b) in bytes.iter().enumerate() {
            if matches!(b, b'(' | b'[' | b'{' | b'"' | b'\'' | b'|') {
                break;
            }
            if b == b'='
                && bytes.get(k + 1).is_none_or(|&n| n != b'=' && n != b'>')
                && (k == 0 || !matches!(bytes[k - 1], b'=' | b'<' | b'>' | b'!'))
            {
                at = Some(k + 1);
                break;
            }
        }
        match at {
            Some(end) => end + text[end..].len() - text[end..].trim_start().len(),
            None => 0,
        }
    };
    let expression = text[head_len..].trim_end();
    if expression.is_empty() {
        return None;
    }
    Some((&line[..indent + head_len], expression, terminator))
}

/// The failing tests' own assertion lines (from the test frames), else their messages' first
/// lines: what the model is told the code must satisfy.
fn failing_assertions(report: &TestReport, workspace: &std::path::Path) -> Vec<String> {
    quoted_failures(report, workspace)
        .into_iter()
        .map(|(line, _)| line)
        .collect()
}

/// The failing assertions as [`failing_assertions`] quotes them, each with the message of the
/// failure it was quoted from.
fn quoted_failures(report: &TestReport, workspace: &std::path::Path) -> Vec<(String, String)> {
    let mut quoted: Vec<(String, String)> = Vec::new();
    for failure in &report.failures {
        let from_frame = failure.frames.iter().rev().find_map(|frame| {
            let text = std::fs::read_to_string(workspace.join(&frame.file)).ok()?;
            let line = text
                .lines()
                .nth(frame.line.checked_sub(1)? as usize)?
                .trim();
            line.contains("assert").then(|| line.to_string())
        });
        let line = from_frame.or_else(|| {
            failure
                .message
                .lines()
                .find(|l| !l.trim().is_empty())
                .map(|l| l.trim().to_string())
        });
        if let Some(line) = line
            && !quoted.iter().any(|(q, _)| *q == line)
        {
            quoted.push((line.chars().take(200).collect(), failure.message.clone()));
        }
        if quoted.len() >= QUOTED_ASSERTIONS {
            break;
        }
    }
    quoted
}

/// Raw code context the model continues: the file name and failing assertions as comments,
/// then the enclosing function up to (not including) the localized line.
fn completion_context(file: &str, content: &str, line: u32, assertions: &[String]) -> String {
    let comment = if file.ends_with(".rs") { "//" } else { "#" };
    let lines: Vec<&str> = content.lines().collect();
    let index = (line as usize).saturating_sub(1).min(lines.len());
    let window_start = index.saturating_sub(20);
    let window = &lines[window_start..index];
    let start = rank::function_start(&rank::file_functions(file, content), window_start, index);
    // The comments, doc comments and decorators right above the header say what the
    // function is for: the model reads them as the specification.
    let mut start = start;
    while start > 0 {
        let above = window[start - 1].trim_start();
        if above.starts_with('#') || above.starts_with("//") || above.starts_with('@') {
            start -= 1;
        } else {
            break;
        }
    }
    let mut text = format!("{comment} {file}\n");
    for assertion in assertions {
        text.push_str(&format!("{comment} failing test: {assertion}\n"));
    }
    // A blank line: the test is a note about the file, not part of the function's comment.
    text.push('\n');
    for l in &window[start..] {
        text.push_str(l);
        text.push('\n');
    }
    text
}

/// The model writes candidates for the top localized lines, in the function's own context
/// (its comments and docstring, and in a second reading the failing assertion):
/// - replacements: each cut of the line keeps its prefix and the model continues it to the end
///   of the line (greedy), so only the rest of the line is new;
/// - insertions: a new line before the localized one, at its indentation.
///
/// Everything outside the edited line stays byte-identical; the tests decide.
async fn propose_completions(
    runner: &mut Runner,
    locations: &[localize::CandidateLocation],
    baseline: &TestReport,
    contents: &HashMap<String, String>,
) -> Result<Vec<Candidate>, ActorError> {
    let assertions = failing_assertions(baseline, &runner.cfg.workspace);
    let mut proposals: Vec<CandidateEdit> = Vec::new();
    let mut set_aside: Vec<SetAsideEdit> = Vec::new();
    let best = best_location_score(locations);
    'locations: for (rank, loc) in locations.iter().enumerate().take(COMPLETION_LOCATIONS) {
        let Some(content) = contents.get(&loc.file) else {
            continue;
        };
        let Some(old_line) = content.lines().nth(loc.line.saturating_sub(1) as usize) else {
            continue;
        };
        let contexts = [
            completion_context(&loc.file, content, loc.line, &[]),
            completion_context(&loc.file, content, loc.line, &assertions),
        ];
        let indent: String = old_line.chars().take_while(|c| c.is_whitespace()).collect();
        // (context, prefix, insert before the line?, first-token branches)
        let mut attempts: Vec<(String, String, bool, usize)> = contexts
            .iter()
            .flat_map(|c| {
                line_cuts(old_line, MAX_CUTS)
                    .into_iter()
                    .map(move |p| (c.clone(), p, false, 1))
            })
            .collect();
        attempts.push((contexts[1].clone(), indent.clone(), true, 1));
        // The whole expression rewritten after its head, and the expression wrapped in
        // parentheses for the model to go on with (`(a * a + b * b)` → `.sqrt()`): fixes
        // that change the expression's start, which no kept prefix allows.
        let mut wrapped: Option<(String, &str)> = None;
        if let Some((head, expression, terminator)) = expression_statement(old_line) {
            if !attempts.iter().any(|(_, p, _, _)| p == head) {
                attempts.push((contexts[1].clone(), head.to_string(), false, 1));
            }
            let wrap = format!("{head}({expression})");
            attempts.push((contexts[1].clone(), wrap.clone(), false, 1));
            // Rust wraps an expression by a method call far more often than by an operator;
            // the dot asks for one (greedy decoding after the bare parenthesis compares), and
            // the method is written from each of the model's likeliest first tokens.
            if loc.file.ends_with(".rs") {
                attempts.push((
                    contexts[1].clone(),
                    format!("{wrap}."),
                    false,
                    METHOD_BRANCHES,
                ));
            }
            wrapped = Some((wrap, terminator));
        }
        let attempts = attempts
            .into_iter()
            .flat_map(|(context, prefix, insert, branches)| {
                (0..branches).map(move |branch| (context.clone(), prefix.clone(), insert, branch))
            });
        for (context, prefix, insert, branch) in attempts {
            let Some(completion) =
                model_completion(runner, format!("{context}{prefix}"), branch).await?
            else {
                break 'locations;
            };
            let new_line = format!("{prefix}{}", completion.trim_end());
            if completion.trim().is_empty() || new_line.trim() == old_line.trim() {
                continue;
            }
            // Parentheses closed with nothing after them are the old line, not a fix.
            if let Some((wrap, terminator)) = &wrapped
                && prefix == *wrap
                && completion.trim() == *terminator
            {
                continue;
            }
            let replacement = if insert {
                vec![new_line.clone(), old_line.to_string()]
            } else {
                vec![new_line.clone()]
            };
            let proposal = |old: String, replacement: Vec<String>| CandidateEdit {
                file: loc.file.clone(),
                line: loc.line,
                old_line: old,
                replacement,
                origin: CandidateOrigin::Model,
                location_rank: rank as u32,
                location_score: (loc.score / best) as f32,
            };
            offer(
                &mut proposals,
                &mut set_aside,
                proposal(old_line.to_string(), replacement),
            );
            // A two-line hunk: the model goes on writing the next line after its own, and
            // where that differs from the file's next line, both lines are replaced.
            let next_old = content.lines().nth(loc.line as usize);
            if insert || branch > 0 || !next_old.is_some_and(may_end_a_hunk) {
                continue;
            }
            let next_old = next_old.unwrap_or_default();
            let Some(next) = model_completion(runner, format!("{context}{new_line}\n"), 0).await?
            else {
                break 'locations;
            };
            let next_line = next.trim_end().to_string();
            if next_line.trim().is_empty() || next_line.trim() == next_old.trim() {
                continue;
            }
            offer(
                &mut proposals,
                &mut set_aside,
                proposal(format!("{old_line}\n{next_old}"), vec![new_line, next_line]),
            );
        }
    }
    runner.decision(Decision::Proposals(Proposals {
        written_by: "model".into(),
        writer: None,
        edits: proposals.iter().map(proposed).collect(),
        set_aside,
    }))?;
    Ok(candidates_of(proposals))
}

/// The best localization score, the scale a proposal's `location_score` is read on.
fn best_location_score(locations: &[localize::CandidateLocation]) -> f64 {
    locations
        .iter()
        .map(|l| l.score)
        .fold(f64::MIN, f64::max)
        .max(1e-9)
}

/// The model's completion of `text` to the end of its line; `None` when the model cannot
/// write (recorded as a decision; the job goes on without model proposals).
async fn model_completion(
    runner: &mut Runner,
    text: String,
    branch: usize,
) -> Result<Option<String>, ActorError> {
    let result = runner.complete(text, COMPLETION_TOKENS, branch).await;
    answered(runner, ModelRequestKind::Completion, result)
}

fn proposed(edit: &CandidateEdit) -> ProposedEdit {
    ProposedEdit {
        file: edit.file.clone(),
        line: edit.line,
        replacement: edit.replacement.clone(),
    }
}

/// Why a model-written edit cannot pass whatever the tests say, read off the code alone:
/// a completion stopped by its token limit leaves a bracket or a string open, a Python line
/// that starts or ends a block leaves the lines after it wrongly indented, and an edit that
/// only adds a comment changes nothing. `None`: worth a probe.
fn cannot_pass(edit: &CandidateEdit) -> Option<&'static str> {
    let language = Language::from_path(std::path::Path::new(&edit.file))?;
    let old: Vec<&str> = edit.old_line.split('\n').collect();
    let new: Vec<&str> = edit.replacement.iter().map(String::as_str).collect();
    cannot_pass_lines(&old, &new, language, EditScope::Lines)
}

/// What an edit replaces: some lines inside a function, whose indentation the lines after them
/// keep, or a function's whole body, which may open and close blocks of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum EditScope {
    Lines,
    WholeBody,
}

/// [`cannot_pass`] for `old` lines replaced by `new` ones.
fn cannot_pass_lines(
    old: &[&str],
    new: &[&str],
    language: Language,
    scope: EditScope,
) -> Option<&'static str> {
    let (before, after) = (code_shape(old, language), code_shape(new, language));
    if before.closed && !after.closed {
        Some("cut off: a string or comment left open")
    } else if before.open_brackets != after.open_brackets {
        Some("cut off: brackets left open or closed")
    } else if scope == EditScope::Lines && before.block_openers != after.block_openers {
        Some("a block opened or closed: the indentation after it no longer fits")
    } else if code_without_comments(old, language) == code_without_comments(new, language)
        && !python_depth_changed(old, new, language)
    {
        Some(match scope {
            EditScope::Lines => "comments or spacing only",
            EditScope::WholeBody => "the body as it was",
        })
    } else if foreign_syntax(new, language) > foreign_syntax(old, language) {
        Some("not this language: `===`, or another language's comment")
    } else {
        None
    }
}

/// Python reads indentation: a line moved into or out of a block is a change of code, not of
/// spacing.
fn python_depth_changed(old: &[&str], new: &[&str], language: Language) -> bool {
    let depths = |lines: &[&str]| -> Vec<usize> {
        lines
            .iter()
            .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
            .map(|l| l.len() - l.trim_start().len())
            .collect()
    };
    language == Language::Python && depths(old) != depths(new)
}

/// Record `edit` as set aside for `reason`, once.
fn set_aside_once(set_aside: &mut Vec<SetAsideEdit>, edit: &CandidateEdit, reason: &str) {
    let edit = proposed(edit);
    if !set_aside.iter().any(|s| s.edit == edit) {
        set_aside.push(SetAsideEdit {
            edit,
            reason: reason.into(),
        });
    }
}

/// Lines a small model writes from another language's habits, which cannot compile or run
/// here: JavaScript's `===`/`!==`, a `#` comment in Rust (not an attribute), a `//` comment
/// opening a Python line (it would read as floor division of nothing).
fn foreign_syntax(lines: &[&str], language: Language) -> usize {
    let code = code_without_comments(lines, language);
    let operators = code.matches("===").count() + code.matches("!==").count();
    let comments = lines
        .iter()
        .map(|l| l.trim_start())
        .filter(|t| match language {
            Language::Rust => t.starts_with('#') && !t.starts_with("#[") && !t.starts_with("#!"),
            Language::Python => t.starts_with("//"),
        })
        .count();
    operators + comments
}

/// Take a model-written edit as a candidate, unless it cannot pass ([`cannot_pass`]: set aside
/// with its reason) or the same edit is already there.
fn offer(
    proposals: &mut Vec<CandidateEdit>,
    set_aside: &mut Vec<SetAsideEdit>,
    edit: CandidateEdit,
) {
    let reason = cannot_pass(&edit);
    offer_unless(proposals, set_aside, edit, reason);
}

/// [`offer`] with the reason the edit cannot pass already read (`None`: it may).
fn offer_unless(
    proposals: &mut Vec<CandidateEdit>,
    set_aside: &mut Vec<SetAsideEdit>,
    edit: CandidateEdit,
    cannot_pass: Option<&'static str>,
) {
    if let Some(reason) = cannot_pass {
        set_aside_once(set_aside, &edit, reason);
        return;
    }
    if !proposals.iter().any(|p| {
        p.file == edit.file
            && p.line == edit.line
            && p.old_line == edit.old_line
            && p.replacement == edit.replacement
    }) {
        proposals.push(edit);
    }
}

/// Can a model-written hunk take in this line as its second? Not a blank line, a closing brace
/// or a new function: the hunk stays inside the statement flow of its function.
fn may_end_a_hunk(line: &str) -> bool {
    let t = line.trim();
    !t.is_empty()
        && !matches!(t, "}" | "};" | "})" | "{")
        && !tact_runtime::source::is_function_header(line)
        && !t.starts_with('#')
        && !t.starts_with("//")
}

/// Edits with their model-free features, not yet scored.
fn candidates_of(edits: Vec<CandidateEdit>) -> Vec<Candidate> {
    let features = rank::base_features(&edits);
    edits
        .into_iter()
        .zip(features)
        .map(|(edit, features)| Candidate {
            edit,
            features,
            score: 0.0,
            parts: 1,
            moves_a_loop: false,
        })
        .collect()
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    fn edit(line: u32, old: &str, replacement: &[&str]) -> CandidateEdit {
        CandidateEdit {
            file: "f.py".into(),
            line,
            old_line: old.into(),
            replacement: replacement.iter().map(|s| s.to_string()).collect(),
            origin: CandidateOrigin::Model,
            location_rank: 0,
            location_score: 1.0,
        }
    }

    /// probe43-python-11: scoring 322 candidates took 155 s of a 300 s job here. Scoring may
    /// take its share of the wall time left, best-ranked lines first.
    #[test]
    fn scoring_takes_its_share_of_the_time_left_best_ranked_lines_first() {
        use std::time::Duration;
        assert_eq!(
            scoring_allowance(300_000, 0.2),
            Some(Duration::from_millis(60_000))
        );
        assert_eq!(scoring_allowance(300_000, 0.0), None, "0: no limit");
        assert_eq!(
            scoring_allowance(u64::MAX, 0.2),
            None,
            "no wall-time ceiling"
        );
        assert_eq!(
            scoring_allowance(0, 0.2),
            None,
            "nothing left: the budget stops the calls"
        );
        let request = |targets: Vec<Option<usize>>| rank::ScoringRequest {
            context: String::new(),
            continuations: vec![String::new(); targets.len()],
            targets,
        };
        // Three lines' requests in enumeration order; candidate 4 (of line 3) ranks best,
        // then candidate 0 (line 1), then candidate 2 (line 2).
        let chosen = vec![0, 2, 4];
        let priority = vec![4, 0, 3, 2, 1];
        let ordered = best_ranked_first(
            vec![
                request(vec![None, Some(0)]),
                request(vec![None, Some(1)]),
                request(vec![None, Some(2)]),
            ],
            &chosen,
            &priority,
        );
        let firsts: Vec<Option<usize>> = ordered.iter().map(|r| r.targets[1]).collect();
        assert_eq!(firsts, [Some(2), Some(0), Some(1)]);
    }

    /// The writer's time comes when the time left falls to its share of the ceiling; never
    /// without a share or without a ceiling.
    #[test]
    fn the_writers_time_comes_at_its_share_of_the_ceiling() {
        assert!(!writer_time_reached(300_000, 149_999, 0.5));
        assert!(writer_time_reached(300_000, 150_000, 0.5));
        assert!(
            writer_time_reached(300_000, 400_000, 0.5),
            "past the ceiling"
        );
        assert!(
            !writer_time_reached(300_000, 299_000, 0.0),
            "0: never by time"
        );
        assert!(
            !writer_time_reached(u64::MAX, u64::MAX - 1, 0.5),
            "no ceiling"
        );
        assert!(writer_time_reached(300_000, 0, 1.0), "1: from the start");
    }

    /// What the description or the code's own shape states comes before any ranked guess: a
    /// candidate of each of the session-32 families is probed before an identifier swap on
    /// the most suspicious line, whatever the ranker thinks of either (and the later
    /// description families: the empty case, the wrap-around).
    #[test]
    fn stated_and_shaped_evidence_is_probed_first() {
        let with = |origin: CandidateOrigin, rank: u32| CandidateEdit {
            origin,
            location_rank: rank,
            ..edit(3, "    x = 1", &["    x = 2"])
        };
        for op in [
            MutationOperator::DescribedExtreme,
            MutationOperator::StatedOperation,
            MutationOperator::RedundantGroupFlip,
            MutationOperator::DescribedCall,
            MutationOperator::EmptyCase,
            MutationOperator::DescribedWrap,
            MutationOperator::DescribedLength,
            MutationOperator::DescribedTie,
            MutationOperator::DescribedSkip,
            MutationOperator::StatedDivisor,
            MutationOperator::DescribedOneToOne,
            MutationOperator::LookaheadSkip,
            MutationOperator::DescribedDefault,
            MutationOperator::DescribedSet,
            MutationOperator::CrossedPlacement,
            MutationOperator::SlidingWindowExit,
            MutationOperator::DivisorGuard,
            MutationOperator::ClosingStatement,
            MutationOperator::DeadStoreRead,
            MutationOperator::CutBackStack,
            MutationOperator::LostAdjustment,
        ] {
            let mut candidates = candidates_of(vec![
                with(CandidateOrigin::Mutate(MutationOperator::SwapIdentifier), 0),
                with(CandidateOrigin::Mutate(op), 40),
            ]);
            order(&mut candidates, None, RunSigns::default());
            assert_eq!(
                candidates[0].features.origin,
                CandidateOrigin::Mutate(op),
                "{op:?}"
            );
        }
        // A plain unwrapped guard has no such evidence: the ranker orders it.
        let unwrap = candidates_of(vec![with(
            CandidateOrigin::Mutate(MutationOperator::UnwrapGuard),
            40,
        )]);
        assert!(!evidence_first(&unwrap[0], RunSigns::default()));
    }

    /// probe35-py-09: a line's many offsets do not all go before its one `max` → `min`; each
    /// kind's best on a line comes before another kind's fifth; the best overall stays first.
    #[test]
    fn probe35_py_09_a_lines_kinds_take_turns_before_one_kinds_tail() {
        let offset = |k: usize| CandidateEdit {
            origin: CandidateOrigin::Mutate(MutationOperator::AddOffset),
            ..edit(
                20,
                "    return max(a, b)",
                &[&format!("    return max(a + {k}, b)")],
            )
        };
        let mut edits: Vec<CandidateEdit> = (1..=6).map(offset).collect();
        edits.push(CandidateEdit {
            origin: CandidateOrigin::Mutate(MutationOperator::MinMaxSwap),
            ..edit(20, "    return max(a, b)", &["    return min(a, b)"])
        });
        let mut candidates = candidates_of(edits);
        // The ranker's scores: every offset a little above the swap.
        for (k, c) in candidates.iter_mut().enumerate() {
            c.score = 1.0 - 0.01 * k as f32;
        }
        spread_kinds(&mut candidates);
        let origins: Vec<CandidateOrigin> = candidates.iter().map(|c| c.features.origin).collect();
        assert_eq!(
            origins[0],
            CandidateOrigin::Mutate(MutationOperator::AddOffset)
        );
        assert_eq!(
            origins[1],
            CandidateOrigin::Mutate(MutationOperator::MinMaxSwap),
            "{origins:?}"
        );
        assert!(candidates[0].edit.replacement[0].contains("+ 1"));
        // Kinds on different lines do not hold each other back.
        let mut apart = candidates_of(vec![
            offset(1),
            CandidateEdit {
                line: 21,
                ..offset(2)
            },
        ]);
        apart[0].score = 1.0;
        apart[1].score = 0.9;
        spread_kinds(&mut apart);
        assert_eq!((apart[0].score, apart[1].score), (1.0, 0.9));
    }

    /// probe35-py-09: the decoder put the line's `max` → `min` at 178 of 313; every fourth
    /// place goes to a (line, kind) not yet placed, lines in localization order, so it comes
    /// within the first few probes; the ranker's best stays first and nothing is lost.
    #[test]
    fn probe35_py_09_each_kind_on_the_suspicious_lines_is_covered_early() {
        let at = |line: u32, rank: u32, origin: MutationOperator, k: usize| CandidateEdit {
            origin: CandidateOrigin::Mutate(origin),
            location_rank: rank,
            ..edit(line, "    x = f(a)", &[&format!("    x = f(a) + {k}")])
        };
        let mut edits: Vec<CandidateEdit> = Vec::new();
        for k in 0..30 {
            edits.push(at(18, 0, MutationOperator::AddOffset, k));
            edits.push(at(19, 2, MutationOperator::ConstantOffByOne, k));
        }
        edits.push(at(20, 1, MutationOperator::MinMaxSwap, 0));
        let mut candidates = candidates_of(edits);
        let n = candidates.len();
        for (k, c) in candidates.iter_mut().enumerate() {
            c.score = 10.0 - k as f32 * 0.1;
        }
        let best = candidates[0].key();
        cover_kinds(&mut candidates);
        assert_eq!(candidates.len(), n);
        assert_eq!(candidates[0].key(), best);
        let swap = candidates
            .iter()
            .position(|c| {
                c.features.origin == CandidateOrigin::Mutate(MutationOperator::MinMaxSwap)
            })
            .unwrap();
        assert!(
            swap < COVERAGE_AFTER + 2 * COVERAGE_EVERY,
            "placed at {swap}"
        );
        assert!(
            swap >= COVERAGE_AFTER,
            "the ranker's first places are kept: {swap}"
        );
        let keys: HashSet<_> = candidates.iter().map(Candidate::key).collect();
        assert_eq!(keys.len(), n, "a candidate lost or doubled");
    }

    /// hefix-python-33: SmolLM2's replacements of `return l` ran into the 24-token limit
    /// (`return l''.join([l[i:i+3] for i in range(0, len(l),`) and Qwen's insertions were
    /// comments; each cost a probe that could not pass.
    #[test]
    fn hefix_python_33_cut_off_and_comment_only_completions_are_set_aside() {
        let cut = edit(
            11,
            "    return l",
            &["    return l''.join([l[i:i+3] for i in range(0, len(l),"],
        );
        assert_eq!(
            cannot_pass(&cut),
            Some("cut off: brackets left open or closed")
        );
        let open_string = edit(11, "    return l", &["    return l + \"abc"]);
        assert_eq!(
            cannot_pass(&open_string),
            Some("cut off: a string or comment left open")
        );
        let note = edit(
            10,
            "    l = list(l)",
            &["    l = list(l)  # Convert the list to a list of integers"],
        );
        assert_eq!(cannot_pass(&note), Some("comments or spacing only"));
        let inserted_note = edit(
            11,
            "    return l",
            &["    # Create a new list l'", "    return l"],
        );
        assert_eq!(
            cannot_pass(&inserted_note),
            Some("comments or spacing only")
        );
        // Python reads depth: a statement moved out of its loop is code, not spacing.
        let moved_out = edit(11, "        return l", &["    return l"]);
        assert_eq!(cannot_pass(&moved_out), None);
        let inserted_block = edit(11, "    return l", &["    if len(l) > 3:", "    return l"]);
        assert!(cannot_pass(&inserted_block).unwrap().starts_with("a block"));
        // What could pass is kept: a real change, and a bracket the hunk's second line closes.
        let fix = edit(
            11,
            "    return l",
            &["    l[::3] = sorted(l[::3])", "    return l"],
        );
        assert_eq!(cannot_pass(&fix), None);
        let two_lines = edit(
            10,
            "    l = list(l)\n    return l",
            &["    return [x for x in (", "        l)]"],
        );
        assert_eq!(cannot_pass(&two_lines), None);
        let mut rust = edit(
            16,
            "        } else {",
            &[
                "        } else if i % 4 == 0 {",
                "            sum += lst[i] * lst[i] * lst[i];",
                "        } else {",
            ],
        );
        rust.file = "src/lib.rs".into();
        assert_eq!(cannot_pass(&rust), None);
        rust.replacement[0] = "        } else if i % 4 == 0 && (i % 3 != 0".into();
        assert!(cannot_pass(&rust).is_some());
    }

    /// The rust-43 port: SmolLM2 wrote `if l1 + l[j] === 0{` and `# ifdef LINUX` into Rust
    /// code. Neither can compile; each cost a probe.
    #[test]
    fn another_languages_operator_or_comment_is_set_aside() {
        let rust = |old: &str, new: &[&str]| {
            let mut e = edit(16, old, new);
            e.file = "src/lib.rs".into();
            e
        };
        let reason = Some("not this language: `===`, or another language's comment");
        let js = rust(
            "            if l1 + l[j] == 0{",
            &["            if l1 + l[j] === 0{"],
        );
        assert_eq!(cannot_pass(&js), reason);
        let hash = rust(
            "        for j in i..l.len(){",
            &["        for j in i..l.len(){", "# ifdef LINUX"],
        );
        assert_eq!(cannot_pass(&hash), reason);
        // An attribute is Rust; a `#` inside a string is not a comment.
        let attribute = rust("    fn f() {}", &["    #[inline]", "    fn f() {}"]);
        assert_eq!(cannot_pass(&attribute), None);
        let string = rust("    let s = \"a\";", &["    let s = \"# a\";"]);
        assert_eq!(cannot_pass(&string), None);
        let py = edit(5, "    return x", &["    // return y", "    return x"]);
        assert_eq!(cannot_pass(&py), reason);
        assert_eq!(
            cannot_pass(&edit(5, "    return x", &["    return x // 2"])),
            None
        );
    }

    /// A test runner that is not installed gives no report; the job says what the runner said
    /// (the bug: `train-ranker` skipped all 83 Python tasks as "no test report" on a machine
    /// without pytest, and the job said only "could not read the test runner's output").
    #[test]
    fn a_run_without_a_report_is_explained_by_the_runners_last_words() {
        let obs =
            |stdout: &str, stderr: &str, error: Option<&str>| tact_runtime::messages::Observation {
                work_id: "w1".into(),
                tool: ToolRef::new("run_tests", 1),
                ok: true,
                exit_code: Some(1),
                output: json!({"status": "failed", "stdout_tail": stdout, "stderr_tail": stderr}),
                error: error.map(str::to_string),
                duration_ms: 40,
                performer_pid: 0,
            };
        let missing = obs("", "/usr/bin/python3: No module named pytest\n\n", None);
        assert!(report_of(&missing).is_none());
        assert_eq!(
            runner_last_words(&missing),
            "/usr/bin/python3: No module named pytest"
        );
        assert_eq!(
            runner_last_words(&obs("collected 0 items\n", "  \n", None)),
            "collected 0 items"
        );
        assert_eq!(
            runner_last_words(&obs("", "", Some("timed out"))),
            "timed out"
        );
        let long = "x".repeat(500);
        let cut = runner_last_words(&obs("", &long, None));
        assert_eq!(cut.chars().count(), 201);
        assert!(cut.ends_with('…'));
    }

    /// A `cargo test` stopped at libtest's hang warning: the job's report names the hung test
    /// as failed (localization starts from it) and reads the hang.
    #[test]
    fn a_run_stopped_on_a_hung_test_reports_the_test_and_the_hang() {
        let output = "running 2 tests\ntest tests::ok ... ok\ntest tests::sums has been running for over 60 seconds\n";
        let obs = |stopped: bool| tact_runtime::messages::Observation {
            work_id: "w1".into(),
            tool: ToolRef::new("run_tests", 1),
            ok: true,
            exit_code: None,
            output: json!({"status": "failed", "stdout_tail": output, "stderr_tail": "",
                "report": {"passed": 1, "failed": 1, "errors": 0},
                "stopped_on_hang": stopped}),
            error: None,
            duration_ms: 60_000,
            performer_pid: 0,
        };
        let report = report_of(&obs(true)).unwrap();
        assert_eq!(
            failing_names(&report),
            BTreeSet::from(["tests::sums".to_string()])
        );
        assert!(localize::report_shows_a_hang(&report));
        let unmarked = report_of(&obs(false)).unwrap();
        assert!(unmarked.failures.is_empty());
    }

    /// Regression (a session's probe workspaces): a build error's "test" is its error code, so
    /// probes filtered by it ran no test and the right edit was judged `no_tests`. A program
    /// that did not build is probed with the whole suite; a collection error keeps its module.
    #[test]
    fn a_build_failure_names_no_test_to_probe() {
        let build = tact_runtime::testreport::parse_cargo_test(
            "error[E0425]: cannot find value `bset` in this scope\n --> src/lib.rs:8:5\n  |\n8 |     bset\n  |     ^^^^\n\nerror: could not compile `r` (lib) due to 1 previous error\n",
        );
        assert!(build.build_failed);
        assert_eq!(build.failures.len(), 1);
        assert!(failing_names(&build).is_empty());
        let collection = tact_runtime::testreport::parse_pytest(
            "==================================== ERRORS ====================================\n________________________ ERROR collecting test_pairs.py ________________________\nE     File \"/w/pairs.py\", line 6\nE   SyntaxError: expected ':'\n=========================== short test summary info ============================\nERROR test_pairs.py\n1 error in 0.25s\n",
        );
        assert_eq!(
            failing_names(&collection),
            BTreeSet::from(["test_pairs.py".to_string()])
        );
    }

    /// hefix-python-156: the run hung in `while div:`; the loop's missing step, which no
    /// ranker has a prior for, goes first only when the run hung.
    #[test]
    fn a_hang_puts_the_loop_steps_first_and_only_then() {
        let mut edits = vec![
            edit(16, "    i = 12", &["    i = 11"]),
            edit(
                22,
                "        res += x",
                &["        res += x", "        div -= 1"],
            ),
            edit(21, "    while div:", &["    while res:"]),
        ];
        edits[0].origin = CandidateOrigin::Mutate(MutationOperator::ConstantOffByOne);
        edits[1].origin = CandidateOrigin::Mutate(MutationOperator::LoopStep);
        edits[1].location_rank = 5;
        edits[1].location_score = 0.5;
        edits[2].origin = CandidateOrigin::Mutate(MutationOperator::SwapIdentifier);
        let lines = |hang: bool| {
            let mut candidates = candidates_of(edits.clone());
            let signs = RunSigns {
                hang,
                ..RunSigns::default()
            };
            order(&mut candidates, None, signs);
            candidates.iter().map(|c| c.edit.line).collect::<Vec<_>>()
        };
        assert_eq!(lines(true)[0], 22);
        assert_ne!(lines(false)[0], 22, "{:?}", lines(false));
    }

    /// Regression: a candidate that turned line 5 into a copy of line 7 could not be reverted
    /// (the guard refused the non-unique old text) and the job stopped with the file edited.
    #[test]
    fn a_candidate_block_is_unique_before_and_after_the_edit() {
        let content = "def grade(score):\n    if score > 90:\n        return 'A'\n    if score >= 80:\n        return 'B'\n";
        let (old, new) = edit_block(
            content,
            &edit(2, "    if score > 90:", &["    if score >= 80:"]),
        )
        .unwrap();
        assert_eq!(content.matches(&old).count(), 1);
        let edited = content.replacen(&old, &new, 1);
        assert_eq!(edited.matches(&new).count(), 1, "the revert is unambiguous");
        assert_eq!(edited.replacen(&new, &old, 1), content);
    }

    #[test]
    fn deletions_and_insertions_are_unambiguous_blocks() {
        let content = "def f(n):\n    i = 1\n    i *= n\n    return i\n";
        let (old, new) = edit_block(content, &edit(3, "    i *= n", &[])).unwrap();
        assert!(!new.is_empty());
        assert_eq!(
            content.replacen(&old, &new, 1),
            "def f(n):\n    i = 1\n    return i\n"
        );
        let (old, new) = edit_block(
            content,
            &edit(4, "    return i", &["    i += 1", "    return i"]),
        )
        .unwrap();
        assert_eq!(
            content.replacen(&old, &new, 1),
            "def f(n):\n    i = 1\n    i *= n\n    i += 1\n    return i\n"
        );
        // A stale candidate (the line no longer reads its old text) is refused.
        assert!(edit_block(content, &edit(2, "    i = 2", &["    i = 3"])).is_none());
    }

    /// On a hang, a loop whose condition never changes (its missing step) is the stronger
    /// evidence: its step goes before the edits of lines that do move a loop, and both before
    /// the ranker's order (regression: `hefix-python-156` went from 4 tool calls to 20 when
    /// the loop moves came first).
    #[test]
    fn a_missing_loop_step_goes_before_an_edit_of_a_loop_move() {
        let contents: HashMap<String, String> = [(
            "f.py".to_string(),
            "def f(n):\n    i = 0\n    while i < n:\n        i = i\n    while n:\n        print(n)\n    return i\n".to_string(),
        )]
        .into();
        let mutate = |line: u32, old: &str, new: &[&str], op| CandidateEdit {
            file: "f.py".into(),
            line,
            old_line: old.into(),
            replacement: new.iter().map(|s| s.to_string()).collect(),
            origin: CandidateOrigin::Mutate(op),
            location_rank: 0,
            location_score: 1.0,
        };
        let mut candidates = candidates_of(vec![
            mutate(
                2,
                "    i = 0",
                &["    i = 1"],
                MutationOperator::ConstantOffByOne,
            ),
            mutate(
                4,
                "        i = i",
                &["        i = i + 1"],
                MutationOperator::OffsetAssignment,
            ),
            mutate(
                6,
                "        print(n)",
                &["        print(n)", "        n -= 1"],
                MutationOperator::LoopStep,
            ),
        ]);
        mark_loop_moves(&mut candidates, &contents);
        assert_eq!(
            candidates
                .iter()
                .map(|c| c.moves_a_loop)
                .collect::<Vec<_>>(),
            vec![false, true, false]
        );
        let hung = RunSigns {
            hang: true,
            ..RunSigns::default()
        };
        order(&mut candidates, None, hung);
        let lines: Vec<u32> = candidates.iter().map(|c| c.edit.line).collect();
        assert_eq!(lines, vec![6, 4, 2]);
        // Without a hang neither is evidence: the plain order decides.
        order(&mut candidates, None, RunSigns::default());
        assert!(
            candidates
                .iter()
                .all(|c| !evidence_first(c, RunSigns::default()))
        );
    }

    #[test]
    fn the_probe_time_limit_follows_the_suite() {
        let pace = |ms| SuitePace {
            ms,
            cut: false,
            builds: true,
        };
        assert_eq!(probe_timeout(pace(400), 60_000), 7_000);
        assert_eq!(probe_timeout(pace(30_000), 60_000), 60_000);
        assert_eq!(probe_timeout(pace(0), 60_000), 5_000);
        // A run cut at its limit says nothing of the suite's pace: a hanging probe must not
        // cost that limit again and again.
        let cut = SuitePace {
            ms: 60_850,
            cut: true,
            builds: true,
        };
        assert_eq!(probe_timeout(cut, 60_000), CUT_RUN_PROBE_MS);
        assert_eq!(
            probe_timeout(cut, 10_000),
            10_000,
            "the policy's ceiling still holds"
        );
        // Nothing to build first (pytest): a shorter fixed limit.
        let interpreted = SuitePace {
            builds: false,
            ..cut
        };
        assert_eq!(
            probe_timeout(interpreted, 60_000),
            CUT_RUN_INTERPRETED_PROBE_MS
        );
        const { assert!(CUT_RUN_INTERPRETED_PROBE_MS < CUT_RUN_PROBE_MS) };
    }

    /// The first fills keep two lines' calls back under a low budget; the late fills keep
    /// none and wait until nothing else is left (they never take a queue's last calls).
    #[test]
    fn only_the_first_fills_keep_a_reserve_and_the_late_ones_wait() {
        let first = RewriteRound {
            count: 6,
            kind: RoundKind::Fill { skip: 0 },
            done: 0,
        };
        let late = RewriteRound {
            count: 6,
            kind: RoundKind::Fill { skip: 6 },
            done: 0,
        };
        assert_eq!(first.reserve(), 2 * FILL_EDITS_A_LINE);
        assert!(!first.last_of_all());
        assert!(late.last_of_all());
        let rewrites = RewriteRound {
            count: 8,
            kind: RoundKind::TestRewrite,
            done: 0,
        };
        assert!(!rewrites.last_of_all());
        assert!(!rewrites.affordable(10, 3) && rewrites.affordable(11, 3));
        // A round with no call left to probe its first edit is not asked.
        assert!(!late.affordable(3, 3) && late.affordable(4, 3));
        assert!(!first.affordable(3, 3) && first.affordable(4, 3));
    }

    /// A round is asked for a piece at a time; what is left of it goes on where the last piece
    /// ended (the next line, the next sample), and a late round under way no longer waits.
    #[test]
    fn a_round_goes_on_a_piece_at_a_time_from_where_it_stopped() {
        let late = RewriteRound {
            count: 6,
            kind: RoundKind::Fill { skip: 6 },
            done: 0,
        };
        let rest = late.rest(1, 6).unwrap();
        assert_eq!((rest.count, rest.done), (5, 1));
        assert!(rest.under_way() && !rest.last_of_all());
        // Fills cut to what the calls afford: two lines, so one is left after this one.
        let cut = late.rest(1, 2).unwrap();
        assert_eq!((cut.count, cut.done), (1, 1));
        assert!(cut.rest(1, cut.count).is_none());
        let rewrites = RewriteRound {
            count: 3,
            kind: RoundKind::Rewrite,
            done: 0,
        };
        let second = rewrites.rest(1, 3).unwrap();
        let third = second.rest(1, second.count).unwrap();
        assert_eq!(third.done, 2);
        assert!(third.rest(1, third.count).is_none());
        // A writer that could not answer (its budget spent) ends the round: no piece is asked
        // of it again.
        let (queue, rest) = WrittenPiece::round_over().queued(rewrites.rest(1, 3));
        assert!(queue.is_empty() && rest.is_none());
        let answered = WrittenPiece {
            candidates: Vec::new(),
            round_over: false,
        };
        assert_eq!(answered.queued(rewrites.rest(1, 3)).1.unwrap().done, 1);
    }

    #[test]
    fn the_explore_share_divides_the_probes() {
        assert_eq!(probe_allocation(60, 0.25), (43, 14));
        assert_eq!(probe_allocation(60, 0.0), (57, 0));
        assert_eq!(probe_allocation(2, 0.5), (0, 0));
    }

    #[test]
    fn expression_statements_split_into_head_expression_and_terminator() {
        let cases = [
            ("    a * a + b * b", Some(("    ", "a * a + b * b", ""))),
            (
                "    let d = dx * dx + dy * dy;",
                Some(("    let d = ", "dx * dx + dy * dy", ";")),
            ),
            ("    return x - y", Some(("    return ", "x - y", ""))),
            (
                "        total += price * qty",
                Some(("        total += ", "price * qty", "")),
            ),
            ("    f(key=1)", Some(("    ", "f(key=1)", ""))),
            ("    x == y", Some(("    ", "x == y", ""))),
            ("    if x <= y:", None),
            ("    for i in 0..n {", None),
            ("    }", None),
            ("fn f(x: i32) -> i32 {", None),
            ("    return", None),
            ("    # note", None),
        ];
        for (line, expected) in cases {
            assert_eq!(expression_statement(line), expected, "{line}");
        }
    }

    #[test]
    fn line_cuts_keep_prefixes_longest_first() {
        let cuts = line_cuts("    return sum(scores) / 2", 10);
        assert_eq!(
            cuts,
            vec![
                "    return sum(scores) / 2",
                "    return sum(scores) /",
                "    return sum(scores)",
                "    return sum(scores",
                "    return sum(",
                "    return sum",
            ]
        );
        // A line that ends a statement is not extended; the cap holds.
        let cuts = line_cuts("    let total = a + b;", 2);
        assert_eq!(cuts, vec!["    let total = a + b", "    let total = a +"]);
        // A decimal number is one token.
        let cuts = line_cuts("    c * 9.0 / 5.0", 3);
        assert_eq!(
            cuts,
            vec!["    c * 9.0 / 5.0", "    c * 9.0 /", "    c * 9.0"]
        );
    }

    #[test]
    fn completion_context_starts_at_the_enclosing_function() {
        let content = "import math\n\n\ndef mean_score(scores):\n    total = sum(scores)\n    return total / 2\n";
        let text = completion_context(
            "scores.py",
            content,
            6,
            &["assert mean_score([1, 2, 3, 6]) == 3".to_string()],
        );
        assert_eq!(
            text,
            "# scores.py\n# failing test: assert mean_score([1, 2, 3, 6]) == 3\n\ndef mean_score(scores):\n    total = sum(scores)\n"
        );
        let rust = completion_context(
            "src/lib.rs",
            "use std::fmt;\n\n/// Twice x.\npub fn f(x: f64) -> f64 {\n    x * 2.0\n}\n",
            5,
            &[],
        );
        assert_eq!(
            rust,
            "// src/lib.rs\n\n/// Twice x.\npub fn f(x: f64) -> f64 {\n"
        );
    }
}
