//! One-for-one supervision with OTP restart intensity.
//!
//! ractor gives links and supervision events only. This supervisor restarts a failed child
//! (and only that child) with the spec it was started from, at most `max_restarts` times within
//! `within`; one more failure inside the window escalates: the supervisor reports the
//! escalation and stops itself, so its own supervisor (the job) learns of it.

use std::collections::{HashMap, VecDeque};
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::{Duration, Instant};

use ractor::{Actor, ActorCell, ActorProcessingErr, ActorRef, RpcReplyPort, SupervisionEvent};

use crate::error::ActorError;

/// Starts (or restarts) one child linked to the given supervisor cell.
pub type SpawnFn = Arc<
    dyn Fn(ActorCell) -> Pin<Box<dyn Future<Output = Result<ActorCell, String>> + Send>>
        + Send
        + Sync,
>;

/// A child to supervise: a name (unique in the registry) and how to start it.
#[derive(Clone)]
pub struct ChildSpec {
    pub name: String,
    pub spawn: SpawnFn,
}

/// What the supervisor reports to whoever watches it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SupervisorEvent {
    Restarted {
        child: String,
        restarts_in_window: u32,
    },
    Escalated {
        child: String,
        reason: String,
    },
}

pub struct SupervisorArgs {
    pub children: Vec<ChildSpec>,
    /// MaxR.
    pub max_restarts: u32,
    /// MaxT.
    pub within: Duration,
    pub events: Option<tokio::sync::mpsc::UnboundedSender<SupervisorEvent>>,
}

struct Child {
    spec: ChildSpec,
    cell: Option<ActorCell>,
    restarts: VecDeque<Instant>,
    total_restarts: u32,
}

pub struct SupervisorState {
    children: Vec<Child>,
    max_restarts: u32,
    within: Duration,
    events: Option<tokio::sync::mpsc::UnboundedSender<SupervisorEvent>>,
    stopping: bool,
}

pub enum SupervisorMsg {
    /// Total restarts per child since start.
    RestartCounts(RpcReplyPort<HashMap<String, u32>>),
}

pub struct Supervisor;

/// Start a top-level supervisor (one that nobody supervises) over `args.children`, for callers
/// without a `ractor` dependency of their own: the benchmarks of the `tact` package.
pub async fn start_supervisor(
    args: SupervisorArgs,
) -> Result<(ActorRef<SupervisorMsg>, ractor::concurrency::JoinHandle<()>), ActorError> {
    Actor::spawn(None, Supervisor, args)
        .await
        .map_err(|e| ActorError::Spawn("supervisor".into(), e.to_string()))
}

async fn start_child(spec: &ChildSpec, supervisor: ActorCell) -> Result<ActorCell, String> {
    // A dead child's name leaves the registry asynchronously; retry briefly on a clash.
    let mut last = String::new();
    for _ in 0..50 {
        match (spec.spawn)(supervisor.clone()).await {
            Ok(cell) => return Ok(cell),
            Err(e) => {
                last = e;
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        }
    }
    Err(last)
}

impl Actor for Supervisor {
    type Msg = SupervisorMsg;
    type State = SupervisorState;
    type Arguments = SupervisorArgs;

    async fn pre_start(
        &self,
        myself: ActorRef<Self::Msg>,
        args: SupervisorArgs,
    ) -> Result<SupervisorState, ActorProcessingErr> {
        let mut children = Vec::new();
        for spec in args.children {
            let cell = start_child(&spec, myself.get_cell()).await?;
            children.push(Child {
                spec,
                cell: Some(cell),
                restarts: VecDeque::new(),
                total_restarts: 0,
            });
        }
        Ok(SupervisorState {
            children,
            max_restarts: args.max_restarts,
            within: args.within,
            events: args.events,
            stopping: false,
        })
    }

    async fn handle(
        &self,
        _myself: ActorRef<Self::Msg>,
        msg: SupervisorMsg,
        state: &mut SupervisorState,
    ) -> Result<(), ActorProcessingErr> {
        match msg {
            SupervisorMsg::RestartCounts(reply) => {
                let counts = state
                    .children
                    .iter()
                    .map(|c| (c.spec.name.clone(), c.total_restarts))
                    .collect();
                let _ = reply.send(counts);
            }
        }
        Ok(())
    }

    async fn handle_supervisor_evt(
        &self,
        myself: ActorRef<Self::Msg>,
        event: SupervisionEvent,
        state: &mut SupervisorState,
    ) -> Result<(), ActorProcessingErr> {
        let (cell, reason) = match event {
            SupervisionEvent::ActorFailed(cell, err) => (cell, err.to_string()),
            SupervisionEvent::ActorTerminated(cell, _, reason) => {
                if state.stopping {
                    return Ok(());
                }
                // A child that stops on its own is restarted too: stages never stop by design.
                (cell, reason.unwrap_or_else(|| "terminated".into()))
            }
            _ => return Ok(()),
        };
        let Some(index) = state.children.iter().position(|c| {
            c.cell
                .as_ref()
                .map(|x| x.get_id() == cell.get_id())
                .unwrap_or(false)
        }) else {
            return Ok(());
        };
        let now = Instant::now();
        let within = state.within;
        let max = state.max_restarts;
        let child = &mut state.children[index];
        child.cell = None;
        while child
            .restarts
            .front()
            .map(|t| now.duration_since(*t) > within)
            .unwrap_or(false)
        {
            child.restarts.pop_front();
        }
        let name = child.spec.name.clone();
        if child.restarts.len() as u32 >= max {
            let why = format!(
                "{name} failed {} times within {:?} (max {max}): {reason}",
                child.restarts.len() + 1,
                within
            );
            tracing::error!(%why, "supervisor escalates");
            if let Some(tx) = &state.events {
                let _ = tx.send(SupervisorEvent::Escalated {
                    child: name,
                    reason: why.clone(),
                });
            }
            state.stopping = true;
            for c in &state.children {
                if let Some(cell) = &c.cell {
                    cell.stop(Some("supervisor escalated".into()));
                }
            }
            myself.stop(Some(format!("escalated: {why}")));
            return Ok(());
        }
        child.restarts.push_back(now);
        child.total_restarts += 1;
        let in_window = child.restarts.len() as u32;
        tracing::warn!(child = %name, %reason, restarts = in_window, "restarting stage");
        let spec = child.spec.clone();
        let cell = start_child(&spec, myself.get_cell()).await?;
        state.children[index].cell = Some(cell);
        if let Some(tx) = &state.events {
            let _ = tx.send(SupervisorEvent::Restarted {
                child: name,
                restarts_in_window: in_window,
            });
        }
        Ok(())
    }

    async fn post_stop(
        &self,
        _myself: ActorRef<Self::Msg>,
        state: &mut SupervisorState,
    ) -> Result<(), ActorProcessingErr> {
        state.stopping = true;
        Ok(())
    }
}
