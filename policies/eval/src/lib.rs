//! Measuring the deterministic nodes on fixed data, apart from the nodes themselves (this crate
//! reads and writes files; `tact-policies` does no I/O): metrics, dev-set readers, the trigger,
//! retrieval and selection evaluations, τ tuning, the paired bootstrap for A/B decisions
//! between policy editions, the HTML report, and the minefield (faults injected on purpose to
//! measure the trust gate).
//!
//! Model outputs enter as data (signals, choices, embeddings) computed by the caller, so every
//! function here is deterministic given its inputs and seed.

pub mod bootstrap;
pub mod cache;
pub mod data;
pub mod metrics;
pub mod minefield;
pub mod report;
pub mod retrieval_eval;
pub mod rng;
pub mod selection_eval;
pub mod trigger_eval;
pub mod tune;

/// Seed of every subset, split and resample unless the caller picks another.
pub const DEFAULT_SEED: u64 = 20_261_130;

/// Errors of the evaluator.
#[derive(Debug, thiserror::Error)]
pub enum EvalError {
    #[error("{path}: {reason}")]
    Read { path: String, reason: String },
    #[error("{path}: {reason}")]
    Write { path: String, reason: String },
    #[error("{file} line {line}: {reason}")]
    Line {
        file: String,
        line: usize,
        reason: String,
    },
    #[error("{0}")]
    Invalid(String),
    #[error("report: {0}")]
    Report(String),
    #[error("model: {0}")]
    Model(String),
}
