//! The trust gate: a deterministic check of one observation against the tool's acceptance
//! invariants, enabled by the policy's `trust.invariants` list.
//!
//! The gate believes nothing a tool says that it can check itself: it re-reads files (content
//! hashes, edits round-tripped against a before-snapshot), validates the output against the
//! tool's output schema, re-parses test output instead of trusting a pass/fail claim or an exit
//! code, and runs a syntax check after an edit through an injectable [`Linter`].

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tact_runtime::catalog::{Access, Invariant, Performer, ResourceUse, ToolSpec};
use tact_runtime::messages::{Observation, ToolCall};
use tact_runtime::records::TrustVerdict;
use tact_runtime::sandbox::{SandboxConfig, run_sandboxed};
use tact_runtime::testreport::{TestRunner, shows_a_hang_warning};
use tact_runtime::tools::calc::{Num, evaluate};
use tact_runtime::tools::patch::{apply_file_patch, parse_patch};
use tact_runtime::tools::paths::{confine, relative_key};
use tact_runtime::tools::{
    ToolContext, count_occurrences, parse_test_report, sha256_hex, test_status,
};

use crate::guard::schema_errors;
use crate::policy::TrustPolicy;

/// What a syntax/lint check said about one file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "lint", rename_all = "snake_case")]
pub enum LintOutcome {
    Clean,
    Errors {
        message: String,
    },
    /// No checker exists for this kind of file.
    NotApplicable,
    /// A checker exists but could not run (missing tool, timeout).
    Unavailable {
        reason: String,
    },
}

/// A syntax/lint checker for edited files. Injectable so tests can substitute one that lies.
pub trait Linter {
    fn lint(&self, file: &Path, workspace: &Path) -> LintOutcome;
}

/// The real checker: `cargo check` for `.rs` files inside a cargo project, `python3 -m
/// py_compile` for `.py` files, both in the sandbox.
#[derive(Debug, Clone)]
pub struct RealLinter {
    /// Private temp dir for the checker (HOME, build outputs, bytecode cache).
    pub temp_dir: PathBuf,
    pub timeout: Duration,
    /// `CARGO_TARGET_DIR` for `cargo check` (default: inside `temp_dir`).
    pub cargo_target_dir: Option<PathBuf>,
}

impl RealLinter {
    pub fn new(temp_dir: impl Into<PathBuf>) -> Self {
        Self {
            temp_dir: temp_dir.into(),
            timeout: Duration::from_secs(300),
            cargo_target_dir: None,
        }
    }

    /// A linter sharing a tool context's temp dir and cargo target dir, so `cargo check`
    /// reuses what `run_tests` built.
    pub fn for_context(ctx: &ToolContext) -> Self {
        Self {
            temp_dir: ctx.temp_dir.clone(),
            timeout: Duration::from_secs(300),
            cargo_target_dir: ctx.config.cargo_target_dir.as_ref().map(PathBuf::from),
        }
    }

    fn sandbox(&self, workspace: &Path) -> SandboxConfig {
        let mut config = SandboxConfig::new(workspace, &self.temp_dir);
        config.timeout = self.timeout;
        config.output_cap = 8 * 1024;
        if let Some(dir) = &self.cargo_target_dir {
            config.env.push((
                "CARGO_TARGET_DIR".into(),
                dir.to_string_lossy().into_owned(),
            ));
            config.extra_writable.push(dir.clone());
        }
        config.env.push((
            "PYTHONPYCACHEPREFIX".into(),
            self.temp_dir.join("pycache").to_string_lossy().into_owned(),
        ));
        config
    }

    fn run(&self, argv: &[&str], cwd: &Path, workspace: &Path) -> LintOutcome {
        let argv: Vec<String> = argv.iter().map(|s| (*s).to_string()).collect();
        match run_sandboxed(&argv, cwd, &self.sandbox(workspace)) {
            Err(e) => LintOutcome::Unavailable {
                reason: e.to_string(),
            },
            Ok(outcome) if outcome.timed_out => LintOutcome::Unavailable {
                reason: format!("`{}` timed out", argv.join(" ")),
            },
            Ok(outcome) if outcome.exit_code == Some(0) => LintOutcome::Clean,
            Ok(outcome) => LintOutcome::Errors {
                message: tail_lines(&format!("{}{}", outcome.stdout, outcome.stderr), 20),
            },
        }
    }
}

fn tail_lines(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(n)..].join("\n")
}

/// The nearest directory at or above `file` (within the workspace) holding a Cargo.toml.
fn cargo_root(file: &Path, workspace: &Path) -> Option<PathBuf> {
    file.ancestors()
        .skip(1)
        .take_while(|dir| dir.starts_with(workspace))
        .find(|dir| dir.join("Cargo.toml").is_file())
        .map(Path::to_path_buf)
}

impl Linter for RealLinter {
    fn lint(&self, file: &Path, workspace: &Path) -> LintOutcome {
        match file.extension().and_then(|e| e.to_str()) {
            Some("rs") => match cargo_root(file, workspace) {
                Some(root) => self.run(
                    &["cargo", "check", "--quiet", "--message-format", "short"],
                    &root,
                    workspace,
                ),
                None => LintOutcome::NotApplicable,
            },
            Some("py") => {
                let path = file.to_string_lossy();
                self.run(
                    &["python3", "-m", "py_compile", &path],
                    workspace,
                    workspace,
                )
            }
            _ => LintOutcome::NotApplicable,
        }
    }
}

pub use tact_runtime::stages::WorkspaceSnapshot;

/// Snapshot the files `call` writes (per its tool's resource declarations).
pub fn snapshot_before(call: &ToolCall, spec: &ToolSpec, workspace: &Path) -> WorkspaceSnapshot {
    let mut snapshot = WorkspaceSnapshot::default();
    let Ok(workspace) = workspace.canonicalize() else {
        return snapshot;
    };
    let mut targets: Vec<String> = Vec::new();
    for resource in &spec.resources {
        match resource {
            ResourceUse::File {
                arg,
                access: Access::Write,
            } => {
                if let Some(p) = call.args.get(arg).and_then(Value::as_str) {
                    targets.push(p.to_string());
                }
            }
            ResourceUse::PatchTargets { arg } => {
                let text = call
                    .args
                    .get(arg)
                    .and_then(Value::as_str)
                    .unwrap_or_default();
                if let Ok(files) = parse_patch(text) {
                    targets.extend(files.iter().map(|f| f.target().to_string()));
                }
            }
            _ => {}
        }
    }
    for target in targets {
        if let Ok(path) = confine(&workspace, &target) {
            let text = std::fs::read_to_string(&path).ok();
            snapshot.files.insert(relative_key(&workspace, &path), text);
        }
    }
    snapshot
}

fn failed(reason: impl Into<String>) -> TrustVerdict {
    TrustVerdict::Failed {
        reason: reason.into(),
    }
}

fn unverified(reason: impl Into<String>) -> TrustVerdict {
    TrustVerdict::Unverified {
        reason: reason.into(),
    }
}

/// Reported hits re-checked per call (search matches, found files, listed entries).
const MAX_ROUND_TRIP_HITS: usize = 500;

/// One invariant's finding: `Ok(())` passes, `Err(verdict)` stops the assessment.
type Check = Result<(), TrustVerdict>;

struct Assessment<'a> {
    call: &'a ToolCall,
    observation: &'a Observation,
    spec: &'a ToolSpec,
    before: Option<&'a WorkspaceSnapshot>,
    workspace: PathBuf,
    linter: &'a dyn Linter,
}

/// Assess one observation. `before` is the snapshot taken with [`snapshot_before`] just before
/// the call ran (edits without it can at best be `Unverified`).
pub fn assess(
    call: &ToolCall,
    observation: &Observation,
    spec: &ToolSpec,
    before: Option<&WorkspaceSnapshot>,
    policy: &TrustPolicy,
    workspace: &Path,
    linter: &dyn Linter,
) -> TrustVerdict {
    if observation.work_id != call.work_id || observation.tool != call.tool {
        return failed(format!(
            "the observation is for `{}` ({}), not for `{}` ({})",
            observation.work_id, observation.tool, call.work_id, call.tool
        ));
    }
    if !observation.ok {
        return failed(format!(
            "the tool failed: {}",
            observation.error.as_deref().unwrap_or("no reason given")
        ));
    }
    // An MCP server's result can only be checked against the output schema it declares:
    // without one (or with the schema check off) nothing vouches for it.
    if spec.performer == Performer::McpServer
        && !(spec.requires(Invariant::Schema) && policy.enabled(Invariant::Schema.as_str()))
    {
        return unverified(format!(
            "`{}` comes from an MCP server that declares no output schema for it: its result \
             is not checked",
            spec.name
        ));
    }
    let workspace = match workspace.canonicalize() {
        Ok(w) => w,
        Err(e) => return unverified(format!("the workspace cannot be resolved: {e}")),
    };
    let a = Assessment {
        call,
        observation,
        spec,
        before,
        workspace,
        linter,
    };
    // Cheap structural checks first, then the ones that touch the disk or run programs. An
    // `Unverified` finding is remembered but later checks still run: a later `Failed` wins.
    let order = [
        Invariant::Schema,
        Invariant::ExitCode,
        Invariant::Tests,
        Invariant::RoundTrip,
        Invariant::Lint,
    ];
    let mut first_doubt: Option<TrustVerdict> = None;
    for invariant in order {
        if !(spec.requires(invariant) && policy.enabled(invariant.as_str())) {
            continue;
        }
        match a.check(invariant) {
            Ok(()) => {}
            Err(verdict @ TrustVerdict::Failed { .. }) => return verdict,
            Err(doubt) => {
                first_doubt.get_or_insert(doubt);
            }
        }
    }
    first_doubt.unwrap_or(TrustVerdict::Verified)
}

/// The status a parsed report's own counts give, with the counts (passed, failed, errors).
fn report_status(report: &Value) -> (&'static str, u64, u64, u64) {
    let count = |key: &str| report.get(key).and_then(Value::as_u64).unwrap_or(0);
    let (passed, failed_count, errors) = (count("passed"), count("failed"), count("errors"));
    let build_failed = report.get("build_failed").and_then(Value::as_bool) == Some(true);
    let status = if build_failed || failed_count > 0 || errors > 0 {
        "failed"
    } else if passed == 0 {
        "no_tests"
    } else {
        "passed"
    };
    (status, passed, failed_count, errors)
}

fn str_of<'v>(value: &'v Value, key: &str) -> Option<&'v str> {
    value.get(key).and_then(Value::as_str)
}

impl Assessment<'_> {
    fn check(&self, invariant: Invariant) -> Check {
        match invariant {
            Invariant::Schema => self.schema(),
            Invariant::ExitCode => self.exit_code(),
            Invariant::Tests => self.tests(),
            Invariant::RoundTrip => self.round_trip(),
            Invariant::Lint => self.lint(),
        }
    }

    fn output(&self) -> &Value {
        &self.observation.output
    }

    fn schema(&self) -> Check {
        let errors = schema_errors(&self.spec.output_schema, self.output());
        if errors.is_empty() {
            Ok(())
        } else {
            Err(failed(format!(
                "the output does not match `{}`'s output schema: {}",
                self.spec.name,
                errors.join("; ")
            )))
        }
    }

    fn exit_code(&self) -> Check {
        // Test runs exit non-zero when tests fail; their exit code is checked against the
        // parsed counts in `tests`.
        if self.spec.requires(Invariant::Tests) {
            return Ok(());
        }
        if self.output().get("timed_out").and_then(Value::as_bool) == Some(true) {
            return Err(failed("the command timed out and was killed"));
        }
        match self.observation.exit_code {
            Some(0) => Ok(()),
            Some(code) => Err(failed(format!("the command exited with status {code}"))),
            None => Err(failed(
                "the command has no exit status (killed by a signal)",
            )),
        }
    }

    fn tests(&self) -> Check {
        let out = self.output();
        if out.get("timed_out").and_then(Value::as_bool) == Some(true) {
            return Err(unverified("the test run timed out: nothing is known"));
        }
        let report_key = self.report_key()?;
        let Some(report) = out.get(report_key).filter(|r| !r.is_null()) else {
            return Err(unverified(
                "the test output could not be parsed; an exit code alone does not show which tests passed",
            ));
        };
        let (derived_status, passed, failed_count, errors) = report_status(report);
        let claimed_status = str_of(out, "status").unwrap_or_default();
        if claimed_status != derived_status {
            return Err(failed(format!(
                "the run claims `{claimed_status}` but its own counts ({passed} passed, {failed_count} failed, {errors} errors) say `{derived_status}`"
            )));
        }
        if self.spec.name == "probe_edit" {
            self.probe_sequence(derived_status)?;
        }
        // Re-derive the counts from the output tails: a tail can only lose lines, so it never
        // shows more passes or failures than the full output did.
        let reparsed = parse_test_report(
            str_of(out, "stdout_tail").unwrap_or_default(),
            str_of(out, "stderr_tail").unwrap_or_default(),
        );
        if reparsed.runner != TestRunner::Unknown {
            if u64::from(reparsed.failed) > failed_count {
                return Err(failed(format!(
                    "the output shows {} failed tests but the report says {failed_count}",
                    reparsed.failed
                )));
            }
            if u64::from(reparsed.passed) > passed {
                return Err(failed(format!(
                    "the output shows {} passed tests but the report says {passed}",
                    reparsed.passed
                )));
            }
            if test_status(&reparsed, false) == "failed" && derived_status == "passed" {
                return Err(failed(
                    "the output shows failures but the report says passed",
                ));
            }
        }
        // A run stopped because a test hung (libtest's warning in the output) was killed by
        // the tool, so it has no exit status; its report holds the hung test as failed.
        let stopped_on_hang = out.get("stopped_on_hang").and_then(Value::as_bool) == Some(true);
        if stopped_on_hang {
            let warned = [str_of(out, "stdout_tail"), str_of(out, "stderr_tail")]
                .iter()
                .flatten()
                .any(|tail| shows_a_hang_warning(tail));
            return match (derived_status, self.observation.exit_code, warned) {
                ("failed", None, true) => Ok(()),
                _ => Err(failed(format!(
                    "the run says it was stopped on a hung test, but its status is `{derived_status}`, its exit {:?}, and the hang warning is {}in its output",
                    self.observation.exit_code,
                    if warned { "" } else { "not " }
                ))),
            };
        }
        match (derived_status, self.observation.exit_code) {
            ("passed", Some(0)) | ("failed", Some(1..)) => {}
            ("no_tests", _) => return Err(unverified("no tests ran")),
            ("passed", code) => {
                return Err(failed(format!(
                    "every test passed but the runner exited with {code:?}"
                )));
            }
            (_, code) => {
                return Err(failed(format!(
                    "tests failed but the runner exited with {code:?}"
                )));
            }
        }
        Ok(())
    }

    /// Where the judged report is: `report` for `run_tests`; for `probe_edit` the report of
    /// its last run (`full` or `narrow`, as `last_run` says).
    fn report_key(&self) -> Result<&'static str, TrustVerdict> {
        if self.spec.name != "probe_edit" {
            return Ok("report");
        }
        match str_of(self.output(), "last_run") {
            Some("full") => Ok("full"),
            Some("narrow") => Ok("narrow"),
            other => Err(failed(format!(
                "the probe names {other:?} as its last run, not `narrow` or `full`"
            ))),
        }
    }

    /// A probe runs the full suite exactly when its narrow run passed (and the call did not
    /// opt out): a verdict resting on a narrow run alone, or a full run after a failed narrow
    /// one, is not what the tool does.
    fn probe_sequence(&self, last_status: &str) -> Check {
        let out = self.output();
        let narrow = out.get("narrow").filter(|r| !r.is_null());
        let full_wanted = self
            .call
            .args
            .get("full_suite_on_pass")
            .and_then(Value::as_bool)
            != Some(false);
        match str_of(out, "last_run") {
            Some("full") => {
                if let Some(narrow) = narrow
                    && report_status(narrow).0 != "passed"
                {
                    return Err(failed(
                        "the probe ran the full suite although its narrow run did not pass",
                    ));
                }
            }
            _ => {
                if last_status == "passed" && full_wanted {
                    return Err(failed(
                        "the probe claims a pass from its narrow run alone; the full suite should have run",
                    ));
                }
                if !out.get("full").is_none_or(Value::is_null) {
                    return Err(failed(
                        "the probe reports a full run but names the narrow run as its last",
                    ));
                }
            }
        }
        Ok(())
    }

    fn disk_text(&self, key: &str) -> Result<Option<String>, TrustVerdict> {
        let path = confine(&self.workspace, key)
            .map_err(|e| failed(format!("`{key}` is not a workspace path: {e}")))?;
        match std::fs::read(&path) {
            Ok(bytes) => String::from_utf8(bytes)
                .map(Some)
                .map_err(|_| failed(format!("`{key}` is no longer UTF-8 text"))),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(unverified(format!("`{key}` cannot be re-read: {e}"))),
        }
    }

    fn round_trip(&self) -> Check {
        match self.spec.name.as_str() {
            "read_file" => self.round_trip_read(),
            "write_file" => self.round_trip_write(),
            "apply_edit" => self.round_trip_edit(),
            "apply_patch" => self.round_trip_patch(),
            "search" => self.round_trip_search(),
            "find_files" => self.round_trip_find(),
            "list_dir" => self.round_trip_list(),
            "calc" => self.round_trip_calc(),
            _ => Ok(()),
        }
    }

    /// Every reported match is a real line of the named file, and the pattern matches it.
    fn round_trip_search(&self) -> Check {
        let pattern = str_of(&self.call.args, "pattern").unwrap_or_default();
        let insensitive = self
            .call
            .args
            .get("case_insensitive")
            .and_then(Value::as_bool)
            == Some(true);
        let regex = regex::RegexBuilder::new(pattern)
            .case_insensitive(insensitive)
            .build()
            .map_err(|e| failed(format!("the search pattern does not compile: {e}")))?;
        let matches = self.output().get("matches").and_then(Value::as_array);
        let mut files: BTreeMap<String, Option<String>> = BTreeMap::new();
        for hit in matches.into_iter().flatten().take(MAX_ROUND_TRIP_HITS) {
            let key = str_of(hit, "path").unwrap_or_default();
            let line_no = hit.get("line").and_then(Value::as_u64).unwrap_or(0) as usize;
            let text = str_of(hit, "text").unwrap_or_default();
            if !files.contains_key(key) {
                // Lossy, as the search tool reads: a Latin-1 file can still have matches.
                let disk = confine(&self.workspace, key)
                    .ok()
                    .and_then(|p| std::fs::read(p).ok())
                    .map(|bytes| String::from_utf8_lossy(&bytes).into_owned());
                files.insert(key.to_string(), disk);
            }
            let line = files
                .get(key)
                .and_then(|t| t.as_deref())
                .and_then(|t| t.lines().nth(line_no.wrapping_sub(1)));
            let Some(line) = line else {
                return Err(failed(format!(
                    "search reported `{key}` line {line_no}, which does not exist"
                )));
            };
            let shown: String = line.chars().take(text.chars().count()).collect();
            if shown != text || !regex.is_match(line) {
                return Err(failed(format!(
                    "search reported `{key}` line {line_no} as {text:?}, but the file says {line:?}"
                )));
            }
        }
        Ok(())
    }

    fn round_trip_find(&self) -> Check {
        let files = self.output().get("files").and_then(Value::as_array);
        for key in files
            .into_iter()
            .flatten()
            .take(MAX_ROUND_TRIP_HITS)
            .filter_map(Value::as_str)
        {
            let exists = confine(&self.workspace, key).is_ok_and(|p| p.is_file());
            if !exists {
                return Err(failed(format!(
                    "find_files reported `{key}`, which is not a file"
                )));
            }
        }
        Ok(())
    }

    fn round_trip_list(&self) -> Check {
        let out = self.output();
        let dir = str_of(out, "path").unwrap_or(".");
        let Ok(dir_path) = confine(&self.workspace, dir) else {
            return Err(failed(format!(
                "list_dir reported `{dir}`, outside the workspace"
            )));
        };
        let entries = out.get("entries").and_then(Value::as_array);
        for name in entries
            .into_iter()
            .flatten()
            .take(MAX_ROUND_TRIP_HITS)
            .filter_map(|e| str_of(e, "name"))
        {
            if name.contains('/') || dir_path.join(name).symlink_metadata().is_err() {
                return Err(failed(format!(
                    "list_dir reported `{name}` in `{dir}`, which does not exist"
                )));
            }
        }
        Ok(())
    }

    /// Arithmetic is recomputed, never taken on trust.
    fn round_trip_calc(&self) -> Check {
        let expression = str_of(&self.call.args, "expression").unwrap_or_default();
        let mut variables = BTreeMap::new();
        for (name, value) in self
            .call
            .args
            .get("variables")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
        {
            let num = match (value.as_i64(), value.as_f64()) {
                (Some(i), _) => Num::Int(i128::from(i)),
                (None, Some(f)) => Num::Float(f),
                _ => return Err(failed(format!("variable `{name}` is not a number"))),
            };
            variables.insert(name.clone(), num);
        }
        let expected = evaluate(expression, &variables)
            .map_err(|e| failed(format!("the expression does not evaluate: {e}")))?
            .to_json();
        let reported = self.output().get("value");
        if reported != Some(&expected) {
            return Err(failed(format!(
                "calc reported {} but the expression evaluates to {expected}",
                reported.map_or("nothing".to_string(), Value::to_string)
            )));
        }
        Ok(())
    }

    fn round_trip_read(&self) -> Check {
        let out = self.output();
        let key = str_of(out, "path").unwrap_or_default();
        let Some(disk) = self.disk_text(key)? else {
            return Err(failed(format!("`{key}` does not exist on re-read")));
        };
        let actual = sha256_hex(disk.as_bytes());
        let claimed = str_of(out, "sha256").unwrap_or_default();
        if claimed != actual {
            return Err(failed(format!(
                "read_file reported sha256 {claimed} for `{key}` but the file hashes to {actual}"
            )));
        }
        let start = out
            .get("start_line")
            .and_then(Value::as_u64)
            .unwrap_or(1)
            .max(1) as usize;
        let end = out.get("end_line").and_then(Value::as_u64).unwrap_or(0) as usize;
        let expected: String = disk
            .split_inclusive('\n')
            .enumerate()
            .filter(|(i, _)| *i + 1 >= start && *i < end)
            .map(|(_, line)| line)
            .collect();
        if str_of(out, "content") != Some(expected.as_str()) {
            return Err(failed(format!(
                "read_file's content for `{key}` lines {start}..={end} differs from the file"
            )));
        }
        Ok(())
    }

    fn check_after(&self, key: &str, expected: &str, claimed_after: Option<&str>) -> Check {
        let disk = self.disk_text(key)?;
        if disk.as_deref() != Some(expected) {
            return Err(failed(format!(
                "`{key}` on disk is not what `{}` was asked to produce",
                self.spec.name
            )));
        }
        let actual = sha256_hex(expected.as_bytes());
        if claimed_after != Some(actual.as_str()) {
            return Err(failed(format!(
                "`{key}`: the tool reported after_sha256 {claimed_after:?} but the file hashes to {actual}"
            )));
        }
        Ok(())
    }

    fn before_text(&self, key: &str) -> Option<&Option<String>> {
        self.before.and_then(|b| b.files.get(key))
    }

    fn round_trip_write(&self) -> Check {
        let out = self.output();
        let key = str_of(out, "path").unwrap_or_default();
        let content = str_of(&self.call.args, "content").unwrap_or_default();
        if let Some(before) = self.before_text(key) {
            let claimed = out.get("before_sha256").and_then(Value::as_str);
            let actual = before.as_deref().map(|t| sha256_hex(t.as_bytes()));
            if claimed != actual.as_deref() {
                return Err(failed(format!(
                    "`{key}`: the tool reported before_sha256 {claimed:?} but the file hashed to {actual:?} before the call"
                )));
            }
        }
        self.check_after(key, content, str_of(out, "after_sha256"))
    }

    fn round_trip_edit(&self) -> Check {
        let out = self.output();
        let key = str_of(out, "path").unwrap_or_default();
        let Some(Some(before)) = self.before_text(key) else {
            return Err(unverified(format!(
                "no snapshot of `{key}` from before the edit: the change cannot be compared"
            )));
        };
        let old = str_of(&self.call.args, "old_text").unwrap_or_default();
        let new = str_of(&self.call.args, "new_text").unwrap_or_default();
        if count_occurrences(before, old) != 1 {
            return Err(failed(format!(
                "old_text did not occur exactly once in `{key}` before the edit"
            )));
        }
        let expected = before.replacen(old, new, 1);
        self.check_after(key, &expected, str_of(out, "after_sha256"))
    }

    fn round_trip_patch(&self) -> Check {
        let Some(before) = self.before else {
            return Err(unverified(
                "no snapshot from before the patch: the change cannot be compared",
            ));
        };
        let text = str_of(&self.call.args, "patch").unwrap_or_default();
        let files =
            parse_patch(text).map_err(|e| failed(format!("the patch does not parse: {e}")))?;
        let reported: BTreeMap<&str, &Value> = self
            .output()
            .get("files")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|f| Some((str_of(f, "path")?, f)))
            .collect();
        for file in &files {
            let key = match confine(&self.workspace, file.target()) {
                Ok(path) => relative_key(&self.workspace, &path),
                Err(e) => return Err(failed(e.to_string())),
            };
            let Some(original) = before.files.get(&key) else {
                return Err(unverified(format!(
                    "no snapshot of `{key}` from before the patch"
                )));
            };
            let expected = apply_file_patch(original.as_deref(), file)
                .map_err(|e| failed(format!("the patch did not apply to the snapshot: {e}")))?;
            let claimed_after = reported
                .get(key.as_str())
                .and_then(|f| str_of(f, "after_sha256"));
            match expected {
                Some(expected) => self.check_after(&key, &expected, claimed_after)?,
                None => {
                    if self.disk_text(&key)?.is_some() {
                        return Err(failed(format!("`{key}` should have been deleted")));
                    }
                }
            }
        }
        Ok(())
    }

    /// Files this call changed, as reported and round-tripped.
    fn written_files(&self) -> Vec<String> {
        let out = self.output();
        match self.spec.name.as_str() {
            "apply_patch" => out
                .get("files")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter(|f| f.get("after_sha256").is_some_and(|s| !s.is_null()))
                .filter_map(|f| str_of(f, "path").map(str::to_string))
                .collect(),
            _ => str_of(out, "path")
                .map(str::to_string)
                .into_iter()
                .collect(),
        }
    }

    fn lint(&self) -> Check {
        let mut doubt = None;
        for key in self.written_files() {
            let Ok(path) = confine(&self.workspace, &key) else {
                continue;
            };
            match self.linter.lint(&path, &self.workspace) {
                LintOutcome::Clean | LintOutcome::NotApplicable => {}
                LintOutcome::Errors { message } => {
                    return Err(failed(format!(
                        "`{key}` does not pass its check:\n{message}"
                    )));
                }
                LintOutcome::Unavailable { reason } => {
                    doubt.get_or_insert(unverified(format!(
                        "`{key}` could not be checked: {reason}"
                    )));
                }
            }
        }
        doubt.map_or(Ok(()), Err)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use serde_json::json;
    use tact_runtime::catalog::{catalog, find};
    use tact_runtime::records::ToolRef;
    use tact_runtime::tools::{ToolConfig, execute};

    struct Fx {
        _dir: tempfile::TempDir,
        _tmp: tempfile::TempDir,
        ctx: ToolContext,
        tools: Vec<ToolSpec>,
        policy: TrustPolicy,
        linter: RealLinter,
    }

    fn fx() -> Fx {
        let dir = tempfile::tempdir().unwrap();
        let tmp = tempfile::tempdir().unwrap();
        let config = ToolConfig {
            command_allow: vec!["sh".into(), "echo".into()],
            ..ToolConfig::default()
        };
        let ctx = ToolContext::new(dir.path(), tmp.path(), config).unwrap();
        let linter = RealLinter::for_context(&ctx);
        Fx {
            _dir: dir,
            _tmp: tmp,
            ctx,
            tools: catalog(),
            policy: crate::Policy::default_policy().unwrap().body.trust,
            linter,
        }
    }

    fn call(tool: &str, args: Value) -> ToolCall {
        ToolCall {
            work_id: "c1".into(),
            tool: ToolRef::new(tool, 1),
            args,
            depends_on: vec![],
        }
    }

    impl Fx {
        /// Snapshot, execute for real, assess.
        fn run(&self, c: &ToolCall) -> (Observation, TrustVerdict) {
            let spec = find(&self.tools, &c.tool.name).unwrap();
            let before = snapshot_before(c, spec, &self.ctx.workspace);
            let obs = execute(c, &self.ctx);
            let verdict = self.assess(c, &obs, Some(&before));
            (obs, verdict)
        }
        fn assess(
            &self,
            c: &ToolCall,
            obs: &Observation,
            before: Option<&WorkspaceSnapshot>,
        ) -> TrustVerdict {
            let spec = find(&self.tools, &c.tool.name).unwrap();
            assess(
                c,
                obs,
                spec,
                before,
                &self.policy,
                &self.ctx.workspace,
                &self.linter,
            )
        }
        fn put(&self, rel: &str, text: &str) {
            std::fs::write(self.ctx.workspace.join(rel), text).unwrap();
        }
    }

    #[test]
    fn honest_reads_writes_edits_and_patches_are_verified() {
        let f = fx();
        f.put("a.txt", "one\ntwo\n");
        assert_eq!(
            f.run(&call(
                "read_file",
                json!({"path": "a.txt", "start_line": 2})
            ))
            .1,
            TrustVerdict::Verified
        );
        assert_eq!(
            f.run(&call(
                "write_file",
                json!({"path": "b.txt", "content": "b\n"})
            ))
            .1,
            TrustVerdict::Verified
        );
        let edit = call(
            "apply_edit",
            json!({"path": "a.txt", "old_text": "two", "new_text": "TWO"}),
        );
        assert_eq!(f.run(&edit).1, TrustVerdict::Verified);
        let patch = "--- a/a.txt\n+++ b/a.txt\n@@ -1,2 +1,2 @@\n-one\n+ONE\n TWO\n";
        assert_eq!(
            f.run(&call("apply_patch", json!({"patch": patch}))).1,
            TrustVerdict::Verified
        );
        assert_eq!(
            std::fs::read_to_string(f.ctx.workspace.join("a.txt")).unwrap(),
            "ONE\nTWO\n"
        );
    }

    #[test]
    fn a_write_changed_after_the_fact_fails_the_round_trip() {
        let f = fx();
        let c = call(
            "write_file",
            json!({"path": "b.txt", "content": "intended\n"}),
        );
        let (obs, _) = f.run(&c);
        f.put("b.txt", "something else\n");
        let verdict = f.assess(&c, &obs, None);
        assert!(
            matches!(verdict, TrustVerdict::Failed { ref reason } if reason.contains("on disk")),
            "{verdict:?}"
        );
    }

    #[test]
    fn an_edit_without_a_snapshot_is_unverified() {
        let f = fx();
        f.put("a.txt", "x\n");
        let c = call(
            "apply_edit",
            json!({"path": "a.txt", "old_text": "x", "new_text": "y"}),
        );
        let obs = execute(&c, &f.ctx);
        assert!(matches!(
            f.assess(&c, &obs, None),
            TrustVerdict::Unverified { .. }
        ));
    }

    #[test]
    fn a_python_edit_that_breaks_syntax_fails_the_lint() {
        let f = fx();
        f.put("m.py", "def f():\n    return 1\n");
        let c = call(
            "apply_edit",
            json!({"path": "m.py", "old_text": "return 1", "new_text": "return (1"}),
        );
        let (_, verdict) = f.run(&c);
        assert!(
            matches!(verdict, TrustVerdict::Failed { ref reason } if reason.contains("does not pass its check")),
            "{verdict:?}"
        );
        assert!(
            !f.ctx.workspace.join("__pycache__").exists(),
            "the check leaves no bytecode behind"
        );
    }

    #[test]
    fn a_rust_edit_that_breaks_the_build_fails_cargo_check() {
        let f = fx();
        f.put(
            "Cargo.toml",
            "[package]\nname = \"tiny\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[workspace]\n",
        );
        std::fs::create_dir_all(f.ctx.workspace.join("src")).unwrap();
        f.put("src/lib.rs", "pub fn one() -> i32 { 1 }\n");
        let good = call(
            "apply_edit",
            json!({"path": "src/lib.rs", "old_text": "{ 1 }", "new_text": "{ 2 }"}),
        );
        assert_eq!(f.run(&good).1, TrustVerdict::Verified);
        let bad = call(
            "apply_edit",
            json!({"path": "src/lib.rs", "old_text": "{ 2 }", "new_text": "{ \"two\" }"}),
        );
        let (_, verdict) = f.run(&bad);
        assert!(
            matches!(verdict, TrustVerdict::Failed { ref reason } if reason.contains("mismatched types")),
            "{verdict:?}"
        );
    }

    #[test]
    fn commands_are_judged_by_exit_code_and_schema() {
        let f = fx();
        let (_, v) = f.run(&call("run_command", json!({"command": "echo hi"})));
        assert_eq!(v, TrustVerdict::Verified);
        let (_, v) = f.run(&call("run_command", json!({"command": "sh -c 'exit 2'"})));
        assert!(
            matches!(v, TrustVerdict::Failed { ref reason } if reason.contains("status 2")),
            "{v:?}"
        );
        let (mut obs, _) = f.run(&call("run_command", json!({"command": "echo hi"})));
        obs.output.as_object_mut().unwrap().remove("sandbox");
        let v = f.assess(
            &call("run_command", json!({"command": "echo hi"})),
            &obs,
            None,
        );
        assert!(
            matches!(v, TrustVerdict::Failed { ref reason } if reason.contains("schema")),
            "{v:?}"
        );
        let mut failed_obs = obs.clone();
        failed_obs.ok = false;
        failed_obs.error = Some("boom".into());
        assert!(matches!(
            f.assess(&call("run_command", json!({})), &failed_obs, None),
            TrustVerdict::Failed { .. }
        ));
    }

    #[test]
    fn test_runs_need_parsed_counts() {
        let f = fx();
        let c = call("run_tests", json!({}));
        let obs = |status: &str, report: Value, stdout: &str, exit: i32| Observation {
            work_id: "c1".into(),
            tool: ToolRef::new("run_tests", 1),
            ok: true,
            exit_code: Some(exit),
            output: json!({"command": ["x"], "status": status, "report": report, "stdout_tail": stdout,
                "stderr_tail": "", "timed_out": false,
                "sandbox": {"landlock": "full", "seccomp": true, "no_new_privs": true}}),
            error: None,
            duration_ms: 1,
            performer_pid: 0,
        };
        // Exit 0 with unparseable output: nothing is known.
        let v = f.assess(&c, &obs("unparsed", Value::Null, "all good!", 0), None);
        assert!(matches!(v, TrustVerdict::Unverified { .. }), "{v:?}");
        // Exit 0 with zero tests run.
        let v = f.assess(&c, &obs("no_tests", json!({"passed": 0, "failed": 0}), "running 0 tests\n\ntest result: ok. 0 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out\n", 0), None);
        assert!(
            matches!(v, TrustVerdict::Unverified { ref reason } if reason.contains("no tests")),
            "{v:?}"
        );
        // Passing counts but a failing exit code.
        let v = f.assess(
            &c,
            &obs("passed", json!({"passed": 2, "failed": 0}), "", 1),
            None,
        );
        assert!(matches!(v, TrustVerdict::Failed { .. }), "{v:?}");
    }

    /// A `cargo test` stopped at libtest's hang warning has no exit status; with the warning
    /// in its output and the hung test failed it is verified, and a claim of a hang the
    /// output does not show fails.
    #[test]
    fn a_run_stopped_on_a_hung_test_is_verified_only_with_the_warning_in_its_output() {
        let f = fx();
        let c = call("run_tests", json!({}));
        let stopped = |stdout: &str| Observation {
            work_id: "c1".into(),
            tool: ToolRef::new("run_tests", 1),
            ok: true,
            exit_code: None,
            output: json!({"command": ["cargo", "test"], "status": "failed",
                "report": {"passed": 1, "failed": 1, "errors": 0},
                "stdout_tail": stdout, "stderr_tail": "", "timed_out": false,
                "stopped_on_hang": true,
                "sandbox": {"landlock": "full", "seccomp": true, "no_new_privs": true}}),
            error: None,
            duration_ms: 60_000,
            performer_pid: 0,
        };
        let warned = "running 2 tests\ntest tests::ok ... ok\ntest tests::t has been running for over 60 seconds\n";
        let v = f.assess(&c, &stopped(warned), None);
        assert_eq!(v, TrustVerdict::Verified);
        let v = f.assess(
            &c,
            &stopped("running 2 tests\ntest tests::ok ... ok\n"),
            None,
        );
        assert!(
            matches!(v, TrustVerdict::Failed { ref reason } if reason.contains("hang warning is not")),
            "{v:?}"
        );
    }

    #[test]
    fn lying_searches_listings_and_sums_fail() {
        let f = fx();
        f.put("a.txt", "alpha\nbeta\n");
        let search = call("search", json!({"pattern": "beta"}));
        let (mut obs, v) = f.run(&search);
        assert_eq!(v, TrustVerdict::Verified);
        obs.output["matches"][0]["line"] = json!(1);
        assert!(matches!(
            f.assess(&search, &obs, None),
            TrustVerdict::Failed { .. }
        ));
        let find = call("find_files", json!({"pattern": "*.txt"}));
        let (mut obs, v) = f.run(&find);
        assert_eq!(v, TrustVerdict::Verified);
        obs.output["files"] = json!(["ghost.txt"]);
        assert!(matches!(
            f.assess(&find, &obs, None),
            TrustVerdict::Failed { .. }
        ));
        let list = call("list_dir", json!({}));
        let (mut obs, v) = f.run(&list);
        assert_eq!(v, TrustVerdict::Verified);
        obs.output["entries"][0]["name"] = json!("ghost");
        assert!(matches!(
            f.assess(&list, &obs, None),
            TrustVerdict::Failed { .. }
        ));
        let sum = call(
            "calc",
            json!({"expression": "x * 3", "variables": {"x": 14}}),
        );
        let (mut obs, v) = f.run(&sum);
        assert_eq!(v, TrustVerdict::Verified);
        assert_eq!(obs.output["value"], json!(42));
        obs.output["value"] = json!(41);
        let v = f.assess(&sum, &obs, None);
        assert!(
            matches!(v, TrustVerdict::Failed { ref reason } if reason.contains("evaluates to 42")),
            "{v:?}"
        );
    }

    #[test]
    fn probe_edit_observations_round_trip_through_the_gate() {
        let f = fx();
        f.put("calc.py", "def add(a, b):\n    return a - b\n");
        f.put(
            "test_calc.py",
            "from calc import add\n\ndef test_add():\n    assert add(2, 3) == 5\n\ndef test_zero():\n    assert add(0, 0) == 0\n",
        );
        let probe = |new: &str, extra: Value| {
            let mut args = json!({"edits": [{"path": "calc.py", "old_text": "return a - b", "new_text": new}]});
            for (k, v) in extra.as_object().unwrap() {
                args[k] = v.clone();
            }
            call("probe_edit", args)
        };
        // A passing and a failing candidate are both told truthfully: both verified.
        let good = probe("return a + b", json!({"tests": ["test_calc.py::test_add"]}));
        let (obs, v) = f.run(&good);
        assert_eq!(v, TrustVerdict::Verified, "{}", obs.output);
        assert_eq!(obs.output["status"], "passed");
        assert_eq!(obs.output["last_run"], "full");
        let bad = probe("return a * b", json!({}));
        let (bad_obs, v) = f.run(&bad);
        assert_eq!(v, TrustVerdict::Verified, "{}", bad_obs.output);
        assert_eq!(bad_obs.output["status"], "failed");

        // A failing candidate claimed as passing.
        let mut lie = bad_obs.clone();
        lie.output["status"] = json!("passed");
        let v = f.assess(&bad, &lie, None);
        assert!(
            matches!(v, TrustVerdict::Failed { ref reason } if reason.contains("claims `passed`")),
            "{v:?}"
        );
        // Counts doctored to a pass, exit code left as it was.
        let mut lie = bad_obs.clone();
        lie.output["status"] = json!("passed");
        lie.output["full"]["failed"] = json!(0);
        assert!(matches!(
            f.assess(&bad, &lie, None),
            TrustVerdict::Failed { .. }
        ));
        // A pass resting on the narrow run alone when the full suite was due.
        let (mut narrow_only, _) = f.run(&good);
        narrow_only.output["last_run"] = json!("narrow");
        narrow_only.output["full"] = Value::Null;
        let v = f.assess(&good, &narrow_only, None);
        assert!(
            matches!(v, TrustVerdict::Failed { ref reason } if reason.contains("full suite should have run")),
            "{v:?}"
        );
        // ... which is fine when the call opted out of the full run.
        let narrow_ok = probe(
            "return a + b",
            json!({"tests": ["test_calc.py::test_add"], "full_suite_on_pass": false}),
        );
        let (obs, v) = f.run(&narrow_ok);
        assert_eq!(v, TrustVerdict::Verified, "{}", obs.output);
        assert_eq!(obs.output["last_run"], "narrow");
        // A hanging candidate: nothing is known.
        let hang = probe("while True:\n        pass", json!({"timeout_ms": 1000}));
        let (obs, v) = f.run(&hang);
        assert_eq!(obs.output["status"], "timed_out");
        assert!(matches!(v, TrustVerdict::Unverified { .. }), "{v:?}");
        // A refused probe (test code) is a failed call.
        let refused = call(
            "probe_edit",
            json!({"edits": [{"path": "test_calc.py", "old_text": "== 5", "new_text": "== 6"}]}),
        );
        let (obs, v) = f.run(&refused);
        assert!(!obs.ok);
        assert!(
            matches!(v, TrustVerdict::Failed { ref reason } if reason.contains("test file")),
            "{v:?}"
        );
    }

    #[test]
    fn a_real_pytest_run_is_verified() {
        let f = fx();
        f.put(
            "test_x.py",
            "def test_a():\n    assert True\n\ndef test_b():\n    assert False\n",
        );
        let (obs, v) = f.run(&call("run_tests", json!({})));
        assert_eq!(v, TrustVerdict::Verified, "{}", obs.output);
        assert_eq!(obs.output["report"]["failed"], 1);
    }
}
