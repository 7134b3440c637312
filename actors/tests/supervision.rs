//! The stage supervisor with real ractor actors: one-for-one restarts under OTP restart
//! intensity (MaxR within MaxT), escalation past it, and the job's retry-once rule for a
//! request lost to a dying stage.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};
use std::time::Duration;

use ractor::{Actor, ActorRef, ActorStatus};
use serde::{Deserialize, Serialize};
use tact_actors::ActorError;
use tact_actors::stage::{self, FaultPlan, StageLogic, StageMsg, stage_name, stage_spec};
use tact_actors::supervisor::{Supervisor, SupervisorArgs, SupervisorEvent, SupervisorMsg};
use tact_runtime::wire::{self, Message};
use tokio::sync::{mpsc, oneshot};
use tokio::task::JoinHandle;

/// Bound on every wait for something asynchronous (an event, a stop): a hang guard only, far
/// above what any of these steps needs.
const HANG_GUARD: Duration = Duration::from_secs(20);
const ASK_TIMEOUT_MS: u64 = 10_000;

/// Requests cross the stage's mailbox as MessagePack, so the in-flight test's channels are
/// named by a gate id and kept here.
#[derive(Serialize, Deserialize)]
enum EchoRequest {
    /// Answer with the number.
    Echo(u32),
    /// Report that handling started, wait for the release, then panic: a request that is
    /// provably in flight when the stage dies. The gate's channels are in [`GATES`].
    PanicWhenReleased { gate: String },
}

#[derive(Debug, Serialize, Deserialize)]
struct EchoAnswer(u32);

impl Message for EchoRequest {
    const KIND: &'static str = "echo_request";
}

impl Message for EchoAnswer {
    const KIND: &'static str = "echo_answer";
}

type Gate = (oneshot::Sender<()>, oneshot::Receiver<()>);

static GATES: LazyLock<Mutex<HashMap<String, Gate>>> = LazyLock::new(Default::default);

/// A stage that echoes numbers; faults come from the shared [`FaultPlan`] or from
/// [`EchoRequest::PanicWhenReleased`].
struct EchoStage {
    name: &'static str,
}

impl StageLogic for EchoStage {
    type Request = EchoRequest;
    type Response = EchoAnswer;
    fn stage(&self) -> &'static str {
        self.name
    }
    async fn handle(&self, request: EchoRequest) -> EchoAnswer {
        match request {
            EchoRequest::Echo(n) => EchoAnswer(n),
            EchoRequest::PanicWhenReleased { gate } => {
                let gate = GATES.lock().unwrap().remove(&gate);
                if let Some((started, release)) = gate {
                    let _ = started.send(());
                    let _ = release.await;
                }
                panic!("planned panic with a request in flight");
            }
        }
    }
}

struct Supervised {
    job_id: String,
    supervisor: ActorRef<SupervisorMsg>,
    join: JoinHandle<()>,
    events: mpsc::UnboundedReceiver<SupervisorEvent>,
}

/// Start a supervisor over one stage per name in `stages`, all sharing `faults`.
async fn supervise(
    job_id: &str,
    stages: &[&'static str],
    faults: &FaultPlan,
    max_restarts: u32,
    within: Duration,
) -> Supervised {
    let (tx, events) = mpsc::unbounded_channel();
    let children = stages
        .iter()
        .map(|&name| stage_spec(job_id, Arc::new(EchoStage { name }), faults.clone()))
        .collect();
    let (supervisor, join) = Actor::spawn(
        None,
        Supervisor,
        SupervisorArgs {
            children,
            max_restarts,
            within,
            events: Some(tx),
        },
    )
    .await
    .expect("supervisor starts");
    Supervised {
        job_id: job_id.to_string(),
        supervisor,
        join,
        events,
    }
}

impl Supervised {
    async fn next_event(&mut self) -> SupervisorEvent {
        tokio::time::timeout(HANG_GUARD, self.events.recv())
            .await
            .expect("a supervisor event arrives")
            .expect("the event channel is open")
    }

    async fn echo(&self, stage: &'static str, n: u32) -> Result<u32, ActorError> {
        let payload = wire::encode(n.into(), &EchoRequest::Echo(n)).unwrap();
        let bytes = stage::ask(
            &stage_name(&self.job_id, stage),
            stage,
            payload,
            ASK_TIMEOUT_MS,
        )
        .await?;
        Ok(wire::decode::<EchoAnswer>(&bytes).unwrap().body.0)
    }

    async fn restart_counts(&self) -> HashMap<String, u32> {
        ractor::call!(self.supervisor, SupervisorMsg::RestartCounts).expect("supervisor answers")
    }

    fn stage_actor(&self, stage: &str) -> Option<ActorRef<StageMsg>> {
        ActorRef::where_is(stage_name(&self.job_id, stage))
    }
}

fn assert_died(result: Result<u32, ActorError>) {
    match result {
        Err(ActorError::StageDied { .. }) => {}
        other => panic!("expected StageDied, got {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_failures_give_three_restarts_and_the_stage_answers_after_each() {
    let faults = FaultPlan::default();
    let mut sup = supervise(
        "sup-a",
        &["echo", "bystander"],
        &faults,
        3,
        Duration::from_secs(10),
    )
    .await;
    let bystander = sup.stage_actor("bystander").expect("bystander registered");
    assert_eq!(sup.echo("echo", 1).await.unwrap(), 1);

    for failure in 1..=3u32 {
        let before = sup.stage_actor("echo").expect("stage registered").get_id();
        faults.inject("echo", 1);
        assert_died(sup.echo("echo", 100 + failure).await);
        assert_eq!(
            sup.next_event().await,
            SupervisorEvent::Restarted {
                child: stage_name("sup-a", "echo"),
                restarts_in_window: failure,
            }
        );
        let after = sup.stage_actor("echo").expect("restarted stage registered");
        assert_ne!(
            before,
            after.get_id(),
            "a fresh actor replaces the failed one"
        );
        assert_eq!(
            sup.echo("echo", 200 + failure).await.unwrap(),
            200 + failure
        );
    }

    // One-for-one: the sibling was never touched.
    let counts = sup.restart_counts().await;
    assert_eq!(counts.get(&stage_name("sup-a", "echo")), Some(&3));
    assert_eq!(counts.get(&stage_name("sup-a", "bystander")), Some(&0));
    assert_eq!(
        sup.stage_actor("bystander").map(|a| a.get_id()),
        Some(bystander.get_id())
    );
    assert_eq!(sup.echo("bystander", 7).await.unwrap(), 7);
    assert_eq!(sup.supervisor.get_status(), ActorStatus::Running);
    assert!(
        sup.events.try_recv().is_err(),
        "no escalation, no extra restart"
    );
    sup.supervisor.stop(None);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fourth_failure_within_the_window_escalates_and_stops_the_supervisor() {
    let faults = FaultPlan::default();
    let mut sup = supervise(
        "sup-b",
        &["echo", "bystander"],
        &faults,
        3,
        Duration::from_secs(10),
    )
    .await;
    for failure in 1..=3u32 {
        faults.inject("echo", 1);
        assert_died(sup.echo("echo", failure).await);
        assert!(matches!(
            sup.next_event().await,
            SupervisorEvent::Restarted { restarts_in_window, .. } if restarts_in_window == failure
        ));
    }

    faults.inject("echo", 1);
    assert_died(sup.echo("echo", 4).await);
    match sup.next_event().await {
        SupervisorEvent::Escalated { child, reason } => {
            assert_eq!(child, stage_name("sup-b", "echo"));
            assert!(reason.contains("4 times"), "reason: {reason}");
        }
        other => panic!("expected escalation, got {other:?}"),
    }
    // The supervisor stops itself, so whoever supervises it learns of the escalation.
    tokio::time::timeout(HANG_GUARD, sup.join)
        .await
        .expect("the supervisor stops")
        .expect("the supervisor task ends cleanly");
    assert_eq!(sup.supervisor.get_status(), ActorStatus::Stopped);
    // Nothing restarts the failed stage, and the sibling is stopped with the supervisor.
    for stage in ["echo", "bystander"] {
        let name = stage_name("sup-b", stage);
        let gone = tokio::time::timeout(HANG_GUARD, async {
            while ActorRef::<StageMsg>::where_is(name.clone()).is_some() {
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        })
        .await;
        assert!(gone.is_ok(), "{stage} still registered after escalation");
    }
    assert!(matches!(
        stage::ask_stage::<EchoStage>("sup-b", "bystander", || EchoRequest::Echo(5), 1_000).await,
        Err(ActorError::StageUnavailable(_))
    ));
    // The event channel closes with the supervisor; no restart was reported after escalating.
    assert_eq!(sup.events.recv().await, None);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn failures_spaced_beyond_the_window_do_not_accumulate() {
    let within = Duration::from_millis(200);
    let faults = FaultPlan::default();
    let mut sup = supervise("sup-c", &["echo"], &faults, 3, within).await;
    // Twice MaxR failures, each after the previous restart left the window: never escalates.
    for failure in 1..=6u32 {
        tokio::time::sleep(within + Duration::from_millis(100)).await;
        faults.inject("echo", 1);
        assert_died(sup.echo("echo", failure).await);
        assert_eq!(
            sup.next_event().await,
            SupervisorEvent::Restarted {
                child: stage_name("sup-c", "echo"),
                restarts_in_window: 1,
            },
            "failure {failure} counted earlier restarts outside the window"
        );
        assert_eq!(sup.echo("echo", failure).await.unwrap(), failure);
    }
    let counts = sup.restart_counts().await;
    assert_eq!(counts.get(&stage_name("sup-c", "echo")), Some(&6));
    assert_eq!(sup.supervisor.get_status(), ActorStatus::Running);
    sup.supervisor.stop(None);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_in_flight_to_a_dying_stage_gets_stage_died() {
    let faults = FaultPlan::default();
    let mut sup = supervise("sup-d1", &["echo"], &faults, 3, Duration::from_secs(10)).await;
    let (started_tx, started_rx) = oneshot::channel();
    let (release_tx, release_rx) = oneshot::channel();
    GATES
        .lock()
        .unwrap()
        .insert("d1".into(), (started_tx, release_rx));
    let name = stage_name("sup-d1", "echo");
    let payload = wire::encode(1, &EchoRequest::PanicWhenReleased { gate: "d1".into() }).unwrap();
    let pending = tokio::spawn(async move {
        stage::ask(&name, "echo", payload, ASK_TIMEOUT_MS)
            .await
            .map(|_| 0u32)
    });
    // The stage is now inside the request; only then does it die.
    started_rx
        .await
        .expect("the stage starts handling the request");
    release_tx
        .send(())
        .expect("the stage waits for the release");
    assert_died(pending.await.expect("ask task"));
    assert!(matches!(
        sup.next_event().await,
        SupervisorEvent::Restarted {
            restarts_in_window: 1,
            ..
        }
    ));
    assert_eq!(sup.echo("echo", 9).await.unwrap(), 9);
    sup.supervisor.stop(None);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ask_stage_retries_once_after_the_restart() {
    let faults = FaultPlan::default();
    let mut sup = supervise("sup-d2", &["echo"], &faults, 10, Duration::from_secs(10)).await;

    faults.inject("echo", 1);
    let answer =
        stage::ask_stage::<EchoStage>("sup-d2", "echo", || EchoRequest::Echo(42), ASK_TIMEOUT_MS)
            .await
            .unwrap();
    assert_eq!(answer.0, 42);
    assert!(matches!(
        sup.next_event().await,
        SupervisorEvent::Restarted {
            restarts_in_window: 1,
            ..
        }
    ));

    // Once only: a stage that dies on the retry as well fails the request.
    faults.inject("echo", 2);
    let result =
        stage::ask_stage::<EchoStage>("sup-d2", "echo", || EchoRequest::Echo(43), ASK_TIMEOUT_MS)
            .await;
    assert!(
        matches!(result, Err(ActorError::StageDied { .. })),
        "{result:?}"
    );
    for expected in [2, 3] {
        assert!(matches!(
            sup.next_event().await,
            SupervisorEvent::Restarted { restarts_in_window, .. } if restarts_in_window == expected
        ));
    }
    assert_eq!(sup.echo("echo", 44).await.unwrap(), 44);
    sup.supervisor.stop(None);
}

/// The retry must reach the restarted stage, not the dead one whose name has not left the
/// registry yet: repeated often enough, a retry that looks the name up too early loses.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ask_stage_retry_reaches_the_restarted_stage_every_time() {
    const ROUNDS: u32 = 200;
    let faults = FaultPlan::default();
    let mut sup = supervise(
        "sup-d3",
        &["echo"],
        &faults,
        ROUNDS + 1,
        Duration::from_secs(600),
    )
    .await;
    for round in 0..ROUNDS {
        faults.inject("echo", 1);
        let result = stage::ask_stage::<EchoStage>(
            "sup-d3",
            "echo",
            || EchoRequest::Echo(round),
            ASK_TIMEOUT_MS,
        )
        .await;
        assert_eq!(result.ok().map(|a| a.0), Some(round), "round {round}");
        assert!(matches!(
            sup.next_event().await,
            SupervisorEvent::Restarted { .. }
        ));
    }
    sup.supervisor.stop(None);
}

/// The mailbox speaks MessagePack envelopes: bytes that are not one, or an envelope of another
/// kind, are answered with a protocol error naming the stage; the stage neither runs them nor
/// dies, and the next good request is answered.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_that_does_not_decode_is_refused_and_the_stage_lives_on() {
    let faults = FaultPlan::default();
    let sup = supervise("sup-e", &["echo"], &faults, 3, Duration::from_secs(10)).await;
    let name = stage_name("sup-e", "echo");
    let garbage = stage::ask(&name, "echo", vec![0xc1, 0x00, 0x17], ASK_TIMEOUT_MS).await;
    match garbage {
        Err(ActorError::StageProtocol { stage, reason }) => {
            assert_eq!(stage, "echo");
            assert!(reason.contains("could not decode"), "{reason}");
        }
        other => panic!("expected StageProtocol, got {other:?}"),
    }
    let other_kind = wire::encode(5, &EchoAnswer(5)).unwrap();
    match stage::ask(&name, "echo", other_kind, ASK_TIMEOUT_MS).await {
        Err(ActorError::StageProtocol { reason, .. }) => {
            assert!(reason.contains("echo_answer"), "{reason}")
        }
        other => panic!("expected StageProtocol, got {other:?}"),
    }
    assert_eq!(sup.echo("echo", 11).await.unwrap(), 11);
    assert_eq!(
        sup.restart_counts().await.get("echo").copied().unwrap_or(0),
        0
    );
    sup.supervisor.stop(None);
}
