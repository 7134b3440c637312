//! The six nodes, one room each: a node's file holds its stage actor (`StageLogic`, its name
//! and timeout as `NamedStage` constants), its binding to a workspace and policy where it has
//! one, and its call site in the job (an `impl Runner` block). Deterministic nodes call into
//! `policies/`; learned nodes call the [`tact_models::DecisionModel`] on a blocking thread, so a
//! forward pass never blocks the runtime that carries the actors.
//!
//! | node | file | call site |
//! | --- | --- | --- |
//! | trigger | `trigger.rs` | `Runner::trigger`, `Runner::trigger_on` |
//! | retriever | `retriever.rs` | `Runner::shortlist` |
//! | selector | `selector.rs` | `Runner::select`, `score_text`, `answer`, `complete` |
//! | guard | `guard.rs` | `Runner::admit` |
//! | executor | `executor.rs` | `execute_on` |
//! | trust gate | `trust.rs` | `Runner::judge` |

pub mod executor;
pub mod guard;
pub mod retriever;
pub mod selector;
pub mod trigger;
pub mod trust;

pub use executor::{ExecutorNode, PROBER_STAGES};
pub use guard::{GuardFn, GuardNode, guard_fn};
pub use retriever::{
    EmbedderLoader, MiniLmEmbedder, RetrieveFn, RetrieverKind, RetrieverNode, RetrieverSetup,
    default_index_path, minilm_loads, retrieve_fn, shared_minilm,
};
pub use selector::SelectorNode;
pub use tact_runtime::decisions::Refusal;
pub use tact_runtime::stages::{
    ExecFailure, ExecResponse, GuardRequest, GuardResponse, RetrievalQuery, SelectorRequest,
    SelectorResponse, ShortlistResponse, ToolEvidence, TriggerRequest, TriggerResponse,
    TrustRequest,
};
pub use trigger::TriggerNode;
pub use trust::{TrustFn, TrustNode, trust_fn};
