//! A type test on one of two operands: `if isinstance(value, dict): result[key] =
//! deep_merge(current, value)` merges "when both hold a dict", but only `value` is tested, so
//! a plain `current` goes into the recursion (probe42-py-15). The body passes the tested name
//! together with another name bound in the function; the same test of that other name is
//! conjoined in front. Python only (Rust's types say this statically).

use super::super::{Language, MutationOperator, TokenKind, is_keyword};
use super::{FunctionText, HunkMutation};

use super::super::indentation as indent;

impl FunctionText<'_> {
    /// See the module.
    pub(super) fn both_operand_tests(&self, file: &str, language: Language) -> Vec<HunkMutation> {
        if language != Language::Python {
            return Vec::new();
        }
        let mut hunks = Vec::new();
        for (head, tokens) in self.tokens.iter().enumerate().skip(1) {
            let texts: Vec<&str> = tokens.iter().map(|t| t.text).collect();
            // Exactly `if isinstance(A, T):` (or `elif`).
            let (keyword, tested, kind) = match texts.as_slice() {
                [k @ ("if" | "elif"), "isinstance", "(", a, ",", t, ")", ":"] => (*k, *a, *t),
                _ => continue,
            };
            let Some(head_line) = self.lines.get(head) else {
                continue;
            };
            let depth = indent(head_line);
            let Some(body) = self
                .tokens
                .get(head + 1)
                .filter(|_| self.lines.get(head + 1).is_some_and(|l| indent(l) > depth))
            else {
                continue;
            };
            // The body's call arguments: the tested name beside another plain name.
            let Some(open) = body.iter().position(|t| t.text == "(") else {
                continue;
            };
            let arguments: Vec<&str> = body[open..]
                .split(|t| t.text == "," || t.text == "(" || t.text == ")")
                .filter_map(|a| match a {
                    [one] if one.kind == TokenKind::Ident => Some(one.text),
                    _ => None,
                })
                .collect();
            if !arguments.contains(&tested) {
                continue;
            }
            for other in arguments {
                let bound_before = self.tokens[..head].iter().any(|line| {
                    matches!(line.as_slice(), [n, eq, ..] if n.text == other && eq.text == "=")
                        || line.first().is_some_and(|t| t.text == "def")
                            && line.iter().any(|t| t.text == other)
                });
                let already = texts.contains(&other);
                if other == tested || already || !bound_before || is_keyword(other, language) {
                    continue;
                }
                let new_line = format!(
                    "{}{keyword} isinstance({other}, {kind}) and isinstance({tested}, {kind}):",
                    &head_line[..depth]
                );
                hunks.extend(self.line_replaced(
                    file,
                    head,
                    new_line,
                    MutationOperator::AddClause,
                    format!("`{other}` tested as `{tested}` is"),
                ));
            }
        }
        hunks
    }
}
