//! A set that is asked but never told: `if nxt not in seen` in a search that never does
//! `seen.add(…)`, so a cycle is walked for ever (a `RecursionError`, a hang). The node the
//! function is called for is what it should mark, so `seen.add(source)` is inserted for each
//! parameter, after the set's own set-up (`if seen is None: seen = set()`).

use super::super::{Language, MutationOperator, TokenKind};
use super::{FunctionText, HunkMutation};

use super::super::indentation as indent;

/// Methods that put something in a collection.
const FILLS: [&str; 6] = ["add", "append", "update", "extend", "insert", "setdefault"];

impl FunctionText<'_> {
    /// See the module. Python only: a Rust search marks `visited[v] = true` in too many ways.
    pub(super) fn unmarked_visits(&self, file: &str, language: Language) -> Vec<HunkMutation> {
        if language != Language::Python {
            return Vec::new();
        }
        let parameters = self.parameter_names(language);
        // Names asked for membership: `x in NAME`, `x not in NAME`.
        let mut asked: Vec<&str> = Vec::new();
        for tokens in &self.tokens {
            for (k, t) in tokens.iter().enumerate() {
                if t.text == "in"
                    && k > 0
                    && tokens.first().is_none_or(|f| f.text != "for")
                    && let Some(name) = tokens.get(k + 1).filter(|n| n.kind == TokenKind::Ident)
                    && tokens
                        .get(k + 2)
                        .is_none_or(|n| !matches!(n.text, "(" | "." | "["))
                    && !asked.contains(&name.text)
                {
                    asked.push(name.text);
                }
            }
        }
        let mut hunks = Vec::new();
        for name in asked {
            let filled = self.tokens.iter().any(|tokens| {
                tokens
                    .windows(3)
                    .any(|w| w[0].text == name && w[1].text == "." && FILLS.contains(&w[2].text))
                    || tokens
                        .windows(2)
                        .any(|w| w[0].text == name && matches!(w[1].text, "[" | "|=" | "+="))
            });
            // A set the function makes (`NAME = set()`, maybe for a `NAME=None` parameter):
            // a parameter it is only handed may be any collection.
            let made_here = self.lines.iter().any(|l| {
                let t = l.trim();
                t == format!("{name} = set()") || t == format!("{name}: set = set()")
            });
            if filled || !made_here {
                continue;
            }
            // After the docstring and the set's own set-up.
            let Some(body_indent) = self
                .lines
                .iter()
                .skip(1)
                .find(|l| !l.trim().is_empty())
                .map(|l| indent(l))
            else {
                continue;
            };
            let mut at = self.after_docstring();
            while let Some(line) = self.lines.get(at) {
                let t = line.trim();
                let sets_up = t.is_empty()
                    || indent(line) > body_indent
                    || t == format!("if {name} is None:")
                    || t.starts_with(&format!("{name} ="));
                if !sets_up {
                    break;
                }
                at += 1;
            }
            let Some(anchor) = at.checked_sub(1) else {
                continue;
            };
            let pad = " ".repeat(body_indent);
            for parameter in parameters.iter().filter(|p| **p != name) {
                let statement = format!("{pad}{name}.add({parameter})");
                let description = format!(
                    "`{}` inserted (`{name}` is asked for membership and never filled)",
                    statement.trim()
                );
                hunks.extend(self.lines_inserted_after(
                    file,
                    anchor,
                    vec![statement],
                    MutationOperator::InsertStatement,
                    description,
                ));
            }
        }
        hunks
    }
}
