//! A separator written before every piece, the first included: `out.append("_")` before each
//! upper-case letter makes `"Parse"` → `"_parse"`; `out.push(' ')` after a run of spaces puts
//! one before the first word too. The separator is guarded by the output holding something
//! already (`if out:`, `if !out.is_empty()`), or by the loop's index being past the first
//! (`if i > 0:`): a clause joined to the `if` it is alone in, or an `if` of its own.

use super::super::{Language, MutationOperator, TokenKind};
use super::{FunctionText, HunkMutation};

use super::super::indentation as indent;

/// The literal is a separator: one to three characters, none a letter or a digit.
fn is_separator(literal: &str) -> bool {
    let inner: Vec<char> = literal.chars().collect();
    let Some(body) = inner.get(1..inner.len().saturating_sub(1)) else {
        return false;
    };
    (1..=3).contains(&body.len())
        && body
            .iter()
            .all(|c| !c.is_alphanumeric() && !matches!(c, '\\' | '\'' | '"'))
}

impl FunctionText<'_> {
    /// See the module.
    pub(super) fn first_separator_guards(
        &self,
        file: &str,
        language: Language,
    ) -> Vec<HunkMutation> {
        let mut hunks = Vec::new();
        for head in 0..self.tokens.len() {
            let Some(body) = self.loop_body(head) else {
                continue;
            };
            // The loop's index, when it enumerates (`for i, ch in enumerate(s)`,
            // `for (i, ch) in s.chars().enumerate()`).
            let header: Vec<&str> = self.tokens[head].iter().map(|t| t.text).collect();
            let index = match header.as_slice() {
                ["for", i, ",", ..] if header.contains(&"enumerate") => Some(*i),
                ["for", "(", i, ",", ..] if header.contains(&"enumerate") => Some(*i),
                _ => None,
            };
            for &k in &body {
                let (Some(tokens), Some(line)) = (self.tokens.get(k), self.lines.get(k)) else {
                    continue;
                };
                let texts: Vec<&str> = tokens.iter().map(|t| t.text).collect();
                let out = match texts.as_slice() {
                    [out, ".", "append" | "push" | "push_str", "(", sep, ")", ..]
                    | [out, "+=", sep, ..]
                        if tokens
                            .iter()
                            .any(|t| t.kind == TokenKind::Literal && t.text == *sep)
                            && is_separator(sep) =>
                    {
                        *out
                    }
                    _ => continue,
                };
                let pad = &line[..indent(line)];
                let statement = line.trim();
                let (nonempty, close) = match language {
                    Language::Python => (out.to_string(), ""),
                    Language::Rust => (format!("!{out}.is_empty()"), "}"),
                };
                let why = |what: &str| format!("the separator `{statement}` {what}");
                // Alone in an `if`: the clause joins that `if`.
                let above = k
                    .checked_sub(1)
                    .and_then(|a| self.tokens.get(a).map(|t| (a, t)));
                let next_is_end = match language {
                    Language::Python => self
                        .lines
                        .get(k + 1)
                        .is_none_or(|l| l.trim().is_empty() || indent(l) < indent(line)),
                    Language::Rust => self.lines.get(k + 1).is_some_and(|l| l.trim() == "}"),
                };
                if let Some((a, above)) = above
                    && above.first().is_some_and(|t| t.text == "if")
                    && next_is_end
                    && let Some(above_line) = self.lines.get(a)
                {
                    let and = if language == Language::Python {
                        "and"
                    } else {
                        "&&"
                    };
                    let opener = if language == Language::Python {
                        ":"
                    } else {
                        " {"
                    };
                    if let Some(cond) = above_line.trim_end().strip_suffix(opener) {
                        hunks.extend(self.line_replaced(
                            file,
                            a,
                            format!("{cond} {and} {nonempty}{opener}"),
                            MutationOperator::SeparatorGuard,
                            why("only once the output holds something"),
                        ));
                    }
                    continue;
                }
                let mut guards = vec![nonempty.clone()];
                if let Some(i) = index {
                    guards.push(format!("{i} > 0"));
                }
                for guard in guards {
                    let wrapped = match language {
                        Language::Python => {
                            vec![format!("{pad}if {guard}:"), format!("{pad}    {statement}")]
                        }
                        Language::Rust => vec![
                            format!("{pad}if {guard} {{"),
                            format!("{pad}    {statement}"),
                            format!("{pad}{close}"),
                        ],
                    };
                    let Ok(at) = u32::try_from(self.first + k + 1) else {
                        continue;
                    };
                    hunks.push(HunkMutation {
                        file: file.to_string(),
                        line: at,
                        old_lines: vec![line.to_string()],
                        new_lines: wrapped,
                        operator: MutationOperator::SeparatorGuard,
                        description: why(&format!("only when `{guard}`")),
                    });
                }
            }
        }
        hunks
    }
}

impl FunctionText<'_> {
    /// A separator written right before a loop that writes the pieces it separates (`out.push
    /// ('.')` before `while rem != 0 { … }`): when the loop does not run, the separator is
    /// left trailing (`"2."` for 4 / 2, probe43-rs-11). The separator is guarded by the
    /// loop's own condition, when every name it reads is bound before the separator.
    pub(super) fn separators_before_loops(
        &self,
        file: &str,
        language: Language,
    ) -> Vec<HunkMutation> {
        let mut hunks = Vec::new();
        for (k, tokens) in self.tokens.iter().enumerate().skip(1) {
            let Some(line) = self.lines.get(k) else {
                continue;
            };
            let texts: Vec<&str> = tokens.iter().map(|t| t.text).collect();
            let separator = match texts.as_slice() {
                [_, ".", "append" | "push" | "push_str", "(", sep, ")", ..]
                | [_, "+=", sep, ..]
                    if tokens
                        .iter()
                        .any(|t| t.kind == TokenKind::Literal && t.text == *sep)
                        && is_separator(sep) =>
                {
                    *sep
                }
                _ => continue,
            };
            // The loop: within the next three lines, at the separator's depth.
            let depth = indent(line);
            let Some((head, condition)) = (k + 1..(k + 4).min(self.lines.len())).find_map(|h| {
                let l = self.lines.get(h)?;
                let t = self.tokens.get(h)?;
                if indent(l) != depth || t.first()?.text != "while" {
                    return None;
                }
                let body = l.trim();
                let condition = match language {
                    Language::Python => body.strip_prefix("while ")?.strip_suffix(':')?,
                    Language::Rust => body.strip_prefix("while ")?.strip_suffix(" {")?,
                };
                (!condition.starts_with("let ")).then_some((h, condition.trim()))
            }) else {
                continue;
            };
            let bound_before = self.tokens[head]
                .iter()
                .filter(|t| t.kind == TokenKind::Ident && t.text != "while")
                .all(|name| {
                    self.tokens[..k]
                        .iter()
                        .any(|l| l.iter().any(|t| t.text == name.text))
                });
            if !bound_before {
                continue;
            }
            let pad = &line[..depth];
            let statement = line.trim();
            let wrapped = match language {
                Language::Python => {
                    vec![
                        format!("{pad}if {condition}:"),
                        format!("{pad}    {statement}"),
                    ]
                }
                Language::Rust => vec![
                    format!("{pad}if {condition} {{"),
                    format!("{pad}    {statement}"),
                    format!("{pad}}}"),
                ],
            };
            hunks.extend(self.line_replaced_by_lines(
                file,
                k,
                wrapped,
                MutationOperator::SeparatorGuard,
                format!("the separator {separator} only when the loop after it runs"),
            ));
        }
        hunks
    }
}
