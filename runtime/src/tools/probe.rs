//! `probe_edit`: one candidate edit tried in a scratch copy of the workspace, in one call.
//!
//! The workspace is copied into a fixed slot under the job's temp dir (`probes/slot-0`, cleared
//! and re-copied for every probe; build outputs, VCS data and caches are not copied), the edits
//! are applied to the copy, and the tests run there: first only the named tests (stopping at the
//! first failure), then, when those pass, the whole suite. The workspace itself is never
//! written: the probe's commands run in a sandbox whose writable root is the copy, not the
//! workspace. Because the slot path is fixed and cargo shares `run_tests`' target dir, a Rust
//! crate's dependencies and incremental state carry over from one probe to the next.
//!
//! Edits of test code are refused before anything is copied (see [`crate::source`]).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use super::exec::{TEST_PARSE_BYTES, command_timeout, hang_marker, parsed_run_report, tail};
use super::paths::{confine, relative_key};
use super::{
    TestCommand, ToolContext, ToolError, ToolOutput, count_occurrences, detect_test_command,
    opt_bool_arg, read_text_if_exists, report_json, test_status,
};
use crate::sandbox::{CommandOutcome, run_sandboxed};
use crate::source::{change_touches_tests, edit_touches_tests};
use crate::testreport::{TestReport, TestRunner, failure_points};

/// How many scratch slots a job may probe in at once (`slot` 0..PROBE_SLOTS): one per
/// concurrent probe, each with its own worker process.
pub const PROBE_SLOTS: u32 = 8;

/// Slot `slot`'s scratch directory, relative to the job's temp dir. A fixed path per slot lets
/// cargo reuse the crate's build between the slot's probes.
pub fn probe_slot_dir(slot: u32) -> String {
    format!("probes/slot-{slot}")
}

/// Directory names never copied into the scratch slot (at any depth). A `target` directory is
/// skipped only where it is cargo's (next to a Cargo.toml, or tagged with CACHEDIR.TAG).
pub const PROBE_SCRATCH_SKIP: &[&str] = &[
    ".tact",
    ".git",
    "target",
    "__pycache__",
    ".pytest_cache",
    "node_modules",
];

const MAX_EDITS: usize = 8;

fn io_err(path: &Path, err: std::io::Error) -> ToolError {
    ToolError::Io {
        path: path.display().to_string(),
        reason: err.to_string(),
    }
}

struct Edit<'a> {
    path: &'a str,
    old_text: &'a str,
    new_text: &'a str,
}

fn parse_edits(args: &Value) -> Result<Vec<Edit<'_>>, ToolError> {
    let items = args
        .get("edits")
        .and_then(Value::as_array)
        .ok_or_else(|| ToolError::InvalidArgs("`edits` must be an array".into()))?;
    if items.is_empty() || items.len() > MAX_EDITS {
        return Err(ToolError::InvalidArgs(format!(
            "`edits` must hold 1 to {MAX_EDITS} edits, not {}",
            items.len()
        )));
    }
    items
        .iter()
        .enumerate()
        .map(|(index, item)| {
            let field = |name: &str| {
                item.get(name).and_then(Value::as_str).ok_or_else(|| {
                    ToolError::InvalidArgs(format!("`edits[{index}].{name}` must be a string"))
                })
            };
            let edit = Edit {
                path: field("path")?,
                old_text: field("old_text")?,
                new_text: field("new_text")?,
            };
            if edit.old_text.is_empty() {
                return Err(ToolError::InvalidArgs(format!(
                    "`edits[{index}].old_text` must not be empty"
                )));
            }
            Ok(edit)
        })
        .collect()
}

fn parse_tests(args: &Value) -> Result<Vec<String>, ToolError> {
    let tests = match args.get("tests") {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(Value::Array(items)) => items,
        Some(_) => {
            return Err(ToolError::InvalidArgs(
                "`tests` must be an array of test names".into(),
            ));
        }
    };
    tests
        .iter()
        .map(|t| match t.as_str() {
            Some(name)
                if !name.is_empty()
                    && !name.starts_with('-')
                    && !name.chars().any(char::is_whitespace) =>
            {
                Ok(name.to_string())
            }
            _ => Err(ToolError::InvalidArgs(format!(
                "test name {t} must be a non-empty string without spaces, not starting with `-`"
            ))),
        })
        .collect()
}

/// One file the probe changes: its workspace text and the text the copy gets.
struct PlannedFile {
    before: String,
    after: String,
}

/// Apply the edits in memory, in order, against the workspace's files: every path confined,
/// every `old_text` found exactly once, no test code touched.
fn plan_edits(
    edits: &[Edit<'_>],
    workspace: &Path,
) -> Result<BTreeMap<String, PlannedFile>, ToolError> {
    let mut planned: BTreeMap<String, PlannedFile> = BTreeMap::new();
    for edit in edits {
        let path = confine(workspace, edit.path)?;
        let key = relative_key(workspace, &path);
        if let Some(skipped) = key
            .split('/')
            .find(|part| PROBE_SCRATCH_SKIP.contains(part))
        {
            return Err(ToolError::InvalidArgs(format!(
                "`{key}` is under a `{skipped}` directory, which probes do not copy"
            )));
        }
        let current = match planned.get(&key) {
            Some(file) => file.after.clone(),
            None => read_text_if_exists(&path)?.ok_or_else(|| ToolError::Io {
                path: key.clone(),
                reason: "no such file".into(),
            })?,
        };
        let count = count_occurrences(&current, edit.old_text);
        if count != 1 {
            return Err(ToolError::OldTextCount { path: key, count });
        }
        if let Some(touch) = edit_touches_tests(&key, &current, edit.old_text) {
            return Err(ToolError::TestEdit(touch));
        }
        let after = current.replacen(edit.old_text, edit.new_text, 1);
        planned
            .entry(key)
            .or_insert_with(|| PlannedFile {
                before: current.clone(),
                after: String::new(),
            })
            .after = after;
    }
    // The edits together must leave every test region as it was (one edit can open a comment
    // that another closes around a test).
    for (key, file) in &planned {
        if let Some(touch) = change_touches_tests(key, Some(&file.before), Some(&file.after)) {
            return Err(ToolError::TestEdit(touch));
        }
    }
    Ok(planned)
}

/// Whether a directory named `target` is cargo's build directory.
fn is_cargo_target(dir: &Path) -> bool {
    dir.join("CACHEDIR.TAG").is_file()
        || dir
            .parent()
            .is_some_and(|parent| parent.join("Cargo.toml").is_file())
}

/// Copy `src` into `dst` (which exists), skipping [`PROBE_SCRATCH_SKIP`] and anything under
/// `exclude` (the job's temp dir, should it lie inside the workspace). Symlinks are recreated
/// as symlinks; sockets and devices are left out. Returns the number of files copied.
fn copy_tree(src: &Path, dst: &Path, exclude: &Path) -> Result<u64, ToolError> {
    let mut copied = 0u64;
    let mut stack: Vec<(PathBuf, PathBuf)> = vec![(src.to_path_buf(), dst.to_path_buf())];
    while let Some((from_dir, to_dir)) = stack.pop() {
        let entries = std::fs::read_dir(&from_dir).map_err(|e| io_err(&from_dir, e))?;
        for entry in entries {
            let entry = entry.map_err(|e| io_err(&from_dir, e))?;
            let from = entry.path();
            let to = to_dir.join(entry.file_name());
            let kind = entry.file_type().map_err(|e| io_err(&from, e))?;
            if kind.is_dir() {
                if skipped_dir(&from) || from.starts_with(exclude) {
                    continue;
                }
                std::fs::create_dir(&to).map_err(|e| io_err(&to, e))?;
                stack.push((from, to));
            } else if kind.is_file() {
                // copy_file_range: a reflink where the file system supports it.
                std::fs::copy(&from, &to).map_err(|e| io_err(&from, e))?;
                copied += 1;
            } else if kind.is_symlink() {
                let target = std::fs::read_link(&from).map_err(|e| io_err(&from, e))?;
                std::os::unix::fs::symlink(&target, &to).map_err(|e| io_err(&to, e))?;
            }
        }
    }
    Ok(copied)
}

/// A directory probes do not copy: [`PROBE_SCRATCH_SKIP`] by name (`target` only where it is
/// cargo's).
fn skipped_dir(dir: &Path) -> bool {
    let Some(name) = dir.file_name() else {
        return false;
    };
    let name = name.to_string_lossy();
    PROBE_SCRATCH_SKIP.contains(&name.as_ref()) && (name != "target" || is_cargo_target(dir))
}

/// One digest of every file a probe would copy from `root` (paths, symlink targets and
/// contents, in path order), skipping what [`copy_tree`] skips and anything under `exclude`.
/// Two trees with the same digest hold the same sources, so a test run on one stands for the
/// other: `apply_edit` reports it on request, and the job compares it with the tree a probe
/// passed in full.
pub(crate) fn tree_digest(root: &Path, exclude: Option<&Path>) -> Result<String, ToolError> {
    use sha2::{Digest, Sha256};
    let mut entries: Vec<(String, Vec<u8>)> = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).map_err(|e| io_err(&dir, e))? {
            let entry = entry.map_err(|e| io_err(&dir, e))?;
            let path = entry.path();
            let kind = entry.file_type().map_err(|e| io_err(&path, e))?;
            let key = relative_key(root, &path);
            if kind.is_dir() {
                if !skipped_dir(&path) && !exclude.is_some_and(|x| path.starts_with(x)) {
                    stack.push(path);
                }
            } else if kind.is_file() {
                let bytes = std::fs::read(&path).map_err(|e| io_err(&path, e))?;
                entries.push((format!("f {key}"), bytes));
            } else if kind.is_symlink() {
                let target = std::fs::read_link(&path).map_err(|e| io_err(&path, e))?;
                entries.push((
                    format!("l {key}"),
                    target.to_string_lossy().into_owned().into_bytes(),
                ));
            }
        }
    }
    entries.sort();
    let mut hasher = Sha256::new();
    for (name, bytes) in &entries {
        // Lengths first, so no two different trees hash the same byte stream.
        hasher.update((name.len() as u64).to_le_bytes());
        hasher.update(name.as_bytes());
        hasher.update((bytes.len() as u64).to_le_bytes());
        hasher.update(bytes);
    }
    Ok(hex::encode(hasher.finalize()))
}

/// The `slot` argument (default 0).
fn parse_slot(args: &Value) -> Result<u32, ToolError> {
    match args.get("slot") {
        None | Some(Value::Null) => Ok(0),
        Some(v) => v
            .as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .filter(|n| *n < PROBE_SLOTS)
            .ok_or_else(|| {
                ToolError::InvalidArgs(format!(
                    "`slot` must be an integer from 0 to {}, got {v}",
                    PROBE_SLOTS - 1
                ))
            }),
    }
}

/// Clear the slot and copy the workspace into it.
fn fresh_scratch(ctx: &ToolContext, slot: u32) -> Result<PathBuf, ToolError> {
    let scratch = ctx.temp_dir.join(probe_slot_dir(slot));
    match std::fs::remove_dir_all(&scratch) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(io_err(&scratch, e)),
    }
    std::fs::create_dir_all(&scratch).map_err(|e| io_err(&scratch, e))?;
    let scratch = scratch.canonicalize().map_err(|e| io_err(&scratch, e))?;
    copy_tree(&ctx.workspace, &scratch, &ctx.temp_dir)?;
    Ok(scratch)
}

/// The narrowed command for `tests`, or `None` when the runner cannot be narrowed (npm, a
/// configured command): then the full command runs.
fn narrow_argv(
    test: &TestCommand,
    tests: &[String],
    workspace: &Path,
) -> Result<Option<Vec<String>>, ToolError> {
    if tests.is_empty() {
        return Ok(None);
    }
    let mut argv = test.argv.clone();
    match test.runner.as_str() {
        "pytest" => {
            // Node ids (`file.py::test`, `file.py`) select directly; bare names go through
            // `-k`, which then must keep the node ids' functions too.
            let mut node_ids: Vec<&str> = Vec::new();
            let mut names: Vec<&str> = Vec::new();
            for name in tests {
                let file = name.split("::").next().unwrap_or_default();
                if name.contains("::") || file.ends_with(".py") {
                    confine(workspace, file)?;
                    node_ids.push(name);
                } else {
                    names.push(name);
                }
            }
            argv.push("-x".into());
            if !names.is_empty() {
                let mut keywords: Vec<&str> = names.clone();
                for id in &node_ids {
                    match id.rsplit_once("::") {
                        // `-k` matches the function name; drop a parametrization suffix.
                        Some((_, function)) => {
                            keywords.push(function.split('[').next().unwrap_or(function));
                        }
                        None => {
                            return Err(ToolError::InvalidArgs(format!(
                                "`{id}` names a whole test file; together with bare test names ({}) it would be filtered by them. Name single tests (`{id}::test_name`) or only files",
                                names.join(", ")
                            )));
                        }
                    }
                }
                argv.push("-k".into());
                argv.push(keywords.join(" or "));
            }
            argv.extend(node_ids.iter().map(|s| (*s).to_string()));
        }
        "cargo" => {
            argv.push("--".into());
            argv.extend(tests.iter().cloned());
        }
        _ => return Ok(None),
    }
    Ok(Some(argv))
}

/// One test run in the scratch copy, parsed.
struct Run {
    outcome: CommandOutcome,
    report: TestReport,
    status: &'static str,
}

fn run_in(
    argv: &[String],
    scratch: &Path,
    slot: u32,
    ctx: &ToolContext,
    (timeout, runner): (u64, &str),
) -> Result<Run, ToolError> {
    let mut sandbox = ctx.sandbox_rooted(scratch, timeout);
    sandbox.output_cap = TEST_PARSE_BYTES;
    sandbox.stop_marker = hang_marker(runner);
    if slot > 0 {
        // Slot 0 shares `run_tests`' target dir (its build carries over); a concurrent slot
        // builds in its own, inside it, so two probes never wait on one cargo lock.
        let base = ctx
            .config
            .cargo_target_dir
            .as_ref()
            .map(PathBuf::from)
            .unwrap_or_else(|| ctx.temp_dir.join("target"));
        let own = base.join(format!("probe-slot-{slot}"));
        sandbox
            .env
            .push(("CARGO_TARGET_DIR".into(), own.display().to_string()));
    }
    let outcome = run_sandboxed(argv, scratch, &sandbox)?;
    let report = parsed_run_report(&outcome);
    let status = test_status(&report, outcome.timed_out);
    Ok(Run {
        outcome,
        report,
        status,
    })
}

fn report_or_null(run: Option<&Run>, scratch: &Path) -> Value {
    match run {
        Some(run) if run.report.runner != TestRunner::Unknown => {
            let mut report = report_json(&run.report);
            if let Some(fields) = report.as_object_mut() {
                fields.insert(
                    "failed_at".into(),
                    failure_points_json(&run.report, scratch),
                );
            }
            report
        }
        _ => Value::Null,
    }
}

/// Each failing test's point of failure in test code, read in the scratch copy (whose edited
/// files the line numbers refer to): `{test, file, line}` for the failures that have one. The
/// repair job compares them with the failing run's to tell a partial fix from no change.
fn failure_points_json(report: &TestReport, scratch: &Path) -> Value {
    failure_points(report, scratch)
        .into_iter()
        .map(|(test, frame)| json!({"test": test, "file": frame.file, "line": frame.line}))
        .collect()
}

pub(super) fn probe_edit(args: &Value, ctx: &ToolContext) -> Result<ToolOutput, ToolError> {
    let edits = parse_edits(args)?;
    let tests = parse_tests(args)?;
    let timeout = command_timeout(args, ctx)?;
    let full_on_pass = opt_bool_arg(args, "full_suite_on_pass")?.unwrap_or(true);
    let test = detect_test_command(&ctx.workspace, ctx.config.test_command.as_deref())?;
    let narrow = narrow_argv(&test, &tests, &ctx.workspace)?;
    let planned = plan_edits(&edits, &ctx.workspace)?;

    let slot = parse_slot(args)?;
    let scratch = fresh_scratch(ctx, slot)?;
    for (key, file) in &planned {
        let path = scratch.join(key);
        let copied = read_text_if_exists(&path)?;
        if copied.as_deref() != Some(file.before.as_str()) {
            return Err(ToolError::Io {
                path: key.clone(),
                reason: "changed while the workspace was copied; probe again".into(),
            });
        }
        std::fs::write(&path, file.after.as_bytes()).map_err(|e| io_err(&path, e))?;
    }
    // Before the tests run: what they leave behind is not the candidate.
    let tree = tree_digest(&scratch, None)?;

    let mut narrow_run = None;
    let mut full_run = None;
    let run = |argv: &[String]| run_in(argv, &scratch, slot, ctx, (timeout, &test.runner));
    match narrow {
        Some(argv) => {
            let narrow = run(&argv)?;
            let passed = narrow.status == "passed";
            narrow_run = Some(narrow);
            if passed && full_on_pass {
                full_run = Some(run(&test.argv)?);
            }
        }
        None => full_run = Some(run(&test.argv)?),
    }
    let (last, last_name) = match (&full_run, &narrow_run) {
        (Some(run), _) => (run, "full"),
        (None, Some(run)) => (run, "narrow"),
        (None, None) => {
            return Err(ToolError::InvalidArgs(
                "no test run happened (a bug in tact)".into(),
            ));
        }
    };
    let cap = ctx.tail_bytes();
    Ok(ToolOutput {
        exit_code: last.outcome.exit_code,
        output: json!({
            "status": last.status,
            "runner": test.runner,
            "narrow": report_or_null(narrow_run.as_ref(), &scratch),
            "full": report_or_null(full_run.as_ref(), &scratch),
            "last_run": last_name,
            "command": last.outcome.argv,
            "stdout_tail": tail(&last.outcome.stdout, cap),
            "stderr_tail": tail(&last.outcome.stderr, cap),
            "timed_out": last.outcome.timed_out,
            "stopped_on_hang": last.outcome.stopped_on_marker,
            "sandbox": last.outcome.sandbox,
            "edits_applied": edits.len(),
            "scratch": probe_slot_dir(slot),
            "tree_sha256": tree,
            // What the edited workspace files held when they were copied: the job has seen
            // that content (the guard's read-before-write holds for the commit's edit).
            "base_sha256": planned
                .iter()
                .map(|(key, file)| (key.clone(), Value::String(super::sha256_hex(file.before.as_bytes()))))
                .collect::<serde_json::Map<String, Value>>(),
        }),
    })
}
