//! Trigger evaluation: the prompt a coding harness builds for an item, and precision, recall,
//! F1 and AUROC of "seek a tool" decisions read off precomputed model signals.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use tact_runtime::model_io::{ConfidenceSignal, StepPrompt, ToolCandidate};

use super::data::{FunctionDef, TriggerItem};
use super::metrics::{BinaryMetrics, binary_metrics};
use tact_policies::policy::{TriggerPolicy, TriggerSignal};
use tact_policies::trigger::{TriggerAction, decide, need_score};

/// The harness's standing instructions at a decision point.
pub const HARNESS_SYSTEM: &str = "You are tact, a coding assistant working in the user's \
terminal. When the request needs one of the offered tools, call it; when it does not, answer \
in plain text.";

/// A tool definition as the selector sees it; a missing schema becomes an empty object schema.
pub fn candidate(tool: &FunctionDef) -> ToolCandidate {
    ToolCandidate {
        name: tool.name.clone(),
        description: tool.description.clone(),
        schema: tool
            .parameters
            .clone()
            .unwrap_or_else(|| serde_json::json!({"type": "object", "properties": {}})),
    }
}

/// The prompt the harness builds from an item's conversation (or its query, when the item
/// carries no messages) and the tools it offers.
pub fn harness_prompt(
    item: &TriggerItem,
    tools: &[FunctionDef],
) -> (StepPrompt, Vec<ToolCandidate>) {
    prompt_from(&item.messages, &item.query, tools)
}

pub fn prompt_from(
    messages: &[super::data::ChatMessage],
    query: &str,
    tools: &[FunctionDef],
) -> (StepPrompt, Vec<ToolCandidate>) {
    let mut conversation: Vec<(String, String)> = messages
        .iter()
        // A conversation's own system message would override the harness's; fold it into
        // the user turn order as context instead of dropping it.
        .map(|m| {
            let role = if m.role == "system" {
                "user"
            } else {
                m.role.as_str()
            };
            (role.to_string(), m.text())
        })
        .collect();
    if conversation.is_empty() {
        conversation.push(("user".to_string(), query.to_string()));
    }
    (
        StepPrompt {
            system: HARNESS_SYSTEM.to_string(),
            messages: conversation,
            feedback: None,
        },
        tools.iter().map(candidate).collect(),
    )
}

/// Digest of a prompt and its candidates: a cached signal is reused only for the very same
/// prompt, so changing the prompt builder invalidates the cache by itself.
pub fn prompt_digest(prompt: &StepPrompt, candidates: &[ToolCandidate]) -> String {
    let mut hasher = Sha256::new();
    hasher.update(
        serde_json::to_string(&(prompt, candidates))
            .unwrap_or_default()
            .as_bytes(),
    );
    hex::encode(&hasher.finalize()[..16])
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct TriggerBaselines {
    pub always: BinaryMetrics,
    pub never: BinaryMetrics,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TriggerReport {
    pub precision: f64,
    pub recall: f64,
    pub f1: f64,
    pub auroc: f64,
    pub accuracy: f64,
    pub n: usize,
    pub signal: TriggerSignal,
    pub tau: f32,
    pub baselines: TriggerBaselines,
    pub forward_passes_per_item: f64,
    pub tokens_per_item: f64,
}

/// Whether the trigger seeks a tool for this signal under `policy` (the runtime's own rule).
pub fn seeks_tool(signal: &ConfidenceSignal, policy: &TriggerPolicy) -> bool {
    decide(signal, policy).action == TriggerAction::SeekTool
}

/// Score the trigger on labelled signals (label = should a tool be called).
pub fn trigger_report(
    labels: &[bool],
    signals: &[ConfidenceSignal],
    policy: &TriggerPolicy,
) -> TriggerReport {
    let decisions: Vec<bool> = signals.iter().map(|s| seeks_tool(s, policy)).collect();
    let scores: Vec<f64> = signals
        .iter()
        .map(|s| f64::from(need_score(s, policy.signal)))
        .map(|x| if x.is_finite() { x } else { f64::INFINITY })
        .collect();
    let model = binary_metrics(labels, &decisions, &scores);
    let constant = vec![0.0; labels.len()];
    let n = labels.len().max(1) as f64;
    TriggerReport {
        precision: model.precision,
        recall: model.recall,
        f1: model.f1,
        auroc: model.auroc,
        accuracy: model.accuracy,
        n: labels.len(),
        signal: policy.signal,
        tau: policy.tau,
        baselines: TriggerBaselines {
            always: binary_metrics(labels, &vec![true; labels.len()], &constant),
            never: binary_metrics(labels, &vec![false; labels.len()], &constant),
        },
        forward_passes_per_item: signals
            .iter()
            .map(|s| s.cost.forward_passes as f64)
            .sum::<f64>()
            / n,
        tokens_per_item: signals.iter().map(|s| s.cost.tokens as f64).sum::<f64>() / n,
    }
}

/// One point of the precision–recall curve over τ.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct ThresholdPoint {
    pub tau: f32,
    pub precision: f64,
    pub recall: f64,
    pub f1: f64,
}

/// Precision, recall and F1 at every distinct threshold that changes a decision (each
/// observed need score, plus one above the largest so "never" is on the curve).
pub fn threshold_sweep(
    labels: &[bool],
    signals: &[ConfidenceSignal],
    which: TriggerSignal,
) -> Vec<ThresholdPoint> {
    let needs: Vec<f32> = signals.iter().map(|s| need_score(s, which)).collect();
    let mut taus: Vec<f32> = needs.iter().copied().filter(|x| x.is_finite()).collect();
    taus.sort_by(f32::total_cmp);
    taus.dedup();
    if let Some(&top) = taus.last() {
        taus.push(top + top.abs().max(1.0) * 1e-3);
    }
    taus.iter()
        .map(|&tau| {
            let decisions: Vec<bool> = needs.iter().map(|&x| !x.is_finite() || x >= tau).collect();
            let m = binary_metrics(labels, &decisions, &[]);
            ThresholdPoint {
                tau,
                precision: m.precision,
                recall: m.recall,
                f1: m.f1,
            }
        })
        .collect()
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use tact_runtime::model_io::ModelCost;

    fn signal(p: f32) -> ConfidenceSignal {
        ConfidenceSignal {
            top_logprob: -0.1,
            entropy: 0.5,
            margin: 0.0,
            p_tool: p,
            probe: None,
            cost: ModelCost::passes(1, 40),
        }
    }

    fn policy(tau: f32) -> TriggerPolicy {
        TriggerPolicy {
            signal: TriggerSignal::PTool,
            tau,
            probe: None,
        }
    }

    #[test]
    fn report_matches_hand_counts_and_baselines() {
        let labels = [true, true, false, false];
        let signals: Vec<_> = [0.9, 0.4, 0.6, 0.1].into_iter().map(signal).collect();
        let r = trigger_report(&labels, &signals, &policy(0.5));
        assert_eq!((r.precision, r.recall), (0.5, 0.5));
        assert_eq!(r.auroc, 0.75);
        assert_eq!(r.baselines.always.precision, 0.5);
        assert_eq!(r.baselines.always.recall, 1.0);
        assert_eq!(r.baselines.never.f1, 0.0);
        assert_eq!(r.forward_passes_per_item, 1.0);
        assert_eq!(r.tokens_per_item, 40.0);
    }

    #[test]
    fn sweep_covers_always_and_never() {
        let labels = [true, false];
        let signals: Vec<_> = [0.9, 0.1].into_iter().map(signal).collect();
        let sweep = threshold_sweep(&labels, &signals, TriggerSignal::PTool);
        assert_eq!(sweep.first().unwrap().recall, 1.0);
        assert_eq!(sweep.last().unwrap().recall, 0.0);
        assert!(sweep.iter().any(|p| p.f1 == 1.0));
    }

    #[test]
    fn prompt_uses_conversation_or_query_and_digest_tracks_it() {
        let item: TriggerItem = serde_json::from_str(
            r#"{"id":"x","query":"hi","messages":[],"tools":[{"name":"f","description":"d"}],"should_call":true}"#,
        )
        .unwrap();
        let tools = item.tools.clone().unwrap();
        let (prompt, candidates) = harness_prompt(&item, &tools);
        assert_eq!(
            prompt.messages,
            vec![("user".to_string(), "hi".to_string())]
        );
        assert_eq!(candidates[0].schema["type"], "object");
        let d1 = prompt_digest(&prompt, &candidates);
        let (prompt2, _) = harness_prompt(&item, &[]);
        assert_ne!(d1, prompt_digest(&prompt2, &[]));
    }
}
