//! The job's event stream: what `tact run --json` prints, one object per line, and what a
//! terminal shows as progress. The stream is a documented contract (`docs/events.md`): every
//! line is [`event_line`] of a [`JobEvent`] — the event's fields plus `v`
//! ([`EVENT_STREAM_VERSION`]), `type` (and `event`, its alias for one release), `ts` and
//! `job_id`.

use std::sync::Arc;

use serde::Serialize;
use serde_json::{Value, json};
use tact_runtime::decisions::Decision;
use tact_runtime::ledger::JobStatus;
use tact_runtime::model_io::ModelCost;
use tact_runtime::records::{CallPlan, CheckpointReturn, TrustVerdict};

/// The version of the `--json` event stream's shape. A field removed or changed in meaning
/// bumps it; a field added does not.
pub const EVENT_STREAM_VERSION: u32 = 1;

/// What a finished job used, for the `done` event.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct Usage {
    pub tool_calls: u64,
    pub forward_passes: u64,
    pub tokens: u64,
    pub wall_ms: u64,
}

#[derive(Debug, Clone, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum JobEvent {
    /// First on every run of a job (a resume too).
    Started {
        job_id: String,
        workspace: String,
        task: String,
        model: String,
        ledger: String,
        resumed: bool,
    },
    Plan {
        job_id: String,
        plan: Box<CallPlan>,
    },
    /// A node's decision: `node` names it, `detail` is its typed record
    /// (`tact_runtime::decisions`).
    Decision {
        step: u32,
        #[serde(flatten)]
        decision: Decision,
    },
    Call {
        work_id: String,
        tool: String,
        args: serde_json::Value,
        /// A step the job performed itself (`mutate`): ledgered and trust-checked like any
        /// call, but no worker ran it and it burns no tool call.
        in_process: bool,
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
        usage: Usage,
        /// Workspace files whose content differs from before the job's first write to them.
        changed_files: Vec<String>,
        ledger: String,
    },
    Error {
        message: String,
    },
}

/// One line of the `--json` stream: the event's own fields, then `v`, `type` (with `event` as
/// its alias), `ts` (milliseconds since the Unix epoch) and `job_id` (the job's, where the
/// event does not carry one itself).
pub fn event_line(job_id: &str, event: &JobEvent) -> Value {
    let mut line = serde_json::to_value(event).unwrap_or_else(
        |e| json!({"event": "error", "message": format!("an event did not serialize: {e}")}),
    );
    if let Some(fields) = line.as_object_mut() {
        let kind = fields.get("event").cloned().unwrap_or(Value::Null);
        fields.insert("v".into(), json!(EVENT_STREAM_VERSION));
        fields.insert("type".into(), kind);
        fields.insert("ts".into(), json!(tact_runtime::ledger::now_ms()));
        // Unknown before a job exists (an error at start-up): null.
        let id = match job_id {
            "" => Value::Null,
            id => Value::String(id.to_string()),
        };
        fields.entry("job_id").or_insert(id);
    }
    line
}

/// Where events go.
pub type EventSink = Arc<dyn Fn(&JobEvent) + Send + Sync>;

/// An event sink that drops everything.
pub fn discard() -> EventSink {
    Arc::new(|_| {})
}
