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

use tact_runtime::source::{Language, indentation};

use super::{
    EditScope, WrittenPiece, answered, best_location_score, candidates_of, cannot_pass_lines,
    offer_unless, proposed,
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
    /// Lines inserted after it, at its depth, when it is the last line of its block: no
    /// line below it is at that depth to insert before (probe39-py-24's missing
    /// `if counts[old] == 0: del counts[old]` after `counts[old] -= 1`, whose block ends
    /// there; inserted before the next line it would fall outside the block).
    InsertAfter { branch: usize },
    /// The line kept up to a cut (byte offset) and written on from there to its end.
    Continue { cut: usize },
}

/// Cuts of one line the writer continues from: a spread over the line's token ends (not only
/// its longest prefixes), as a wrong token may sit anywhere in it.
const FILL_CUTS: usize = 3;
/// Edits each whole-line kind (a replacement, an insertion) offers at one line.
const WHOLE_LINE_EDITS: usize = 2;
/// The writer's likeliest first tokens a whole-line kind tries for its edits, at most.
const WHOLE_LINE_STARTS: usize = 6;
/// Starts of one whole-line kind the writer writes side by side: most lines are asked for
/// their second and third starts too, and three rows in one pass cost far less than three
/// passes (the writer keeps the two it was not asked for yet).
const FILL_BRANCHES_AT_ONCE: usize = 3;

/// How many branches a fill of `kind` asks the writer to write together with its own: a
/// whole-line kind's first start of each group of [`FILL_BRANCHES_AT_ONCE`] asks for its
/// group (the others then come from what the writer kept); a continuation has one start.
fn branches_written_with(kind: FillKind) -> usize {
    match kind {
        FillKind::Replace { branch }
        | FillKind::InsertBefore { branch }
        | FillKind::InsertAfter { branch }
            if branch.is_multiple_of(FILL_BRANCHES_AT_ONCE) =>
        {
            FILL_BRANCHES_AT_ONCE.min(WHOLE_LINE_STARTS - branch.min(WHOLE_LINE_STARTS))
        }
        _ => 1,
    }
}

/// The fills of the localized line ranked `rank` (0 best), if it is inside a function's body,
/// as candidates (one piece of a fill round): two replacements and two insertions before it
/// (and two after it, when it ends its block), from the writer's likeliest first tokens that
/// write something new (up to six tried), and continuations from cuts spread over the line.
/// Each fill sees the function from its comments down to the line, and the rest of the
/// function after it.
pub(super) async fn propose_fills(
    runner: &mut Runner,
    locations: &[CandidateLocation],
    contents: &HashMap<String, String>,
    rank: usize,
) -> Result<WrittenPiece, ActorError> {
    if rank >= locations.len() {
        // No localized line is left to fill: the round is over.
        return Ok(WrittenPiece::round_over());
    }
    let mut writer_stopped = false;
    let mut proposals: Vec<CandidateEdit> = Vec::new();
    let mut set_aside: Vec<SetAsideEdit> = Vec::new();
    let best = best_location_score(locations);
    let picked = locations.iter().enumerate().skip(rank).take(1);
    'locations: for (rank, loc) in picked {
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
        let site = FillSite {
            file: &loc.file,
            line: loc.line,
            rank: rank as u32,
            location_score: (loc.score / best) as f32,
            old_line,
            indent: old_line.chars().take_while(|c| c.is_whitespace()).collect(),
            above: file_lines[parts.spec_start..index].join("\n"),
            lines: &file_lines,
            end: parts.end.min(file_lines.len()),
            index,
        };
        // The whole-line fills walk the writer's likeliest first tokens until each kind has
        // its edits: most starts write the line below again (no insertion) or nothing, and
        // the one that writes the missing statement may be the fifth (probe41-rs-21's
        // `tokens = tokens.min(capacity);`).
        // A line that does not end its block gets no insertions after it: they are the next
        // line's insertions before it.
        let after_wanted = if ends_its_block(&site) {
            WHOLE_LINE_EDITS
        } else {
            0
        };
        let (mut replaced, mut inserted, mut appended) = (0usize, 0usize, 0usize);
        for branch in 0..WHOLE_LINE_STARTS {
            for (kind, offered, wanted) in [
                (
                    FillKind::Replace { branch },
                    &mut replaced,
                    WHOLE_LINE_EDITS,
                ),
                (
                    FillKind::InsertBefore { branch },
                    &mut inserted,
                    WHOLE_LINE_EDITS,
                ),
                (
                    FillKind::InsertAfter { branch },
                    &mut appended,
                    after_wanted,
                ),
            ] {
                if *offered >= wanted {
                    continue;
                }
                match fill_at(runner, &site, kind, &mut proposals, &mut set_aside).await? {
                    None => {
                        writer_stopped = true;
                        break 'locations;
                    }
                    Some(true) => *offered += 1,
                    Some(false) => {}
                }
            }
            if replaced >= WHOLE_LINE_EDITS
                && inserted >= WHOLE_LINE_EDITS
                && appended >= after_wanted
            {
                break;
            }
        }
        for cut in spread_cuts(old_line, FILL_CUTS) {
            let kind = FillKind::Continue { cut };
            if fill_at(runner, &site, kind, &mut proposals, &mut set_aside)
                .await?
                .is_none()
            {
                writer_stopped = true;
                break 'locations;
            }
        }
    }
    runner.decision(Decision::Proposals(Proposals {
        written_by: "model (fill in the middle)".into(),
        writer: runner.cfg.writer.as_ref().map(|w| w.id()),
        edits: proposals.iter().map(proposed).collect(),
        set_aside,
    }))?;
    Ok(WrittenPiece {
        candidates: candidates_of(proposals),
        round_over: writer_stopped,
    })
}

/// One localized line the writer fills, and what it sees around it.
struct FillSite<'a> {
    file: &'a str,
    line: u32,
    rank: u32,
    location_score: f32,
    old_line: &'a str,
    indent: String,
    /// The function from its comments down to the line (0-based `index`).
    above: String,
    /// The file's lines, and the 0-based line after the function's last.
    lines: &'a [&'a str],
    end: usize,
    index: usize,
}

/// One fill at `site`: offered as a candidate (`Some(true)`), or nothing new, set aside, or
/// the line again (`Some(false)`); `None` when the writer could not answer (an error, or the
/// compute budget spent), which ends the round.
async fn fill_at(
    runner: &mut Runner,
    site: &FillSite<'_>,
    kind: FillKind,
    proposals: &mut Vec<CandidateEdit>,
    set_aside: &mut Vec<SetAsideEdit>,
) -> Result<Option<bool>, ActorError> {
    let after = match kind {
        FillKind::Replace { .. } | FillKind::Continue { .. } | FillKind::InsertAfter { .. } => {
            site.index + 1
        }
        FillKind::InsertBefore { .. } => site.index,
    };
    let (kept, branch) = match kind {
        FillKind::Replace { branch }
        | FillKind::InsertBefore { branch }
        | FillKind::InsertAfter { branch } => (site.indent.as_str(), branch),
        FillKind::Continue { cut } => (&site.old_line[..cut], 0),
    };
    // Inserting after the line, the writer sees the line itself above the gap.
    let above = match kind {
        FillKind::InsertAfter { .. } => format!("{}\n{}", site.above, site.old_line),
        _ => site.above.clone(),
    };
    let request = FillRequest {
        prefix: format!("{above}\n{kept}"),
        suffix: format!(
            "\n{}\n",
            site.lines.get(after..site.end).unwrap_or(&[]).join("\n")
        ),
        max_lines: FILL_LINES,
        max_tokens: FILL_TOKENS,
        branch,
        branches: branches_written_with(kind),
    };
    let result = runner.fill_middle(request).await;
    let Some(middle) = answered(runner, ModelRequestKind::Completion, result)? else {
        return Ok(None);
    };
    tracing::debug!(file = %site.file, line = site.line, ?kind, %middle, "fill");
    // A continuation is the rest of its line; what the writer goes on with below it is not
    // part of the fill.
    let middle_lines = match kind {
        FillKind::Continue { .. } => middle.split('\n').take(1).collect::<Vec<_>>(),
        _ => middle.split('\n').collect(),
    };
    let written: Vec<String> = middle_lines
        .into_iter()
        .enumerate()
        .map(|(k, l)| {
            if k == 0 {
                format!("{kept}{l}")
            } else {
                l.to_string()
            }
        })
        .map(|l| l.trim_end().to_string())
        .collect();
    if written.iter().all(|l| l.trim().is_empty()) {
        return Ok(Some(false));
    }
    // The line again after itself is no insertion.
    if matches!(kind, FillKind::InsertAfter { .. })
        && written.iter().all(|l| l.trim() == site.old_line.trim())
    {
        return Ok(Some(false));
    }
    // Asked for lines before a line, the writer often writes that line again with its fix
    // (probe44-rs-23: `from_str_radix(&h, 16)` above the line that says 10, where the greedy
    // replacement wrote the line unchanged): inserted, both lines stand and the fix is lost,
    // so the near copy is also offered in the line's place.
    let mut offered = false;
    if matches!(kind, FillKind::InsertBefore { .. })
        && let Some(first) = written.first()
        && near_copy(first, site.old_line)
    {
        offered |= offer_fill(site, vec![first.clone()], proposals, set_aside);
    }
    // In Python, lines written before a line that follows a deeper block may belong at the
    // end of that block (probe39-py-24: `if counts[old] == 0: del counts[old]`, written
    // before `if i >= k - 1:`, is only right inside the `if i >= k:` branch above it): they
    // are also offered there, indented to the block's depth.
    if matches!(kind, FillKind::InsertBefore { .. })
        && let Some(depth) = python_block_above(site)
    {
        let extra = " ".repeat(depth.saturating_sub(site.indent.len()));
        let mut lines: Vec<String> = written
            .iter()
            .map(|l| {
                if l.trim().is_empty() {
                    l.clone()
                } else {
                    format!("{extra}{l}")
                }
            })
            .collect();
        lines.push(site.old_line.to_string());
        offered |= offer_fill(site, lines, proposals, set_aside);
    }
    let replacement = match kind {
        FillKind::Replace { .. } | FillKind::Continue { .. } => written,
        FillKind::InsertBefore { .. } => {
            let mut lines = written;
            lines.push(site.old_line.to_string());
            lines
        }
        FillKind::InsertAfter { .. } => {
            let mut lines = vec![site.old_line.to_string()];
            lines.extend(written);
            lines
        }
    };
    if replacement.len() == 1 && replacement[0].trim() == site.old_line.trim() {
        return Ok(Some(offered));
    }
    offered |= offer_fill(site, replacement, proposals, set_aside);
    Ok(Some(offered))
}

/// The depth of the block that ends just above the site's line, in Python: the line of code
/// before it is deeper and still runs on (it ends no flow, so code after it in its block
/// would run too). `None` in Rust, where a block's end is a line of its own, or when the line
/// above is no deeper.
fn python_block_above(site: &FillSite<'_>) -> Option<usize> {
    if !site.file.ends_with(".py") {
        return None;
    }
    let above = site
        .lines
        .get(..site.index)?
        .iter()
        .rev()
        .find(|l| !l.trim().is_empty())?;
    let depth = indentation(above);
    let code = above.trim();
    (depth > site.indent.len() && !code.ends_with(':') && !ends_flow(code)).then_some(depth)
}

/// Whether a line of code ends the flow of its block (`return`, `break`, `continue`, `raise`,
/// `panic!`): code after it in the block never runs.
fn ends_flow(code: &str) -> bool {
    ["return", "break", "continue", "raise", "panic!"]
        .iter()
        .any(|word| {
            code.strip_prefix(word)
                .is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', ';', '(']))
        })
}

/// Whether the site's line is the last of its block: it opens no block itself, ends no flow
/// (code after a `return` is never run) and, in Rust, is a statement, and the next line of
/// code in the function is shallower (Python) or closes a brace (Rust). A line whose block is
/// the function's body (the next line is past the function) is not one: that is the
/// function's end.
fn ends_its_block(site: &FillSite<'_>) -> bool {
    let code = site.old_line.trim();
    let opens = code.ends_with(':') || code.ends_with('{') || code.ends_with('(');
    // In Rust only a statement can be followed by more: a line without its `;` is the
    // block's value (or a match arm), and nothing may come after it.
    let rust = site.file.ends_with(".rs");
    if code.is_empty()
        || opens
        || ends_flow(code)
        || code.starts_with('}')
        || (rust && !code.ends_with(';'))
    {
        return false;
    }
    let Some(next) = site
        .lines
        .get(site.index + 1..site.end)
        .and_then(|rest| rest.iter().find(|l| !l.trim().is_empty()))
    else {
        return false;
    };
    indentation(next) < site.indent.len() || next.trim_start().starts_with('}')
}

/// Offers `replacement` of the site's line as the writer's candidate unless it cannot pass
/// (then it is set aside with the reason); whether it was offered.
fn offer_fill(
    site: &FillSite<'_>,
    replacement: Vec<String>,
    proposals: &mut Vec<CandidateEdit>,
    set_aside: &mut Vec<SetAsideEdit>,
) -> bool {
    let reason = fill_cannot_pass(site.file, site.old_line, &replacement);
    let before = proposals.len();
    offer_unless(
        proposals,
        set_aside,
        CandidateEdit {
            file: site.file.to_string(),
            line: site.line,
            old_line: site.old_line.to_string(),
            replacement,
            origin: CandidateOrigin::Model,
            location_rank: site.rank,
            location_score: site.location_score,
        },
        reason,
    );
    proposals.len() > before
}

/// Whether `written` is `line` again with a small change: not the same code, and at least
/// [`NEAR_COPY`] alike by normalized edit distance over the code without its indentation.
fn near_copy(written: &str, line: &str) -> bool {
    let (written, line) = (written.trim(), line.trim());
    written != line
        && !written.is_empty()
        && strsim::normalized_levenshtein(written, line) >= NEAR_COPY
}

/// How alike a written line must be to the line below it to be read as that line fixed: a
/// changed number, operator or name in a line of a few dozen characters, not a statement of
/// its own beside a short one (`x += 1` above `y += 1` is 0.83 alike).
const NEAR_COPY: f64 = 0.85;

/// Up to `count` cut points of `line` (byte offsets after a token, inside the line's code),
/// spread evenly from its first tokens to its last: a continuation from each keeps the line
/// up to there.
fn spread_cuts(line: &str, count: usize) -> Vec<usize> {
    let code = line.trim_end();
    let indent = code.len() - code.trim_start().len();
    let mut ends: Vec<usize> = Vec::new();
    let mut previous: Option<char> = None;
    for (at, c) in code.char_indices() {
        let word = |c: char| c.is_alphanumeric() || c == '_';
        if let Some(p) = previous
            && at > indent
            && !c.is_whitespace()
            && (!word(p) || !word(c))
        {
            // A token ends before `c`; skip the cut right after the first token
            // (`return`, `let`), which says nothing of the fix.
            ends.push(at);
        }
        previous = Some(c);
    }
    let ends: Vec<usize> = ends.into_iter().skip(1).collect();
    if ends.is_empty() || count == 0 {
        return Vec::new();
    }
    let picks = count.min(ends.len());
    let mut cuts: Vec<usize> = (0..picks)
        .map(|k| ends[(k * 2 + 1) * ends.len() / (2 * picks)])
        .collect();
    cuts.dedup();
    cuts
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
        // The lines below keep their depth: the last line of code opens a block exactly when
        // the replaced line did (whose body follows it in the file). Before, a line that
        // opened a block was never filled: its own fills, and the lines inserted before it,
        // all end in an opener and were read as "no body" (probe39-py-24's `del`, written
        // before `if i >= k - 1:`).
        let opens = |l: &str| l.trim_end().ends_with(':');
        match code.last() {
            Some(last) if opens(last) && !opens(old_line) => {
                return Some("a block opened with no body");
            }
            // A last line deeper than the replaced one is inside a block the fill opened,
            // which the replaced line's body goes on.
            Some(last)
                if !opens(last)
                    && opens(old_line)
                    && indentation(last) <= indentation(old_line) =>
            {
                return Some("the block below is left without its opener");
            }
            _ => {}
        }
        if code.iter().any(|l| indentation(l) < indentation(old_line)) {
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

    /// The fill site at line `index` (0-based) of `text`, a one-function file.
    fn site_at<'a>(file: &'a str, text: &'a [&'a str], index: usize) -> FillSite<'a> {
        let old_line = text[index];
        FillSite {
            file,
            line: index as u32 + 1,
            rank: 0,
            location_score: 1.0,
            old_line,
            indent: old_line.chars().take_while(|c| c.is_whitespace()).collect(),
            above: String::new(),
            lines: text,
            end: text.len(),
            index,
        }
    }

    /// Which lines get insertions after them: the last line of a block, not a line with more
    /// of its block below, an opener, a flow ender or the function's own last line.
    #[test]
    fn each_group_of_starts_is_asked_for_at_its_first_and_a_continuation_alone() {
        // Starts 0–2 and 3–5 of each whole-line kind are written side by side: the first of
        // each group asks for the group, the others find theirs kept by the writer.
        let asked: Vec<usize> = (0..WHOLE_LINE_STARTS)
            .map(|branch| branches_written_with(FillKind::InsertBefore { branch }))
            .collect();
        assert_eq!(asked, [3, 1, 1, 3, 1, 1]);
        assert_eq!(branches_written_with(FillKind::Replace { branch: 3 }), 3);
        assert_eq!(
            branches_written_with(FillKind::InsertAfter { branch: 0 }),
            3
        );
        assert_eq!(branches_written_with(FillKind::Continue { cut: 12 }), 1);
    }

    #[test]
    fn only_the_last_line_of_a_block_is_filled_after() {
        let ends =
            |file: &str, text: &[&str], index: usize| ends_its_block(&site_at(file, text, index));
        let python = [
            "def f(values, k):",
            "    counts = {}",
            "    for i, x in enumerate(values):",
            "        if i >= k:",
            "            old = values[i - k]",
            "            counts[old] -= 1",
            "",
            "        if i >= k - 1:",
            "            return counts",
            "    total = len(counts)",
        ];
        assert!(ends("w.py", &python, 5), "the branch's last line");
        assert!(!ends("w.py", &python, 4), "more of the branch below");
        assert!(!ends("w.py", &python, 3), "an opener");
        assert!(!ends("w.py", &python, 8), "code after a return never runs");
        assert!(!ends("w.py", &python, 9), "the function's last line");
        let rust = [
            "fn f(limit: u32) -> u32 {",
            "    let mut total = 0;",
            "    for n in 1..limit {",
            "        total += n;",
            "    }",
            "    total",
            "}",
        ];
        assert!(ends("lib.rs", &rust, 3), "the loop body's last line");
        assert!(!ends("lib.rs", &rust, 1), "more of the body below");
        assert!(!ends("lib.rs", &rust, 4), "a closing brace");
        assert!(!ends("lib.rs", &rust, 5), "the block's value");
    }

    /// The block that ends above a line, in Python: deeper, still running, not an opener.
    #[test]
    fn a_deeper_block_ending_above_a_line_is_found_in_python_only() {
        let above = |file: &str, text: &[&str], index: usize| {
            python_block_above(&site_at(file, text, index))
        };
        let python = [
            "def f(values, k):",
            "    for i in values:",
            "        if i >= k:",
            "            counts[i] -= 1",
            "",
            "        if i < 0:",
            "            return i",
            "        total += i",
            "    return total",
        ];
        assert_eq!(
            above("w.py", &python, 5),
            Some(12),
            "after the branch's last line"
        );
        assert_eq!(
            above("w.py", &python, 3),
            None,
            "the line above is shallower"
        );
        assert_eq!(
            above("w.py", &python, 7),
            None,
            "the block above ends in a return"
        );
        assert_eq!(above("w.py", &python, 8), Some(8));
        let rust = [
            "fn f() {",
            "    if a {",
            "        b();",
            "    }",
            "    c();",
            "}",
        ];
        assert_eq!(above("lib.rs", &rust, 3), None);
    }

    #[test]
    fn probe40_rust_19_cuts_spread_over_the_line_reach_the_format_strings_placeholder() {
        let line = "    format!(\"{}{}.{}\", sign, abs / 100, abs % 100)";
        let cuts = spread_cuts(line, 3);
        assert_eq!(cuts.len(), 3, "{cuts:?}");
        assert!(cuts.windows(2).all(|w| w[0] < w[1]), "{cuts:?}");
        let kept: Vec<&str> = cuts.iter().map(|&c| &line[..c]).collect();
        assert!(kept[0].len() < line.len() / 2, "{kept:?}");
        assert!(
            kept.iter().all(|k| k.len() > "    format".len()),
            "{kept:?}"
        );
        assert!(spread_cuts("    x", 3).is_empty());
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
        // A line that opens a block keeps its body below: its fills and the lines inserted
        // before it end in an opener, or inside a block they opened.
        let opener = "    if i >= k - 1:";
        let inserted = lines(&[
            "    if counts[old] == 0:",
            "        del counts[old]",
            opener,
        ]);
        assert_eq!(fill_cannot_pass("w.py", opener, &inserted), None);
        let replaced = lines(&["    if i >= k:"]);
        assert_eq!(fill_cannot_pass("w.py", opener, &replaced), None);
        let continued = lines(&["    if i >= k:", "        total += 1"]);
        assert_eq!(fill_cannot_pass("w.py", opener, &continued), None);
        let orphaned = lines(&["    total += 1"]);
        assert_eq!(
            fill_cannot_pass("w.py", opener, &orphaned),
            Some("the block below is left without its opener")
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
