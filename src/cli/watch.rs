//! `tact watch DIR [--rules FILE] [--json]`: watch a workspace and start jobs on triggers.

use std::path::PathBuf;

use anyhow::Context;
use tact_actors::watch::{Rules, WatchConfig, watch};

#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// The workspace to watch.
    pub dir: PathBuf,
    /// Rules file (TOML); the defaults otherwise (see docs/watch.md).
    #[arg(long)]
    pub rules: Option<PathBuf>,
    /// One JSON object per line on stdout, with an `event` field.
    #[arg(long)]
    pub json: bool,
    /// Testing only: stop once this many jobs have finished.
    #[arg(long, hide = true)]
    pub exit_after_jobs: Option<u64>,
    /// Testing only: run jobs with this program instead of `tact` (same arguments).
    #[arg(long, hide = true)]
    pub runner: Option<PathBuf>,
    /// Testing only: an argument appended to every `tact run` (repeat for more).
    #[arg(long = "job-arg", hide = true, allow_hyphen_values = true)]
    pub job_args: Vec<String>,
}

pub fn run(args: Args) -> anyhow::Result<i32> {
    let rules = Rules::load(args.rules.as_deref())?;
    let program = match args.runner {
        Some(runner) => runner,
        None => std::env::current_exe().context("locating the tact binary")?,
    };
    let config = WatchConfig {
        workspace: args.dir,
        rules,
        json: args.json,
        program,
        extra_run_args: args.job_args,
        exit_after_jobs: args.exit_after_jobs,
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    let summary = runtime.block_on(watch(config))?;
    tracing::info!(reason = %summary.reason, "watch stopped");
    Ok(0)
}
