//! `tact bench-jobs --suite DIR`: run every task of a suite in a fresh copy of its workspace and
//! measure what the job spent, with the policy's trigger and with the trigger forced to always
//! call (the paper's "always tool" baseline), so "acts rarely, acts correctly" is measured.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use anyhow::Context;
use serde::Serialize;
use tact_actors::events::discard;
use tact_actors::job::{JobConfig, new_job_id, run_job};
use tact_actors::stage::FaultPlan;
use tact_actors::wiring;
use tact_actors::worker_process::WorkerCommand;
use tact_models::DecisionModel;
use tact_policies::Policy;
use tact_runtime::ledger::{JobStatus, LedgerEntry, LedgerState, read_ledger};
use tact_runtime::tools::ToolConfig;

use crate::cli::run::{self, ModelArgs, copy_dir};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// A directory of task workspaces (each with a BUG.toml or TASK.toml naming its task).
    #[arg(long)]
    pub suite: PathBuf,
    #[arg(long)]
    pub policy: Option<PathBuf>,
    #[arg(long)]
    pub json: bool,
    /// Run only the first N tasks (sorted by name).
    #[arg(long)]
    pub limit: Option<usize>,
    /// Skip the always-call baseline.
    #[arg(long)]
    pub no_baseline: bool,
    #[command(flatten)]
    pub model: ModelArgs,
    #[arg(long, hide = true)]
    pub scripted: Option<PathBuf>,
}

#[derive(Debug, Clone, Serialize)]
struct TaskResult {
    task: String,
    status: String,
    fixed: bool,
    tool_calls: u64,
    forward_passes: u64,
    wall_ms: u64,
}

#[derive(Debug, Serialize)]
struct Summary {
    tasks: usize,
    fixed: usize,
    median_tool_calls: f64,
    median_forward_passes: f64,
    median_wall_ms: f64,
    results: Vec<TaskResult>,
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

fn summarize(results: Vec<TaskResult>) -> Summary {
    Summary {
        tasks: results.len(),
        fixed: results.iter().filter(|r| r.fixed).count(),
        median_tool_calls: median(results.iter().map(|r| r.tool_calls as f64).collect()),
        median_forward_passes: median(results.iter().map(|r| r.forward_passes as f64).collect()),
        median_wall_ms: median(results.iter().map(|r| r.wall_ms as f64).collect()),
        results,
    }
}

fn task_of(dir: &Path) -> Option<String> {
    for name in ["BUG.toml", "TASK.toml"] {
        if let Ok(text) = std::fs::read_to_string(dir.join(name))
            && let Ok(value) = text.parse::<toml::Table>()
            && let Some(task) = value.get("task").and_then(|t| t.as_str())
        {
            return Some(task.to_string());
        }
    }
    None
}

async fn run_task(
    dir: &Path,
    task: &str,
    policy: &Policy,
    model: Arc<dyn DecisionModel>,
    always_call: bool,
) -> anyhow::Result<TaskResult> {
    let scratch = tempfile::tempdir()?;
    let workspace = scratch.path().join("ws");
    copy_dir(dir, &workspace)?;
    let workspace = workspace.canonicalize()?;
    let job_id = new_job_id();
    let catalog = tact_runtime::catalog::catalog();
    let temp_dir = tact_actors::job::job_dir(&workspace, &job_id).join("tmp");
    std::fs::create_dir_all(&temp_dir)?;
    let cfg = JobConfig {
        job_id,
        workspace: workspace.clone(),
        task: task.to_string(),
        policy: policy.clone(),
        model,
        worker: WorkerCommand::current_exe()?,
        tool_config: ToolConfig {
            command_allow: policy.body.guard.command_allow.clone(),
            command_deny: policy.body.guard.command_deny.clone(),
            ..ToolConfig::default()
        },
        retrieve: wiring::retrieve_fn(
            catalog.clone(),
            policy,
            super::run::retriever_setup(wiring::RetrieverKind::Fused),
        ),
        guard: wiring::guard_fn(catalog.clone(), policy, &workspace),
        trust: wiring::trust_fn(catalog.clone(), policy, &workspace, temp_dir),
        catalog,
        faults: FaultPlan::default(),
        events: discard(),
        call_timeout_ms: 300_000,
        always_call,
        budget_override: None,
    };
    let started = Instant::now();
    let outcome = run_job(cfg).await?;
    let wall_ms = started.elapsed().as_millis() as u64;
    let (records, _) = read_ledger(&outcome.ledger)?;
    let state = LedgerState::new(records);
    // Worker calls only: in-process steps (mutate) are ledgered but cost no tool process.
    let tool_calls = state
        .records
        .iter()
        .filter(|r| matches!(&r.entry, LedgerEntry::Outcome { record } if record.stage != "job"))
        .count() as u64;
    Ok(TaskResult {
        task: dir
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default(),
        fixed: outcome.status == JobStatus::Done && outcome.summary.starts_with("fixed"),
        status: format!("{:?}", outcome.status),
        tool_calls,
        forward_passes: outcome.burned.forward_passes,
        wall_ms,
    })
}

pub fn run(args: Args) -> anyhow::Result<i32> {
    let policy = Policy::load_or_default(args.policy.as_deref())?;
    let mut dirs: Vec<(PathBuf, String)> = std::fs::read_dir(&args.suite)
        .with_context(|| format!("reading {}", args.suite.display()))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .filter_map(|p| task_of(&p).map(|t| (p, t)))
        .collect();
    dirs.sort();
    if let Some(n) = args.limit {
        dirs.truncate(n);
    }
    let model = run::load_model(&args.model, args.scripted.as_deref())?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let modes: &[bool] = if args.no_baseline {
        &[false]
    } else {
        &[false, true]
    };
    let total = (dirs.len() * modes.len()) as u64;
    let bar = if std::io::stderr().is_terminal() {
        indicatif::ProgressBar::new(total)
    } else {
        indicatif::ProgressBar::hidden()
    };
    let mut report = serde_json::Map::new();
    for &always in modes {
        let mut results = Vec::new();
        for (dir, task) in &dirs {
            bar.set_message(format!(
                "{}{}",
                dir.file_name()
                    .map(|n| n.to_string_lossy().to_string())
                    .unwrap_or_default(),
                if always { " (always call)" } else { "" }
            ));
            let result = runtime.block_on(run_task(dir, task, &policy, model.clone(), always));
            match result {
                Ok(r) => results.push(r),
                Err(e) => results.push(TaskResult {
                    task: dir.display().to_string(),
                    status: format!("error: {e:#}"),
                    fixed: false,
                    tool_calls: 0,
                    forward_passes: 0,
                    wall_ms: 0,
                }),
            }
            bar.inc(1);
        }
        let key = if always { "always_call" } else { "policy" };
        report.insert(key.to_string(), serde_json::to_value(summarize(results))?);
    }
    bar.finish_and_clear();
    report.insert("model".into(), serde_json::Value::String(model.id()));
    report.insert(
        "policy_edition".into(),
        serde_json::Value::String(policy.policy_ref().edition),
    );
    if args.json {
        println!("{}", serde_json::Value::Object(report));
    } else {
        for (key, value) in &report {
            if let Some(summary) = value.as_object() {
                println!(
                    "{key}: fixed {}/{}, median tool calls {}, median forward passes {}, median wall {} ms",
                    summary["fixed"],
                    summary["tasks"],
                    summary["median_tool_calls"],
                    summary["median_forward_passes"],
                    summary["median_wall_ms"]
                );
            }
        }
    }
    Ok(0)
}
