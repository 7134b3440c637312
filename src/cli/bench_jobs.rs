//! `tact bench-jobs --suite DIR`: run every task of a suite in a fresh copy of its workspace and
//! measure what the job spent and what it achieved.
//!
//! Per task: the job runs with the policy's trigger (and, on task-directory suites or with
//! `--baseline`, again with the trigger forced to always call: the paper's "always tool"
//! baseline); then the bench itself re-runs the tests in the copy to decide `fixed`, compares the
//! program's change with the suite's reference fix, and checks that nothing but the program was
//! edited. A job running longer than `--task-timeout-s` is abandoned and counts as `timeout`.

use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use serde::Serialize;
use tact_actors::events::discard;
use tact_actors::job::{JobConfig, JobOutcome, job_dir, new_job_id};
use tact_actors::nodes;
use tact_actors::run_job;
use tact_actors::stage::FaultPlan;
use tact_actors::worker_process::{WorkerCommand, kill_group};
use tact_models::DecisionModel;
use tact_policies::Policy;
use tact_runtime::decisions::{Decision, Judgement};
use tact_runtime::ledger::{JobStatus, LEDGER_FILE, LedgerEntry, LedgerState, read_ledger};
use tact_runtime::tools::ToolConfig;

use crate::cli::bench_report;
use crate::cli::everyday::{self, EverydayJob, EverydayResult};
use crate::cli::run::{self, ModelArgs, copy_dir};
use crate::cli::suite::{self, Part, SuiteTask};

/// The bench's own test run after a job: longer than this counts as not fixed.
const VERIFY_TIMEOUT: Duration = Duration::from_secs(300);

/// Names skipped at any depth when comparing a workspace with its original: tact's job
/// directories, build outputs and caches.
const SKIPPED_NAMES: [&str; 4] = [".tact", "target", "__pycache__", ".pytest_cache"];

#[derive(Debug, clap::Args)]
pub struct Args {
    /// A suite: a directory with `tasks.jsonl` and `workspaces/<id>/`, or a directory of task
    /// workspaces, each with a BUG.toml or TASK.toml naming its task.
    #[arg(long)]
    pub suite: PathBuf,
    #[arg(long)]
    pub policy: Option<PathBuf>,
    /// Print one JSON object at the end: per-task results and totals.
    #[arg(long)]
    pub json: bool,
    /// Only tasks in this language.
    #[arg(long, value_parser = ["python", "rust"])]
    pub lang: Option<String>,
    /// Only tasks in this half of the split by id (`fit` for tuning, `report` for reporting).
    #[arg(long, value_enum)]
    pub part: Option<Part>,
    /// Only these task ids (comma-separated).
    #[arg(long, value_delimiter = ',')]
    pub ids: Vec<String>,
    /// Run only the first N tasks (in suite order, after the other filters).
    #[arg(long)]
    pub limit: Option<usize>,
    /// Write `results.jsonl` (one line per task as it finishes), `summary.json`, `report.html`,
    /// `fixed_by_lang.svg` and `tool_calls.svg` here.
    #[arg(long)]
    pub report_dir: Option<PathBuf>,
    /// A job running longer than this many seconds is abandoned and counts as `timeout`.
    #[arg(long, default_value_t = 600, value_parser = clap::value_parser!(u64).range(1..))]
    pub task_timeout_s: u64,
    /// Also run the always-call baseline (the default only for task-directory suites).
    #[arg(long, conflicts_with = "no_baseline")]
    pub baseline: bool,
    /// Skip the always-call baseline.
    #[arg(long)]
    pub no_baseline: bool,
    #[command(flatten)]
    pub model: ModelArgs,
    #[arg(long, hide = true)]
    pub scripted: Option<PathBuf>,
}

/// Why a job ended, in categories a report can count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum StopReason {
    /// The job says it fixed the tests (`fixed` says whether the bench's own run agrees).
    Fixed,
    /// A budget ceiling was reached.
    Budget,
    /// Every candidate was tried and none made the tests pass.
    Exhausted,
    /// The bench abandoned the job after `--task-timeout-s`.
    Timeout,
    /// The job failed, or the bench could not run it.
    Error,
    /// The job stopped for a human: an in-doubt call, an unreadable test run, a question.
    NeedsAttention,
    /// Anything else (a guard refusal, the selector chose to stop, …).
    Other,
}

impl StopReason {
    pub(crate) const ALL: [StopReason; 7] = [
        StopReason::Fixed,
        StopReason::Budget,
        StopReason::Exhausted,
        StopReason::Timeout,
        StopReason::Error,
        StopReason::NeedsAttention,
        StopReason::Other,
    ];

    pub(crate) fn as_str(self) -> &'static str {
        match self {
            StopReason::Fixed => "fixed",
            StopReason::Budget => "budget",
            StopReason::Exhausted => "exhausted",
            StopReason::Timeout => "timeout",
            StopReason::Error => "error",
            StopReason::NeedsAttention => "needs_attention",
            StopReason::Other => "other",
        }
    }

    /// The category of a job's end, from its status and summary (the summaries are the repair
    /// driver's, `actors/src/repair.rs`).
    fn of(status: &JobStatus, summary: &str) -> StopReason {
        match status {
            JobStatus::Done if summary.starts_with("fixed") => StopReason::Fixed,
            JobStatus::BudgetExhausted => StopReason::Budget,
            JobStatus::Stopped if summary.starts_with(tact_actors::repair::NOTHING_LEFT_TO_TRY) => {
                StopReason::Exhausted
            }
            JobStatus::NeedsAttention | JobStatus::WaitingForUser => StopReason::NeedsAttention,
            JobStatus::Failed => StopReason::Error,
            _ => StopReason::Other,
        }
    }
}

/// One task in one mode.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct TaskResult {
    pub id: String,
    pub lang: String,
    pub part: Part,
    /// `policy` (the trigger decides) or `always_call` (the baseline).
    pub mode: String,
    /// The job's status (`done`, `stopped`, `budget_exhausted`, `waiting_for_user`,
    /// `needs_attention`, `failed`), or `timeout` / `error` when the job did not end itself.
    pub status: String,
    pub summary: String,
    pub stop_reason: StopReason,
    /// The bench's own test run in the copy passed after the job.
    pub fixed: bool,
    /// The program's change equals the reference fix (null without a reference or a program).
    pub equals_reference: Option<bool>,
    /// No file but the program changed (and, for Rust, not the program's test module).
    pub tests_untouched: bool,
    /// What did change besides the program (added, removed or edited paths).
    pub touched_files: Vec<String>,
    /// Worker calls (tests, reads, edits), from the job's ledger.
    pub tool_calls: u64,
    pub forward_passes: u64,
    /// The job's wall time (without the bench's own test run).
    pub wall_ms: u64,
    /// Candidates probed, in the order the job probed them (from its ledger).
    pub probes: u64,
    /// Which probes passed (1-based, in probe order): the data to tune how far the job looks
    /// past its first pass for a smaller edit.
    pub passing_probes: Vec<u64>,
    /// Which probe the committed fix came from (1-based), if one was committed.
    pub committed_probe: Option<u64>,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct LangTotals {
    pub tasks: usize,
    pub fixed: usize,
    pub fixed_share: Option<f64>,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct Totals {
    pub tasks: usize,
    pub fixed: usize,
    /// fixed / tasks (null without tasks).
    pub fixed_share: Option<f64>,
    /// Fixed tasks whose change equals the reference fix.
    pub equals_reference: usize,
    /// equals_reference / fixed tasks that have a reference fix (null without such fixes; on
    /// a `tasks.jsonl` suite every task has one, so this is the share of fixes).
    pub equals_reference_share_of_fixed: Option<f64>,
    pub by_lang: BTreeMap<String, LangTotals>,
    pub median_tool_calls: f64,
    pub median_forward_passes: f64,
    pub median_wall_ms: f64,
    /// Every category, zero counts included.
    pub stop_reasons: BTreeMap<String, usize>,
    /// Tasks where something besides the program changed.
    pub tests_touched: usize,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct ModeReport {
    pub totals: Totals,
    pub results: Vec<TaskResult>,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct Report {
    pub suite: String,
    pub model: String,
    pub policy_edition: String,
    pub task_timeout_s: u64,
    pub policy: ModeReport,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub always_call: Option<ModeReport>,
}

fn median(mut xs: Vec<f64>) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    xs.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
    let n = xs.len();
    if n % 2 == 1 {
        xs[n / 2]
    } else {
        (xs[n / 2 - 1] + xs[n / 2]) / 2.0
    }
}

fn share(part: usize, whole: usize) -> Option<f64> {
    (whole > 0).then(|| part as f64 / whole as f64)
}

pub(crate) fn totals(results: &[TaskResult]) -> Totals {
    let fixed = results.iter().filter(|r| r.fixed).count();
    let equals_reference = results
        .iter()
        .filter(|r| r.fixed && r.equals_reference == Some(true))
        .count();
    let fixed_with_reference = results
        .iter()
        .filter(|r| r.fixed && r.equals_reference.is_some())
        .count();
    let mut by_lang: BTreeMap<String, LangTotals> = BTreeMap::new();
    for r in results {
        let entry = by_lang.entry(r.lang.clone()).or_insert(LangTotals {
            tasks: 0,
            fixed: 0,
            fixed_share: None,
        });
        entry.tasks += 1;
        entry.fixed += usize::from(r.fixed);
    }
    for entry in by_lang.values_mut() {
        entry.fixed_share = share(entry.fixed, entry.tasks);
    }
    let stop_reasons = StopReason::ALL
        .iter()
        .map(|reason| {
            let count = results.iter().filter(|r| r.stop_reason == *reason).count();
            (reason.as_str().to_string(), count)
        })
        .collect();
    Totals {
        tasks: results.len(),
        fixed,
        fixed_share: share(fixed, results.len()),
        equals_reference,
        equals_reference_share_of_fixed: share(equals_reference, fixed_with_reference),
        by_lang,
        median_tool_calls: median(results.iter().map(|r| r.tool_calls as f64).collect()),
        median_forward_passes: median(results.iter().map(|r| r.forward_passes as f64).collect()),
        median_wall_ms: median(results.iter().map(|r| r.wall_ms as f64).collect()),
        stop_reasons,
        tests_touched: results.iter().filter(|r| !r.tests_untouched).count(),
    }
}

/// What every task of one bench run shares.
struct Bench {
    policy: Policy,
    model: Arc<dyn DecisionModel>,
    /// The policy's code writer, loaded once for the whole run when a task first needs it.
    writer: Option<Arc<dyn DecisionModel>>,
    /// The run's temporary root: task copies and the shared cargo target dir live here.
    root: PathBuf,
    task_timeout: Duration,
}

impl Bench {
    /// The bench for `args`: the model loaded once, a temporary root (returned: the bench's
    /// copies live as long as it does).
    fn new(args: &Args, policy: Policy) -> anyhow::Result<(Bench, tempfile::TempDir)> {
        // With the probe the policy names for this model, as `tact run` loads it: without it
        // a probe trigger would read no probe and compare p_tool with the probe's τ.
        let model = run::load_model_with_probe(
            &args.model,
            args.scripted.as_deref(),
            &run::probe_for(&policy, false),
        )?;
        let writer = run::code_writer(&policy, &args.model, args.scripted.is_some())?;
        let root = tempfile::Builder::new().prefix("tact-bench-").tempdir()?;
        let bench = Bench {
            policy,
            model,
            writer,
            root: root.path().to_path_buf(),
            task_timeout: Duration::from_secs(args.task_timeout_s),
        };
        Ok((bench, root))
    }

    fn cargo_target(&self) -> PathBuf {
        self.root.join("cargo-target")
    }

    /// The policy's budget with the task's time limit as its wall-time ceiling (when it is the
    /// tighter one): the job plans within the deadline it really has, and ends itself, with the
    /// workspace put back, instead of being stopped from outside.
    fn wall_budget(&self) -> tact_runtime::records::BudgetEnvelope {
        let mut envelope = self.policy.body.budget.envelope();
        let limit = u64::try_from(self.task_timeout.as_millis()).unwrap_or(u64::MAX);
        envelope.wall_time_ms = Some(envelope.wall_time_ms.map_or(limit, |w| w.min(limit)));
        envelope
    }

    fn job_config(
        &self,
        workspace: &Path,
        task: &str,
        always_call: bool,
    ) -> anyhow::Result<JobConfig> {
        let job_id = new_job_id();
        let catalog = tact_runtime::catalog::catalog();
        let temp_dir = job_dir(workspace, &job_id).join("tmp");
        std::fs::create_dir_all(&temp_dir)?;
        let policy = &self.policy;
        Ok(JobConfig {
            job_id,
            workspace: workspace.to_path_buf(),
            task: task.to_string(),
            policy: policy.clone(),
            model: self.model.clone(),
            writer: self.writer.clone(),
            worker: WorkerCommand::current_exe()?,
            tool_config: ToolConfig {
                command_allow: policy.body.guard.command_allow.clone(),
                command_deny: policy.body.guard.command_deny.clone(),
                ..ToolConfig::default()
            },
            retrieve: nodes::retrieve_fn(
                catalog.clone(),
                policy,
                run::retriever_setup(nodes::RetrieverKind::Fused, None),
            ),
            guard: nodes::guard_fn(catalog.clone(), policy, workspace),
            trust: nodes::trust_fn(catalog.clone(), policy, workspace, temp_dir),
            catalog,
            faults: FaultPlan::default(),
            events: discard(),
            call_timeout_ms: 300_000,
            always_call,
            budget_override: Some(self.wall_budget()),
            ledger_mirror: None,
            // The suite measures tact's own tools: no configured MCP servers.
            mcp: None,
        })
    }

    /// Run one task in one mode. Never fails: a task the bench could not run is a result with
    /// the stop reason `error`.
    fn run_task(&self, task: &SuiteTask, always_call: bool) -> TaskResult {
        let mode = if always_call { "always_call" } else { "policy" };
        let mut result = TaskResult {
            id: task.id.clone(),
            lang: task.lang.clone(),
            part: suite::part_of(&task.id),
            mode: mode.to_string(),
            status: "error".into(),
            summary: String::new(),
            stop_reason: StopReason::Error,
            fixed: false,
            equals_reference: None,
            tests_untouched: true,
            touched_files: Vec::new(),
            tool_calls: 0,
            forward_passes: 0,
            wall_ms: 0,
            probes: 0,
            passing_probes: Vec::new(),
            committed_probe: None,
        };
        let scratch = self.root.join(format!("{mode}-{}", dir_name(&task.id)));
        if let Err(e) = self.run_task_in(task, always_call, &scratch, &mut result) {
            result.status = "error".into();
            result.stop_reason = StopReason::Error;
            result.summary = format!("bench: {e:#}");
        }
        // Jobs leave build outputs in their copies; a long suite must not fill the disk.
        let _ = std::fs::remove_dir_all(&scratch);
        result
    }

    fn run_task_in(
        &self,
        task: &SuiteTask,
        always_call: bool,
        scratch: &Path,
        result: &mut TaskResult,
    ) -> anyhow::Result<()> {
        let workspace = scratch.join("ws");
        copy_dir(&task.workspace, &workspace)
            .with_context(|| format!("copying {}", task.workspace.display()))?;
        // Suites are often checked out read-only; the copy is the job's to edit.
        make_writable(&workspace)?;
        let workspace = workspace.canonicalize()?;
        let before = read_program(&task.workspace, &task.program)?;

        let cfg = self.job_config(&workspace, &task.task, always_call)?;
        let ledger = job_dir(&workspace, &cfg.job_id).join(LEDGER_FILE);
        let (outcome, wall_ms) = run_job_limited(cfg, self.task_timeout)?;
        result.wall_ms = wall_ms;
        let spent = spent_from_ledger(&ledger);
        result.tool_calls = spent.tool_calls;
        result.probes = spent.probes;
        result.passing_probes = spent.passing_probes.clone();
        result.committed_probe = spent.committed_probe;
        match outcome {
            JobEnd::Ended(outcome) => {
                result.status = status_name(&outcome.status);
                result.stop_reason = StopReason::of(&outcome.status, &outcome.summary);
                result.summary = outcome.summary;
                result.forward_passes = outcome.burned.forward_passes;
            }
            JobEnd::Failed(message) => {
                result.status = "error".into();
                result.stop_reason = StopReason::Error;
                result.summary = message;
                result.forward_passes = spent.forward_passes;
            }
            JobEnd::TimedOut => {
                result.status = "timeout".into();
                result.stop_reason = StopReason::Timeout;
                result.summary = format!(
                    "abandoned after {} s (task timeout)",
                    self.task_timeout.as_secs()
                );
                result.forward_passes = spent.forward_passes;
            }
        }

        let after = read_program(&workspace, &task.program)?;
        if let (Some(before), Some(after)) = (&before, &after)
            && !task.fix_diff.is_empty()
        {
            result.equals_reference = Some(suite::equals_reference(before, after, &task.fix_diff));
        }
        result.touched_files = touched_files(&task.workspace, &workspace, task)?;
        result.tests_untouched = result.touched_files.is_empty();
        result.fixed = tests_pass(&task.lang, &workspace, &self.cargo_target())?;
        Ok(())
    }
}

impl Bench {
    /// Run one everyday job. Never fails: a job the bench could not run is a result with the
    /// status `error` and the reason in its summary.
    fn run_everyday_job(&self, suite_dir: &Path, job: &EverydayJob) -> EverydayResult {
        let mut result = EverydayResult {
            id: job.id.clone(),
            kind: job.kind.clone(),
            part: everyday::part(job),
            status: "error".into(),
            summary: String::new(),
            answer: String::new(),
            tools: Vec::new(),
            expected_tools: job.expected_tools.clone(),
            triggers: Vec::new(),
            right_first_tool: false,
            right_tool_sequence: false,
            outcome_correct: false,
            outcome_misses: Vec::new(),
            outcome_correct_model_text: false,
            tool_calls: 0,
            forward_passes: 0,
            wall_ms: 0,
        };
        let scratch = self.root.join(format!("everyday-{}", dir_name(&job.id)));
        if let Err(e) = self.run_everyday_in(suite_dir, job, &scratch, &mut result) {
            result.status = "error".into();
            result.summary = format!("bench: {e:#}");
            result.outcome_correct = false;
            result.outcome_misses = vec![result.summary.clone()];
        }
        let _ = std::fs::remove_dir_all(&scratch);
        result
    }

    fn run_everyday_in(
        &self,
        suite_dir: &Path,
        job: &EverydayJob,
        scratch: &Path,
        result: &mut EverydayResult,
    ) -> anyhow::Result<()> {
        let workspace = everyday::prepare_workspace(suite_dir, job, scratch)?;
        make_writable(&workspace)?;
        let before = everyday::snapshot(&workspace)?;
        let cfg = self.job_config(&workspace, &job.task, false)?;
        let ledger = job_dir(&workspace, &cfg.job_id).join(LEDGER_FILE);
        let (end, wall_ms) = run_job_limited(cfg, self.task_timeout)?;
        result.wall_ms = wall_ms;
        let status = match end {
            JobEnd::Ended(outcome) => {
                result.status = status_name(&outcome.status);
                result.summary = outcome.summary;
                result.forward_passes = outcome.burned.forward_passes;
                outcome.status
            }
            JobEnd::Failed(message) => {
                result.status = "error".into();
                result.summary = message;
                JobStatus::Failed
            }
            JobEnd::TimedOut => {
                result.status = "timeout".into();
                result.summary = format!(
                    "abandoned after {} s (task timeout)",
                    self.task_timeout.as_secs()
                );
                JobStatus::Failed
            }
        };
        if result.forward_passes == 0 {
            result.forward_passes = spent_from_ledger(&ledger).forward_passes;
        }
        result.answer = everyday::answer_of(&result.summary);
        result.tools = everyday::tools_from_ledger(&ledger, &status, &result.summary);
        result.triggers = everyday::triggers_from_ledger(&ledger);
        result.tool_calls = everyday::tool_runs(&result.tools);
        (result.right_first_tool, result.right_tool_sequence) =
            everyday::judge_tools(job, &result.tools);
        let after = everyday::snapshot(&workspace)?;
        result.outcome_misses = everyday::outcome_misses(
            job,
            &result.status,
            &result.answer,
            result.tool_calls,
            &before,
            &after,
        );
        result.outcome_correct = result.outcome_misses.is_empty();
        result.outcome_correct_model_text = everyday::outcome_misses(
            job,
            &result.status,
            everyday::model_text(&result.answer),
            result.tool_calls,
            &before,
            &after,
        )
        .is_empty();
        Ok(())
    }
}

/// `bench-jobs` on an everyday suite (`jobs.jsonl`): every job once, with the policy's trigger.
fn run_everyday(args: &Args) -> anyhow::Result<i32> {
    if args.lang.is_some() || args.baseline {
        bail!("--lang and --baseline apply to bug suites, not to an everyday suite");
    }
    let policy = Policy::load_or_default(args.policy.as_deref())?;
    let all = everyday::load_jobs(&args.suite)?;
    for id in &args.ids {
        if !all.iter().any(|j| &j.id == id) {
            bail!("no job {id:?} in {}", args.suite.display());
        }
    }
    let mut jobs: Vec<EverydayJob> = all
        .into_iter()
        .filter(|j| args.part.is_none_or(|part| everyday::part(j) == part))
        .filter(|j| args.ids.is_empty() || args.ids.contains(&j.id))
        .collect();
    if let Some(n) = args.limit {
        jobs.truncate(n);
    }
    if jobs.is_empty() {
        bail!("no job of {} matches the filters", args.suite.display());
    }
    let (bench, _root) = Bench::new(args, policy)?;
    let mut log = ResultsLog::open(args.report_dir.as_deref())?;
    let bar = progress_bar(jobs.len() as u64);
    let plain_progress = !args.json && !std::io::stderr().is_terminal();
    let mut results: Vec<EverydayResult> = Vec::new();
    for job in &jobs {
        bar.set_message(job.id.clone());
        let result = bench.run_everyday_job(&args.suite, job);
        log.append(&result)?;
        bar.inc(1);
        if plain_progress {
            eprintln!(
                "{}: {} (first tool {}, sequence {}), tools {:?}, {} forward passes, {} ms",
                result.id,
                if result.outcome_correct {
                    "right"
                } else {
                    "wrong"
                },
                if result.right_first_tool {
                    "right"
                } else {
                    "wrong"
                },
                if result.right_tool_sequence {
                    "right"
                } else {
                    "wrong"
                },
                result.tools,
                result.forward_passes,
                result.wall_ms
            );
        }
        results.push(result);
    }
    bar.finish_and_clear();
    let totals = everyday::totals(&results);
    let report = serde_json::json!({
        "suite": args.suite.display().to_string(),
        "model": bench.model.id(),
        "policy_edition": bench.policy.policy_ref().edition,
        "task_timeout_s": args.task_timeout_s,
        "totals": totals,
        "results": results,
    });
    if let Some(dir) = &args.report_dir {
        let path = dir.join("summary.json");
        std::fs::write(&path, serde_json::to_string_pretty(&report)?)
            .with_context(|| format!("writing {}", path.display()))?;
    }
    if args.json {
        println!("{report}");
    } else {
        for r in &results {
            println!(
                "{:<22} {:<8} first {:<5} sequence {:<5} outcome {:<5} calls {:>2} passes {:>4} {:>6} ms  {:?}{}",
                r.id,
                r.kind,
                r.right_first_tool,
                r.right_tool_sequence,
                r.outcome_correct,
                r.tool_calls,
                r.forward_passes,
                r.wall_ms,
                r.tools,
                if r.outcome_misses.is_empty() {
                    String::new()
                } else {
                    format!(" — {}", r.outcome_misses.join("; "))
                }
            );
        }
        println!(
            "{} jobs: right first tool {}, right tool sequence {}, outcome correct {} ({} from the model's words alone); median tool calls {}, forward passes {}, wall {} ms",
            totals.jobs,
            totals.right_first_tool,
            totals.right_tool_sequence,
            totals.outcome_correct,
            totals.outcome_correct_model_text,
            totals.median_tool_calls,
            totals.median_forward_passes,
            totals.median_wall_ms
        );
    }
    Ok(0)
}

/// A task id as a directory name.
fn dir_name(id: &str) -> String {
    id.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect()
}

fn make_writable(dir: &Path) -> anyhow::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let path = entry.path();
        let meta = entry.metadata()?;
        let mut perms = meta.permissions();
        perms.set_mode(perms.mode() | 0o200);
        std::fs::set_permissions(&path, perms)?;
        if meta.is_dir() {
            make_writable(&path)?;
        }
    }
    Ok(())
}

fn read_program(workspace: &Path, program: &str) -> anyhow::Result<Option<String>> {
    if program.is_empty() {
        return Ok(None);
    }
    let path = workspace.join(program);
    match std::fs::read(&path) {
        Ok(bytes) => Ok(Some(String::from_utf8_lossy(&bytes).into_owned())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e).with_context(|| format!("reading {}", path.display())),
    }
}

fn status_name(status: &JobStatus) -> String {
    serde_json::to_value(status)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_else(|| format!("{status:?}"))
}

enum JobEnd {
    Ended(JobOutcome),
    Failed(String),
    TimedOut,
}

/// Run a job on a runtime of its own, so that abandoning it at the time limit drops every actor
/// it started (and with them its worker processes).
fn run_job_limited(cfg: JobConfig, limit: Duration) -> anyhow::Result<(JobEnd, u64)> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let started = Instant::now();
    let result = runtime.block_on(async move { tokio::time::timeout(limit, run_job(cfg)).await });
    let wall_ms = started.elapsed().as_millis() as u64;
    runtime.shutdown_timeout(Duration::from_secs(10));
    let end = match result {
        Ok(Ok(outcome)) => JobEnd::Ended(outcome),
        Ok(Err(e)) => JobEnd::Failed(format!("job: {e}")),
        Err(_) => JobEnd::TimedOut,
    };
    Ok((end, wall_ms))
}

#[derive(Debug, Default, PartialEq)]
struct Spent {
    tool_calls: u64,
    forward_passes: u64,
    probes: u64,
    passing_probes: Vec<u64>,
    committed_probe: Option<u64>,
}

/// Worker calls (in-process steps such as `mutate` are ledgered but cost no tool process) and
/// the forward passes of the last checkpoint: what a job that did not end itself had spent.
fn spent_from_ledger(ledger: &Path) -> Spent {
    let Ok((records, _)) = read_ledger(ledger) else {
        return Spent::default();
    };
    let state = LedgerState::new(records);
    let mut spent = Spent::default();
    // (file, line, new line) of each probe, to find the committed one among them.
    let mut probed: Vec<(&str, u32, &str)> = Vec::new();
    for record in &state.records {
        match &record.entry {
            LedgerEntry::Decision {
                decision: Decision::ProbeVerdict(p),
                ..
            } => {
                probed.push((&p.file, p.line, &p.new_line));
                spent.probes += 1;
                if p.passed {
                    spent.passing_probes.push(spent.probes);
                }
            }
            LedgerEntry::Decision {
                decision: Decision::TestsDecide(d),
                ..
            } if d.judgement == Judgement::Fixed => {
                let committed = (d.file.as_str(), d.line, d.new_line.as_str());
                spent.committed_probe = probed
                    .iter()
                    .position(|p| *p == committed)
                    .map(|i| i as u64 + 1);
            }
            LedgerEntry::Outcome { record } if record.stage != "job" => spent.tool_calls += 1,
            LedgerEntry::Checkpoint { checkpoint } => {
                spent.forward_passes = checkpoint.burned.forward_passes;
            }
            _ => {}
        }
    }
    spent
}

/// Everything the job changed besides the program: files edited, added (a `Cargo.lock` cargo
/// writes where there was none aside) or removed, and for Rust the program's `#[cfg(test)]`
/// module.
fn touched_files(original: &Path, copy: &Path, task: &SuiteTask) -> anyhow::Result<Vec<String>> {
    let before = suite::files_under(original, &SKIPPED_NAMES)?;
    let after = suite::files_under(copy, &SKIPPED_NAMES)?;
    let mut touched = Vec::new();
    for path in before.union(&after) {
        if *path == task.program {
            continue;
        }
        match (before.contains(path), after.contains(path)) {
            (true, true) => {
                if std::fs::read(original.join(path))? != std::fs::read(copy.join(path))? {
                    touched.push(path.clone());
                }
            }
            (false, true) if path == "Cargo.lock" => {}
            (false, true) => touched.push(format!("{path} (added)")),
            _ => touched.push(format!("{path} (removed)")),
        }
    }
    if task.lang == "rust"
        && let (Some(before), Some(after)) = (
            read_program(original, &task.program)?,
            read_program(copy, &task.program)?,
        )
        && cfg_test_module(&before) != cfg_test_module(&after)
    {
        touched.push(format!("{} (#[cfg(test)] module)", task.program));
    }
    Ok(touched)
}

/// The text of the first `#[cfg(test)]` item: from the attribute to the brace closing the block
/// that follows it (string, char literals and comments skipped), or to the end of the file.
fn cfg_test_module(source: &str) -> Option<&str> {
    let start = source.find("#[cfg(test)]")?;
    let rest = &source[start + "#[cfg(test)]".len()..];
    let bytes = rest.as_bytes();
    let mut depth = 0usize;
    let mut opened = false;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i + 1 < bytes.len() && !(bytes[i] == b'*' && bytes[i + 1] == b'/') {
                    i += 1;
                }
                i += 1;
            }
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    if bytes[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            // A char literal ('x', '\n', '{'); a lifetime ('a) has no closing quote nearby.
            b'\'' => {
                if bytes.get(i + 1) == Some(&b'\\') {
                    i += 2;
                    while i < bytes.len() && bytes[i] != b'\'' {
                        i += 1;
                    }
                } else if bytes.get(i + 2) == Some(&b'\'') {
                    i += 2;
                }
            }
            b'{' => {
                depth += 1;
                opened = true;
            }
            b'}' if opened => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    let end = start + "#[cfg(test)]".len() + i + 1;
                    return source.get(start..end);
                }
            }
            _ => {}
        }
        i += 1;
    }
    source.get(start..)
}

/// The bench's own test run in a workspace: did every test pass?
fn tests_pass(lang: &str, dir: &Path, cargo_target: &Path) -> anyhow::Result<bool> {
    let mut command = match lang {
        "python" => {
            let mut command = Command::new("python3");
            command
                .args(["-m", "pytest", "-q", "-p", "no:cacheprovider"])
                .env("PYTHONDONTWRITEBYTECODE", "1");
            command
        }
        "rust" => {
            let mut command = Command::new("cargo");
            command
                .args(["test", "--offline", "--quiet"])
                .env("CARGO_TARGET_DIR", cargo_target)
                .env("CARGO_TERM_COLOR", "never");
            command
        }
        other => bail!("no test command for language {other:?}"),
    };
    run_limited(&mut command, dir, VERIFY_TIMEOUT)
}

/// Run a command in its own process group; past `limit` the group is killed and the run counts
/// as failed.
fn run_limited(command: &mut Command, dir: &Path, limit: Duration) -> anyhow::Result<bool> {
    use std::os::unix::process::CommandExt;
    let mut child = command
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn()
        .with_context(|| format!("starting {:?} in {}", command.get_program(), dir.display()))?;
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait()? {
            return Ok(status.success());
        }
        if started.elapsed() > limit {
            kill_group(child.id() as i32);
            let _ = child.wait();
            return Ok(false);
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn select_tasks(args: &Args, tasks: Vec<SuiteTask>) -> anyhow::Result<Vec<SuiteTask>> {
    for id in &args.ids {
        if !tasks.iter().any(|t| &t.id == id) {
            bail!("no task {id:?} in {}", args.suite.display());
        }
    }
    let mut selected: Vec<SuiteTask> = tasks
        .into_iter()
        .filter(|t| args.lang.as_ref().is_none_or(|lang| &t.lang == lang))
        .filter(|t| args.part.is_none_or(|part| suite::part_of(&t.id) == part))
        .filter(|t| args.ids.is_empty() || args.ids.contains(&t.id))
        .collect();
    if let Some(n) = args.limit {
        selected.truncate(n);
    }
    Ok(selected)
}

/// `results.jsonl` in the report directory: one line per task, written as it finishes.
struct ResultsLog(Option<std::fs::File>);

impl ResultsLog {
    fn open(report_dir: Option<&Path>) -> anyhow::Result<ResultsLog> {
        let Some(dir) = report_dir else {
            return Ok(ResultsLog(None));
        };
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        let path = dir.join("results.jsonl");
        let file =
            std::fs::File::create(&path).with_context(|| format!("creating {}", path.display()))?;
        Ok(ResultsLog(Some(file)))
    }

    fn append(&mut self, result: &impl Serialize) -> anyhow::Result<()> {
        if let Some(file) = &mut self.0 {
            let line = serde_json::to_string(result)?;
            writeln!(file, "{line}")?;
            file.flush()?;
        }
        Ok(())
    }
}

fn progress_bar(total: u64) -> indicatif::ProgressBar {
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(total);
    if let Ok(style) = indicatif::ProgressStyle::with_template(
        "{elapsed_precise} [{bar:30}] {pos}/{len} fixed {prefix} · {msg}",
    ) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_prefix("0");
    bar
}

fn share_text(share: Option<f64>) -> String {
    share.map_or("-".into(), |s| format!("{:.1} %", s * 100.0))
}

pub fn run(args: Args) -> anyhow::Result<i32> {
    if args.suite.join(everyday::JOBS_FILE).is_file() {
        return run_everyday(&args);
    }
    let policy = Policy::load_or_default(args.policy.as_deref())?;
    let jsonl_suite = args.suite.join("tasks.jsonl").is_file();
    let tasks = select_tasks(&args, suite::load_suite(&args.suite)?)?;
    if tasks.is_empty() {
        bail!("no task of {} matches the filters", args.suite.display());
    }
    let baseline = args.baseline || (!jsonl_suite && !args.no_baseline);
    let (bench, _root) = Bench::new(&args, policy)?;
    let mut log = ResultsLog::open(args.report_dir.as_deref())?;
    let modes: &[bool] = if baseline { &[false, true] } else { &[false] };
    let bar = progress_bar((tasks.len() * modes.len()) as u64);
    let plain_progress = !args.json && !std::io::stderr().is_terminal();
    let mut by_mode: Vec<Vec<TaskResult>> = Vec::new();
    let mut fixed_so_far = 0usize;
    for &always in modes {
        let mut results = Vec::new();
        for task in &tasks {
            bar.set_message(format!(
                "{}{}",
                task.id,
                if always { " (always call)" } else { "" }
            ));
            let result = bench.run_task(task, always);
            log.append(&result)?;
            fixed_so_far += usize::from(result.fixed);
            bar.set_prefix(fixed_so_far.to_string());
            bar.inc(1);
            if plain_progress {
                eprintln!(
                    "{} {}: {} ({}), {} tool calls, {} forward passes, {} ms",
                    result.mode,
                    result.id,
                    if result.fixed { "fixed" } else { "not fixed" },
                    result.stop_reason.as_str(),
                    result.tool_calls,
                    result.forward_passes,
                    result.wall_ms
                );
            }
            results.push(result);
        }
        by_mode.push(results);
    }
    bar.finish_and_clear();
    let mut by_mode = by_mode.into_iter().map(|results| ModeReport {
        totals: totals(&results),
        results,
    });
    let policy_mode = by_mode.next().context("no results")?;
    let report = Report {
        suite: args.suite.display().to_string(),
        model: bench.model.id(),
        policy_edition: bench.policy.policy_ref().edition,
        task_timeout_s: args.task_timeout_s,
        policy: policy_mode,
        always_call: by_mode.next(),
    };
    if let Some(dir) = &args.report_dir {
        bench_report::write(dir, &report)?;
    }
    if args.json {
        println!("{}", serde_json::to_string(&report)?);
    } else {
        let modes = std::iter::once(("policy", &report.policy))
            .chain(report.always_call.as_ref().map(|m| ("always_call", m)));
        for (name, mode) in modes {
            let t = &mode.totals;
            let reference = match t.equals_reference_share_of_fixed {
                Some(s) => format!(
                    ", equal to the reference {} ({} of fixes)",
                    t.equals_reference,
                    share_text(Some(s))
                ),
                None => String::new(),
            };
            println!(
                "{name}: fixed {}/{} ({}){reference}, median tool calls {}, median forward passes {}, median wall {} ms, tests touched {}",
                t.fixed,
                t.tasks,
                share_text(t.fixed_share),
                t.median_tool_calls,
                t.median_forward_passes,
                t.median_wall_ms,
                t.tests_touched
            );
            for (lang, l) in &t.by_lang {
                println!("  {lang}: fixed {}/{}", l.fixed, l.tasks);
            }
            let reasons: Vec<String> = t
                .stop_reasons
                .iter()
                .filter(|(_, n)| **n > 0)
                .map(|(r, n)| format!("{r} {n}"))
                .collect();
            println!("  stop reasons: {}", reasons.join(", "));
        }
    }
    Ok(0)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;

    #[test]
    fn stop_reasons_from_the_repair_drivers_summaries() {
        let of = StopReason::of;
        assert_eq!(
            of(
                &JobStatus::Done,
                "fixed: 3 passed, 0 failed (mutate: `<` → `<=`)"
            ),
            StopReason::Fixed
        );
        assert_eq!(
            of(&JobStatus::BudgetExhausted, "budget: tool calls 40 > 40"),
            StopReason::Budget
        );
        assert_eq!(
            of(
                &JobStatus::Stopped,
                "nothing left to try: 12 candidates probed (12 enumerated, 0 written by the model), none passed; the workspace is unchanged"
            ),
            StopReason::Exhausted
        );
        assert_eq!(
            of(
                &JobStatus::NeedsAttention,
                "the failing run could not be verified"
            ),
            StopReason::NeedsAttention
        );
        assert_eq!(
            of(&JobStatus::WaitingForUser, "How are the tests run here?"),
            StopReason::NeedsAttention
        );
        assert_eq!(of(&JobStatus::Failed, "stage died"), StopReason::Error);
        assert_eq!(
            of(&JobStatus::Stopped, "guard refused a planned call: path"),
            StopReason::Other
        );
        assert_eq!(
            of(&JobStatus::Done, "the tests already pass; nothing to fix"),
            StopReason::Other
        );
    }

    const LIB: &str = r#"fn below_zero(ops: Vec<i32>) -> bool {
    let mut balance = 0;
    for op in ops { if balance == 0 { return true; } }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    // a comment with a brace }
    #[test]
    fn test_below_zero() {
        assert_eq!(below_zero(vec![]), false, "{} }}", '}');
    }
}

fn after_tests() {}
"#;

    #[test]
    fn the_test_module_is_found_whole() {
        let module = cfg_test_module(LIB).unwrap();
        assert!(module.starts_with("#[cfg(test)]\nmod tests {"));
        assert!(module.ends_with("    }\n}"), "{module}");
        assert!(!module.contains("after_tests"));
        // A fix in the function leaves the module as it was; an edited assertion does not.
        let fixed = LIB.replace("balance == 0", "balance < 0");
        assert_eq!(cfg_test_module(&fixed), cfg_test_module(LIB));
        let cheated = LIB.replace("false, \"{}", "true, \"{}");
        assert_ne!(cfg_test_module(&cheated), cfg_test_module(LIB));
        assert_eq!(cfg_test_module("fn main() {}"), None);
    }

    fn task_in(dir: &Path, lang: &str, program: &str) -> SuiteTask {
        SuiteTask {
            id: "t".into(),
            lang: lang.into(),
            entry_point: String::new(),
            program: program.into(),
            task: "fix it".into(),
            fix_diff: Vec::new(),
            workspace: dir.to_path_buf(),
        }
    }

    #[test]
    fn touched_files_sees_edits_additions_and_removals_but_not_caches() {
        let tmp = tempfile::tempdir().unwrap();
        let original = tmp.path().join("orig");
        std::fs::create_dir_all(original.join("tests")).unwrap();
        std::fs::write(original.join("calc.py"), "x = 1\n").unwrap();
        std::fs::write(original.join("tests/test_calc.py"), "assert 1\n").unwrap();
        let copy = tmp.path().join("copy");
        copy_dir(&original, &copy).unwrap();
        let task = task_in(&original, "python", "calc.py");

        std::fs::write(copy.join("calc.py"), "x = 2\n").unwrap();
        std::fs::create_dir_all(copy.join("__pycache__")).unwrap();
        std::fs::write(copy.join("__pycache__/calc.pyc"), "bytes").unwrap();
        std::fs::create_dir_all(copy.join(".tact/jobs/1")).unwrap();
        std::fs::write(copy.join(".tact/jobs/1/ledger.bin"), "l").unwrap();
        std::fs::write(copy.join("Cargo.lock"), "lock").unwrap();
        assert!(touched_files(&original, &copy, &task).unwrap().is_empty());

        std::fs::write(copy.join("tests/test_calc.py"), "assert 2\n").unwrap();
        std::fs::write(copy.join("conftest.py"), "").unwrap();
        assert_eq!(
            touched_files(&original, &copy, &task).unwrap(),
            vec!["conftest.py (added)", "tests/test_calc.py"]
        );
        std::fs::remove_file(copy.join("tests/test_calc.py")).unwrap();
        assert!(
            touched_files(&original, &copy, &task)
                .unwrap()
                .contains(&"tests/test_calc.py (removed)".to_string())
        );
    }

    #[test]
    fn an_edited_rust_test_module_counts_as_touched() {
        let tmp = tempfile::tempdir().unwrap();
        let original = tmp.path().join("orig");
        std::fs::create_dir_all(original.join("src")).unwrap();
        std::fs::write(original.join("src/lib.rs"), LIB).unwrap();
        let copy = tmp.path().join("copy");
        copy_dir(&original, &copy).unwrap();
        let task = task_in(&original, "rust", "src/lib.rs");
        std::fs::write(
            copy.join("src/lib.rs"),
            LIB.replace("balance == 0", "balance < 0"),
        )
        .unwrap();
        assert!(touched_files(&original, &copy, &task).unwrap().is_empty());
        std::fs::write(
            copy.join("src/lib.rs"),
            LIB.replace("vec![]), false", "vec![]), true"),
        )
        .unwrap();
        assert_eq!(
            touched_files(&original, &copy, &task).unwrap(),
            vec!["src/lib.rs (#[cfg(test)] module)"]
        );
    }

    fn result(lang: &str, fixed: bool, reference: Option<bool>, calls: u64) -> TaskResult {
        TaskResult {
            id: format!("{lang}-{calls}"),
            lang: lang.into(),
            part: Part::Fit,
            mode: "policy".into(),
            status: "done".into(),
            summary: String::new(),
            stop_reason: if fixed {
                StopReason::Fixed
            } else {
                StopReason::Exhausted
            },
            fixed,
            equals_reference: reference,
            tests_untouched: calls != 9,
            touched_files: Vec::new(),
            tool_calls: calls,
            forward_passes: calls * 2,
            wall_ms: calls * 100,
            probes: 0,
            passing_probes: Vec::new(),
            committed_probe: None,
        }
    }

    #[test]
    fn probe_order_and_the_committed_probe_come_from_the_ledger() {
        use tact_runtime::decisions::{ProbeVerdict, TestsDecide};
        use tact_runtime::ledger::{Ledger, LedgerEntry};
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ledger.msgpack");
        {
            let (ledger, _owner, _, _) = Ledger::open(&path).unwrap();
            let probe =
                |step: u32, line: u32, new_line: &str, passed: bool| LedgerEntry::Decision {
                    step,
                    decision: Decision::ProbeVerdict(ProbeVerdict {
                        work_id: format!("w{step}"),
                        file: "f.py".into(),
                        line,
                        new_line: new_line.into(),
                        origin: "flip_comparison".into(),
                        score: 0.0,
                        edit_chars: 1,
                        edit_tokens: 1,
                        passed,
                        reached_further: false,
                        evidence: String::new(),
                    }),
                };
            for entry in [
                probe(1, 3, "a < b", false),
                probe(2, 3, "a <= b", true),
                probe(3, 4, "x = 1", false),
                probe(4, 3, "b < a", true),
                LedgerEntry::Decision {
                    step: 5,
                    decision: Decision::TestsDecide(TestsDecide {
                        id: "i".into(),
                        file: "f.py".into(),
                        line: 3,
                        new_line: "b < a".into(),
                        candidate: String::new(),
                        judgement: Judgement::Fixed,
                        evidence: Some("w4".into()),
                        tests: None,
                        why: None,
                    }),
                },
            ] {
                ledger.append(entry, None).unwrap();
            }
        }
        let spent = spent_from_ledger(&path);
        assert_eq!(spent.probes, 4);
        assert_eq!(spent.passing_probes, vec![2, 4]);
        assert_eq!(spent.committed_probe, Some(4));
    }

    #[test]
    fn totals_count_fixes_references_languages_and_stop_reasons() {
        let results = vec![
            result("python", true, Some(true), 4),
            result("python", true, Some(false), 6),
            result("rust", false, Some(true), 9),
        ];
        let t = totals(&results);
        assert_eq!((t.tasks, t.fixed), (3, 2));
        assert_eq!(t.fixed_share, Some(2.0 / 3.0));
        // An unfixed task equal to the reference (impossible in practice) does not count.
        assert_eq!(t.equals_reference, 1);
        assert_eq!(t.equals_reference_share_of_fixed, Some(0.5));
        assert_eq!(t.by_lang["python"].fixed, 2);
        assert_eq!(t.by_lang["rust"].tasks, 1);
        assert_eq!(t.median_tool_calls, 6.0);
        assert_eq!(t.median_forward_passes, 12.0);
        assert_eq!(t.stop_reasons["fixed"], 2);
        assert_eq!(t.stop_reasons["exhausted"], 1);
        assert_eq!(t.stop_reasons["timeout"], 0);
        assert_eq!(t.stop_reasons.len(), 7);
        assert_eq!(t.tests_touched, 1);
        // Without reference fixes (the task-directory layout) there is no share.
        let t = totals(&[result("python", true, None, 4)]);
        assert_eq!(t.equals_reference_share_of_fixed, None);
        let empty = totals(&[]);
        assert_eq!(empty.fixed_share, None);
        assert_eq!(empty.equals_reference_share_of_fixed, None);
    }
}
