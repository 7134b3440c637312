//! Subcommands of the `tact` binary. Each module owns one subcommand's arguments and its `run`.

pub mod ab;
pub mod bench_jobs;
pub mod bench_report;
pub mod doctor;
pub mod eval;
pub mod ledger;
pub mod models;
pub mod queue;
pub mod resume;
pub mod run;
pub mod suite;
pub mod tools;
pub mod train_probe;
pub mod train_ranker;
pub mod tune;
pub mod watch;
pub mod worker;
