//! An adjustment made after a value's start and lost when the value starts over: `let mut day
//! = bd;` then `if bm == 2 && bd == 29 && !is_leap(year) { day = 28; }`, and later, when the
//! year moves on, `day = bd;` again with no adjustment for the new year (probe43-rust-17).
//! The adjusting block is repeated right after the value is set back to its start.

use super::super::{Language, MutationOperator};
use super::{FunctionText, HunkMutation, assigns};

use super::super::indentation as indent;

/// Most lines an adjusting block may span (its `if`, a short body, a closing brace).
const MAX_BLOCK_LINES: usize = 5;

impl FunctionText<'_> {
    /// `(name, start expression)` of a line that sets a name: `let [mut] v = e;`, `v = e`.
    pub(super) fn set_to(&self, at: usize, language: Language) -> Option<(&str, &str)> {
        let tokens = self.tokens.get(at)?;
        let line = self.lines.get(at)?;
        let texts: Vec<&str> = tokens.iter().map(|t| t.text).collect();
        let (name, eq) = match (language, texts.as_slice()) {
            (Language::Rust, ["let", "mut", v, "=", ..]) => (*v, 3),
            (Language::Rust, ["let", v, "=", ..]) => (*v, 2),
            (_, [v, "=", ..]) => (*v, 1),
            _ => return None,
        };
        let value = line
            .get(tokens.get(eq)?.end..)?
            .trim()
            .trim_end_matches(';')
            .trim();
        (!value.is_empty()).then_some((name, value))
    }

    /// See the module.
    pub(super) fn lost_adjustments(&self, file: &str, language: Language) -> Vec<HunkMutation> {
        let mut hunks = Vec::new();
        for start in 1..self.lines.len() {
            let Some((name, value)) = self.set_to(start, language) else {
                continue;
            };
            // Only a value's first setting is its start.
            if (1..start).any(|k| self.tokens.get(k).is_some_and(|line| assigns(line, name))) {
                continue;
            }
            let depth = indent(self.lines[start]);
            // The value set back to its start later, deeper in some block.
            let Some(reset) = (start + 1..self.lines.len()).find(|&k| {
                self.set_to(k, language) == Some((name, value))
                    && self.lines.get(k).is_some_and(|l| indent(l) > depth)
            }) else {
                continue;
            };
            // The adjusting blocks between: an `if` at the start's depth assigning the name.
            for head in start + 1..reset {
                let is_if = self
                    .tokens
                    .get(head)
                    .and_then(|t| t.first())
                    .is_some_and(|t| t.text == "if");
                if !is_if || indent(self.lines[head]) != depth {
                    continue;
                }
                let end = self.after_block(head, language);
                let adjusts = (head + 1..end)
                    .any(|k| self.tokens.get(k).is_some_and(|line| assigns(line, name)));
                if !adjusts || end > reset || end - head > MAX_BLOCK_LINES {
                    continue;
                }
                let (from, to) = (depth, indent(self.lines[reset]));
                let copied: Vec<String> = self.lines[head..end]
                    .iter()
                    .map(|l| {
                        let body = l.get(from.min(indent(l))..).unwrap_or(l);
                        format!("{}{body}", " ".repeat(to))
                    })
                    .collect();
                hunks.extend(self.lines_inserted_after(
                    file,
                    reset,
                    copied,
                    MutationOperator::LostAdjustment,
                    format!(
                        "`{}` repeated after `{name}` starts over",
                        self.lines[head].trim()
                    ),
                ));
            }
        }
        hunks
    }
}
