//! File tools: list, read, search, find, write, edit, patch.

use std::path::{Path, PathBuf};

use globset::{Glob, GlobMatcher};
use serde_json::{Value, json};

use super::patch::{apply_file_patch, parse_patch};
use super::paths::{confine, relative_key};
use super::{
    ToolContext, ToolError, ToolOutput, opt_bool_arg, opt_str_arg, opt_u64_arg, sha256_hex, str_arg,
};

/// Files larger than this are never loaded (reading, searching, editing).
const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;
const SEARCH_MAX_FILE_BYTES: u64 = 4 * 1024 * 1024;
const SEARCH_LINE_CHARS: usize = 300;

fn io_err(path: &Path, err: std::io::Error) -> ToolError {
    ToolError::Io {
        path: path.display().to_string(),
        reason: err.to_string(),
    }
}

/// Read a whole file as UTF-8 text, or `None` if it does not exist.
pub fn read_text_if_exists(path: &Path) -> Result<Option<String>, ToolError> {
    match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io_err(path, e)),
        Ok(meta) if meta.is_dir() => {
            return Err(ToolError::Io {
                path: path.display().to_string(),
                reason: "is a directory".into(),
            });
        }
        Ok(meta) if meta.len() > MAX_FILE_BYTES => {
            return Err(ToolError::Io {
                path: path.display().to_string(),
                reason: format!("file is larger than {MAX_FILE_BYTES} bytes"),
            });
        }
        Ok(_) => {}
    }
    let bytes = std::fs::read(path).map_err(|e| io_err(path, e))?;
    String::from_utf8(bytes)
        .map(Some)
        .map_err(|_| ToolError::NotText {
            path: path.display().to_string(),
        })
}

/// Occurrences of `needle` in `haystack`, overlapping ones included (`aa` occurs twice in
/// `aaa`): an edit is unambiguous only when this is 1.
pub fn count_occurrences(haystack: &str, needle: &str) -> usize {
    if needle.is_empty() {
        return 0;
    }
    let mut count = 0;
    let mut from = 0;
    while let Some(found) = haystack[from..].find(needle) {
        count += 1;
        let at = from + found;
        from = at + haystack[at..].chars().next().map_or(1, char::len_utf8);
        if from > haystack.len() {
            break;
        }
    }
    count
}

/// One file a patch changes, with its text before and after.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlannedChange {
    /// Workspace-relative key.
    pub key: String,
    pub path: PathBuf,
    pub before: Option<String>,
    /// `None` when the patch deletes the file.
    pub after: Option<String>,
    pub hunks: usize,
}

/// Parse a unified diff and compute every file's new text in memory, without writing anything.
/// Used by `apply_patch`, by the guard's dry run and by the trust gate's round trip.
pub fn plan_patch(workspace: &Path, patch_text: &str) -> Result<Vec<PlannedChange>, ToolError> {
    let files = parse_patch(patch_text)?;
    let mut planned: Vec<PlannedChange> = Vec::new();
    for file in &files {
        if let (Some(old), Some(new)) = (&file.old_path, &file.new_path)
            && old != new
        {
            return Err(ToolError::InvalidArgs(format!(
                "renames are not supported (`{old}` → `{new}`); write the new file and patch the old one"
            )));
        }
        let path = confine(workspace, file.target())?;
        let key = relative_key(workspace, &path);
        if planned.iter().any(|p| p.key == key) {
            return Err(ToolError::InvalidArgs(format!(
                "`{key}` appears twice in the patch"
            )));
        }
        let before = read_text_if_exists(&path)?;
        if before.is_none() && !file.creates() {
            return Err(ToolError::Io {
                path: key,
                reason: "does not exist (a new file needs `--- /dev/null`)".into(),
            });
        }
        let after = apply_file_patch(before.as_deref(), file)?;
        planned.push(PlannedChange {
            key,
            path,
            before,
            after,
            hunks: file.hunks.len(),
        });
    }
    Ok(planned)
}

pub(super) fn list_dir(args: &Value, ctx: &ToolContext) -> Result<ToolOutput, ToolError> {
    let requested = opt_str_arg(args, "path")?.unwrap_or(".");
    let max = opt_u64_arg(args, "max_entries")?.unwrap_or(1000) as usize;
    let dir = confine(&ctx.workspace, requested)?;
    let reader = std::fs::read_dir(&dir).map_err(|e| io_err(&dir, e))?;
    let mut entries: Vec<(String, &'static str, u64)> = Vec::new();
    for entry in reader {
        let entry = entry.map_err(|e| io_err(&dir, e))?;
        let meta = entry
            .path()
            .symlink_metadata()
            .map_err(|e| io_err(&entry.path(), e))?;
        let kind = if meta.file_type().is_symlink() {
            "symlink"
        } else if meta.is_dir() {
            "dir"
        } else if meta.is_file() {
            "file"
        } else {
            "other"
        };
        entries.push((
            entry.file_name().to_string_lossy().into_owned(),
            kind,
            meta.len(),
        ));
    }
    entries.sort();
    let truncated = entries.len() > max;
    entries.truncate(max);
    let entries: Vec<Value> = entries
        .into_iter()
        .map(|(name, kind, size)| json!({"name": name, "kind": kind, "size": size}))
        .collect();
    Ok(ToolOutput::plain(json!({
        "path": relative_key(&ctx.workspace, &dir),
        "entries": entries,
        "truncated": truncated,
    })))
}

pub(super) fn read_file(args: &Value, ctx: &ToolContext) -> Result<ToolOutput, ToolError> {
    let requested = str_arg(args, "path")?;
    let path = confine(&ctx.workspace, requested)?;
    let key = relative_key(&ctx.workspace, &path);
    let text = read_text_if_exists(&path)?.ok_or_else(|| ToolError::Io {
        path: key.clone(),
        reason: "no such file".into(),
    })?;
    let sha = sha256_hex(text.as_bytes());
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let total = lines.len();
    let start = opt_u64_arg(args, "start_line")?.unwrap_or(1).max(1) as usize;
    let end = opt_u64_arg(args, "end_line")?
        .map(|e| e as usize)
        .unwrap_or(total)
        .min(total);
    if total > 0 && start > total {
        return Err(ToolError::InvalidArgs(format!(
            "start_line {start} is past the end of {key} ({total} lines)"
        )));
    }
    if end < start && total > 0 {
        return Err(ToolError::InvalidArgs(format!(
            "end_line {end} is before start_line {start}"
        )));
    }
    let max_bytes = opt_u64_arg(args, "max_bytes")?
        .unwrap_or_else(|| ctx.read_max_bytes())
        .min(ctx.read_max_bytes()) as usize;
    let mut content = String::new();
    let mut last_line = start.saturating_sub(1);
    let mut truncated = false;
    for (index, line) in lines.iter().enumerate().take(end).skip(start - 1) {
        if content.len() + line.len() > max_bytes {
            truncated = true;
            break;
        }
        content.push_str(line);
        last_line = index + 1;
    }
    Ok(ToolOutput::plain(json!({
        "path": key,
        "content": content,
        "sha256": sha,
        "size": text.len(),
        "total_lines": total,
        "start_line": start,
        "end_line": last_line,
        "truncated": truncated,
    })))
}

/// A glob matcher for `pattern`, matched against workspace-relative paths.
fn glob_matcher(pattern: &str) -> Result<GlobMatcher, ToolError> {
    Glob::new(pattern)
        .map(|g| g.compile_matcher())
        .map_err(|e| ToolError::Glob(e.to_string()))
}

fn glob_matches(matcher: &GlobMatcher, pattern: &str, key: &str) -> bool {
    // A pattern without `/` also matches a bare file name (`Cargo.toml` anywhere).
    matcher.is_match(key)
        || (!pattern.contains('/')
            && Path::new(key)
                .file_name()
                .is_some_and(|name| matcher.is_match(name)))
}

/// Files under `root`, honouring .gitignore (also outside a git repository), skipping `.git`.
fn walk_files(root: &Path) -> impl Iterator<Item = PathBuf> {
    ignore::WalkBuilder::new(root)
        .require_git(false)
        .hidden(false)
        .filter_entry(|entry| entry.file_name() != ".git")
        .build()
        .filter_map(Result::ok)
        .filter(|entry| entry.file_type().is_some_and(|t| t.is_file()))
        .map(|entry| entry.into_path())
}

pub(super) fn search(args: &Value, ctx: &ToolContext) -> Result<ToolOutput, ToolError> {
    let pattern = str_arg(args, "pattern")?;
    let root = confine(&ctx.workspace, opt_str_arg(args, "path")?.unwrap_or("."))?;
    let insensitive = opt_bool_arg(args, "case_insensitive")?.unwrap_or(false);
    let max = opt_u64_arg(args, "max_matches")?.unwrap_or(200) as usize;
    let glob = opt_str_arg(args, "glob")?;
    let matcher = glob.map(glob_matcher).transpose()?;
    let regex = regex::RegexBuilder::new(pattern)
        .case_insensitive(insensitive)
        .size_limit(1 << 20)
        .build()
        .map_err(|e| ToolError::Regex(e.to_string()))?;
    let mut matches: Vec<Value> = Vec::new();
    let mut files_searched = 0usize;
    let mut truncated = false;
    let mut files: Vec<PathBuf> = walk_files(&root).collect();
    files.sort();
    'files: for file in files {
        let key = relative_key(&ctx.workspace, &file);
        if let (Some(m), Some(p)) = (&matcher, glob)
            && !glob_matches(m, p, &key)
        {
            continue;
        }
        if !std::fs::metadata(&file).is_ok_and(|m| m.len() <= SEARCH_MAX_FILE_BYTES) {
            continue;
        }
        let Ok(bytes) = std::fs::read(&file) else {
            continue;
        };
        if bytes.iter().take(8192).any(|b| *b == 0) {
            continue; // binary
        }
        files_searched += 1;
        let text = String::from_utf8_lossy(&bytes);
        for (index, line) in text.lines().enumerate() {
            if regex.is_match(line) {
                if matches.len() >= max {
                    truncated = true;
                    break 'files;
                }
                let shown: String = line.chars().take(SEARCH_LINE_CHARS).collect();
                matches.push(json!({"path": key, "line": index + 1, "text": shown}));
            }
        }
    }
    Ok(ToolOutput::plain(json!({
        "matches": matches,
        "files_searched": files_searched,
        "truncated": truncated,
    })))
}

pub(super) fn find_files(args: &Value, ctx: &ToolContext) -> Result<ToolOutput, ToolError> {
    let pattern = str_arg(args, "pattern")?;
    let root = confine(&ctx.workspace, opt_str_arg(args, "path")?.unwrap_or("."))?;
    let max = opt_u64_arg(args, "max_results")?.unwrap_or(500) as usize;
    let matcher = glob_matcher(pattern)?;
    let mut found: Vec<String> = walk_files(&root)
        .map(|file| relative_key(&ctx.workspace, &file))
        .filter(|key| glob_matches(&matcher, pattern, key))
        .collect();
    found.sort();
    let truncated = found.len() > max;
    found.truncate(max);
    Ok(ToolOutput::plain(
        json!({"files": found, "truncated": truncated}),
    ))
}

fn write_bytes(path: &Path, text: &str) -> Result<(), ToolError> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| io_err(parent, e))?;
    }
    std::fs::write(path, text.as_bytes()).map_err(|e| io_err(path, e))
}

pub(super) fn write_file(args: &Value, ctx: &ToolContext) -> Result<ToolOutput, ToolError> {
    let path = confine(&ctx.workspace, str_arg(args, "path")?)?;
    let content = str_arg(args, "content")?;
    let key = relative_key(&ctx.workspace, &path);
    // Hash the bytes, not the text: an existing binary file can still be replaced.
    let before = match std::fs::read(&path) {
        Ok(bytes) => Some(sha256_hex(&bytes)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(io_err(&path, e)),
    };
    write_bytes(&path, content)?;
    Ok(ToolOutput::plain(json!({
        "path": key,
        "before_sha256": before,
        "after_sha256": sha256_hex(content.as_bytes()),
        "bytes_written": content.len(),
        "created": before.is_none(),
    })))
}

pub(super) fn apply_edit(args: &Value, ctx: &ToolContext) -> Result<ToolOutput, ToolError> {
    let path = confine(&ctx.workspace, str_arg(args, "path")?)?;
    let old_text = str_arg(args, "old_text")?;
    let new_text = str_arg(args, "new_text")?;
    let key = relative_key(&ctx.workspace, &path);
    if old_text.is_empty() {
        return Err(ToolError::InvalidArgs(
            "`old_text` must not be empty".into(),
        ));
    }
    let before = read_text_if_exists(&path)?.ok_or_else(|| ToolError::Io {
        path: key.clone(),
        reason: "no such file".into(),
    })?;
    let count = count_occurrences(&before, old_text);
    if count != 1 {
        return Err(ToolError::OldTextCount { path: key, count });
    }
    let at = before.find(old_text).unwrap_or_default();
    let line = before[..at].matches('\n').count() + 1;
    let after = before.replacen(old_text, new_text, 1);
    write_bytes(&path, &after)?;
    let mut output = json!({
        "path": key,
        "before_sha256": sha256_hex(before.as_bytes()),
        "after_sha256": sha256_hex(after.as_bytes()),
        "line": line,
    });
    if opt_bool_arg(args, "tree_sha256")?.unwrap_or(false) {
        output["tree_sha256"] = json!(super::probe::tree_digest(
            &ctx.workspace,
            Some(&ctx.temp_dir)
        )?);
    }
    Ok(ToolOutput::plain(output))
}

pub(super) fn apply_patch(args: &Value, ctx: &ToolContext) -> Result<ToolOutput, ToolError> {
    let patch_text = str_arg(args, "patch")?;
    // Every file's new text is computed before anything is written: a hunk that does not apply
    // leaves the workspace untouched.
    let planned = plan_patch(&ctx.workspace, patch_text)?;
    let mut files: Vec<Value> = Vec::new();
    for change in &planned {
        match &change.after {
            Some(text) => write_bytes(&change.path, text)?,
            None => std::fs::remove_file(&change.path).map_err(|e| io_err(&change.path, e))?,
        }
        files.push(json!({
            "path": change.key,
            "before_sha256": change.before.as_deref().map(|t| sha256_hex(t.as_bytes())),
            "after_sha256": change.after.as_deref().map(|t| sha256_hex(t.as_bytes())),
            "hunks": change.hunks,
        }));
    }
    Ok(ToolOutput::plain(json!({"files": files})))
}
