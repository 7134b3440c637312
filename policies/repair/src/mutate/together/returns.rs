//! A guard that returns what the function returns anyway: `if len(order) < len(indegree):
//! return order` right before `return order`. The branch exists to return something else, so
//! its value is replaced: `None` (first when the description names it, or when a Rust
//! function returns an `Option`), a flag, `-1`, an empty value.

use super::super::{Language, MutationOperator};
use super::{FunctionText, HunkMutation};

use super::super::indentation as indent;

/// The value a `return` line returns, without the keyword (and Rust's `;`).
fn returned(line: &str) -> Option<&str> {
    let value = line.trim().strip_prefix("return ")?;
    Some(value.strip_suffix(';').unwrap_or(value).trim())
}

impl FunctionText<'_> {
    /// See the module.
    pub(super) fn distinct_guard_returns(
        &self,
        file: &str,
        language: Language,
        description: &str,
    ) -> Vec<HunkMutation> {
        let header = self.lines.first().copied().unwrap_or("");
        let rust_return = header.split("->").nth(1).unwrap_or("").trim();
        let alternatives: Vec<&str> = match language {
            Language::Python => {
                let mut values = vec!["None", "False", "-1", "[]"];
                if !description.contains("None") {
                    values.rotate_left(1);
                }
                values
            }
            Language::Rust if rust_return.starts_with("Option") => vec!["None"],
            Language::Rust if rust_return.starts_with("bool") => vec!["false", "true"],
            Language::Rust if rust_return.starts_with('i') => vec!["-1", "0"],
            Language::Rust if rust_return.starts_with("Vec") => vec!["vec![]"],
            Language::Rust => Vec::new(),
        };
        let mut hunks = Vec::new();
        for (k, line) in self.lines.iter().enumerate() {
            let is_guard = match language {
                Language::Python => {
                    line.trim_start().starts_with("if ") && line.trim_end().ends_with(':')
                }
                Language::Rust => {
                    line.trim_start().starts_with("if ") && line.trim_end().ends_with('{')
                }
            };
            let Some(body) = self.lines.get(k + 1) else {
                continue;
            };
            let Some(value) = returned(body) else {
                continue;
            };
            if !is_guard || indent(body) <= indent(line) {
                continue;
            }
            // The body is that one return; the next return at the guard's depth or above
            // returns the same value.
            let after = self.lines.get(k + 2).copied().unwrap_or("");
            let closed = match language {
                Language::Python => after.trim().is_empty() || indent(after) <= indent(line),
                Language::Rust => after.trim() == "}",
            };
            let same_after = self.lines[k + 2..]
                .iter()
                .filter(|l| !l.trim().is_empty() && indent(l) <= indent(line))
                .find_map(|l| {
                    returned(l).or_else(|| {
                        // A Rust tail expression.
                        (language == Language::Rust && !l.trim().ends_with(';') && l.trim() != "}")
                            .then(|| l.trim())
                    })
                })
                .is_some_and(|v| v == value);
            if !closed || !same_after {
                continue;
            }
            for alternative in &alternatives {
                if *alternative == value {
                    continue;
                }
                let new_line = body.replacen(value, alternative, 1);
                hunks.extend(self.line_replaced(
                    file,
                    k + 1,
                    new_line,
                    MutationOperator::DistinctReturn,
                    format!(
                        "`return {value}` → `return {alternative}` (the guard returned what the function returns anyway)"
                    ),
                ));
            }
        }
        hunks
    }
}
