//! The writer's fills: for each of the best-localized lines, the code writer writes the line
//! again, or lines inserted before it, with the rest of the function after it in view
//! (fill-in-the-middle). Where the line-cut completions see only the code above a line, a fill
//! sees what the line feeds (`return f"{hour}:…"` below a missing `if hour == 0:`), and writes
//! whole statements, so a missing branch is within reach without rewriting the function.
//! The tests decide, as for every other candidate.

use std::collections::HashMap;

use tact_repair::localize::CandidateLocation;
use tact_repair::rank::{CandidateEdit, CandidateOrigin};
use tact_repair::rewrite::function_parts;
use tact_runtime::decisions::{Decision, ModelRequestKind, Proposals, SetAsideEdit};
use tact_runtime::model_io::FillRequest;

use tact_runtime::source::Language;

use super::{
    Candidate, EditScope, answered, candidates_of, cannot_pass_lines, offer_unless, proposed,
};
use crate::error::ActorError;
use crate::job::Runner;

/// Most lines one fill writes: a statement, or a short branch with its body.
const FILL_LINES: usize = 3;
/// Most tokens one fill writes.
const FILL_TOKENS: usize = 64;

/// What a fill at one line writes.
#[derive(Debug, Clone, Copy)]
enum FillKind {
    /// The line itself, written again (branch `k`: from the writer's `k`-th likeliest start).
    Replace { branch: usize },
    /// Lines inserted before it (branch `k` as for a replacement: the greedy insertion is
    /// often the line itself again, which is no insertion).
    InsertBefore { branch: usize },
}

/// The fills of the first `lines` localized lines inside a function's body, as candidates:
/// per line its replacement and an insertion before it, each greedy and from the writer's
/// second likeliest start. Each fill sees the function from its comments down to the line, and
/// the rest of the function after it.
pub(super) async fn propose_fills(
    runner: &mut Runner,
    locations: &[CandidateLocation],
    contents: &HashMap<String, String>,
    lines: usize,
) -> Result<Vec<Candidate>, ActorError> {
    let mut proposals: Vec<CandidateEdit> = Vec::new();
    let mut set_aside: Vec<SetAsideEdit> = Vec::new();
    let best = locations
        .iter()
        .map(|l| l.score)
        .fold(f64::MIN, f64::max)
        .max(1e-9);
    let kinds = [
        FillKind::Replace { branch: 0 },
        FillKind::InsertBefore { branch: 0 },
        FillKind::Replace { branch: 1 },
        FillKind::InsertBefore { branch: 1 },
    ];
    'locations: for (rank, loc) in locations.iter().enumerate().take(lines) {
        let Some(content) = contents.get(&loc.file) else {
            continue;
        };
        let Some(parts) = function_parts(&loc.file, content, loc.line) else {
            continue;
        };
        let file_lines: Vec<&str> = content.lines().collect();
        let index = loc.line.saturating_sub(1) as usize;
        if index < parts.body_start || index >= parts.body_end {
            continue;
        }
        let Some(old_line) = file_lines.get(index).copied() else {
            continue;
        };
        let indent: String = old_line.chars().take_while(|c| c.is_whitespace()).collect();
        let above = file_lines[parts.spec_start..index].join("\n");
        for kind in kinds {
            let after = match kind {
                FillKind::Replace { .. } => index + 1,
                FillKind::InsertBefore { .. } => index,
            };
            let below = file_lines[after..parts.end.min(file_lines.len())].join("\n");
            let request = FillRequest {
                prefix: format!("{above}\n{indent}"),
                suffix: format!("\n{below}\n"),
                max_lines: FILL_LINES,
                max_tokens: FILL_TOKENS,
                branch: match kind {
                    FillKind::Replace { branch } | FillKind::InsertBefore { branch } => branch,
                },
            };
            let result = runner.fill_middle(request).await;
            let Some(middle) = answered(runner, ModelRequestKind::Completion, result)? else {
                break 'locations;
            };
            tracing::debug!(file = %loc.file, line = loc.line, ?kind, %middle, "fill");
            let written: Vec<String> = middle
                .split('\n')
                .enumerate()
                .map(|(k, l)| {
                    if k == 0 {
                        format!("{indent}{l}")
                    } else {
                        l.to_string()
                    }
                })
                .map(|l| l.trim_end().to_string())
                .collect();
            if written.iter().all(|l| l.trim().is_empty()) {
                continue;
            }
            let replacement = match kind {
                FillKind::Replace { .. } => written,
                FillKind::InsertBefore { .. } => {
                    let mut lines = written;
                    lines.push(old_line.to_string());
                    lines
                }
            };
            if replacement.len() == 1 && replacement[0].trim() == old_line.trim() {
                continue;
            }
            let reason = fill_cannot_pass(&loc.file, old_line, &replacement);
            offer_unless(
                &mut proposals,
                &mut set_aside,
                CandidateEdit {
                    file: loc.file.clone(),
                    line: loc.line,
                    old_line: old_line.to_string(),
                    replacement,
                    origin: CandidateOrigin::Model,
                    location_rank: rank as u32,
                    location_score: (loc.score / best) as f32,
                },
                reason,
            );
        }
    }
    runner.decision(Decision::Proposals(Proposals {
        written_by: "model (fill in the middle)".into(),
        writer: runner.cfg.writer.as_ref().map(|w| w.id()),
        edits: proposals.iter().map(proposed).collect(),
        set_aside,
    }))?;
    Ok(candidates_of(proposals))
}

/// Why a fill cannot pass, read off the code alone: what [`cannot_pass_lines`] finds of lines
/// that may open and close blocks of their own (a fill may write a whole branch), and, in
/// Python, a block opened on its last line with no body, or a first line off the replaced
/// line's indentation (the lines after it keep theirs).
fn fill_cannot_pass(file: &str, old_line: &str, new: &[String]) -> Option<&'static str> {
    let language = Language::from_path(std::path::Path::new(file))?;
    let new_lines: Vec<&str> = new.iter().map(String::as_str).collect();
    if let Some(reason) = cannot_pass_lines(&[old_line], &new_lines, language, EditScope::WholeBody)
    {
        return Some(reason);
    }
    if language == Language::Python {
        let code: Vec<&str> = new_lines
            .iter()
            .copied()
            .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
            .collect();
        let indent = |l: &str| l.len() - l.trim_start().len();
        if code.last().is_some_and(|l| l.trim_end().ends_with(':')) {
            return Some("a block opened with no body");
        }
        if code.iter().any(|l| indent(l) < indent(old_line)) {
            return Some("written outside the replaced line's block");
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &[&str]) -> Vec<String> {
        text.iter().map(|l| (*l).to_string()).collect()
    }

    #[test]
    fn a_whole_branch_may_be_filled_but_not_a_bare_opener_or_a_line_outside_the_block() {
        let old = "    return f\"{hour}:{minute:02d} {suffix}\"";
        let branch = lines(&["    if hour == 0:", "        hour = 12", old]);
        assert_eq!(fill_cannot_pass("clock.py", old, &branch), None);
        let bare = lines(&["    if hour == 0:"]);
        assert_eq!(
            fill_cannot_pass("clock.py", old, &bare),
            Some("a block opened with no body")
        );
        let outside = lines(&["hour = 12", old]);
        assert_eq!(
            fill_cannot_pass("clock.py", old, &outside),
            Some("written outside the replaced line's block")
        );
        // Rust's blocks close in the fill itself; an unclosed one cannot pass.
        let rust_old = "    count";
        let rust = lines(&[
            "    if count == 0 {",
            "        return 1;",
            "    }",
            rust_old,
        ]);
        assert_eq!(fill_cannot_pass("src/lib.rs", rust_old, &rust), None);
        let open = lines(&["    if count == 0 {", rust_old]);
        assert!(fill_cannot_pass("src/lib.rs", rust_old, &open).is_some());
    }
}
