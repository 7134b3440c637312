//! A pipeline stage as a supervised actor. The decision itself is a [`StageLogic`] (a plain
//! function over data from `policies/` or a call into `models/`); the actor owns only the
//! mailbox and the fault boundary.
//!
//! A mailbox carries MessagePack envelopes, not Rust values: [`ask_stage`] encodes the request
//! (`tact_runtime::stages`), the stage decodes it, and the response comes back the same way.
//! So a stage can move to another process without its callers changing, and a request that
//! does not decode is answered with an error instead of reaching the logic.

use std::collections::HashMap;
use std::future::Future;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use ractor::{Actor, ActorCell, ActorProcessingErr, ActorRef, RpcReplyPort};
use tact_runtime::wire::{self, Message};

use crate::error::ActorError;
use crate::supervisor::{ChildSpec, SpawnFn};

/// What a stage computes from a request.
pub trait StageLogic: Send + Sync + 'static {
    type Request: Message + Send + 'static;
    type Response: Message + Send + 'static;
    /// The stage's short name (`trigger`, `retriever`, …).
    fn stage(&self) -> &'static str;
    fn handle(&self, request: Self::Request) -> impl Future<Output = Self::Response> + Send;
}

/// Test hook: make a stage panic on its next N requests. Shared across restarts, so a
/// restarted stage does not forget how many faults are still planned.
#[derive(Clone, Default, Debug)]
pub struct FaultPlan {
    remaining: Arc<Mutex<HashMap<String, u32>>>,
}

impl FaultPlan {
    /// Parse `stage:count,stage:count`.
    pub fn parse(spec: &str) -> FaultPlan {
        let plan = FaultPlan::default();
        for part in spec.split(',').filter(|p| !p.trim().is_empty()) {
            let mut it = part.splitn(2, ':');
            let stage = it.next().unwrap_or("").trim().to_string();
            let count = it.next().and_then(|c| c.trim().parse().ok()).unwrap_or(1);
            plan.inject(&stage, count);
        }
        plan
    }

    pub fn inject(&self, stage: &str, count: u32) {
        if let Ok(mut m) = self.remaining.lock() {
            *m.entry(stage.to_string()).or_insert(0) += count;
        }
    }

    /// Consume one planned fault for `stage`, if any.
    pub fn take(&self, stage: &str) -> bool {
        match self.remaining.lock() {
            Ok(mut m) => match m.get_mut(stage) {
                Some(n) if *n > 0 => {
                    *n -= 1;
                    true
                }
                _ => false,
            },
            Err(_) => false,
        }
    }
}

/// One request in a stage's mailbox: an encoded envelope, and where the encoded response (or
/// why there is none) goes.
pub struct StageMsg {
    pub payload: Vec<u8>,
    pub reply: RpcReplyPort<Result<Vec<u8>, String>>,
}

pub struct StageActor<L: StageLogic> {
    logic: Arc<L>,
    faults: FaultPlan,
}

impl<L: StageLogic> Actor for StageActor<L> {
    type Msg = StageMsg;
    type State = ();
    type Arguments = ();

    async fn pre_start(
        &self,
        _myself: ActorRef<Self::Msg>,
        _args: (),
    ) -> Result<(), ActorProcessingErr> {
        Ok(())
    }

    async fn handle(
        &self,
        _myself: ActorRef<Self::Msg>,
        msg: StageMsg,
        _state: &mut (),
    ) -> Result<(), ActorProcessingErr> {
        if self.faults.take(self.logic.stage()) {
            // An injected fault: the reply port drops with the panic, so the caller sees the
            // in-flight request fail, as it would on a real crash.
            panic!("injected fault in stage {}", self.logic.stage());
        }
        let stage = self.logic.stage();
        let answer = match wire::decode::<L::Request>(&msg.payload) {
            Err(e) => Err(format!("stage {stage} could not decode the request: {e}")),
            Ok(envelope) => {
                let response = self.logic.handle(envelope.body).await;
                wire::encode(envelope.id, &response)
                    .map_err(|e| format!("stage {stage} could not encode its response: {e}"))
            }
        };
        let _ = msg.reply.send(answer);
        Ok(())
    }
}

/// The registry name of a stage in a job.
pub fn stage_name(job_id: &str, stage: &str) -> String {
    format!("tact/{job_id}/{stage}")
}

/// A child spec that starts `StageActor<L>` under the given registry name.
pub fn stage_spec<L: StageLogic>(job_id: &str, logic: Arc<L>, faults: FaultPlan) -> ChildSpec {
    let name = stage_name(job_id, logic.stage());
    let spawn_name = name.clone();
    let spawn: SpawnFn = Arc::new(move |supervisor: ActorCell| {
        let logic = logic.clone();
        let faults = faults.clone();
        let name = spawn_name.clone();
        Box::pin(async move {
            StageActor::spawn_linked(Some(name), StageActor { logic, faults }, (), supervisor)
                .await
                .map(|(actor, _)| actor.get_cell())
                .map_err(|e| e.to_string())
        })
    });
    ChildSpec { name, spawn }
}

/// Send an encoded request to a stage by name and wait for the encoded answer. A stage that
/// dies with the request in flight gives [`ActorError::StageDied`]; the caller decides whether
/// to retry. A request the stage could not decode gives [`ActorError::StageProtocol`].
pub async fn ask(
    name: &str,
    stage: &str,
    payload: Vec<u8>,
    timeout_ms: u64,
) -> Result<Vec<u8>, ActorError> {
    let Some(actor) = ActorRef::<StageMsg>::where_is(name) else {
        return Err(ActorError::StageUnavailable(stage.to_string()));
    };
    match actor
        .call(
            |reply| StageMsg { payload, reply },
            Some(std::time::Duration::from_millis(timeout_ms)),
        )
        .await
    {
        Ok(ractor::rpc::CallResult::Success(Ok(bytes))) => Ok(bytes),
        Ok(ractor::rpc::CallResult::Success(Err(reason))) => Err(ActorError::StageProtocol {
            stage: stage.to_string(),
            reason,
        }),
        Ok(ractor::rpc::CallResult::Timeout) => Err(ActorError::StageTimeout {
            stage: stage.to_string(),
            ms: timeout_ms,
        }),
        Ok(ractor::rpc::CallResult::SenderError) => Err(ActorError::StageDied {
            stage: stage.to_string(),
            reason: "the stage dropped the request (it failed while handling it)".into(),
        }),
        Err(e) => Err(ActorError::StageDied {
            stage: stage.to_string(),
            reason: e.to_string(),
        }),
    }
}

/// Envelope ids of stage requests: unique within the process, echoed by the stage.
static NEXT_REQUEST_ID: AtomicU64 = AtomicU64::new(1);

/// [`ask`] with the job's retry rule: a request lost to a dying stage is retried once, after
/// the supervisor has restarted the stage (a different actor under the same name).
/// A node with one stage of its own (every node but the executors, whose stage names its probe
/// slot): its name and how long a request to it may take, named once, with the type.
pub trait NamedStage: StageLogic {
    const STAGE: &'static str;
    const TIMEOUT_MS: u64;
}

/// [`ask_stage`] for a [`NamedStage`]: the stage and its timeout come from the node's type.
pub async fn ask_node<L: NamedStage>(
    job_id: &str,
    request: impl Fn() -> L::Request,
) -> Result<L::Response, ActorError> {
    ask_stage::<L>(job_id, L::STAGE, request, L::TIMEOUT_MS).await
}

pub async fn ask_stage<L: StageLogic>(
    job_id: &str,
    stage: &'static str,
    request: impl Fn() -> L::Request,
    timeout_ms: u64,
) -> Result<L::Response, ActorError> {
    let name = stage_name(job_id, stage);
    let mut last = None;
    let mut failed_actor = None;
    for attempt in 0..2 {
        if attempt > 0 {
            // Wait (bounded) until the registry names a restarted actor, not the dead one.
            for _ in 0..300 {
                match ActorRef::<StageMsg>::where_is(name.clone()) {
                    Some(actor) if Some(actor.get_id()) != failed_actor => break,
                    _ => tokio::time::sleep(std::time::Duration::from_millis(10)).await,
                }
            }
        }
        failed_actor = ActorRef::<StageMsg>::where_is(name.clone()).map(|a| a.get_id());
        let id = NEXT_REQUEST_ID.fetch_add(1, Ordering::Relaxed);
        let protocol = |reason: String| ActorError::StageProtocol {
            stage: stage.to_string(),
            reason,
        };
        let payload = wire::encode(id, &request()).map_err(|e| protocol(e.to_string()))?;
        match ask(&name, stage, payload, timeout_ms).await {
            Ok(bytes) => {
                let envelope =
                    wire::decode::<L::Response>(&bytes).map_err(|e| protocol(e.to_string()))?;
                if envelope.id != id {
                    return Err(protocol(format!(
                        "answered request {} instead of {id}",
                        envelope.id
                    )));
                }
                return Ok(envelope.body);
            }
            Err(e @ (ActorError::StageDied { .. } | ActorError::StageUnavailable(_))) => {
                tracing::warn!(stage, error = %e, attempt, "stage request lost; retrying once");
                last = Some(e);
            }
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| ActorError::StageUnavailable(stage.to_string())))
}
