use thiserror::Error;

/// Errors of the actors crate.
#[derive(Debug, Error)]
pub enum ActorError {
    /// A stage actor is not running (it died and has not been restarted, or the supervisor
    /// escalated).
    #[error("stage {0} is unavailable")]
    StageUnavailable(String),
    /// A request was in flight to a stage that died; the job retries it once.
    #[error("stage {stage} died while handling a request: {reason}")]
    StageDied { stage: String, reason: String },
    #[error("stage {stage} did not answer within {ms} ms")]
    StageTimeout { stage: String, ms: u64 },
    #[error("spawning {0}: {1}")]
    Spawn(String, String),
    #[error("worker: {0}")]
    Worker(#[from] WorkerError),
    #[error("model: {0}")]
    Model(String),
    #[error("ledger: {0}")]
    Ledger(String),
    #[error("policy: {0}")]
    Policy(String),
    #[error("dependency {dependency} of call {work_id} has no output yet")]
    DependencyNotReady { work_id: String, dependency: String },
    #[error("supervisor escalated: {0}")]
    Escalated(String),
    #[error("io: {0}")]
    Io(#[from] std::io::Error),
}

/// Errors talking to the worker process.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum WorkerError {
    #[error("could not start the worker: {0}")]
    Start(String),
    #[error("worker handshake failed: {0}")]
    Handshake(String),
    /// The worker's stream ended or broke: it died (perhaps mid-call).
    #[error("worker died: {0}")]
    Died(String),
    #[error("worker rejected the request: {0}")]
    Rejected(String),
    #[error("worker did not answer within {0} ms and was killed")]
    Timeout(u64),
}
