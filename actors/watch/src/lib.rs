//! The workspace watcher behind `tact watch`.
//!
//! It watches a workspace with notify (through notify-debouncer-full) and turns three kinds of
//! change into jobs: a job file dropped into `.tact/inbox/`, a `tact: <task>` comment marker
//! saved in a source file, and a test report that shows failures. Jobs run one at a time per
//! workspace as child processes (`tact run ...`), the rest wait in a FIFO queue that survives a
//! restart (`.tact/watch-state.json`).
//!
//! Every decision is made on file *content*, not on events: a changed path is re-read and its
//! SHA-256 compared with the last known hash, so duplicate events, atomic saves (temp file +
//! rename) and rescans after an overflow all reduce to the same diff. A change whose content
//! hash the runtime itself wrote (found in a job ledger's write records) is never a trigger.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::fs::File;
use std::io::{IsTerminal, Write};
use std::path::{Component, Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant, SystemTime};

use globset::{Glob, GlobSet, GlobSetBuilder};
use ignore::gitignore::{Gitignore, GitignoreBuilder};
use notify::RecursiveMode;
use notify::event::{AccessKind, AccessMode, EventKind};
use notify_debouncer_full::{DebounceEventResult, new_debouncer};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tact_runtime::ledger::{LEDGER_FILE, LedgerEntry, LedgerState, read_ledger};
use tact_runtime::tools::sha256_hex;
use thiserror::Error;
use tokio::io::AsyncBufReadExt;

/// The task a failing test report starts: the failing-tests family's headline task.
pub const FAILING_TESTS_TASK: &str = "the tests fail; find the bug and fix it";

/// Where job files are dropped, relative to the workspace.
pub const INBOX_DIR: &str = ".tact/inbox";

/// The watcher's persistent state, relative to the workspace.
pub const STATE_FILE: &str = ".tact/watch-state.json";

const LOCK_FILE: &str = ".tact/watch.lock";

/// Files larger than this are indexed by size and mtime instead of read and hashed.
const MAX_HASHED_BYTES: u64 = 64 * 1024 * 1024;

/// The tools whose ledger records say the runtime wrote a file.
const WRITING_TOOLS: [&str; 3] = ["apply_edit", "write_file", "apply_patch"];

/// Errors of the watcher.
#[derive(Debug, Error)]
pub enum WatchError {
    #[error("workspace {path}: {reason}")]
    Workspace { path: String, reason: String },
    #[error("rules file {path}: {reason}")]
    Rules { path: String, reason: String },
    #[error("another `tact watch` is already watching this workspace (lock {0})")]
    Locked(String),
    #[error("watching {path}: {reason}")]
    Notify { path: String, reason: String },
    #[error("state file {path}: {reason}")]
    State { path: String, reason: String },
    #[error("{path}: {reason}")]
    Io { path: String, reason: String },
    #[error("job file {path}: {reason}")]
    JobFile { path: String, reason: String },
    #[error("starting job {job_id}: {reason}")]
    Spawn { job_id: String, reason: String },
    #[error("signal handler: {0}")]
    Signal(String),
}

fn io_error(path: &Path, err: impl std::fmt::Display) -> WatchError {
    WatchError::Io {
        path: path.display().to_string(),
        reason: err.to_string(),
    }
}

// ---------------------------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------------------------

/// The rules file (TOML). Every field has a default; see `docs/watch.md`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    /// Quiet time before a burst of events is delivered, in milliseconds.
    pub debounce_ms: u64,
    pub inbox: InboxRules,
    pub markers: MarkerRules,
    pub test_reports: ReportRules,
    pub ignore: IgnoreRules,
    pub jobs: JobRules,
}

impl Default for Rules {
    fn default() -> Self {
        Self {
            debounce_ms: 200,
            inbox: InboxRules::default(),
            markers: MarkerRules::default(),
            test_reports: ReportRules::default(),
            ignore: IgnoreRules::default(),
            jobs: JobRules::default(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct InboxRules {
    pub enabled: bool,
}

impl Default for InboxRules {
    fn default() -> Self {
        Self { enabled: true }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MarkerRules {
    pub enabled: bool,
    /// The marker word; it must follow a comment token (`//`, `#`, `--`, `/*`, `*`, `;`, `<!--`).
    pub prefix: String,
    /// Larger files are not searched for markers.
    pub max_file_bytes: u64,
    /// Globs (relative to the workspace) whose files are never searched for markers.
    pub exclude: Vec<String>,
}

impl Default for MarkerRules {
    fn default() -> Self {
        Self {
            enabled: true,
            prefix: "tact:".into(),
            max_file_bytes: 1024 * 1024,
            exclude: Vec::new(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ReportRules {
    pub enabled: bool,
    /// Globs (relative to the workspace) of test report files. `.xml` files are read as JUnit.
    pub globs: Vec<String>,
    /// The task a failing report starts.
    pub task: String,
}

impl Default for ReportRules {
    fn default() -> Self {
        Self {
            enabled: true,
            globs: vec!["**/test-report*.txt".into(), "**/junit*.xml".into()],
            task: FAILING_TESTS_TASK.into(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct IgnoreRules {
    /// Honour `.gitignore` files (and `.git/info/exclude`).
    pub gitignore: bool,
    /// Extra globs (relative to the workspace) to ignore.
    pub globs: Vec<String>,
}

impl Default for IgnoreRules {
    fn default() -> Self {
        Self {
            gitignore: true,
            globs: Vec::new(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct JobRules {
    /// On shutdown, how long a job gets after SIGTERM before SIGKILL, in milliseconds.
    pub stop_grace_ms: u64,
}

impl Default for JobRules {
    fn default() -> Self {
        Self {
            stop_grace_ms: 2000,
        }
    }
}

impl Rules {
    /// Parse a rules file's text.
    pub fn parse(text: &str, path: &Path) -> Result<Rules, WatchError> {
        toml::from_str(text).map_err(|e| WatchError::Rules {
            path: path.display().to_string(),
            reason: e.to_string(),
        })
    }

    /// Load a rules file, or the defaults without one.
    pub fn load(path: Option<&Path>) -> Result<Rules, WatchError> {
        match path {
            None => Ok(Rules::default()),
            Some(p) => {
                let text = std::fs::read_to_string(p).map_err(|e| WatchError::Rules {
                    path: p.display().to_string(),
                    reason: e.to_string(),
                })?;
                Rules::parse(&text, p)
            }
        }
    }
}

fn glob_set(globs: &[String], what: &str) -> Result<GlobSet, WatchError> {
    let mut builder = GlobSetBuilder::new();
    for g in globs {
        let glob = Glob::new(g).map_err(|e| WatchError::Rules {
            path: what.into(),
            reason: format!("glob {g:?}: {e}"),
        })?;
        builder.add(glob);
    }
    builder.build().map_err(|e| WatchError::Rules {
        path: what.into(),
        reason: e.to_string(),
    })
}

// ---------------------------------------------------------------------------------------------
// Job files, markers, reports: pure functions over text
// ---------------------------------------------------------------------------------------------

/// A job file dropped into the inbox.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JobFile {
    pub task: String,
    /// A policy file, relative to the workspace or absolute.
    #[serde(default)]
    pub policy: Option<String>,
    /// Plan notes, passed to the job with its task.
    #[serde(default)]
    pub plan: Option<String>,
}

impl JobFile {
    pub fn parse(text: &str, path: &Path) -> Result<JobFile, WatchError> {
        let job: JobFile = toml::from_str(text).map_err(|e| WatchError::JobFile {
            path: path.display().to_string(),
            reason: e.to_string(),
        })?;
        if job.task.trim().is_empty() {
            return Err(WatchError::JobFile {
                path: path.display().to_string(),
                reason: "`task` is empty".into(),
            });
        }
        Ok(job)
    }

    /// The task text the job runs with: the task, then the plan notes if any.
    pub fn task_text(&self) -> String {
        match self.plan.as_deref().map(str::trim) {
            Some(notes) if !notes.is_empty() => {
                format!("{}\n\nPlan notes: {notes}", self.task.trim())
            }
            _ => self.task.trim().to_string(),
        }
    }
}

/// A `tact: <task>` marker found in a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Marker {
    /// 1-based line number.
    pub line: usize,
    pub task: String,
}

const COMMENT_TOKENS: [&str; 7] = ["//", "#", "--", "/*", "*", ";", "<!--"];

/// Markers in a text: `prefix` right after a comment token, followed by a non-empty task.
pub fn find_markers(text: &str, prefix: &str) -> Vec<Marker> {
    let mut found = Vec::new();
    if prefix.is_empty() {
        return found;
    }
    for (index, line) in text.lines().enumerate() {
        let Some(at) = line.find(prefix) else {
            continue;
        };
        let before = line[..at].trim_end();
        if !COMMENT_TOKENS.iter().any(|t| before.ends_with(t)) {
            continue;
        }
        let mut task = line[at + prefix.len()..].trim();
        for closer in ["*/", "-->"] {
            task = task.strip_suffix(closer).unwrap_or(task).trim_end();
        }
        if !task.is_empty() {
            found.push(Marker {
                line: index + 1,
                task: task.to_string(),
            });
        }
    }
    found
}

/// The key that makes a marker trigger once: the file and the marker's text.
pub fn marker_key(rel_path: &str, marker_task: &str) -> String {
    sha256_hex(format!("{rel_path}\n{marker_task}").as_bytes())
}

/// What a test report says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ReportVerdict {
    pub failing: bool,
    pub failed: u64,
    pub errors: u64,
}

/// Read a report: JUnit XML (`failures`/`errors` attributes of its suites) when it looks like
/// XML, otherwise test runner output parsed by [`tact_runtime::testreport`].
pub fn judge_report(text: &str, path: &Path) -> ReportVerdict {
    let is_xml = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("xml"))
        || text.trim_start().starts_with('<');
    if is_xml {
        let failed = xml_attribute_max(text, "failures");
        let errors = xml_attribute_max(text, "errors");
        return ReportVerdict {
            failing: failed > 0 || errors > 0,
            failed,
            errors,
        };
    }
    let report = tact_runtime::testreport::parse_test_output(text);
    let failed = u64::from(report.failed).max(report.failures.len() as u64);
    let errors = u64::from(report.errors);
    ReportVerdict {
        failing: failed > 0 || errors > 0 || report.build_failed,
        failed,
        errors,
    }
}

/// The largest value of `name="N"` in a JUnit file. Suites nest (`<testsuites>` sums its
/// `<testsuite>`s), so the maximum is the total when the root carries it and a lower bound
/// otherwise; either way it is > 0 exactly when something failed.
fn xml_attribute_max(text: &str, name: &str) -> u64 {
    let needle = format!("{name}=");
    let mut best = 0u64;
    let mut rest = text;
    while let Some(at) = rest.find(&needle) {
        let preceded_by_space = rest[..at]
            .chars()
            .next_back()
            .is_some_and(char::is_whitespace);
        rest = &rest[at + needle.len()..];
        if !preceded_by_space {
            continue;
        }
        let Some(quote) = rest.chars().next().filter(|c| *c == '"' || *c == '\'') else {
            continue;
        };
        let value: String = rest[1..].chars().take_while(|c| *c != quote).collect();
        if let Ok(n) = value.trim().parse::<u64>() {
            best = best.max(n);
        }
    }
    best
}

// ---------------------------------------------------------------------------------------------
// Own writes: what the runtime wrote, from the job ledgers
// ---------------------------------------------------------------------------------------------

/// Content hashes the runtime wrote, per workspace-relative path, read from job ledgers.
#[derive(Debug, Default)]
pub struct OwnWrites {
    /// path → (hash → job id)
    by_path: HashMap<String, HashMap<String, String>>,
    /// ledger file → (length, mtime) when last read, so unchanged ledgers are not re-read.
    seen: HashMap<PathBuf, (u64, Option<SystemTime>)>,
    /// Job ids whose ledger has no `Done` record.
    pub unfinished: BTreeSet<String>,
}

impl OwnWrites {
    /// The job that wrote this exact content at this path, if the runtime did.
    pub fn writer_of(&self, rel_path: &str, hash: &str) -> Option<&str> {
        self.by_path
            .get(rel_path)
            .and_then(|hashes| hashes.get(hash))
            .map(String::as_str)
    }

    /// Re-read every ledger under `<workspace>/.tact/jobs/` that changed since the last call.
    pub fn refresh(&mut self, workspace: &Path) {
        let jobs = workspace.join(".tact").join("jobs");
        let Ok(entries) = std::fs::read_dir(&jobs) else {
            return;
        };
        for entry in entries.flatten() {
            let ledger = entry.path().join(LEDGER_FILE);
            let Ok(meta) = std::fs::metadata(&ledger) else {
                continue;
            };
            let stamp = (meta.len(), meta.modified().ok());
            if self.seen.get(&ledger) == Some(&stamp) {
                continue;
            }
            let job_id = entry.file_name().to_string_lossy().into_owned();
            match read_ledger(&ledger) {
                Ok((records, _recovery)) => {
                    let state = LedgerState::new(records);
                    self.add_ledger(workspace, &job_id, &state);
                    if state.final_status().is_none() && !state.records.is_empty() {
                        self.unfinished.insert(job_id);
                    } else {
                        self.unfinished.remove(&job_id);
                    }
                    self.seen.insert(ledger, stamp);
                }
                Err(e) => tracing::warn!(ledger = %ledger.display(), "unreadable ledger: {e}"),
            }
        }
    }

    fn add(&mut self, workspace: &Path, job_id: &str, path: &str, hash: &str) {
        let Some(rel) = normalise_ledger_path(workspace, path) else {
            return;
        };
        self.by_path
            .entry(rel)
            .or_default()
            .insert(hash.to_string(), job_id.to_string());
    }

    /// Collect the after-hashes of a ledger's writes: outcomes of the writing tools, and the
    /// content of a `write_file` intent whose outcome never came (it may have landed).
    pub fn add_ledger(&mut self, workspace: &Path, job_id: &str, state: &LedgerState) {
        for record in &state.records {
            match &record.entry {
                LedgerEntry::Intent { tool_ref, args, .. } if tool_ref.name == "write_file" => {
                    if let (Some(path), Some(content)) = (
                        args.get("path").and_then(Value::as_str),
                        args.get("content").and_then(Value::as_str),
                    ) {
                        self.add(workspace, job_id, path, &sha256_hex(content.as_bytes()));
                    }
                }
                LedgerEntry::Outcome { record }
                    if WRITING_TOOLS.contains(&record.tool_ref.name.as_str()) =>
                {
                    // Executor outcomes wrap the tool's output; local ones are the output itself.
                    let output = match record.outputs.get("output") {
                        Some(inner) if inner.is_object() => inner,
                        _ => &record.outputs,
                    };
                    let input_path = record.inputs.get("path").and_then(Value::as_str);
                    let mut files: Vec<&Value> = vec![output];
                    if let Some(list) = output.get("files").and_then(Value::as_array) {
                        files.extend(list.iter());
                    }
                    for file in files {
                        let Some(hash) = file.get("after_sha256").and_then(Value::as_str) else {
                            continue;
                        };
                        if let Some(path) = file.get("path").and_then(Value::as_str).or(input_path)
                        {
                            self.add(workspace, job_id, path, hash);
                        }
                    }
                }
                _ => {}
            }
        }
    }
}

/// A ledger path (relative key or absolute) as a workspace-relative key with `/` separators.
fn normalise_ledger_path(workspace: &Path, path: &str) -> Option<String> {
    let p = Path::new(path);
    let rel = if p.is_absolute() {
        p.strip_prefix(workspace).ok()?
    } else {
        p
    };
    let parts: Vec<String> = rel
        .components()
        .filter_map(|c| match c {
            Component::Normal(s) => Some(s.to_string_lossy().into_owned()),
            _ => None,
        })
        .collect();
    (!parts.is_empty()).then(|| parts.join("/"))
}

// ---------------------------------------------------------------------------------------------
// Events
// ---------------------------------------------------------------------------------------------

/// What started a job.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TriggerKind {
    Inbox,
    Marker,
    TestReport,
    /// An unfinished job found on start.
    Resume,
}

/// Counters reported when the watcher stops.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct WatchStats {
    /// notify events received (after debouncing).
    pub events: u64,
    /// Distinct files whose content was read because an event named them.
    pub files_seen_by_event: u64,
    /// Distinct files read by a scan: the start scan, a new directory's scan, or a rescan.
    pub files_seen_by_scan: u64,
    pub rescans: u64,
    pub triggers: u64,
    pub ignored_own_writes: u64,
    pub jobs_started: u64,
    pub jobs_done: u64,
    pub errors: u64,
}

/// One line of `tact watch --json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum WatchEvent {
    Watching {
        workspace: String,
        files: usize,
        /// True on a first start: existing markers and reports are recorded, not triggered.
        baseline: bool,
        queued: usize,
    },
    Trigger {
        kind: TriggerKind,
        path: String,
        task: String,
        job_id: String,
    },
    Queued {
        job_id: String,
        position: usize,
        running: Option<String>,
    },
    JobStarted {
        job_id: String,
        pid: u32,
        command: Vec<String>,
    },
    JobDone {
        job_id: String,
        status: Option<String>,
        exit_code: Option<i32>,
        millis: u64,
    },
    Rescan {
        reason: String,
        files: usize,
        changed: usize,
        removed: usize,
    },
    IgnoredOwnWrite {
        path: String,
        job_id: String,
    },
    Error {
        path: Option<String>,
        message: String,
    },
    Stopped {
        reason: String,
        stats: WatchStats,
    },
}

impl WatchEvent {
    fn human(&self) -> String {
        match self {
            WatchEvent::Watching {
                workspace,
                files,
                baseline,
                queued,
            } => format!(
                "watching {workspace} ({files} files{}, {queued} queued)",
                if *baseline {
                    ", first start: baseline"
                } else {
                    ""
                }
            ),
            WatchEvent::Trigger {
                kind,
                path,
                task,
                job_id,
            } => {
                format!("trigger {kind:?} {path}: {task:?} → job {job_id}")
            }
            WatchEvent::Queued {
                job_id,
                position,
                running,
            } => match running {
                Some(r) => format!("queued {job_id} at {position} (running {r})"),
                None => format!("queued {job_id} at {position}"),
            },
            WatchEvent::JobStarted { job_id, pid, .. } => {
                format!("job {job_id} started (pid {pid})")
            }
            WatchEvent::JobDone {
                job_id,
                status,
                exit_code,
                millis,
            } => format!(
                "job {job_id} done: {} (exit {exit_code:?}, {millis} ms)",
                status.as_deref().unwrap_or("no status")
            ),
            WatchEvent::Rescan {
                reason,
                files,
                changed,
                removed,
            } => {
                format!("rescan ({reason}): {files} files, {changed} changed, {removed} removed")
            }
            WatchEvent::IgnoredOwnWrite { path, job_id } => {
                format!("ignored {path}: written by job {job_id}")
            }
            WatchEvent::Error { path, message } => match path {
                Some(p) => format!("error {p}: {message}"),
                None => format!("error: {message}"),
            },
            WatchEvent::Stopped { reason, stats } => format!(
                "stopped ({reason}): {} jobs done, {} triggers, {} events, {} rescans",
                stats.jobs_done, stats.triggers, stats.events, stats.rescans
            ),
        }
    }
}

/// Where events go: JSON lines on stdout, or a one-line status on a terminal (plain lines
/// otherwise). Tracing gets every event either way.
struct Emitter {
    json: bool,
    terminal: bool,
}

impl Emitter {
    fn emit(&self, event: &WatchEvent) {
        tracing::info!(target: "tact::watch", "{}", event.human());
        if self.json {
            if let Ok(line) = serde_json::to_string(event) {
                let mut out = std::io::stdout().lock();
                let _ = writeln!(out, "{line}");
                let _ = out.flush();
            }
        } else if self.terminal {
            let mut line = event.human();
            line.truncate(line.char_indices().nth(150).map_or(line.len(), |(i, _)| i));
            let end = if matches!(event, WatchEvent::Stopped { .. }) {
                "\n"
            } else {
                ""
            };
            eprint!("\r\x1b[2K{line}{end}");
        } else {
            eprintln!("{}", event.human());
        }
    }
}

// ---------------------------------------------------------------------------------------------
// State
// ---------------------------------------------------------------------------------------------

/// How a queued job is started.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum JobSpec {
    Run {
        task: String,
        policy: Option<String>,
    },
    Resume,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct QueuedJob {
    pub job_id: String,
    pub spec: JobSpec,
    pub trigger: TriggerKind,
    pub path: String,
}

/// `.tact/watch-state.json`: what must survive a restart.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct WatchState {
    pub version: u32,
    /// Keys of markers that already started a job.
    pub markers: BTreeSet<String>,
    /// `path\nhash` of reports already judged.
    pub reports: BTreeSet<String>,
    pub queue: VecDeque<QueuedJob>,
    /// The job that was running when the watcher last saved.
    pub running: Option<QueuedJob>,
    /// Last known content hash per workspace-relative file.
    pub index: BTreeMap<String, String>,
    pub job_seq: u64,
    /// `path\nhash` of inbox job files already queued.
    pub inbox_done: BTreeSet<String>,
    /// `path\nhash` of malformed job files already reported.
    pub inbox_errors: BTreeSet<String>,
}

impl WatchState {
    fn load(path: &Path) -> Result<Option<WatchState>, WatchError> {
        match std::fs::read_to_string(path) {
            Ok(text) => serde_json::from_str(&text)
                .map(Some)
                .map_err(|e| WatchError::State {
                    path: path.display().to_string(),
                    reason: e.to_string(),
                }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(io_error(path, e)),
        }
    }

    /// Write atomically: a crash leaves the old or the new file, never half of one.
    fn save(&self, path: &Path) -> Result<(), WatchError> {
        let text = serde_json::to_vec(self).map_err(|e| WatchError::State {
            path: path.display().to_string(),
            reason: e.to_string(),
        })?;
        let temp = path.with_extension("json.tmp");
        let mut file = File::create(&temp).map_err(|e| io_error(&temp, e))?;
        file.write_all(&text)
            .and_then(|_| file.sync_data())
            .map_err(|e| io_error(&temp, e))?;
        std::fs::rename(&temp, path).map_err(|e| io_error(path, e))
    }
}

// ---------------------------------------------------------------------------------------------
// Configuration and the watcher
// ---------------------------------------------------------------------------------------------

/// Everything `tact watch` needs.
#[derive(Debug, Clone)]
pub struct WatchConfig {
    pub workspace: PathBuf,
    pub rules: Rules,
    pub json: bool,
    /// The program jobs run with: `tact` itself, or a stand-in given the same arguments.
    pub program: PathBuf,
    /// Extra arguments appended to every `run` (tests pass `--scripted FILE`).
    pub extra_run_args: Vec<String>,
    /// Stop after this many jobs have finished (tests).
    pub exit_after_jobs: Option<u64>,
}

/// What the watcher did, returned when it stops.
#[derive(Debug, Clone)]
pub struct WatchSummary {
    pub reason: String,
    pub stats: WatchStats,
}

/// Where a file's content came to the watcher's attention.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Seen {
    Event,
    Scan,
    /// The first start's scan: record, never trigger.
    Baseline,
}

/// How the watcher treats a path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PathClass {
    Inbox,
    Report,
    Source,
    Ignored,
}

struct RunningJob {
    job: QueuedJob,
    pgid: i32,
    started: Instant,
}

struct JobFinished {
    job_id: String,
    exit_code: Option<i32>,
    status: Option<String>,
}

/// The watcher's state machine; the async loop in [`watch`] feeds it.
pub struct Watcher {
    workspace: PathBuf,
    rules: Rules,
    reports: GlobSet,
    marker_exclude: GlobSet,
    extra_ignore: GlobSet,
    gitignores: Vec<(PathBuf, Gitignore)>,
    state: WatchState,
    state_path: PathBuf,
    own: OwnWrites,
    running: Option<RunningJob>,
    /// Paths changed while a job ran: judged when it ends, against its complete ledger.
    deferred: BTreeSet<PathBuf>,
    stats: WatchStats,
    seen_by_event: HashSet<String>,
    seen_by_scan: HashSet<String>,
    emitter: Emitter,
    program: PathBuf,
    extra_run_args: Vec<String>,
    exit_after_jobs: Option<u64>,
    /// No state file existed: the start scan records markers and reports without triggering.
    first_start: bool,
    _lock: File,
}

/// Take the per-workspace lock: one watcher per workspace.
fn take_lock(workspace: &Path) -> Result<File, WatchError> {
    use std::os::fd::AsRawFd;
    let path = workspace.join(LOCK_FILE);
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .map_err(|e| io_error(&path, e))?;
    // SAFETY: flock on a descriptor we own; no memory is involved.
    let rc = unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) };
    if rc != 0 {
        return Err(WatchError::Locked(path.display().to_string()));
    }
    Ok(file)
}

impl Watcher {
    /// Open a workspace: lock it, load state and rules, and build the ignore matchers.
    pub fn open(cfg: &WatchConfig) -> Result<Watcher, WatchError> {
        let workspace = cfg
            .workspace
            .canonicalize()
            .map_err(|e| WatchError::Workspace {
                path: cfg.workspace.display().to_string(),
                reason: e.to_string(),
            })?;
        if !workspace.is_dir() {
            return Err(WatchError::Workspace {
                path: workspace.display().to_string(),
                reason: "not a directory".into(),
            });
        }
        let inbox = workspace.join(INBOX_DIR);
        std::fs::create_dir_all(inbox.join("done")).map_err(|e| io_error(&inbox, e))?;
        let lock = take_lock(&workspace)?;
        let state_path = workspace.join(STATE_FILE);
        let state = WatchState::load(&state_path)?;
        let baseline = state.is_none();
        let mut watcher = Watcher {
            reports: glob_set(&cfg.rules.test_reports.globs, "test_reports.globs")?,
            marker_exclude: glob_set(&cfg.rules.markers.exclude, "markers.exclude")?,
            extra_ignore: glob_set(&cfg.rules.ignore.globs, "ignore.globs")?,
            gitignores: Vec::new(),
            rules: cfg.rules.clone(),
            state: state.unwrap_or(WatchState {
                version: 1,
                ..WatchState::default()
            }),
            state_path,
            own: OwnWrites::default(),
            running: None,
            deferred: BTreeSet::new(),
            stats: WatchStats::default(),
            seen_by_event: HashSet::new(),
            seen_by_scan: HashSet::new(),
            emitter: Emitter {
                json: cfg.json,
                terminal: !cfg.json && std::io::stderr().is_terminal(),
            },
            program: cfg.program.clone(),
            extra_run_args: cfg.extra_run_args.clone(),
            exit_after_jobs: cfg.exit_after_jobs,
            first_start: baseline,
            workspace,
            _lock: lock,
        };
        watcher.load_gitignores();
        Ok(watcher)
    }
}

impl Watcher {
    pub fn workspace(&self) -> &Path {
        &self.workspace
    }

    pub fn stats(&self) -> WatchStats {
        let mut stats = self.stats.clone();
        stats.files_seen_by_event = self.seen_by_event.len() as u64;
        stats.files_seen_by_scan = self.seen_by_scan.len() as u64;
        stats
    }

    fn emit(&self, event: WatchEvent) {
        self.emitter.emit(&event);
    }

    fn error(&mut self, path: Option<&str>, message: impl Into<String>) {
        self.stats.errors += 1;
        self.emit(WatchEvent::Error {
            path: path.map(str::to_string),
            message: message.into(),
        });
    }

    fn save_state(&mut self) {
        if let Err(e) = self.state.save(&self.state_path) {
            tracing::error!("saving watch state: {e}");
            self.stats.errors += 1;
        }
    }

    /// A path inside the workspace as a relative key with `/` separators.
    fn rel_key(&self, abs: &Path) -> Option<String> {
        normalise_ledger_path(
            &self.workspace,
            &abs.strip_prefix(&self.workspace).ok()?.to_string_lossy(),
        )
    }

    /// The root `.gitignore` and `.git/info/exclude`; nested ones are added as scans enter
    /// their directories.
    fn load_gitignores(&mut self) {
        self.gitignores.clear();
        if !self.rules.ignore.gitignore {
            return;
        }
        let root = self.workspace.clone();
        self.load_gitignore_of(&root);
    }

    /// (Re)build the matcher of one directory's `.gitignore` (plus `.git/info/exclude` at the
    /// root). Later sources win, as in git.
    fn load_gitignore_of(&mut self, dir: &Path) {
        if !self.rules.ignore.gitignore {
            return;
        }
        let mut builder = GitignoreBuilder::new(dir);
        let mut any = false;
        let mut sources = Vec::new();
        if dir == self.workspace {
            sources.push(dir.join(".git").join("info").join("exclude"));
        }
        sources.push(dir.join(".gitignore"));
        for source in sources {
            if source.is_file() {
                any = true;
                if let Some(err) = builder.add(&source) {
                    tracing::warn!(file = %source.display(), "gitignore: {err}");
                }
            }
        }
        self.gitignores.retain(|(d, _)| d != dir);
        if !any {
            return;
        }
        match builder.build() {
            Ok(matcher) => {
                self.gitignores.push((dir.to_path_buf(), matcher));
                // Deepest first: a nested .gitignore overrides its ancestors.
                self.gitignores
                    .sort_by_key(|(d, _)| std::cmp::Reverse(d.components().count()));
            }
            Err(e) => tracing::warn!(dir = %dir.display(), "gitignore: {e}"),
        }
    }

    fn gitignored(&self, abs: &Path, is_dir: bool) -> bool {
        for (dir, matcher) in &self.gitignores {
            // The matcher panics on a path outside its root: check first.
            if !abs.starts_with(dir) || abs == dir {
                continue;
            }
            let verdict = matcher.matched_path_or_any_parents(abs, is_dir);
            if verdict.is_ignore() {
                return true;
            }
            if verdict.is_whitelist() {
                return false;
            }
        }
        false
    }

    fn classify(&self, abs: &Path, is_dir: bool) -> PathClass {
        let Some(rel) = self.rel_key(abs) else {
            return PathClass::Ignored;
        };
        let parts: Vec<&str> = rel.split('/').collect();
        if parts.iter().any(|p| *p == ".git" || *p == "target") {
            return PathClass::Ignored;
        }
        if parts.first() == Some(&".tact") {
            let is_job_file = parts.len() == 3
                && parts.get(1) == Some(&"inbox")
                && !is_dir
                && rel.ends_with(".toml");
            return if is_job_file && self.rules.inbox.enabled {
                PathClass::Inbox
            } else {
                PathClass::Ignored
            };
        }
        if is_editor_temp(&rel) || self.extra_ignore.is_match(&rel) {
            return PathClass::Ignored;
        }
        // Reports are often gitignored (they are build output): the report globs win.
        if !is_dir && self.rules.test_reports.enabled && self.reports.is_match(&rel) {
            return PathClass::Report;
        }
        if self.gitignored(abs, is_dir) {
            return PathClass::Ignored;
        }
        PathClass::Source
    }

    /// First steps after the watch is registered: index the tree, recover jobs, read the inbox.
    pub fn start(&mut self) {
        self.own.refresh(&self.workspace);
        let seen = if self.first_start {
            Seen::Baseline
        } else {
            Seen::Scan
        };
        let root = self.workspace.clone();
        let (visited, _) = self.scan_dir(&root, seen);
        let removed = self.drop_missing(&visited, &root);
        if removed > 0 {
            tracing::info!(removed, "files gone since the last run");
        }
        self.first_start = false;
        self.recover_jobs();
        self.scan_inbox();
        self.save_state();
        self.emit(WatchEvent::Watching {
            workspace: self.workspace.display().to_string(),
            files: self.state.index.len(),
            baseline: seen == Seen::Baseline,
            queued: self.state.queue.len(),
        });
    }

    /// Queue unfinished jobs (resume) and the job that was starting when the watcher stopped.
    fn recover_jobs(&mut self) {
        let queued: HashSet<String> = self.state.queue.iter().map(|j| j.job_id.clone()).collect();
        let mut resumes: Vec<QueuedJob> = self
            .own
            .unfinished
            .iter()
            .filter(|id| !queued.contains(*id))
            .map(|id| QueuedJob {
                job_id: id.clone(),
                spec: JobSpec::Resume,
                trigger: TriggerKind::Resume,
                path: format!(".tact/jobs/{id}"),
            })
            .collect();
        if let Some(job) = self.state.running.take() {
            let ledger = self
                .workspace
                .join(".tact/jobs")
                .join(&job.job_id)
                .join(LEDGER_FILE);
            let has_records = read_ledger(&ledger).is_ok_and(|(records, _)| !records.is_empty());
            // Killed before its ledger had a record: nothing ran, so it starts afresh.
            if !has_records && !matches!(job.spec, JobSpec::Resume) {
                resumes.push(job);
            }
        }
        for job in resumes.into_iter().rev() {
            self.emit(WatchEvent::Trigger {
                kind: TriggerKind::Resume,
                path: job.path.clone(),
                task: match &job.spec {
                    JobSpec::Run { task, .. } => task.clone(),
                    JobSpec::Resume => "resume".into(),
                },
                job_id: job.job_id.clone(),
            });
            self.state.queue.push_front(job);
        }
    }

    fn scan_inbox(&mut self) {
        if !self.rules.inbox.enabled {
            return;
        }
        let inbox = self.workspace.join(INBOX_DIR);
        let Ok(entries) = std::fs::read_dir(&inbox) else {
            return;
        };
        let mut files: Vec<PathBuf> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "toml"))
            .collect();
        files.sort();
        for file in files {
            self.handle_inbox(&file);
        }
    }

    /// Walk a directory (no symlinks followed), skipping ignored directories, and judge every
    /// file. Returns the files visited and how many had changed.
    fn scan_dir(&mut self, root: &Path, seen: Seen) -> (HashSet<String>, usize) {
        let mut visited = HashSet::new();
        let mut changed = 0usize;
        let mut stack = vec![root.to_path_buf()];
        while let Some(dir) = stack.pop() {
            if dir != self.workspace && self.classify(&dir, true) == PathClass::Ignored {
                continue;
            }
            if dir != self.workspace && dir.join(".gitignore").is_file() {
                let known = self.gitignores.iter().any(|(d, _)| *d == dir);
                if !known {
                    self.load_gitignore_of(&dir);
                }
            }
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            for entry in entries.flatten() {
                let path = entry.path();
                let Ok(kind) = entry.file_type() else {
                    continue;
                };
                if kind.is_dir() {
                    stack.push(path);
                } else if kind.is_file()
                    && let Some((rel, did_change)) = self.process_file(&path, seen)
                {
                    changed += usize::from(did_change);
                    visited.insert(rel);
                }
            }
        }
        (visited, changed)
    }

    /// Forget indexed files under `root` that a scan did not find.
    fn drop_missing(&mut self, visited: &HashSet<String>, root: &Path) -> usize {
        let prefix = self.rel_key(root).map(|r| format!("{r}/"));
        let gone: Vec<String> = self
            .state
            .index
            .keys()
            .filter(|k| prefix.as_ref().is_none_or(|p| k.starts_with(p.as_str())))
            .filter(|k| !visited.contains(*k))
            .cloned()
            .collect();
        for key in &gone {
            self.state.index.remove(key);
        }
        gone.len()
    }

    /// A full rescan: walk the tree and diff it against the last known hashes.
    pub fn rescan(&mut self, reason: &str) {
        self.stats.rescans += 1;
        self.own.refresh(&self.workspace);
        let root = self.workspace.clone();
        let (visited, changed) = self.scan_dir(&root, Seen::Scan);
        let removed = self.drop_missing(&visited, &root);
        self.scan_inbox();
        self.emit(WatchEvent::Rescan {
            reason: reason.to_string(),
            files: visited.len(),
            changed,
            removed,
        });
        self.save_state();
    }

    /// Handle one path an event named: whatever is there now is what counts.
    fn process_path(&mut self, abs: &Path, seen: Seen) {
        match std::fs::symlink_metadata(abs) {
            Err(_) => {
                // Gone (deleted, or renamed away): forget it and anything under it.
                if let Some(rel) = self.rel_key(abs) {
                    self.state.index.remove(&rel);
                    let prefix = format!("{rel}/");
                    self.state.index.retain(|k, _| !k.starts_with(&prefix));
                }
            }
            Ok(meta) if meta.is_dir() => {
                // A new (or renamed-in) directory: files created in it before its watch was
                // added produced no events, so scan it.
                if self.classify(abs, true) != PathClass::Ignored {
                    self.scan_dir(abs, Seen::Scan);
                }
            }
            Ok(meta) if meta.is_file() => {
                self.process_file(abs, seen);
            }
            Ok(_) => {} // symlinks and special files are not followed
        }
    }

    /// Judge one regular file. Returns its key and whether its content changed, or None when
    /// the file is ignored.
    fn process_file(&mut self, abs: &Path, seen: Seen) -> Option<(String, bool)> {
        let class = self.classify(abs, false);
        match class {
            PathClass::Ignored => return None,
            PathClass::Inbox => {
                if seen != Seen::Baseline {
                    self.handle_inbox(abs);
                }
                return None;
            }
            PathClass::Report | PathClass::Source => {}
        }
        let rel = self.rel_key(abs)?;
        if rel.rsplit('/').next() == Some(".gitignore")
            && let Some(dir) = abs.parent()
        {
            self.load_gitignore_of(dir);
        }
        match seen {
            Seen::Event => {
                self.seen_by_event.insert(rel.clone());
            }
            Seen::Scan | Seen::Baseline => {
                self.seen_by_scan.insert(rel.clone());
            }
        }
        if self.running.is_some() && seen != Seen::Baseline {
            // The job may be writing this file and not have logged the write yet: judge it
            // when the job has ended, against its complete ledger.
            self.deferred.insert(abs.to_path_buf());
            return Some((rel, false));
        }
        let changed = self.judge_file(abs, &rel, class, seen);
        Some((rel, changed))
    }

    /// Hash a file; if its content is new, index it and look for triggers. Returns whether it
    /// changed.
    fn judge_file(&mut self, abs: &Path, rel: &str, class: PathClass, seen: Seen) -> bool {
        let Ok(meta) = std::fs::metadata(abs) else {
            return false;
        };
        let (hash, bytes) = if meta.len() > MAX_HASHED_BYTES {
            let mtime = meta
                .modified()
                .ok()
                .and_then(|t| t.duration_since(SystemTime::UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_nanos());
            (format!("large:{}:{mtime}", meta.len()), None)
        } else {
            match std::fs::read(abs) {
                Ok(bytes) => (sha256_hex(&bytes), Some(bytes)),
                Err(_) => return false, // vanished between the event and the read
            }
        };
        if self.state.index.get(rel) == Some(&hash) {
            return false;
        }
        self.state.index.insert(rel.to_string(), hash.clone());
        if let Some(job_id) = self.own.writer_of(rel, &hash).map(str::to_string) {
            self.stats.ignored_own_writes += 1;
            self.emit(WatchEvent::IgnoredOwnWrite {
                path: rel.to_string(),
                job_id,
            });
            return true;
        }
        let Some(bytes) = bytes else {
            return true;
        };
        match class {
            PathClass::Report => self.judge_report_file(abs, rel, &hash, &bytes, seen),
            PathClass::Source => self.judge_markers(rel, &bytes, seen),
            PathClass::Inbox | PathClass::Ignored => {}
        }
        true
    }

    fn judge_report_file(&mut self, abs: &Path, rel: &str, hash: &str, bytes: &[u8], seen: Seen) {
        // Once per report content: a report that is saved again unchanged is not news.
        if !self.state.reports.insert(format!("{rel}\n{hash}")) || seen == Seen::Baseline {
            return;
        }
        let text = String::from_utf8_lossy(bytes);
        let verdict = judge_report(&text, abs);
        if verdict.failing {
            let task = self.rules.test_reports.task.clone();
            self.trigger(
                TriggerKind::TestReport,
                rel,
                JobSpec::Run { task, policy: None },
            );
        }
    }

    fn judge_markers(&mut self, rel: &str, bytes: &[u8], seen: Seen) {
        let rules = &self.rules.markers;
        if !rules.enabled
            || bytes.len() as u64 > rules.max_file_bytes
            || self.marker_exclude.is_match(rel)
        {
            return;
        }
        let Ok(text) = std::str::from_utf8(bytes) else {
            return; // binary
        };
        for marker in find_markers(text, &rules.prefix.clone()) {
            let fresh = self.state.markers.insert(marker_key(rel, &marker.task));
            if fresh && seen != Seen::Baseline {
                let task = format!(
                    "{}\n\n(context: the `tact:` marker in {rel}, line {})",
                    marker.task, marker.line
                );
                self.trigger(
                    TriggerKind::Marker,
                    rel,
                    JobSpec::Run { task, policy: None },
                );
            }
        }
    }

    /// A job file in the inbox: queue it and move it to `done/`, or report why it is malformed
    /// (the file stays; saving it again retries).
    fn handle_inbox(&mut self, abs: &Path) {
        let rel = self
            .rel_key(abs)
            .unwrap_or_else(|| abs.display().to_string());
        let Ok(text) = std::fs::read_to_string(abs) else {
            return; // gone already, or not text; a later event retries
        };
        let key = format!("{rel}\n{}", sha256_hex(text.as_bytes()));
        if self.state.inbox_done.contains(&key) {
            // Queued before a crash that came before the move: finish the move only.
            self.move_to_done(abs, &rel, None);
            return;
        }
        if self.state.inbox_errors.contains(&key) {
            return; // already reported; unchanged since
        }
        let job = match JobFile::parse(&text, Path::new(&rel)) {
            Ok(job) => job,
            Err(e) => {
                self.state.inbox_errors.insert(key);
                self.error(Some(rel.as_str()), e.to_string());
                self.save_state();
                return;
            }
        };
        let policy = job.policy.as_ref().map(|p| {
            let path = Path::new(p);
            if path.is_absolute() {
                p.clone()
            } else {
                self.workspace.join(path).display().to_string()
            }
        });
        self.state.inbox_done.insert(key);
        let job_id = self.trigger(
            TriggerKind::Inbox,
            &rel,
            JobSpec::Run {
                task: job.task_text(),
                policy,
            },
        );
        self.move_to_done(abs, &rel, Some(&job_id));
    }

    fn move_to_done(&mut self, abs: &Path, rel: &str, job_id: Option<&str>) {
        let done = self.workspace.join(INBOX_DIR).join("done");
        let name = abs
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let mut target = done.join(&name);
        if target.exists() {
            let stem = Path::new(&name)
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let suffix = job_id.map_or_else(
                || tact_runtime::ledger::now_ms().to_string(),
                str::to_string,
            );
            target = done.join(format!("{stem}-{suffix}.toml"));
        }
        if let Err(e) = std::fs::create_dir_all(&done).and_then(|_| std::fs::rename(abs, &target)) {
            self.error(
                Some(rel),
                format!("moving the job file to {}: {e}", target.display()),
            );
        }
    }

    fn next_job_id(&mut self) -> String {
        self.state.job_seq += 1;
        format!(
            "{}-w{}",
            tact_runtime::ledger::new_job_id(),
            self.state.job_seq
        )
    }

    /// Record a trigger and queue its job. Returns the job id.
    fn trigger(&mut self, kind: TriggerKind, rel: &str, spec: JobSpec) -> String {
        let job_id = self.next_job_id();
        self.stats.triggers += 1;
        self.emit(WatchEvent::Trigger {
            kind,
            path: rel.to_string(),
            task: match &spec {
                JobSpec::Run { task, .. } => task.clone(),
                JobSpec::Resume => "resume".into(),
            },
            job_id: job_id.clone(),
        });
        self.state.queue.push_back(QueuedJob {
            job_id: job_id.clone(),
            spec,
            trigger: kind,
            path: rel.to_string(),
        });
        self.emit(WatchEvent::Queued {
            job_id: job_id.clone(),
            position: self.state.queue.len(),
            running: self.running.as_ref().map(|r| r.job.job_id.clone()),
        });
        self.save_state();
        job_id
    }

    /// One batch of debounced events.
    fn on_fs(&mut self, result: DebounceEventResult) {
        let events = match result {
            Ok(events) => events,
            Err(errors) => {
                // The watcher lost track (queue overflow, watch limit): only a full rescan
                // can tell what changed.
                let text: Vec<String> = errors.iter().map(ToString::to_string).collect();
                self.error(None, format!("watcher: {}", text.join("; ")));
                self.rescan("watcher error");
                return;
            }
        };
        self.own.refresh(&self.workspace);
        let mut paths: Vec<PathBuf> = Vec::new();
        let mut unique: HashSet<PathBuf> = HashSet::new();
        let mut need_rescan = false;
        for debounced in events {
            self.stats.events += 1;
            let event = &debounced.event;
            if event.need_rescan() {
                need_rescan = true;
                continue;
            }
            let relevant = match event.kind {
                EventKind::Access(AccessKind::Close(AccessMode::Write)) => true,
                EventKind::Access(_) => false,
                _ => true,
            };
            if relevant {
                for path in &event.paths {
                    if unique.insert(path.clone()) {
                        paths.push(path.clone());
                    }
                }
            }
        }
        if need_rescan {
            self.rescan("overflow");
            return;
        }
        for path in paths {
            self.process_path(&path, Seen::Event);
        }
    }

    fn quota_reached(&self) -> bool {
        self.exit_after_jobs
            .is_some_and(|n| self.stats.jobs_started >= n)
    }

    fn job_command(&self, job: &QueuedJob) -> Vec<String> {
        match &job.spec {
            JobSpec::Run { task, policy } => {
                let mut args = vec![
                    "run".to_string(),
                    "--workspace".into(),
                    self.workspace.display().to_string(),
                    "--task".into(),
                    task.clone(),
                    "--job-id".into(),
                    job.job_id.clone(),
                    "--json".into(),
                ];
                if let Some(p) = policy {
                    args.push("--policy".into());
                    args.push(p.clone());
                }
                args.extend(self.extra_run_args.iter().cloned());
                args
            }
            JobSpec::Resume => {
                let mut args = vec![
                    "resume".to_string(),
                    self.workspace
                        .join(".tact/jobs")
                        .join(&job.job_id)
                        .display()
                        .to_string(),
                    "--json".into(),
                ];
                args.extend(self.extra_run_args.iter().cloned());
                args
            }
        }
    }

    /// Start the next queued job if none is running.
    fn maybe_start_next(&mut self, done_tx: &tokio::sync::mpsc::UnboundedSender<JobFinished>) {
        while self.running.is_none() && !self.quota_reached() {
            let Some(job) = self.state.queue.pop_front() else {
                return;
            };
            let args = self.job_command(&job);
            let mut command = tokio::process::Command::new(&self.program);
            command
                .args(&args)
                .current_dir(&self.workspace)
                .stdin(Stdio::null())
                .stdout(Stdio::piped())
                .stderr(Stdio::inherit())
                // Its own process group, so shutdown can signal the job and its children.
                .process_group(0)
                .kill_on_drop(false);
            let mut child = match command.spawn() {
                Ok(child) => child,
                Err(e) => {
                    let err = WatchError::Spawn {
                        job_id: job.job_id.clone(),
                        reason: format!("{}: {e}", self.program.display()),
                    };
                    self.error(Some(job.path.as_str()), err.to_string());
                    self.save_state();
                    continue;
                }
            };
            let pid = child.id().unwrap_or(0);
            self.stats.jobs_started += 1;
            self.state.running = Some(job.clone());
            self.running = Some(RunningJob {
                job: job.clone(),
                pgid: i32::try_from(pid).unwrap_or(0),
                started: Instant::now(),
            });
            self.save_state();
            let mut command_line = vec![self.program.display().to_string()];
            command_line.extend(args);
            self.emit(WatchEvent::JobStarted {
                job_id: job.job_id.clone(),
                pid,
                command: command_line,
            });
            let tx = done_tx.clone();
            let job_id = job.job_id.clone();
            let stdout = child.stdout.take();
            tokio::spawn(async move {
                let mut status = None;
                if let Some(stdout) = stdout {
                    let mut lines = tokio::io::BufReader::new(stdout).lines();
                    while let Ok(Some(line)) = lines.next_line().await {
                        let Ok(value) = serde_json::from_str::<Value>(&line) else {
                            continue;
                        };
                        tracing::debug!(target: "tact::watch", job = %job_id, "{line}");
                        if value.get("event").and_then(Value::as_str) == Some("done") {
                            status = value
                                .get("status")
                                .and_then(Value::as_str)
                                .map(str::to_string);
                        }
                    }
                }
                let exit_code = child.wait().await.ok().and_then(|s| s.code());
                let _ = tx.send(JobFinished {
                    job_id,
                    exit_code,
                    status,
                });
            });
        }
    }

    fn on_job_finished(&mut self, finished: JobFinished) {
        let millis = self
            .running
            .as_ref()
            .filter(|r| r.job.job_id == finished.job_id)
            .map_or(0, |r| r.started.elapsed().as_millis() as u64);
        self.running = None;
        self.state.running = None;
        self.stats.jobs_done += 1;
        self.emit(WatchEvent::JobDone {
            job_id: finished.job_id,
            status: finished.status,
            exit_code: finished.exit_code,
            millis,
        });
        // Its ledger is complete now: judge what changed while it ran.
        self.own.refresh(&self.workspace);
        let deferred = std::mem::take(&mut self.deferred);
        for path in deferred {
            self.process_path(&path, Seen::Event);
        }
        self.save_state();
    }

    /// Stop the running job (SIGTERM to its group, SIGKILL after the grace time); it stays
    /// recorded as running, so the next start resumes it from its ledger.
    async fn stop_running_job(
        &mut self,
        done_rx: &mut tokio::sync::mpsc::UnboundedReceiver<JobFinished>,
    ) {
        let Some(running) = self.running.take() else {
            return;
        };
        signal_group(running.pgid, libc::SIGTERM);
        let grace = Duration::from_millis(self.rules.jobs.stop_grace_ms);
        let finished = match tokio::time::timeout(grace, done_rx.recv()).await {
            Ok(finished) => finished,
            Err(_) => {
                signal_group(running.pgid, libc::SIGKILL);
                tokio::time::timeout(Duration::from_secs(2), done_rx.recv())
                    .await
                    .ok()
                    .flatten()
            }
        };
        // Whatever the job started in its group goes too.
        signal_group(running.pgid, libc::SIGKILL);
        let status = finished.as_ref().and_then(|f| f.status.clone());
        if status.is_some() {
            // It finished on its own just now: nothing to resume.
            self.state.running = None;
            self.stats.jobs_done += 1;
        }
        self.emit(WatchEvent::JobDone {
            job_id: running.job.job_id,
            status: status.or_else(|| Some("stopped_by_watcher".into())),
            exit_code: finished.and_then(|f| f.exit_code),
            millis: running.started.elapsed().as_millis() as u64,
        });
    }
}

/// Editors' temporary and backup files: never content the user meant to save.
fn is_editor_temp(rel: &str) -> bool {
    let name = rel.rsplit('/').next().unwrap_or(rel);
    name.ends_with('~')
        || name.ends_with(".swp")
        || name.ends_with(".swx")
        || name.ends_with(".tmp")
        || name.starts_with(".#")
        || name.starts_with(".tmp")
        || (name.starts_with('#') && name.ends_with('#'))
        || name == "4913"
}

fn signal_group(pgid: i32, signal: i32) {
    if pgid > 0 {
        // SAFETY: killpg has no memory-safety preconditions; a gone group gives ESRCH.
        unsafe {
            libc::killpg(pgid, signal);
        }
    }
}

/// Watch a workspace until SIGINT/SIGTERM (or, for tests, until enough jobs have finished).
pub async fn watch(cfg: WatchConfig) -> Result<WatchSummary, WatchError> {
    use tokio::signal::unix::{SignalKind, signal};
    let mut watcher = Watcher::open(&cfg)?;
    let (fs_tx, mut fs_rx) = tokio::sync::mpsc::unbounded_channel::<DebounceEventResult>();
    let debounce = Duration::from_millis(watcher.rules.debounce_ms.max(10));
    let mut debouncer = new_debouncer(debounce, None, move |result: DebounceEventResult| {
        let _ = fs_tx.send(result);
    })
    .map_err(|e| WatchError::Notify {
        path: watcher.workspace.display().to_string(),
        reason: e.to_string(),
    })?;
    // Watch before the first scan, so nothing changed during the scan goes unseen.
    debouncer
        .watch(&watcher.workspace, RecursiveMode::Recursive)
        .map_err(|e| WatchError::Notify {
            path: watcher.workspace.display().to_string(),
            reason: e.to_string(),
        })?;
    let mut sigterm =
        signal(SignalKind::terminate()).map_err(|e| WatchError::Signal(e.to_string()))?;
    let mut sigint =
        signal(SignalKind::interrupt()).map_err(|e| WatchError::Signal(e.to_string()))?;
    // SIGUSR1 asks for a full rescan (as after an overflow), e.g. after a bulk change the
    // user suspects was missed.
    let mut sigusr1 =
        signal(SignalKind::user_defined1()).map_err(|e| WatchError::Signal(e.to_string()))?;
    watcher.start();
    let (done_tx, mut done_rx) = tokio::sync::mpsc::unbounded_channel::<JobFinished>();
    // After the last allowed job, keep watching a little so its late events are judged.
    let settle = debounce * 3 + Duration::from_millis(300);
    let mut exit_at: Option<tokio::time::Instant> = None;
    if cfg.exit_after_jobs == Some(0) {
        exit_at = Some(tokio::time::Instant::now() + settle);
    }
    watcher.maybe_start_next(&done_tx);
    let reason = loop {
        let exit_timer = async move {
            match exit_at {
                Some(at) => tokio::time::sleep_until(at).await,
                None => std::future::pending::<()>().await,
            }
        };
        tokio::select! {
            Some(result) = fs_rx.recv() => watcher.on_fs(result),
            Some(finished) = done_rx.recv() => {
                watcher.on_job_finished(finished);
                if watcher.quota_reached() && watcher.running.is_none() && exit_at.is_none() {
                    exit_at = Some(tokio::time::Instant::now() + settle);
                }
            }
            _ = sigterm.recv() => break "SIGTERM",
            _ = sigint.recv() => break "SIGINT",
            _ = sigusr1.recv() => watcher.rescan("SIGUSR1"),
            () = exit_timer => break "exit-after-jobs",
        }
        watcher.maybe_start_next(&done_tx);
    };
    watcher.stop_running_job(&mut done_rx).await;
    debouncer.stop_nonblocking();
    watcher.save_state();
    let stats = watcher.stats();
    watcher.emit(WatchEvent::Stopped {
        reason: reason.to_string(),
        stats: stats.clone(),
    });
    Ok(WatchSummary {
        reason: reason.to_string(),
        stats,
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    #[test]
    fn markers_need_a_comment_token_and_a_task() {
        let text = "fn a() {} // tact: make it faster\n\
                    # tact: python too\n\
                    /* tact: block comment */\n\
                    <!-- tact: html -->\n\
                    let s = \"tact: not a comment\";\n\
                    // tact:\n\
                    -- tact:   sql   \n";
        let found = find_markers(text, "tact:");
        let tasks: Vec<&str> = found.iter().map(|m| m.task.as_str()).collect();
        assert_eq!(
            tasks,
            [
                "make it faster",
                "python too",
                "block comment",
                "html",
                "sql"
            ]
        );
        assert_eq!(found[0].line, 1);
        assert_eq!(found[4].line, 7);
        assert!(find_markers(text, "").is_empty());
        assert_ne!(marker_key("a.rs", "x"), marker_key("b.rs", "x"));
        assert_ne!(marker_key("a.rs", "x"), marker_key("a.rs", "y"));
    }

    #[test]
    fn junit_and_text_reports_are_judged() {
        let xml = Path::new("junit.xml");
        assert!(judge_report(r#"<testsuite failures="2" errors="0">"#, xml).failing);
        assert!(judge_report(r#"<testsuite failures='0' errors='1'>"#, xml).failing);
        assert!(!judge_report(r#"<testsuite tests="4" failures="0" errors="0">"#, xml).failing);
        // `xfailures="9"` is another attribute, not `failures`.
        assert!(!judge_report(r#"<testsuite xfailures="9" failures="0">"#, xml).failing);
        assert!(!judge_report("<not xml at all", xml).failing);
        let txt = Path::new("test-report.txt");
        let failing = "running 1 test\ntest t ... FAILED\n\nfailures:\n    t\n\n\
                       test result: FAILED. 0 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s\n";
        assert!(judge_report(failing, txt).failing);
        let passing = "running 1 test\ntest t ... ok\n\n\
                       test result: ok. 1 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s\n";
        assert!(!judge_report(passing, txt).failing);
        assert!(!judge_report("", txt).failing);
    }

    #[test]
    fn job_files_parse_or_explain() {
        let p = Path::new("x.toml");
        let job = JobFile::parse("task = \"fix it\"\nplan = \"look at a.rs\"\n", p).unwrap();
        assert_eq!(job.task_text(), "fix it\n\nPlan notes: look at a.rs");
        assert!(JobFile::parse("task = \"  \"", p).is_err());
        assert!(JobFile::parse("tsk = \"typo\"", p).is_err());
        let err = JobFile::parse("task = ", p).unwrap_err().to_string();
        assert!(err.contains("x.toml"), "{err}");
    }

    #[test]
    fn rules_default_and_reject_unknown_keys() {
        let p = Path::new("rules.toml");
        assert_eq!(Rules::parse("", p).unwrap(), Rules::default());
        let rules =
            Rules::parse("debounce_ms = 50\n[markers]\nprefix = \"todo-bot:\"\n", p).unwrap();
        assert_eq!(rules.debounce_ms, 50);
        assert_eq!(rules.markers.prefix, "todo-bot:");
        assert!(rules.markers.enabled);
        assert!(Rules::parse("[markers]\nprefx = \"x\"\n", p).is_err());
    }

    #[test]
    fn own_writes_come_from_outcomes_and_unanswered_write_intents() {
        use tact_runtime::ledger::LedgerRecord;
        use tact_runtime::records::{
            BudgetSpend, CallRecord, Performer, PolicyRef, RiskClass, ToolRef, TrustVerdict,
        };
        let ws = Path::new("/ws");
        let record = |entry| LedgerRecord {
            seq: 0,
            at_ms: 0,
            policy: None,
            entry,
        };
        let outcome = |tool: &str, inputs: Value, outputs: Value| {
            record(LedgerEntry::Outcome {
                record: CallRecord {
                    work_id: "w".into(),
                    tool_ref: ToolRef::new(tool, 1),
                    description_edition: None,
                    performer: Performer {
                        process_id: 0,
                        host: String::new(),
                    },
                    stage: String::new(),
                    plan_ref: (String::new(), 1),
                    policy_ref: PolicyRef {
                        name: String::new(),
                        edition: String::new(),
                    },
                    started_ms: 0,
                    ended_ms: 0,
                    inputs,
                    outputs,
                    budget_delta: BudgetSpend::default(),
                    verdict: TrustVerdict::Verified,
                },
            })
        };
        let state = LedgerState::new(vec![
            outcome(
                "apply_edit",
                serde_json::json!({"path": "./src/a.rs"}),
                serde_json::json!({"ok": true, "output": {"path": "src/a.rs", "after_sha256": "h1"}}),
            ),
            outcome(
                "apply_patch",
                serde_json::json!({"patch": "..."}),
                serde_json::json!({"ok": true, "output": {"files": [
                    {"path": "src/b.rs", "after_sha256": "h2"},
                    {"path": "src/gone.rs", "after_sha256": null}
                ]}}),
            ),
            // A read is not a write, whatever hash it reports.
            outcome(
                "read_file",
                serde_json::json!({"path": "src/c.rs"}),
                serde_json::json!({"ok": true, "output": {"path": "src/c.rs", "after_sha256": "h3"}}),
            ),
            record(LedgerEntry::Intent {
                work_id: "w9".into(),
                tool_ref: ToolRef::new("write_file", 1),
                risk: RiskClass::Write,
                args: serde_json::json!({"path": "/ws/new.txt", "content": "hello"}),
                depends_on: vec![],
            }),
        ]);
        let mut own = OwnWrites::default();
        own.add_ledger(ws, "j1", &state);
        assert_eq!(own.writer_of("src/a.rs", "h1"), Some("j1"));
        assert_eq!(own.writer_of("src/a.rs", "h2"), None, "hashes are per path");
        assert_eq!(own.writer_of("src/b.rs", "h2"), Some("j1"));
        assert_eq!(own.writer_of("src/c.rs", "h3"), None);
        assert_eq!(own.writer_of("new.txt", &sha256_hex(b"hello")), Some("j1"));
    }

    fn config(ws: &Path) -> WatchConfig {
        WatchConfig {
            workspace: ws.to_path_buf(),
            rules: Rules::default(),
            json: false,
            program: PathBuf::from("/bin/true"),
            extra_run_args: Vec::new(),
            exit_after_jobs: None,
        }
    }

    #[test]
    fn a_rescan_diffs_against_known_hashes_and_triggers_only_what_is_new() {
        let dir = tempfile::tempdir().unwrap();
        let ws = dir.path();
        std::fs::create_dir_all(ws.join("src")).unwrap();
        std::fs::create_dir_all(ws.join("target/debug")).unwrap();
        std::fs::write(ws.join(".gitignore"), "ignored/\n").unwrap();
        std::fs::write(ws.join("src/old.rs"), "// tact: existing marker\n").unwrap();
        let mut watcher = Watcher::open(&config(ws)).unwrap();
        watcher.start();
        assert!(
            watcher.state.queue.is_empty(),
            "a first start is a baseline"
        );
        assert_eq!(watcher.state.index.len(), 2, "{:?}", watcher.state.index);

        // Changes nobody reported (as after an overflow).
        std::fs::write(ws.join("src/new.rs"), "// tact: new marker\n").unwrap();
        std::fs::write(
            ws.join("src/old.rs"),
            "// tact: existing marker\nfn f() {}\n",
        )
        .unwrap();
        std::fs::create_dir_all(ws.join("ignored")).unwrap();
        std::fs::write(ws.join("ignored/x.rs"), "// tact: ignored by git\n").unwrap();
        std::fs::write(ws.join("target/debug/y.rs"), "// tact: build output\n").unwrap();
        std::fs::write(ws.join("src/a.rs~"), "// tact: editor backup\n").unwrap();
        std::fs::write(ws.join("junit.xml"), r#"<testsuite failures="1">"#).unwrap();
        std::fs::remove_file(ws.join(".gitignore")).unwrap();
        std::fs::write(ws.join(".gitignore"), "ignored/\n").unwrap();
        watcher.rescan("test");
        let queued: BTreeSet<(String, String)> = watcher
            .state
            .queue
            .iter()
            .map(|j| (j.path.clone(), format!("{:?}", j.trigger)))
            .collect();
        let expected: BTreeSet<(String, String)> = [
            ("junit.xml".to_string(), "TestReport".to_string()),
            ("src/new.rs".to_string(), "Marker".to_string()),
        ]
        .into_iter()
        .collect();
        assert_eq!(queued, expected);
        // Nothing changed since: a second rescan triggers nothing.
        watcher.rescan("again");
        assert_eq!(watcher.state.queue.len(), 2);
        std::fs::remove_file(ws.join("src/new.rs")).unwrap();
        watcher.rescan("removal");
        assert!(!watcher.state.index.contains_key("src/new.rs"));
        drop(watcher);

        // A restart diffs against the saved index: a marker added while down triggers.
        std::fs::write(ws.join("src/later.rs"), "# tact: added while down\n").unwrap();
        let mut watcher = Watcher::open(&config(ws)).unwrap();
        watcher.start();
        let paths: Vec<&str> = watcher
            .state
            .queue
            .iter()
            .map(|j| j.path.as_str())
            .collect();
        assert_eq!(paths.len(), 3, "{paths:?}");
        assert!(paths.contains(&"src/later.rs"));
        // And a second watcher on the same workspace is refused.
        assert!(matches!(
            Watcher::open(&config(ws)),
            Err(WatchError::Locked(_))
        ));
    }
}
