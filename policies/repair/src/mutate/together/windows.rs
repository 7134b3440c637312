//! A sliding window that only grows: each step counts the item entering it (`window[(s[i] -
//! b'a') as usize] += 1;`) and compares the window with a length `m` (`if i + 1 >= m && window
//! == need`), but nothing ever leaves (no `-=` on the window). Right after the count, the item
//! `m` places back leaves: `if i >= m { window[(s[i - m] - b'a') as usize] -= 1; }`
//! (probe38-rust-23, anagram starts).

use super::super::{Language, MutationOperator, Token, TokenKind};
use super::{FunctionText, HunkMutation};

use super::super::indentation as indent;

/// The subscript of `line`'s counted item (`W[SUB] += 1`, Rust ending in `;`): the counter's
/// name and the token range of `SUB`.
fn counted<'a>(tokens: &[Token<'a>], language: Language) -> Option<(&'a str, usize, usize)> {
    let texts: Vec<&str> = tokens.iter().map(|t| t.text).collect();
    let tail = match language {
        Language::Python => 2,
        Language::Rust => 3,
    };
    let ends = match language {
        Language::Python => texts.ends_with(&["+=", "1"]),
        Language::Rust => texts.ends_with(&["+=", "1", ";"]),
    };
    let window = tokens.first().filter(|w| w.kind == TokenKind::Ident)?;
    let close = texts.len().checked_sub(tail + 1)?;
    (ends && texts.get(1) == Some(&"[") && texts.get(close) == Some(&"]") && close > 2).then_some((
        window.text,
        2,
        close,
    ))
}

impl FunctionText<'_> {
    /// See the module.
    pub(super) fn sliding_window_exits(&self, file: &str, language: Language) -> Vec<HunkMutation> {
        let mut hunks = Vec::new();
        let decremented = |name: &str| {
            self.tokens.iter().any(|t| {
                t.first().is_some_and(|f| f.text == name) && t.iter().any(|t| t.text == "-=")
            })
        };
        for (head, tokens) in self.tokens.iter().enumerate().skip(1) {
            // `for i in …` over positions.
            let index = match (tokens.first(), tokens.get(1), tokens.get(2)) {
                (Some(f), Some(i), Some(n))
                    if f.text == "for" && i.kind == TokenKind::Ident && n.text == "in" =>
                {
                    i.text
                }
                _ => continue,
            };
            let body = self.block_body(head);
            // The window's length: a name the body's conditions compare with the index.
            let length = body.iter().find_map(|&c| self.compared_length(c, index));
            let Some(length) = length else {
                continue;
            };
            for &at in &body {
                let (Some(line), Some(t)) = (self.lines.get(at), self.tokens.get(at)) else {
                    continue;
                };
                let Some((window, from, to)) = counted(t, language) else {
                    continue;
                };
                if decremented(window) || window == length {
                    continue;
                }
                // The item read at the index inside the subscript (`s[i]`).
                let sub = &t[from..to];
                let Some(k) = sub.windows(4).position(|w| {
                    w[0].kind == TokenKind::Ident
                        && w[1].text == "["
                        && w[2].text == index
                        && w[3].text == "]"
                }) else {
                    continue;
                };
                let (Some(before), Some(after)) = (
                    line.get(sub[0].start..sub[k + 2].start),
                    line.get(sub[k + 2].end..sub[sub.len() - 1].end),
                ) else {
                    continue;
                };
                let leaving = format!("{window}[{before}{index} - {length}{after}]");
                let pad = &line[..indent(line)];
                let lines = match language {
                    Language::Python => vec![
                        format!("{pad}if {index} >= {length}:"),
                        format!("{pad}    {leaving} -= 1"),
                    ],
                    Language::Rust => vec![
                        format!("{pad}if {index} >= {length} {{"),
                        format!("{pad}    {leaving} -= 1;"),
                        format!("{pad}}}"),
                    ],
                };
                hunks.extend(self.lines_inserted_after(
                    file,
                    at,
                    lines,
                    MutationOperator::SlidingWindowExit,
                    format!("the item `{length}` places back leaves `{window}`"),
                ));
            }
        }
        hunks
    }

    /// Line `at`, a condition (`if`/`while`) comparing `index` with a plain name other than
    /// `index` (`i + 1 >= m`): that name.
    fn compared_length(&self, at: usize, index: &str) -> Option<&str> {
        let t = self.tokens.get(at)?;
        let first = t.first()?;
        let compares = t.iter().any(|w| matches!(w.text, ">=" | ">" | "<" | "<="));
        if !matches!(first.text, "if" | "while") || !compares || !t.iter().any(|w| w.text == index)
        {
            return None;
        }
        t.windows(3).find_map(|w| {
            let name = &w[1];
            let plain = name.kind == TokenKind::Ident
                && name.text != index
                && !matches!(w[0].text, "." | "::")
                && !matches!(w[2].text, "(" | "[" | "." | "::");
            let compared = matches!(w[0].text, ">=" | ">" | "<" | "<=")
                || matches!(w[2].text, ">=" | ">" | "<" | "<=");
            (plain && compared).then_some(name.text)
        })
    }
}
