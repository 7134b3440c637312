//! The policy file: thresholds, weights and lists that the deterministic nodes read.
//!
//! A policy's edition is the SHA-256 of its exact text, so two runs under the same edition make
//! the same deterministic decisions, and a change is a new edition (rolling back is switching
//! to the old file).

use std::path::Path;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
pub use tact_runtime::decisions::TriggerSignal;
use tact_runtime::records::{BudgetEnvelope, PolicyRef, RiskClass};

use crate::error::PolicyError;

/// The built-in default policy text.
/// The policy file format this build reads (`format = 1`).
pub const POLICY_FORMAT: u32 = 1;

pub const DEFAULT_POLICY: &str = include_str!("../default-policy.toml");

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TriggerPolicy {
    pub signal: TriggerSignal,
    pub tau: f32,
    #[serde(default)]
    pub probe: Option<String>,
}

/// Trigger settings per model. τ is on the scale of one model's signal (SmolLM2's `p_tool`
/// lives around 1e-7, another model's elsewhere), so a policy holds one [`TriggerPolicy`] per
/// model and refuses to run the trigger for a model it has none for.
///
/// Keys name a model at three levels, looked up most specific first: the full id
/// (`name@quant#sha256`), the id without its hash (`name@quant`), the name alone (`name`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TriggerSettings {
    #[serde(default)]
    pub models: std::collections::BTreeMap<String, TriggerPolicy>,
    /// A request that names files of the workspace is answered from them, not from the
    /// model's memory: while a file the request names is unread, the trigger seeks a tool
    /// without reading the model's confidence (see `trigger::unread_named_files`).
    #[serde(default = "yes")]
    pub ground_named_files: bool,
}

fn yes() -> bool {
    true
}

impl Default for TriggerSettings {
    fn default() -> Self {
        Self {
            models: Default::default(),
            ground_named_files: true,
        }
    }
}

impl TriggerSettings {
    /// The keys a model id is looked up under, most specific first.
    pub fn lookup_keys(model_id: &str) -> Vec<&str> {
        let without_hash = model_id.split_once('#').map_or(model_id, |(k, _)| k);
        let name = without_hash
            .split_once('@')
            .map_or(without_hash, |(k, _)| k);
        let mut keys = vec![model_id];
        for key in [without_hash, name] {
            if !keys.contains(&key) {
                keys.push(key);
            }
        }
        keys
    }

    /// The key holding `model_id`'s settings, if any.
    pub fn key_for<'a>(&self, model_id: &'a str) -> Option<&'a str> {
        Self::lookup_keys(model_id)
            .into_iter()
            .find(|key| self.models.contains_key(*key))
    }

    /// The settings for `model_id`, or an error naming the models the policy has settings for.
    pub fn for_model(&self, model_id: &str) -> Result<&TriggerPolicy, PolicyError> {
        self.key_for(model_id)
            .and_then(|key| self.models.get(key))
            .ok_or_else(|| PolicyError::NoTriggerSettings {
                model: model_id.to_owned(),
                known: self.models.keys().cloned().collect::<Vec<_>>().join(", "),
            })
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RetrievalPolicy {
    pub bm25_weight: f32,
    pub embedding_weight: f32,
    pub rrf_k: f32,
    pub max_depth: usize,
    pub gap_ratio: f32,
    pub bm25_floor: f32,
    pub cosine_floor: f32,
    /// A tuned adapter on the encoder's sentence vectors (`builtin:NAME` or a file), applied to
    /// queries and tool descriptions alike; none: the stock encoder.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adapter: Option<String>,
    /// Learned fusion weights over [`crate::retrieval::FUSION_FEATURES`], used instead of
    /// reciprocal rank fusion when the query has a vector; none: reciprocal rank fusion.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fusion: Option<LearnedFusion>,
    /// A request of several clauses ([`crate::retrieval::request_clauses`]) is also ranked
    /// clause by clause: a tool scores the best of the whole request's learned-fusion score and
    /// each clause's less this margin, so every task of "First … Then … Finally …" can reach
    /// the shortlist while a clause that is no task rarely outranks the whole request. Only
    /// with a learned fusion (its scores share one scale across texts); none: the whole request
    /// only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clause_margin: Option<f32>,
}

/// A linear scorer over each candidate's fusion features, fitted by `tact train-retriever`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LearnedFusion {
    /// The features the weights were fitted on, in order (checked against this build's).
    pub features: Vec<String>,
    pub weights: Vec<f32>,
}

impl LearnedFusion {
    /// The weights, when they were fitted on the features this build computes.
    pub fn checked_weights(&self) -> Result<&[f32], PolicyError> {
        let expected = crate::retrieval::FUSION_FEATURES;
        if self.features.len() != expected.len()
            || self.features.iter().zip(expected).any(|(a, b)| a != b)
            || self.weights.len() != expected.len()
        {
            return Err(PolicyError::Invalid(format!(
                "retrieval fusion fitted on features {:?} with {} weights; this build computes {:?}",
                self.features,
                self.weights.len(),
                expected
            )));
        }
        Ok(&self.weights)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GuardPolicy {
    pub command_allow: Vec<String>,
    pub command_deny: Vec<String>,
    pub max_refusals: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrustPolicy {
    pub invariants: Vec<String>,
}

impl TrustPolicy {
    pub fn enabled(&self, invariant: &str) -> bool {
        self.invariants.iter().any(|i| i == invariant)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BudgetPolicy {
    pub wall_time_ms: u64,
    pub forward_passes: u64,
    pub tokens: u64,
    pub tool_calls: u64,
    pub risk_limit: RiskClass,
}

impl BudgetPolicy {
    pub fn envelope(&self) -> BudgetEnvelope {
        BudgetEnvelope::new(
            self.wall_time_ms,
            self.forward_passes,
            self.tokens,
            self.tool_calls,
            self.risk_limit,
        )
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SupervisionPolicy {
    /// MaxR: restarts allowed within `within_secs` before escalation.
    pub max_restarts: u32,
    /// MaxT, seconds.
    pub within_secs: u64,
}

/// How the failing-tests job probes candidate fixes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RepairPolicy {
    /// The candidate ranker: a built-in artifact's name (see `tact_repair::rank::BUILTIN_RANKERS`) or a path
    /// (absolute, or relative to the models home). None orders by the hand-set prior.
    pub ranker: Option<String>,
    /// Share of the probe budget for candidates the model writes (the plan's explore share).
    pub explore_share: f32,
    /// Time limit of one probe's test run, in milliseconds.
    pub probe_timeout_ms: u64,
    /// Localized lines the candidates are drawn from.
    pub locations: usize,
    /// When every candidate from the `locations` lines failed and budget is left, the job
    /// localizes again this many lines deep and probes the candidates of the lines that are
    /// new (0 or at most `locations`: never). The first candidates' order is not touched.
    pub widen_locations: usize,
    /// Most enumerated candidates.
    pub max_candidates: usize,
    /// Probes run at once, each in its own scratch copy and worker process; 0 means one per
    /// core the machine has. Capped at the runtime's slot count.
    pub probe_slots: usize,
    /// Once a probe passes, how many of the next queued candidates are still considered beyond
    /// its batch (those with a larger edit are skipped unprobed) (least change wins within what was probed either way).
    /// 0 by default: on the development suite the look further changed 3 of 99 commits, none
    /// to the reference fix, and cost one or two probes on every fixed task.
    pub smaller_lookahead: usize,
    /// Most edits one candidate may make by stacking: when a failing probe's tests get further
    /// than any before (a later assertion fails, or fewer tests), the next candidates of other
    /// lines are also probed on top of it, as one hunk (below 2: never).
    pub stack_edits: usize,
    /// Enumerate missing guards: copies of the function's early exits with a new condition
    /// (a clause of a sibling compared another way, or a check against a collection the
    /// function builds and never reads), inserted beside them, and an exit after a loop that
    /// fills a counter no one reads.
    pub insert_guards: bool,
    /// Most tokens (estimated from characters) the decoder reads when it scores one ranking's
    /// candidates; those past it, in the ranker's order without likelihoods, stay unscored and
    /// rank as an average scored one would (0: no limit). A table line with hundreds of
    /// literal edits once cost minutes of scoring.
    pub scoring_tokens: usize,
    /// Most of the job's wall time left that the decoder may spend scoring one ranking (0: no
    /// limit). The requests go best-ranked line first and stop once it is spent; the rest stay
    /// unscored, as past `scoring_tokens`. On a machine where the decoder is slow, scoring every
    /// candidate once took half of a 300 s job (probe43-py-11: 155 s for 322 candidates).
    pub scoring_share: f32,
    /// The writer's share of the job's wall-time ceiling (0: none): once the time left falls
    /// to it with no passing edit, the writer's rounds (fills, rewrites) start even though
    /// enumerated candidates are still queued, as they do when the calls left fall to what a
    /// round needs; the queued candidates are probed after them. On a slow machine the
    /// enumeration's long tail used to take the whole job, and the writer, whose fixes come
    /// late only because it is asked last, never ran.
    pub writer_time_share: f32,
    /// When no edit of the localized lines passed (or the calls left are down to what the
    /// rewrites need), the model writes the body of the best-localized function again this
    /// many times: once greedily, the rest sampled (0: never). Each rewrite is probed hunk by
    /// hunk, then whole.
    pub rewrites: usize,
    /// Sampling temperature of the rewrites after the first.
    pub rewrite_temperature: f32,
    /// When the rewrites found no passing edit either, the function is written again this many
    /// times with the failing tests' assertions shown before it (once greedily, the rest
    /// sampled; 0: never). A rewrite that writes a value only those assertions hold is set
    /// aside: it would pass the tests without computing anything.
    pub test_rewrites: usize,
    /// The model that writes the rewrites (a name or path, as `--model` takes), loaded only
    /// when a job gets that far; `None`, or a model that is not installed: the job's own model
    /// writes them (so does `""`, which turns the built-in policy's writer off in a policy
    /// file). The rest of the job's decisions stay with its own model either way.
    pub rewrite_model: Option<String>,
    /// When no edit of the localized lines passed, the code writer fills this many of the
    /// best-localized lines (0: never): each line written again (greedily, and from the
    /// writer's second likeliest start) and lines inserted before it, with the rest of the
    /// function after it in view. Before the rewrites. Needs a writer with fill-in-the-middle
    /// tokens (Qwen2.5-Coder); a model without them answers nothing and the job goes on.
    pub fills: usize,
    /// When the rewrites found nothing either and calls are left, the code writer fills this
    /// many more localized lines, those after the first `fills` (0: never). Last of all, so a
    /// task fixed before it takes the path it took without it.
    pub late_fills: usize,
}

impl RepairPolicy {
    /// The number of probe slots to use on this machine.
    pub fn slots_here(&self) -> usize {
        let wanted = if self.probe_slots == 0 {
            std::thread::available_parallelism().map_or(1, usize::from)
        } else {
            self.probe_slots
        };
        wanted.clamp(1, tact_runtime::tools::PROBE_SLOTS as usize)
    }
}

impl Default for RepairPolicy {
    fn default() -> Self {
        Self {
            ranker: None,
            explore_share: 0.25,
            probe_timeout_ms: 60_000,
            locations: 12,
            widen_locations: 36,
            max_candidates: 300,
            probe_slots: 0,
            smaller_lookahead: 0,
            stack_edits: 0,
            insert_guards: false,
            scoring_tokens: 0,
            scoring_share: 0.0,
            writer_time_share: 0.0,
            rewrites: 0,
            rewrite_temperature: 0.8,
            test_rewrites: 0,
            rewrite_model: None,
            fills: 0,
            late_fills: 0,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PolicyBody {
    /// The policy file format this build reads ([`POLICY_FORMAT`]); a file that leaves it out
    /// takes the built-in policy's.
    pub format: u32,
    pub name: String,
    pub trigger: TriggerSettings,
    pub retrieval: RetrievalPolicy,
    pub guard: GuardPolicy,
    pub trust: TrustPolicy,
    pub budget: BudgetPolicy,
    pub supervision: SupervisionPolicy,
    #[serde(default)]
    pub repair: RepairPolicy,
    #[serde(default)]
    pub blp: BlpPolicy,
    #[serde(default)]
    pub selector: SelectorPolicy,
}

/// The learned selector: combiners (`builtin:NAME` or a file path, see
/// [`crate::selector::load_combiner`]), each bound to the model it was fitted with; a job uses
/// the first bound to its model, and a model none is bound to chooses alone.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SelectorPolicy {
    pub combiners: Vec<String>,
}

impl SelectorPolicy {
    /// The combiner bound to `model_id`, if the policy names one; an unreadable combiner is an
    /// error, not a silent fallback.
    pub fn combiner_for(
        &self,
        model_id: &str,
    ) -> Result<Option<crate::selector::SelectorCombiner>, PolicyError> {
        for spec in &self.combiners {
            let combiner = crate::selector::load_combiner(spec)?;
            if combiner.model_id == model_id {
                return Ok(Some(combiner));
            }
        }
        Ok(None)
    }
}

/// The Bitter-Lesson Preference (C.24 ATC-2) the plans of this policy carry: routes within
/// `alpha` (relative budget) and `delta` (assurance) are equal, and then the general, learned
/// method is preferred over a hand-set heuristic, unless a waiver says otherwise. A list, so a
/// policy file drops the built-in waivers with `waivers = []`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BlpPolicy {
    pub alpha: f32,
    pub delta: f32,
    pub waivers: Vec<tact_runtime::records::BlpWaiver>,
}

impl Default for BlpPolicy {
    fn default() -> Self {
        Self {
            alpha: 0.1,
            delta: 0.05,
            waivers: Vec::new(),
        }
    }
}

/// The waiver heuristic under which the repair probes the `mutate` enumeration before the
/// model's own proposals.
pub const ENUMERATED_FIRST: &str = "enumerated_first";

/// Today as `YYYY-MM-DD` (UTC), for waiver expiry.
pub fn today() -> String {
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    civil_date(days)
}

/// The proleptic Gregorian date of a day count since 1970-01-01.
fn civil_date(days: i64) -> String {
    // Howard Hinnant's days-to-civil algorithm.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

/// Whether `date` is a `YYYY-MM-DD` date (so dates compare as strings).
fn is_date(date: &str) -> bool {
    let b = date.as_bytes();
    b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && b.iter()
            .enumerate()
            .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit())
}

/// A waiver's problem on `today`, if any: a bad date, or its expiry passed.
pub fn waiver_problem(waiver: &tact_runtime::records::BlpWaiver, today: &str) -> Option<String> {
    for (what, date) in [
        ("expires", &waiver.expires),
        ("reevaluate", &waiver.reevaluate),
    ] {
        if !is_date(date) {
            return Some(format!(
                "BLP waiver `{}`: {what} {date:?} is not a YYYY-MM-DD date",
                waiver.heuristic
            ));
        }
    }
    if waiver.expires.as_str() < today {
        return Some(format!(
            "BLP waiver `{}` expired on {} (re-evaluation was due {}): re-evaluate the heuristic against the learned method and renew or drop the waiver",
            waiver.heuristic, waiver.expires, waiver.reevaluate
        ));
    }
    None
}

/// `given` over `base`: tables merge key by key, any other value replaces.
fn merge_toml(base: &mut toml::Value, given: &toml::Value) {
    match (base, given) {
        (toml::Value::Table(base), toml::Value::Table(given)) => {
            for (key, value) in given {
                match base.get_mut(key) {
                    Some(existing) => merge_toml(existing, value),
                    None => {
                        base.insert(key.clone(), value.clone());
                    }
                }
            }
        }
        (base, given) => *base = given.clone(),
    }
}

/// A parsed policy and its edition.
#[derive(Debug, Clone, PartialEq)]
pub struct Policy {
    pub body: PolicyBody,
    /// SHA-256 (hex) of the policy text.
    pub edition: String,
    /// The exact text, kept so a tuned copy can be written back.
    pub text: String,
}

/// `message` with the line of the file that names the unknown key it reports, if any: the
/// merged policy the error comes from has no positions of its own.
fn with_key_line(text: &str, message: &str) -> String {
    let key = message
        .strip_prefix("unknown field `")
        .and_then(|rest| rest.split('`').next());
    let line = key.and_then(|key| {
        text.lines().position(|line| {
            let line = line.trim_start();
            if let Some(header) = line.strip_prefix('[') {
                // A table: `[key]`, `[key.sub]` or `[parent.key]`.
                let header = header
                    .trim_start_matches('[')
                    .split(']')
                    .next()
                    .unwrap_or("");
                return header
                    .split('.')
                    .any(|part| part.trim().trim_matches('"') == key);
            }
            let name = line
                .split('=')
                .next()
                .unwrap_or("")
                .trim()
                .trim_matches('"');
            line.contains('=') && name == key
        })
    });
    match line {
        Some(index) => format!("line {}: {}", index + 1, message.trim_end()),
        None => message.trim_end().to_string(),
    }
}

impl Policy {
    pub fn parse(text: &str) -> Result<Policy, PolicyError> {
        // A trigger threshold outside `[trigger.models.NAME]` is from before τ was per model;
        // say where it goes rather than guess which model it was tuned for.
        if let Ok(value) = toml::from_str::<toml::Value>(text)
            && value
                .get("trigger")
                .is_some_and(|t| t.get("tau").is_some() || t.get("signal").is_some())
        {
            return Err(PolicyError::Invalid(
                "trigger.tau/signal are per model now: move them under [trigger.models.\"MODEL\"] \
                 (MODEL = the model's name, e.g. smollm2-135m-instruct, or name@quant)"
                    .into(),
            ));
        }
        // A policy file may name only what it changes: every other field comes from the
        // default policy. Unknown keys are refused by name (a typo must not pass silently).
        let given: toml::Value =
            toml::from_str(text).map_err(|e| PolicyError::Parse(e.to_string()))?;
        let defaults: toml::Value =
            toml::from_str(DEFAULT_POLICY).map_err(|e| PolicyError::Parse(e.to_string()))?;
        let mut merged = defaults;
        merge_toml(&mut merged, &given);
        // τ is per model and must be deliberate: a file that lists trigger models has exactly
        // those (a model it leaves out is refused, not given the default's τ).
        if let Some(models) = given.get("trigger").and_then(|t| t.get("models"))
            && let Some(trigger) = merged.get_mut("trigger").and_then(|t| t.as_table_mut())
        {
            trigger.insert("models".into(), models.clone());
        }
        let complete = merged == given;
        // A file can opt out of the default's tuned retriever by name: `adapter = "none"` (the
        // stock encoder), `fusion = "rrf"` (reciprocal rank fusion), `clause_margin = "off"`
        // (the whole request only).
        if let Some(retrieval) = merged.get_mut("retrieval").and_then(|r| r.as_table_mut()) {
            if retrieval.get("adapter").and_then(|a| a.as_str()) == Some("none") {
                retrieval.remove("adapter");
            }
            if retrieval.get("fusion").and_then(|f| f.as_str()) == Some("rrf") {
                retrieval.remove("fusion");
            }
            if retrieval.get("clause_margin").and_then(|m| m.as_str()) == Some("off") {
                retrieval.remove("clause_margin");
            }
        }
        let body: PolicyBody = merged
            .try_into()
            .map_err(|e: toml::de::Error| PolicyError::Parse(with_key_line(text, e.message())))?;
        if let Some(problem) = body
            .blp
            .waivers
            .iter()
            .find_map(|w| waiver_problem(w, &today()))
        {
            return Err(PolicyError::Invalid(problem));
        }
        if body.format != POLICY_FORMAT {
            return Err(PolicyError::Invalid(format!(
                "policy format {} (this tact reads format {POLICY_FORMAT})",
                body.format
            )));
        }
        if !(body.retrieval.max_depth >= 1 && body.retrieval.max_depth <= 5) {
            return Err(PolicyError::Invalid(
                "retrieval.max_depth must be between 1 and 5".into(),
            ));
        }
        if let Some(fusion) = &body.retrieval.fusion {
            fusion.checked_weights()?;
        }
        if let Some(margin) = body.retrieval.clause_margin
            && !(margin.is_finite() && margin >= 0.0)
        {
            return Err(PolicyError::Invalid(format!(
                "retrieval.clause_margin must be a finite number ≥ 0 (or \"off\"), not {margin}"
            )));
        }
        // A complete file is its own edition; a partial one is tied to the defaults it was
        // completed from, so a change of the defaults is a new edition of it too.
        let edition = if complete {
            hex::encode(Sha256::digest(text.as_bytes()))
        } else {
            let mut h = Sha256::new();
            h.update(text.as_bytes());
            h.update(b"\0completed from the default policy\0");
            h.update(DEFAULT_POLICY.as_bytes());
            hex::encode(h.finalize())
        };
        Ok(Policy {
            body,
            edition,
            text: text.to_string(),
        })
    }

    pub fn default_policy() -> Result<Policy, PolicyError> {
        Policy::parse(DEFAULT_POLICY)
    }

    pub fn load(path: &Path) -> Result<Policy, PolicyError> {
        let text = std::fs::read_to_string(path).map_err(|e| PolicyError::Read {
            path: path.display().to_string(),
            reason: e.to_string(),
        })?;
        Policy::parse(&text)
    }

    /// Load from a path, or the default when none is given.
    pub fn load_or_default(path: Option<&Path>) -> Result<Policy, PolicyError> {
        match path {
            Some(p) => Policy::load(p),
            None => Policy::default_policy(),
        }
    }

    /// The trigger settings for `model_id` (see [`TriggerSettings`]).
    pub fn trigger_for(&self, model_id: &str) -> Result<&TriggerPolicy, PolicyError> {
        self.body.trigger.for_model(model_id)
    }

    pub fn policy_ref(&self) -> PolicyRef {
        PolicyRef {
            name: self.body.name.clone(),
            edition: self.edition.chars().take(16).collect(),
        }
    }

    /// Serialize a modified body as a new policy (a new edition).
    pub fn with_body(body: PolicyBody) -> Result<Policy, PolicyError> {
        let text = toml::to_string_pretty(&body).map_err(|e| PolicyError::Parse(e.to_string()))?;
        Policy::parse(&text)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    /// Issue 17: a policy file names only what it changes; the rest comes from the defaults,
    /// and its edition is tied to them.
    #[test]
    fn a_partial_policy_takes_the_rest_from_the_defaults() {
        let defaults = Policy::default_policy().unwrap();
        let partial = Policy::parse("[budget]\ntool_calls = 7\n").unwrap();
        assert_eq!(partial.body.budget.tool_calls, 7);
        assert_eq!(
            partial.body.budget.wall_time_ms,
            defaults.body.budget.wall_time_ms
        );
        assert_eq!(partial.body.retrieval, defaults.body.retrieval);
        assert_eq!(partial.body.repair, defaults.body.repair);
        assert_eq!(partial.body.name, defaults.body.name);
        assert_ne!(partial.edition, defaults.edition);
        assert_ne!(
            partial.edition,
            hex::encode(Sha256::digest(b"[budget]\ntool_calls = 7\n")),
            "a partial file's edition names the defaults it was completed from"
        );
        // Trigger models are not merged: a file that lists some has only those.
        let only_qwen =
            Policy::parse("[trigger.models.qwen]\nsignal = \"p_tool\"\ntau = 0.5\n").unwrap();
        assert_eq!(
            only_qwen.body.trigger.models.keys().collect::<Vec<_>>(),
            vec!["qwen"]
        );
        // A complete file is still its own edition.
        assert_eq!(
            defaults.edition,
            hex::encode(Sha256::digest(DEFAULT_POLICY.as_bytes()))
        );
    }

    /// Issue 17: a misspelt key is refused by name and line instead of being ignored.
    #[test]
    fn an_unknown_policy_key_is_refused_by_name() {
        for (text, line) in [
            ("[budget]\ntool_call = 7\n", 2),
            ("name = \"mine\"\n[repair]\nexplore_shares = 0.5\n", 3),
            ("[retreival]\nmax_depth = 3\n", 1),
        ] {
            let err = Policy::parse(text).unwrap_err().to_string();
            assert!(err.contains("unknown field"), "{text}: {err}");
            assert!(err.contains(&format!("line {line}:")), "{text}: {err}");
        }
    }

    /// Issue 16 item 6: a BLP waiver names its heuristic, reason, expiry and re-evaluation
    /// date; an expired one is refused when the policy loads.
    #[test]
    fn an_expired_blp_waiver_is_refused_at_load() {
        let waiver = |expires: &str| tact_runtime::records::BlpWaiver {
            heuristic: ENUMERATED_FIRST.into(),
            reason: "r".into(),
            expires: expires.into(),
            reevaluate: "2026-01-01".into(),
        };
        assert_eq!(waiver_problem(&waiver("2027-05-31"), "2026-11-30"), None);
        assert_eq!(waiver_problem(&waiver("2026-11-30"), "2026-11-30"), None);
        let expired = waiver_problem(&waiver("2026-11-29"), "2026-11-30").unwrap();
        assert!(expired.contains("expired on 2026-11-29"), "{expired}");
        assert!(waiver_problem(&waiver("next year"), "2026-11-30").is_some());
        let text = "[[blp.waivers]]\nheuristic = \"enumerated_first\"\nreason = \"r\"\nexpires = \"2020-01-01\"\nreevaluate = \"2019-06-01\"\n";
        let err = Policy::parse(text).unwrap_err().to_string();
        assert!(err.contains("expired on 2020-01-01"), "{err}");
        assert_eq!(civil_date(0), "1970-01-01");
        assert_eq!(civil_date(20_787), "2026-11-30");
        assert!(is_date(&today()));
    }

    /// Issue 17: a policy file carries its format; another format is refused by number.
    #[test]
    fn a_policy_of_another_format_is_refused() {
        assert_eq!(Policy::default_policy().unwrap().body.format, POLICY_FORMAT);
        assert_eq!(
            Policy::parse("[budget]\ntool_calls = 7\n")
                .unwrap()
                .body
                .format,
            1
        );
        let err = Policy::parse("format = 2\n").unwrap_err().to_string();
        assert!(err.contains("policy format 2"), "{err}");
    }

    #[test]
    fn default_policy_parses_and_has_a_stable_edition() {
        let a = Policy::default_policy().unwrap();
        let b = Policy::parse(DEFAULT_POLICY).unwrap();
        assert_eq!(a.edition, b.edition);
        assert_eq!(a.body.retrieval.max_depth, 5);
    }

    #[test]
    fn a_policy_can_opt_out_of_the_tuned_retriever() {
        let tuned = Policy::default_policy().unwrap().body.retrieval;
        assert!(tuned.adapter.is_some() && tuned.fusion.is_some());
        let stock = Policy::parse("[retrieval]\nadapter = \"none\"\nfusion = \"rrf\"\n")
            .unwrap()
            .body
            .retrieval;
        assert_eq!(stock.adapter, None);
        assert_eq!(stock.fusion, None);
        assert_eq!(stock.bm25_weight, tuned.bm25_weight);
        assert!(Policy::parse("[retrieval]\nfusion = \"learned\"\n").is_err());
        assert!(tuned.clause_margin.is_some());
        let whole_only = Policy::parse("[retrieval]\nclause_margin = \"off\"\n").unwrap();
        assert_eq!(whole_only.body.retrieval.clause_margin, None);
        for bad in ["-1.0", "nan", "\"sometimes\""] {
            assert!(
                Policy::parse(&format!("[retrieval]\nclause_margin = {bad}\n")).is_err(),
                "{bad}"
            );
        }
    }

    #[test]
    fn changing_a_threshold_changes_the_edition() {
        let a = Policy::default_policy().unwrap();
        let mut body = a.body.clone();
        body.trigger
            .models
            .get_mut("smollm2-135m-instruct")
            .unwrap()
            .tau = 0.25;
        let b = Policy::with_body(body).unwrap();
        assert_ne!(a.edition, b.edition);
        assert_eq!(
            b.trigger_for("smollm2-135m-instruct@q4_1").unwrap().tau,
            0.25
        );
    }

    #[test]
    fn trigger_settings_are_found_per_model_most_specific_first() {
        let policy = Policy::default_policy().unwrap();
        let smol = policy
            .trigger_for("smollm2-135m-instruct@q4_1#0123abcd")
            .unwrap();
        assert!(smol.tau < 1e-5, "SmolLM2's tuned tau, {}", smol.tau);
        let mut body = policy.body.clone();
        let mut exact = smol.clone();
        exact.tau = 0.125;
        body.trigger
            .models
            .insert("smollm2-135m-instruct@q4_1".into(), exact);
        let tuned = Policy::with_body(body).unwrap();
        assert_eq!(
            tuned
                .trigger_for("smollm2-135m-instruct@q4_1#0123abcd")
                .unwrap()
                .tau,
            0.125
        );
        // Another quant of the same model still gets the family's settings.
        assert!(
            tuned
                .trigger_for("smollm2-135m-instruct@q8_0#ffff")
                .unwrap()
                .tau
                < 1e-5
        );
    }

    #[test]
    fn a_model_without_trigger_settings_is_refused_by_name() {
        let policy = Policy::default_policy().unwrap();
        let err = policy
            .trigger_for("llama-3.2-1b-instruct@q4_k_m#1d96")
            .unwrap_err()
            .to_string();
        assert!(err.contains("llama-3.2-1b-instruct@q4_k_m#1d96"), "{err}");
        assert!(err.contains("smollm2-135m-instruct"), "{err}");
        assert!(err.contains("tact tune"), "{err}");
    }

    #[test]
    fn a_threshold_outside_a_model_section_is_refused() {
        let text = "name = \"old\"\n[trigger]\nsignal = \"p_tool\"\ntau = 0.5\n";
        let err = Policy::parse(text).unwrap_err().to_string();
        assert!(err.contains("per model"), "{err}");
    }

    #[test]
    fn depth_above_five_is_refused() {
        let text = DEFAULT_POLICY.replace("max_depth = 5", "max_depth = 9");
        assert!(matches!(Policy::parse(&text), Err(PolicyError::Invalid(_))));
    }
}
