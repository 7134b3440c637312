//! The logic each stage actor runs. Deterministic nodes call into `policies/`; learned nodes
//! call the [`DecisionModel`] on its inference thread (through `spawn_blocking`, so a forward
//! pass never blocks the runtime that carries the actors).

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

use tact_models::DecisionModel;
use tact_policies::policy::TriggerPolicy;
use tact_policies::trigger;
pub use tact_runtime::decisions::Refusal;
use tact_runtime::messages::ToolCall;
use tact_runtime::records::TrustVerdict;
pub use tact_runtime::stages::{
    ExecFailure, ExecResponse, GuardRequest, GuardResponse, RetrievalQuery, SelectorRequest,
    SelectorResponse, ShortlistResponse, ToolEvidence, TriggerRequest, TriggerResponse,
    TrustRequest,
};

use crate::error::WorkerError;
use crate::mcp::McpHost;
use crate::stage::{NamedStage, StageLogic};
use crate::worker_process::WorkerHost;

pub struct TriggerNode {
    pub model: Arc<dyn DecisionModel>,
    pub policy: TriggerPolicy,
}

impl NamedStage for TriggerNode {
    const STAGE: &'static str = "trigger";
    /// A confidence pass over a long prompt on a slow CPU.
    const TIMEOUT_MS: u64 = 600_000;
}

impl StageLogic for TriggerNode {
    type Request = TriggerRequest;
    type Response = TriggerResponse;
    fn stage(&self) -> &'static str {
        Self::STAGE
    }
    async fn handle(&self, req: TriggerRequest) -> TriggerResponse {
        let model = self.model.clone();
        let signal =
            tokio::task::spawn_blocking(move || model.confidence(&req.prompt, &req.candidates))
                .await
                .map_err(|e| e.to_string())?
                .map_err(|e| e.to_string())?;
        Ok((trigger::decide(&signal, &self.policy), signal))
    }
}

pub struct SelectorNode {
    pub model: Arc<dyn DecisionModel>,
}

impl NamedStage for SelectorNode {
    const STAGE: &'static str = "selector";
    /// A choice, scoring or completion by the model.
    const TIMEOUT_MS: u64 = 600_000;
}

impl StageLogic for SelectorNode {
    type Request = SelectorRequest;
    type Response = SelectorResponse;
    fn stage(&self) -> &'static str {
        Self::STAGE
    }
    async fn handle(&self, req: SelectorRequest) -> SelectorResponse {
        let model = self.model.clone();
        let result = tokio::task::spawn_blocking(move || match req {
            SelectorRequest::Choose {
                prompt,
                candidates,
                prior,
            } => model
                .choose_with_prior(&prompt, &candidates, prior.as_ref())
                .map(SelectorResponse::Choice),
            SelectorRequest::ScoreText {
                text,
                continuations,
            } => model
                .score_text(&text, &continuations)
                .map(|(s, c)| SelectorResponse::Scores(s, c)),
            SelectorRequest::Complete {
                text,
                max_tokens,
                branch,
            } => model
                .complete_line(&text, max_tokens, branch)
                .map(|(t, c)| SelectorResponse::Completion(t, c)),
            SelectorRequest::Answer { prompt, max_tokens } => model
                .answer(&prompt, max_tokens)
                .map(|(t, c)| SelectorResponse::Answer(t, c)),
        })
        .await;
        match result {
            Ok(Ok(r)) => r,
            Ok(Err(e)) => SelectorResponse::Error(e.to_string()),
            Err(e) => SelectorResponse::Error(e.to_string()),
        }
    }
}

/// Ranks the catalog for a query. Implemented over `policies::retrieval`.
pub type RetrieveFn = Arc<dyn Fn(&RetrievalQuery) -> ShortlistResponse + Send + Sync>;

pub struct RetrieverNode {
    pub retrieve: RetrieveFn,
}

impl NamedStage for RetrieverNode {
    const STAGE: &'static str = "retriever";
    /// The first query loads the encoder.
    const TIMEOUT_MS: u64 = 60_000;
}

impl StageLogic for RetrieverNode {
    type Request = RetrievalQuery;
    type Response = ShortlistResponse;
    fn stage(&self) -> &'static str {
        Self::STAGE
    }
    async fn handle(&self, query: RetrievalQuery) -> ShortlistResponse {
        (self.retrieve)(&query)
    }
}

pub type GuardFn = Arc<dyn Fn(&GuardRequest) -> GuardResponse + Send + Sync>;

pub struct GuardNode {
    pub check: GuardFn,
}

impl NamedStage for GuardNode {
    const STAGE: &'static str = "guard";
    /// Checks read a few files.
    const TIMEOUT_MS: u64 = 60_000;
}

impl StageLogic for GuardNode {
    type Request = GuardRequest;
    type Response = GuardResponse;
    fn stage(&self) -> &'static str {
        Self::STAGE
    }
    async fn handle(&self, req: GuardRequest) -> GuardResponse {
        (self.check)(&req)
    }
}

pub type TrustFn = Arc<dyn Fn(&TrustRequest) -> TrustVerdict + Send + Sync>;

pub struct TrustNode {
    pub assess: TrustFn,
}

impl NamedStage for TrustNode {
    const STAGE: &'static str = "trust";
    /// The linter may build the crate.
    const TIMEOUT_MS: u64 = 600_000;
}

impl StageLogic for TrustNode {
    type Request = TrustRequest;
    type Response = TrustVerdict;
    fn stage(&self) -> &'static str {
        Self::STAGE
    }
    async fn handle(&self, req: TrustRequest) -> TrustVerdict {
        // Lint checks run commands: keep them off the async threads.
        let assess = self.assess.clone();
        tokio::task::spawn_blocking(move || assess(&req))
            .await
            .unwrap_or_else(|e| TrustVerdict::Unverified {
                reason: format!("trust gate could not run: {e}"),
            })
    }
}

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
