use thiserror::Error;

/// Errors of the job queue.
#[derive(Debug, Error)]
pub enum QueueError {
    #[error("database: {0}")]
    Db(#[from] tokio_postgres::Error),
    #[error("the database schema is at version {found}, newer than this tact knows ({known})")]
    SchemaTooNew { found: i32, known: i32 },
    #[error("the queue has no tables yet: run `tact queue init --db URL`")]
    NotInitialized,
    #[error("no job {0}")]
    NoSuchJob(i64),
    /// The job's lease is no longer ours (taken over, or the job ended): nothing may be written.
    #[error("job {job_id}: lease epoch {epoch} is no longer held ({reason})")]
    Fenced {
        job_id: i64,
        epoch: i64,
        reason: String,
    },
    #[error("job {0} was cancelled")]
    Cancelled(i64),
    /// The database ledger is not a gap-free run of valid records.
    #[error("job {job_id}: the ledger in the database is damaged: {reason}")]
    DamagedLedger { job_id: i64, reason: String },
    #[error("workspace: {0}")]
    Workspace(String),
    #[error("io: {0}")]
    Io(#[from] std::io::Error),
}

impl QueueError {
    /// Worth retrying after reconnecting: the connection broke or the server is restarting.
    pub fn is_transient(&self) -> bool {
        match self {
            QueueError::Db(e) => is_transient_db(e),
            _ => false,
        }
    }
}

/// A client error with no server error code is a broken connection; classes 08 (connection
/// exception) and 57 (operator intervention, e.g. the server shutting down) and serialization
/// failures pass once the server is back.
pub fn is_transient_db(e: &tokio_postgres::Error) -> bool {
    match e.as_db_error() {
        None => true,
        Some(db) => {
            let code = db.code().code();
            code.starts_with("08") || code.starts_with("57") || code == "40001" || code == "40P01"
        }
    }
}
