//! `tact watch DIR [--rules FILE] [--json]`: watch a workspace and start jobs on triggers.

use std::path::PathBuf;

use anyhow::Context;
use tact_watch::{Rules, WatchConfig, watch};

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
    /// The decoder every job uses: an installed model's name or a GGUF file/HF folder
    /// (passed to each `tact run`).
    #[arg(long, value_name = "NAME|PATH")]
    pub model: Option<String>,
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
    // Rules and model from the command line, else the config files (see `tact config show`).
    let settings = super::config::settings(
        &super::config::Flags {
            model: args.model.clone(),
            watch_rules: args.rules.clone(),
            ..Default::default()
        },
        Some(&args.dir),
    )?;
    let rules = Rules::load(settings.watch_rules.value.as_deref())?;
    let mut extra_run_args = args.job_args;
    if let Some(model) = settings.model.value {
        // Refuse a bad name now, not in every job.
        if !model.starts_with("scripted") {
            tact_models::resolve::resolve_model(Some(&model), &tact_models::fetch::default_home())?;
        }
        extra_run_args.extend(["--model".to_owned(), model]);
    }
    // Jobs run by tact itself with the real model share one model host: the model is loaded
    // once for the whole watch, not once per job. It lives until the watch returns.
    let uses_real_model = args.runner.is_none()
        && !extra_run_args
            .iter()
            .any(|a| a == "--scripted" || a == "--model-host");
    let _model_host = if uses_real_model {
        let host = start_shared_host(&args.dir, &extra_run_args)?;
        extra_run_args.extend([
            "--model-host".to_owned(),
            host.socket().display().to_string(),
        ]);
        Some(host)
    } else {
        None
    };
    let program = match args.runner {
        Some(runner) => runner,
        None => std::env::current_exe().context("locating the tact binary")?,
    };
    let config = WatchConfig {
        workspace: args.dir,
        rules,
        json: args.json,
        program,
        extra_run_args,
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

/// The watcher's model host (its log in `<workspace>/.tact/model-host.stderr`), for the model
/// the jobs' arguments name.
fn start_shared_host(
    workspace: &std::path::Path,
    job_args: &[String],
) -> anyhow::Result<tact_actors::model_host::ModelHost> {
    use tact_actors::model_host::{ModelHost, ModelHostCommand, RestartLimit};
    let mut model = super::run::ModelArgs {
        model: None,
        backend: None,
        threads: None,
    };
    for pair in job_args.windows(2) {
        match pair[0].as_str() {
            "--model" => model.model = Some(pair[1].clone()),
            "--backend" => model.backend = Some(pair[1].clone()),
            "--threads" => model.threads = pair[1].parse().ok(),
            _ => {}
        }
    }
    let log_dir = workspace.join(".tact");
    std::fs::create_dir_all(&log_dir)?;
    ModelHost::start_private(
        ModelHostCommand {
            program: std::env::current_exe().context("locating the tact binary")?,
            args: super::run::model_host_args(&model),
            socket: PathBuf::new(),
            stderr_log: Some(log_dir.join("model-host.stderr")),
            first_exits_on_request: None,
        },
        RestartLimit::default(),
    )
    .context("starting the model host for the watched jobs")
}
