//! The precondition guard: a deterministic check of one proposed tool call before it runs.
//!
//! Each refusal is a typed [`GuardRefusal`] whose `Display` text is exactly what the model is
//! told, phrased so a small model can fix its next call. Arguments are validated against the
//! tool's JSON Schema with the `jsonschema` crate; paths are confined with the same function
//! the tools use; a write to an existing file requires that the job last read exactly the
//! file's current content.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tact_runtime::catalog::{Access, Performer, ResourceUse, ToolSpec, find};
use tact_runtime::messages::{Observation, ToolCall};
use tact_runtime::records::{RiskClass, ToolRef};
use tact_runtime::source::{TestCodeTouch, change_touches_tests, edit_touches_tests, is_test_path};
use tact_runtime::tools::command::{CommandRefusal, admit_command};
use tact_runtime::tools::patch::parse_patch;
use tact_runtime::tools::paths::{PathError, confine, lexical_key, relative_key};
use tact_runtime::tools::{
    ToolError, count_occurrences, detect_test_command, plan_patch, read_text_if_exists, sha256_hex,
};
use thiserror::Error;

use crate::policy::GuardPolicy;

/// Why a call was refused. The `Display` text is the feedback the model sees.
#[derive(Debug, Clone, PartialEq, Eq, Error, Serialize, Deserialize)]
#[serde(tag = "refusal", rename_all = "snake_case")]
pub enum GuardRefusal {
    #[error("There is no tool named `{name}`. Choose one of: {}.", offered.join(", "))]
    UnknownTool { name: String, offered: Vec<String> },
    #[error("`{name}` is not offered at this step. Choose one of: {}.", offered.join(", "))]
    NotOffered { name: String, offered: Vec<String> },
    #[error("`{requested}` does not exist; the current edition is `{current}`.")]
    EditionMismatch { requested: String, current: String },
    #[error("The arguments for `{tool}` do not match its schema:\n{}\nFix the arguments and call again.", errors.iter().map(|e| format!("- {e}")).collect::<Vec<_>>().join("\n"))]
    SchemaViolation { tool: String, errors: Vec<String> },
    #[error(
        "Path `{path}` is outside the workspace. Use a path relative to the workspace root, without `..` leading out of it."
    )]
    PathEscapes { path: String },
    #[error("Path `{path}` cannot be resolved ({reason}).")]
    PathUnresolvable { path: String, reason: String },
    #[error("`{path}` does not exist. Check the path with list_dir or find_files.")]
    TargetMissing { path: String },
    #[error(
        "`{path}` does not exist, so it cannot be edited. Check the path with find_files, or create it with write_file."
    )]
    EditTargetMissing { path: String },
    #[error("`{path}` is a directory, not a file.")]
    NotAFile { path: String },
    #[error("`{path}` is not a directory.")]
    NotADirectory { path: String },
    #[error(
        "old_text does not occur in `{path}`. Read the file again and copy the exact text, including indentation."
    )]
    OldTextNotFound { path: String },
    #[error(
        "old_text occurs {count} times in `{path}`; include more surrounding lines so it occurs exactly once."
    )]
    OldTextNotUnique { path: String, count: usize },
    #[error("old_text and new_text are the same; the edit would change nothing.")]
    NoOpEdit { path: String },
    #[error(
        "`{path}` exists but has not been read in this job. Read it with read_file before changing it."
    )]
    BlindOverwrite { path: String, actual: String },
    #[error(
        "`{path}` changed since you last read it (read {}, now {}). Read it again before changing it.",
        short(expected),
        short(actual)
    )]
    StaleRead {
        path: String,
        expected: String,
        actual: String,
    },
    #[error("The patch cannot be applied: {reason}")]
    PatchInvalid { reason: String },
    #[error("Program `{program}` is not allowed. Allowed programs: {}.", allowed.join(", "))]
    CommandNotAllowed {
        program: String,
        allowed: Vec<String>,
    },
    #[error("The command contains `{pattern}`, which is denied by policy.")]
    CommandDenied { pattern: String },
    #[error("The command cannot be parsed: {reason}.")]
    CommandMalformed { reason: String },
    #[error("Tests cannot be run here: {reason}.")]
    NoTestRunner { reason: String },
    #[error(
        "Refused: {touch}. This job may not change or weaken tests; fix the code under test instead."
    )]
    TestEdit { tool: String, touch: TestCodeTouch },
    #[error("`{tool}` cannot be checked: {reason}.")]
    Internal { tool: String, reason: String },
}

fn short(sha: &str) -> &str {
    sha.get(..12).unwrap_or(sha)
}

impl GuardRefusal {
    /// A stable machine name for the refusal kind (ledger, metrics).
    pub fn kind(&self) -> &'static str {
        match self {
            GuardRefusal::UnknownTool { .. } => "unknown_tool",
            GuardRefusal::NotOffered { .. } => "not_offered",
            GuardRefusal::EditionMismatch { .. } => "edition_mismatch",
            GuardRefusal::SchemaViolation { .. } => "schema_violation",
            GuardRefusal::PathEscapes { .. } => "path_escapes",
            GuardRefusal::PathUnresolvable { .. } => "path_unresolvable",
            GuardRefusal::TargetMissing { .. } => "target_missing",
            GuardRefusal::EditTargetMissing { .. } => "edit_target_missing",
            GuardRefusal::NotAFile { .. } => "not_a_file",
            GuardRefusal::NotADirectory { .. } => "not_a_directory",
            GuardRefusal::OldTextNotFound { .. } => "old_text_not_found",
            GuardRefusal::OldTextNotUnique { .. } => "old_text_not_unique",
            GuardRefusal::NoOpEdit { .. } => "no_op_edit",
            GuardRefusal::BlindOverwrite { .. } => "blind_overwrite",
            GuardRefusal::StaleRead { .. } => "stale_read",
            GuardRefusal::PatchInvalid { .. } => "patch_invalid",
            GuardRefusal::CommandNotAllowed { .. } => "command_not_allowed",
            GuardRefusal::CommandDenied { .. } => "command_denied",
            GuardRefusal::CommandMalformed { .. } => "command_malformed",
            GuardRefusal::NoTestRunner { .. } => "no_test_runner",
            GuardRefusal::TestEdit { .. } => "test_edit",
            GuardRefusal::Internal { .. } => "internal",
        }
    }
}

/// What the guard remembers across calls of one job: the hash of each file as the job last saw
/// it (by reading it, or by writing it).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GuardState {
    /// Workspace-relative path → SHA-256 (hex) of the content the job last saw.
    pub last_read: BTreeMap<String, String>,
    /// The job's configured test command (`ToolConfig.test_command`), so the guard agrees with
    /// the worker about whether `run_tests` can run in a workspace without runner markers.
    #[serde(default)]
    pub test_command: Option<Vec<String>>,
    /// Refuse edits of test code (`apply_edit`, `write_file`, `apply_patch`, `probe_edit`):
    /// set for jobs whose task is to make failing tests pass, which must not get there by
    /// weakening the tests.
    #[serde(default)]
    pub protect_tests: bool,
}

impl GuardState {
    pub fn record(&mut self, key: impl Into<String>, sha256: impl Into<String>) {
        self.last_read.insert(key.into(), sha256.into());
    }

    /// Learn from an observation: a whole read records the file's hash, a write records the
    /// hash the job wrote (it knows that content), a delete forgets the file.
    pub fn observe(&mut self, observation: &Observation) {
        if !observation.ok {
            return;
        }
        let out = &observation.output;
        let path = out.get("path").and_then(Value::as_str);
        match observation.tool.name.as_str() {
            "read_file" => {
                if let (Some(path), Some(sha)) = (path, out.get("sha256").and_then(Value::as_str)) {
                    self.record(path, sha);
                }
            }
            "write_file" | "apply_edit" => {
                if let (Some(path), Some(sha)) =
                    (path, out.get("after_sha256").and_then(Value::as_str))
                {
                    self.record(path, sha);
                }
            }
            // A probe copied the workspace files it edited: their content then is content the
            // job has seen.
            "probe_edit" => {
                for (path, sha) in out
                    .get("base_sha256")
                    .and_then(Value::as_object)
                    .into_iter()
                    .flatten()
                {
                    if let Some(sha) = sha.as_str() {
                        self.record(path.clone(), sha);
                    }
                }
            }
            "apply_patch" => {
                for file in out
                    .get("files")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                {
                    let Some(path) = file.get("path").and_then(Value::as_str) else {
                        continue;
                    };
                    match file.get("after_sha256").and_then(Value::as_str) {
                        Some(sha) => self.record(path, sha),
                        None => {
                            self.last_read.remove(path);
                        }
                    }
                }
            }
            _ => {}
        }
    }
}

/// A path the admitted call acts on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AdmittedPath {
    /// Workspace-relative key.
    pub key: String,
    /// Canonical absolute path.
    pub path: PathBuf,
    pub access: Access,
}

/// A call the guard let through, with what it found out while checking.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AdmittedCall {
    pub call: ToolCall,
    pub tool: ToolRef,
    pub effect: RiskClass,
    pub performer: Performer,
    pub paths: Vec<AdmittedPath>,
    /// For `run_command`: the words that will be executed.
    pub argv: Option<Vec<String>>,
}

/// Every schema error of `instance` against `schema`, as `"/pointer: message"` lines. An
/// invalid schema yields one error naming it (a catalog bug, never a pass).
pub fn schema_errors(schema: &Value, instance: &Value) -> Vec<String> {
    match jsonschema::validator_for(schema) {
        Err(e) => vec![format!("the schema itself is invalid: {e}")],
        Ok(validator) => validator
            .iter_errors(instance)
            .map(|error| {
                let at = error.instance_path().to_string();
                let at = if at.is_empty() {
                    "(arguments)".to_string()
                } else {
                    at
                };
                format!("{at}: {error}")
            })
            .collect(),
    }
}

fn path_refusal(err: PathError) -> GuardRefusal {
    match err {
        PathError::Escapes { path } | PathError::Empty { path } => {
            GuardRefusal::PathEscapes { path }
        }
        PathError::Unresolvable { path, reason } => GuardRefusal::PathUnresolvable { path, reason },
    }
}

/// The bytes' hash of an existing file, `None` when it does not exist.
fn current_sha(path: &Path) -> Option<String> {
    std::fs::read(path).ok().map(|bytes| sha256_hex(&bytes))
}

/// An existing file may only be changed when the job last saw exactly its current content.
fn require_fresh(key: &str, path: &Path, state: &GuardState) -> Result<(), GuardRefusal> {
    let Some(actual) = current_sha(path) else {
        return Ok(());
    };
    match state.last_read.get(key) {
        None => Err(GuardRefusal::BlindOverwrite {
            path: key.to_string(),
            actual,
        }),
        Some(expected) if *expected != actual => Err(GuardRefusal::StaleRead {
            path: key.to_string(),
            expected: expected.clone(),
            actual,
        }),
        Some(_) => Ok(()),
    }
}

fn str_arg<'a>(args: &'a Value, name: &str) -> Option<&'a str> {
    args.get(name).and_then(Value::as_str)
}

/// Check one proposed call. `offered` are the tool names the model was shown at this step;
/// `workspace` is the job's workspace root.
pub fn check(
    call: &ToolCall,
    offered: &[String],
    catalog: &[ToolSpec],
    policy: &GuardPolicy,
    state: &GuardState,
    workspace: &Path,
) -> Result<AdmittedCall, GuardRefusal> {
    let name = call.tool.name.as_str();
    let Some(spec) = find(catalog, name) else {
        return Err(GuardRefusal::UnknownTool {
            name: name.to_string(),
            offered: offered.to_vec(),
        });
    };
    if !offered.iter().any(|o| o == name) {
        return Err(GuardRefusal::NotOffered {
            name: name.to_string(),
            offered: offered.to_vec(),
        });
    }
    if call.tool.edition != spec.edition {
        return Err(GuardRefusal::EditionMismatch {
            requested: call.tool.to_string(),
            current: spec.tool_ref().to_string(),
        });
    }
    let errors = schema_errors(&spec.parameters, &call.args);
    if !errors.is_empty() {
        return Err(GuardRefusal::SchemaViolation {
            tool: name.to_string(),
            errors,
        });
    }
    let workspace = workspace
        .canonicalize()
        .map_err(|e| GuardRefusal::PathUnresolvable {
            path: workspace.display().to_string(),
            reason: e.to_string(),
        })?;

    if state.protect_tests {
        protect_tests(call, &workspace)?;
    }

    let mut paths: Vec<AdmittedPath> = Vec::new();
    for resource in &spec.resources {
        match resource {
            ResourceUse::File { arg, access } => {
                let Some(requested) = str_arg(&call.args, arg) else {
                    continue;
                };
                let path = confine(&workspace, requested).map_err(path_refusal)?;
                let key = relative_key(&workspace, &path);
                if path.is_dir() {
                    return Err(GuardRefusal::NotAFile { path: key });
                }
                match access {
                    Access::Read if !path.exists() => {
                        return Err(GuardRefusal::TargetMissing { path: key });
                    }
                    Access::Read => {}
                    Access::Write => require_fresh(&key, &path, state)?,
                }
                paths.push(AdmittedPath {
                    key,
                    path,
                    access: *access,
                });
            }
            ResourceUse::Tree { arg, access } => {
                let requested = str_arg(&call.args, arg).unwrap_or(".");
                let path = confine(&workspace, requested).map_err(path_refusal)?;
                let key = relative_key(&workspace, &path);
                if !path.exists() {
                    return Err(GuardRefusal::TargetMissing { path: key });
                }
                if name == "list_dir" && !path.is_dir() {
                    return Err(GuardRefusal::NotADirectory { path: key });
                }
                paths.push(AdmittedPath {
                    key,
                    path,
                    access: *access,
                });
            }
            ResourceUse::PatchTargets { arg } => {
                let text = str_arg(&call.args, arg).unwrap_or_default();
                // Confinement first, so an escaping target is reported as such.
                if let Ok(files) = parse_patch(text) {
                    for file in &files {
                        for side in [&file.old_path, &file.new_path].into_iter().flatten() {
                            confine(&workspace, side).map_err(path_refusal)?;
                        }
                    }
                }
                let planned = plan_patch(&workspace, text).map_err(|e| match e {
                    ToolError::Path(p) => path_refusal(p),
                    other => GuardRefusal::PatchInvalid {
                        reason: other.to_string(),
                    },
                })?;
                for change in planned {
                    if change.before.is_some() {
                        require_fresh(&change.key, &change.path, state)?;
                    }
                    paths.push(AdmittedPath {
                        key: change.key,
                        path: change.path,
                        access: Access::Write,
                    });
                }
            }
            ResourceUse::TestRunner => {
                detect_test_command(&workspace, state.test_command.as_deref()).map_err(|e| {
                    GuardRefusal::NoTestRunner {
                        reason: match e {
                            ToolError::NoTestRunner(reason) => reason,
                            other => other.to_string(),
                        },
                    }
                })?;
            }
            ResourceUse::Workspace { .. } | ResourceUse::GitIndex { .. } | ResourceUse::User => {}
        }
    }

    // Tool-specific content preconditions.
    let mut argv = None;
    match name {
        "apply_edit" => check_edit(call, &paths)?,
        "probe_edit" => paths.extend(check_probe(call, &workspace)?),
        "run_command" => {
            let line = str_arg(&call.args, "command").unwrap_or_default();
            argv = Some(
                admit_command(line, &policy.command_allow, &policy.command_deny).map_err(
                    |refusal| match refusal {
                        CommandRefusal::NotAllowed { program, allowed } => {
                            GuardRefusal::CommandNotAllowed { program, allowed }
                        }
                        CommandRefusal::Denied { pattern } => {
                            GuardRefusal::CommandDenied { pattern }
                        }
                        other => GuardRefusal::CommandMalformed {
                            reason: other.to_string(),
                        },
                    },
                )?,
            );
        }
        _ => {}
    }

    Ok(AdmittedCall {
        call: call.clone(),
        tool: spec.tool_ref(),
        effect: spec.effect,
        performer: spec.performer,
        paths,
        argv,
    })
}

fn check_edit(call: &ToolCall, paths: &[AdmittedPath]) -> Result<(), GuardRefusal> {
    let Some(target) = paths.first() else {
        return Ok(());
    };
    let old_text = str_arg(&call.args, "old_text").unwrap_or_default();
    let new_text = str_arg(&call.args, "new_text").unwrap_or_default();
    let text = read_text_if_exists(&target.path)
        .map_err(|e| GuardRefusal::Internal {
            tool: "apply_edit".into(),
            reason: e.to_string(),
        })?
        .ok_or_else(|| GuardRefusal::EditTargetMissing {
            path: target.key.clone(),
        })?;
    if old_text == new_text {
        return Err(GuardRefusal::NoOpEdit {
            path: target.key.clone(),
        });
    }
    match count_occurrences(&text, old_text) {
        1 => Ok(()),
        0 => Err(GuardRefusal::OldTextNotFound {
            path: target.key.clone(),
        }),
        count => Err(GuardRefusal::OldTextNotUnique {
            path: target.key.clone(),
            count,
        }),
    }
}

/// The edits of a `probe_edit` call, as (path, old_text, new_text).
fn probe_edits(call: &ToolCall) -> Vec<(&str, &str, &str)> {
    call.args
        .get("edits")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|edit| {
            (
                str_arg(edit, "path").unwrap_or_default(),
                str_arg(edit, "old_text").unwrap_or_default(),
                str_arg(edit, "new_text").unwrap_or_default(),
            )
        })
        .collect()
}

/// `probe_edit`'s preconditions: every edit's file is confined and exists, and its old_text
/// occurs exactly once in it (after the earlier edits of the same call) and changes something.
/// The probe never writes the workspace, so no fresh read is required.
fn check_probe(call: &ToolCall, workspace: &Path) -> Result<Vec<AdmittedPath>, GuardRefusal> {
    let mut texts: BTreeMap<String, String> = BTreeMap::new();
    let mut paths = Vec::new();
    for (requested, old_text, new_text) in probe_edits(call) {
        let path = confine(workspace, requested).map_err(path_refusal)?;
        let key = relative_key(workspace, &path);
        if path.is_dir() {
            return Err(GuardRefusal::NotAFile { path: key });
        }
        let text = match texts.get(&key) {
            Some(text) => text.clone(),
            None => read_text_if_exists(&path)
                .map_err(|e| GuardRefusal::Internal {
                    tool: "probe_edit".into(),
                    reason: e.to_string(),
                })?
                .ok_or_else(|| GuardRefusal::EditTargetMissing { path: key.clone() })?,
        };
        if old_text == new_text {
            return Err(GuardRefusal::NoOpEdit { path: key });
        }
        match count_occurrences(&text, old_text) {
            1 => {}
            0 => return Err(GuardRefusal::OldTextNotFound { path: key }),
            count => return Err(GuardRefusal::OldTextNotUnique { path: key, count }),
        }
        texts.insert(key.clone(), text.replacen(old_text, new_text, 1));
        if !paths.iter().any(|p: &AdmittedPath| p.key == key) {
            paths.push(AdmittedPath {
                key,
                path,
                access: Access::Read,
            });
        }
    }
    Ok(paths)
}

/// Refuse a call that would change test code: a test file, or an edit whose old text lies
/// (wholly or partly) in a `#[cfg(test)]` item, a `#[test]` function or a Python test function
/// or class, or a write or patch that changes or removes such a region. Checked before the
/// read-freshness rules, so the model learns at once that the file is off limits. Calls whose
/// paths or texts do not resolve are left to the ordinary checks.
fn protect_tests(call: &ToolCall, workspace: &Path) -> Result<(), GuardRefusal> {
    let tool = call.tool.name.as_str();
    let refuse = |touch: TestCodeTouch| GuardRefusal::TestEdit {
        tool: tool.to_string(),
        touch,
    };
    let current = |requested: &str| -> Option<(String, Option<String>)> {
        let path = confine(workspace, requested).ok()?;
        let text = read_text_if_exists(&path).ok()?;
        Some((relative_key(workspace, &path), text))
    };
    match tool {
        "apply_edit" | "probe_edit" => {
            let edits: Vec<(&str, &str, &str)> = if tool == "apply_edit" {
                vec![(
                    str_arg(&call.args, "path").unwrap_or_default(),
                    str_arg(&call.args, "old_text").unwrap_or_default(),
                    str_arg(&call.args, "new_text").unwrap_or_default(),
                )]
            } else {
                probe_edits(call)
            };
            // Each edit against the text the earlier edits of the call left.
            let mut files: BTreeMap<String, (String, String)> = BTreeMap::new();
            for (requested, old_text, new_text) in edits {
                let Some((key, on_disk)) = current(requested) else {
                    continue;
                };
                let text = match files.get(&key) {
                    Some((_, edited)) => edited.clone(),
                    None => on_disk.unwrap_or_default(),
                };
                if let Some(touch) = edit_touches_tests(&key, &text, old_text) {
                    return Err(refuse(touch));
                }
                if count_occurrences(&text, old_text) == 1 {
                    let edited = text.replacen(old_text, new_text, 1);
                    files
                        .entry(key)
                        .or_insert_with(|| (text.clone(), String::new()))
                        .1 = edited;
                }
            }
            for (key, (before, after)) in &files {
                if let Some(touch) = change_touches_tests(key, Some(before), Some(after)) {
                    return Err(refuse(touch));
                }
            }
        }
        "write_file" => {
            let requested = str_arg(&call.args, "path").unwrap_or_default();
            let content = str_arg(&call.args, "content").unwrap_or_default();
            // A test file is refused even when it is not text (fixtures, data).
            if let Ok(path) = confine(workspace, requested)
                && is_test_path(&relative_key(workspace, &path))
            {
                return Err(refuse(TestCodeTouch {
                    path: relative_key(workspace, &path),
                    region: None,
                }));
            }
            if let Some((key, before)) = current(requested)
                && let Some(touch) = change_touches_tests(&key, before.as_deref(), Some(content))
            {
                return Err(refuse(touch));
            }
        }
        "apply_patch" => {
            let text = str_arg(&call.args, "patch").unwrap_or_default();
            for change in plan_patch(workspace, text).unwrap_or_default() {
                if let Some(touch) = change_touches_tests(
                    &change.key,
                    change.before.as_deref(),
                    change.after.as_deref(),
                ) {
                    return Err(refuse(touch));
                }
            }
        }
        _ => {}
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Dependencies between in-flight calls
// ---------------------------------------------------------------------------------------------

/// Two in-flight calls that touch the same resource, one of them writing it, with the later
/// one not declaring that it depends on the earlier one.
#[derive(Debug, Clone, PartialEq, Eq, Error, Serialize, Deserialize)]
#[error("`{later}` ({later_tool}) touches `{resource}`, which `{earlier}` ({earlier_tool}) {}, but does not depend on it: add `{earlier}` to depends_on or run them one after the other.", if *earlier_writes { "writes" } else { "reads while it is written" })]
pub struct RaceError {
    pub earlier: String,
    pub earlier_tool: String,
    pub later: String,
    pub later_tool: String,
    pub resource: String,
    /// The earlier call writes the resource (else the later one does).
    pub earlier_writes: bool,
}

/// A resource as the dependency check sees it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Footprint {
    /// A file or tree by workspace-relative key (`.` is the whole workspace).
    Path(String),
    /// A named shared resource: the test runner, the git index, the user.
    Named(&'static str),
}

impl Footprint {
    fn overlaps(&self, other: &Footprint) -> bool {
        match (self, other) {
            (Footprint::Path(a), Footprint::Path(b)) => {
                a == "."
                    || b == "."
                    || a == b
                    || a.starts_with(&format!("{b}/"))
                    || b.starts_with(&format!("{a}/"))
            }
            (Footprint::Named(a), Footprint::Named(b)) => a == b,
            _ => false,
        }
    }

    fn label(&self) -> String {
        match self {
            Footprint::Path(p) if p == "." => "the workspace".into(),
            Footprint::Path(p) => p.clone(),
            Footprint::Named(n) => (*n).to_string(),
        }
    }
}

/// What a call reads and writes, from its tool's resource declarations and its arguments
/// (lexically: nothing is read from disk). An unknown tool or an unparseable path counts as
/// writing the whole workspace, so doubt means "declare the dependency".
fn footprint(call: &ToolCall, catalog: &[ToolSpec]) -> Vec<(Footprint, Access)> {
    let everything = vec![(Footprint::Path(".".into()), Access::Write)];
    let Some(spec) = find(catalog, &call.tool.name) else {
        return everything;
    };
    let key_of = |arg: &str, default: Option<&str>| -> Option<String> {
        match str_arg(&call.args, arg).or(default) {
            Some(p) => lexical_key(p),
            None => None,
        }
    };
    let mut out = Vec::new();
    for resource in &spec.resources {
        match resource {
            ResourceUse::File { arg, access } => match key_of(arg, None) {
                Some(key) => out.push((Footprint::Path(key), *access)),
                None => return everything,
            },
            ResourceUse::Tree { arg, access } => match key_of(arg, Some(".")) {
                Some(key) => out.push((Footprint::Path(key), *access)),
                None => return everything,
            },
            ResourceUse::PatchTargets { arg } => {
                let Ok(files) = parse_patch(str_arg(&call.args, arg).unwrap_or_default()) else {
                    return everything;
                };
                for file in files {
                    match lexical_key(file.target()) {
                        Some(key) => out.push((Footprint::Path(key), Access::Write)),
                        None => return everything,
                    }
                }
            }
            ResourceUse::Workspace { access } => out.push((Footprint::Path(".".into()), *access)),
            ResourceUse::TestRunner => {
                out.push((Footprint::Named("the test runner"), Access::Write))
            }
            ResourceUse::GitIndex { access } => {
                out.push((Footprint::Named("the git index"), *access))
            }
            ResourceUse::User => out.push((Footprint::Named("the user"), Access::Write)),
        }
    }
    out
}

/// Check calls submitted together (in submission order) for races: a later call that touches a
/// resource an earlier one writes, or writes a resource an earlier one reads, must list the
/// earlier call in `depends_on` (directly or through other calls).
pub fn check_dependencies(calls: &[ToolCall], catalog: &[ToolSpec]) -> Result<(), Box<RaceError>> {
    let by_id: BTreeMap<&str, &ToolCall> = calls.iter().map(|c| (c.work_id.as_str(), c)).collect();
    let depends_on = |later: &ToolCall, earlier: &str| -> bool {
        // Transitive closure over declared dependencies.
        let mut seen: BTreeSet<&str> = BTreeSet::new();
        let mut stack: Vec<&str> = later.depends_on.iter().map(String::as_str).collect();
        while let Some(id) = stack.pop() {
            if id == earlier {
                return true;
            }
            if seen.insert(id)
                && let Some(call) = by_id.get(id)
            {
                stack.extend(call.depends_on.iter().map(String::as_str));
            }
        }
        false
    };
    let footprints: Vec<Vec<(Footprint, Access)>> =
        calls.iter().map(|c| footprint(c, catalog)).collect();
    for (i, later) in calls.iter().enumerate() {
        for (j, earlier) in calls.iter().enumerate().take(i) {
            for (early_res, early_access) in &footprints[j] {
                for (late_res, late_access) in &footprints[i] {
                    let conflicting = early_res.overlaps(late_res)
                        && (*early_access == Access::Write || *late_access == Access::Write);
                    if conflicting && !depends_on(later, &earlier.work_id) {
                        let resource = if matches!(late_res, Footprint::Path(p) if p == ".") {
                            early_res.label()
                        } else {
                            late_res.label()
                        };
                        return Err(Box::new(RaceError {
                            earlier: earlier.work_id.clone(),
                            earlier_tool: earlier.tool.name.clone(),
                            later: later.work_id.clone(),
                            later_tool: later.tool.name.clone(),
                            resource,
                            earlier_writes: *early_access == Access::Write,
                        }));
                    }
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use serde_json::json;
    use tact_runtime::catalog::catalog;

    struct Fixture {
        _dir: tempfile::TempDir,
        ws: PathBuf,
        catalog: Vec<ToolSpec>,
        offered: Vec<String>,
        policy: GuardPolicy,
        state: GuardState,
    }

    fn fixture() -> Fixture {
        let dir = tempfile::tempdir().unwrap();
        let ws = dir.path().canonicalize().unwrap();
        std::fs::create_dir_all(ws.join("src")).unwrap();
        std::fs::write(ws.join("src/lib.rs"), "fn a() {}\nfn b() {}\nfn b() {}\n").unwrap();
        let catalog = catalog();
        let offered = catalog.iter().map(|t| t.name.clone()).collect();
        let policy = crate::Policy::default_policy().unwrap().body.guard;
        Fixture {
            _dir: dir,
            ws,
            catalog,
            offered,
            policy,
            state: GuardState::default(),
        }
    }

    fn call(tool: &str, args: Value) -> ToolCall {
        ToolCall {
            work_id: format!("w-{tool}"),
            tool: ToolRef::new(tool, 1),
            args,
            depends_on: vec![],
        }
    }

    impl Fixture {
        fn check(&self, c: &ToolCall) -> Result<AdmittedCall, GuardRefusal> {
            check(
                c,
                &self.offered,
                &self.catalog,
                &self.policy,
                &self.state,
                &self.ws,
            )
        }
        fn read_current(&mut self, key: &str) {
            let sha = sha256_hex(&std::fs::read(self.ws.join(key)).unwrap());
            self.state.record(key, sha);
        }
    }

    #[test]
    fn unknown_unoffered_and_wrong_edition_tools_are_refused() {
        let mut f = fixture();
        let r = f.check(&call("delete_everything", json!({}))).unwrap_err();
        assert!(matches!(r, GuardRefusal::UnknownTool { .. }));
        assert!(r.to_string().contains("read_file"));
        f.offered = vec!["read_file".into()];
        let r = f.check(&call("list_dir", json!({}))).unwrap_err();
        assert_eq!(
            r.to_string(),
            "`list_dir` is not offered at this step. Choose one of: read_file."
        );
        let mut c = call("read_file", json!({"path": "src/lib.rs"}));
        c.tool.edition = 7;
        assert!(matches!(
            f.check(&c),
            Err(GuardRefusal::EditionMismatch { .. })
        ));
    }

    #[test]
    fn schema_violations_list_every_error() {
        let f = fixture();
        let r = f
            .check(&call(
                "read_file",
                json!({"path": 5, "start_line": 0, "bogus": true}),
            ))
            .unwrap_err();
        let GuardRefusal::SchemaViolation { errors, .. } = &r else {
            panic!("{r:?}");
        };
        assert!(errors.len() >= 3, "{errors:?}");
        assert!(errors.iter().any(|e| e.starts_with("/path")));
        assert!(r.to_string().contains("Fix the arguments"));
        let r = f.check(&call("read_file", json!({}))).unwrap_err();
        assert!(
            r.to_string().contains("\"path\" is a required property"),
            "{r}"
        );
    }

    #[test]
    fn paths_are_confined() {
        let f = fixture();
        for bad in ["../etc/passwd", "/etc/passwd", "src/../../x"] {
            let r = f
                .check(&call("read_file", json!({"path": bad})))
                .unwrap_err();
            assert!(
                matches!(r, GuardRefusal::PathEscapes { .. }),
                "{bad}: {r:?}"
            );
        }
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("secret"), "x").unwrap();
        std::os::unix::fs::symlink(outside.path(), f.ws.join("link")).unwrap();
        let r = f
            .check(&call("read_file", json!({"path": "link/secret"})))
            .unwrap_err();
        assert!(matches!(r, GuardRefusal::PathEscapes { .. }));
        let ok = f
            .check(&call("read_file", json!({"path": "./src/lib.rs"})))
            .unwrap();
        assert_eq!(ok.paths[0].key, "src/lib.rs");
        assert!(matches!(
            f.check(&call("read_file", json!({"path": "src/missing.rs"}))),
            Err(GuardRefusal::TargetMissing { .. })
        ));
        assert!(matches!(
            f.check(&call("read_file", json!({"path": "src"}))),
            Err(GuardRefusal::NotAFile { .. })
        ));
    }

    #[test]
    fn writes_need_a_fresh_read() {
        let mut f = fixture();
        let write = call("write_file", json!({"path": "src/lib.rs", "content": "x"}));
        assert!(matches!(
            f.check(&write),
            Err(GuardRefusal::BlindOverwrite { .. })
        ));
        f.read_current("src/lib.rs");
        assert!(f.check(&write).is_ok());
        std::fs::write(f.ws.join("src/lib.rs"), "changed behind our back").unwrap();
        let r = f.check(&write).unwrap_err();
        assert!(matches!(r, GuardRefusal::StaleRead { .. }));
        assert!(r.to_string().contains("changed since you last read it"));
        // A new file needs no read.
        assert!(
            f.check(&call(
                "write_file",
                json!({"path": "new/file.txt", "content": "x"})
            ))
            .is_ok()
        );
    }

    #[test]
    fn edits_need_exactly_one_occurrence() {
        let mut f = fixture();
        f.read_current("src/lib.rs");
        let edit = |old: &str, new: &str| {
            call(
                "apply_edit",
                json!({"path": "src/lib.rs", "old_text": old, "new_text": new}),
            )
        };
        assert!(f.check(&edit("fn a() {}", "fn a() { 1; }")).is_ok());
        assert_eq!(
            f.check(&edit("fn b() {}", "x")).unwrap_err(),
            GuardRefusal::OldTextNotUnique {
                path: "src/lib.rs".into(),
                count: 2
            }
        );
        assert!(matches!(
            f.check(&edit("fn z", "x")),
            Err(GuardRefusal::OldTextNotFound { .. })
        ));
        assert!(matches!(
            f.check(&edit("fn a", "fn a")),
            Err(GuardRefusal::NoOpEdit { .. })
        ));
        let missing = call(
            "apply_edit",
            json!({"path": "src/nope.rs", "old_text": "a", "new_text": "b"}),
        );
        assert!(matches!(
            f.check(&missing),
            Err(GuardRefusal::EditTargetMissing { .. })
        ));
    }

    #[test]
    fn patches_are_dry_run() {
        let mut f = fixture();
        let good = "--- a/src/lib.rs\n+++ b/src/lib.rs\n@@ -1 +1 @@\n-fn a() {}\n+fn a() { 1; }\n";
        assert!(matches!(
            f.check(&call("apply_patch", json!({"patch": good}))),
            Err(GuardRefusal::BlindOverwrite { .. })
        ));
        f.read_current("src/lib.rs");
        let admitted = f
            .check(&call("apply_patch", json!({"patch": good})))
            .unwrap();
        assert_eq!(admitted.paths[0].key, "src/lib.rs");
        let bad = "--- a/src/lib.rs\n+++ b/src/lib.rs\n@@ -1 +1 @@\n-fn q() {}\n+fn a() { 1; }\n";
        assert!(matches!(
            f.check(&call("apply_patch", json!({"patch": bad}))),
            Err(GuardRefusal::PatchInvalid { .. })
        ));
        let escape = "--- /dev/null\n+++ b/../evil\n@@ -0,0 +1 @@\n+x\n";
        assert!(matches!(
            f.check(&call("apply_patch", json!({"patch": escape}))),
            Err(GuardRefusal::PathEscapes { .. })
        ));
    }

    #[test]
    fn commands_follow_the_allow_and_deny_lists() {
        let f = fixture();
        let ok = f
            .check(&call("run_command", json!({"command": "git log -n 1"})))
            .unwrap();
        assert_eq!(ok.argv.unwrap(), ["git", "log", "-n", "1"]);
        let r = f
            .check(&call("run_command", json!({"command": "bash -c 'curl x'"})))
            .unwrap_err();
        assert!(matches!(r, GuardRefusal::CommandDenied { .. }), "{r:?}");
        let r = f
            .check(&call("run_command", json!({"command": "bash -c ls"})))
            .unwrap_err();
        assert!(
            matches!(r, GuardRefusal::CommandNotAllowed { ref program, .. } if program == "bash")
        );
        assert!(
            r.to_string()
                .starts_with("Program `bash` is not allowed. Allowed programs: cargo")
        );
        let r = f
            .check(&call("run_command", json!({"command": "echo 'x"})))
            .unwrap_err();
        assert!(matches!(r, GuardRefusal::CommandMalformed { .. }));
    }

    #[test]
    fn run_tests_needs_a_runner() {
        let f = fixture();
        assert!(matches!(
            f.check(&call("run_tests", json!({}))),
            Err(GuardRefusal::NoTestRunner { .. })
        ));
        let mut configured = fixture();
        configured.state.test_command = Some(vec!["make".into(), "check".into()]);
        assert!(configured.check(&call("run_tests", json!({}))).is_ok());
        std::fs::write(f.ws.join("Cargo.toml"), "[package]\nname='x'\n").unwrap();
        assert!(f.check(&call("run_tests", json!({}))).is_ok());
    }

    #[test]
    fn state_learns_from_observations() {
        let mut state = GuardState::default();
        let obs = |tool: &str, output: Value| Observation {
            work_id: "w".into(),
            tool: ToolRef::new(tool, 1),
            ok: true,
            exit_code: None,
            output,
            error: None,
            duration_ms: 0,
            performer_pid: 0,
        };
        state.observe(&obs("read_file", json!({"path": "a", "sha256": "11"})));
        state.observe(&obs(
            "apply_edit",
            json!({"path": "b", "after_sha256": "22"}),
        ));
        state.observe(&obs(
            "apply_patch",
            json!({"files": [{"path": "a", "after_sha256": null}, {"path": "c", "after_sha256": "33"}]}),
        ));
        assert_eq!(state.last_read.get("a"), None);
        assert_eq!(state.last_read.get("b").map(String::as_str), Some("22"));
        assert_eq!(state.last_read.get("c").map(String::as_str), Some("33"));
        // A probe reports what the files it copied held: the job has seen that content.
        state.observe(&obs(
            "probe_edit",
            json!({"status": "failed", "base_sha256": {"d.py": "44"}}),
        ));
        assert_eq!(state.last_read.get("d.py").map(String::as_str), Some("44"));
    }

    const RUST_LIB: &str = "pub fn add(a: i32, b: i32) -> i32 {\n    a - b\n}\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn adds() {\n        assert_eq!(super::add(2, 2), 4);\n    }\n}\n";
    const PY_APP: &str =
        "def area(w, h):\n    return w + h\n\n\ndef test_area():\n    assert area(2, 3) == 6\n";

    /// A cargo crate with an inline test module, an integration test, and a Python module
    /// with a test function; every file read, so only the test rule can refuse.
    fn protected_fixture() -> Fixture {
        let mut f = fixture();
        std::fs::write(f.ws.join("Cargo.toml"), "[package]\nname = 'x'\n").unwrap();
        std::fs::write(f.ws.join("src/calc.rs"), RUST_LIB).unwrap();
        std::fs::create_dir_all(f.ws.join("tests")).unwrap();
        std::fs::write(f.ws.join("tests/it.rs"), "#[test]\nfn it() {}\n").unwrap();
        std::fs::write(f.ws.join("app.py"), PY_APP).unwrap();
        for key in ["src/calc.rs", "tests/it.rs", "app.py"] {
            f.read_current(key);
        }
        f.state.protect_tests = true;
        f
    }

    fn edit_call(tool: &str, path: &str, old: &str, new: &str) -> ToolCall {
        match tool {
            "apply_edit" => call(
                tool,
                json!({"path": path, "old_text": old, "new_text": new}),
            ),
            _ => call(
                tool,
                json!({"edits": [{"path": path, "old_text": old, "new_text": new}]}),
            ),
        }
    }

    fn assert_test_edit(r: Result<AdmittedCall, GuardRefusal>, needle: &str) {
        let refusal = r.unwrap_err();
        assert_eq!(refusal.kind(), "test_edit", "{refusal:?}");
        let text = refusal.to_string();
        assert!(text.contains(needle), "{text}");
        assert!(text.contains("may not change or weaken tests"), "{text}");
    }

    #[test]
    fn test_code_edits_are_refused_for_every_editing_tool() {
        let f = protected_fixture();
        for tool in ["apply_edit", "probe_edit"] {
            assert_test_edit(
                f.check(&edit_call(
                    tool,
                    "src/calc.rs",
                    "add(2, 2), 4",
                    "add(2, 2), 0",
                )),
                "lines 5-11 of `src/calc.rs` are test code (a `#[cfg(test)]` item)",
            );
            assert_test_edit(
                f.check(&edit_call(tool, "tests/it.rs", "fn it() {}", "fn it() { }")),
                "`tests/it.rs` is a test file",
            );
            assert_test_edit(
                f.check(&edit_call(tool, "app.py", "== 6", "== 5")),
                "lines 5-6 of `app.py` are test code (a Python test function)",
            );
            // Partly inside: the old text runs from source into the test attribute.
            assert_test_edit(
                f.check(&edit_call(tool, "src/calc.rs", "}\n\n#[cfg(test)]", "}\n")),
                "`src/calc.rs`",
            );
        }
        let weakened = RUST_LIB.replace("assert_eq!(super::add(2, 2), 4);", "");
        assert_test_edit(
            f.check(&call(
                "write_file",
                json!({"path": "src/calc.rs", "content": weakened}),
            )),
            "lines 5-11 of `src/calc.rs`",
        );
        assert_test_edit(
            f.check(&call(
                "write_file",
                json!({"path": "tests/new.rs", "content": "#[test]\nfn t() {}\n"}),
            )),
            "`tests/new.rs` is a test file",
        );
        std::fs::write(f.ws.join("tests/data.bin"), [0xff, 0x00, 0xfe]).unwrap();
        assert_test_edit(
            f.check(&call(
                "write_file",
                json!({"path": "tests/data.bin", "content": "x"}),
            )),
            "`tests/data.bin` is a test file",
        );
        let patch = "--- a/app.py\n+++ b/app.py\n@@ -5,2 +5,2 @@\n def test_area():\n-    assert area(2, 3) == 6\n+    assert area(2, 3) == 5\n";
        assert_test_edit(
            f.check(&call("apply_patch", json!({"patch": patch}))),
            "lines 5-6 of `app.py` are test code",
        );
        // Hiding a test in a docstring is a test edit too, though no old text lies in it.
        let hidden = "--- a/app.py\n+++ b/app.py\n@@ -4,3 +4,5 @@\n \n+\"\"\"\n def test_area():\n     assert area(2, 3) == 6\n+\"\"\"\n";
        assert_test_edit(
            f.check(&call("apply_patch", json!({"patch": hidden}))),
            "`app.py`",
        );
    }

    #[test]
    fn source_edits_and_unprotected_jobs_are_not_refused() {
        let mut f = protected_fixture();
        for tool in ["apply_edit", "probe_edit"] {
            f.check(&edit_call(
                tool,
                "src/calc.rs",
                "    a - b\n",
                "    a + b\n",
            ))
            .unwrap();
            f.check(&edit_call(tool, "app.py", "return w + h", "return w * h"))
                .unwrap();
        }
        let fixed = RUST_LIB.replace("a - b", "a + b");
        f.check(&call(
            "write_file",
            json!({"path": "src/calc.rs", "content": fixed}),
        ))
        .unwrap();
        let with_new_test = format!("{RUST_LIB}#[test]\nfn more() {{}}\n");
        f.check(&call(
            "write_file",
            json!({"path": "src/calc.rs", "content": with_new_test}),
        ))
        .unwrap();
        let patch = "--- a/app.py\n+++ b/app.py\n@@ -1,2 +1,2 @@\n def area(w, h):\n-    return w + h\n+    return w * h\n";
        f.check(&call("apply_patch", json!({"patch": patch})))
            .unwrap();

        f.state.protect_tests = false;
        for tool in ["apply_edit", "probe_edit"] {
            f.check(&edit_call(
                tool,
                "src/calc.rs",
                "add(2, 2), 4",
                "add(2, 2), 0",
            ))
            .unwrap();
            f.check(&edit_call(tool, "tests/it.rs", "fn it() {}", "fn it() { }"))
                .unwrap();
        }
        f.check(&call(
            "write_file",
            json!({"path": "tests/new.rs", "content": "#[test]\nfn t() {}\n"}),
        ))
        .unwrap();
    }

    #[test]
    fn probes_are_checked_like_edits_but_need_no_fresh_read() {
        let mut f = protected_fixture();
        f.state.last_read.clear();
        let admitted = f
            .check(&edit_call("probe_edit", "src/calc.rs", "a - b", "a + b"))
            .unwrap();
        assert_eq!(admitted.paths[0].key, "src/calc.rs");
        assert_eq!(admitted.paths[0].access, Access::Read);
        assert!(matches!(
            f.check(&edit_call("probe_edit", "src/lib.rs", "fn b() {}", "x")),
            Err(GuardRefusal::OldTextNotUnique { count: 2, .. })
        ));
        assert!(matches!(
            f.check(&edit_call("probe_edit", "src/calc.rs", "nope", "x")),
            Err(GuardRefusal::OldTextNotFound { .. })
        ));
        assert!(matches!(
            f.check(&edit_call("probe_edit", "src/missing.rs", "a", "b")),
            Err(GuardRefusal::EditTargetMissing { .. })
        ));
        assert!(matches!(
            f.check(&edit_call("probe_edit", "../x.rs", "a", "b")),
            Err(GuardRefusal::PathEscapes { .. })
        ));
        assert!(matches!(
            f.check(&edit_call("probe_edit", "src/calc.rs", "a - b", "a - b")),
            Err(GuardRefusal::NoOpEdit { .. })
        ));
        // Later edits of one call see the earlier ones.
        let chained = call(
            "probe_edit",
            json!({"edits": [
                {"path": "src/calc.rs", "old_text": "a - b", "new_text": "b - a"},
                {"path": "src/calc.rs", "old_text": "b - a", "new_text": "b + a"}
            ], "tests": ["tests::adds"]}),
        );
        assert_eq!(f.check(&chained).unwrap().paths.len(), 1);
        let bad_tests = call(
            "probe_edit",
            json!({"edits": [{"path": "src/calc.rs", "old_text": "a - b", "new_text": "a + b"}], "tests": ["--co"]}),
        );
        assert!(matches!(
            f.check(&bad_tests),
            Err(GuardRefusal::SchemaViolation { .. })
        ));
    }

    fn with_deps(mut c: ToolCall, id: &str, deps: &[&str]) -> ToolCall {
        c.work_id = id.into();
        c.depends_on = deps.iter().map(|d| d.to_string()).collect();
        c
    }

    #[test]
    fn races_between_in_flight_calls_are_detected() {
        let cat = catalog();
        let write = with_deps(
            call("write_file", json!({"path": "src/a.rs", "content": "x"})),
            "w1",
            &[],
        );
        let read = with_deps(
            call("read_file", json!({"path": "./src/../src/a.rs"})),
            "r2",
            &[],
        );
        let err = check_dependencies(&[write.clone(), read.clone()], &cat).unwrap_err();
        assert_eq!((err.earlier.as_str(), err.later.as_str()), ("w1", "r2"));
        assert_eq!(err.resource, "src/a.rs");
        let read_dep = with_deps(read.clone(), "r2", &["w1"]);
        assert!(check_dependencies(&[write.clone(), read_dep], &cat).is_ok());
        // Unrelated files do not race; two reads never race.
        let other = with_deps(call("read_file", json!({"path": "src/b.rs"})), "r3", &[]);
        assert!(check_dependencies(&[write.clone(), other.clone()], &cat).is_ok());
        assert!(check_dependencies(&[read.clone(), other.clone()], &cat).is_ok());
        // A search over the tree sees the write; so do tests; transitive deps count.
        let search = with_deps(
            call("search", json!({"pattern": "x", "path": "src"})),
            "s4",
            &[],
        );
        assert!(check_dependencies(&[write.clone(), search], &cat).is_err());
        let tests = with_deps(call("run_tests", json!({})), "t5", &["r2"]);
        let read_dep = with_deps(read, "r2", &["w1"]);
        assert!(check_dependencies(&[write.clone(), read_dep, tests], &cat).is_ok());
        // Write after read also races (the read could see either content).
        let read_first = with_deps(call("read_file", json!({"path": "src/a.rs"})), "r0", &[]);
        let err = check_dependencies(&[read_first, write], &cat).unwrap_err();
        assert!(!err.earlier_writes);
        assert!(err.to_string().contains("add `r0` to depends_on"));
    }
}
