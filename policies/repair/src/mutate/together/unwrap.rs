//! A guard too many: `if nums[i] != 0: prefix *= nums[i]` where the product must take every
//! value. The `if` goes and its body runs unconditionally, one level out (Rust: the `if`
//! line and its closing brace go). Only an `if` with no `else`/`elif` and a short body.

use super::super::{Language, MutationOperator};
use super::{FunctionText, HunkMutation};

use super::super::indentation as indent;

/// Longest body unwrapped.
const MAX_BODY: usize = 6;

impl FunctionText<'_> {
    /// See the module.
    pub(super) fn unwrapped_guards(&self, file: &str, language: Language) -> Vec<HunkMutation> {
        let mut hunks = Vec::new();
        for (head, tokens) in self.tokens.iter().enumerate().skip(1) {
            let texts: Vec<&str> = tokens.iter().map(|t| t.text).collect();
            let opens = match language {
                Language::Python => texts.first() == Some(&"if") && texts.last() == Some(&":"),
                Language::Rust => {
                    texts.first() == Some(&"if")
                        && texts.last() == Some(&"{")
                        && !texts.contains(&"let")
                }
            };
            let Some(head_line) = self.lines.get(head).filter(|_| opens) else {
                continue;
            };
            let depth = indent(head_line);
            // The body: the lines after the header indented deeper (blank ones kept).
            let body_end = self.block_end(head, depth);
            let body = head + 1..body_end;
            if body.is_empty() || body.len() > MAX_BODY {
                continue;
            }
            // An early exit is a guard's whole point: unguarded, it ends every call.
            let exits = self.tokens[body.clone()].iter().flatten().any(|t| {
                matches!(
                    t.text,
                    "return" | "continue" | "break" | "raise" | "panic" | "yield"
                )
            });
            // One level of the body's indentation.
            let step = self.lines[body.clone()]
                .iter()
                .find(|l| !l.trim().is_empty())
                .map_or(0, |l| indent(l).saturating_sub(depth));
            if exits || step == 0 {
                continue;
            }
            // What follows at the header's depth: Rust's closing brace, then no `else`.
            let next = self.lines.get(body_end).map(|l| l.trim()).unwrap_or("");
            let (last, closes) = match language {
                Language::Python => (body_end - 1, false),
                Language::Rust if next == "}" => (body_end, true),
                Language::Rust => continue,
            };
            let after = if closes {
                self.lines.get(body_end + 1).map(|l| l.trim()).unwrap_or("")
            } else {
                next
            };
            if after.starts_with("else") || after.starts_with("elif") || after.starts_with("} else")
            {
                continue;
            }
            let old_lines: Vec<String> = self.lines[head..=last]
                .iter()
                .map(|l| l.to_string())
                .collect();
            let new_lines: Vec<String> = self.lines[body.clone()]
                .iter()
                .map(|l| l.get(step.min(indent(l))..).unwrap_or(l).to_string())
                .map(|l| {
                    if l.trim().is_empty() {
                        String::new()
                    } else {
                        l
                    }
                })
                .collect();
            let Ok(line) = u32::try_from(self.first + head + 1) else {
                continue;
            };
            hunks.push(HunkMutation {
                file: file.to_string(),
                line,
                old_lines,
                new_lines,
                operator: MutationOperator::UnwrapGuard,
                description: format!("`{}` dropped: its body always runs", head_line.trim()),
            });
        }
        hunks
    }
}
