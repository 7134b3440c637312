//! A bug suite on disk, as `bench-jobs` (and other subcommands) read it.
//!
//! Two layouts:
//! - `tasks.jsonl` (the public suite, e.g. `/work/shared/bugs`): one object per line,
//!   `{id, lang, entry_point, program, task, fix_diff, …}`, with the workspace of task `id` in
//!   `workspaces/<id>/`.
//! - the development layout (`examples/bugs`): one subdirectory per task with a `BUG.toml` or
//!   `TASK.toml` naming its `task` (and, in `BUG.toml`, its `language` and `bug_file`). These
//!   tasks have no reference diff.
//!
//! Also here: the split by id that tuning and reporting code share ([`part_of`]), and the
//! comparison of a fix with the reference fix ([`equals_reference`]).

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use serde::{Deserialize, Serialize};
use sha2::Digest;

/// One task of a suite.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SuiteTask {
    /// `hefix-python-2`; in the development layout, the directory name.
    pub id: String,
    /// `python` or `rust`.
    pub lang: String,
    /// The buggy function's name (empty when the suite does not say).
    pub entry_point: String,
    /// The file holding the bug, relative to the workspace (empty when the suite does not say).
    pub program: String,
    /// The text the job is given.
    pub task: String,
    /// The reference fix's removed (`-…`) and added (`+…`) lines; empty when there is none.
    pub fix_diff: Vec<String>,
    /// The workspace the job starts from (never edited: jobs work on a copy).
    pub workspace: PathBuf,
}

/// Which half of a suite a task belongs to: tuning code fits on `Fit`, reports measure on
/// `Report`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, clap::ValueEnum)]
#[serde(rename_all = "snake_case")]
pub enum Part {
    Fit,
    Report,
}

impl Part {
    pub fn as_str(self) -> &'static str {
        match self {
            Part::Fit => "fit",
            Part::Report => "report",
        }
    }
}

/// The split by id: SHA-256 of the id, first byte even → `Fit`, odd → `Report`.
pub fn part_of(id: &str) -> Part {
    let digest = sha2::Sha256::digest(id.as_bytes());
    if digest[0] % 2 == 0 {
        Part::Fit
    } else {
        Part::Report
    }
}

#[derive(Debug, Deserialize)]
struct JsonlTask {
    id: String,
    lang: String,
    #[serde(default)]
    entry_point: String,
    #[serde(default)]
    program: String,
    task: String,
    #[serde(default)]
    fix_diff: Vec<String>,
}

/// Every task of the suite in `dir`: `tasks.jsonl` in file order when present, otherwise the
/// development layout's task directories sorted by name.
pub fn load_suite(dir: &Path) -> anyhow::Result<Vec<SuiteTask>> {
    let jsonl = dir.join("tasks.jsonl");
    if jsonl.is_file() {
        load_jsonl(dir, &jsonl)
    } else {
        load_task_dirs(dir)
    }
}

fn load_jsonl(dir: &Path, jsonl: &Path) -> anyhow::Result<Vec<SuiteTask>> {
    let text =
        std::fs::read_to_string(jsonl).with_context(|| format!("reading {}", jsonl.display()))?;
    let mut tasks: Vec<SuiteTask> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let raw: JsonlTask = serde_json::from_str(line)
            .with_context(|| format!("{}:{}: not a task object", jsonl.display(), index + 1))?;
        if tasks.iter().any(|t| t.id == raw.id) {
            bail!("{}:{}: duplicate id {}", jsonl.display(), index + 1, raw.id);
        }
        let workspace = dir.join("workspaces").join(&raw.id);
        if !workspace.is_dir() {
            bail!(
                "{}:{}: task {} has no workspace at {}",
                jsonl.display(),
                index + 1,
                raw.id,
                workspace.display()
            );
        }
        tasks.push(SuiteTask {
            id: raw.id,
            lang: raw.lang,
            entry_point: raw.entry_point,
            program: raw.program,
            task: raw.task,
            fix_diff: raw.fix_diff,
            workspace,
        });
    }
    Ok(tasks)
}

fn load_task_dirs(dir: &Path) -> anyhow::Result<Vec<SuiteTask>> {
    let mut tasks = Vec::new();
    for entry in std::fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))? {
        let path = entry?.path();
        if !path.is_dir() {
            continue;
        }
        let Some(meta) = task_toml(&path) else {
            continue;
        };
        let Some(task) = meta.get("task").and_then(|t| t.as_str()) else {
            continue;
        };
        let text = |key: &str| {
            meta.get(key)
                .and_then(|v| v.as_str())
                .unwrap_or_default()
                .to_string()
        };
        let mut lang = text("language");
        if lang.is_empty() {
            lang = if path.join("Cargo.toml").is_file() {
                "rust".into()
            } else {
                "python".into()
            };
        }
        tasks.push(SuiteTask {
            id: path
                .file_name()
                .map(|n| n.to_string_lossy().to_string())
                .unwrap_or_default(),
            lang,
            entry_point: String::new(),
            program: text("bug_file"),
            task: task.to_string(),
            fix_diff: Vec::new(),
            workspace: path,
        });
    }
    tasks.sort_by(|a, b| a.id.cmp(&b.id));
    Ok(tasks)
}

fn task_toml(dir: &Path) -> Option<toml::Table> {
    ["BUG.toml", "TASK.toml"].iter().find_map(|name| {
        let text = std::fs::read_to_string(dir.join(name)).ok()?;
        let table = text.parse::<toml::Table>().ok()?;
        table.contains_key("task").then_some(table)
    })
}

/// A line with every whitespace character taken out, so `a+b` and `a + b` compare equal.
fn squeeze(line: &str) -> String {
    line.chars().filter(|c| !c.is_whitespace()).collect()
}

/// Removed and added lines (whitespace squeezed out, blank lines dropped), each sorted.
fn normalized(removed: Vec<String>, added: Vec<String>) -> (Vec<String>, Vec<String>) {
    let clean = |lines: Vec<String>| {
        let mut out: Vec<String> = lines
            .iter()
            .map(|l| squeeze(l))
            .filter(|l| !l.is_empty())
            .collect();
        out.sort();
        out
    };
    (clean(removed), clean(added))
}

/// The lines a line diff of `before` → `after` removes and adds, in file order.
pub fn changed_lines(before: &str, after: &str) -> (Vec<String>, Vec<String>) {
    let diff = similar::TextDiff::from_lines(before, after);
    let mut removed = Vec::new();
    let mut added = Vec::new();
    for change in diff.iter_all_changes() {
        let text = change.value().trim_end_matches(['\n', '\r']).to_string();
        match change.tag() {
            similar::ChangeTag::Delete => removed.push(text),
            similar::ChangeTag::Insert => added.push(text),
            similar::ChangeTag::Equal => {}
        }
    }
    (removed, added)
}

/// Whether the change `before` → `after` of the program file is the reference fix: the lines
/// it removes and the lines it adds equal the `fix_diff`'s `-` and `+` lines, whitespace
/// ignored (inside lines too) and blank lines ignored on both sides. Lines compare as
/// multisets (the order of changed lines is not compared).
pub fn equals_reference(before: &str, after: &str, fix_diff: &[String]) -> bool {
    let (removed, added) = changed_lines(before, after);
    let mut ref_removed = Vec::new();
    let mut ref_added = Vec::new();
    for line in fix_diff {
        if let Some(rest) = line.strip_prefix('-') {
            ref_removed.push(rest.to_string());
        } else if let Some(rest) = line.strip_prefix('+') {
            ref_added.push(rest.to_string());
        }
    }
    normalized(removed, added) == normalized(ref_removed, ref_added)
}

/// Relative paths (with `/`) of the files under `root`, skipping entries named in `skip` at
/// any depth (tact's job directories, build outputs, caches): how the benches compare a
/// workspace before and after a job.
pub fn files_under(
    root: &Path,
    skip: &[&str],
) -> anyhow::Result<std::collections::BTreeSet<String>> {
    fn walk(
        root: &Path,
        dir: &Path,
        skip: &[&str],
        out: &mut std::collections::BTreeSet<String>,
    ) -> anyhow::Result<()> {
        for entry in std::fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))? {
            let entry = entry?;
            if skip.iter().any(|s| entry.file_name() == *s) {
                continue;
            }
            let path = entry.path();
            if entry.file_type()?.is_dir() {
                walk(root, &path, skip, out)?;
            } else if let Ok(rel) = path.strip_prefix(root) {
                out.insert(rel.to_string_lossy().replace('\\', "/"));
            }
        }
        Ok(())
    }
    let mut out = std::collections::BTreeSet::new();
    walk(root, root, skip, &mut out)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;

    const TRUNCATE: &str = r#"def truncate_number(number: float) -> float:
    """ Return the decimal part of the number.
    >>> truncate_number(3.5)
    0.5
    """
    return number % 1.0 + 1.0
"#;

    fn diff(lines: &[&str]) -> Vec<String> {
        lines.iter().map(|l| l.to_string()).collect()
    }

    #[test]
    fn a_one_line_replacement_equals_the_reference() {
        let after = TRUNCATE.replace("return number % 1.0 + 1.0", "return number % 1.0");
        // The suite's own entry for this bug, blank `+` lines included.
        let fix = diff(&[
            "+",
            "+",
            "-    return number % 1.0 + 1.0",
            "+",
            "+    return number % 1.0",
        ]);
        assert!(equals_reference(TRUNCATE, &after, &fix));
        // Whitespace inside and around the line does not matter.
        let spaced = TRUNCATE.replace("return number % 1.0 + 1.0", "return number%1.0  ");
        assert!(equals_reference(TRUNCATE, &spaced, &fix));
        // A blank line added by the fix does not matter either.
        let blank = after.replace("    return", "\n    return");
        assert!(equals_reference(TRUNCATE, &blank, &fix));
        // No change is not the fix.
        assert!(!equals_reference(TRUNCATE, TRUNCATE, &fix));
    }

    #[test]
    fn an_added_line_equals_the_reference() {
        let before = "fn below_zero(ops: Vec<i32>) -> bool {\n    let mut balance = 0;\n    for op in ops {\n        if balance < 0 {\n            return true;\n        }\n    }\n    false\n}\n";
        let after = before.replace(
            "    for op in ops {\n",
            "    for op in ops {\n        balance += op;\n",
        );
        assert!(equals_reference(
            before,
            &after,
            &diff(&["+", "+        balance += op;"])
        ));
        // The same line added twice is not the reference.
        let twice = after.replace(
            "        balance += op;\n",
            "        balance += op;\n        balance += op;\n",
        );
        assert!(!equals_reference(
            before,
            &twice,
            &diff(&["+        balance += op;"])
        ));
    }

    #[test]
    fn a_different_fix_is_not_the_reference() {
        let before = "def filter_by_substring(strings, substring):\n    return [x for x in strings if x in substring]\n";
        let fix = diff(&[
            "-    return [x for x in strings if x in substring]",
            "+",
            "+    return [x for x in strings if substring in x]",
        ]);
        let reference = before.replace("if x in substring", "if substring in x");
        assert!(equals_reference(before, &reference, &fix));
        // Passes the same tests, but is not the reference's line.
        let other = before.replace("if x in substring", "if x.find(substring) >= 0");
        assert!(!equals_reference(before, &other, &fix));
        // The reference line plus an extra change elsewhere is not the reference.
        let extra = format!("{reference}\n\ndef helper():\n    return 1\n");
        assert!(!equals_reference(before, &extra, &fix));
    }

    #[test]
    fn the_split_by_id_is_stable_and_uses_both_parts() {
        let ids: Vec<String> = (0..200).map(|i| format!("hefix-python-{i}")).collect();
        let fit = ids.iter().filter(|id| part_of(id) == Part::Fit).count();
        assert!((60..=140).contains(&fit), "{fit} of 200 in fit");
        // SHA-256("a") starts with 0xca (even); of "hefix-python-2", with 0xa1 (odd).
        assert_eq!(part_of("a"), Part::Fit);
        assert_eq!(part_of("hefix-python-2"), Part::Report);
        for id in &ids {
            assert_eq!(part_of(id), part_of(id));
        }
    }

    #[test]
    fn loads_the_jsonl_layout() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("workspaces/t-1")).unwrap();
        std::fs::write(
            dir.path().join("tasks.jsonl"),
            r#"{"id": "t-1", "lang": "python", "entry_point": "f", "program": "f.py", "task": "fix it", "fix_diff": ["-a", "+b"], "split": "dev", "source": {}}
"#,
        )
        .unwrap();
        let tasks = load_suite(dir.path()).unwrap();
        assert_eq!(tasks.len(), 1);
        assert_eq!(tasks[0].id, "t-1");
        assert_eq!(tasks[0].program, "f.py");
        assert_eq!(tasks[0].fix_diff, vec!["-a", "+b"]);
        assert_eq!(tasks[0].workspace, dir.path().join("workspaces/t-1"));
        // A task without its workspace is an error, not a silent skip.
        std::fs::write(
            dir.path().join("tasks.jsonl"),
            r#"{"id": "t-2", "lang": "python", "task": "fix it"}"#,
        )
        .unwrap();
        assert!(load_suite(dir.path()).is_err());
    }

    #[test]
    fn loads_the_development_layout() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/bugs");
        let tasks = load_suite(&dir).unwrap();
        assert!(tasks.len() >= 33, "{} tasks", tasks.len());
        let scores = tasks.iter().find(|t| t.id == "py_scores").unwrap();
        assert_eq!(scores.lang, "python");
        assert_eq!(scores.program, "scores.py");
        assert_eq!(scores.task, "the tests fail; find the bug and fix it");
        assert!(scores.fix_diff.is_empty());
        assert!(tasks.iter().any(|t| t.lang == "rust"));
        assert!(tasks.windows(2).all(|w| w[0].id < w[1].id));
    }
}
