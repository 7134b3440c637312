//! A bug suite laid out as `tasks.jsonl` + `workspaces/<id>/`.

use std::path::{Path, PathBuf};

use anyhow::Context;
use sha2::{Digest, Sha256};

#[derive(Debug, Clone)]
pub struct SuiteTask {
    pub id: String,
    pub lang: String,
    pub entry_point: String,
    pub program: String,
    pub task: String,
    pub fix_diff: Vec<String>,
    pub workspace: PathBuf,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    Fit,
    Report,
}

/// SHA-256 of the id: first byte even → Fit, odd → Report.
pub fn part_of(id: &str) -> Part {
    if Sha256::digest(id.as_bytes())[0] % 2 == 0 {
        Part::Fit
    } else {
        Part::Report
    }
}

pub fn load_suite(dir: &Path) -> anyhow::Result<Vec<SuiteTask>> {
    let text = std::fs::read_to_string(dir.join("tasks.jsonl"))
        .with_context(|| format!("reading {}/tasks.jsonl", dir.display()))?;
    let mut tasks = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: serde_json::Value = serde_json::from_str(line)?;
        let s = |k: &str| v.get(k).and_then(|x| x.as_str()).unwrap_or("").to_string();
        tasks.push(SuiteTask {
            id: s("id"),
            lang: s("lang"),
            entry_point: s("entry_point"),
            program: s("program"),
            task: s("task"),
            fix_diff: v
                .get("fix_diff")
                .and_then(|d| d.as_array())
                .map(|a| a.iter().filter_map(|x| x.as_str().map(str::to_string)).collect())
                .unwrap_or_default(),
            workspace: dir.join("workspaces").join(s("id")),
        });
    }
    Ok(tasks)
}
