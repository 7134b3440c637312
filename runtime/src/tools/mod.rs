//! Tool implementations, run inside the worker process.
//!
//! [`execute`] is the single entry point: it never panics, and every failure becomes an
//! [`Observation`] with `ok: false` and an error text. Every path argument goes through
//! [`paths::confine`], the same function the guard uses.

pub mod calc;
pub mod command;
mod exec;
mod fs;
pub mod patch;
pub mod paths;
mod probe;
mod test_command;

use std::path::{Path, PathBuf};
use std::time::Instant;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};
use thiserror::Error;

use crate::messages::{Observation, ToolCall, WorkerSetup};
use crate::sandbox::SandboxConfig;

pub use exec::{TestCommand, detect_test_command, parse_test_report, report_json, test_status};
pub use fs::{PlannedChange, count_occurrences, plan_patch, read_text_if_exists};
pub use probe::{PROBE_SCRATCH_SKIP, PROBE_SLOTS, probe_slot_dir};
pub use test_command::test_command_named_in;

/// Configuration the executor hands the worker at setup.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(default)]
pub struct ToolConfig {
    /// Programs `run_command` may start (first word of the command line).
    pub command_allow: Vec<String>,
    /// Command lines `run_command` must refuse (substring match).
    pub command_deny: Vec<String>,
    /// Overrides test-runner detection for `run_tests`.
    pub test_command: Option<Vec<String>>,
    /// Largest file `read_file` returns whole, in bytes (0 = the built-in 256 KiB).
    pub read_max_bytes: u64,
    /// Default timeout of commands, in milliseconds (0 = the built-in 120 s; `run_tests` 600 s).
    pub command_timeout_ms: u64,
    /// Bytes of stdout/stderr tail kept in an observation (0 = the built-in 16 KiB).
    pub output_tail_bytes: usize,
    /// Further trees sandboxed commands may write (e.g. a shared cargo target dir).
    pub extra_writable: Vec<String>,
    /// `CARGO_TARGET_DIR` for sandboxed commands (default: `<temp_dir>/target`).
    pub cargo_target_dir: Option<String>,
}

pub(crate) const DEFAULT_READ_MAX_BYTES: u64 = 256 * 1024;
pub(crate) const DEFAULT_COMMAND_TIMEOUT_MS: u64 = 120_000;
pub(crate) const DEFAULT_TEST_TIMEOUT_MS: u64 = 600_000;
pub(crate) const DEFAULT_TAIL_BYTES: usize = 16 * 1024;

/// Where tools act.
#[derive(Debug, Clone)]
pub struct ToolContext {
    /// Canonical workspace root.
    pub workspace: PathBuf,
    /// The job's private temp dir.
    pub temp_dir: PathBuf,
    pub config: ToolConfig,
}

impl ToolContext {
    /// Canonicalizes the workspace; creates the temp dir if needed.
    pub fn new(
        workspace: impl Into<PathBuf>,
        temp_dir: impl Into<PathBuf>,
        config: ToolConfig,
    ) -> std::io::Result<Self> {
        let workspace = workspace.into().canonicalize()?;
        let temp_dir = temp_dir.into();
        std::fs::create_dir_all(&temp_dir)?;
        let temp_dir = temp_dir.canonicalize()?;
        Ok(Self {
            workspace,
            temp_dir,
            config,
        })
    }

    pub fn from_setup(setup: &WorkerSetup) -> std::io::Result<Self> {
        Self::new(&setup.workspace, &setup.temp_dir, setup.config.clone())
    }

    /// The sandbox every command of this context runs in.
    pub fn sandbox(&self, timeout_ms: u64) -> SandboxConfig {
        self.sandbox_rooted(&self.workspace, timeout_ms)
    }

    /// The same sandbox with another writable root in place of the workspace (a `probe_edit`
    /// scratch copy): the workspace itself is then read-only to the command.
    pub fn sandbox_rooted(&self, root: &Path, timeout_ms: u64) -> SandboxConfig {
        let mut config = SandboxConfig::new(root, &self.temp_dir);
        config.timeout = std::time::Duration::from_millis(timeout_ms);
        config.output_cap = self.tail_bytes();
        config.extra_writable = self
            .config
            .extra_writable
            .iter()
            .map(PathBuf::from)
            .collect();
        if let Some(dir) = &self.config.cargo_target_dir {
            config.env.push(("CARGO_TARGET_DIR".into(), dir.clone()));
            config.extra_writable.push(PathBuf::from(dir));
        }
        config
    }

    pub(crate) fn tail_bytes(&self) -> usize {
        if self.config.output_tail_bytes == 0 {
            DEFAULT_TAIL_BYTES
        } else {
            self.config.output_tail_bytes
        }
    }

    pub(crate) fn read_max_bytes(&self) -> u64 {
        if self.config.read_max_bytes == 0 {
            DEFAULT_READ_MAX_BYTES
        } else {
            self.config.read_max_bytes
        }
    }
}

/// Why a tool could not do what was asked.
#[derive(Debug, Error)]
pub enum ToolError {
    #[error("unknown tool `{0}`")]
    UnknownTool(String),
    #[error("`{0}` is carried out by the job, not the worker")]
    NotAWorkerTool(String),
    #[error("invalid arguments: {0}")]
    InvalidArgs(String),
    #[error(transparent)]
    Path(#[from] paths::PathError),
    #[error("{path}: {reason}")]
    Io { path: String, reason: String },
    #[error("{path} is not valid UTF-8 text")]
    NotText { path: String },
    #[error("{path}: old_text occurs {count} times (must occur exactly once)")]
    OldTextCount { path: String, count: usize },
    #[error(transparent)]
    Patch(#[from] patch::PatchError),
    #[error(transparent)]
    Command(#[from] command::CommandRefusal),
    #[error(transparent)]
    Sandbox(#[from] crate::sandbox::SandboxError),
    #[error("`{program}` exited with {code:?}: {stderr}")]
    CommandFailed {
        program: String,
        code: Option<i32>,
        stderr: String,
    },
    #[error("no test runner found: {0}")]
    NoTestRunner(String),
    #[error(transparent)]
    Calc(#[from] calc::CalcError),
    #[error("invalid regular expression: {0}")]
    Regex(String),
    #[error("invalid glob: {0}")]
    Glob(String),
    /// An edit of test code where tests must stay as they are.
    #[error("refused: {0}; this job fixes the code under test and may not change or weaken tests")]
    TestEdit(crate::source::TestCodeTouch),
}

/// Run one call in the worker. Never panics.
pub fn execute(call: &ToolCall, ctx: &ToolContext) -> Observation {
    let started = Instant::now();
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| dispatch(call, ctx)))
        .unwrap_or_else(|_| {
            Err(ToolError::InvalidArgs(
                "the tool panicked (a bug in tact); nothing is known about its effect".into(),
            ))
        });
    let duration_ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
    match result {
        Ok(ToolOutput { output, exit_code }) => Observation {
            work_id: call.work_id.clone(),
            tool: call.tool.clone(),
            ok: true,
            exit_code,
            output,
            error: None,
            duration_ms,
            performer_pid: std::process::id(),
        },
        Err(err) => Observation {
            work_id: call.work_id.clone(),
            tool: call.tool.clone(),
            ok: false,
            exit_code: None,
            output: Value::Null,
            error: Some(err.to_string()),
            duration_ms,
            performer_pid: std::process::id(),
        },
    }
}

/// What a tool produced: its structured output and a command's exit code, if any.
pub(crate) struct ToolOutput {
    pub output: Value,
    pub exit_code: Option<i32>,
}

impl ToolOutput {
    pub fn plain(output: Value) -> Self {
        Self {
            output,
            exit_code: None,
        }
    }
}

fn dispatch(call: &ToolCall, ctx: &ToolContext) -> Result<ToolOutput, ToolError> {
    let args = &call.args;
    match call.tool.name.as_str() {
        "list_dir" => fs::list_dir(args, ctx),
        "read_file" => fs::read_file(args, ctx),
        "search" => fs::search(args, ctx),
        "find_files" => fs::find_files(args, ctx),
        "write_file" => fs::write_file(args, ctx),
        "apply_edit" => fs::apply_edit(args, ctx),
        "apply_patch" => fs::apply_patch(args, ctx),
        "run_tests" => exec::run_tests(args, ctx),
        "run_command" => exec::run_command(args, ctx),
        "probe_edit" => probe::probe_edit(args, ctx),
        "git_status" => exec::git_status(ctx),
        "git_diff" => exec::git_diff(args, ctx),
        "calc" => calc::run(args),
        "ask_user" | "stop" => Err(ToolError::NotAWorkerTool(call.tool.name.clone())),
        other => Err(ToolError::UnknownTool(other.to_string())),
    }
}

/// SHA-256 (hex) of bytes.
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex::encode(Sha256::digest(bytes))
}

/// Argument accessors: the guard validated the schema, but the worker still refuses bad input
/// instead of trusting it.
pub(crate) fn str_arg<'a>(args: &'a Value, name: &str) -> Result<&'a str, ToolError> {
    args.get(name)
        .and_then(Value::as_str)
        .ok_or_else(|| ToolError::InvalidArgs(format!("`{name}` must be a string")))
}

pub(crate) fn opt_str_arg<'a>(args: &'a Value, name: &str) -> Result<Option<&'a str>, ToolError> {
    match args.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(ToolError::InvalidArgs(format!("`{name}` must be a string"))),
    }
}

pub(crate) fn opt_u64_arg(args: &Value, name: &str) -> Result<Option<u64>, ToolError> {
    match args.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => v.as_u64().map(Some).ok_or_else(|| {
            ToolError::InvalidArgs(format!("`{name}` must be a non-negative integer"))
        }),
    }
}

pub(crate) fn opt_bool_arg(args: &Value, name: &str) -> Result<Option<bool>, ToolError> {
    match args.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Bool(b)) => Ok(Some(*b)),
        Some(_) => Err(ToolError::InvalidArgs(format!(
            "`{name}` must be a boolean"
        ))),
    }
}

#[cfg(test)]
mod tests;
