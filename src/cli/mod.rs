//! Subcommands of the `tact` binary. Each module owns one subcommand's arguments and its `run`.

pub mod ab;
pub mod bench_jobs;
pub mod bench_report;
pub mod config;
pub mod doctor;
pub mod eval;
pub mod everyday;
pub mod ledger;
pub mod mcp;
pub mod model_host;
pub mod models;
pub mod queue;
pub mod resume;
pub mod run;
pub mod shell;
pub mod suite;
pub mod tools;
pub mod train_probe;
pub mod train_ranker;
pub mod train_retriever;
pub mod train_selector;
pub mod tune;
pub mod watch;
pub mod worker;

/// Write `text` to stdout whole. A reader that stops early (`tact … | head`) closes the pipe:
/// that ends the output quietly instead of failing (tact keeps SIGPIPE ignored, so that a dead
/// worker's pipe is an error it can report, not a signal that kills the job).
pub fn emit(text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}
