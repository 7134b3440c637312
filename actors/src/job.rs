//! The job: the policy loop of the paper as a supervised actor pipeline.
//!
//! For every call: guard → budget and commit gate → ledger intent → executor (worker process)
//! → trust gate → ledger outcome. The job owns the only mutable state of a run (budget burned,
//! hashes last read, the plan edition); stages are stateless and restartable.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use ractor::{Actor, ActorProcessingErr, ActorRef, RpcReplyPort};
use serde_json::{Value, json};
use tact_models::DecisionModel;
use tact_policies::Policy;
use tact_policies::budget::{BudgetBreach, BudgetLedger};
use tact_policies::planning::{self, StepEvent, TaskFamily};
use tact_runtime::catalog::{self, ToolSpec};
use tact_runtime::decisions::{
    AnswerRecord, BudgetRecord, CommitTriggerRecord, Decision, Judgement, ModelErrorRecord,
    ModelRequestKind, ResumeRecord, RetrieverRecord, TriggerRecord,
};
use tact_runtime::ledger::{JobStatus, Ledger, LedgerEntry, LedgerOwner, LedgerState, Resolution};
use tact_runtime::messages::{Observation, ToolCall, WorkerSetup};
use tact_runtime::model_io::{ModelCost, StepPrompt, ToolCandidate, ToolChoice};
use tact_runtime::records::{
    BudgetSpend, CallPlan, CallRecord, CheckpointReturn, CommitTrigger, DefaultRedactor,
    NextAction, Performer, Redactor, RiskClass, TestedRoute, ToolRef, TrustVerdict,
};
use tact_runtime::tools::ToolConfig;
use tact_runtime::wire::WIRE_VERSION;

use crate::error::{ActorError, WorkerError};
use crate::events::{EventSink, JobEvent, Usage};
use crate::nodes::executor::{EXECUTOR_STAGE, execute_on};
use crate::nodes::retriever::Shortlisted;
use crate::nodes::trigger::TriggerOutcome;
use crate::nodes::*;
use crate::stage::{FaultPlan, stage_spec};
use crate::supervisor::{Supervisor, SupervisorArgs, SupervisorEvent};
use crate::worker_process::{WorkerCommand, WorkerHost};

/// Everything a job needs. The model and the node functions are injected, so the same job runs
/// with the real model or a scripted one.
#[derive(Clone)]
pub struct JobConfig {
    pub job_id: String,
    pub workspace: PathBuf,
    pub task: String,
    pub policy: Policy,
    pub model: Arc<dyn DecisionModel>,
    /// Writes the repair's function rewrites instead of `model` (the policy's
    /// `repair.rewrite_model`, loaded on first use); `None`: `model` writes them.
    pub writer: Option<Arc<dyn DecisionModel>>,
    pub worker: WorkerCommand,
    pub tool_config: ToolConfig,
    pub catalog: Vec<ToolSpec>,
    pub retrieve: RetrieveFn,
    pub guard: GuardFn,
    pub trust: TrustFn,
    pub faults: FaultPlan,
    pub events: EventSink,
    /// A call that runs longer is killed with its worker.
    pub call_timeout_ms: u64,
    /// Force the trigger to always seek a tool (the paper's "always tool" baseline).
    pub always_call: bool,
    /// Override the plan's budget envelope (tests, bench-jobs).
    pub budget_override: Option<tact_runtime::records::BudgetEnvelope>,
    /// A second copy of the ledger (the job queue's database), written record by record.
    pub ledger_mirror: Option<Arc<dyn tact_runtime::ledger::LedgerMirror>>,
    /// The MCP servers whose tools are in `catalog` (`server.tool`): the executor sends their
    /// calls there.
    pub mcp: Option<Arc<crate::mcp::McpHost>>,
}

/// How a job ended.
#[derive(Debug, Clone, serde::Serialize)]
pub struct JobOutcome {
    pub job_id: String,
    pub status: JobStatus,
    pub summary: String,
    pub ledger: PathBuf,
    pub burned: BudgetSpend,
    /// The model's compute in this run of the job, with the prefix cache's share.
    pub model_cost: ModelCost,
}

/// The job directory for a job id.
pub fn job_dir(workspace: &Path, job_id: &str) -> PathBuf {
    workspace.join(".tact").join("jobs").join(job_id)
}

pub use tact_runtime::ledger::new_job_id;

/// A call the job wants to make.
pub(crate) struct Attempt {
    pub(crate) tool: String,
    pub(crate) args: Value,
    pub(crate) depends_on: Vec<String>,
    pub(crate) offered: Vec<String>,
    /// Puts the workspace back as the job found it: admitted past the budget ceilings (a job
    /// that ran out of budget must still be able to undo its own unverified edit).
    pub(crate) restore: bool,
}

/// A call that ran.
#[derive(Debug, Clone)]
pub struct Performed {
    pub work_id: String,
    pub observation: Observation,
    pub verdict: TrustVerdict,
}

/// A call the runtime chooses itself (no model pass).
pub(crate) fn runtime_choice(name: &str, args: Value) -> ToolChoice {
    ToolChoice {
        name: name.into(),
        args,
        scores: Vec::new(),
        combined: None,
        cost: ModelCost::default(),
    }
}

/// `choice`, with its tool added to what the step offered (the guard checks the call against
/// the offered list).
fn offer(offered: &mut Vec<String>, choice: ToolChoice) -> ToolChoice {
    if !offered.contains(&choice.name) {
        offered.push(choice.name.clone());
    }
    choice
}

/// A `read_file` observation that holds a whole file: its path and content.
fn whole_file(observation: &Observation) -> Option<(String, String)> {
    let out = &observation.output;
    let whole = observation.ok
        && out.get("truncated").and_then(Value::as_bool) != Some(true)
        && out
            .get("start_line")
            .and_then(Value::as_u64)
            .is_none_or(|l| l <= 1)
        && out.get("end_line").and_then(Value::as_u64)
            == out.get("total_lines").and_then(Value::as_u64);
    let path = out.get("path").and_then(Value::as_str)?;
    let content = out.get("content").and_then(Value::as_str)?;
    whole.then(|| (path.to_string(), content.to_string()))
}

/// Most tokens of an answer in language: a short reply, not an essay.
const ANSWER_TOKENS: usize = 160;
/// Tool observations an answer carries as its evidence (the most recent).
const ANSWER_EVIDENCE: usize = 3;

/// An answer up to the first line that repeats an earlier one: greedy decoding of a small
/// model falls into loops, and the repetition says nothing new.
fn until_repeated(text: &str) -> String {
    let mut seen = std::collections::HashSet::new();
    let mut kept: Vec<&str> = Vec::new();
    for line in text.lines() {
        let key = line.trim();
        if !key.is_empty() && !seen.insert(key) {
            break;
        }
        kept.push(line);
    }
    kept.join("\n").trim().to_string()
}

/// A call admitted, with its intent on disk, not yet run.
struct Begun {
    work_id: String,
    call: ToolCall,
    spec: ToolSpec,
    projected: BudgetSpend,
    before: Option<tact_policies::trust::WorkspaceSnapshot>,
    started_ms: u64,
}

/// Why a call did not run (or ran without an outcome).
#[derive(Debug)]
pub(crate) enum CallBlocked {
    Refused(Refusal),
    Budget(BudgetBreach),
    /// A write/exec call before the commit trigger holds.
    NotCommitted(String),
    /// The worker died mid-call: recorded, the job goes on.
    InDoubt(String),
    Fatal(ActorError),
}

pub(crate) struct Runner {
    /// What drives this job's family (see [`Driver`]).
    pub(crate) driver: Driver,
    pub(crate) cfg: JobConfig,
    pub(crate) ledger: Ledger,
    pub(crate) _owner: LedgerOwner,
    pub(crate) state: LedgerState,
    pub(crate) budget: BudgetLedger,
    pub(crate) plan: CallPlan,
    pub(crate) started: Instant,
    /// Wall time burned before a resume.
    pub(crate) step: u32,
    pub(crate) work_seq: u32,
    /// The guard's memory of this job (the hash of each file as the job last saw it, whether
    /// test code is protected): one state, learned from every observation.
    pub(crate) guard: tact_policies::guard::GuardState,
    /// Each file this job wrote, with its SHA-256 before the job's first write to it (`None`:
    /// it did not exist): what the `done` event's changed files are measured against.
    pub(crate) originals: std::collections::BTreeMap<String, Option<String>>,
    pub(crate) commit_holds: bool,
    pub(crate) routes: Vec<TestedRoute>,
    /// The trust gate's verdicts so far (the ledger's, on resume): ⟨F, G, R⟩ in checkpoints.
    pub(crate) tally: tact_policies::assurance::VerdictTally,
    /// How the committed route was chosen (the repair sets it).
    pub(crate) route_choice: Option<tact_runtime::records::RouteChoice>,
    pub(crate) transcript: Vec<(String, String)>,
    pub(crate) escalated: Arc<Mutex<Option<String>>>,
    pub(crate) redactor: DefaultRedactor,
    pub(crate) model_cost: ModelCost,
    /// Model outputs recorded before a crash, by request key: a resumed job replays them and
    /// so makes the same decisions it made before.
    pub(crate) replay: HashMap<String, Value>,
    /// Candidate edits applied but not yet judged when the job last stopped (file, old, new).
    pub(crate) pending_reverts: Vec<(String, String, String)>,
    /// Candidates already judged (file, line, new text, passed the tests).
    pub(crate) judged: Vec<(String, u32, String, bool)>,
    /// Probe slots this job has executors for (1 + its probers).
    pub(crate) probe_slots: usize,
    /// Read-only calls that were in doubt at resume: re-run once the pipeline is up.
    pub(crate) reruns: Vec<(String, Value)>,
    /// Directories this job listed (so a directory the request names is listed once).
    pub(crate) listed_dirs: Vec<String>,
    /// Whether a `git_diff` or `git_status` call ran (so a request about uncommitted work is
    /// grounded by git once).
    pub(crate) history_read: bool,
    /// The line spectrum of the repair's first, traced test run (pytest only): which source
    /// lines each assertion ran, for localization.
    pub(crate) spectrum: Option<tact_runtime::spectrum::LineSpectrum>,
}

/// The replay key of a model request.
pub(crate) fn request_key(kind: &str, request: &impl serde::Serialize) -> String {
    use sha2::Digest;
    let text = serde_json::to_string(request).unwrap_or_default();
    let mut hasher = sha2::Sha256::new();
    hasher.update(kind.as_bytes());
    hasher.update(text.as_bytes());
    hex::encode(hasher.finalize())
}

fn summary_of(obs: &Observation) -> String {
    if let Some(e) = &obs.error {
        return format!("error: {e}");
    }
    match &obs.output {
        Value::Object(map) => {
            if let Some(r) = map.get("report") {
                let failing: Vec<&str> = r
                    .get("failures")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .filter_map(Value::as_str)
                    .take(5)
                    .collect();
                let passed = r.get("passed").and_then(Value::as_u64).unwrap_or(0);
                let failed = r.get("failed").and_then(Value::as_u64).unwrap_or(0);
                // The total said outright: asked "how many tests", the model read "13 passed,
                // 1 failed" and answered 1 (everyday3's tests-total-greenhouse).
                format!(
                    "tests: {} run, {passed} passed, {failed} failed{}",
                    passed + failed,
                    if failing.is_empty() {
                        String::new()
                    } else {
                        format!(" (failing: {})", failing.join(", "))
                    }
                )
            } else if let Some(c) = map.get("content").and_then(Value::as_str) {
                c.chars().take(400).collect()
            } else if let Some(diff) = map.get("diff").and_then(Value::as_str) {
                diff_gist(diff)
            } else {
                Value::Object(map.clone())
                    .to_string()
                    .chars()
                    .take(400)
                    .collect()
            }
        }
        other => other.to_string().chars().take(400).collect(),
    }
}

/// What a unified diff changed, file by file (`path: +added / -removed`), without its headers
/// and context: the diff's JSON cut at 400 characters kept little but headers, and an answer
/// about what changed lost the changes themselves (everyday2's git-changes-since-commit).
fn diff_gist(diff: &str) -> String {
    if diff.trim().is_empty() {
        return "no uncommitted changes".to_string();
    }
    let mut parts: Vec<String> = Vec::new();
    for line in diff.lines() {
        if let Some(rest) = line.strip_prefix("diff --git a/") {
            let path = rest.split(" b/").next().unwrap_or(rest);
            parts.push(format!("{path}:"));
        } else if (line.starts_with('+') && !line.starts_with("+++"))
            || (line.starts_with('-') && !line.starts_with("---"))
        {
            let changed = line.trim_end();
            if changed.len() > 1 {
                parts.push(changed.to_string());
            }
        }
    }
    parts.join(" ").chars().take(600).collect()
}

impl Runner {
    pub(crate) fn emit(&self, event: JobEvent) {
        (self.cfg.events)(&event);
    }

    pub(crate) fn append(&mut self, entry: LedgerEntry) -> Result<(), ActorError> {
        self.ledger
            .append(entry.clone(), Some(self.cfg.policy.policy_ref()))
            .map_err(|e| ActorError::Ledger(e.to_string()))?;
        self.state.records.push(tact_runtime::ledger::LedgerRecord {
            seq: 0,
            at_ms: 0,
            policy: None,
            entry,
        });
        Ok(())
    }

    pub(crate) fn decision(&mut self, decision: Decision) -> Result<(), ActorError> {
        self.step += 1;
        let step = self.step;
        self.emit(JobEvent::Decision {
            step,
            decision: decision.clone(),
        });
        self.append(LedgerEntry::Decision { step, decision })
    }

    pub(crate) fn elapsed_ms(&self) -> u64 {
        self.started.elapsed().as_millis() as u64
    }

    pub(crate) fn escalation(&self) -> Option<String> {
        self.escalated.lock().ok().and_then(|g| g.clone())
    }

    /// Admit one model pass before it runs, against the compute budget's residual: one forward
    /// pass (a scoring request's batch and its prefix may take two) and the request's tokens,
    /// estimated at four bytes of its encoded text per token.
    pub(crate) fn admit_model(&self, request: &impl serde::Serialize) -> Result<(), ActorError> {
        let bytes = serde_json::to_string(request).map_or(0, |text| text.len());
        let projected = BudgetSpend {
            forward_passes: 1,
            tokens: (bytes / 4) as u64,
            ..Default::default()
        };
        self.budget
            .admit(projected, tact_runtime::records::RiskClass::Read)
            .map_err(ActorError::ModelBudget)
    }

    pub(crate) fn burn_model(&mut self, cost: ModelCost) {
        self.model_cost = self.model_cost.plus(cost);
        self.budget.burn(BudgetSpend {
            forward_passes: cost.forward_passes,
            tokens: cost.tokens,
            ..Default::default()
        });
    }

    pub(crate) fn prompt(&self, feedback: Option<String>) -> StepPrompt {
        let mut messages = vec![("user".to_string(), self.cfg.task.clone())];
        // The model sees the recent transcript only: a 135M model's context is small.
        let start = self.transcript.len().saturating_sub(6);
        messages.extend(self.transcript[start..].iter().cloned());
        StepPrompt {
            system: "You are tact, a careful coding assistant. Choose one tool, or ask the user, \
                     or stop."
                .into(),
            messages,
            feedback,
        }
    }

    pub(crate) fn candidate(&self, name: &str) -> Option<ToolCandidate> {
        catalog::find(&self.cfg.catalog, name).map(|s| ToolCandidate {
            name: s.name.clone(),
            description: s.description.clone(),
            schema: s.parameters.clone(),
        })
    }

    /// Does this verified observation make the plan's commit trigger hold?
    fn update_commit_trigger(&mut self, tool: &str, done: &Performed) -> Result<(), ActorError> {
        if self.commit_holds || done.verdict != TrustVerdict::Verified {
            return Ok(());
        }
        let holds = match self.plan.commit_trigger {
            CommitTrigger::Immediately => true,
            CommitTrigger::Localized => matches!(tool, "search" | "read_file" | "find_files"),
            CommitTrigger::FailingTestReproduced => {
                tool == "run_tests"
                    && done
                        .observation
                        .output
                        .get("report")
                        .and_then(|r| r.get("failed"))
                        .and_then(Value::as_u64)
                        .unwrap_or(0)
                        > 0
            }
            CommitTrigger::Never => false,
        };
        if holds {
            self.commit_holds = true;
            self.decision(Decision::CommitTrigger(CommitTriggerRecord {
                holds: true,
                evidence: done.work_id.clone(),
                failed: None,
                trigger: Some(self.plan.commit_trigger.clone()),
            }))?;
        }
        Ok(())
    }

    /// One call through guard, budget, ledger, executor and trust gate.
    pub(crate) async fn perform(&mut self, attempt: Attempt) -> Result<Performed, CallBlocked> {
        let begun = self.begin(attempt).await?;
        let exec = execute_on(
            &self.cfg.job_id,
            EXECUTOR_STAGE,
            &begun.call,
            self.cfg.call_timeout_ms,
        )
        .await;
        self.conclude_call(begun, exec).await
    }

    /// Calls that may run side by side (probes in their own scratch slots), each on its own
    /// executor: every call passes the guard and the budget and has its intent written before
    /// any of them starts; outcomes are judged and recorded in the order given.
    pub(crate) async fn perform_side_by_side(
        &mut self,
        attempts: Vec<(Attempt, &'static str)>,
    ) -> Vec<Result<Performed, CallBlocked>> {
        let mut begun: Vec<Result<(Begun, &'static str), CallBlocked>> = Vec::new();
        for (attempt, stage) in attempts {
            begun.push(self.begin(attempt).await.map(|b| (b, stage)));
        }
        let job_id = self.cfg.job_id.clone();
        let timeout_ms = self.cfg.call_timeout_ms;
        // All started before any is awaited: they run at once, each on its own executor.
        let handles: Vec<Option<tokio::task::JoinHandle<Result<Observation, ActorError>>>> = begun
            .iter()
            .map(|b| {
                let (begun, stage) = b.as_ref().ok()?;
                let (job_id, call, stage) = (job_id.clone(), begun.call.clone(), *stage);
                Some(tokio::spawn(async move {
                    execute_on(&job_id, stage, &call, timeout_ms).await
                }))
            })
            .collect();
        let mut executed = Vec::new();
        for handle in handles {
            executed.push(match handle {
                Some(h) => Some(h.await.unwrap_or_else(|e| {
                    Err(ActorError::StageUnavailable(format!("executor task: {e}")))
                })),
                None => None,
            });
        }
        let mut results = Vec::new();
        for (b, exec) in begun.into_iter().zip(executed) {
            results.push(match (b, exec) {
                (Ok((begun, _)), Some(exec)) => self.conclude_call(begun, exec).await,
                (Err(blocked), _) => Err(blocked),
                (Ok((begun, _)), None) => Err(CallBlocked::InDoubt(format!(
                    "{} was admitted but never sent (a bug in tact)",
                    begun.work_id
                ))),
            });
        }
        results
    }

    /// Guard, commit gate, budget and a durable intent: everything before a call may start.
    /// The call's tool-call cost is burned here, so calls begun together are admitted against
    /// each other.
    async fn begin(&mut self, attempt: Attempt) -> Result<Begun, CallBlocked> {
        if let Some(reason) = self.escalation() {
            return Err(CallBlocked::Fatal(ActorError::Escalated(reason)));
        }
        self.work_seq += 1;
        let work_id = format!("w{}", self.work_seq);
        let spec = catalog::find(&self.cfg.catalog, &attempt.tool).cloned();
        let call = ToolCall {
            work_id: work_id.clone(),
            tool: spec
                .as_ref()
                .map(|s| s.tool_ref())
                .unwrap_or_else(|| ToolRef::new(attempt.tool.clone(), 0)),
            args: attempt.args.clone(),
            depends_on: attempt.depends_on.clone(),
        };
        // 1. Guard.
        let admission = self.admit(&call, &attempt.offered).await?;
        // From here on the call is the admitted one: what runs and what is judged is what the
        // guard checked, and its risk class is the one the budget checks.
        let call = admission.call;
        let effect = admission.effect;
        let Some(spec) = spec else {
            return Err(CallBlocked::Refused(Refusal {
                kind: "unknown_tool".into(),
                message: format!("unknown tool {}", attempt.tool),
            }));
        };
        // 2. Commit gate and budget, before anything burns.
        self.budget.set_wall_time(self.elapsed_ms());
        let projected = BudgetSpend {
            wall_time_ms: call_time_bound(spec.cost.ms, &call.args),
            tool_calls: u64::from(spec.cost.tool_calls.max(1)),
            ..Default::default()
        };
        if !self.commit_holds {
            // Probe phase: writes wait for the commit trigger; other calls must fit the probe
            // budget (its risk limit and its ceilings).
            let probe_admits = effect != RiskClass::Write
                && self
                    .plan
                    .probe_budget
                    .as_ref()
                    .and_then(|p| BudgetLedger::new(p).ok())
                    .map(|mut probe| {
                        probe.burn(self.budget.burned);
                        probe.admit(projected, effect).is_ok()
                    })
                    .unwrap_or(false);
            if !probe_admits {
                return Err(CallBlocked::NotCommitted(format!(
                    "{} is {}-class and the commit trigger ({:?}) does not hold yet",
                    spec.name, effect, self.plan.commit_trigger
                )));
            }
        }
        if let Err(breach) = self.budget.admit(projected, effect)
            && !attempt.restore
        {
            return Err(CallBlocked::Budget(breach));
        }
        // 3. Intent, durable before the call starts.
        self.append(LedgerEntry::Intent {
            work_id: work_id.clone(),
            tool_ref: call.tool.clone(),
            risk: effect,
            args: self.redactor.redact(call.args.clone()),
            depends_on: call.depends_on.clone(),
        })
        .map_err(CallBlocked::Fatal)?;
        self.emit(JobEvent::Call {
            work_id: work_id.clone(),
            tool: spec.name.clone(),
            args: call.args.clone(),
            in_process: false,
        });
        self.budget.burn(BudgetSpend {
            tool_calls: projected.tool_calls,
            ..Default::default()
        });
        let before = (effect >= RiskClass::Write)
            .then(|| tact_policies::trust::snapshot_before(&call, &spec, &self.cfg.workspace));
        Ok(Begun {
            work_id,
            call,
            spec,
            projected,
            before,
            started_ms: tact_runtime::ledger::now_ms(),
        })
    }

    /// Judge and record a call that ran (or died running): trust gate, outcome row.
    async fn conclude_call(
        &mut self,
        begun: Begun,
        exec: Result<Observation, ActorError>,
    ) -> Result<Performed, CallBlocked> {
        let Begun {
            work_id,
            call,
            spec,
            projected,
            before,
            started_ms,
        } = begun;
        let observation = match exec {
            Ok(obs) => obs,
            Err(ActorError::Worker(e)) => {
                let reason = match &e {
                    WorkerError::Mcp(why) => why.clone(),
                    other => format!("worker failed mid-call: {other}"),
                };
                let resolution = if spec.effect >= RiskClass::Write {
                    Resolution::NeedsAttention
                } else {
                    Resolution::Failed
                };
                let _ = self.append(LedgerEntry::Resolution {
                    work_id: work_id.clone(),
                    resolution,
                    reason: reason.clone(),
                });
                if resolution == Resolution::NeedsAttention {
                    self.emit(JobEvent::NeedsAttention {
                        work_id: work_id.clone(),
                        reason: reason.clone(),
                    });
                }
                return Err(CallBlocked::InDoubt(reason));
            }
            Err(e) => {
                let reason = e.to_string();
                let _ = self.append(LedgerEntry::Resolution {
                    work_id: work_id.clone(),
                    resolution: Resolution::Failed,
                    reason: reason.clone(),
                });
                return Err(CallBlocked::InDoubt(reason));
            }
        };
        let ended_ms = tact_runtime::ledger::now_ms();
        self.emit(JobEvent::Observation {
            work_id: work_id.clone(),
            ok: observation.ok,
            exit_code: observation.exit_code,
            summary: summary_of(&observation),
        });
        // 5. Trust gate.
        let verdict = self
            .judge(TrustRequest {
                call: call.clone(),
                observation: observation.clone(),
                before,
            })
            .await;
        // The tool call itself was burned when it began.
        let delta = BudgetSpend {
            wall_time_ms: 0,
            tool_calls: projected.tool_calls,
            ..Default::default()
        };
        self.budget.set_wall_time(self.elapsed_ms());
        let record = CallRecord {
            work_id: work_id.clone(),
            tool_ref: call.tool.clone(),
            description_edition: Some(spec.description_edition),
            performer: Performer {
                process_id: observation.performer_pid,
                host: tact_runtime::worker::hostname(),
            },
            stage: format!("executor/step-{}", self.step),
            plan_ref: (self.plan.plan_id.clone(), self.plan.edition),
            policy_ref: self.cfg.policy.policy_ref(),
            started_ms,
            ended_ms,
            inputs: self.redactor.redact(call.args.clone()),
            outputs: self.redactor.redact(json!({
                "ok": observation.ok,
                "exit_code": observation.exit_code,
                "error": observation.error,
                "output": observation.output,
            })),
            budget_delta: BudgetSpend {
                wall_time_ms: ended_ms.saturating_sub(started_ms),
                ..delta
            },
            verdict: verdict.clone(),
        };
        self.append(LedgerEntry::Outcome { record })
            .map_err(CallBlocked::Fatal)?;
        note_originals(&mut self.originals, &observation.output);
        // Hashes the guard needs to refuse blind overwrites: the guard's own reading of what
        // the call saw or wrote.
        if !matches!(verdict, TrustVerdict::Failed { .. }) {
            self.guard.observe(&observation);
        }
        let caveat = match &verdict {
            TrustVerdict::Verified => String::new(),
            TrustVerdict::Unverified { reason } => format!(" [UNVERIFIED: {reason}]"),
            TrustVerdict::Failed { reason } => format!(" [FAILED: {reason}]"),
        };
        self.transcript.push((
            "tool".into(),
            format!("{} → {}{}", spec.name, summary_of(&observation), caveat),
        ));
        Ok(Performed {
            work_id,
            observation,
            verdict,
        })
    }

    /// A call the job performs itself (deterministic, in-process): still one CallGraph row, and
    /// its observation passes the trust gate like a worker's.
    pub(crate) async fn perform_local(
        &mut self,
        tool: &str,
        args: Value,
        output: Value,
    ) -> Result<String, ActorError> {
        self.work_seq += 1;
        let work_id = format!("w{}", self.work_seq);
        let tool_ref = catalog::find(&self.cfg.catalog, tool)
            .map(|s| s.tool_ref())
            .unwrap_or_else(|| ToolRef::new(tool, 1));
        self.append(LedgerEntry::Intent {
            work_id: work_id.clone(),
            tool_ref: tool_ref.clone(),
            risk: RiskClass::None,
            args: args.clone(),
            depends_on: vec![],
        })?;
        self.emit(JobEvent::Call {
            work_id: work_id.clone(),
            tool: tool.to_string(),
            args: args.clone(),
            in_process: true,
        });
        let now = tact_runtime::ledger::now_ms();
        let verdict = self
            .judge(TrustRequest {
                call: ToolCall {
                    work_id: work_id.clone(),
                    tool: tool_ref.clone(),
                    args: args.clone(),
                    depends_on: vec![],
                },
                observation: Observation {
                    work_id: work_id.clone(),
                    tool: tool_ref.clone(),
                    ok: true,
                    exit_code: None,
                    output: output.clone(),
                    error: None,
                    duration_ms: 0,
                    performer_pid: std::process::id(),
                },
                before: None,
            })
            .await;
        let record = CallRecord {
            work_id: work_id.clone(),
            tool_ref,
            description_edition: Some(1),
            performer: Performer {
                process_id: std::process::id(),
                host: tact_runtime::worker::hostname(),
            },
            stage: "job".into(),
            plan_ref: (self.plan.plan_id.clone(), self.plan.edition),
            policy_ref: self.cfg.policy.policy_ref(),
            started_ms: now,
            ended_ms: now,
            inputs: args,
            outputs: self.redactor.redact(output),
            budget_delta: BudgetSpend::default(),
            verdict,
        };
        self.append(LedgerEntry::Outcome { record })?;
        Ok(work_id)
    }

    pub(crate) fn write_plan(&mut self, plan: CallPlan) -> Result<(), ActorError> {
        plan.validate()
            .map_err(|e| ActorError::Policy(e.to_string()))?;
        self.emit(JobEvent::Plan {
            job_id: self.cfg.job_id.clone(),
            plan: Box::new(plan.clone()),
        });
        self.append(LedgerEntry::Plan { plan: plan.clone() })?;
        self.plan = plan;
        Ok(())
    }

    /// Write a new plan edition (never edit the old one).
    pub(crate) fn replan(&mut self, next: NextAction, why: &str) -> Result<(), ActorError> {
        let plan = planning::replan(&self.plan, next, why.to_string());
        self.write_plan(plan)
    }

    pub(crate) fn checkpoint(&mut self, next: NextAction, reason: &str) -> Result<(), ActorError> {
        self.budget.set_wall_time(self.elapsed_ms());
        let checkpoint = CheckpointReturn {
            task_family: self.plan.task_family,
            plan_id: self.plan.plan_id.clone(),
            plan_edition: self.plan.edition,
            tested_routes: self.routes.clone(),
            burned: self.budget.burned,
            residual: self.budget.residual(),
            recommended_next: next,
            commit_trigger: self.plan.commit_trigger.clone(),
            commit_trigger_holds: self.commit_holds,
            reason: reason.to_string(),
            assurance: Some(tact_policies::assurance::assurance_achieved(
                &self.tally,
                &self.routes,
                &self.plan.assurance,
            )),
            route_choice: self.route_choice.clone(),
        };
        self.emit(JobEvent::Checkpoint {
            checkpoint: Box::new(checkpoint.clone()),
        });
        self.append(LedgerEntry::Checkpoint { checkpoint })
    }

    /// The files this job wrote whose content now differs from before its first write to
    /// them (a file put back as it was is not changed).
    fn changed_files(&self) -> Vec<String> {
        self.originals
            .iter()
            .filter(|(path, original)| {
                let now = std::fs::read(self.cfg.workspace.join(path))
                    .ok()
                    .map(|bytes| tact_runtime::tools::sha256_hex(&bytes));
                now != **original
            })
            .map(|(path, _)| path.clone())
            .collect()
    }

    /// End the job with `status` on a checkpoint that recommends stopping, for `reason`.
    pub(crate) fn stop_with(
        &mut self,
        status: JobStatus,
        reason: &str,
    ) -> Result<JobOutcome, ActorError> {
        self.checkpoint(
            NextAction::Stop {
                reason: reason.to_string(),
            },
            reason,
        )?;
        self.finish(status, reason)
    }

    pub(crate) fn finish(
        &mut self,
        status: JobStatus,
        summary: &str,
    ) -> Result<JobOutcome, ActorError> {
        self.budget.set_wall_time(self.elapsed_ms());
        self.append(LedgerEntry::Done {
            status: status.clone(),
            summary: summary.to_string(),
        })?;
        let changed_files = self.changed_files();
        self.emit(JobEvent::Done {
            job_id: self.cfg.job_id.clone(),
            status: status.clone(),
            summary: summary.to_string(),
            model: self.model_cost,
            usage: Usage {
                tool_calls: self.budget.burned.tool_calls,
                forward_passes: self.model_cost.forward_passes,
                tokens: self.model_cost.tokens,
                wall_ms: self.budget.burned.wall_time_ms,
            },
            changed_files,
            ledger: self.ledger.path().display().to_string(),
        });
        Ok(JobOutcome {
            job_id: self.cfg.job_id.clone(),
            status,
            summary: summary.to_string(),
            ledger: self.ledger.path().to_path_buf(),
            burned: self.budget.burned,
            model_cost: self.model_cost,
        })
    }

    /// A budget breach: stop or replan as the plan says, with a checkpoint in the ledger.
    pub(crate) fn on_budget_breach(
        &mut self,
        breach: &BudgetBreach,
    ) -> Result<JobOutcome, ActorError> {
        let reason = format!("budget: {breach}");
        self.decision(Decision::Budget(BudgetRecord {
            breach: breach.clone(),
        }))?;
        self.checkpoint(
            NextAction::Stop {
                reason: reason.clone(),
            },
            &reason,
        )?;
        self.finish(JobStatus::BudgetExhausted, &reason)
    }

    /// The generic loop: trigger → retriever → selector → guard → executor → trust.
    pub(crate) async fn drive_generic(&mut self) -> Result<JobOutcome, ActorError> {
        let mut feedback: Option<String> = None;
        let mut refusals = 0u32;
        // The plan's next call leads the shortlist until a call of that tool succeeds.
        let mut plan_cursor = 0usize;
        let mut last_work: Option<String> = None;
        // (tool, arguments) of the read-only calls that ran, for the repeat rule below.
        let mut ran: Vec<(String, Value)> = Vec::new();
        // (tool, arguments) of the calls the guard refused, with its reason, since the last
        // call that changed the workspace: the guard would refuse them the same way again.
        let mut refused: Vec<((String, Value), String)> = Vec::new();
        // The calls the plan's commit trigger held back, with why: held back again until it
        // holds.
        let mut held_back: Vec<((String, Value), String)> = Vec::new();
        // A described change: one the request leaves unsaid is the user's to settle; one it
        // spells out is proposed as edits of the files read (the model only ranks them).
        // The user's answers (after a resume) count as part of the request.
        let request = std::iter::once(self.cfg.task.as_str())
            .chain(
                self.transcript
                    .iter()
                    .filter(|(role, _)| role == "user")
                    .map(|(_, text)| text.as_str()),
            )
            .collect::<Vec<_>>()
            .join("\n");
        let described = self.plan.task_family == TaskFamily::DescribedChange;
        if described && let Some(question) = tact_policies::change::unresolved(&request) {
            return self.park_for_user(&question);
        }
        // A request that leans on something only the user knows goes to the user first,
        // whatever its family; once the user has answered, the answer is part of the request.
        let user_answered = self.transcript.iter().any(|(role, _)| role == "user");
        if !user_answered
            && let Some(question) = tact_policies::change::unshared_context(&self.cfg.task)
        {
            return self.park_for_user(&question);
        }
        let change = described
            .then(|| tact_policies::change::read_change(&request))
            .flatten();
        // Whole contents of the files this job read, by path, for the proposals.
        let mut read_texts: std::collections::BTreeMap<String, String> = Default::default();
        loop {
            if let Some(reason) = self.escalation() {
                return Err(ActorError::Escalated(reason));
            }
            // Retrieve a shortlist for the task and what the last observation said.
            let query = RetrievalQuery {
                intent: self.cfg.task.clone(),
                observation: self
                    .transcript
                    .last()
                    .map(|(_, last)| last.chars().take(200).collect::<String>()),
            };
            let Shortlisted {
                mut candidates,
                ranking,
                none_fits,
                evidence,
            } = self.shortlist(&query).await?;
            // The plan's next call, if still open, leads the shortlist.
            if let Some(next) = self.plan.planned_calls.get(plan_cursor)
                && let Some(c) = self.candidate(&next.tool_ref.name)
            {
                candidates.retain(|x| x.name != c.name);
                candidates.insert(0, c);
            }
            candidates.truncate(self.cfg.policy.body.retrieval.max_depth);
            self.decision(Decision::Retriever(RetrieverRecord {
                query: query.lexical_text(),
                ranking,
                none_fits,
                shortlist: candidates.iter().map(|c| c.name.clone()).collect(),
            }))?;
            for special in ["ask_user", "stop"] {
                if let Some(c) = self.candidate(special) {
                    candidates.push(c);
                }
            }
            let mut offered: Vec<String> = candidates.iter().map(|c| c.name.clone()).collect();
            let proposal = match &change {
                Some(change) if feedback.is_none() => {
                    self.propose_change(change, &read_texts).await?
                }
                _ => None,
            };
            let outcome = if let Some(choice) = proposal {
                TriggerOutcome::Proposed(choice)
            } else if feedback.is_none() {
                self.trigger(candidates.clone()).await?
            } else {
                TriggerOutcome::SeekTool
            };
            let mut choice = match outcome {
                TriggerOutcome::Reason => {
                    // Confident: reason in language, no tool.
                    return self
                        .answer_and_finish(
                            "the model is confident without a tool",
                            "trigger chose to reason without a tool",
                        )
                        .await;
                }
                // The named file is read, the named directory listed, the spelled-out change
                // proposed: the guard, executor and trust gate still see the call; only the
                // model's choice of it is skipped.
                TriggerOutcome::Proposed(choice) | TriggerOutcome::Grounded(choice) => {
                    offer(&mut offered, choice)
                }
                TriggerOutcome::SeekTool => {
                    self.select(candidates.clone(), &evidence, feedback.take())
                        .await?
                }
            };
            // A weak model told why its call was refused often proposes the very same call
            // again. The guard would refuse it the same way, so the selector chooses once more
            // among the other tools instead of burning the refusal budget on it.
            let holds = self.commit_holds;
            if let Some((_, why)) = refused
                .iter()
                .chain(held_back.iter().filter(|_| !holds))
                .find(|(call, _)| call.0 == choice.name && call.1 == choice.args)
            {
                let others: Vec<ToolCandidate> = candidates
                    .iter()
                    .filter(|c| c.name != choice.name)
                    .cloned()
                    .collect();
                if others
                    .iter()
                    .any(|c| !matches!(c.name.as_str(), "ask_user" | "stop"))
                {
                    let told = format!(
                        "`{}` with these arguments was refused ({why}); choose another tool.",
                        choice.name
                    );
                    offered = others.iter().map(|c| c.name.clone()).collect();
                    choice = self.select(others, &evidence, Some(told)).await?;
                }
            }
            match choice.name.as_str() {
                "stop"
                    if planning::stop_condition(&self.plan, &StepEvent::SelectorStop).is_none() =>
                {
                    // This plan does not end on the selector's word: the user decides.
                    return self.park_for_user(
                        "The model chose to stop, which this plan does not allow on its own. Stop here?",
                    );
                }
                // A question whose evidence is in: stopping means answering it from what the
                // tools said (a bare stop left "What is the first item in notes/todo.txt?"
                // with the selector's reason and no answer).
                "stop" if self.evidence_answers_the_question() => {
                    return self
                        .answer_and_finish(
                            "the selector chose to stop: the evidence is in",
                            "answered from the evidence gathered",
                        )
                        .await;
                }
                "stop" => {
                    let reason = choice
                        .args
                        .get("reason")
                        .and_then(Value::as_str)
                        .unwrap_or("the selector chose to stop")
                        .to_string();
                    // Stopping is a first-class action, not a failure: the job ends done.
                    self.checkpoint(
                        NextAction::Stop {
                            reason: reason.clone(),
                        },
                        &reason,
                    )?;
                    return self.finish(JobStatus::Done, &format!("stopped: {reason}"));
                }
                "ask_user" => {
                    let question = choice
                        .args
                        .get("question")
                        .and_then(Value::as_str)
                        .unwrap_or("What should I do next?")
                        .to_string();
                    return self.park_for_user(&question);
                }
                _ => {}
            }
            // A call that already ran in this job, and reads or computes without changing
            // anything, would only repeat its observation: the evidence is in (a weak model
            // otherwise repeats one call until the budget ends). A change still to be made goes
            // back to selection, told why; anything else is answered from the evidence.
            let key = (choice.name.clone(), choice.args.clone());
            if ran.contains(&key)
                && catalog::find(&self.cfg.catalog, &choice.name).is_some_and(replayable)
            {
                if self.plan.task_family == TaskFamily::DescribedChange {
                    refusals += 1;
                    feedback = Some(format!(
                        "`{}` with these arguments already ran; its result is above. Choose the next step.",
                        choice.name
                    ));
                    let event = StepEvent::GuardRefused { in_a_row: refusals };
                    if planning::stop_condition(&self.plan, &event).is_some() {
                        return self.finish(JobStatus::Stopped, "repeated calls");
                    }
                    continue;
                }
                return self
                    .answer_and_finish(
                        "the model repeated a call whose observation it already has",
                        &format!("`{}` with the same arguments already ran", choice.name),
                    )
                    .await;
            }
            let attempt = Attempt {
                restore: false,
                tool: choice.name.clone(),
                args: choice.args.clone(),
                depends_on: last_work.iter().cloned().collect(),
                offered: offered.clone(),
            };
            match self.perform(attempt).await {
                Ok(done) => {
                    refusals = 0;
                    if choice.name == "read_file"
                        && let Some((path, text)) = whole_file(&done.observation)
                    {
                        read_texts.insert(path, text);
                    }
                    if matches!(choice.name.as_str(), "git_diff" | "git_status") {
                        self.history_read = true;
                    }
                    if choice.name == "list_dir"
                        && let Some(path) = choice.args.get("path").and_then(Value::as_str)
                    {
                        self.listed_dirs
                            .push(path.trim_end_matches('/').to_string());
                    }
                    // The change the request spelled out is made and the trust gate verified
                    // it: the job is done (the change, not the model's word, is the answer).
                    if change.is_some()
                        && matches!(choice.name.as_str(), "apply_edit" | "write_file")
                        && done.verdict == TrustVerdict::Verified
                    {
                        let path = choice
                            .args
                            .get("path")
                            .and_then(Value::as_str)
                            .unwrap_or("?");
                        let summary = match (
                            choice.args.get("old_text").and_then(Value::as_str),
                            choice.args.get("new_text").and_then(Value::as_str),
                        ) {
                            (Some(old), Some(new)) => format!(
                                "changed {path}: `{}` → `{}` (verified by the trust gate; tests not run)",
                                old.trim(),
                                new.trim()
                            ),
                            _ => format!("wrote {path} (verified by the trust gate)"),
                        };
                        self.checkpoint(
                            NextAction::Stop {
                                reason: "the described change is made".into(),
                            },
                            &summary,
                        )?;
                        return self.finish(JobStatus::Done, &summary);
                    }
                    // Arithmetic the request gave, computed by the calculator and verified: its
                    // value is the answer. (SmolLM2's own prose put `48 * 37 - 125` at 224
                    // beside the calculator's 1651.)
                    if choice.name == "calc"
                        && done.verdict == TrustVerdict::Verified
                        && planning::asks_for_arithmetic(&self.cfg.task)
                        && let Some(value) = done.observation.output.get("value")
                    {
                        let expression = done
                            .observation
                            .output
                            .get("expression")
                            .and_then(Value::as_str)
                            .unwrap_or("?");
                        let summary = format!(
                            "{expression} = {value} (computed by calc, verified by the trust gate)"
                        );
                        self.checkpoint(
                            NextAction::Stop {
                                reason: "the arithmetic is computed".into(),
                            },
                            &summary,
                        )?;
                        return self.finish(JobStatus::Done, &summary);
                    }
                    // A call that may change what reads observe makes every earlier read new.
                    // A failed read fails the same way again: it counts as seen too.
                    if catalog::find(&self.cfg.catalog, &choice.name).is_some_and(replayable) {
                        ran.push(key);
                    } else {
                        ran.clear();
                        refused.clear();
                    }
                    if self
                        .plan
                        .planned_calls
                        .get(plan_cursor)
                        .is_some_and(|p| p.tool_ref.name == choice.name)
                    {
                        plan_cursor += 1;
                    }
                    self.update_commit_trigger(&choice.name, &done)?;
                    if let TrustVerdict::Failed { reason } = &done.verdict
                        && planning::replan_condition(&self.plan, &StepEvent::TrustFailed).is_some()
                    {
                        self.replan(
                            NextAction::Replan {
                                reason: reason.clone(),
                            },
                            &format!("trust gate failed {}: {reason}", done.work_id),
                        )?;
                    }
                    last_work = Some(done.work_id);
                }
                Err(CallBlocked::Refused(refusal)) => {
                    refusals += 1;
                    feedback = Some(refusal.message.clone());
                    refused.push((
                        (choice.name.clone(), choice.args.clone()),
                        refusal.message.clone(),
                    ));
                    let event = StepEvent::GuardRefused { in_a_row: refusals };
                    if planning::replan_condition(&self.plan, &event).is_some() {
                        self.replan(
                            NextAction::Ask {
                                question: format!("repeated refusals: {}", refusal.message),
                            },
                            "repeated guard refusals",
                        )?;
                    }
                    if planning::stop_condition(&self.plan, &event).is_some() {
                        if self.evidence_answers_the_question() {
                            return self
                                .answer_and_finish(
                                    "repeated guard refusals after the evidence was in",
                                    "answered from the evidence gathered",
                                )
                                .await;
                        }
                        self.checkpoint(
                            NextAction::Stop {
                                reason: "repeated guard refusals".into(),
                            },
                            "repeated guard refusals",
                        )?;
                        return self.finish(JobStatus::Stopped, "repeated guard refusals");
                    }
                }
                Err(CallBlocked::NotCommitted(why)) => {
                    refusals += 1;
                    feedback = Some(format!(
                        "{why}. Probe with read-only tools first, or ask the user."
                    ));
                    // Refused the same way again until something commits: the selector
                    // chooses among the other tools (everyday2's find-test-files chose
                    // `run_tests` until the refusals stopped the job).
                    held_back.push(((choice.name.clone(), choice.args.clone()), why.clone()));
                    let event = StepEvent::GuardRefused { in_a_row: refusals };
                    if planning::stop_condition(&self.plan, &event).is_some() {
                        if self.evidence_answers_the_question() {
                            return self
                                .answer_and_finish(
                                    "calls held back after the evidence was in",
                                    "answered from the evidence gathered",
                                )
                                .await;
                        }
                        return self.finish(JobStatus::Stopped, &why);
                    }
                }
                Err(CallBlocked::Budget(breach)) => return self.on_budget_breach(&breach),
                Err(CallBlocked::InDoubt(reason)) => {
                    self.transcript
                        .push(("tool".into(), format!("the call failed: {reason}")));
                }
                Err(CallBlocked::Fatal(e)) => return Err(e),
            }
        }
    }

    /// Whether the job is a question with tool evidence in: refusals that would stop it end
    /// in an answer from that evidence instead (everyday3's explain-litres-for read the file
    /// it names, then SmolLM2 asked for files that do not exist until the refusals stopped the
    /// job without an answer).
    fn evidence_answers_the_question(&self) -> bool {
        self.plan.task_family == TaskFamily::Question && self.budget.burned.tool_calls > 0
    }

    /// The call that makes a described change, when the request spells it out: a new file
    /// written as asked, or an edit of a file the job has read (several candidate edits are
    /// ranked by the model's likelihood of each). `None`: nothing to propose yet (the file is
    /// not read, or no line of it fits), so the loop goes on as usual.
    async fn propose_change(
        &mut self,
        change: &tact_policies::change::ChangeRequest,
        read_texts: &std::collections::BTreeMap<String, String>,
    ) -> Result<Option<ToolChoice>, ActorError> {
        use tact_policies::change::{ChangeRequest, candidate_edits};
        if let ChangeRequest::CreateFile { path, content } = change {
            let fresh = tact_runtime::tools::paths::lexical_key(path).is_some()
                && !self.cfg.workspace.join(path).exists();
            // A probe first (the plan commits to writing once something is localized): the
            // search for the file shows it is not there yet.
            return Ok(fresh.then(|| {
                if self.commit_holds {
                    runtime_choice(
                        "write_file",
                        json!({"path": path, "content": format!("{content}\n")}),
                    )
                } else {
                    runtime_choice("find_files", json!({"pattern": path}))
                }
            }));
        }
        let edits: Vec<(String, tact_policies::change::EditCandidate)> = read_texts
            .iter()
            .flat_map(|(path, text)| {
                candidate_edits(change, text)
                    .into_iter()
                    .map(move |e| (path.clone(), e))
            })
            .collect();
        let pick = match edits.len() {
            0 => return Ok(None),
            1 => 0,
            _ => {
                let text = format!(
                    "Request: {}\nThe edit that makes it (file:line: before => after):",
                    self.cfg.task.trim()
                );
                let continuations: Vec<String> = edits
                    .iter()
                    .map(|(path, e)| {
                        format!(
                            " {path}:{}: {} => {}",
                            e.line,
                            e.old_text.trim(),
                            e.new_text.trim()
                        )
                    })
                    .collect();
                let scores = self.score_text(text, continuations).await?;
                scores
                    .iter()
                    .enumerate()
                    .max_by(|a, b| a.1.total_cmp(b.1).then(b.0.cmp(&a.0)))
                    .map_or(0, |(i, _)| i)
            }
        };
        Ok(edits.get(pick).map(|(path, e)| {
            runtime_choice(
                "apply_edit",
                json!({"path": path, "old_text": e.old_text, "new_text": e.new_text}),
            )
        }))
    }

    /// The model writes its answer from what the job has seen (bounded tokens); no tool checked
    /// it, so it is kept as unverified evidence, emitted as an `answer` event, and ends the job.
    async fn answer_and_finish(
        &mut self,
        stop_reason: &str,
        checkpoint_reason: &str,
    ) -> Result<JobOutcome, ActorError> {
        let answer = match self.answer(self.prompt(None), ANSWER_TOKENS).await {
            Ok(text) => until_repeated(&text),
            Err(ActorError::Model(e)) => {
                self.decision(Decision::ModelError(ModelErrorRecord {
                    request: ModelRequestKind::Answer,
                    error: e,
                }))?;
                String::new()
            }
            Err(e) => return Err(e),
        };
        let verdict = TrustVerdict::Unverified {
            reason: "the model's own answer; no tool checked it".into(),
        };
        self.decision(Decision::Answer(AnswerRecord {
            text: answer.clone(),
            verdict: verdict.clone(),
        }))?;
        self.emit(JobEvent::Answer {
            job_id: self.cfg.job_id.clone(),
            text: answer.clone(),
            verdict,
        });
        self.checkpoint(
            NextAction::Stop {
                reason: stop_reason.into(),
            },
            checkpoint_reason,
        )?;
        let after = match self.budget.burned.tool_calls {
            0 => "without a tool call".to_string(),
            1 => "after 1 tool call".to_string(),
            n => format!("after {n} tool calls"),
        };
        let summary = if answer.is_empty() {
            format!("answered {after} (the model wrote nothing)")
        } else {
            format!("answered {after} (unverified): {answer}")
        };
        // The observations the answer rests on go with it (the last few, in the order seen),
        // each labelled as the trust gate judged it: a weak model's prose may garble what the
        // tools said, the tools' words stay. Not only the last: after a diff, a model that
        // also asked for the status would otherwise drop the diff the question was about.
        let seen: Vec<&String> = self
            .transcript
            .iter()
            .filter(|(role, _)| role == "tool")
            .map(|(_, seen)| seen)
            .collect();
        let kept = &seen[seen.len().saturating_sub(ANSWER_EVIDENCE)..];
        let summary = if self.budget.burned.tool_calls > 0 && !kept.is_empty() {
            let lines: Vec<String> = kept.iter().map(|s| format!("evidence: {s}")).collect();
            format!("{summary}\n{}", lines.join("\n"))
        } else {
            summary
        };
        self.finish(JobStatus::Done, &summary)
    }

    pub(crate) fn park_for_user(&mut self, question: &str) -> Result<JobOutcome, ActorError> {
        self.append(LedgerEntry::Ask {
            question: question.to_string(),
        })?;
        self.emit(JobEvent::Ask {
            job_id: self.cfg.job_id.clone(),
            question: question.to_string(),
        });
        self.finish(JobStatus::WaitingForUser, question)
    }
}

/// Messages to the job actor.
pub enum JobMsg {
    Run(RpcReplyPort<Result<JobOutcome, String>>),
}

struct JobActor;

struct JobActorState {
    runner: Option<Runner>,
}

impl Actor for JobActor {
    type Msg = JobMsg;
    type State = JobActorState;
    type Arguments = Runner;

    async fn pre_start(
        &self,
        _myself: ActorRef<JobMsg>,
        runner: Runner,
    ) -> Result<JobActorState, ActorProcessingErr> {
        Ok(JobActorState {
            runner: Some(runner),
        })
    }

    async fn handle(
        &self,
        myself: ActorRef<JobMsg>,
        msg: JobMsg,
        state: &mut JobActorState,
    ) -> Result<(), ActorProcessingErr> {
        match msg {
            JobMsg::Run(reply) => {
                let Some(mut runner) = state.runner.take() else {
                    let _ = reply.send(Err("job already ran".into()));
                    return Ok(());
                };
                let outcome = run_in_actor(&mut runner, myself.get_cell()).await;
                let _ = reply.send(outcome.map_err(|e| e.to_string()));
            }
        }
        Ok(())
    }

    async fn handle_supervisor_evt(
        &self,
        _myself: ActorRef<JobMsg>,
        event: ractor::SupervisionEvent,
        _state: &mut JobActorState,
    ) -> Result<(), ActorProcessingErr> {
        // The stage supervisor escalated (it stopped itself); the run loop learns it through
        // the escalation flag. The job actor itself survives to write the ledger.
        tracing::debug!(?event, "job supervisor event");
        Ok(())
    }
}

async fn run_in_actor(
    runner: &mut Runner,
    job_cell: ractor::ActorCell,
) -> Result<JobOutcome, ActorError> {
    let cfg = runner.cfg.clone();
    // τ is per model: a policy without settings for this model does not run the trigger
    // (unless the trigger is bypassed, where any reading seeks a tool).
    let trigger_policy = match cfg.policy.trigger_for(&cfg.model.id()) {
        Ok(settings) => settings.clone(),
        Err(_) if cfg.always_call => tact_policies::policy::TriggerPolicy {
            signal: tact_policies::policy::TriggerSignal::PTool,
            tau: 0.0,
            probe: None,
        },
        Err(e) => return Err(ActorError::Policy(e.to_string())),
    };
    let job_dir = job_dir(&cfg.workspace, &cfg.job_id);
    let temp_dir = job_dir.join("tmp");
    std::fs::create_dir_all(&temp_dir)?;
    let setup = WorkerSetup {
        wire_version: WIRE_VERSION,
        workspace: cfg.workspace.display().to_string(),
        temp_dir: temp_dir.display().to_string(),
        config: cfg.tool_config.clone(),
    };
    let mut worker = cfg.worker.clone();
    if worker.stderr_log.is_none() {
        worker.stderr_log = Some(job_dir.join("worker.log"));
    }
    // Probe slots beyond the first get their own executor and worker process (the failing-tests
    // job only: no other job probes).
    let extra_slots = if runner.plan.task_family == TaskFamily::FailingTests {
        cfg.policy.body.repair.slots_here().saturating_sub(1)
    } else {
        0
    };
    let mut probers = Vec::new();
    for slot in 1..=extra_slots {
        let mut prober_worker = worker.clone();
        prober_worker.stderr_log = Some(job_dir.join(format!("worker-slot-{slot}.log")));
        let host = WorkerHost::start(prober_worker, setup.clone())?;
        probers.push(Arc::new(ExecutorNode::for_slot(
            slot,
            host,
            cfg.call_timeout_ms,
        )));
    }
    runner.probe_slots = 1 + probers.len();
    let host = WorkerHost::start(worker, setup)?;
    let executor = Arc::new(ExecutorNode::new(host, cfg.call_timeout_ms).with_mcp(cfg.mcp.clone()));
    let mut children = vec![
        stage_spec(
            &cfg.job_id,
            Arc::new(TriggerNode {
                model: cfg.model.clone(),
                policy: trigger_policy,
            }),
            cfg.faults.clone(),
        ),
        stage_spec(
            &cfg.job_id,
            Arc::new(RetrieverNode {
                retrieve: cfg.retrieve.clone(),
            }),
            cfg.faults.clone(),
        ),
        stage_spec(
            &cfg.job_id,
            Arc::new(SelectorNode {
                model: cfg.model.clone(),
                writer: cfg.writer.clone(),
            }),
            cfg.faults.clone(),
        ),
        stage_spec(
            &cfg.job_id,
            Arc::new(GuardNode {
                check: cfg.guard.clone(),
            }),
            cfg.faults.clone(),
        ),
        stage_spec(&cfg.job_id, executor.clone(), cfg.faults.clone()),
        stage_spec(
            &cfg.job_id,
            Arc::new(TrustNode {
                assess: cfg.trust.clone(),
            }),
            cfg.faults.clone(),
        ),
    ];
    children.extend(
        probers
            .iter()
            .map(|p| stage_spec(&cfg.job_id, p.clone(), cfg.faults.clone())),
    );
    let (events_tx, mut events_rx) = tokio::sync::mpsc::unbounded_channel();
    let sup = &cfg.policy.body.supervision;
    let (supervisor, sup_handle) = Actor::spawn_linked(
        Some(format!("tact/{}/supervisor", cfg.job_id)),
        Supervisor,
        SupervisorArgs {
            children,
            max_restarts: sup.max_restarts,
            within: Duration::from_secs(sup.within_secs),
            events: Some(events_tx),
        },
        job_cell,
    )
    .await
    .map_err(|e| ActorError::Spawn("supervisor".into(), e.to_string()))?;
    let escalated = runner.escalated.clone();
    let sink = cfg.events.clone();
    let watcher = tokio::spawn(async move {
        while let Some(event) = events_rx.recv().await {
            match event {
                SupervisorEvent::Escalated { child, reason } => {
                    if let Ok(mut g) = escalated.lock() {
                        *g = Some(format!("{child}: {reason}"));
                    }
                    sink(&JobEvent::Error {
                        message: format!("supervisor escalated: {reason}"),
                    });
                }
                SupervisorEvent::Restarted {
                    child,
                    restarts_in_window,
                } => {
                    tracing::warn!(%child, restarts_in_window, "stage restarted");
                }
            }
        }
    });
    let result = drive(runner).await;
    let result = match result {
        Ok(outcome) => Ok(outcome),
        Err(e) => {
            let message = e.to_string();
            runner.emit(JobEvent::Error {
                message: message.clone(),
            });
            let _ = runner.checkpoint(
                NextAction::Stop {
                    reason: message.clone(),
                },
                &message,
            );
            runner.finish(JobStatus::Failed, &message)
        }
    };
    supervisor.stop(Some("job finished".into()));
    let _ = sup_handle.await;
    watcher.abort();
    // Dropping the executors' last references kills the workers' process groups.
    drop(executor);
    drop(probers);
    result
}

/// How a job of one task family is driven once its runner is set up: given to
/// [`run_job_with`] by the caller (the `families` module dispatches by task family), so this module
/// owns the runner and knows no job of its own.
pub(crate) type Driver = for<'a> fn(
    &'a mut Runner,
) -> std::pin::Pin<
    Box<dyn std::future::Future<Output = Result<JobOutcome, ActorError>> + Send + 'a>,
>;

async fn drive(runner: &mut Runner) -> Result<JobOutcome, ActorError> {
    // Calls that were in doubt and change nothing are simply run again.
    for (tool, args) in std::mem::take(&mut runner.reruns) {
        let attempt = Attempt {
            offered: vec![tool.clone()],
            tool,
            args,
            depends_on: vec![],
            restore: false,
        };
        if let Err(CallBlocked::Fatal(e)) = runner.perform(attempt).await {
            return Err(e);
        }
    }
    let driver = runner.driver;
    match driver(runner).await {
        // A model pass the budget refused before it ran ends the job on its budget.
        Err(ActorError::ModelBudget(breach)) => runner.on_budget_breach(&breach),
        other => other,
    }
}

/// The observation a ledger outcome records (for the guard to learn from on resume): the
/// tool and its recorded output, when the call succeeded.
fn recorded_observation(record: &CallRecord) -> Option<Observation> {
    let outputs = &record.outputs;
    Some(Observation {
        work_id: record.work_id.clone(),
        tool: record.tool_ref.clone(),
        ok: outputs.get("ok")?.as_bool()?,
        exit_code: outputs
            .get("exit_code")
            .and_then(Value::as_i64)
            .and_then(|c| i32::try_from(c).ok()),
        output: outputs.get("output").cloned().unwrap_or(Value::Null),
        error: None,
        duration_ms: record.budget_delta.wall_time_ms,
        performer_pid: record.performer.process_id,
    })
}

/// Remember the content hash a write found (`before_sha256`, per file for a patch) for each
/// path the job had not written before.
fn note_originals(
    originals: &mut std::collections::BTreeMap<String, Option<String>>,
    output: &Value,
) {
    let one = |item: &Value| {
        let path = item.get("path").and_then(Value::as_str)?;
        let before = item.get("before_sha256")?;
        Some((path.to_string(), before.as_str().map(str::to_string)))
    };
    let files = output.get("files").and_then(Value::as_array);
    for (path, before) in std::iter::once(output)
        .chain(files.into_iter().flatten())
        .filter_map(one)
    {
        originals.entry(path).or_insert(before);
    }
}

/// Is re-running this tool harmless? True when it writes no workspace file, git state or
/// anything else but build outputs: read-class tools and the test runner.
pub fn replayable(spec: &ToolSpec) -> bool {
    use tact_runtime::catalog::{Access, ResourceUse};
    spec.effect <= RiskClass::Read
        || spec.resources.iter().all(|r| match r {
            ResourceUse::File { access, .. }
            | ResourceUse::Tree { access, .. }
            | ResourceUse::Workspace { access }
            | ResourceUse::GitIndex { access } => *access == Access::Read,
            ResourceUse::PatchTargets { .. } | ResourceUse::User => false,
            ResourceUse::TestRunner => true,
        })
}

/// Decide what became of a write call that was in doubt, from the files themselves.
fn prove_write(workspace: &Path, tool: &str, args: &Value) -> Resolution {
    let Some(path) = args.get("path").and_then(Value::as_str) else {
        return Resolution::NeedsAttention;
    };
    let Ok(content) = std::fs::read_to_string(workspace.join(path)) else {
        return Resolution::NeedsAttention;
    };
    match tool {
        "apply_edit" => {
            let old = args.get("old_text").and_then(Value::as_str).unwrap_or("");
            let new = args.get("new_text").and_then(Value::as_str).unwrap_or("");
            let has_old = !old.is_empty() && content.contains(old);
            let has_new = !new.is_empty() && content.contains(new);
            match (has_old, has_new) {
                (false, true) => Resolution::Landed,
                (true, false) => Resolution::NotLanded,
                _ => Resolution::NeedsAttention,
            }
        }
        "write_file" => match args.get("content").and_then(Value::as_str) {
            Some(text) if text == content => Resolution::Landed,
            _ => Resolution::NeedsAttention,
        },
        _ => Resolution::NeedsAttention,
    }
}

/// What a ledger says the job should do when it is opened.
enum Opening {
    Fresh,
    /// Already ended: never re-run.
    Ended(JobStatus, String),
    Resume,
}

fn opening(state: &LedgerState) -> Opening {
    if state.records.is_empty() {
        return Opening::Fresh;
    }
    let last_done = state
        .records
        .iter()
        .rposition(|r| matches!(r.entry, LedgerEntry::Done { .. }));
    let Some(index) = last_done else {
        return Opening::Resume;
    };
    let answered_after = state.records[index..]
        .iter()
        .any(|r| matches!(r.entry, LedgerEntry::Answer { .. }));
    match &state.records[index].entry {
        LedgerEntry::Done { status, summary } => match status {
            JobStatus::WaitingForUser | JobStatus::NeedsAttention if answered_after => {
                Opening::Resume
            }
            _ => Opening::Ended(status.clone(), summary.clone()),
        },
        _ => Opening::Resume,
    }
}

/// Rebuild a runner's state from its ledger, and settle calls that were in doubt.
fn restore(runner: &mut Runner) -> Result<Option<String>, ActorError> {
    let records = runner.state.records.clone();
    let mut attention: Option<String> = None;
    let mut applied: Vec<(String, String, String, String)> = Vec::new();
    let mut settled: std::collections::HashSet<String> = Default::default();
    for r in &records {
        match &r.entry {
            LedgerEntry::Plan { plan } => runner.plan = plan.clone(),
            LedgerEntry::Intent { .. } => runner.work_seq += 1,
            LedgerEntry::Decision { step, decision } => {
                runner.step += 1;
                match decision {
                    Decision::Trigger(TriggerRecord {
                        key: Some(key),
                        decision: Some(decision),
                        signal: Some(signal),
                        ..
                    }) => {
                        runner.burn_model(signal.cost);
                        if let Ok(recorded) = serde_json::to_value((decision, signal)) {
                            runner.replay.insert(key.clone(), recorded);
                        }
                    }
                    Decision::Selector(record) => {
                        if let Some(cost) = record.cost {
                            runner.burn_model(cost);
                        }
                        runner
                            .replay
                            .insert(record.key.clone(), record.reply.value());
                    }
                    Decision::CommitTrigger(c) if c.holds => runner.commit_holds = true,
                    Decision::CandidateApplied(a) => applied.push((
                        a.id.clone(),
                        a.file.clone(),
                        a.old_block.clone(),
                        a.new_block.clone(),
                    )),
                    Decision::Reverted(r) => {
                        settled.insert(r.id.clone());
                    }
                    Decision::TestsDecide(d) => {
                        // A kept edit is settled; a rejected one only once it was reverted.
                        if d.judgement != Judgement::Worse {
                            settled.insert(d.id.clone());
                        }
                        runner
                            .judged
                            .push((d.file.clone(), d.line, d.new_line.clone(), false));
                    }
                    Decision::ProbeVerdict(p) => {
                        // A probe's outcome is evidence: a resumed job neither repeats it
                        // nor forgets that it passed.
                        runner
                            .judged
                            .push((p.file.clone(), p.line, p.new_line.clone(), p.passed));
                    }
                    unreadable if unreadable.resume_relevant() => {
                        return Err(ActorError::Ledger(format!(
                            "step {step} of this ledger records a `{}` decision this version of tact cannot read, and resuming needs it; resume with the version that started the job, or start a new job",
                            unreadable.node()
                        )));
                    }
                    _ => {}
                }
            }
            LedgerEntry::Outcome { record } => {
                runner.budget.burn(BudgetSpend {
                    tool_calls: record.budget_delta.tool_calls,
                    wall_time_ms: 0,
                    ..Default::default()
                });
                if let Some(output) = record.outputs.get("output") {
                    note_originals(&mut runner.originals, output);
                }
                if let Some(observation) = recorded_observation(record) {
                    runner.guard.observe(&observation);
                }
                runner.transcript.push((
                    "tool".into(),
                    format!("{} → {}", record.tool_ref.name, record.verdict.label()),
                ));
            }
            LedgerEntry::Answer { text } => runner.transcript.push(("user".into(), text.clone())),
            _ => {}
        }
    }
    for (id, file, old, new) in applied {
        if !settled.contains(&id) {
            runner.pending_reverts.push((file, old, new));
        }
    }
    // Settle what was in doubt: never re-execute a recorded outcome; re-run harmless calls;
    // prove writes from the files or park them for a person.
    for (work_id, tool_ref, _risk, args) in runner.state.in_doubt() {
        let spec = catalog::find(&runner.cfg.catalog, &tool_ref.name).cloned();
        let (resolution, reason) = match &spec {
            Some(spec) if replayable(spec) => {
                runner.reruns.push((tool_ref.name.clone(), args.clone()));
                (
                    Resolution::Failed,
                    "in doubt after a crash; re-run (it changes nothing)".to_string(),
                )
            }
            _ => match prove_write(&runner.cfg.workspace, &tool_ref.name, &args) {
                Resolution::NeedsAttention => (
                    Resolution::NeedsAttention,
                    format!("{tool_ref} may or may not have taken effect; a person must look"),
                ),
                proven => (proven, "settled from the file's content".to_string()),
            },
        };
        runner.append(LedgerEntry::Resolution {
            work_id: work_id.clone(),
            resolution,
            reason: reason.clone(),
        })?;
        if resolution == Resolution::NeedsAttention {
            runner.emit(JobEvent::NeedsAttention {
                work_id: work_id.clone(),
                reason: reason.clone(),
            });
            attention = Some(format!("{work_id}: {reason}"));
        }
    }
    Ok(attention)
}

/// Run one job headless to its end, or resume it from its ledger: a recorded outcome is never
/// re-executed, and recorded model outputs are replayed.
/// Run (or resume) the job `cfg` names, driven by `driver` once its runner is set up.
pub(crate) async fn run_job_with(cfg: JobConfig, driver: Driver) -> Result<JobOutcome, ActorError> {
    let dir = job_dir(&cfg.workspace, &cfg.job_id);
    std::fs::create_dir_all(&dir)?;
    let ledger_file = dir.join(tact_runtime::ledger::LEDGER_FILE);
    let (ledger, owner, records, recovery) =
        Ledger::open_mirrored(&ledger_file, cfg.ledger_mirror.clone())
            .map_err(|e| ActorError::Ledger(e.to_string()))?;
    if recovery.truncated_bytes > 0 {
        (cfg.events)(&JobEvent::Error {
            message: format!(
                "ledger tail recovered: {} bytes cut ({})",
                recovery.truncated_bytes,
                recovery.reason.clone().unwrap_or_default()
            ),
        });
    }
    let state = LedgerState::new(records);
    let state_wall_burned_ms = state.wall_time_burned_ms();
    let mut state_tally = tact_policies::assurance::VerdictTally::default();
    for record in state.outcomes() {
        state_tally.add(&record.verdict);
    }
    let mut cfg = cfg;
    let opening = opening(&state);
    if let Opening::Ended(status, summary) = &opening {
        return Ok(JobOutcome {
            job_id: cfg.job_id.clone(),
            status: status.clone(),
            summary: summary.clone(),
            ledger: ledger_file,
            burned: BudgetSpend::default(),
            model_cost: ModelCost::default(),
        });
    }
    if let Some((task, test_command)) = state.records.iter().find_map(|r| match &r.entry {
        LedgerEntry::JobStarted {
            task, test_command, ..
        } => Some((task.clone(), test_command.clone())),
        _ => None,
    }) {
        cfg.task = task;
        // A resumed job runs the test command it started with unless told another.
        if cfg.tool_config.test_command.is_none() {
            cfg.tool_config.test_command = test_command;
        }
    }
    // A test command the task names ("Run the tests with `…`") is the one the job runs, unless
    // the caller configured one.
    if cfg.tool_config.test_command.is_none() {
        cfg.tool_config.test_command =
            tact_runtime::tools::test_command_named_in(&cfg.task, &cfg.workspace);
    }
    let has_test_suite = tact_runtime::tools::detect_test_command(
        &cfg.workspace,
        cfg.tool_config.test_command.as_deref(),
    )
    .is_ok();
    let family = planning::classify_in_workspace(&cfg.task, has_test_suite);
    let mut plan = planning::initial_plan(&cfg.job_id, &cfg.task, family, &cfg.policy);
    if let Some(budget) = &cfg.budget_override {
        plan.budget = budget.clone();
    }
    let plan = state.current_plan().cloned().unwrap_or(plan);
    plan.validate()
        .map_err(|e| ActorError::Policy(e.to_string()))?;
    let budget = BudgetLedger::new(&plan.budget).map_err(|e| ActorError::Policy(e.to_string()))?;
    let commit_holds = plan.commit_trigger == CommitTrigger::Immediately;
    let mut runner = Runner {
        driver,
        cfg: cfg.clone(),
        ledger,
        _owner: owner,
        state,
        budget,
        plan: plan.clone(),
        // Wall time burned before a crash still counts (the plan's ceiling is for the job).
        started: Instant::now()
            .checked_sub(std::time::Duration::from_millis(state_wall_burned_ms))
            .unwrap_or_else(Instant::now),
        step: 0,
        work_seq: 0,
        guard: tact_policies::guard::GuardState {
            protect_tests: plan.task_family == TaskFamily::FailingTests,
            test_command: cfg.tool_config.test_command.clone(),
            ..Default::default()
        },
        originals: Default::default(),
        commit_holds,
        routes: Vec::new(),
        tally: state_tally,
        route_choice: None,
        transcript: Vec::new(),
        escalated: Arc::new(Mutex::new(None)),
        redactor: DefaultRedactor::default(),
        model_cost: ModelCost::default(),
        replay: HashMap::new(),
        pending_reverts: Vec::new(),
        judged: Vec::new(),
        probe_slots: 1,
        reruns: Vec::new(),
        listed_dirs: Vec::new(),
        history_read: false,
        spectrum: None,
    };
    runner.emit(JobEvent::Started {
        job_id: runner.cfg.job_id.clone(),
        workspace: runner.cfg.workspace.display().to_string(),
        task: runner.cfg.task.clone(),
        model: runner.cfg.model.id(),
        ledger: runner.ledger.path().display().to_string(),
        resumed: !matches!(opening, Opening::Fresh),
    });
    match opening {
        Opening::Fresh => {
            runner.append(LedgerEntry::JobStarted {
                job_id: cfg.job_id.clone(),
                task: cfg.task.clone(),
                workspace: cfg.workspace.display().to_string(),
                model: cfg.model.id(),
                test_command: cfg.tool_config.test_command.clone(),
            })?;
            runner.write_plan(plan)?;
        }
        _ => {
            let attention = restore(&mut runner)?;
            runner.decision(Decision::Resume(ResumeRecord {
                records: runner.state.records.len(),
                reruns: runner.reruns.len(),
                pending_reverts: runner.pending_reverts.len(),
            }))?;
            if let Some(why) = attention {
                runner.checkpoint(
                    NextAction::Ask {
                        question: format!("Check the workspace: {why}"),
                    },
                    &why,
                )?;
                return runner.finish(JobStatus::NeedsAttention, &why);
            }
        }
    }
    let (job, handle) = Actor::spawn(Some(format!("tact/{}/job", cfg.job_id)), JobActor, runner)
        .await
        .map_err(|e| ActorError::Spawn("job".into(), e.to_string()))?;
    let result = job
        .call(JobMsg::Run, None)
        .await
        .map_err(|e| ActorError::StageDied {
            stage: "job".into(),
            reason: e.to_string(),
        })?;
    job.stop(None);
    let _ = handle.await;
    match result {
        ractor::rpc::CallResult::Success(Ok(outcome)) => Ok(outcome),
        ractor::rpc::CallResult::Success(Err(e)) => Err(ActorError::StageDied {
            stage: "job".into(),
            reason: e,
        }),
        _ => Err(ActorError::StageDied {
            stage: "job".into(),
            reason: "the job actor died".into(),
        }),
    }
}

/// What a call started as the worker's own step (copying a scratch workspace, starting the
/// runner) adds to the time limit its arguments give.
const CALL_START_MS: u64 = 2_000;

/// The wall time a call is projected to take, for its admission: the tool's estimate, or
/// less when the call names its own time limit (`timeout_ms`, as every probe does) — its test
/// runs cannot take longer (a probe runs at most two: the failing tests, then on a pass the
/// whole suite). A probe's 60 s estimate against its 8 s limit stopped 300 s jobs up to a
/// minute early (probe44-rs-01 at 247 s).
fn call_time_bound(estimate_ms: u64, args: &serde_json::Value) -> u64 {
    match args.get("timeout_ms").and_then(serde_json::Value::as_u64) {
        Some(limit) => estimate_ms.min(limit.saturating_mul(2).saturating_add(CALL_START_MS)),
        None => estimate_ms,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    /// probe44-rs-01 stopped at 247 s of 300: each probe was projected at the tool's 60 s
    /// estimate though its own limit was 8 s.
    #[test]
    fn a_call_is_projected_at_its_own_time_limit_when_it_names_one() {
        let probe = serde_json::json!({"edits": [], "timeout_ms": 8_405});
        assert_eq!(call_time_bound(60_000, &probe), 2 * 8_405 + CALL_START_MS);
        assert_eq!(
            call_time_bound(60_000, &serde_json::json!({"path": "a.py"})),
            60_000
        );
        // A limit above the estimate does not raise it.
        let slow = serde_json::json!({"timeout_ms": 600_000});
        assert_eq!(call_time_bound(60_000, &slow), 60_000);
    }

    /// everyday2's git-changes-since-commit: the answer's evidence for a diff names the files
    /// and the lines added and removed, not the diff's first 400 characters of headers.
    #[test]
    fn a_diffs_evidence_is_its_changed_lines_by_file() {
        let diff = "diff --git a/docs/a.md b/docs/a.md\nindex d18cacd..adba2dc 100644\n--- a/docs/a.md\n+++ b/docs/a.md\n@@ -1,2 +1,2 @@\n # A\n-leader: Sam\n+leader: Joanna\ndiff --git a/club.toml b/club.toml\n--- a/club.toml\n+++ b/club.toml\n@@ -3 +3 @@\n-max = 12\n+max = 14\n";
        assert_eq!(
            super::diff_gist(diff),
            "docs/a.md: -leader: Sam +leader: Joanna club.toml: -max = 12 +max = 14"
        );
        assert_eq!(super::diff_gist(""), "no uncommitted changes");
    }

    #[test]
    fn an_answer_stops_where_it_starts_repeating() {
        let looping = "Bonjour.\n\nJe ne sais pas.\nJe ne sais pas.\n\nJe ne sais pas.";
        assert_eq!(until_repeated(looping), "Bonjour.\n\nJe ne sais pas.");
        assert_eq!(until_repeated("  one line  "), "one line");
        assert_eq!(until_repeated(""), "");
    }

    /// Regression (examples/everyday, tests-failing-name): the model was told "tests: 4 passed,
    /// 1 failed" and not which test failed, so it could not say; nor how many ran in all.
    #[test]
    fn a_test_run_is_summarized_with_its_failing_tests() {
        let obs = Observation {
            work_id: "w1".into(),
            tool: ToolRef::new("run_tests", 1),
            ok: true,
            exit_code: Some(1),
            output: serde_json::json!({"report": {"passed": 4, "failed": 1,
                "failures": ["test_inventory.py::test_low_stock"]}}),
            error: None,
            duration_ms: 1,
            performer_pid: 1,
        };
        assert_eq!(
            summary_of(&obs),
            "tests: 5 run, 4 passed, 1 failed (failing: test_inventory.py::test_low_stock)"
        );
    }
}
