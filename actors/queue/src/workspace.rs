//! A job's private workspace: the source checked out at its revision, the ledger's committed
//! edits replayed onto it after a takeover, and the final change as a patch.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;
use tact_runtime::catalog;
use tact_runtime::ledger::{LedgerEntry, LedgerRecord, Resolution};
use tact_runtime::messages::ToolCall;
use tact_runtime::records::RiskClass;
use tact_runtime::tools::{self, ToolConfig, ToolContext};

use crate::error::QueueError;

/// What the patch and `git status` leave out: tact's own files and common test caches.
const EXCLUDED: &[&str] = &[
    ".tact/",
    "__pycache__/",
    ".pytest_cache/",
    "*.pyc",
    "/target/",
];

fn git(dir: Option<&Path>, args: &[&str]) -> Result<String, QueueError> {
    let mut command = Command::new("git");
    if let Some(dir) = dir {
        command.arg("-C").arg(dir);
    }
    let out = command
        .args([
            "-c",
            "advice.detachedHead=false",
            "-c",
            "core.autocrlf=false",
        ])
        .args(args)
        .env("GIT_TERMINAL_PROMPT", "0")
        .output()
        .map_err(|e| QueueError::Workspace(format!("running git: {e}")))?;
    if !out.status.success() {
        return Err(QueueError::Workspace(format!(
            "git {} failed: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr).trim()
        )));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Clone `source` (a git URL or local path) into `dir` and check out `rev` (detached).
pub fn checkout(source: &str, rev: &str, dir: &Path) -> Result<PathBuf, QueueError> {
    if dir.exists() {
        std::fs::remove_dir_all(dir)?;
    }
    if let Some(parent) = dir.parent() {
        std::fs::create_dir_all(parent)?;
    }
    let target = dir.to_string_lossy().into_owned();
    git(
        None,
        &["clone", "--quiet", "--no-checkout", source, &target],
    )?;
    git(Some(dir), &["checkout", "--quiet", "--detach", rev])?;
    let exclude = dir.join(".git").join("info").join("exclude");
    if let Some(parent) = exclude.parent() {
        std::fs::create_dir_all(parent)?;
    }
    std::fs::write(&exclude, EXCLUDED.join("\n") + "\n")?;
    Ok(dir.canonicalize()?)
}

/// The change from the checked-out revision, new files included, as `git diff` prints it.
pub fn patch(dir: &Path) -> Result<String, QueueError> {
    git(Some(dir), &["add", "--all", "."])?;
    git(Some(dir), &["diff", "--cached", "--binary", "HEAD"])
}

/// Every `after_sha256` in an output, in order: what a write left on disk.
fn after_hashes(output: &Value, into: &mut Vec<String>) {
    match output {
        Value::Object(map) => {
            for (key, value) in map {
                if key == "after_sha256" {
                    if let Some(h) = value.as_str() {
                        into.push(h.to_string());
                    }
                } else {
                    after_hashes(value, into);
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|v| after_hashes(v, into)),
        _ => {}
    }
}

/// Replay onto a fresh checkout the writes the ledger says took effect, in ledger order: calls
/// with an outcome whose tool ran, and in-doubt calls later proven to have landed. Each
/// replayed write must leave the file hashes the ledger recorded, so an edit can neither be
/// lost nor applied twice. Returns how many writes were replayed.
pub fn replay_committed_edits(
    workspace: &Path,
    temp_dir: &Path,
    records: &[LedgerRecord],
) -> Result<usize, QueueError> {
    let catalog = catalog::catalog();
    let is_write = |name: &str| {
        catalog::find(&catalog, name).is_some_and(|spec| spec.effect == RiskClass::Write)
    };
    let ctx = ToolContext::new(workspace, temp_dir, ToolConfig::default())?;
    let mut intents: std::collections::HashMap<&str, (&tact_runtime::records::ToolRef, &Value)> =
        Default::default();
    let mut replayed = 0;
    for record in records {
        let (work_id, tool_ref, args, recorded) = match &record.entry {
            LedgerEntry::Intent {
                work_id,
                tool_ref,
                args,
                ..
            } => {
                intents.insert(work_id, (tool_ref, args));
                continue;
            }
            LedgerEntry::Outcome { record: call } if is_write(&call.tool_ref.name) => {
                if call.outputs.get("ok") != Some(&Value::Bool(true)) {
                    continue;
                }
                let args = intents
                    .get(call.work_id.as_str())
                    .map(|(_, args)| *args)
                    .unwrap_or(&call.inputs);
                let mut hashes = Vec::new();
                after_hashes(
                    call.outputs.get("output").unwrap_or(&Value::Null),
                    &mut hashes,
                );
                (&call.work_id, &call.tool_ref, args, Some(hashes))
            }
            LedgerEntry::Resolution {
                work_id,
                resolution: Resolution::Landed,
                ..
            } => match intents.get(work_id.as_str()) {
                Some((tool_ref, args)) if is_write(&tool_ref.name) => {
                    (work_id, *tool_ref, *args, None)
                }
                _ => continue,
            },
            _ => continue,
        };
        let call = ToolCall {
            work_id: work_id.clone(),
            tool: tool_ref.clone(),
            args: args.clone(),
            depends_on: Vec::new(),
        };
        let observation = tools::execute(&call, &ctx);
        if !observation.ok {
            return Err(QueueError::Workspace(format!(
                "replaying {work_id} ({}) failed: {}",
                tool_ref.name,
                observation.error.unwrap_or_default()
            )));
        }
        if let Some(expected) = recorded {
            let mut got = Vec::new();
            after_hashes(&observation.output, &mut got);
            if got != expected {
                return Err(QueueError::Workspace(format!(
                    "replaying {work_id} ({}) left other file contents than the ledger recorded",
                    tool_ref.name
                )));
            }
        }
        replayed += 1;
    }
    Ok(replayed)
}
