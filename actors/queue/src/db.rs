//! The queue's operations, one SQL statement or transaction each.

use std::time::Duration;

use serde::Serialize;
use tokio_postgres::{Client, NoTls, Row};

use crate::error::QueueError;
use crate::schema;

/// Connect, with the connection driven by a task on the current tokio runtime.
pub async fn connect(url: &str) -> Result<Client, QueueError> {
    let (client, connection) = tokio_postgres::connect(url, NoTls).await?;
    tokio::spawn(async move {
        if let Err(e) = connection.await {
            tracing::debug!("queue connection ended: {e}");
        }
    });
    Ok(client)
}

/// A job to enqueue.
#[derive(Debug, Clone)]
pub struct NewJob {
    /// A git URL or a local path `git clone` accepts.
    pub source: String,
    pub rev: String,
    pub task: String,
    /// The policy file's text (runners may be on other machines).
    pub policy: Option<String>,
    pub priority: i32,
    /// Leases a job may take before it is parked as poison.
    pub max_attempts: i32,
}

/// A job held by this runner under `epoch`.
#[derive(Debug, Clone, Serialize)]
pub struct Lease {
    pub job_id: i64,
    pub epoch: i64,
    pub attempt: i32,
    pub max_attempts: i32,
    pub source: String,
    pub rev: String,
    pub task: String,
    pub policy: Option<String>,
    /// This lease replaced one that had expired (its runner died or stalled).
    pub takeover: bool,
}

/// What a heartbeat found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Heartbeat {
    Held { cancel_requested: bool },
    Lost,
}

/// What `queue cancel` did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CancelOutcome {
    /// It had not started: it never will.
    Cancelled,
    /// Its runner stops at its next step.
    Stopping,
    /// It had already ended (done, parked or cancelled).
    AlreadyEnded { state: String },
}

/// A job's result, as the runner stores it.
#[derive(Debug, Clone, Serialize, serde::Deserialize)]
pub struct JobResult {
    pub status: String,
    pub summary: String,
    pub checkpoint: Option<serde_json::Value>,
    pub usage: serde_json::Value,
    pub patch: String,
}

/// One line of `queue status`.
#[derive(Debug, Clone, Serialize)]
pub struct JobRow {
    pub id: i64,
    pub state: String,
    pub priority: i32,
    pub task: String,
    pub source: String,
    pub rev: String,
    pub runner: Option<String>,
    pub lease_epoch: i64,
    pub attempts: i32,
    pub max_attempts: i32,
    pub cancel_requested: bool,
    /// Milliseconds since the Unix epoch.
    pub lease_expires_ms: Option<i64>,
    pub submitted_ms: i64,
    pub finished_ms: Option<i64>,
    pub last_error: Option<String>,
    pub ledger_records: i64,
    pub result: Option<JobResult>,
}

/// Epoch milliseconds of a timestamptz column expression.
macro_rules! ms {
    ($col:literal) => {
        concat!("(extract(epoch FROM ", $col, ") * 1000)::bigint")
    };
}

/// A connection to the queue.
pub struct Queue {
    client: Client,
}

impl Queue {
    pub async fn connect(url: &str) -> Result<Queue, QueueError> {
        Ok(Queue {
            client: connect(url).await?,
        })
    }

    /// The connection broke (the server restarted): reconnect before the next call.
    pub fn is_closed(&self) -> bool {
        self.client.is_closed()
    }

    pub fn client(&self) -> &Client {
        &self.client
    }

    /// Create or upgrade the schema; returns the versions applied now.
    pub async fn init(&mut self) -> Result<Vec<i32>, QueueError> {
        schema::migrate(&mut self.client).await
    }

    /// Refuse to work on a database `queue init` never ran on, or one too new.
    pub async fn check_schema(&self) -> Result<(), QueueError> {
        match schema::current_version(&self.client).await? {
            0 => Err(QueueError::NotInitialized),
            v if v > schema::latest_version() => Err(QueueError::SchemaTooNew {
                found: v,
                known: schema::latest_version(),
            }),
            _ => Ok(()),
        }
    }

    pub async fn submit(&self, job: &NewJob) -> Result<i64, QueueError> {
        let row = self
            .client
            .query_one(
                "INSERT INTO tact_jobs (source, rev, task, policy, priority, max_attempts)
                 VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
                &[
                    &job.source,
                    &job.rev,
                    &job.task,
                    &job.policy,
                    &job.priority,
                    &job.max_attempts,
                ],
            )
            .await?;
        Ok(row.get(0))
    }

    /// Jobs, newest first (at most `limit`), optionally in one state.
    pub async fn status(&self, state: Option<&str>, limit: i64) -> Result<Vec<JobRow>, QueueError> {
        let sql = format!(
            "{} WHERE $1::text IS NULL OR j.state = $1 ORDER BY j.id DESC LIMIT $2",
            job_select()
        );
        let rows = self.client.query(&sql, &[&state, &limit]).await?;
        Ok(rows.iter().map(job_row).collect())
    }

    /// One job.
    pub async fn job(&self, id: i64) -> Result<JobRow, QueueError> {
        let sql = format!("{} WHERE j.id = $1", job_select());
        let row = self
            .client
            .query_opt(&sql, &[&id])
            .await?
            .ok_or(QueueError::NoSuchJob(id))?;
        Ok(job_row(&row))
    }

    /// Ask a job to stop: a queued one never starts, a running one stops at its next step (its
    /// next ledger record is refused).
    pub async fn cancel(&self, id: i64) -> Result<CancelOutcome, QueueError> {
        let row = self
            .client
            .query_opt(
                "WITH before AS (SELECT id, state FROM tact_jobs WHERE id = $1 FOR UPDATE)
                 UPDATE tact_jobs j SET
                    cancel_requested = (b.state IN ('queued', 'running')) OR j.cancel_requested,
                    state = CASE WHEN b.state = 'queued' THEN 'cancelled' ELSE b.state END,
                    finished_at = CASE WHEN b.state = 'queued' THEN clock_timestamp()
                                       ELSE j.finished_at END
                 FROM before b WHERE j.id = b.id
                 RETURNING j.state, b.state",
                &[&id],
            )
            .await?
            .ok_or(QueueError::NoSuchJob(id))?;
        let (after, before): (String, String) = (row.get(0), row.get(1));
        Ok(match (before.as_str(), after.as_str()) {
            ("queued", _) => CancelOutcome::Cancelled,
            ("running", _) => CancelOutcome::Stopping,
            _ => CancelOutcome::AlreadyEnded { state: before },
        })
    }

    /// End jobs whose runner stopped heartbeating and that may not be leased again: cancelled
    /// ones, and poison ones that used all their attempts. Returns how many were ended.
    pub async fn reap(&self) -> Result<u64, QueueError> {
        Ok(self
            .client
            .execute(
                "UPDATE tact_jobs SET
                    state = CASE WHEN cancel_requested THEN 'cancelled' ELSE 'parked' END,
                    last_error = CASE WHEN cancel_requested THEN last_error
                        ELSE concat_ws('; ', last_error, format(
                            'its runner stopped heartbeating on attempt %s of %s',
                            attempts, max_attempts)) END,
                    finished_at = clock_timestamp()
                 WHERE state = 'running' AND lease_expires_at < clock_timestamp()
                   AND (cancel_requested OR attempts >= max_attempts)",
                &[],
            )
            .await?)
    }

    /// Lease the next job (highest priority, oldest first): a queued one, or a running one
    /// whose lease expired (a takeover). Raises the lease epoch, which fences the old holder.
    pub async fn lease(&self, runner: &str, ttl: Duration) -> Result<Option<Lease>, QueueError> {
        let ttl_s = ttl.as_secs_f64();
        let row = self
            .client
            .query_opt(
                "WITH candidate AS (
                    SELECT id, CASE WHEN state = 'running' THEN lease_expires_at END AS previous
                    FROM tact_jobs
                    WHERE (state = 'queued'
                           OR (state = 'running' AND lease_expires_at < clock_timestamp()))
                      AND NOT cancel_requested AND attempts < max_attempts
                    ORDER BY priority DESC, id
                    LIMIT 1
                    FOR UPDATE SKIP LOCKED
                 ), leased AS (
                    UPDATE tact_jobs j SET
                        state = 'running', runner = $1, lease_epoch = j.lease_epoch + 1,
                        lease_expires_at = clock_timestamp() + make_interval(secs => $2),
                        attempts = j.attempts + 1,
                        first_leased_at = coalesce(j.first_leased_at, clock_timestamp())
                    FROM candidate c WHERE j.id = c.id
                    RETURNING j.id, j.lease_epoch, j.attempts, j.max_attempts, j.source, j.rev,
                              j.task, j.policy, c.previous
                 ), recorded AS (
                    INSERT INTO tact_leases (job_id, lease_epoch, runner, previous_expiry)
                    SELECT id, lease_epoch, $1, previous FROM leased
                 )
                 SELECT id, lease_epoch, attempts, max_attempts, source, rev, task, policy,
                        previous IS NOT NULL FROM leased",
                &[&runner, &ttl_s],
            )
            .await?;
        Ok(row.map(|row| Lease {
            job_id: row.get(0),
            epoch: row.get(1),
            attempt: row.get(2),
            max_attempts: row.get(3),
            source: row.get(4),
            rev: row.get(5),
            task: row.get(6),
            policy: row.get(7),
            takeover: row.get(8),
        }))
    }

    /// Extend a lease we still hold.
    pub async fn heartbeat(&self, lease: &Lease, ttl: Duration) -> Result<Heartbeat, QueueError> {
        let ttl_s = ttl.as_secs_f64();
        let row = self
            .client
            .query_opt(
                "UPDATE tact_jobs SET
                    lease_expires_at = clock_timestamp() + make_interval(secs => $3)
                 WHERE id = $1 AND lease_epoch = $2 AND state = 'running'
                 RETURNING cancel_requested",
                &[&lease.job_id, &lease.epoch, &ttl_s],
            )
            .await?;
        Ok(match row {
            Some(row) => Heartbeat::Held {
                cancel_requested: row.get(0),
            },
            None => Heartbeat::Lost,
        })
    }

    /// Store the result, once: only the holder of the current epoch of a running job can, and
    /// the result table's key refuses a second one. Returns false when the lease was lost.
    pub async fn complete(
        &mut self,
        lease: &Lease,
        runner: &str,
        result: &JobResult,
    ) -> Result<bool, QueueError> {
        let tx = self.client.transaction().await?;
        let ended = tx
            .execute(
                "UPDATE tact_jobs SET state = 'done', finished_at = clock_timestamp()
                 WHERE id = $1 AND lease_epoch = $2 AND state = 'running'",
                &[&lease.job_id, &lease.epoch],
            )
            .await?;
        if ended != 1 {
            tx.rollback().await?;
            return Ok(false);
        }
        tx.execute(
            "INSERT INTO tact_results
                (job_id, lease_epoch, runner, status, summary, checkpoint, usage, patch)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            &[
                &lease.job_id,
                &lease.epoch,
                &runner,
                &result.status,
                &result.summary,
                &result.checkpoint,
                &result.usage,
                &result.patch,
            ],
        )
        .await?;
        tx.commit().await?;
        Ok(true)
    }

    /// The job was cancelled while we held it: end it without a result.
    pub async fn mark_cancelled(&self, lease: &Lease) -> Result<bool, QueueError> {
        Ok(self
            .client
            .execute(
                "UPDATE tact_jobs SET state = 'cancelled', finished_at = clock_timestamp()
                 WHERE id = $1 AND lease_epoch = $2 AND state = 'running'",
                &[&lease.job_id, &lease.epoch],
            )
            .await?
            == 1)
    }

    /// This attempt failed: queue the job again, or park it once it used all its attempts.
    /// Returns the job's new state (None when the lease was already lost).
    pub async fn fail(&self, lease: &Lease, error: &str) -> Result<Option<String>, QueueError> {
        let row = self
            .client
            .query_opt(
                "UPDATE tact_jobs SET
                    state = CASE WHEN attempts >= max_attempts THEN 'parked' ELSE 'queued' END,
                    last_error = $3, lease_expires_at = NULL,
                    finished_at = CASE WHEN attempts >= max_attempts THEN clock_timestamp() END
                 WHERE id = $1 AND lease_epoch = $2 AND state = 'running'
                 RETURNING state",
                &[&lease.job_id, &lease.epoch, &error],
            )
            .await?;
        Ok(row.map(|r| r.get(0)))
    }

    /// The job's ledger records in order, each checked (no gap, valid framing and checksum).
    pub async fn ledger(&self, job_id: i64) -> Result<Vec<(u64, Vec<u8>)>, QueueError> {
        let rows = self
            .client
            .query(
                "SELECT seq, bytes FROM tact_ledger WHERE job_id = $1 ORDER BY seq",
                &[&job_id],
            )
            .await?;
        let mut records = Vec::with_capacity(rows.len());
        for (expected, row) in rows.iter().enumerate() {
            let seq: i64 = row.get(0);
            let bytes: Vec<u8> = row.get(1);
            if seq != expected as i64 {
                return Err(QueueError::DamagedLedger {
                    job_id,
                    reason: format!("record {expected} is missing (next is {seq})"),
                });
            }
            let (parsed, valid, reason) = tact_runtime::ledger::parse_records(&bytes);
            if parsed.len() != 1 || valid != bytes.len() || parsed[0].seq != seq as u64 {
                return Err(QueueError::DamagedLedger {
                    job_id,
                    reason: format!(
                        "record {seq} does not parse as one record with its seq: {}",
                        reason.unwrap_or_default()
                    ),
                });
            }
            records.push((seq as u64, bytes));
        }
        Ok(records)
    }

    /// True when no job is queued or running (a draining runner may stop).
    pub async fn idle(&self) -> Result<bool, QueueError> {
        let row = self
            .client
            .query_one(
                "SELECT NOT EXISTS (SELECT 1 FROM tact_jobs WHERE state IN ('queued', 'running'))",
                &[],
            )
            .await?;
        Ok(row.get(0))
    }
}

fn job_row(row: &Row) -> JobRow {
    let result_status: Option<String> = row.get(16);
    JobRow {
        id: row.get(0),
        state: row.get(1),
        priority: row.get(2),
        task: row.get(3),
        source: row.get(4),
        rev: row.get(5),
        runner: row.get(6),
        lease_epoch: row.get(7),
        attempts: row.get(8),
        max_attempts: row.get(9),
        cancel_requested: row.get(10),
        lease_expires_ms: row.get(11),
        submitted_ms: row.get(12),
        finished_ms: row.get(13),
        last_error: row.get(14),
        ledger_records: row.get(15),
        result: result_status.map(|status| JobResult {
            status,
            summary: row.get(17),
            checkpoint: row.get(18),
            usage: row.get(19),
            patch: row.get(20),
        }),
    }
}

/// The columns [`job_row`] reads, for one job or many (the caller adds `WHERE …`).
fn job_select() -> String {
    format!(
        "SELECT j.id, j.state, j.priority, j.task, j.source, j.rev, j.runner, j.lease_epoch,
                j.attempts, j.max_attempts, j.cancel_requested, {lease}, {submitted},
                {finished}, j.last_error,
                (SELECT count(*) FROM tact_ledger l WHERE l.job_id = j.id),
                r.status, r.summary, r.checkpoint, r.usage, r.patch
         FROM tact_jobs j LEFT JOIN tact_results r ON r.job_id = j.id",
        lease = ms!("j.lease_expires_at"),
        submitted = ms!("j.submitted_at"),
        finished = ms!("j.finished_at"),
    )
}
