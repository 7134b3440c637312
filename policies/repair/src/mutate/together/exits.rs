//! A loop that goes on after its branch has done the work: `if f != 0 && n % f == 0 {
//! total += n; }` inside `for &f in factors` adds `n` once per factor that divides it, where
//! the description says once (probe35-rust-04); a search keeps the last match instead of the
//! first. The loop is left at the end of such a branch: `break`, for every branch that sits
//! right in a loop's body and does not jump already. When the loop's body goes on after the
//! branch, the rest of it may be what the branch's item must skip (`total -= vals[i];` and
//! then `total += vals[i];` for every numeral: probe36-rust-01): `continue` there too.

use super::super::{Language, MutationOperator};
use super::{FunctionText, HunkMutation};

use super::super::indentation as indent;

/// A line's first words that leave the block already.
const JUMPS: [&str; 6] = ["break", "return", "continue", "raise", "panic", "yield"];

impl FunctionText<'_> {
    /// See the module.
    pub(super) fn loop_exits(&self, file: &str, language: Language) -> Vec<HunkMutation> {
        let mut hunks = Vec::new();
        for (head, tokens) in self.tokens.iter().enumerate().skip(1) {
            let texts: Vec<&str> = tokens.iter().map(|t| t.text).collect();
            let is_branch = match language {
                Language::Python => {
                    matches!(texts.first(), Some(&"if" | &"elif")) && texts.last() == Some(&":")
                }
                Language::Rust => {
                    (texts.first() == Some(&"if") || texts.starts_with(&["}", "else", "if"]))
                        && texts.last() == Some(&"{")
                }
            };
            let Some(line) = self.lines.get(head).filter(|_| is_branch) else {
                continue;
            };
            // The block that holds the branch: the nearest shallower line above it.
            let depth = indent(line);
            let holder = (1..head).rev().find(|&k| {
                self.lines
                    .get(k)
                    .is_some_and(|l| !l.trim().is_empty() && indent(l) < depth)
            });
            let in_loop = holder
                .and_then(|k| self.tokens.get(k))
                .and_then(|t| t.first())
                .is_some_and(|t| matches!(t.text, "for" | "while" | "loop"));
            if !in_loop {
                continue;
            }
            let body: Vec<usize> = self
                .block_body(head)
                .into_iter()
                .filter(|&k| self.lines.get(k).is_some_and(|l| !l.trim().is_empty()))
                .collect();
            let (Some(&first), Some(&last)) = (body.first(), body.last()) else {
                continue;
            };
            let jumps = body.iter().any(|&k| {
                self.tokens
                    .get(k)
                    .and_then(|t| t.first())
                    .is_some_and(|t| JUMPS.contains(&t.text))
            });
            let idle = body.len() == 1
                && self
                    .lines
                    .get(first)
                    .is_some_and(|l| matches!(l.trim(), "pass" | "..."));
            if jumps || idle {
                continue;
            }
            let pad = self.lines.get(first).map_or("", |l| &l[..indent(l)]);
            let mut exits = vec![(
                "break",
                "the loop left once the branch has done its work: `break`",
            )];
            if self.loop_goes_on_after(last, depth, language) {
                exits.push((
                    "continue",
                    "the rest of the loop's body skipped after the branch's work: `continue`",
                ));
            }
            for (jump, what) in exits {
                let line = match language {
                    Language::Python => format!("{pad}{jump}"),
                    Language::Rust => format!("{pad}{jump};"),
                };
                hunks.extend(self.lines_inserted_after(
                    file,
                    last,
                    vec![line],
                    MutationOperator::InsertStatement,
                    what.to_string(),
                ));
            }
        }
        hunks
    }

    /// Whether a statement of the enclosing loop's body follows the branch whose body ends at
    /// line `last` (the branch's head at indent `depth`), not another arm of it.
    fn loop_goes_on_after(&self, last: usize, depth: usize, language: Language) -> bool {
        let mut after = (last + 1..self.lines.len())
            .filter_map(|k| self.lines.get(k).map(|l| (l.trim(), indent(l))))
            .filter(|(t, _)| !t.is_empty());
        if language == Language::Rust {
            // The branch's own closing brace; `} else {` is another arm.
            match after.next() {
                Some(("}", d)) if d == depth => {}
                _ => return false,
            }
        }
        after.next().is_some_and(|(t, d)| {
            d == depth && !t.starts_with('}') && !t.starts_with("elif") && !t.starts_with("else")
        })
    }
}
