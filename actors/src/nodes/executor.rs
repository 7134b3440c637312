//! The executor (deterministic): one mailbox per job, so dependent calls serialize; the tool
//! runs in the job's sandboxed worker process (or its MCP server). Probe slots have one
//! executor and one worker each.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

use tact_runtime::messages::{Observation, ToolCall};
use tact_runtime::stages::{ExecFailure, ExecResponse};

use crate::error::{ActorError, WorkerError};
use crate::mcp::McpHost;
use crate::stage::{StageLogic, ask_stage};
use crate::worker_process::WorkerHost;

/// The executor: one mailbox per job, so calls run one at a time in submission order; a call
/// whose dependencies have no output yet is refused, never run early.
pub struct ExecutorNode {
    pub host: WorkerHost,
    pub completed: Mutex<HashSet<String>>,
    pub timeout_ms: u64,
    /// `executor` for the job's own mailbox; `prober-N` for probe slot N.
    pub stage: &'static str,
    /// The job's MCP servers: calls of their tools go there, not to the worker.
    pub mcp: Option<Arc<McpHost>>,
}

/// The executor stage of each probe slot: slot 0 is the job's own executor (no committed call
/// runs while probes do), slots 1.. have one executor and one worker process each.
pub const PROBER_STAGES: [&str; tact_runtime::tools::PROBE_SLOTS as usize] = [
    "executor", "prober-1", "prober-2", "prober-3", "prober-4", "prober-5", "prober-6", "prober-7",
];

impl StageLogic for ExecutorNode {
    type Request = ToolCall;
    type Response = ExecResponse;
    fn stage(&self) -> &'static str {
        self.stage
    }
    async fn handle(&self, call: ToolCall) -> ExecResponse {
        let missing = {
            let done = self
                .completed
                .lock()
                .map_err(|_| WorkerError::Died("state poisoned".into()))?;
            call.depends_on.iter().find(|d| !done.contains(*d)).cloned()
        };
        if let Some(dependency) = missing {
            return Err(ExecFailure::DependencyNotReady {
                work_id: call.work_id.clone(),
                dependency,
            });
        }
        let work_id = call.work_id.clone();
        let observation = match &self.mcp {
            Some(mcp) if mcp.serves(&call.tool.name) => mcp.call(&call, self.timeout_ms).await?,
            _ => self.host.call(call, self.timeout_ms).await?,
        };
        if let Ok(mut done) = self.completed.lock() {
            done.insert(work_id);
        }
        Ok(observation)
    }
}

impl ExecutorNode {
    pub fn new(host: WorkerHost, timeout_ms: u64) -> Self {
        Self::for_slot(0, host, timeout_ms)
    }

    /// The executor of probe slot `slot` (slot 0 is the job's own `executor`).
    pub fn for_slot(slot: usize, host: WorkerHost, timeout_ms: u64) -> Self {
        Self {
            host,
            completed: Mutex::new(HashSet::new()),
            timeout_ms,
            stage: PROBER_STAGES.get(slot).copied().unwrap_or("executor"),
            mcp: None,
        }
    }

    /// This executor also runs the tools of `mcp`'s servers.
    pub fn with_mcp(mut self, mcp: Option<Arc<McpHost>>) -> Self {
        self.mcp = mcp;
        self
    }
}

/// The executor stage that runs committed calls; probes in slot `n > 0` use [`PROBER_STAGES`].
pub(crate) const EXECUTOR_STAGE: &str = "executor";

/// Send a call to an executor stage and wait for its observation.
pub(crate) async fn execute_on(
    job_id: &str,
    stage: &'static str,
    call: &ToolCall,
    timeout_ms: u64,
) -> Result<Observation, ActorError> {
    // A lost stage and a failed call are both the call's failure here.
    ask_stage::<ExecutorNode>(job_id, stage, || call.clone(), timeout_ms + 5_000)
        .await?
        .map_err(ActorError::from)
}
