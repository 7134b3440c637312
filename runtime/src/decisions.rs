//! The ledger's decision vocabulary: one [`Decision`] variant per kind of decision a node
//! records, with typed fields, and the small policy outputs they carry (the trigger's reading,
//! a localized line, a guard refusal, a budget breach), which therefore live here, in the crate
//! that owns every wire type.
//!
//! On disk and in `--json` events a decision is still `{"node": NAME, "detail": {...}}` (the
//! node names and field names are those of earlier ledgers), so ledgers written before the
//! decisions were typed still read. A record whose node or detail this version does not know
//! reads as [`Decision::Unrecognized`]: shown by `tact ledger`, and refused by a resume when
//! it could carry state the resume needs ([`Decision::resume_relevant`]).

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::model_io::{ConfidenceSignal, ModelCost, ToolChoice};
use crate::records::{CommitTrigger, RiskClass, TrustVerdict};

/// What the trigger decided, with the number it read.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct TriggerDecision {
    pub action: TriggerAction,
    /// The "need a tool" score compared with τ (higher = more need).
    pub need: f32,
    pub tau: f32,
    pub signal: TriggerSignal,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TriggerAction {
    SeekTool,
    Reason,
}

/// Which confidence signal the trigger reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TriggerSignal {
    /// Probability mass on opening a tool call.
    PTool,
    /// The hidden-state linear probe's probability.
    Probe,
    /// Next-token entropy (high = unsure = seek help).
    Entropy,
    /// Top-token log-probability (low = unsure = seek help).
    TopLogprob,
    /// Probability margin between the top two tokens (small = unsure = seek help).
    Margin,
}

/// One ranked place where the bug may be.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CandidateLocation {
    /// Path relative to the workspace, `/`-separated.
    pub file: String,
    /// 1-based line.
    pub line: u32,
    /// Enclosing function, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub function: Option<String>,
    /// Higher is more suspicious; only the order is meaningful.
    pub score: f64,
    /// Why this line is a candidate, for the ledger and the user.
    pub reason: String,
}

/// Why a call may not start.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum BudgetBreach {
    #[error("projected {dimension} would exceed the ceiling ({projected} > {ceiling})")]
    Exceeds {
        dimension: String,
        projected: u64,
        ceiling: u64,
    },
    #[error("risk class {risk} exceeds the plan's limit {limit}")]
    RiskAboveLimit { risk: RiskClass, limit: RiskClass },
    #[error("the plan has no ceiling for {field}")]
    MissingCeiling { field: String },
}

/// A refusal: a typed kind and the exact text the selector receives next time.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Refusal {
    pub kind: String,
    pub message: String,
}

/// One recorded decision of a node.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "node", content = "detail", rename_all = "snake_case")]
pub enum Decision {
    /// The trigger read the model's confidence (or was forced to seek a tool).
    Trigger(TriggerRecord),
    /// A model request of the selector stage and its recorded reply.
    Selector(SelectorRecord),
    /// A model request that failed; the job went on without its reply.
    ModelError(ModelErrorRecord),
    /// The retriever's shortlist.
    Retriever(RetrieverRecord),
    /// The guard refused a call.
    Guard(GuardRecord),
    /// The plan's commit trigger held.
    CommitTrigger(CommitTriggerRecord),
    /// A call did not start: the budget would be breached.
    Budget(BudgetRecord),
    /// The model answered in language (reason branch).
    Answer(AnswerRecord),
    /// A job resumed from its ledger.
    Resume(ResumeRecord),
    /// Failing tests localized to source lines.
    Localize(LocalizeRecord),
    /// The policy's ranker could not be loaded; the hand-set order is used.
    Ranker(RankerFallback),
    /// Enumerated candidates ordered.
    Rank(RankRecord),
    /// The probe budget divided between enumerated and model-written candidates.
    ProbeAllocation(ProbeAllocation),
    /// The time limit of one probe.
    ProbeTimeout(ProbeTimeout),
    /// One candidate probed in a scratch copy.
    ProbeVerdict(ProbeVerdict),
    /// A candidate about to be written to the workspace (recorded before the edit).
    CandidateApplied(CandidateApplied),
    /// A written candidate confirmed, or judged worse.
    TestsDecide(TestsDecide),
    /// A written candidate undone.
    Reverted(Reverted),
    /// Edits the model wrote.
    Proposals(Proposals),
    /// A decision this version cannot read (a newer node, or an older shape).
    #[serde(untagged)]
    Unrecognized { node: String, detail: Value },
}

/// `text` on one line, at most `n` characters (an ellipsis marks a cut).
fn clip(text: &str, n: usize) -> String {
    let one_line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if one_line.chars().count() <= n {
        one_line
    } else {
        format!("{}…", one_line.chars().take(n).collect::<String>())
    }
}

impl Decision {
    /// One line for a person following the job (`tact run` without `--json`), or None for what
    /// only `-v` shows (the model's scores, the probe budget's arithmetic).
    pub fn human(&self) -> Option<String> {
        Some(match self {
            Decision::Trigger(r) => match (&r.decision, r.forced) {
                (_, true) if !r.grounding.is_empty() => format!(
                    "trigger: seek a tool — the request names {}, not read yet",
                    r.grounding.join(", ")
                ),
                (_, true) => "trigger: forced to seek a tool (--always-call)".into(),
                (Some(d), false) => format!(
                    "trigger: {} ({} {:.3} against τ {:.3})",
                    match d.action {
                        TriggerAction::SeekTool => "seek a tool",
                        TriggerAction::Reason => "reason in language",
                    },
                    serde_json::to_value(d.signal)
                        .ok()
                        .and_then(|v| v.as_str().map(str::to_string))
                        .unwrap_or_default(),
                    d.need,
                    d.tau
                ),
                (None, false) => return None,
            },
            Decision::Selector(r) => match &r.reply {
                ModelReply::Choice(c) => {
                    format!("selector: {} {}", c.name, clip(&c.args.to_string(), 80))
                }
                ModelReply::Answer(text) => format!("model answered: {}", clip(text, 100)),
                ModelReply::Completion(text) => format!("model wrote: {}", clip(text, 100)),
                ModelReply::Scores(_) => return None,
            },
            Decision::ModelError(r) => format!(
                "model request failed ({:?}): {}",
                r.request,
                clip(&r.error, 100)
            ),
            Decision::Retriever(r) => format!(
                "retriever ({}): {}{}",
                r.ranking,
                r.shortlist.join(", "),
                if r.none_fits { " (none fits well)" } else { "" }
            ),
            Decision::Guard(r) => format!(
                "guard refused {}: {}",
                r.tool,
                clip(&r.refused.message, 120)
            ),
            Decision::CommitTrigger(r) => match r.failed {
                Some(n) => format!(
                    "reproduced: {n} failing test{} ({})",
                    if n == 1 { "" } else { "s" },
                    r.evidence
                ),
                None => format!(
                    "commit trigger {} ({})",
                    if r.holds { "holds" } else { "waits" },
                    r.evidence
                ),
            },
            Decision::Budget(r) => format!("budget: {}", r.breach),
            Decision::Answer(r) => {
                format!("answer [{}]: {}", r.verdict.label(), clip(&r.text, 100))
            }
            Decision::Resume(r) => format!(
                "resumed from {} ledger records ({} calls re-run, {} edits to undo)",
                r.records, r.reruns, r.pending_reverts
            ),
            Decision::Localize(r) => match (&r.error, r.candidates.first()) {
                (Some(e), _) => format!("localization failed: {}", clip(e, 100)),
                (None, None) => "localization found no source line".into(),
                (None, Some(top)) => format!(
                    "localized {} line{}; most suspicious {}:{} ({})",
                    r.candidates.len(),
                    if r.candidates.len() == 1 { "" } else { "s" },
                    top.file,
                    top.line,
                    clip(&top.reason, 80)
                ),
            },
            Decision::Ranker(r) => format!(
                "ranker unavailable ({}); {} order",
                clip(&r.error, 80),
                r.fallback
            ),
            Decision::Rank(r) => format!(
                "{} candidate fixes, ranked ({}{}); first: {}",
                r.candidates,
                r.ranker,
                match (r.scored, r.scoring_deferred) {
                    (_, Some(n)) => format!(", the model reads them after the first {n}"),
                    (Some(n), None) if n < r.candidates => format!(", {n} read by the model"),
                    _ => String::new(),
                },
                r.top.first().map_or("-".into(), |c| clip(&c.candidate, 90))
            ),
            Decision::ProbeAllocation(r) => match &r.order {
                Some(order) => format!("probe order: {}", clip(order, 120)),
                None => return None,
            },
            Decision::ProbeTimeout(_) => return None,
            Decision::ProbeVerdict(r) => format!(
                "probe {}:{} → `{}` ({}): {}",
                r.file,
                r.line,
                clip(r.new_line.trim(), 70),
                r.origin,
                if r.passed { "PASSED" } else { "failed" }
            ),
            Decision::CandidateApplied(r) => format!(
                "writing {}:{} → `{}` ({})",
                r.file,
                r.line,
                clip(r.new_line.trim(), 70),
                r.origin
            ),
            Decision::TestsDecide(r) => match r.judgement {
                Judgement::Fixed => format!(
                    "confirmed: {}{}",
                    clip(&r.candidate, 100),
                    r.tests
                        .as_ref()
                        .map(|t| format!(" ({t})"))
                        .unwrap_or_default()
                ),
                Judgement::Worse => format!(
                    "rejected: {}{}",
                    clip(&r.candidate, 100),
                    r.why
                        .as_ref()
                        .map(|w| format!(" ({})", clip(w, 60)))
                        .unwrap_or_default()
                ),
            },
            Decision::Reverted(r) => match &r.failed {
                Some(why) => format!("could not undo the edit of {}: {}", r.file, clip(why, 80)),
                None => format!("undid the edit of {}", r.file),
            },
            Decision::Proposals(r) => format!(
                "the model wrote {} candidate edit{}",
                r.edits.len(),
                if r.edits.len() == 1 { "" } else { "s" }
            ),
            Decision::Unrecognized { .. } => return None,
        })
    }

    /// The node name, as on disk.
    pub fn node(&self) -> String {
        match self {
            Decision::Unrecognized { node, .. } => node.clone(),
            other => serde_json::to_value(other)
                .ok()
                .and_then(|v| v.get("node").and_then(Value::as_str).map(str::to_string))
                .unwrap_or_default(),
        }
    }

    /// The detail, as on disk and in `--json` events.
    pub fn detail(&self) -> Value {
        match self {
            Decision::Unrecognized { detail, .. } => detail.clone(),
            other => serde_json::to_value(other)
                .ok()
                .and_then(|mut v| v.get_mut("detail").map(Value::take))
                .unwrap_or(Value::Null),
        }
    }

    /// An unreadable record that may carry state a resume needs (a recorded model reply, an
    /// edit written or undone, a probe's pass, the commit trigger): a resume must not guess
    /// past it.
    pub fn resume_relevant(&self) -> bool {
        match self {
            Decision::Unrecognized { node, detail } => {
                detail.get("key").is_some()
                    || RESUME_NODES.contains(&node.as_str())
                    || !KNOWN_NODES.contains(&node.as_str())
            }
            _ => false,
        }
    }
}

/// Nodes whose records a resume reads.
const RESUME_NODES: &[&str] = &[
    "trigger",
    "candidate_applied",
    "tests_decide",
    "reverted",
    "probe_verdict",
    "commit_trigger",
];

/// Every node name this version writes or knows from older ledgers.
const KNOWN_NODES: &[&str] = &[
    "trigger",
    "selector",
    "model_error",
    "retriever",
    "guard",
    "commit_trigger",
    "budget",
    "answer",
    "resume",
    "localize",
    "ranker",
    "rank",
    "probe_allocation",
    "probe_timeout",
    "probe_verdict",
    "candidate_applied",
    "tests_decide",
    "reverted",
    "proposals",
];

fn is_false(b: &bool) -> bool {
    !*b
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TriggerRecord {
    /// The request's replay key (absent when forced).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decision: Option<TriggerDecision>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signal: Option<ConfidenceSignal>,
    /// `--always-call`, or a request naming unread workspace files: the trigger did not
    /// read the model.
    #[serde(default, skip_serializing_if = "is_false")]
    pub forced: bool,
    /// The workspace files the request names that the job had not read: a tool was sought
    /// to read them (`[trigger] ground_named_files`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub grounding: Vec<String>,
}

/// What the model replied to a selector-stage request, by kind.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ModelReply {
    Choice(ToolChoice),
    Scores(Vec<f32>),
    Answer(String),
    Completion(String),
}

impl ModelReply {
    /// The reply alone, as the replay cache holds it.
    pub fn value(&self) -> Value {
        match self {
            ModelReply::Choice(c) => serde_json::to_value(c).unwrap_or(Value::Null),
            ModelReply::Scores(s) => serde_json::to_value(s).unwrap_or(Value::Null),
            ModelReply::Answer(t) | ModelReply::Completion(t) => Value::String(t.clone()),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SelectorRecord {
    /// The request's replay key.
    pub key: String,
    #[serde(flatten)]
    pub reply: ModelReply,
    /// What the pass cost (absent when replayed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost: Option<ModelCost>,
    /// Taken from the ledger on resume, not asked again.
    #[serde(default, skip_serializing_if = "is_false")]
    pub replayed: bool,
}

/// Which model request failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ModelRequestKind {
    Scoring,
    Completion,
    Answer,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ModelErrorRecord {
    pub request: ModelRequestKind,
    pub error: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RetrieverRecord {
    pub query: String,
    /// Which rankings produced the shortlist (`fused`, `bm25`).
    pub ranking: String,
    pub none_fits: bool,
    pub shortlist: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GuardRecord {
    pub work_id: String,
    pub tool: String,
    pub refused: Refusal,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CommitTriggerRecord {
    pub holds: bool,
    /// The call whose observation made it hold.
    pub evidence: String,
    /// Failing tests seen (failing-tests jobs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failed: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trigger: Option<CommitTrigger>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BudgetRecord {
    pub breach: BudgetBreach,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AnswerRecord {
    pub text: String,
    pub verdict: TrustVerdict,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ResumeRecord {
    pub records: usize,
    pub reruns: usize,
    pub pending_reverts: usize,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LocalizeRecord {
    #[serde(default)]
    pub candidates: Vec<CandidateLocation>,
    /// Why localization failed (then `candidates` is empty).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RankerFallback {
    pub error: String,
    pub fallback: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RankedCandidate {
    pub candidate: String,
    pub score: f32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RankRecord {
    /// The ranker's edition, or `hand_set`.
    pub ranker: String,
    pub candidates: usize,
    /// How many the decoder scored within the policy's scoring budget (None: the ranker reads
    /// no likelihoods, so none was asked).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scored: Option<usize>,
    /// The model's reading waits until this many evidence-backed candidates (a hang's loop
    /// step, a `mut` list's missing step), ordered first whatever it says, have been probed;
    /// a later record carries the reading of the rest.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scoring_deferred: Option<usize>,
    /// The first ten, best first.
    pub top: Vec<RankedCandidate>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ProbeAllocation {
    pub enumerated: u64,
    pub model_written: u64,
    pub explore_share: f32,
    /// Which candidates go first and on what ground (the BLP, or its waiver).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ProbeTimeout {
    pub timeout_ms: u64,
    pub baseline_ms: u64,
    /// The failing run was cut short (its time limit, or a hang warning): its duration is not
    /// the suite's pace. Absent in records written before it existed.
    #[serde(default)]
    pub baseline_cut: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ProbeVerdict {
    pub work_id: String,
    pub file: String,
    pub line: u32,
    pub new_line: String,
    /// Where the candidate came from (a mutation operator, or `model`).
    pub origin: String,
    pub score: f32,
    pub edit_chars: usize,
    pub edit_tokens: usize,
    pub passed: bool,
    pub evidence: String,
    /// The candidate failed, but the failing tests got further than with any before it (a
    /// partial fix: later candidates are also probed on top of it).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reached_further: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CandidateApplied {
    /// Digest of the file and both blocks: names the edit across a resume.
    pub id: String,
    pub file: String,
    pub line: u32,
    pub new_line: String,
    pub old_block: String,
    pub new_block: String,
    pub origin: String,
}

/// What the confirming evidence made of a written candidate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Judgement {
    Fixed,
    Worse,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TestsDecide {
    pub id: String,
    pub file: String,
    pub line: u32,
    pub new_line: String,
    /// The candidate, described.
    pub candidate: String,
    pub judgement: Judgement,
    /// The call whose test run confirmed it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evidence: Option<String>,
    /// That run's counts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tests: Option<String>,
    /// Why it was judged worse.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Reverted {
    pub id: String,
    pub file: String,
    /// Undone by a resume (the job had stopped between edit and confirmation).
    #[serde(default, skip_serializing_if = "is_false")]
    pub after_resume: bool,
    /// The undo could not be made; why.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failed: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ProposedEdit {
    pub file: String,
    pub line: u32,
    pub replacement: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Proposals {
    pub written_by: String,
    /// The model that wrote them when it is not the job's own (the policy's code writer).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub writer: Option<String>,
    pub edits: Vec<ProposedEdit>,
    /// Edits written but not probed, each with why (cut off by the token limit, a Python block
    /// opened or closed, comments only): a probe of them could not pass.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub set_aside: Vec<SetAsideEdit>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SetAsideEdit {
    pub edit: ProposedEdit,
    pub reason: String,
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::ledger::{LedgerEntry, LedgerRecord, encode_record, parse_records};

    fn through_disk(entry: LedgerEntry) -> LedgerEntry {
        let record = LedgerRecord {
            seq: 0,
            at_ms: 0,
            policy: None,
            entry,
        };
        let bytes = encode_record(&record).unwrap();
        let (records, _, error) = parse_records(&bytes);
        assert_eq!(error, None);
        records.into_iter().next().unwrap().entry
    }

    /// The record shape of ledgers written before decisions were typed.
    #[derive(Serialize)]
    #[serde(tag = "type", rename_all = "snake_case")]
    enum OldEntry {
        Decision {
            step: u32,
            node: String,
            detail: Value,
        },
    }

    fn read_old(node: &str, detail: Value) -> Decision {
        let bytes = rmp_serde::to_vec_named(&OldEntry::Decision {
            step: 7,
            node: node.into(),
            detail,
        })
        .unwrap();
        match rmp_serde::from_slice::<LedgerEntry>(&bytes).unwrap() {
            LedgerEntry::Decision { step, decision } => {
                assert_eq!(step, 7);
                decision
            }
            other => panic!("{other:?}"),
        }
    }

    fn cost() -> ModelCost {
        ModelCost {
            forward_passes: 2,
            tokens: 340,
            cached_tokens: 0,
        }
    }

    fn every_kind() -> Vec<Decision> {
        vec![
            Decision::Trigger(TriggerRecord {
                key: Some("k1".into()),
                decision: Some(TriggerDecision {
                    action: TriggerAction::SeekTool,
                    need: 0.7,
                    tau: 0.5,
                    signal: TriggerSignal::PTool,
                }),
                signal: Some(ConfidenceSignal {
                    top_logprob: -0.5,
                    entropy: 1.0,
                    margin: 0.2,
                    p_tool: 0.7,
                    probe: None,
                    cost: cost(),
                }),
                forced: false,
                grounding: Vec::new(),
            }),
            Decision::Selector(SelectorRecord {
                key: "k2".into(),
                reply: ModelReply::Scores(vec![-1.5, -2.0]),
                cost: Some(cost()),
                replayed: false,
            }),
            Decision::Selector(SelectorRecord {
                key: "k3".into(),
                reply: ModelReply::Choice(ToolChoice {
                    name: "read_file".into(),
                    args: json!({"path": "a.py"}),
                    scores: vec![("read_file".into(), -0.1)],
                    combined: None,
                    cost: cost(),
                }),
                cost: None,
                replayed: true,
            }),
            Decision::ModelError(ModelErrorRecord {
                request: ModelRequestKind::Completion,
                error: "out of memory".into(),
            }),
            Decision::Guard(GuardRecord {
                work_id: "w3".into(),
                tool: "apply_edit".into(),
                refused: Refusal {
                    kind: "unread_file".into(),
                    message: "read it first".into(),
                },
            }),
            Decision::Budget(BudgetRecord {
                breach: BudgetBreach::Exceeds {
                    dimension: "tool_calls".into(),
                    projected: 101,
                    ceiling: 100,
                },
            }),
            Decision::Localize(LocalizeRecord {
                candidates: vec![CandidateLocation {
                    file: "a.py".into(),
                    line: 3,
                    function: Some("f".into()),
                    score: 1.0,
                    reason: "traceback".into(),
                }],
                error: None,
            }),
            Decision::TestsDecide(TestsDecide {
                id: "abc".into(),
                file: "a.py".into(),
                line: 3,
                new_line: "x <= y".into(),
                candidate: "a.py:3".into(),
                judgement: Judgement::Fixed,
                evidence: Some("w4".into()),
                tests: Some("3 passed, 0 failed".into()),
                why: None,
            }),
            Decision::Reverted(Reverted {
                id: "abc".into(),
                file: "a.py".into(),
                after_resume: true,
                failed: None,
            }),
            Decision::Trigger(TriggerRecord {
                key: None,
                decision: None,
                signal: None,
                forced: true,
                grounding: vec!["README.md".into()],
            }),
        ]
    }

    #[test]
    fn every_kind_round_trips_through_the_ledger_encoding() {
        for (step, decision) in every_kind().into_iter().enumerate() {
            let entry = LedgerEntry::Decision {
                step: step as u32,
                decision,
            };
            assert_eq!(through_disk(entry.clone()), entry);
        }
    }

    /// Node and detail keep the names earlier ledgers and `--json` readers know.
    #[test]
    fn node_and_detail_keep_their_names() {
        let kinds = every_kind();
        assert_eq!(kinds[0].node(), "trigger");
        assert_eq!(kinds[0].detail()["decision"]["action"], "seek_tool");
        assert_eq!(kinds[1].node(), "selector");
        assert_eq!(kinds[1].detail()["scores"], json!([-1.5, -2.0]));
        assert_eq!(kinds[1].detail()["key"], "k2");
        assert_eq!(kinds[2].detail()["replayed"], true);
        assert_eq!(kinds[2].detail()["choice"]["name"], "read_file");
        assert_eq!(kinds[3].node(), "model_error");
        assert_eq!(kinds[5].detail()["breach"]["kind"], "exceeds");
        assert_eq!(kinds[7].node(), "tests_decide");
        assert_eq!(kinds[7].detail()["judgement"], "Fixed");
    }

    #[test]
    fn ledgers_written_before_the_types_still_read() {
        // A selector reply as it was written, with the duplicate `recorded` copy.
        let old = read_old(
            "selector",
            json!({"key": "k", "completion": "return x", "cost": {"forward_passes": 1, "tokens": 9}, "recorded": "return x"}),
        );
        match old {
            Decision::Selector(r) => {
                assert_eq!(r.key, "k");
                assert_eq!(r.reply, ModelReply::Completion("return x".into()));
                assert_eq!(r.cost.map(|c| c.tokens), Some(9));
            }
            other => panic!("{other:?}"),
        }
        let old = read_old(
            "tests_decide",
            json!({"id": "i", "file": "a.py", "line": 2, "new_line": "y", "candidate": "c", "judgement": "Worse", "why": "full run: 1 passed, 1 failed"}),
        );
        assert!(
            matches!(&old, Decision::TestsDecide(d) if d.judgement == Judgement::Worse),
            "{old:?}"
        );
        // An old selector error shape is kept as it was, and carries nothing a resume needs.
        let old = read_old("selector", json!({"scoring_error": "boom"}));
        assert_eq!(
            old,
            Decision::Unrecognized {
                node: "selector".into(),
                detail: json!({"scoring_error": "boom"})
            }
        );
        assert!(!old.resume_relevant());
        assert_eq!(old.node(), "selector");
    }

    #[test]
    fn an_unreadable_record_a_resume_needs_is_flagged() {
        // A candidate_applied without its blocks: a resume could not undo the edit.
        let broken = read_old("candidate_applied", json!({"id": "i", "file": "a.py"}));
        assert!(matches!(broken, Decision::Unrecognized { .. }));
        assert!(broken.resume_relevant());
        // A node from a newer version.
        let newer = read_old("plan_switch", json!({"to": 2}));
        assert!(newer.resume_relevant());
    }

    #[test]
    fn task_family_names_read_and_an_unknown_one_probes_first() {
        use crate::records::TaskFamily;
        let read = |s: &str| serde_json::from_value::<TaskFamily>(json!(s)).unwrap();
        assert_eq!(read("failing_tests"), TaskFamily::FailingTests);
        assert_eq!(read("described_change"), TaskFamily::DescribedChange);
        assert_eq!(read("translate_docs"), TaskFamily::Unknown);
        assert_eq!(
            serde_json::to_value(TaskFamily::Question).unwrap(),
            json!("question")
        );
    }
}
