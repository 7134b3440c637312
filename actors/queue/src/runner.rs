//! `tact serve`: runner slots that lease jobs, keep their leases alive, run them in private
//! workspaces and store their results, reconnecting with backoff when the database goes away.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use serde::Serialize;
use tact_runtime::ledger::{LEDGER_FILE, LedgerEntry, LedgerRecord, parse_records};

use crate::db::{Heartbeat, JobResult, Lease, Queue};
use crate::error::QueueError;
use crate::mirror::{DbMirror, Refusal};
use crate::workspace;

/// How a runner process works.
#[derive(Debug, Clone)]
pub struct ServeConfig {
    pub url: String,
    /// This runner's name in the queue (host and pid by default).
    pub runner: String,
    /// Jobs run side by side.
    pub concurrency: usize,
    /// A lease not renewed for this long may be taken over.
    pub lease_ttl: Duration,
    /// Wait between polls of an empty queue.
    pub poll: Duration,
    /// Where private workspaces are checked out.
    pub scratch: PathBuf,
    /// Stop once no job is queued or running.
    pub drain: bool,
    /// How long a write to the database is retried while it is unreachable.
    pub db_retry: Duration,
}

/// One leased job, ready to run: its workspace is checked out (and rebuilt after a takeover)
/// and its ledger file holds the database's records.
pub struct JobRun {
    pub lease: Lease,
    /// The job id tact's ledger uses (`q<id>`).
    pub job_key: String,
    pub workspace: PathBuf,
    pub mirror: Arc<DbMirror>,
    /// The job's policy file, written from the queue.
    pub policy_file: Option<PathBuf>,
    /// Records already in the ledger (0 for a fresh job).
    pub resumed_records: usize,
}

/// How a run ended, as the job reports it.
#[derive(Debug, Clone)]
pub struct Finished {
    pub status: String,
    pub summary: String,
    pub usage: serde_json::Value,
}

/// Runs one job to its end (blocking: it is called on a thread of its own).
pub type Execute = Arc<dyn Fn(JobRun) -> Result<Finished, String> + Send + Sync>;

/// What a runner reports.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum ServeEvent {
    Leased {
        job: i64,
        epoch: i64,
        attempt: i32,
        takeover: bool,
    },
    Resumed {
        job: i64,
        records: usize,
        replayed_edits: usize,
    },
    Completed {
        job: i64,
        status: String,
        summary: String,
    },
    Failed {
        job: i64,
        error: String,
        /// `queued` (it will be retried) or `parked`.
        state: Option<String>,
    },
    Cancelled {
        job: i64,
    },
    /// Another runner holds the job now: this one dropped it.
    Fenced {
        job: i64,
        reason: String,
    },
    DatabaseUnavailable {
        error: String,
        retry_in_ms: u64,
    },
}

pub type Events = Arc<dyn Fn(&ServeEvent) + Send + Sync>;

/// Run `concurrency` slots until they stop (with `drain`, when the queue is empty); returns
/// how many jobs this runner ended.
pub async fn serve(cfg: ServeConfig, execute: Execute, events: Events) -> Result<u64, QueueError> {
    {
        let queue = connect_with_backoff(&cfg, &events).await;
        queue.check_schema().await?;
    }
    let mut slots = Vec::new();
    for _ in 0..cfg.concurrency.max(1) {
        let (cfg, execute, events) = (cfg.clone(), execute.clone(), events.clone());
        slots.push(tokio::spawn(
            async move { slot(cfg, execute, events).await },
        ));
    }
    let mut ended = 0;
    for slot in slots {
        ended += slot
            .await
            .map_err(|e| QueueError::Workspace(format!("a runner slot died: {e}")))??;
    }
    Ok(ended)
}

async fn connect_with_backoff(cfg: &ServeConfig, events: &Events) -> Queue {
    let mut backoff = Duration::from_millis(100);
    loop {
        match Queue::connect(&cfg.url).await {
            Ok(queue) => return queue,
            Err(e) => {
                events(&ServeEvent::DatabaseUnavailable {
                    error: e.to_string(),
                    retry_in_ms: backoff.as_millis() as u64,
                });
                tokio::time::sleep(backoff).await;
                backoff = (backoff * 2).min(Duration::from_secs(5));
            }
        }
    }
}

async fn slot(cfg: ServeConfig, execute: Execute, events: Events) -> Result<u64, QueueError> {
    let mut ended = 0;
    let mut queue = connect_with_backoff(&cfg, &events).await;
    loop {
        if queue.is_closed() {
            queue = connect_with_backoff(&cfg, &events).await;
        }
        let leased = async {
            queue.reap().await?;
            queue.lease(&cfg.runner, cfg.lease_ttl).await
        }
        .await;
        match leased {
            Ok(Some(lease)) => {
                run_leased(&cfg, &execute, &events, lease).await;
                ended += 1;
            }
            Ok(None) => {
                if cfg.drain && queue.idle().await.unwrap_or(false) {
                    return Ok(ended);
                }
                tokio::time::sleep(cfg.poll).await;
            }
            Err(e) if e.is_transient() => {
                events(&ServeEvent::DatabaseUnavailable {
                    error: e.to_string(),
                    retry_in_ms: 200,
                });
                tokio::time::sleep(Duration::from_millis(200)).await;
                queue = connect_with_backoff(&cfg, &events).await;
            }
            Err(e) => return Err(e),
        }
    }
}

/// Keep a lease alive until aborted.
fn start_heartbeat(
    cfg: &ServeConfig,
    events: &Events,
    lease: &Lease,
) -> tokio::task::JoinHandle<()> {
    let (cfg, events, lease) = (cfg.clone(), events.clone(), lease.clone());
    tokio::spawn(async move {
        let every = cfg.lease_ttl / 3;
        let mut queue: Option<Queue> = None;
        loop {
            tokio::time::sleep(every).await;
            let q = match queue.take() {
                Some(q) if !q.is_closed() => q,
                _ => match Queue::connect(&cfg.url).await {
                    Ok(q) => q,
                    Err(e) => {
                        events(&ServeEvent::DatabaseUnavailable {
                            error: format!("heartbeat of job {}: {e}", lease.job_id),
                            retry_in_ms: every.as_millis() as u64,
                        });
                        continue;
                    }
                },
            };
            match q.heartbeat(&lease, cfg.lease_ttl).await {
                Ok(Heartbeat::Held { .. }) => queue = Some(q),
                // The next ledger record will be refused; the job stops there.
                Ok(Heartbeat::Lost) => return,
                Err(e) => {
                    events(&ServeEvent::DatabaseUnavailable {
                        error: format!("heartbeat of job {}: {e}", lease.job_id),
                        retry_in_ms: every.as_millis() as u64,
                    });
                }
            }
        }
    })
}

/// Check out the job and rebuild it from the database ledger.
async fn prepare(
    cfg: &ServeConfig,
    lease: &Lease,
    dir: &Path,
) -> Result<(PathBuf, Option<PathBuf>, usize, usize), QueueError> {
    let queue = Queue::connect(&cfg.url).await?;
    let stored = queue.ledger(lease.job_id).await?;
    let (source, rev) = (lease.source.clone(), lease.rev.clone());
    let ws_dir = dir.join("ws");
    let workspace =
        tokio::task::spawn_blocking(move || workspace::checkout(&source, &rev, &ws_dir))
            .await
            .map_err(|e| QueueError::Workspace(e.to_string()))??;
    let policy_file = match &lease.policy {
        Some(text) => {
            let path = dir.join("policy.toml");
            std::fs::write(&path, text)?;
            Some(path)
        }
        None => None,
    };
    let job_dir = workspace
        .join(".tact")
        .join("jobs")
        .join(job_key(lease.job_id));
    std::fs::create_dir_all(&job_dir)?;
    let bytes: Vec<u8> = stored.iter().flat_map(|(_, b)| b.iter().copied()).collect();
    let (records, _, _) = parse_records(&bytes);
    let mut replayed = 0;
    if !records.is_empty() {
        let (ws, tmp, recs) = (workspace.clone(), job_dir.join("tmp"), records.clone());
        replayed = tokio::task::spawn_blocking(move || {
            workspace::replay_committed_edits(&ws, &tmp, &recs)
        })
        .await
        .map_err(|e| QueueError::Workspace(e.to_string()))??;
    }
    // The local ledger starts as the database's: the job resumes from exactly those records.
    std::fs::write(job_dir.join(LEDGER_FILE), &bytes)?;
    Ok((workspace, policy_file, records.len(), replayed))
}

/// The tact job id of a queued job.
pub fn job_key(job_id: i64) -> String {
    format!("q{job_id}")
}

fn last_checkpoint(records: &[LedgerRecord]) -> Option<serde_json::Value> {
    records.iter().rev().find_map(|r| match &r.entry {
        LedgerEntry::Checkpoint { checkpoint } => serde_json::to_value(checkpoint).ok(),
        _ => None,
    })
}

/// Write something about a lease, reconnecting while the database is away (up to `db_retry`).
async fn settle<T, F, Fut>(cfg: &ServeConfig, events: &Events, op: F) -> Result<T, QueueError>
where
    F: Fn(Queue) -> Fut,
    Fut: std::future::Future<Output = Result<T, QueueError>>,
{
    let deadline = tokio::time::Instant::now() + cfg.db_retry;
    let mut backoff = Duration::from_millis(100);
    loop {
        let attempt = async { op(Queue::connect(&cfg.url).await?).await }.await;
        match attempt {
            Err(e) if e.is_transient() && tokio::time::Instant::now() < deadline => {
                events(&ServeEvent::DatabaseUnavailable {
                    error: e.to_string(),
                    retry_in_ms: backoff.as_millis() as u64,
                });
                tokio::time::sleep(backoff).await;
                backoff = (backoff * 2).min(Duration::from_secs(2));
            }
            other => return other,
        }
    }
}

async fn run_leased(cfg: &ServeConfig, execute: &Execute, events: &Events, lease: Lease) {
    events(&ServeEvent::Leased {
        job: lease.job_id,
        epoch: lease.epoch,
        attempt: lease.attempt,
        takeover: lease.takeover,
    });
    let heartbeat = start_heartbeat(cfg, events, &lease);
    let dir = cfg
        .scratch
        .join(format!("job-{}-e{}", lease.job_id, lease.epoch));
    let result = run_in(cfg, execute, events, &lease, &dir).await;
    heartbeat.abort();
    let job = lease.job_id;
    let event = match result {
        Ok(Ended::Completed(result)) => {
            let stored = settle(cfg, events, |mut q| {
                let (lease, runner, result) = (lease.clone(), cfg.runner.clone(), result.clone());
                async move { q.complete(&lease, &runner, &result).await }
            })
            .await;
            match stored {
                Ok(true) => ServeEvent::Completed {
                    job,
                    status: result.status,
                    summary: result.summary,
                },
                Ok(false) => ServeEvent::Fenced {
                    job,
                    reason: "the lease was lost before the result was stored".into(),
                },
                Err(e) => ServeEvent::Failed {
                    job,
                    error: format!("storing the result: {e}"),
                    state: None,
                },
            }
        }
        Ok(Ended::Refused(Refusal::Cancelled)) => {
            let _ = settle(cfg, events, |q| {
                let lease = lease.clone();
                async move { q.mark_cancelled(&lease).await }
            })
            .await;
            ServeEvent::Cancelled { job }
        }
        Ok(Ended::Refused(Refusal::Fenced(reason))) => ServeEvent::Fenced { job, reason },
        Ok(Ended::Refused(Refusal::Conflict(error))) | Err(error) => {
            let state = settle(cfg, events, |q| {
                let (lease, error) = (lease.clone(), error.clone());
                async move { q.fail(&lease, &error).await }
            })
            .await
            .ok()
            .flatten();
            ServeEvent::Failed { job, error, state }
        }
    };
    events(&event);
    let _ = std::fs::remove_dir_all(&dir);
}

enum Ended {
    Completed(JobResult),
    Refused(Refusal),
}

async fn run_in(
    cfg: &ServeConfig,
    execute: &Execute,
    events: &Events,
    lease: &Lease,
    dir: &Path,
) -> Result<Ended, String> {
    let (workspace, policy_file, records, replayed) =
        prepare(cfg, lease, dir).await.map_err(|e| e.to_string())?;
    if records > 0 {
        events(&ServeEvent::Resumed {
            job: lease.job_id,
            records,
            replayed_edits: replayed,
        });
    }
    let mirror = Arc::new(DbMirror::new(&cfg.url, lease, cfg.db_retry).map_err(|e| e.to_string())?);
    let run = JobRun {
        lease: lease.clone(),
        job_key: job_key(lease.job_id),
        workspace: workspace.clone(),
        mirror: mirror.clone(),
        policy_file,
        resumed_records: records,
    };
    let execute = execute.clone();
    let finished = tokio::task::spawn_blocking(move || execute(run))
        .await
        .map_err(|e| format!("the job's thread died: {e}"))?;
    // A refused record is why the job stopped, whatever it reported.
    if let Some(refusal) = mirror.refusal() {
        return Ok(Ended::Refused(refusal));
    }
    let finished = finished?;
    let ledger_file = workspace
        .join(".tact")
        .join("jobs")
        .join(job_key(lease.job_id))
        .join(LEDGER_FILE);
    let (records, _) =
        tact_runtime::ledger::read_ledger(&ledger_file).map_err(|e| e.to_string())?;
    let patch = tokio::task::spawn_blocking(move || workspace::patch(&workspace))
        .await
        .map_err(|e| e.to_string())?
        .map_err(|e| e.to_string())?;
    Ok(Ended::Completed(JobResult {
        status: finished.status,
        summary: finished.summary,
        checkpoint: last_checkpoint(&records),
        usage: finished.usage,
        patch,
    }))
}
