//! A loop that adds one term per consecutive pair, and names bound after it for the pair it
//! leaves out — the closing edge of a polygon, from its last vertex back to its first — that
//! nothing reads (probe43-rs-27: `let (fx, fy) = points[0]; let (lx, ly) = points[n - 1];`
//! and then only `total`). The loop's accumulating statement is repeated for them, its
//! bindings' names replaced by the unread ones, right after the last unread binding.

use super::super::{Language, MutationOperator, Token, TokenKind, is_keyword};
use super::{FunctionText, HunkMutation, renamed};

use super::super::indentation as indent;

/// Most accumulating statements repeated per function.
const MAX_STATEMENTS: usize = 2;

/// The names a line binds by destructuring (`let (a, b) = …;`, `a, b = …`), in order.
fn destructured<'a>(tokens: &[Token<'a>], language: Language) -> Option<Vec<&'a str>> {
    let texts: Vec<&str> = tokens.iter().map(|t| t.text).collect();
    let pattern: &[Token<'a>] = match language {
        Language::Rust => {
            let ["let", "(", ..] = texts.as_slice() else {
                return None;
            };
            let close = texts.iter().position(|t| *t == ")")?;
            if texts.get(close + 1) != Some(&"=") {
                return None;
            }
            tokens.get(2..close)?
        }
        Language::Python => {
            let eq = texts.iter().position(|t| *t == "=")?;
            let start = usize::from(texts.first() == Some(&"("));
            let end = if start == 1 { eq.checked_sub(1)? } else { eq };
            tokens.get(start..end)?
        }
    };
    let mut names = Vec::new();
    for (k, t) in pattern.iter().enumerate() {
        let want_name = k % 2 == 0;
        match (want_name, t.kind) {
            (true, TokenKind::Ident) if !is_keyword(t.text, language) => names.push(t.text),
            (false, TokenKind::Comma) => {}
            _ => return None,
        }
    }
    (names.len() >= 2 && pattern.len() == names.len() * 2 - 1).then_some(names)
}

impl FunctionText<'_> {
    /// See the module.
    pub(super) fn closing_statements(&self, file: &str, language: Language) -> Vec<HunkMutation> {
        // Bindings after every loop whose names nothing later reads.
        let reads_later = |at: usize, name: &str| {
            self.tokens
                .iter()
                .skip(at + 1)
                .any(|line| line.iter().any(|t| t.text == name))
        };
        let bindings: Vec<(usize, Vec<&str>)> = self
            .tokens
            .iter()
            .enumerate()
            .skip(1)
            .filter_map(|(at, tokens)| Some((at, destructured(tokens, language)?)))
            .collect();
        let unread: Vec<&(usize, Vec<&str>)> = bindings
            .iter()
            .filter(|(at, names)| {
                !self.inside_a_loop(*at) && names.iter().all(|n| !reads_later(*at, n))
            })
            .collect();
        let Some(&&(last, ref last_names)) = unread.last() else {
            return Vec::new();
        };
        let arity = last_names.len();
        let unread: Vec<&Vec<&str>> = unread
            .iter()
            .filter(|(_, names)| names.len() == arity)
            .map(|(_, names)| names)
            .collect();
        // The loop's own bindings of that shape, before the unread ones.
        let inner: Vec<(usize, &Vec<&str>)> = bindings
            .iter()
            .filter(|(at, names)| *at < last && names.len() == arity && self.inside_a_loop(*at))
            .map(|(at, names)| (*at, names))
            .collect();
        if inner.is_empty() || unread.len() > inner.len() {
            return Vec::new();
        }
        let Some(line) = self.lines.get(last) else {
            return Vec::new();
        };
        let pad = &line[..indent(line)];
        let mut hunks = Vec::new();
        let first_inner = inner.first().map_or(0, |(at, _)| *at);
        for (at, tokens) in self.tokens.iter().enumerate().skip(first_inner + 1) {
            if at >= last || hunks.len() >= MAX_STATEMENTS * 2 || !self.inside_a_loop(at) {
                continue;
            }
            let accumulates = tokens
                .iter()
                .any(|t| matches!(t.text, "+=" | "-=" | "*=" | "append" | "push"));
            // The loop bindings the statement reads, in the order they are bound.
            let read: Vec<&Vec<&str>> = inner
                .iter()
                .filter(|(_, names)| names.iter().any(|n| tokens.iter().any(|t| t.text == *n)))
                .map(|(_, names)| *names)
                .collect();
            if !accumulates || read.len() != unread.len() {
                continue;
            }
            let Some(statement) = self.lines.get(at) else {
                continue;
            };
            let code = &statement[indent(statement)..];
            let offset = indent(statement);
            // Each loop binding the statement reads to an unread one, in either order for two.
            let mut orders: Vec<Vec<&Vec<&str>>> = vec![unread.clone()];
            if unread.len() == 2 {
                orders.push(unread.iter().rev().copied().collect());
            }
            for order in orders {
                let partner = |t: &Token<'_>| {
                    read.iter().zip(&order).find_map(|(from, to)| {
                        let k = from.iter().position(|n| *n == t.text)?;
                        to.get(k).copied()
                    })
                };
                let shifted: Vec<Token<'_>> = tokens
                    .iter()
                    .map(|t| Token {
                        start: t.start.saturating_sub(offset),
                        end: t.end.saturating_sub(offset),
                        ..*t
                    })
                    .collect();
                let new_line = format!("{pad}{}", renamed(code, shifted.iter(), partner));
                let names: Vec<&str> = order.iter().flat_map(|n| n.iter().copied()).collect();
                hunks.extend(self.lines_inserted_after(
                    file,
                    last,
                    vec![new_line],
                    MutationOperator::ClosingStatement,
                    format!(
                        "the loop's `{}` repeated for `{}`",
                        code.trim(),
                        names.join(", ")
                    ),
                ));
            }
        }
        hunks
    }
}
