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
    /// A request or response that did not encode or decode at the stage's boundary.
    #[error("stage {stage}: {reason}")]
    StageProtocol { stage: String, reason: String },
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
    /// A model pass was refused before it ran: it would breach the plan's compute budget. The
    /// job ends on its budget (`Runner::on_budget_breach`), not as a failure.
    #[error("budget: {0}")]
    ModelBudget(tact_runtime::decisions::BudgetBreach),
}

pub use tact_runtime::stages::WorkerError;

impl From<tact_runtime::stages::ExecFailure> for ActorError {
    fn from(failure: tact_runtime::stages::ExecFailure) -> Self {
        use tact_runtime::stages::ExecFailure;
        match failure {
            ExecFailure::DependencyNotReady {
                work_id,
                dependency,
            } => ActorError::DependencyNotReady {
                work_id,
                dependency,
            },
            ExecFailure::Worker(e) => ActorError::Worker(e),
        }
    }
}
