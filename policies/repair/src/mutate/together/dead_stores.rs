//! A value stored and never read before it is stored again, where a twin block reads it:
//! the fraction part of a number sets `start = i`, walks its digits and never asks whether
//! there were any, while the exponent part sets `start = i`, walks its digits and then
//! checks `if i == start: return False` (probe43-python-25). The twin's check is copied to
//! the same place in the block that lacks it: right after the loop that follows the store.

use super::super::{Language, MutationOperator};
use super::{FunctionText, HunkMutation};

use super::super::indentation as indent;

/// Most lines a copied check may span (an `if` and a short body).
const MAX_CHECK_LINES: usize = 4;

impl FunctionText<'_> {
    /// See the module.
    pub(super) fn dead_store_reads(&self, file: &str, language: Language) -> Vec<HunkMutation> {
        let mut hunks = Vec::new();
        // `name = …` (Python) or `let name = …` (Rust) as a whole line, by offset.
        let stores: Vec<(usize, &str)> = (1..self.tokens.len())
            .filter(|&at| {
                language == Language::Python
                    || self
                        .tokens
                        .get(at)
                        .and_then(|t| t.first())
                        .is_some_and(|t| t.text == "let")
            })
            .filter_map(|at| Some((at, self.set_to(at, language)?.0)))
            .collect();
        for (i, &(first, name)) in stores.iter().enumerate() {
            let Some(&(second, _)) = stores[i + 1..].iter().find(|(_, n)| *n == name) else {
                continue;
            };
            let read = |at: usize| {
                self.tokens
                    .get(at)
                    .is_some_and(|line| line.iter().any(|t| t.text == name))
            };
            if (first + 1..second).any(read) {
                continue;
            }
            // The twin: its store, the loop right after it, then the check reading the name.
            let Some(twin_loop) = self.loop_after(second) else {
                continue;
            };
            let check = self.after_block(twin_loop, language);
            let Some(check_line) = self.lines.get(check) else {
                continue;
            };
            let is_if = self
                .tokens
                .get(check)
                .and_then(|t| t.first())
                .is_some_and(|t| t.text == "if");
            if !is_if || !read(check) || indent(check_line) != indent(self.lines[second]) {
                continue;
            }
            let check_end = self.after_block(check, language);
            if check_end - check > MAX_CHECK_LINES {
                continue;
            }
            // The block lacking it: its store, then a loop.
            let Some(own_loop) = self.loop_after(first) else {
                continue;
            };
            // Its last line: a Rust loop's closing brace, a Python loop's last statement.
            let after = self.after_block(own_loop, language) - 1;
            if after >= second {
                continue;
            }
            let (from, to) = (indent(check_line), indent(self.lines[first]));
            let copied: Vec<String> = self.lines[check..check_end]
                .iter()
                .map(|l| {
                    let body = l.get(from.min(indent(l))..).unwrap_or(l);
                    format!("{}{body}", " ".repeat(to))
                })
                .collect();
            hunks.extend(self.lines_inserted_after(
                file,
                after,
                copied,
                MutationOperator::DeadStoreRead,
                format!(
                    "`{name}` is stored and never read; the twin block's `{}` copied",
                    check_line.trim()
                ),
            ));
        }
        hunks
    }

    /// The first line after the block line `head` opens, a Rust block's closing brace
    /// (at the header's indent) included.
    pub(super) fn after_block(&self, head: usize, language: Language) -> usize {
        let end = self.block_end(head, self.lines.get(head).map_or(0, |l| indent(l)));
        match language {
            Language::Rust if self.lines.get(end).is_some_and(|l| l.trim() == "}") => end + 1,
            _ => end,
        }
    }

    /// The loop header right after line `at`, at its indent.
    fn loop_after(&self, at: usize) -> Option<usize> {
        let next = at + 1;
        let line = self.lines.get(next)?;
        let opens = self
            .tokens
            .get(next)?
            .first()
            .is_some_and(|t| matches!(t.text, "for" | "while" | "loop"));
        (opens && indent(line) == indent(self.lines.get(at)?)).then_some(next)
    }
}
