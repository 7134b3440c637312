//! Messages between the executor and the worker process, and the [`Message`] kinds of every
//! other wire type.

use serde::{Deserialize, Serialize};

use crate::model_io::{ConfidenceSignal, StepPrompt, ToolCandidate, ToolChoice};
use crate::records::{CallPlan, CallRecord, CheckpointReturn, ToolRef, TrustVerdict};
use crate::tools::ToolConfig;
use crate::wire::Message;

/// First frame from the executor to a fresh worker.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WorkerSetup {
    pub wire_version: u32,
    /// Absolute, canonical path of the job's workspace: tools act only inside it.
    pub workspace: String,
    /// The job's private temp dir (writable by sandboxed commands).
    pub temp_dir: String,
    pub config: ToolConfig,
}

/// The worker's answer to [`WorkerSetup`]: the handshake completes only when versions match.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WorkerReady {
    pub wire_version: u32,
    pub worker_version: String,
    pub pid: u32,
    pub host: String,
}

/// One tool call. Calls carry ids and the ids of the calls whose outputs they depend on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolCall {
    pub work_id: String,
    pub tool: ToolRef,
    pub args: serde_json::Value,
    pub depends_on: Vec<String>,
}

/// What a tool returned.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Observation {
    pub work_id: String,
    pub tool: ToolRef,
    /// The tool ran to completion (its own success criteria may still say otherwise: see
    /// `exit_code` and `output`).
    pub ok: bool,
    /// Exit code of a command the tool ran, if any.
    pub exit_code: Option<i32>,
    /// Structured output, per the tool's output schema.
    pub output: serde_json::Value,
    /// Why the tool could not run, if it could not.
    pub error: Option<String>,
    pub duration_ms: u64,
    /// The process that ran the tool: the worker's pid, the job's own for a call it performs
    /// in process; 0 in frames written before this field existed.
    #[serde(default)]
    pub performer_pid: u32,
}

/// Executor → worker.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum WorkerRequest {
    Call { call: ToolCall },
    Shutdown,
}

/// Worker → executor.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum WorkerResponse {
    Observation {
        observation: Observation,
    },
    /// A request the worker could not decode; the worker stays up.
    Rejected {
        reason: String,
    },
}

macro_rules! message_kinds {
    ($($t:ty => $k:literal),* $(,)?) => {
        $(impl Message for $t { const KIND: &'static str = $k; })*
    };
}

message_kinds! {
    WorkerSetup => "worker_setup",
    WorkerReady => "worker_ready",
    WorkerRequest => "worker_request",
    WorkerResponse => "worker_response",
    ToolCall => "tool_call",
    Observation => "observation",
    CallPlan => "call_plan",
    CheckpointReturn => "checkpoint_return",
    CallRecord => "call_record",
    TrustVerdict => "trust_verdict",
    ConfidenceSignal => "confidence_signal",
    ToolCandidate => "tool_candidate",
    ToolChoice => "tool_choice",
    StepPrompt => "step_prompt",
}
