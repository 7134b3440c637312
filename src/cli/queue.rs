//! `tact queue init|status|cancel`, `tact submit` and `tact serve`: the job queue in PostgreSQL
//! (`tact_queue`), and runners that drain it with one loaded model per process.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use tact_actors::run_job;
use tact_policies::Policy;
use tact_queue::Queue;
use tact_queue::db::{CancelOutcome, JobRow, NewJob};
use tact_queue::runner::{Execute, Finished, JobRun, ServeConfig, ServeEvent, serve};

use tact_runtime::ledger::{LedgerEntry, LedgerMirror};

use crate::cli::run;

#[derive(Debug, Clone, clap::Args)]
pub struct DbArg {
    /// The PostgreSQL connection: a URL (`postgresql://user@host/db`) or key=value pairs
    /// (`host=/run/postgresql dbname=tact`).
    #[arg(long, value_name = "URL")]
    pub db: String,
}

#[derive(Debug, clap::Args)]
pub struct QueueArgs {
    #[command(subcommand)]
    pub command: QueueCommand,
}

#[derive(Debug, clap::Subcommand)]
pub enum QueueCommand {
    /// Create or upgrade the queue's tables (migrations applied once, in order).
    Init {
        #[command(flatten)]
        db: DbArg,
    },
    /// List jobs with their state, runner, attempts, lease expiry and result.
    Status {
        #[command(flatten)]
        db: DbArg,
        /// Only jobs in this state: queued, running, done, parked, cancelled.
        #[arg(long)]
        state: Option<String>,
        /// At most this many jobs, newest first.
        #[arg(long, default_value_t = 100)]
        limit: i64,
        /// One JSON object per job and line (with its result and patch).
        #[arg(long)]
        json: bool,
    },
    /// Cancel a job: a queued one never starts; a running one stops at its next step.
    Cancel {
        #[command(flatten)]
        db: DbArg,
        id: i64,
        #[arg(long)]
        json: bool,
    },
}

#[derive(Debug, clap::Args)]
pub struct SubmitArgs {
    #[command(flatten)]
    pub db: DbArg,
    /// A git URL, or a local git repository (made absolute).
    #[arg(long)]
    pub source: String,
    /// The revision to check out (a commit, branch or tag).
    #[arg(long, default_value = "HEAD")]
    pub rev: String,
    #[arg(long, default_value = run::DEFAULT_TASK)]
    pub task: String,
    /// A policy file: its text is stored with the job.
    #[arg(long)]
    pub policy: Option<PathBuf>,
    /// Higher runs first.
    #[arg(long, default_value_t = 0)]
    pub priority: i32,
    /// Leases the job may take (runner errors and takeovers count) before it is parked.
    #[arg(long, default_value_t = 3)]
    pub max_attempts: i32,
    /// Print `{"id": N}`.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    #[command(flatten)]
    pub db: DbArg,
    /// Jobs run side by side (they share the one loaded model).
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// A lease not renewed for this long is taken over by another runner.
    #[arg(long, default_value_t = 30.0)]
    pub lease_secs: f64,
    /// Wait between polls of an empty queue, in milliseconds.
    #[arg(long, default_value_t = 500)]
    pub poll_ms: u64,
    /// This runner's name in the queue (default: host and process id).
    #[arg(long)]
    pub name: Option<String>,
    /// Where private workspaces are checked out (default: a directory under the temp dir).
    #[arg(long)]
    pub scratch: Option<PathBuf>,
    /// Stop once no job is queued or running.
    #[arg(long)]
    pub drain: bool,
    /// How long a database write is retried while the database is unreachable, in seconds.
    #[arg(long, default_value_t = 120)]
    pub db_retry_secs: u64,
    /// Events as JSON lines on stdout.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub model: run::ModelArgs,
    /// Retriever: `fused` (BM25 + MiniLM embeddings, the default) or `bm25`.
    #[arg(long, default_value = "fused")]
    pub retriever: tact_actors::nodes::RetrieverKind,
    /// Ceiling on each job's tool calls (overrides its policy's budget).
    #[arg(long)]
    pub max_tool_calls: Option<u64>,
    /// A call that runs longer than this is killed with its worker.
    #[arg(long, default_value_t = 300)]
    pub call_timeout_secs: u64,
    /// Testing only: a JSON file with a scripted model instead of the model.
    #[arg(long, hide = true)]
    pub scripted: Option<PathBuf>,
    /// Testing only: crash (abort) the runner right after the outcome of a call of this tool
    /// reaches the database.
    #[arg(long, hide = true)]
    pub die_after_tool: Option<String>,
}

/// Testing only: a crash at a chosen point of a job (see `--die-after-tool`).
struct DieAfterTool {
    inner: Arc<tact_queue::DbMirror>,
    tool: String,
}

impl LedgerMirror for DieAfterTool {
    fn mirror(&self, seq: u64, bytes: &[u8]) -> Result<(), String> {
        self.inner.mirror(seq, bytes)?;
        let (records, _, _) = tact_runtime::ledger::parse_records(bytes);
        if records.iter().any(|r| {
            matches!(&r.entry, LedgerEntry::Outcome { record } if record.tool_ref.name == self.tool)
        }) {
            std::process::abort();
        }
        Ok(())
    }
}

fn runtime() -> anyhow::Result<tokio::runtime::Runtime> {
    Ok(tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?)
}

async fn connect(db: &DbArg) -> anyhow::Result<Queue> {
    Queue::connect(&db.db)
        .await
        .with_context(|| "connecting to the queue's database".to_string())
}

pub fn run(args: QueueArgs) -> anyhow::Result<i32> {
    runtime()?.block_on(async {
        match args.command {
            QueueCommand::Init { db } => {
                let mut queue = connect(&db).await?;
                let applied = queue.init().await?;
                if applied.is_empty() {
                    eprintln!("the queue's schema is up to date");
                } else {
                    eprintln!("applied migrations {applied:?}");
                }
                Ok(0)
            }
            QueueCommand::Status {
                db,
                state,
                limit,
                json,
            } => {
                let queue = connect(&db).await?;
                queue.check_schema().await?;
                let rows = queue.status(state.as_deref(), limit).await?;
                if json {
                    for row in &rows {
                        println!("{}", serde_json::to_string(row)?);
                    }
                } else {
                    print_table(&rows);
                }
                Ok(0)
            }
            QueueCommand::Cancel { db, id, json } => {
                let queue = connect(&db).await?;
                queue.check_schema().await?;
                let outcome = queue.cancel(id).await?;
                if json {
                    println!("{}", serde_json::json!({"id": id, "cancel": outcome}));
                } else {
                    match &outcome {
                        CancelOutcome::Cancelled => println!("job {id} cancelled"),
                        CancelOutcome::Stopping => {
                            println!("job {id} is running: its runner stops at the next step")
                        }
                        CancelOutcome::AlreadyEnded { state } => {
                            println!("job {id} had already ended ({state})")
                        }
                    }
                }
                Ok(match outcome {
                    CancelOutcome::AlreadyEnded { .. } => 6,
                    _ => 0,
                })
            }
        }
    })
}

fn print_table(rows: &[JobRow]) {
    let now = tact_runtime::ledger::now_ms() as i64;
    println!(
        "{:>6}  {:<9}  {:>4}  {:>8}  {:<24}  {:<12}  result",
        "id", "state", "prio", "attempts", "runner", "lease"
    );
    for row in rows {
        let lease = match (row.state.as_str(), row.lease_expires_ms) {
            ("running", Some(at)) if at >= now => format!("{:.1}s left", (at - now) as f64 / 1e3),
            ("running", Some(at)) => format!("expired {:.1}s", (now - at) as f64 / 1e3),
            _ => "-".into(),
        };
        let result = match (&row.result, &row.last_error) {
            (Some(r), _) => format!("{}: {}", r.status, first_line(&r.summary)),
            (None, Some(e)) => format!("error: {}", first_line(e)),
            (None, None) if row.cancel_requested => "cancel requested".into(),
            _ => "-".into(),
        };
        println!(
            "{:>6}  {:<9}  {:>4}  {:>8}  {:<24}  {:<12}  {}",
            row.id,
            row.state,
            row.priority,
            format!("{}/{}", row.attempts, row.max_attempts),
            row.runner.as_deref().unwrap_or("-"),
            lease,
            result
        );
    }
}

fn first_line(text: &str) -> String {
    text.lines()
        .next()
        .unwrap_or("")
        .chars()
        .take(100)
        .collect()
}

pub fn submit(args: SubmitArgs) -> anyhow::Result<i32> {
    // A local repository is named by its absolute path, so runners started elsewhere on this
    // machine find it.
    let local = PathBuf::from(&args.source);
    let source = if local.exists() {
        local
            .canonicalize()
            .with_context(|| format!("source {}", local.display()))?
            .display()
            .to_string()
    } else {
        args.source.clone()
    };
    let policy = match &args.policy {
        Some(path) => {
            // Refuse a policy no runner could load, now rather than on every runner.
            Policy::load_or_default(Some(path))?;
            Some(
                std::fs::read_to_string(path)
                    .with_context(|| format!("reading {}", path.display()))?,
            )
        }
        None => None,
    };
    let job = NewJob {
        source,
        rev: args.rev.clone(),
        task: args.task.clone(),
        policy,
        priority: args.priority,
        max_attempts: args.max_attempts,
    };
    let id = runtime()?.block_on(async {
        let queue = connect(&args.db).await?;
        queue.check_schema().await?;
        anyhow::Ok(queue.submit(&job).await?)
    })?;
    if args.json {
        println!("{}", serde_json::json!({"id": id}));
    } else {
        println!("{id}");
    }
    Ok(0)
}

fn default_runner_name() -> String {
    format!(
        "{}:{}",
        tact_runtime::worker::hostname(),
        std::process::id()
    )
}

pub fn serve_command(args: ServeArgs) -> anyhow::Result<i32> {
    let runtime = runtime()?;
    let name = args.name.clone().unwrap_or_else(default_runner_name);
    let scratch = args.scratch.clone().unwrap_or_else(|| {
        std::env::temp_dir().join(format!("tact-serve-{}", name.replace([':', '/'], "-")))
    });
    // A restarted runner of the same name owns nothing in its old scratch dir.
    if scratch.exists() {
        std::fs::remove_dir_all(&scratch)
            .with_context(|| format!("clearing {}", scratch.display()))?;
    }
    std::fs::create_dir_all(&scratch)?;
    // One model for the whole process: its inference thread serves the jobs' requests in turn.
    let default_policy = Policy::load_or_default(None)?;
    let model = run::load_model_with_probe(
        &args.model,
        args.scripted.as_deref(),
        &run::probe_for(&default_policy, false),
    )?;
    let handle = runtime.handle().clone();
    let template = run::Args {
        workspace: None,
        example: None,
        task: run::DEFAULT_TASK.into(),
        policy: None,
        json: false,
        verbose: false,
        model: args.model.clone(),
        retriever: Some(args.retriever),
        always_call: false,
        test_command: None,
        max_tool_calls: args.max_tool_calls,
        max_seconds: None,
        job_id: None,
        call_timeout_secs: args.call_timeout_secs,
        model_host: None,
        inject_host_exit: None,
        scripted: args.scripted.clone(),
        inject_panics: None,
    };
    let die_after_tool = args.die_after_tool.clone();
    let execute: Execute = Arc::new(move |job: JobRun| {
        let args = run::Args {
            workspace: Some(job.workspace.clone()),
            task: job.lease.task.clone(),
            policy: job.policy_file.clone(),
            job_id: Some(job.job_key.clone()),
            ..template.clone()
        };
        // The MCP servers the job's workspace config names, started for this job alone.
        let mcp = handle
            .block_on(run::start_mcp(&job.workspace, &job.job_key))
            .map_err(|e| format!("{e:#}"))?;
        let mut cfg =
            run::job_config_with_model(&args, &job.workspace, model.clone(), None, mcp.clone())
                .map_err(|e| format!("{e:#}"))?;
        cfg.ledger_mirror = Some(match &die_after_tool {
            Some(tool) => Arc::new(DieAfterTool {
                inner: job.mirror.clone(),
                tool: tool.clone(),
            }),
            None => job.mirror.clone(),
        });
        cfg.events = Arc::new(|_| {});
        let outcome = handle.block_on(run_job(cfg));
        if let Some(host) = &mcp {
            handle.block_on(host.shutdown());
        }
        let outcome = outcome.map_err(|e| format!("the job failed to run: {e}"))?;
        let status = serde_json::to_value(&outcome.status)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_else(|| format!("{:?}", outcome.status));
        Ok(Finished {
            status,
            summary: outcome.summary,
            usage: serde_json::json!({"burned": outcome.burned, "model": outcome.model_cost}),
        })
    });
    let json = args.json;
    let events: tact_queue::runner::Events = Arc::new(move |event: &ServeEvent| {
        if json {
            if let Ok(line) = serde_json::to_string(event) {
                println!("{line}");
            }
        } else {
            eprintln!("{}", describe(event));
        }
    });
    let cfg = ServeConfig {
        url: args.db.db.clone(),
        runner: name.clone(),
        concurrency: args.concurrency,
        lease_ttl: Duration::from_secs_f64(args.lease_secs.max(0.3)),
        poll: Duration::from_millis(args.poll_ms),
        scratch,
        drain: args.drain,
        db_retry: Duration::from_secs(args.db_retry_secs),
    };
    if !json {
        eprintln!(
            "runner {name}: {} slot(s), lease {:.1}s, model {}",
            cfg.concurrency,
            cfg.lease_ttl.as_secs_f64(),
            template_model_id(&args.model, args.scripted.is_some())
        );
    }
    let ended = runtime.block_on(serve(cfg, execute, events))?;
    if !json {
        eprintln!("runner {name}: ended {ended} job(s)");
    }
    Ok(0)
}

fn template_model_id(model: &run::ModelArgs, scripted: bool) -> String {
    if scripted {
        "scripted".into()
    } else {
        model.model.clone().unwrap_or_else(|| "default".into())
    }
}

fn describe(event: &ServeEvent) -> String {
    match event {
        ServeEvent::Leased {
            job,
            epoch,
            attempt,
            takeover,
        } => format!(
            "job {job}: leased (epoch {epoch}, attempt {attempt}{})",
            if *takeover { ", taken over" } else { "" }
        ),
        ServeEvent::Resumed {
            job,
            records,
            replayed_edits,
        } => format!(
            "job {job}: resuming from {records} ledger records, {replayed_edits} committed edit(s) replayed"
        ),
        ServeEvent::Completed {
            job,
            status,
            summary,
        } => format!("job {job}: {status}: {}", first_line(summary)),
        ServeEvent::Failed { job, error, state } => format!(
            "job {job}: failed ({}): {}",
            state.as_deref().unwrap_or("lease lost"),
            first_line(error)
        ),
        ServeEvent::Cancelled { job } => format!("job {job}: cancelled"),
        ServeEvent::Fenced { job, reason } => format!("job {job}: dropped, {reason}"),
        ServeEvent::DatabaseUnavailable { error, retry_in_ms } => {
            format!(
                "database unavailable ({}); retrying in {retry_in_ms} ms",
                first_line(error)
            )
        }
    }
}
