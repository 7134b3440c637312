//! Tuning τ: pick the threshold that maximises F1 on a seeded tuning split, then report it on
//! the held-out rest.

use serde::{Deserialize, Serialize};
use tact_runtime::model_io::ConfidenceSignal;

use super::metrics::{BinaryMetrics, binary_metrics};
use super::rng::SplitMix64;
use super::trigger_eval::threshold_sweep;
use tact_policies::policy::{Policy, TriggerPolicy, TriggerSignal};
use tact_policies::trigger::need_score;

/// Share of items in the tuning split; the rest is held out.
pub const TUNING_SHARE: f64 = 0.7;

/// Is this item in the tuning split? Decided by (seed, id) alone, so an item stays on its side
/// whatever else is in the file.
pub fn in_tuning_split(seed: u64, item_id: &str) -> bool {
    SplitMix64::for_label(seed, item_id).unit() < TUNING_SHARE
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TuneOutcome {
    pub signal: TriggerSignal,
    pub old_tau: f32,
    pub tau: f32,
    pub tuning_n: usize,
    pub holdout_n: usize,
    /// Metrics of the old and the new τ on the tuning split and on the held-out split.
    pub tuning_before: BinaryMetrics,
    pub tuning_after: BinaryMetrics,
    pub holdout_before: BinaryMetrics,
    pub holdout_after: BinaryMetrics,
}

fn metrics_at(
    labels: &[bool],
    signals: &[ConfidenceSignal],
    policy: &TriggerPolicy,
) -> BinaryMetrics {
    let decisions: Vec<bool> = signals
        .iter()
        .map(|s| super::trigger_eval::seeks_tool(s, policy))
        .collect();
    let scores: Vec<f64> = signals
        .iter()
        .map(|s| f64::from(need_score(s, policy.signal)))
        .collect();
    binary_metrics(labels, &decisions, &scores)
}

/// The τ for `which` that maximises F1 on these labelled signals; ties go to the higher τ
/// (fewer tool calls for the same F1). `None` without signals.
pub fn best_tau(
    labels: &[bool],
    signals: &[ConfidenceSignal],
    which: TriggerSignal,
) -> Option<f32> {
    let sweep = threshold_sweep(labels, signals, which);
    let best = sweep
        .iter()
        .max_by(|a, b| a.f1.total_cmp(&b.f1).then(a.tau.total_cmp(&b.tau)))?;
    // Every τ in (next lower observed score, best.tau] makes the same decisions here; the
    // midpoint leaves the most room for unseen items on both sides.
    let below = sweep
        .iter()
        .map(|p| p.tau)
        .filter(|&t| t < best.tau)
        .fold(None, |acc: Option<f32>, t| {
            Some(acc.map_or(t, |a| a.max(t)))
        });
    Some(below.map_or(best.tau, |b| (b + best.tau) / 2.0))
}

/// Choose τ for `policy.signal` on the tuning split of (id, label, signal) triples. Ties in F1
/// go to the higher τ (fewer tool calls for the same F1). Returns `None` when the tuning
/// split is empty.
pub fn tune_tau(
    items: &[(String, bool, ConfidenceSignal)],
    policy: &TriggerPolicy,
    seed: u64,
) -> Option<TuneOutcome> {
    let (tuning, holdout): (Vec<_>, Vec<_>) = items
        .iter()
        .partition(|(id, _, _)| in_tuning_split(seed, id));
    if tuning.is_empty() {
        return None;
    }
    let split = |part: &[&(String, bool, ConfidenceSignal)]| -> (Vec<bool>, Vec<ConfidenceSignal>) {
        (
            part.iter().map(|x| x.1).collect(),
            part.iter().map(|x| x.2.clone()).collect(),
        )
    };
    let (tune_labels, tune_signals) = split(&tuning);
    let (hold_labels, hold_signals) = split(&holdout);
    let tau = best_tau(&tune_labels, &tune_signals, policy.signal)?;
    let tuned = TriggerPolicy {
        tau,
        ..policy.clone()
    };
    Some(TuneOutcome {
        signal: policy.signal,
        old_tau: policy.tau,
        tau,
        tuning_n: tuning.len(),
        holdout_n: holdout.len(),
        tuning_before: metrics_at(&tune_labels, &tune_signals, policy),
        tuning_after: metrics_at(&tune_labels, &tune_signals, &tuned),
        holdout_before: metrics_at(&hold_labels, &hold_signals, policy),
        holdout_after: metrics_at(&hold_labels, &hold_signals, &tuned),
    })
}

/// A copy of `policy` with the tuned τ for `model_id`: a new policy text, hence a new
/// edition. The settings go under the key the model already had, or else under its id without
/// the file hash (`name@quant`), so other models' settings are untouched. The header comment
/// records where it came from.
pub fn tuned_policy(
    policy: &Policy,
    model_id: &str,
    outcome: &TuneOutcome,
    data_name: &str,
) -> Result<Policy, tact_policies::PolicyError> {
    let mut body = policy.body.clone();
    let key = body
        .trigger
        .key_for(model_id)
        .map(str::to_owned)
        .unwrap_or_else(|| {
            let keys = tact_policies::policy::TriggerSettings::lookup_keys(model_id);
            keys.get(1).copied().unwrap_or(model_id).to_owned()
        });
    let mut settings = body
        .trigger
        .models
        .get(&key)
        .cloned()
        .unwrap_or_else(|| untuned_trigger(outcome.signal));
    settings.signal = outcome.signal;
    settings.tau = outcome.tau;
    body.trigger.models.insert(key.clone(), settings);
    let generated = Policy::with_body(body)?;
    let text = format!(
        "# Tuned by `tact tune` from edition {} on {data_name} for {key} ({model_id}): tau {} -> {} \
         (F1 on held-out {:.4} -> {:.4}).\n{}",
        &policy.edition[..policy.edition.len().min(16)],
        outcome.old_tau,
        outcome.tau,
        outcome.holdout_before.f1,
        outcome.holdout_after.f1,
        generated.text
    );
    Policy::parse(&text)
}

/// Where tuning starts for a model the policy has no settings for: τ = 0.5 on `signal`.
pub fn untuned_trigger(signal: tact_policies::policy::TriggerSignal) -> TriggerPolicy {
    TriggerPolicy {
        signal,
        tau: 0.5,
        probe: None,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use tact_runtime::model_io::ModelCost;

    fn signal(p: f32) -> ConfidenceSignal {
        ConfidenceSignal {
            top_logprob: 0.0,
            entropy: 0.0,
            margin: 0.0,
            p_tool: p,
            probe: None,
            cost: ModelCost::default(),
        }
    }

    #[test]
    fn tuning_finds_the_separating_threshold_and_writes_a_new_edition() {
        // Positives score 0.2..0.3, negatives 0.0..0.1: the default τ = 0.5 calls nothing.
        let items: Vec<(String, bool, ConfidenceSignal)> = (0..200)
            .map(|i| {
                let positive = i % 2 == 0;
                let p = if positive {
                    0.2 + (i as f32) * 1e-4
                } else {
                    0.05 + (i as f32) * 1e-4
                };
                (format!("item{i}"), positive, signal(p))
            })
            .collect();
        // A model the default policy has no settings for starts from τ = 0.5.
        let policy = Policy::default_policy().unwrap();
        let model = "toy-model@q8_0#abcdef";
        assert!(policy.trigger_for(model).is_err());
        let start = untuned_trigger(tact_policies::policy::TriggerSignal::PTool);
        let out = tune_tau(&items, &start, 5).unwrap();
        assert!(out.tau > 0.07 && out.tau <= 0.2 + 0.02, "{out:?}");
        assert_eq!(out.tuning_after.f1, 1.0);
        assert_eq!(out.holdout_after.f1, 1.0);
        assert_eq!(out.holdout_before.f1, 0.0);
        assert!(out.tuning_n > 100 && out.holdout_n > 30);
        let tuned = tuned_policy(&policy, model, &out, "toy").unwrap();
        assert_ne!(tuned.edition, policy.edition);
        // Written for this model (under name@quant), SmolLM2's settings untouched.
        assert_eq!(tuned.trigger_for(model).unwrap().tau, out.tau);
        assert!(tuned.body.trigger.models.contains_key("toy-model@q8_0"));
        assert_eq!(
            tuned.trigger_for("smollm2-135m-instruct").unwrap(),
            policy.trigger_for("smollm2-135m-instruct").unwrap()
        );
        assert!(tuned.text.starts_with("# Tuned by `tact tune`"));
        assert_eq!(tuned.body.retrieval, policy.body.retrieval);
    }
}
