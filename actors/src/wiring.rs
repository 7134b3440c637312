//! The standard node functions: the guard, the trust gate and the retriever from `policies/`,
//! bound to one workspace and policy edition.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use tact_policies::Policy;
use tact_policies::guard::{self, GuardState};
use tact_policies::retrieval::{self, RetrievalIndex, Shortlist};
use tact_policies::trust::{self, RealLinter};
use tact_runtime::catalog::{self, ToolSpec};
use tact_runtime::model_io::ToolCandidate;
use tact_runtime::records::TrustVerdict;

use crate::nodes::{GuardFn, Refusal, RetrieveFn, ShortlistResponse, TrustFn};

/// The guard over the catalog, the policy's allow/deny lists and the job's read hashes.
pub fn guard_fn(catalog: Vec<ToolSpec>, policy: &Policy, workspace: &Path) -> GuardFn {
    let guard_policy = policy.body.guard.clone();
    let workspace = workspace.to_path_buf();
    Arc::new(move |req| {
        let mut state = GuardState::default();
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
        .map(|_| ())
        .map_err(|refusal| Refusal {
            kind: refusal.kind().to_string(),
            message: refusal.to_string(),
        })
    })
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

/// The retriever over the catalog's descriptions (BM25; the job asks with the task text).
pub fn retrieve_fn(catalog: Vec<ToolSpec>, policy: &Policy) -> RetrieveFn {
    let specs: Vec<retrieval::ToolSpec> = catalog
        .iter()
        // The job performs its own tools (ask, stop, mutate); the selector is offered them
        // explicitly, not through retrieval.
        .filter(|s| s.performer == tact_runtime::catalog::Performer::Worker)
        .map(|s| retrieval::ToolSpec {
            tool_id: s.name.clone(),
            name: s.name.clone(),
            description: s.description.clone(),
            parameters: Some(s.parameters.clone()),
        })
        .collect();
    let index = RetrievalIndex::build(&specs);
    let retrieval_policy = policy.body.retrieval.clone();
    Arc::new(
        move |query| match index.shortlist(query, None, &retrieval_policy) {
            Shortlist::Tools(tools) => ShortlistResponse::Tools(
                tools
                    .iter()
                    .filter_map(|t| catalog::find(&catalog, &t.name))
                    .map(|s| ToolCandidate {
                        name: s.name.clone(),
                        description: s.description.clone(),
                        schema: s.parameters.clone(),
                    })
                    .collect(),
            ),
            Shortlist::NoneFits { .. } => ShortlistResponse::NoneFits,
        },
    )
}
