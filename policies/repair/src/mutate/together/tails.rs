//! A merge that loses both tails: `while i < len(a) and j < len(b):` takes the smaller head
//! of two sequences into `out`, and when one runs out the rest of the other must follow
//! (`out.extend(a[i:])`, `out.extend(b[j:])`). With one tail there, `mirror_statement` adds
//! its twin; with neither, both are inserted after the loop, in one hunk.

use super::super::{Language, MutationOperator, Token, TokenKind};
use super::{FunctionText, HunkMutation};

/// `i < len(a)` (Python) or `i < a.len()` (Rust) at `tokens[k..]`: (index, sequence, tokens
/// read).
fn bound<'a>(
    tokens: &[Token<'a>],
    k: usize,
    language: Language,
) -> Option<(&'a str, &'a str, usize)> {
    let index = tokens.get(k).filter(|t| t.kind == TokenKind::Ident)?;
    if tokens.get(k + 1)?.text != "<" {
        return None;
    }
    let text = |j: usize| tokens.get(k + j).map_or("", |t| t.text);
    match language {
        Language::Python if text(2) == "len" && text(3) == "(" && text(5) == ")" => {
            Some((index.text, tokens.get(k + 4)?.text, 6))
        }
        Language::Rust
            if text(3) == "." && text(4) == "len" && text(5) == "(" && text(6) == ")" =>
        {
            Some((index.text, tokens.get(k + 2)?.text, 7))
        }
        _ => None,
    }
}

impl FunctionText<'_> {
    /// See the module.
    pub(super) fn merge_tails(&self, file: &str, language: Language) -> Vec<HunkMutation> {
        let indent = |l: &str| l.len() - l.trim_start().len();
        let mut hunks = Vec::new();
        for (head, tokens) in self.tokens.iter().enumerate() {
            if tokens.first().is_none_or(|t| t.text != "while") {
                continue;
            }
            let Some((i, a, used)) = bound(tokens, 1, language) else {
                continue;
            };
            let joined = tokens
                .get(1 + used)
                .is_some_and(|t| matches!(t.text, "and" | "&&"));
            let Some((j, b, _)) = bound(tokens, 2 + used, language) else {
                continue;
            };
            if !joined || i == j || a == b {
                continue;
            }
            let (Some(head_line), Some(body)) = (self.lines.get(head), self.loop_body(head)) else {
                continue;
            };
            // The accumulator: what the body appends `a[i]` or `b[j]` to.
            let append = if language == Language::Python {
                "append"
            } else {
                "push"
            };
            let Some(out) = body.iter().find_map(|&k| {
                let line = self.tokens.get(k)?;
                let takes = line.windows(4).any(|w| {
                    (w[0].text == a || w[0].text == b) && w[1].text == "[" && w[3].text == "]"
                });
                (line.get(1)?.text == "." && line.get(2)?.text == append && takes)
                    .then(|| line.first().map(|t| t.text))
                    .flatten()
            }) else {
                continue;
            };
            let last = match language {
                Language::Python => body
                    .iter()
                    .rev()
                    .find(|&&k| self.lines.get(k).is_some_and(|l| !l.trim().is_empty()))
                    .copied(),
                // The closing brace at the header's indent.
                Language::Rust => body.last().map(|&k| k + 1).filter(|&k| {
                    self.lines
                        .get(k)
                        .is_some_and(|l| l.trim_start().starts_with('}'))
                }),
            };
            let Some(last) = last else {
                continue;
            };
            let after: String = self.lines[(last + 1).min(self.lines.len())..].join("\n");
            let tail = |seq: &str, index: &str| match language {
                Language::Python => format!("{out}.extend({seq}[{index}:])"),
                Language::Rust => format!("{out}.extend_from_slice(&{seq}[{index}..]);"),
            };
            let read = |seq: &str, index: &str| match language {
                Language::Python => after.contains(&format!("{seq}[{index}:]")),
                Language::Rust => after.contains(&format!("{seq}[{index}..]")),
            };
            if read(a, i) || read(b, j) {
                continue;
            }
            let pad = &head_line[..indent(head_line)];
            let inserted = [tail(a, i), tail(b, j)];
            let description = format!(
                "`{}` and `{}` after the merge loop (the rest of each side was never taken)",
                inserted[0], inserted[1]
            );
            hunks.extend(self.lines_inserted_after(
                file,
                last,
                inserted.iter().map(|l| format!("{pad}{l}")).collect(),
                MutationOperator::FlushRemainder,
                description,
            ));
        }
        hunks
    }
}
