//! The failing-tests job's heuristics, apart from the deterministic nodes: where a bug probably
//! is (`localize`), which edits of those lines to try (`mutate`), and in which order (`rank`,
//! the learned candidate ranker and its artifacts); what the model rewrites when no edit
//! passes (`rewrite`). Plain functions over source text and test
//! reports; the job in `tact-actors` decides what to do with them.

pub mod diagnose;
pub mod localize;
pub mod mutate;
pub mod partial;
pub mod rank;
pub mod rewrite;
