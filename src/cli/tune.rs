//! `tact tune`: choose the trigger's τ on a seeded tuning split (maximising F1) and write the
//! result as a new policy file, i.e. a new edition. Signals come from the eval cache, so a
//! tune after an eval costs no forward pass.

use std::path::PathBuf;

use anyhow::Context;
use tact_eval::tune::{tune_tau, tuned_policy, untuned_trigger};
use tact_policies::policy::TriggerSignal;

use super::eval::{CommonArgs, ModelArgs, emit, load_policy, trigger_signals};

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub common: CommonArgs,
    #[command(flatten)]
    pub model: ModelArgs,
    /// Where to write the tuned policy.
    #[arg(long)]
    pub out: PathBuf,
}

pub fn run(args: Args) -> anyhow::Result<i32> {
    let policy = load_policy(args.common.policy.as_deref())?;
    let mut run = trigger_signals(&args.common, &args.model)?;
    // Start from the model's own settings, or from τ = 0.5 for a model the policy has none for.
    let start = policy
        .trigger_for(&run.settings_id)
        .cloned()
        .unwrap_or_else(|_| untuned_trigger(TriggerSignal::PTool));
    // A probe edition is tuned on the probe's readings.
    let signals = run.signals_for(&start)?;
    let items: Vec<_> = run
        .ids
        .iter()
        .cloned()
        .zip(run.labels.iter().copied())
        .zip(signals)
        .map(|((id, label), signal)| (id, label, signal))
        .collect();
    let Some(outcome) = tune_tau(&items, &start, args.common.seed) else {
        anyhow::bail!("no items fell into the tuning split");
    };
    let data_name = args
        .common
        .data
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tuned = tuned_policy(&policy, &run.settings_id, &outcome, &data_name)?;
    if let Some(parent) = args.out.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)?;
    }
    std::fs::write(&args.out, &tuned.text)
        .with_context(|| format!("writing {}", args.out.display()))?;
    let mut value = serde_json::to_value(&outcome)?;
    value["model"] = serde_json::json!(run.model_id);
    value["settings_for"] = serde_json::json!(run.settings_id);
    value["from_edition"] = serde_json::json!(policy.edition);
    value["edition"] = serde_json::json!(tuned.edition);
    value["out"] = serde_json::json!(args.out.display().to_string());
    value["seed"] = serde_json::json!(args.common.seed);
    emit(&value, args.common.json)
}
