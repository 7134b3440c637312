//! `tact train-probe`: fit the trigger's hidden-state probe on the fit side of the seeded split
//! by id (`tact tune`'s: 70 % fit, 30 % report),
//! with its L2 strength chosen by cross-validation there, and report every confidence signal
//! (`p_tool`, entropy, top log-probability, margin and the probe) on the report side by AUROC
//! and F1, each signal's τ chosen on the fit side. The hidden state comes from the same pass as
//! the other signals (the eval cache's `confidence+hidden` rows), so a run after `tact eval
//! trigger` on the same items costs no forward pass.

use std::path::PathBuf;

use anyhow::{Context, bail};
use serde::Serialize;
use tact_eval::metrics::{BinaryMetrics, auroc, binary_metrics};
use tact_eval::trigger_eval::{seeks_tool, trigger_report};
use tact_eval::tune::best_tau;
use tact_models::Probe;
use tact_models::probe::ProbeOptions;
use tact_policies::policy::{TriggerPolicy, TriggerSignal};
use tact_runtime::model_io::ConfidenceSignal;

use super::eval::{CommonArgs, ModelArgs, emit, trigger_signals};
use super::eval::{fold_of, side_of};
use super::suite::Part;

/// L2 strengths tried by cross-validation (on standardised hidden units).
const L2_GRID: [f32; 6] = [1e-4, 1e-3, 1e-2, 3e-2, 1e-1, 3e-1];

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub common: CommonArgs,
    #[command(flatten)]
    pub model: ModelArgs,
    /// Where to write the probe artifact (MessagePack); its report goes beside it as `.json`.
    #[arg(long)]
    pub out: PathBuf,
    /// Cross-validation folds on the fit side.
    #[arg(long, default_value_t = 5)]
    pub folds: usize,
}

/// One signal's figures: τ chosen on the fit side, metrics on the report side.
#[derive(Debug, Serialize)]
struct SignalFigures {
    signal: TriggerSignal,
    tau: f32,
    report: BinaryMetrics,
}

#[derive(Debug, Serialize)]
struct CvPoint {
    l2: f32,
    /// AUROC of the out-of-fold readings over the whole fit side.
    auroc: f64,
}

#[derive(Debug, Serialize)]
struct TrainReport {
    model: String,
    data: String,
    seed: u64,
    fit_n: usize,
    report_n: usize,
    folds: usize,
    cross_validation: Vec<CvPoint>,
    l2: f32,
    /// The probe's τ, chosen on its out-of-fold readings of the fit side.
    probe_tau: f32,
    signals: Vec<SignalFigures>,
    always_call: BinaryMetrics,
    hidden_units: usize,
    out: String,
}

struct Row {
    id: String,
    label: bool,
    signal: ConfidenceSignal,
    hidden: Vec<f32>,
}

pub fn run(args: Args) -> anyhow::Result<i32> {
    if args.common.part.is_some() {
        bail!(
            "train-probe uses both sides of the split (fit to train, report to report); drop --part"
        );
    }
    if args.folds < 2 {
        bail!("--folds must be at least 2");
    }
    let mut run = trigger_signals(&args.common, &args.model)?;
    let mut rows = Vec::with_capacity(run.ids.len());
    for (((id, label), signal), hidden) in run
        .ids
        .iter()
        .zip(&run.labels)
        .zip(&run.signals)
        .zip(&run.hidden)
    {
        let Some(hidden) = hidden else {
            bail!(
                "the model gives no hidden state to train a probe on ({})",
                run.model_id
            );
        };
        rows.push(Row {
            id: id.clone(),
            label: *label,
            signal: signal.clone(),
            hidden: hidden.clone(),
        });
    }
    let (fit, report): (Vec<&Row>, Vec<&Row>) = rows
        .iter()
        .partition(|r| side_of(args.common.seed, &r.id) == Part::Fit);
    if fit.len() < args.folds * 2 || report.is_empty() {
        bail!(
            "too few items to train and report ({} fit, {} report)",
            fit.len(),
            report.len()
        );
    }
    let full_id = run.loaded_model_id()?;

    let fold_of = |id: &str| fold_of(args.common.seed, id, args.folds);
    let fit_labels: Vec<bool> = fit.iter().map(|r| r.label).collect();
    let out_of_fold = |l2: f32| -> anyhow::Result<Vec<f32>> {
        let mut readings = vec![0.0f32; fit.len()];
        for fold in 0..args.folds {
            let train: Vec<(Vec<f32>, bool)> = fit
                .iter()
                .filter(|r| fold_of(&r.id) != fold)
                .map(|r| (r.hidden.clone(), r.label))
                .collect();
            let probe = Probe::fit(&full_id, &train, options(l2))?;
            for (k, r) in fit.iter().enumerate() {
                if fold_of(&r.id) == fold {
                    readings[k] = probe.predict(&r.hidden)?;
                }
            }
        }
        Ok(readings)
    };
    let bar = super::eval::progress_bar(L2_GRID.len() as u64, "cross-validation");
    let mut cross_validation = Vec::new();
    let mut best: Option<(f32, f64, Vec<f32>)> = None;
    for l2 in L2_GRID {
        let readings = out_of_fold(l2)?;
        let scores: Vec<f64> = readings.iter().map(|&p| f64::from(p)).collect();
        let area = auroc(&fit_labels, &scores);
        cross_validation.push(CvPoint { l2, auroc: area });
        // Ties go to the stronger penalty (the simpler probe).
        if best.as_ref().is_none_or(|(_, a, _)| area >= *a) {
            best = Some((l2, area, readings));
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    let Some((l2, _, oof)) = best else {
        bail!("cross-validation produced nothing");
    };
    let with_probe = |signal: &ConfidenceSignal, reading: f32| ConfidenceSignal {
        probe: Some(reading),
        ..signal.clone()
    };
    let fit_oof: Vec<ConfidenceSignal> = fit
        .iter()
        .zip(&oof)
        .map(|(r, &p)| with_probe(&r.signal, p))
        .collect();
    let probe_tau =
        best_tau(&fit_labels, &fit_oof, TriggerSignal::Probe).context("no τ for the probe")?;

    let train: Vec<(Vec<f32>, bool)> = fit.iter().map(|r| (r.hidden.clone(), r.label)).collect();
    let probe = Probe::fit(&full_id, &train, options(l2))?;
    let report_labels: Vec<bool> = report.iter().map(|r| r.label).collect();
    let report_signals: Vec<ConfidenceSignal> = report
        .iter()
        .map(|r| Ok(with_probe(&r.signal, probe.predict(&r.hidden)?)))
        .collect::<anyhow::Result<_>>()?;
    let fit_signals: Vec<ConfidenceSignal> = fit.iter().map(|r| r.signal.clone()).collect();

    let mut signals = Vec::new();
    for which in [
        TriggerSignal::PTool,
        TriggerSignal::Entropy,
        TriggerSignal::TopLogprob,
        TriggerSignal::Margin,
        TriggerSignal::Probe,
    ] {
        let tau = match which {
            TriggerSignal::Probe => probe_tau,
            _ => best_tau(&fit_labels, &fit_signals, which).context("no τ")?,
        };
        let policy = TriggerPolicy {
            signal: which,
            tau,
            probe: None,
        };
        let figures = trigger_report(&report_labels, &report_signals, &policy);
        let decisions: Vec<bool> = report_signals
            .iter()
            .map(|s| seeks_tool(s, &policy))
            .collect();
        let mut metrics = binary_metrics(&report_labels, &decisions, &[]);
        metrics.auroc = figures.auroc;
        signals.push(SignalFigures {
            signal: which,
            tau,
            report: metrics,
        });
    }
    let always_call = binary_metrics(&report_labels, &vec![true; report_labels.len()], &[]);

    if let Some(parent) = args.out.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)?;
    }
    probe
        .save(&args.out)
        .with_context(|| format!("writing {}", args.out.display()))?;
    let train_report = TrainReport {
        model: full_id.clone(),
        data: args
            .common
            .data
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default(),
        seed: args.common.seed,
        fit_n: fit.len(),
        report_n: report.len(),
        folds: args.folds,
        cross_validation,
        l2,
        probe_tau,
        signals,
        always_call,
        hidden_units: probe.weights.len(),
        out: args.out.display().to_string(),
    };
    let value = serde_json::to_value(&train_report)?;
    let beside = args.out.with_extension("json");
    std::fs::write(&beside, serde_json::to_string_pretty(&value)? + "\n")
        .with_context(|| format!("writing {}", beside.display()))?;
    emit(&value, args.common.json)?;
    Ok(0)
}

fn options(l2: f32) -> ProbeOptions {
    ProbeOptions {
        l2,
        ..ProbeOptions::default()
    }
}
