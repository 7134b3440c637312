//! The ledger's copy in PostgreSQL: each record appended in one transaction that checks the
//! lease first (fencing by epoch), retried across a database restart.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use tact_runtime::ledger::LedgerMirror;
use tokio_postgres::Client;

use crate::db::{Lease, connect};
use crate::error::{QueueError, is_transient_db};

/// Why the database refused a record: the job must stop.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// Another runner holds the job now (or it ended).
    Fenced(String),
    Cancelled,
    /// The ledger in the database disagrees with ours (a bug, or a damaged table).
    Conflict(String),
}

/// Mirrors one job's ledger under one lease.
///
/// It is called on the ledger's writer thread, which is not a tokio thread; it owns a small
/// runtime of its own so a record never waits on the job's runtime (whose threads may all be
/// blocked appending).
pub struct DbMirror {
    url: String,
    job_id: i64,
    epoch: i64,
    /// How long a broken connection is retried before the append fails.
    retry_for: Duration,
    runtime: Option<tokio::runtime::Runtime>,
    client: Mutex<Option<Client>>,
    refusal: Mutex<Option<Refusal>>,
}

impl DbMirror {
    pub fn new(url: &str, lease: &Lease, retry_for: Duration) -> Result<DbMirror, QueueError> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?;
        Ok(DbMirror {
            url: url.to_string(),
            job_id: lease.job_id,
            epoch: lease.epoch,
            retry_for,
            runtime: Some(runtime),
            client: Mutex::new(None),
            refusal: Mutex::new(None),
        })
    }

    /// Why the last record was refused, if one was.
    pub fn refusal(&self) -> Option<Refusal> {
        self.refusal.lock().ok().and_then(|r| r.clone())
    }

    fn refuse(&self, refusal: Refusal) -> String {
        let text = match &refusal {
            Refusal::Fenced(why) => format!("fenced: {why}"),
            Refusal::Cancelled => "the job was cancelled".to_string(),
            Refusal::Conflict(why) => format!("conflict: {why}"),
        };
        if let Ok(mut slot) = self.refusal.lock() {
            *slot = Some(refusal);
        }
        text
    }

    async fn append_with_retry(&self, seq: u64, bytes: &[u8]) -> Result<(), String> {
        let deadline = Instant::now() + self.retry_for;
        let mut backoff = Duration::from_millis(50);
        loop {
            let client = self.client.lock().ok().and_then(|mut c| c.take());
            let client = match client {
                Some(c) if !c.is_closed() => Ok(c),
                _ => connect(&self.url).await,
            };
            let error = match client {
                Ok(mut client) => {
                    match append_once(&mut client, self.job_id, self.epoch, seq, bytes).await {
                        Ok(Ok(())) => {
                            if let Ok(mut slot) = self.client.lock() {
                                *slot = Some(client);
                            }
                            return Ok(());
                        }
                        Ok(Err(refusal)) => return Err(self.refuse(refusal)),
                        Err(e) => e,
                    }
                }
                Err(e) => e,
            };
            let transient = match &error {
                QueueError::Db(e) => is_transient_db(e),
                _ => false,
            };
            if !transient || Instant::now() >= deadline {
                return Err(format!("database: {error}"));
            }
            tracing::warn!(
                job = self.job_id,
                "ledger mirror: {error}; retrying in {backoff:?}"
            );
            tokio::time::sleep(backoff).await;
            backoff = (backoff * 2).min(Duration::from_secs(2));
        }
    }
}

/// One record in one transaction: lock the job row, check that our epoch still holds it and
/// that it is not cancelled, check that `seq` is the next one, insert. A record already there
/// with the same bytes and epoch is our own commit whose acknowledgement was lost.
async fn append_once(
    client: &mut Client,
    job_id: i64,
    epoch: i64,
    seq: u64,
    bytes: &[u8],
) -> Result<Result<(), Refusal>, QueueError> {
    let tx = client.transaction().await?;
    let decided = check_and_insert(&tx, job_id, epoch, seq as i64, bytes).await?;
    // End the transaction explicitly either way: a dropped one is rolled back only when the
    // connection is next driven, and until then it would hold the job's row lock.
    match decided {
        Ok(()) => tx.commit().await?,
        Err(_) => tx.rollback().await?,
    }
    Ok(decided)
}

async fn check_and_insert(
    tx: &tokio_postgres::Transaction<'_>,
    job_id: i64,
    epoch: i64,
    seq: i64,
    bytes: &[u8],
) -> Result<Result<(), Refusal>, QueueError> {
    let Some(job) = tx
        .query_opt(
            "SELECT lease_epoch, state, cancel_requested FROM tact_jobs WHERE id = $1 FOR UPDATE",
            &[&job_id],
        )
        .await?
    else {
        return Ok(Err(Refusal::Fenced(format!("no job {job_id}"))));
    };
    let (held, state, cancel): (i64, String, bool) = (job.get(0), job.get(1), job.get(2));
    if held != epoch || state != "running" {
        return Ok(Err(Refusal::Fenced(format!(
            "job {job_id} is {state} under epoch {held}, this runner holds epoch {epoch}"
        ))));
    }
    if cancel {
        return Ok(Err(Refusal::Cancelled));
    }
    let next: i64 = tx
        .query_one(
            "SELECT coalesce(max(seq) + 1, 0) FROM tact_ledger WHERE job_id = $1",
            &[&job_id],
        )
        .await?
        .get(0);
    if seq < next {
        let row = tx
            .query_one(
                "SELECT bytes, lease_epoch FROM tact_ledger WHERE job_id = $1 AND seq = $2",
                &[&job_id, &seq],
            )
            .await?;
        let (stored, stored_epoch): (Vec<u8>, i64) = (row.get(0), row.get(1));
        return Ok(if stored == bytes && stored_epoch == epoch {
            Ok(())
        } else {
            Err(Refusal::Conflict(format!(
                "record {seq} of job {job_id} is already in the database with other bytes"
            )))
        });
    }
    if seq > next {
        return Ok(Err(Refusal::Conflict(format!(
            "record {seq} of job {job_id} would leave a gap (the database has {next})"
        ))));
    }
    tx.execute(
        "INSERT INTO tact_ledger (job_id, seq, lease_epoch, bytes) VALUES ($1, $2, $3, $4)",
        &[&job_id, &seq, &epoch, &bytes],
    )
    .await?;
    Ok(Ok(()))
}

impl LedgerMirror for DbMirror {
    fn mirror(&self, seq: u64, bytes: &[u8]) -> Result<(), String> {
        match &self.runtime {
            Some(runtime) => runtime.block_on(self.append_with_retry(seq, bytes)),
            None => Err("the mirror is shut down".into()),
        }
    }
}

impl Drop for DbMirror {
    fn drop(&mut self) {
        // Drop the connection inside the runtime, and never block: the last handle may be
        // dropped on an async thread.
        if let Ok(mut client) = self.client.lock() {
            client.take();
        }
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}
