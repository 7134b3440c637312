//! The C.24 call-planning records, kept as distinct types: a plan is intent, a checkpoint is
//! what a bounded probe hands back, a call record is the evidence of one actual call.
//!
//! A [`CallPlan`] never carries burned budget or results; only [`CallRecord`]s and
//! [`CheckpointReturn`]s do.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::error::RuntimeError;

/// The exact admitted tool a call enacts: a name at an edition (`read_file@1`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ToolRef {
    pub name: String,
    pub edition: u32,
}

impl ToolRef {
    pub fn new(name: impl Into<String>, edition: u32) -> Self {
        Self {
            name: name.into(),
            edition,
        }
    }
}

impl fmt::Display for ToolRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}@{}", self.name, self.edition)
    }
}

/// The description and schema text of a tool, at its own edition. Changing a description does
/// not change the tool, and the reverse.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ToolDescriptionRef {
    pub tool: String,
    pub edition: u32,
    /// SHA-256 (hex) of the description text and schema, so a cited edition can be checked.
    pub digest: String,
}

/// Risk class of a tool's effect, ordered: none < read < write < exec.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default,
)]
#[serde(rename_all = "snake_case")]
pub enum RiskClass {
    #[default]
    None,
    Read,
    Write,
    Exec,
}

impl fmt::Display for RiskClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = match self {
            RiskClass::None => "none",
            RiskClass::Read => "read",
            RiskClass::Write => "write",
            RiskClass::Exec => "exec",
        };
        f.write_str(s)
    }
}

/// The ceilings a plan may spend. Every ceiling is required: a plan without one is refused.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct BudgetEnvelope {
    pub wall_time_ms: Option<u64>,
    pub forward_passes: Option<u64>,
    pub tokens: Option<u64>,
    pub tool_calls: Option<u64>,
    /// Highest risk class a call under this plan may have.
    pub risk_limit: Option<RiskClass>,
}

impl BudgetEnvelope {
    pub fn new(
        wall_time_ms: u64,
        forward_passes: u64,
        tokens: u64,
        tool_calls: u64,
        risk_limit: RiskClass,
    ) -> Self {
        Self {
            wall_time_ms: Some(wall_time_ms),
            forward_passes: Some(forward_passes),
            tokens: Some(tokens),
            tool_calls: Some(tool_calls),
            risk_limit: Some(risk_limit),
        }
    }

    /// The ceilings as a spend vector, or the name of the first missing ceiling.
    pub fn ceilings(&self) -> Result<(BudgetSpend, RiskClass), &'static str> {
        Ok((
            BudgetSpend {
                wall_time_ms: self.wall_time_ms.ok_or("budget.wall_time_ms")?,
                forward_passes: self.forward_passes.ok_or("budget.forward_passes")?,
                tokens: self.tokens.ok_or("budget.tokens")?,
                tool_calls: self.tool_calls.ok_or("budget.tool_calls")?,
            },
            self.risk_limit.ok_or("budget.risk_limit")?,
        ))
    }
}

/// An amount of budget: burned, residual, projected or a per-call delta.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct BudgetSpend {
    pub wall_time_ms: u64,
    pub forward_passes: u64,
    pub tokens: u64,
    pub tool_calls: u64,
}

impl BudgetSpend {
    pub fn plus(self, o: BudgetSpend) -> BudgetSpend {
        BudgetSpend {
            wall_time_ms: self.wall_time_ms.saturating_add(o.wall_time_ms),
            forward_passes: self.forward_passes.saturating_add(o.forward_passes),
            tokens: self.tokens.saturating_add(o.tokens),
            tool_calls: self.tool_calls.saturating_add(o.tool_calls),
        }
    }

    pub fn minus(self, o: BudgetSpend) -> BudgetSpend {
        BudgetSpend {
            wall_time_ms: self.wall_time_ms.saturating_sub(o.wall_time_ms),
            forward_passes: self.forward_passes.saturating_sub(o.forward_passes),
            tokens: self.tokens.saturating_sub(o.tokens),
            tool_calls: self.tool_calls.saturating_sub(o.tool_calls),
        }
    }

    /// The first dimension in which `self` exceeds `limit`, if any.
    pub fn exceeds(&self, limit: &BudgetSpend) -> Option<&'static str> {
        if self.wall_time_ms > limit.wall_time_ms {
            Some("wall_time_ms")
        } else if self.forward_passes > limit.forward_passes {
            Some("forward_passes")
        } else if self.tokens > limit.tokens {
            Some("tokens")
        } else if self.tool_calls > limit.tool_calls {
            Some("tool_calls")
        } else {
            None
        }
    }
}

/// The policy a plan or call ran under: its name and edition (the policy file's content hash).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PolicyRef {
    pub name: String,
    pub edition: String,
}

/// One planned call: intent only.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlannedCall {
    pub tool_ref: ToolRef,
    pub description_ref: Option<ToolDescriptionRef>,
    /// Why this call is in the plan, in a few words.
    pub purpose: String,
}

/// When a job stops.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum StopCondition {
    /// The objective's acceptance holds (e.g. all tests pass).
    ObjectiveMet,
    /// A budget ceiling would be exceeded by the next call.
    BudgetExhausted,
    /// The selector chose `stop`.
    SelectorStop,
    /// This many consecutive guard refusals.
    GuardRefusals { count: u32 },
}

/// When a job writes a new plan edition instead of going on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ReplanCondition {
    /// The trust gate returned `Failed`.
    TrustFailed,
    /// This many guard refusals in a row.
    GuardRefusals { count: u32 },
    /// A budget breach with budget left in the probe or commit phase.
    BudgetBreach,
}

/// When probing may turn into committing (write- and exec-class calls).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum CommitTrigger {
    /// Commit from the start (familiar task family with a template).
    Immediately,
    /// A failing test has been reproduced by a verified test run.
    FailingTestReproduced,
    /// A localization with at least one candidate location exists.
    Localized,
    /// Never commit: read-only job (e.g. a question about the code).
    Never,
}

/// Bitter-Lesson Preference tolerances.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BlpTolerances {
    /// Budget tolerance: routes within `alpha` (relative) cost are treated as equal.
    pub alpha: f32,
    /// Assurance tolerance.
    pub delta: f32,
    pub waiver: Option<BlpWaiver>,
}

/// A recorded hand-coded override of the BLP (C.24 ATC-2): the heuristic preferred over the
/// general, learned method, why, until when (`YYYY-MM-DD`; an expired waiver is refused when
/// the policy loads) and when to re-evaluate it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BlpWaiver {
    /// What the waiver lets the job prefer, e.g. `enumerated_first`.
    #[serde(default)]
    pub heuristic: String,
    pub reason: String,
    pub expires: String,
    #[serde(default)]
    pub reevaluate: String,
}

/// Assurance ⟨F, G, R⟩: formality level, scope claimed, reliability target.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Assurance {
    pub formality: u8,
    pub scope: String,
    pub reliability: f32,
}

/// What the job intends to do next.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum NextAction {
    Call { tool_ref: ToolRef },
    Ask { question: String },
    Stop { reason: String },
    Replan { reason: String },
}

/// The families tact knows plan templates for.
/// On the wire, its snake_case name (as plans and checkpoints always held it); a name this
/// version does not know reads as `Unknown`, which starts in probe mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TaskFamily {
    /// "The tests fail; find the bug and fix it."
    FailingTests,
    /// "Where is X handled?", "what does Y do?": read-only.
    Question,
    /// "Rename X", "add a flag": a described change.
    DescribedChange,
    /// Anything else: probe first.
    #[serde(other)]
    Unknown,
}

impl TaskFamily {
    pub fn as_str(&self) -> &'static str {
        match self {
            TaskFamily::FailingTests => "failing_tests",
            TaskFamily::Question => "question",
            TaskFamily::DescribedChange => "described_change",
            TaskFamily::Unknown => "unknown",
        }
    }
}

impl fmt::Display for TaskFamily {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A call plan (a WorkPlan): intent only. A new edition supersedes an old one; an old plan is
/// never edited.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CallPlan {
    pub plan_id: String,
    pub edition: u32,
    pub supersedes: Option<u32>,
    pub objective: String,
    pub context: String,
    pub task_family: TaskFamily,
    pub planned_calls: Vec<PlannedCall>,
    pub budget: BudgetEnvelope,
    /// Budget for read-only probing before the commit trigger holds.
    pub probe_budget: Option<BudgetEnvelope>,
    pub policy_ref: PolicyRef,
    /// Share of the budget that may go to exploratory (off-plan) calls, 0..=1.
    pub explore_share: f32,
    pub stop_conditions: Vec<StopCondition>,
    pub replan_conditions: Vec<ReplanCondition>,
    pub commit_trigger: CommitTrigger,
    pub blp: BlpTolerances,
    pub assurance: Assurance,
    pub next_action: NextAction,
}

impl CallPlan {
    /// Refuse a plan without a budget ceiling or a stop condition, naming the missing field.
    pub fn validate(&self) -> Result<(), RuntimeError> {
        self.budget
            .ceilings()
            .map_err(|field| RuntimeError::InvalidPlan {
                field: field.to_string(),
            })?;
        if self.stop_conditions.is_empty() {
            return Err(RuntimeError::InvalidPlan {
                field: "stop_conditions".into(),
            });
        }
        if !(0.0..=1.0).contains(&self.explore_share) {
            return Err(RuntimeError::InvalidPlan {
                field: "explore_share".into(),
            });
        }
        if let Some(probe) = &self.probe_budget {
            probe
                .ceilings()
                .map_err(|field| RuntimeError::InvalidPlan {
                    field: format!("probe_{field}"),
                })?;
        }
        Ok(())
    }
}

/// The trust gate's verdict on one observation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
pub enum TrustVerdict {
    Verified,
    Unverified { reason: String },
    Failed { reason: String },
}

impl TrustVerdict {
    pub fn label(&self) -> &'static str {
        match self {
            TrustVerdict::Verified => "verified",
            TrustVerdict::Unverified { .. } => "unverified",
            TrustVerdict::Failed { .. } => "failed",
        }
    }
}

/// A route tried during probing, with its evidence.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TestedRoute {
    pub tool_ref: ToolRef,
    pub work_id: Option<String>,
    pub evidence: String,
    pub verdict: TrustVerdict,
}

/// What a bounded probe phase (or a job that ran out of budget) hands back.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CheckpointReturn {
    pub task_family: TaskFamily,
    pub plan_id: String,
    pub plan_edition: u32,
    pub tested_routes: Vec<TestedRoute>,
    pub burned: BudgetSpend,
    pub residual: BudgetSpend,
    pub recommended_next: NextAction,
    pub commit_trigger: CommitTrigger,
    pub commit_trigger_holds: bool,
    pub reason: String,
    /// ⟨F, G, R⟩ the evidence so far achieves, from the trust verdicts (absent in checkpoints
    /// written before it was recorded).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub assurance: Option<AssuranceAchieved>,
    /// The passing routes' Pareto front and the one the declared rule chose (repair jobs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub route_choice: Option<RouteChoice>,
}

/// The assurance the job's evidence achieves: formality, scope and reliability, computed from
/// the trust gate's verdicts (C.24's ⟨F, G, R⟩ beside the plan's target).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AssuranceAchieved {
    /// F: 2 when a run of the workspace's own tests was verified (counts parsed and checked),
    /// 1 when some observation was verified (schema, exit code, round-trip), 0 when none was.
    pub formality: u8,
    /// G: what that evidence covers.
    pub scope: String,
    /// R: the share of checked observations the trust gate verified (0 when none was checked).
    pub reliability: f32,
    pub verified: u32,
    pub unverified: u32,
    pub failed: u32,
    /// Whether F and R reach the plan's assurance target.
    pub meets_plan: bool,
}

/// How the committed route was chosen among those that passed: their Pareto front over (tests
/// passed ↑, edit size ↓, cost ↓) and the declared rule that picks one of the front.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RouteChoice {
    /// Every passing route, described, with its objectives.
    pub routes: Vec<RouteObjectives>,
    /// Indices into `routes` of the non-dominated ones.
    pub front: Vec<usize>,
    pub rule: String,
    /// Index into `routes` of the chosen one.
    pub chosen: usize,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RouteObjectives {
    pub route: String,
    pub tests_passed: u64,
    pub edit_size: u64,
    /// The cost of reaching the route: probes spent up to and including it (deterministic,
    /// where a duration would let timing noise pick between equals).
    pub probes_spent: u64,
}

/// Who performed a call.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Performer {
    pub process_id: u32,
    pub host: String,
}

/// One CallGraph row: the evidence of one actual call. It exists only for a call that ran.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CallRecord {
    pub work_id: String,
    pub tool_ref: ToolRef,
    pub description_edition: Option<u32>,
    pub performer: Performer,
    /// The pipeline stage that ran the call (`executor`) and its position in the plan.
    pub stage: String,
    pub plan_ref: (String, u32),
    pub policy_ref: PolicyRef,
    pub started_ms: u64,
    pub ended_ms: u64,
    pub inputs: serde_json::Value,
    pub outputs: serde_json::Value,
    pub budget_delta: BudgetSpend,
    pub verdict: TrustVerdict,
}

/// Redaction hook applied to a call's inputs and outputs before they reach the ledger.
pub trait Redactor: Send + Sync {
    fn redact(&self, value: serde_json::Value) -> serde_json::Value;
}

/// Redacts values of keys that look like secrets and truncates long strings.
#[derive(Debug, Clone)]
pub struct DefaultRedactor {
    pub max_string: usize,
}

impl Default for DefaultRedactor {
    fn default() -> Self {
        Self {
            max_string: 16 * 1024,
        }
    }
}

impl Redactor for DefaultRedactor {
    fn redact(&self, value: serde_json::Value) -> serde_json::Value {
        use serde_json::Value;
        match value {
            Value::Object(map) => Value::Object(
                map.into_iter()
                    .map(|(k, v)| {
                        let lower = k.to_ascii_lowercase();
                        if ["password", "secret", "token", "api_key", "apikey"]
                            .iter()
                            .any(|s| lower.contains(s))
                            && v.is_string()
                        {
                            (k, Value::String("[redacted]".into()))
                        } else {
                            (k, self.redact(v))
                        }
                    })
                    .collect(),
            ),
            Value::Array(items) => {
                Value::Array(items.into_iter().map(|v| self.redact(v)).collect())
            }
            Value::String(s) if s.len() > self.max_string => {
                let mut cut = self.max_string;
                while !s.is_char_boundary(cut) {
                    cut -= 1;
                }
                Value::String(format!("{}…[{} bytes truncated]", &s[..cut], s.len() - cut))
            }
            other => other,
        }
    }
}
