//! The job's event stream: what `tact run --json` prints, one object per line, and what a
//! terminal shows as progress.

use std::sync::Arc;

use serde::Serialize;
use tact_runtime::ledger::JobStatus;
use tact_runtime::model_io::ModelCost;
use tact_runtime::records::{CallPlan, CheckpointReturn, TrustVerdict};

#[derive(Debug, Clone, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum JobEvent {
    Plan {
        job_id: String,
        plan: Box<CallPlan>,
    },
    Decision {
        step: u32,
        node: String,
        detail: serde_json::Value,
    },
    Call {
        work_id: String,
        tool: String,
        args: serde_json::Value,
    },
    Observation {
        work_id: String,
        ok: bool,
        exit_code: Option<i32>,
        summary: String,
    },
    Verdict {
        work_id: String,
        verdict: TrustVerdict,
    },
    Checkpoint {
        checkpoint: Box<CheckpointReturn>,
    },
    Ask {
        job_id: String,
        question: String,
    },
    /// The model answered in language (the trigger chose to reason): never checked by a tool,
    /// so always unverified.
    Answer {
        job_id: String,
        text: String,
        verdict: TrustVerdict,
    },
    NeedsAttention {
        work_id: String,
        reason: String,
    },
    Done {
        job_id: String,
        status: JobStatus,
        summary: String,
        /// The model's compute over the whole job, with the prefix cache's share.
        #[serde(default)]
        model: ModelCost,
    },
    Error {
        message: String,
    },
}

/// Where events go.
pub type EventSink = Arc<dyn Fn(&JobEvent) + Send + Sync>;

/// An event sink that drops everything.
pub fn discard() -> EventSink {
    Arc::new(|_| {})
}
