//! The function rewrite: when no edit of the localized lines passed, the model writes the body
//! of the function holding the best-localized line again, from the function's own header,
//! comments and docstring — once greedily, then sampled from fixed seeds — and every rewrite
//! is offered twice: each of its hunks alone (the smaller edits, probed first), then whole.
//! Missing logic (a branch, a statement) is beyond any single-line edit; the tests decide, as
//! for every other candidate.

use std::collections::HashMap;

use tact_repair::localize::CandidateLocation;
use tact_repair::rank::{CandidateEdit, CandidateOrigin};
use tact_repair::rewrite::{
    FunctionParts, function_parts, observed_value, rewrite_hunks, values_copied_from_tests,
};
use tact_runtime::decisions::{Decision, ModelRequestKind, Proposals, SetAsideEdit};
use tact_runtime::model_io::{BlockRequest, Sampling};
use tact_runtime::source::Language;

use super::{
    EditScope, WrittenPiece, answered, candidates_of, cannot_pass_lines, proposed, set_aside_once,
};
use crate::error::ActorError;
use crate::job::Runner;

/// Most tokens one rewrite may take: enough for the functions such a repair meets, a bound on
/// what a runaway sample costs.
const MAX_REWRITE_TOKENS: usize = 768;
/// Nucleus of the sampled rewrites: the model's likely tokens only.
const REWRITE_TOP_P: f32 = 0.95;

/// The rewrites of the function at the best localized line that has one, as candidates:
/// every rewrite's hunks when it makes more than one, then the rewrite whole. The rewrites of
/// `samples` are asked for (sample 0 greedy, the others sampled with their index as the
/// seed), with the failing tests' `assertions` (each with its failure's message) shown before
/// the function when there are any, each with the value the code returned where the message
/// says; those equal to the body, that cannot pass as written, or that write a value only the
/// assertions hold, are set aside with their reason.
pub(super) async fn propose_rewrites(
    runner: &mut Runner,
    locations: &[CandidateLocation],
    contents: &HashMap<String, String>,
    assertions: &[(String, String)],
    samples: std::ops::Range<usize>,
    temperature: f32,
) -> Result<WrittenPiece, ActorError> {
    let Some((file, content, parts)) = locations.iter().find_map(|loc| {
        let content = contents.get(&loc.file)?;
        let parts = function_parts(&loc.file, content, loc.line)?;
        Some((loc.file.clone(), content.as_str(), parts))
    }) else {
        return Ok(WrittenPiece::round_over());
    };
    let Some(language) = Language::from_path(std::path::Path::new(&file)) else {
        return Ok(WrittenPiece::round_over());
    };
    let lines: Vec<&str> = content.lines().collect();
    let body = parts.body(&lines);
    let comment = match language {
        Language::Python => "#",
        Language::Rust => "//",
    };
    let shown_assertions: Vec<String> = assertions
        .iter()
        .map(
            |(line, message)| match observed_value(language, line, message) {
                Some(value) => format!("{line}  {comment} got {value}"),
                None => line.clone(),
            },
        )
        .collect();
    let assertions: Vec<String> = assertions.iter().map(|(line, _)| line.clone()).collect();
    let mut wholes: Vec<CandidateEdit> = Vec::new();
    let mut hunks: Vec<CandidateEdit> = Vec::new();
    let mut set_aside: Vec<SetAsideEdit> = Vec::new();
    let mut writer_stopped = false;
    for k in samples {
        let request = rewrite_request(&parts, &lines, language, &shown_assertions, k, temperature);
        let result = runner.write_block(request).await;
        let Some(block) = answered(runner, ModelRequestKind::Completion, result)? else {
            writer_stopped = true;
            break;
        };
        let new_body: Vec<String> = block.lines().map(str::to_string).collect();
        let edit = CandidateEdit {
            file: file.clone(),
            line: line_number(parts.body_start),
            old_line: body.join("\n"),
            replacement: new_body.clone(),
            origin: CandidateOrigin::Model,
            location_rank: 0,
            location_score: 1.0,
        };
        if let Some(reason) = cannot_pass_whole(&body, &new_body, language) {
            set_aside_once(&mut set_aside, &edit, reason);
            continue;
        }
        let copied =
            values_copied_from_tests(language, &parts.shown(&lines), &new_body, &assertions);
        if !copied.is_empty() {
            let reason = format!(
                "writes what the failing tests expect: {}",
                copied.join(", ")
            );
            set_aside_once(&mut set_aside, &edit, &reason);
            continue;
        }
        if wholes.iter().any(|w| w.replacement == edit.replacement) {
            continue;
        }
        let pieces = rewrite_hunks(parts.body_start, &body, &new_body);
        if pieces.len() > 1 {
            for piece in pieces {
                let hunk = CandidateEdit {
                    line: line_number(piece.start),
                    old_line: piece.old.join("\n"),
                    replacement: piece.new,
                    ..edit.clone()
                };
                if !hunks
                    .iter()
                    .any(|h| h.line == hunk.line && h.replacement == hunk.replacement)
                {
                    hunks.push(hunk);
                }
            }
        }
        wholes.push(edit);
    }
    let edits: Vec<CandidateEdit> = hunks.into_iter().chain(wholes).collect();
    runner.decision(Decision::Proposals(Proposals {
        written_by: "model (function rewrite)".into(),
        writer: runner.cfg.writer.as_ref().map(|w| w.id()),
        edits: edits.iter().map(proposed).collect(),
        set_aside,
    }))?;
    Ok(WrittenPiece {
        candidates: candidates_of(edits),
        round_over: writer_stopped,
    })
}

/// The k-th rewrite's request: the failing assertions (if any) and the function, each in a
/// code block, the answer opened with the same fence and the function's unchanged header;
/// rewrite 0 greedy, the others sampled from seed k.
fn rewrite_request(
    parts: &FunctionParts,
    lines: &[&str],
    language: Language,
    assertions: &[String],
    k: usize,
    temperature: f32,
) -> BlockRequest {
    let (name, fence) = match language {
        Language::Python => ("Python", "python"),
        Language::Rust => ("Rust", "rust"),
    };
    let body_chars: usize = parts.body(lines).iter().map(|l| l.len() + 1).sum();
    let failing = if assertions.is_empty() {
        "The tests fail. ".to_string()
    } else {
        format!(
            "These tests fail:\n```{fence}\n{}\n```\n",
            assertions.join("\n")
        )
    };
    BlockRequest {
        instruction: format!(
            "{failing}Fix the bug in this {name} function and write the whole corrected \
             function.\n```{fence}\n{}\n```",
            parts.shown(lines).join("\n")
        ),
        answer_prefix: format!("```{fence}\n{}\n", parts.kept(lines).join("\n")),
        // About twice the body's tokens (three characters a token), and room for what is
        // missing and the comments a model writes on the way.
        max_tokens: (body_chars * 2 / 3 + 192).min(MAX_REWRITE_TOKENS),
        stop_indent: parts.indent,
        sample: (k > 0).then_some(Sampling {
            seed: k as u64,
            temperature,
            top_p: REWRITE_TOP_P,
        }),
    }
}

/// Why a rewritten body cannot pass whatever the tests say: nothing written, or what
/// [`cannot_pass_lines`] finds of a whole body (which, unlike a line edit, may open and close
/// blocks of its own).
fn cannot_pass_whole(old: &[&str], new: &[String], language: Language) -> Option<&'static str> {
    if new.iter().all(|l| l.trim().is_empty()) {
        return Some("nothing written, or cut off by the token limit");
    }
    let new: Vec<&str> = new.iter().map(String::as_str).collect();
    cannot_pass_lines(old, &new, language, EditScope::WholeBody)
}

fn line_number(index: usize) -> u32 {
    u32::try_from(index + 1).unwrap_or(u32::MAX)
}
