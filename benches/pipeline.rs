//! Pipeline overhead: what the supervised actors cost on top of the decisions they carry.
//!
//! (a) One decision step (trigger with a scripted model → guard with the real
//! `policies::guard::check` → executor) through the stage actors, against the same functions
//! called directly on one thread; once with a no-op executor (pure actor overhead) and once
//! with `calc 1+1` in a real `tact worker` process.
//! (b) Request/response round trips of a `ToolCall` through a stage actor's mailbox, which
//! carries it as a MessagePack envelope (encoded by the caller, decoded by the stage, and the
//! answer the same way back), against a raw `tokio::sync::mpsc` + oneshot pair carrying the
//! Rust value: the mailbox's and the MessagePack boundary's cost per message.
//! (c) One confidence request to the model through a model host's client (`HostedModel`: a
//! Unix socket, MessagePack both ways; the host's serve loop on a thread of this process, with
//! the same scripted model) against the same call on the model in process: the cost the model
//! host's process boundary adds to every model request, besides the pass itself.
//!
//! Prints the ratios after the criterion runs: `cargo bench --bench pipeline`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::hint::black_box;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use serde_json::json;
use tact_actors::nodes::guard_fn;
use tact_actors::nodes::{
    ExecResponse, ExecutorNode, GuardNode, GuardRequest, TriggerNode, TriggerRequest,
};
use tact_actors::stage::{self, FaultPlan, StageLogic, ask_stage, stage_spec};
use tact_actors::supervisor::{SupervisorArgs, start_supervisor};
use tact_actors::worker_process::{WorkerCommand, WorkerHost, WorkerProcess};
use tact_models::DecisionModel;
use tact_models::ModelError;
use tact_models::scripted::{ScriptedModel, ScriptedStep};
use tact_policies::Policy;
use tact_policies::trigger::{self, TriggerAction};
use tact_runtime::catalog;
use tact_runtime::messages::{Observation, ToolCall, WorkerSetup};
use tact_runtime::model_io::{ConfidenceSignal, ModelCost, StepPrompt, ToolCandidate, ToolChoice};
use tact_runtime::tools::ToolConfig;
use tact_runtime::wire::{self, WIRE_VERSION};
use tokio::sync::{mpsc, oneshot};

const JOB: &str = "bench-pipeline";
const ASK_TIMEOUT_MS: u64 = 60_000;
const SCRIPT_STEPS: usize = 4096;

/// A [`ScriptedModel`] that is replaced by a fresh one when its script runs out, so a
/// benchmark can run any number of steps. Both paths use it, so it costs them the same.
struct EndlessScript {
    current: Mutex<Arc<ScriptedModel>>,
}

impl EndlessScript {
    fn new() -> Self {
        Self {
            current: Mutex::new(Arc::new(Self::script())),
        }
    }

    fn script() -> ScriptedModel {
        let step = ScriptedStep {
            p_tool: 0.9,
            name: "calc".into(),
            args: json!({"expression": "1+1"}),
            complete_after: None,
            completion: None,
            shown: None,
            branch: None,
            answer: None,
        };
        ScriptedModel::new(vec![step; SCRIPT_STEPS])
    }

    fn model(&self) -> Arc<ScriptedModel> {
        self.current.lock().unwrap().clone()
    }

    fn refill(&self) {
        *self.current.lock().unwrap() = Arc::new(Self::script());
    }
}

impl DecisionModel for EndlessScript {
    fn id(&self) -> String {
        // Looked up as the scripted model in the policy's trigger settings.
        "scripted@endless".into()
    }

    fn confidence(
        &self,
        prompt: &StepPrompt,
        candidates: &[ToolCandidate],
    ) -> Result<ConfidenceSignal, ModelError> {
        match self.model().confidence(prompt, candidates) {
            Err(ModelError::ScriptExhausted(_)) => {
                self.refill();
                self.model().confidence(prompt, candidates)
            }
            other => other,
        }
    }

    fn choose(
        &self,
        prompt: &StepPrompt,
        candidates: &[ToolCandidate],
    ) -> Result<ToolChoice, ModelError> {
        self.model().choose(prompt, candidates)
    }

    fn score_continuations(
        &self,
        prompt: &StepPrompt,
        continuations: &[String],
    ) -> Result<(Vec<f32>, ModelCost), ModelError> {
        self.model().score_continuations(prompt, continuations)
    }
}

/// An executor that answers at once: the actor hops without any tool work.
struct NoopExecutor {
    observation: Observation,
}

impl StageLogic for NoopExecutor {
    type Request = ToolCall;
    type Response = ExecResponse;
    fn stage(&self) -> &'static str {
        "noop_executor"
    }
    async fn handle(&self, call: ToolCall) -> ExecResponse {
        black_box(&call);
        Ok(self.observation.clone())
    }
}

/// A mailbox endpoint that answers a call with itself: what is measured is the mailbox and the
/// MessagePack boundary (the call encoded, decoded, and its answer the same way back).
struct MailboxSink;

impl StageLogic for MailboxSink {
    type Request = ToolCall;
    type Response = ToolCall;
    fn stage(&self) -> &'static str {
        "sink"
    }
    async fn handle(&self, call: ToolCall) -> ToolCall {
        call
    }
}

/// Everything both paths share: the same model, policy, guard function and requests.
struct Fixture {
    _workspace: tempfile::TempDir,
    _temp: tempfile::TempDir,
    model: Arc<EndlessScript>,
    trigger_policy: tact_policies::policy::TriggerPolicy,
    guard: tact_actors::nodes::GuardFn,
    trigger_request: TriggerRequest,
    guard_request: GuardRequest,
    call: ToolCall,
    noop_observation: Observation,
    worker_command: WorkerCommand,
    worker_setup: WorkerSetup,
}

fn fixture() -> Fixture {
    let workspace = tempfile::TempDir::new().unwrap();
    std::fs::write(workspace.path().join("README.md"), "bench\n").unwrap();
    let temp = tempfile::TempDir::new().unwrap();
    let policy = Policy::default_policy().unwrap();
    let tools = catalog::catalog();
    let calc = catalog::find(&tools, "calc").cloned().unwrap();
    let call = ToolCall {
        work_id: "w1".into(),
        tool: calc.tool_ref(),
        args: json!({"expression": "1+1"}),
        depends_on: vec![],
    };
    let candidates = vec![ToolCandidate {
        name: calc.name.clone(),
        description: calc.description.clone(),
        schema: calc.parameters.clone(),
    }];
    let workspace_path = workspace.path().canonicalize().unwrap();
    Fixture {
        model: Arc::new(EndlessScript::new()),
        trigger_policy: policy
            .trigger_for("scripted")
            .expect("the default policy has settings for the scripted model")
            .clone(),
        guard: guard_fn(tools.clone(), &policy, &workspace_path),
        trigger_request: TriggerRequest {
            prompt: StepPrompt {
                system: "You are tact.".into(),
                messages: vec![("user".into(), "What is 1+1?".into())],
                feedback: None,
            },
            candidates,
        },
        guard_request: GuardRequest {
            call: call.clone(),
            offered: vec!["calc".into()],
            last_read: vec![],
            protect_tests: false,
            test_command: None,
        },
        noop_observation: Observation {
            work_id: call.work_id.clone(),
            tool: call.tool.clone(),
            ok: true,
            exit_code: None,
            output: json!({"value": "2"}),
            error: None,
            duration_ms: 0,
            performer_pid: 0,
        },
        call,
        worker_command: WorkerCommand {
            program: PathBuf::from(env!("CARGO_BIN_EXE_tact")),
            args: vec!["worker".into()],
            stderr_log: None,
        },
        worker_setup: WorkerSetup {
            wire_version: WIRE_VERSION,
            workspace: workspace_path.display().to_string(),
            temp_dir: temp.path().canonicalize().unwrap().display().to_string(),
            config: ToolConfig::default(),
        },
        _workspace: workspace,
        _temp: temp,
    }
}

/// The direct path: trigger, guard and (optionally) the worker call, on this thread.
fn direct_step(fx: &Fixture, worker: Option<&mut WorkerProcess>) {
    let req = &fx.trigger_request;
    let signal = fx.model.confidence(&req.prompt, &req.candidates).unwrap();
    let decision = trigger::decide(&signal, &fx.trigger_policy);
    assert_eq!(decision.action, TriggerAction::SeekTool);
    (fx.guard)(&fx.guard_request).unwrap();
    match worker {
        Some(worker) => {
            let observation = worker.call(&fx.call).unwrap();
            assert!(observation.ok);
            black_box(observation);
        }
        None => {
            black_box(fx.noop_observation.clone());
        }
    }
}

/// The actor path: the same step as three requests to the supervised stages.
async fn actor_step(fx: &Fixture, real_worker: bool) {
    let (decision, _signal) = ask_stage::<TriggerNode>(
        JOB,
        "trigger",
        || fx.trigger_request.clone(),
        ASK_TIMEOUT_MS,
    )
    .await
    .unwrap()
    .unwrap();
    assert_eq!(decision.action, TriggerAction::SeekTool);
    ask_stage::<GuardNode>(JOB, "guard", || fx.guard_request.clone(), ASK_TIMEOUT_MS)
        .await
        .unwrap()
        .unwrap();
    let observation = if real_worker {
        ask_stage::<ExecutorNode>(JOB, "executor", || fx.call.clone(), ASK_TIMEOUT_MS).await
    } else {
        ask_stage::<NoopExecutor>(JOB, "noop_executor", || fx.call.clone(), ASK_TIMEOUT_MS).await
    };
    let observation = observation.unwrap().unwrap();
    assert!(observation.ok);
    black_box(observation);
}

/// Time per iteration of every `iter_custom` call (warm-up included) of each benchmark; the
/// summary uses their median, which a load spike on the shared machine barely moves.
#[derive(Default)]
struct Samples(Mutex<BTreeMap<&'static str, Vec<Duration>>>);

impl Samples {
    fn add(&self, name: &'static str, elapsed: Duration, iters: u64) {
        let per_iteration = elapsed / u32::try_from(iters.max(1)).unwrap_or(u32::MAX);
        self.0
            .lock()
            .unwrap()
            .entry(name)
            .or_default()
            .push(per_iteration);
    }

    fn median(&self, name: &str) -> Duration {
        let samples = self.0.lock().unwrap();
        let mut times = samples.get(name).cloned().unwrap_or_default();
        times.sort_unstable();
        times.get(times.len() / 2).copied().unwrap_or_default()
    }
}

fn ratio(samples: &Samples, slow: &str, fast: &str) -> f64 {
    samples.median(slow).as_secs_f64() / samples.median(fast).as_secs_f64().max(1e-12)
}

fn bench(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let fx = Arc::new(fixture());
    let samples = Samples::default();

    // The stages under one supervisor, as a job runs them.
    let host = WorkerHost::start(fx.worker_command.clone(), fx.worker_setup.clone()).unwrap();
    let children = vec![
        stage_spec(
            JOB,
            Arc::new(TriggerNode {
                model: fx.model.clone(),
                policy: fx.trigger_policy.clone(),
            }),
            FaultPlan::default(),
        ),
        stage_spec(
            JOB,
            Arc::new(GuardNode {
                check: fx.guard.clone(),
            }),
            FaultPlan::default(),
        ),
        stage_spec(
            JOB,
            Arc::new(ExecutorNode::new(host, ASK_TIMEOUT_MS)),
            FaultPlan::default(),
        ),
        stage_spec(
            JOB,
            Arc::new(NoopExecutor {
                observation: fx.noop_observation.clone(),
            }),
            FaultPlan::default(),
        ),
        stage_spec(JOB, Arc::new(MailboxSink), FaultPlan::default()),
    ];
    let (supervisor, supervisor_done) = runtime
        .block_on(start_supervisor(SupervisorArgs {
            children,
            max_restarts: 3,
            within: Duration::from_secs(10),
            events: None,
        }))
        .unwrap();
    let mut direct_worker = WorkerProcess::spawn(&fx.worker_command, &fx.worker_setup).unwrap();

    let mut group = c.benchmark_group("decision_step");
    group.bench_function("direct_noop_executor", |b| {
        b.iter_custom(|iters| {
            let started = Instant::now();
            for _ in 0..iters {
                direct_step(&fx, None);
            }
            let elapsed = started.elapsed();
            samples.add("direct_noop_executor", elapsed, iters);
            elapsed
        })
    });
    group.bench_function("actors_noop_executor", |b| {
        b.iter_custom(|iters| {
            let elapsed = runtime.block_on(async {
                let started = Instant::now();
                for _ in 0..iters {
                    actor_step(&fx, false).await;
                }
                started.elapsed()
            });
            samples.add("actors_noop_executor", elapsed, iters);
            elapsed
        })
    });
    group.bench_function("direct_worker_calc", |b| {
        b.iter_custom(|iters| {
            let started = Instant::now();
            for _ in 0..iters {
                direct_step(&fx, Some(&mut direct_worker));
            }
            let elapsed = started.elapsed();
            samples.add("direct_worker_calc", elapsed, iters);
            elapsed
        })
    });
    group.bench_function("actors_worker_calc", |b| {
        b.iter_custom(|iters| {
            let elapsed = runtime.block_on(async {
                let started = Instant::now();
                for _ in 0..iters {
                    actor_step(&fx, true).await;
                }
                started.elapsed()
            });
            samples.add("actors_worker_calc", elapsed, iters);
            elapsed
        })
    });
    group.finish();

    // (b) One message = one request and its reply, one at a time: how the job uses a stage.
    let payload = wire::encode(1, &fx.call).unwrap();
    let (tx, mut rx) = mpsc::channel::<(ToolCall, oneshot::Sender<ToolCall>)>(64);
    runtime.spawn(async move {
        while let Some((call, reply)) = rx.recv().await {
            let _ = reply.send(call);
        }
    });
    let mut group = c.benchmark_group("executor_mailbox");
    group.throughput(criterion::Throughput::Elements(1));
    group.bench_function("stage_actor", |b| {
        b.iter_custom(|iters| {
            let elapsed = runtime.block_on(async {
                let started = Instant::now();
                for _ in 0..iters {
                    let echoed = stage::ask_stage::<MailboxSink>(
                        JOB,
                        "sink",
                        || fx.call.clone(),
                        ASK_TIMEOUT_MS,
                    )
                    .await
                    .unwrap();
                    assert_eq!(echoed.work_id, fx.call.work_id);
                }
                started.elapsed()
            });
            samples.add("stage_actor", elapsed, iters);
            elapsed
        })
    });
    group.bench_function("tokio_mpsc", |b| {
        b.iter_custom(|iters| {
            let elapsed = runtime.block_on(async {
                let started = Instant::now();
                for _ in 0..iters {
                    let (reply, answer) = oneshot::channel();
                    tx.send((fx.call.clone(), reply)).await.unwrap();
                    let echoed = answer.await.unwrap();
                    assert_eq!(echoed.work_id, fx.call.work_id);
                }
                started.elapsed()
            });
            samples.add("tokio_mpsc", elapsed, iters);
            elapsed
        })
    });
    group.finish();

    // (c) The model host's boundary.
    let socket_dir = tempfile::TempDir::new().unwrap();
    let socket = socket_dir.path().join("host.sock");
    let listener = std::os::unix::net::UnixListener::bind(&socket).unwrap();
    let served: Arc<dyn DecisionModel> = fx.model.clone();
    std::thread::spawn(move || {
        tact_models::host::serve(listener, served, Default::default()).unwrap();
    });
    let hosted =
        tact_models::host::HostedModel::connect(&socket, "bench", Duration::from_secs(10)).unwrap();
    let (prompt, candidates) = (&fx.trigger_request.prompt, &fx.trigger_request.candidates);
    let mut group = c.benchmark_group("model_seam");
    group.throughput(criterion::Throughput::Elements(1));
    group.bench_function("in_process", |b| {
        b.iter_custom(|iters| {
            let started = Instant::now();
            for _ in 0..iters {
                black_box(fx.model.confidence(prompt, candidates).unwrap());
            }
            let elapsed = started.elapsed();
            samples.add("model_in_process", elapsed, iters);
            elapsed
        })
    });
    group.bench_function("model_host", |b| {
        b.iter_custom(|iters| {
            let started = Instant::now();
            for _ in 0..iters {
                black_box(hosted.confidence(prompt, candidates).unwrap());
            }
            let elapsed = started.elapsed();
            samples.add("model_host", elapsed, iters);
            elapsed
        })
    });
    group.finish();

    let per_second = |name: &str| 1.0 / samples.median(name).as_secs_f64().max(1e-12);
    println!("\npipeline overhead (medians of the per-sample means):");
    for name in [
        "direct_noop_executor",
        "actors_noop_executor",
        "direct_worker_calc",
        "actors_worker_calc",
    ] {
        println!("  decision_step/{name}: {:?}/step", samples.median(name));
    }
    println!(
        "  actors/direct, no-op executor: {:.2}x; with a real worker calc: {:.2}x",
        ratio(&samples, "actors_noop_executor", "direct_noop_executor"),
        ratio(&samples, "actors_worker_calc", "direct_worker_calc"),
    );
    println!(
        "  executor_mailbox: stage actor {:.0} msg/s ({:.1} µs/msg, MessagePack both ways), tokio mpsc {:.0} msg/s ({:.1} µs/msg, Rust values), actor/mpsc {:.2}x ({} byte requests)",
        per_second("stage_actor"),
        samples.median("stage_actor").as_secs_f64() * 1e6,
        per_second("tokio_mpsc"),
        samples.median("tokio_mpsc").as_secs_f64() * 1e6,
        ratio(&samples, "stage_actor", "tokio_mpsc"),
        payload.len(),
    );

    println!(
        "  model_seam: in process {:.1} µs/request, through a model host's socket {:.1} µs/request ({:.1} µs added per model request; {} byte requests)",
        samples.median("model_in_process").as_secs_f64() * 1e6,
        samples.median("model_host").as_secs_f64() * 1e6,
        (samples.median("model_host").as_secs_f64()
            - samples.median("model_in_process").as_secs_f64())
            * 1e6,
        wire::encode(
            1,
            &tact_runtime::model_host::HostRequest::Confidence {
                prompt: prompt.clone(),
                candidates: candidates.clone(),
                hidden: false,
            }
        )
        .unwrap()
        .len(),
    );

    supervisor.stop(None);
    let _ = runtime.block_on(supervisor_done);
}

fn config() -> Criterion {
    // Small samples: the whole run must fit in a couple of minutes on two shared cores.
    Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4))
}

criterion_group! {
    name = benches;
    config = config();
    targets = bench
}
criterion_main!(benches);
