//! The trust gate (deterministic): `policies::trust::assess` with the real linter checks an
//! observation against the tool's invariants; a failure is kept as flagged evidence, never
//! absorbed.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use tact_policies::Policy;
use tact_policies::trust::{self, RealLinter};
use tact_runtime::catalog::{self, ToolSpec};
use tact_runtime::records::TrustVerdict;
use tact_runtime::stages::TrustRequest;

use crate::events::JobEvent;
use crate::job::Runner;
use crate::stage::{NamedStage, StageLogic, ask_node};

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

/// The trust gate with the real linter (`cargo check`, `py_compile`) in the sandbox.
pub fn trust_fn(
    catalog: Vec<ToolSpec>,
    policy: &Policy,
    workspace: &Path,
    temp_dir: PathBuf,
) -> TrustFn {
    let trust_policy = policy.body.trust.clone();
    let workspace = workspace.to_path_buf();
    let linter = RealLinter::new(temp_dir);
    Arc::new(
        move |req| match catalog::find(&catalog, &req.call.tool.name) {
            Some(spec) => trust::assess(
                &req.call,
                &req.observation,
                spec,
                req.before.as_ref(),
                &trust_policy,
                &workspace,
                &linter,
            ),
            None => TrustVerdict::Failed {
                reason: format!("no catalog entry for {}", req.call.tool),
            },
        },
    )
}

impl Runner {
    /// Judge an observation (a worker's or the job's own): the verdict is tallied and emitted;
    /// a trust stage that cannot answer leaves the observation unverified, never verified.
    pub(crate) async fn judge(&mut self, request: TrustRequest) -> TrustVerdict {
        let job_id = self.cfg.job_id.clone();
        let work_id = request.call.work_id.clone();
        let verdict = ask_node::<TrustNode>(&job_id, || request.clone())
            .await
            .unwrap_or_else(|e| TrustVerdict::Unverified {
                reason: format!("trust gate unavailable: {e}"),
            });
        self.tally.add(&verdict);
        self.emit(JobEvent::Verdict {
            work_id,
            verdict: verdict.clone(),
        });
        verdict
    }
}
