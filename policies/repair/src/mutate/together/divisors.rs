//! A division the description says has an answer of its own when its divisor is zero
//! ("Returns 0.0 when … either sample has zero variance", "or None when they are collinear")
//! and the code divides anyway: `sxy / (sxx * syy).sqrt()` gives NaN, `… / d` infinity. The
//! guard goes right before the first line that divides by it: `if d == 0.0 { return None; }`
//! (probe43-rs-03, probe43-rs-05). Only values the description names are returned, so the
//! family is probed first, like the other described cases.

use super::super::expr::operand_end;
use super::super::{Language, MutationOperator, TokenKind, is_keyword};
use super::{FunctionText, HunkMutation, guarded};

use super::super::indentation as indent;

/// Most divisors guarded in one function: each gets one hunk per described value.
const MAX_DIVISORS: usize = 3;

/// Does `description` name `value` as a word (`0.0`, `None`, `-1`), not as a piece of another
/// word or number (`0` in `0.5`, `None` in `Nones`)?
pub(super) fn names_value(description: &str, value: &str) -> bool {
    let word = |c: char| c.is_alphanumeric() || c == '_';
    description.match_indices(value).any(|(at, _)| {
        let glued_before = description[..at]
            .chars()
            .next_back()
            .is_some_and(|c| word(c) || c == '.');
        let mut after = description[at + value.len()..].chars();
        // A full stop after the value ends a sentence; a digit after it continues a number.
        let glued_after = after.next().is_some_and(|c| {
            word(c) || (c == '.' && after.next().is_some_and(|d| d.is_ascii_digit()))
        });
        !glued_before && !glued_after
    })
}

impl FunctionText<'_> {
    /// See the module.
    pub(super) fn described_zero_divisors(
        &self,
        file: &str,
        language: Language,
        description: &str,
    ) -> Vec<HunkMutation> {
        let header = self.lines.first().copied().unwrap_or("");
        let mut values = self.literal_returns(language);
        let optional = match language {
            Language::Python => true,
            Language::Rust => header
                .split_once("->")
                .is_some_and(|(_, r)| r.trim().starts_with("Option<")),
        };
        if optional && !values.iter().any(|v| v == "None") {
            values.push("None".into());
        }
        values.retain(|v| names_value(description, v));
        if values.is_empty() {
            return Vec::new();
        }
        let body = self.body_text();
        let start = match language {
            Language::Python => self.after_docstring(),
            Language::Rust => 1,
        };
        let mut guarded_divisors: Vec<String> = Vec::new();
        let mut hunks = Vec::new();
        for at in start..self.tokens.len() {
            let (Some(tokens), Some(line)) = (self.tokens.get(at), self.lines.get(at)) else {
                continue;
            };
            // In a loop, an early return would cut the loop short; a remainder mostly wraps
            // an index.
            if !self.starts_a_statement(at, language) || self.inside_a_loop(at) {
                continue;
            }
            for (k, t) in tokens.iter().enumerate() {
                if t.kind != TokenKind::Operator || !matches!(t.text, "/" | "//") {
                    continue;
                }
                let Some(end) = operand_end(tokens, k + 1, language) else {
                    continue;
                };
                let (Some(first), Some(last)) = (tokens.get(k + 1), tokens.get(end - 1)) else {
                    continue;
                };
                if end == k + 2 && first.kind != TokenKind::Ident {
                    continue;
                }
                let Some(divisor) = line.get(first.start..last.end) else {
                    continue;
                };
                // A divisor that is a constant (`(24 * 60)`, `10u32.pow(k)`) is never zero;
                // one whose name the body already compares with zero is guarded.
                let names: Vec<&str> = tokens[k + 1..end]
                    .iter()
                    .filter(|t| t.kind == TokenKind::Ident && !is_keyword(t.text, language))
                    .map(|t| t.text)
                    .filter(|n| !matches!(*n, "f64" | "f32" | "as" | "len" | "sqrt" | "abs"))
                    .collect();
                if first.kind == TokenKind::Number
                    || names.is_empty()
                    || names.iter().any(|n| {
                        [
                            format!("{n} == 0"),
                            format!("{n} != 0"),
                            format!("not {n}:"),
                        ]
                        .iter()
                        .any(|c| body.contains(c.as_str()))
                    })
                {
                    continue;
                }
                let zero = match language {
                    Language::Rust if self.is_float(divisor, header) => "0.0",
                    _ => "0",
                };
                let condition = format!("{divisor} == {zero}");
                let tested = [
                    format!("{divisor} == 0"),
                    format!("{divisor} != 0"),
                    format!("not {divisor}:"),
                ]
                .iter()
                .any(|c| body.contains(c.as_str()));
                if tested
                    || guarded_divisors.contains(&condition)
                    || guarded_divisors.len() >= MAX_DIVISORS
                {
                    continue;
                }
                guarded_divisors.push(condition.clone());
                let pad = &line[..indent(line)];
                for value in &values {
                    let lines = guarded(language, pad, &condition, &format!("return {value}"));
                    hunks.extend(self.lines_inserted_before(
                        file,
                        at,
                        lines,
                        MutationOperator::DivisorGuard,
                        format!("`{value}` when `{divisor}` is zero, as the description says"),
                    ));
                }
            }
        }
        hunks
    }

    /// Does line `at` start a statement (not continue the one before)? Its brackets balance,
    /// and the line before ends a statement or opens a block.
    fn starts_a_statement(&self, at: usize, language: Language) -> bool {
        let balanced = |offset: usize| {
            self.tokens.get(offset).is_some_and(|tokens| {
                let opens = tokens.iter().filter(|t| t.kind == TokenKind::Open).count();
                let closes = tokens.iter().filter(|t| t.kind == TokenKind::Close).count();
                opens == closes
            })
        };
        let Some(before) = (1..at)
            .rev()
            .find(|&k| self.tokens.get(k).is_some_and(|t| !t.is_empty()))
        else {
            return balanced(at);
        };
        let ends = self
            .tokens
            .get(before)
            .and_then(|t| t.last())
            .map(|t| t.text);
        let closes_statement = match language {
            Language::Rust => matches!(ends, Some(";" | "{" | "}")),
            Language::Python => balanced(before) && !matches!(ends, Some("," | "\\")),
        };
        balanced(at) && closes_statement
    }

    /// Rust: is `divisor` a float? A float method or cast in it, or a name declared `f32`/
    /// `f64` or bound to an expression with a float literal.
    fn is_float(&self, divisor: &str, header: &str) -> bool {
        if [".sqrt()", ".abs()", "as f64", "as f32", ".powi(", ".hypot("]
            .iter()
            .any(|m| divisor.contains(m))
        {
            return true;
        }
        let name = divisor.trim_start_matches(['(', '&', '*']);
        let name: String = name
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if name.is_empty() {
            return false;
        }
        let declared_float = |text: &str| {
            text.match_indices(&format!("{name}:"))
                .any(|(at, _)| text[at + name.len() + 1..].trim_start().starts_with('f'))
        };
        if declared_float(header) {
            return true;
        }
        self.tokens.iter().skip(1).any(|tokens| {
            let texts: Vec<&str> = tokens.iter().map(|t| t.text).collect();
            let binds = match texts.as_slice() {
                ["let", "mut", n, ..] | ["let", n, ..] => *n == name,
                _ => false,
            };
            binds
                && tokens.iter().any(|t| {
                    t.kind == TokenKind::Number && t.text.contains('.')
                        || matches!(t.text, "f64" | "f32")
                })
        })
    }
}
