//! The trigger (deterministic): the model's own confidence against the policy's τ decides
//! whether the step seeks a tool or is answered in language. Stage actor, call site.

use std::sync::Arc;

use tact_models::DecisionModel;
use tact_policies::policy::TriggerPolicy;
use tact_policies::trigger;
use tact_runtime::decisions::{Decision, TriggerRecord};
use tact_runtime::model_io::{StepPrompt, ToolCandidate};
use tact_runtime::stages::{TriggerRequest, TriggerResponse};

use crate::error::ActorError;
use crate::job::{Runner, request_key, runtime_choice};
use crate::stage::{NamedStage, StageLogic, ask_node};
use serde_json::json;

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

/// What the generic loop does after the trigger.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum TriggerOutcome {
    /// The model is confident: it answers in language.
    Reason,
    /// The model is unsure: it selects a tool.
    SeekTool,
    /// The request spells out a change and the job proposes the call that makes it (see
    /// `Runner::propose_change`): no trigger or selection pass.
    Proposed(tact_runtime::model_io::ToolChoice),
    /// A call that grounds the request, made first with no model decision (the request is
    /// answered from the workspace, not from memory): `read_file` of a named workspace file the
    /// job has not read, `list_dir` of a named directory not yet listed, the diff (of the files
    /// it names) or the status for a request about uncommitted work in a git workspace
    /// (`policies::trigger::history_ask`), or a search for the code symbol a question names
    /// when it names no file (`named_symbols`), or `calc` of the arithmetic a request gives.
    Grounded(tact_runtime::model_io::ToolChoice),
}

impl Runner {
    /// The trigger on the job's prompt.
    pub(crate) async fn trigger(
        &mut self,
        candidates: Vec<ToolCandidate>,
    ) -> Result<TriggerOutcome, ActorError> {
        // Once git grounded a request about uncommitted work, the files it names are grounded
        // by their diff: reading them would not say what changed.
        let history_grounded =
            self.history_read && tact_policies::trigger::history_ask(&self.cfg.task).is_some();
        let runs_tests = tact_policies::planning::asks_to_run_tests(&self.cfg.task);
        if !self.cfg.always_call
            && self.cfg.policy.body.trigger.ground_named_files
            && !history_grounded
        {
            // A request naming workspace files or directories is answered from them: while one
            // is unread (unlisted), a tool is sought without asking the model how sure it is.
            let workspace = self.cfg.workspace.clone();
            let inside = |p: &str| tact_runtime::tools::paths::lexical_key(p).is_some();
            let files = tact_policies::trigger::unread_named_files(
                &self.cfg.task,
                |p| inside(p) && workspace.join(p).is_file(),
                |p| self.guard.last_read.contains_key(p),
            );
            if let Some((choice, grounding)) = self.history_grounding(&files) {
                self.record_forced(grounding)?;
                return Ok(TriggerOutcome::Grounded(choice));
            }
            if let Some((choice, grounding)) = self.symbol_grounding() {
                self.record_forced(grounding)?;
                return Ok(TriggerOutcome::Grounded(choice));
            }
            // A test run the request asks for is its evidence, not a listing of the test
            // directory it names.
            let grounded = match files.first() {
                Some(first) => Some((runtime_choice("read_file", json!({ "path": first })), files)),
                None if runs_tests => None,
                None => tact_policies::trigger::named_dirs(&self.cfg.task, |p| {
                    inside(p) && workspace.join(p).is_dir()
                })
                .into_iter()
                .find(|d| !self.listed_dirs.contains(d))
                .map(|d| {
                    let grounding = vec![format!("{d}/")];
                    (runtime_choice("list_dir", json!({ "path": d })), grounding)
                }),
            };
            if let Some((choice, grounding)) = grounded {
                self.record_forced(grounding)?;
                return Ok(TriggerOutcome::Grounded(choice));
            }
        }
        // Arithmetic the request gives ("Take the square root of 2025 and add 7.") goes to the
        // calculator first, as the request writes it: a weak model's own sums, and its
        // arguments for them, are where it goes wrong (everyday2's calc-sqrt-2, calc-words).
        if !self.cfg.always_call
            && self.cfg.policy.body.trigger.ground_named_files
            && !self.has_observed()
            && tact_policies::planning::asks_for_arithmetic(&self.cfg.task)
            && self.candidate("calc").is_some()
            && let Some(expression) =
                tact_models::request_values::request_expressions(&self.cfg.task)
                    .into_iter()
                    .next()
        {
            self.record_forced(vec![format!("calc {expression}")])?;
            return Ok(TriggerOutcome::Grounded(runtime_choice(
                "calc",
                json!({ "expression": expression }),
            )));
        }
        // A request for a test run, or a question only a run answers ("One of the tests is
        // red, I think. Which one is it?"), runs the tests first: the model, asked, answered
        // from memory (everyday3's tests-counts-greenhouse).
        if !self.cfg.always_call
            && self.cfg.policy.body.trigger.ground_named_files
            && !self.has_observed()
            && self.plan.task_family != tact_runtime::records::TaskFamily::FailingTests
            && runs_tests
            && self.candidate("run_tests").is_some()
        {
            self.record_forced(vec!["run_tests".to_string()])?;
            return Ok(TriggerOutcome::Grounded(runtime_choice(
                "run_tests",
                json!({}),
            )));
        }
        // A request about the workspace itself is not answered from the model's memory: the
        // first step seeks a tool, whichever the selector picks.
        if !self.cfg.always_call
            && self.cfg.policy.body.trigger.ground_named_files
            && !self.has_observed()
            && tact_policies::trigger::refers_to_workspace(&self.cfg.task)
        {
            self.record_forced(vec!["the workspace".to_string()])?;
            return Ok(TriggerOutcome::SeekTool);
        }
        let prompt = self.prompt(None);
        Ok(if self.trigger_on(prompt, candidates).await? {
            TriggerOutcome::SeekTool
        } else {
            TriggerOutcome::Reason
        })
    }

    /// Whether any tool's observation is in the transcript yet.
    fn has_observed(&self) -> bool {
        self.transcript.iter().any(|(role, _)| role == "tool")
    }

    /// Record a step the trigger forced without asking the model, with what grounds it.
    fn record_forced(&mut self, grounding: Vec<String>) -> Result<(), ActorError> {
        self.decision(Decision::Trigger(TriggerRecord {
            key: None,
            decision: None,
            signal: None,
            forced: true,
            grounding,
        }))
    }

    /// The git call that grounds a request about uncommitted work, with what it grounds (for
    /// the trigger's record): `git_diff` of the named files (all changes when none is named)
    /// or `git_status`. None outside a git workspace, when the catalog lacks the tool, or once
    /// a git call ran.
    fn history_grounding(
        &self,
        named_files: &[String],
    ) -> Option<(tact_runtime::model_io::ToolChoice, Vec<String>)> {
        use tact_policies::trigger::{HistoryAsk, history_ask};
        if self.history_read || !self.cfg.workspace.join(".git").exists() {
            return None;
        }
        let (name, args) = match history_ask(&self.cfg.task)? {
            HistoryAsk::ChangedFiles => ("git_status", json!({})),
            HistoryAsk::Changes => match named_files {
                [one] => ("git_diff", json!({ "path": one })),
                _ => ("git_diff", json!({})),
            },
        };
        tact_runtime::catalog::find(&self.cfg.catalog, name)?;
        let grounding = vec![match args.get("path").and_then(serde_json::Value::as_str) {
            Some(path) => format!("{name} {path}"),
            None => name.to_string(),
        }];
        Some((runtime_choice(name, args), grounding))
    }

    /// The search that grounds a question naming a code symbol and no file ("In which file is
    /// the function `perimeter` defined?"): the model knows nothing of the workspace, the
    /// search says where the symbol is. Only as the job's first call, and only when the
    /// catalog has `search`.
    fn symbol_grounding(&self) -> Option<(tact_runtime::model_io::ToolChoice, Vec<String>)> {
        if self.plan.task_family != tact_runtime::records::TaskFamily::Question
            || self.has_observed()
        {
            return None;
        }
        let workspace = &self.cfg.workspace;
        let names_a_file = !tact_policies::trigger::unread_named_files(
            &self.cfg.task,
            |p| tact_runtime::tools::paths::lexical_key(p).is_some() && workspace.join(p).exists(),
            |_| false,
        )
        .is_empty();
        if names_a_file {
            return None;
        }
        let symbol = tact_policies::trigger::named_symbols(&self.cfg.task)
            .into_iter()
            .chain(tact_policies::trigger::mentioned_terms(&self.cfg.task))
            .next()?;
        tact_runtime::catalog::find(&self.cfg.catalog, "search")?;
        let grounding = vec![format!("search {symbol}")];
        Some((
            runtime_choice("search", json!({ "pattern": symbol })),
            grounding,
        ))
    }

    /// The trigger on a given prompt (the repair asks about the failure as first seen, not
    /// about the transcript of every candidate tried since). True: seek a tool.
    pub(crate) async fn trigger_on(
        &mut self,
        prompt: StepPrompt,
        candidates: Vec<ToolCandidate>,
    ) -> Result<bool, ActorError> {
        if self.cfg.always_call {
            self.record_forced(Vec::new())?;
            return Ok(true);
        }
        let key = request_key("trigger", &(&prompt, &candidates));
        let (decision, signal) = match self.replay.get(&key).cloned().and_then(|v| {
            serde_json::from_value::<(
                tact_policies::trigger::TriggerDecision,
                tact_runtime::model_io::ConfidenceSignal,
            )>(v)
            .ok()
        }) {
            Some(recorded) => recorded,
            None => {
                self.admit_model(&(&prompt, &candidates))?;
                let job_id = self.cfg.job_id.clone();
                let response = ask_node::<TriggerNode>(&job_id, || TriggerRequest {
                    prompt: prompt.clone(),
                    candidates: candidates.clone(),
                })
                .await?;
                let (decision, signal) = response.map_err(ActorError::Model)?;
                self.burn_model(signal.cost);
                (decision, signal)
            }
        };
        let seek = decision.action == tact_policies::trigger::TriggerAction::SeekTool;
        self.decision(Decision::Trigger(TriggerRecord {
            key: Some(key),
            decision: Some(decision),
            signal: Some(signal),
            forced: false,
            grounding: Vec::new(),
        }))?;
        Ok(seek)
    }
}
