//! The precondition guard (deterministic): `policies::guard::check` bound to the job's catalog,
//! policy and workspace; it answers with the admitted call (what the executor runs and the
//! trust gate judges) or a refusal that tells the model why.

use std::path::Path;
use std::sync::Arc;

use tact_policies::Policy;
use tact_policies::guard::{self, GuardState};
use tact_runtime::catalog::ToolSpec;
use tact_runtime::decisions::{Decision, GuardRecord, Refusal};
use tact_runtime::messages::ToolCall;
use tact_runtime::stages::{Admission, GuardRequest, GuardResponse};

use crate::job::{CallBlocked, Runner};
use crate::stage::{NamedStage, StageLogic, ask_node};

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

/// The guard over the catalog, the policy's allow/deny lists and the job's read hashes.
pub fn guard_fn(catalog: Vec<ToolSpec>, policy: &Policy, workspace: &Path) -> GuardFn {
    let guard_policy = policy.body.guard.clone();
    let workspace = workspace.to_path_buf();
    Arc::new(move |req| {
        let mut state = GuardState {
            protect_tests: req.protect_tests,
            test_command: req.test_command.clone(),
            ..GuardState::default()
        };
        for (path, hash) in &req.last_read {
            state.record(path.clone(), hash.clone());
        }
        guard::check(
            &req.call,
            &req.offered,
            &catalog,
            &guard_policy,
            &state,
            &workspace,
        )
        .map(|admitted| Admission {
            call: admitted.call,
            tool: admitted.tool,
            effect: admitted.effect,
            paths: admitted
                .paths
                .into_iter()
                .map(|p| (p.key, p.access))
                .collect(),
            argv: admitted.argv,
        })
        .map_err(|refusal| Refusal {
            kind: refusal.kind().to_string(),
            message: refusal.to_string(),
        })
    })
}

impl Runner {
    /// Ask the guard about `call` with the job's one guard state; a refusal is recorded as a
    /// ledger decision and goes back to the caller with its reason.
    pub(crate) async fn admit(
        &mut self,
        call: &ToolCall,
        offered: &[String],
    ) -> Result<Admission, CallBlocked> {
        let job_id = self.cfg.job_id.clone();
        let request = GuardRequest {
            call: call.clone(),
            offered: offered.to_vec(),
            last_read: self
                .guard
                .last_read
                .iter()
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
            protect_tests: self.guard.protect_tests,
            test_command: self.guard.test_command.clone(),
        };
        let verdict = ask_node::<GuardNode>(&job_id, || request.clone())
            .await
            .map_err(CallBlocked::Fatal)?;
        verdict.map_err(|refusal| {
            let _ = self.decision(Decision::Guard(GuardRecord {
                work_id: call.work_id.clone(),
                tool: call.tool.name.clone(),
                refused: refusal.clone(),
            }));
            CallBlocked::Refused(refusal)
        })
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use tact_runtime::catalog::{self, Access};
    use tact_runtime::messages::ToolCall;
    use tact_runtime::records::{RiskClass, ToolRef};
    use tact_runtime::stages::GuardRequest;

    /// Issue 16 item 3: the guard answers with the admitted call — what the executor runs and
    /// the trust gate judges, its risk class for the budget, the paths it acts on — or a
    /// refusal with its reason; the job keeps one guard state and sends what it last read.
    #[test]
    fn the_guard_answers_with_the_admitted_call() {
        let ws = tempfile::tempdir().unwrap();
        std::fs::write(ws.path().join("a.txt"), "hello\n").unwrap();
        let catalog = catalog::catalog();
        let policy = Policy::default_policy().unwrap();
        let guard = guard_fn(catalog, &policy, ws.path());
        let call = |tool: &str, args: serde_json::Value| ToolCall {
            work_id: "w1".into(),
            tool: ToolRef::new(tool, 1),
            args,
            depends_on: vec![],
        };
        let request = |c: ToolCall, last_read: Vec<(String, String)>| GuardRequest {
            call: c,
            offered: vec!["read_file".into(), "write_file".into()],
            last_read,
            protect_tests: false,
            test_command: None,
        };
        let admitted = guard(&request(
            call("read_file", serde_json::json!({"path": "a.txt"})),
            vec![],
        ))
        .unwrap();
        assert_eq!(admitted.call.args["path"], "a.txt");
        assert_eq!(admitted.effect, RiskClass::Read);
        assert_eq!(admitted.paths, vec![("a.txt".to_string(), Access::Read)]);

        // Overwriting a file the job never read is refused, with the reason; once the job's
        // guard state holds its hash, the write is admitted as write-class.
        let write = call(
            "write_file",
            serde_json::json!({"path": "a.txt", "content": "x"}),
        );
        let refused = guard(&request(write.clone(), vec![])).unwrap_err();
        assert!(!refused.message.is_empty());
        let hash = tact_runtime::tools::sha256_hex(b"hello\n");
        let admitted = guard(&request(write, vec![("a.txt".into(), hash)])).unwrap();
        assert_eq!(admitted.effect, RiskClass::Write);
        assert_eq!(admitted.paths[0].1, Access::Write);
    }
}
