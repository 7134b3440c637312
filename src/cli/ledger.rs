//! `tact ledger show <job-dir-or-file> [--json]`.

use std::path::PathBuf;

use anyhow::Context;
use tact_runtime::ledger::{self, LedgerEntry, LedgerState, Resolution};

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Print a job's ledger: a table, or one JSON object per record with --json.
    Show {
        /// A job directory (`<workspace>/.tact/jobs/<id>`) or a ledger file.
        path: PathBuf,
        #[arg(long)]
        json: bool,
    },
}

fn one_line(entry: &LedgerEntry) -> (String, String) {
    match entry {
        LedgerEntry::JobStarted {
            job_id,
            task,
            model,
            ..
        } => (
            "job_started".into(),
            format!("{job_id} model={model} task={task:?}"),
        ),
        LedgerEntry::Plan { plan } => (
            "plan".into(),
            format!(
                "{} edition {}{} family={} calls=[{}]",
                plan.plan_id,
                plan.edition,
                plan.supersedes
                    .map(|s| format!(" (supersedes {s})"))
                    .unwrap_or_default(),
                plan.task_family,
                plan.planned_calls
                    .iter()
                    .map(|c| c.tool_ref.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ),
        LedgerEntry::Decision { step, decision } => {
            let text = decision.detail().to_string();
            let short: String = text.chars().take(120).collect();
            let node = decision.node();
            ("decision".into(), format!("step {step} {node}: {short}"))
        }
        LedgerEntry::Intent {
            work_id,
            tool_ref,
            risk,
            ..
        } => ("intent".into(), format!("{work_id} {tool_ref} ({risk})")),
        LedgerEntry::Outcome { record } => (
            "outcome".into(),
            format!(
                "{} {} {} in {} ms",
                record.work_id,
                record.tool_ref,
                record.verdict.label(),
                record.ended_ms.saturating_sub(record.started_ms)
            ),
        ),
        LedgerEntry::Resolution {
            work_id,
            resolution,
            reason,
        } => (
            match resolution {
                Resolution::NeedsAttention => "needs_attention".into(),
                _ => "resolution".into(),
            },
            format!("{work_id} {resolution:?}: {reason}"),
        ),
        LedgerEntry::Checkpoint { checkpoint } => (
            "checkpoint".into(),
            format!(
                "{} routes, burned {} calls / {} passes, residual {} calls: {}",
                checkpoint.tested_routes.len(),
                checkpoint.burned.tool_calls,
                checkpoint.burned.forward_passes,
                checkpoint.residual.tool_calls,
                checkpoint.reason
            ),
        ),
        LedgerEntry::Ask { question } => ("ask".into(), question.clone()),
        LedgerEntry::Answer { text } => ("answer".into(), text.clone()),
        LedgerEntry::Done { status, summary } => ("done".into(), format!("{status:?}: {summary}")),
    }
}

pub fn run(args: Args) -> anyhow::Result<i32> {
    match args.command {
        Command::Show { path, json } => {
            let file = ledger::ledger_path(&path);
            let (records, recovery) = ledger::read_ledger(&file)
                .with_context(|| format!("reading {}", file.display()))?;
            let state = LedgerState::new(records);
            let in_doubt: Vec<String> = state.in_doubt().into_iter().map(|d| d.0).collect();
            if json {
                for record in &state.records {
                    println!("{}", serde_json::to_string(record)?);
                }
                if recovery.truncated_bytes > 0 {
                    println!(
                        "{}",
                        serde_json::json!({"type": "torn_tail", "bytes": recovery.truncated_bytes, "reason": recovery.reason})
                    );
                }
                for work_id in &in_doubt {
                    println!(
                        "{}",
                        serde_json::json!({"type": "in_doubt", "work_id": work_id})
                    );
                }
            } else {
                println!("{:>5}  {:<16}  {:<15}  detail", "seq", "time", "type");
                for record in &state.records {
                    let (kind, detail) = one_line(&record.entry);
                    println!(
                        "{:>5}  {:<16}  {:<15}  {}",
                        record.seq, record.at_ms, kind, detail
                    );
                }
                if recovery.truncated_bytes > 0 {
                    println!(
                        "torn tail: {} bytes after the last valid record ({})",
                        recovery.truncated_bytes,
                        recovery.reason.unwrap_or_default()
                    );
                }
                for work_id in &in_doubt {
                    println!("in doubt: {work_id} has an intent and no outcome");
                }
            }
            Ok(0)
        }
    }
}
