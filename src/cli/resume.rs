//! `tact resume <job>` and `tact answer <job> "<text>"`: continue a job from its ledger.

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use tact_runtime::ledger::{self, Ledger, LedgerEntry, LedgerState};

use crate::cli::run;

#[derive(Debug, Clone, clap::Args)]
pub struct ResumeArgs {
    /// The job: its directory (`<workspace>/.tact/jobs/<id>`), or its id with --workspace.
    pub job: String,
    #[command(flatten)]
    pub common: CommonArgs,
}

#[derive(Debug, Clone, clap::Args)]
pub struct AnswerArgs {
    /// The job: its directory, or its id with --workspace.
    pub job: String,
    /// The answer to the job's question.
    pub text: String,
    #[command(flatten)]
    pub common: CommonArgs,
}

#[derive(Debug, Clone, clap::Args)]
pub struct CommonArgs {
    /// The workspace, when the job is given by id (default: the current directory).
    #[arg(long)]
    pub workspace: Option<PathBuf>,
    #[arg(long)]
    pub policy: Option<PathBuf>,
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub model: run::ModelArgs,
    #[arg(long, hide = true)]
    pub scripted: Option<PathBuf>,
}

/// Find a job's directory and workspace.
pub fn locate(job: &str, workspace: Option<&Path>) -> anyhow::Result<(PathBuf, PathBuf, String)> {
    let as_path = PathBuf::from(job);
    let dir = if as_path.join(ledger::LEDGER_FILE).is_file() {
        as_path
    } else {
        let ws = match workspace {
            Some(w) => w.to_path_buf(),
            None => std::env::current_dir()?,
        };
        ws.join(".tact").join("jobs").join(job)
    };
    let ledger_file = dir.join(ledger::LEDGER_FILE);
    if !ledger_file.is_file() {
        bail!("no job ledger at {}", ledger_file.display());
    }
    let (records, _) = ledger::read_ledger(&ledger_file)?;
    let state = LedgerState::new(records);
    let (job_id, workspace) = state
        .records
        .iter()
        .find_map(|r| match &r.entry {
            LedgerEntry::JobStarted {
                job_id, workspace, ..
            } => Some((job_id.clone(), PathBuf::from(workspace))),
            _ => None,
        })
        .context("the ledger has no job_started record")?;
    Ok((dir, workspace, job_id))
}

fn resume_job(job_id: String, workspace: PathBuf, common: &CommonArgs) -> anyhow::Result<i32> {
    let args = run::Args {
        workspace: Some(workspace),
        example: None,
        task: run::DEFAULT_TASK.to_string(),
        policy: common.policy.clone(),
        json: common.json,
        verbose: false,
        model: common.model.clone(),
        always_call: false,
        retriever: None,
        test_command: None,
        max_tool_calls: None,
        max_seconds: None,
        job_id: Some(job_id),
        call_timeout_secs: 300,
        model_host: None,
        inject_host_exit: None,
        scripted: common.scripted.clone(),
        inject_panics: None,
    };
    run::run(args)
}

pub fn resume(args: ResumeArgs) -> anyhow::Result<i32> {
    let (_, workspace, job_id) = locate(&args.job, args.common.workspace.as_deref())?;
    resume_job(job_id, workspace, &args.common)
}

pub fn answer(args: AnswerArgs) -> anyhow::Result<i32> {
    let (dir, workspace, job_id) = locate(&args.job, args.common.workspace.as_deref())?;
    record_answer(&dir, &job_id, args.text.clone())?;
    resume_job(job_id, workspace, &args.common)
}

/// Record `text` in the ledger of the job in `dir` as the answer to the question it waits on
/// (`tact answer` and the MCP server's `answer_job`); refused when it waits on none. The ledger
/// is closed again before the job is resumed.
pub fn record_answer(dir: &Path, job_id: &str, text: String) -> anyhow::Result<()> {
    let file = dir.join(ledger::LEDGER_FILE);
    let (records, _) = ledger::read_ledger(&file)?;
    let state = LedgerState::new(records);
    if state.pending_question().is_none()
        && state.final_status() != Some(&ledger::JobStatus::NeedsAttention)
    {
        bail!("job {job_id} is not waiting for an answer");
    }
    let (ledger, owner, _, _) = Ledger::open(&file).with_context(|| {
        format!(
            "opening the ledger {} (is the job running elsewhere?)",
            file.display()
        )
    })?;
    ledger
        .append(LedgerEntry::Answer { text }, None)
        .context("recording the answer")?;
    drop(ledger);
    drop(owner);
    Ok(())
}
