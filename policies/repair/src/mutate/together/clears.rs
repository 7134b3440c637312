//! A history the description says an action clears ("Typing something new clears the redo
//! history") that the code never clears: each branch of the loop that leaves the history
//! alone gets the clear first in its body (`redo_stack.clear();`, probe39-rust-17). The tests
//! pick the branch.

use super::super::{Language, MutationOperator, TokenKind};
use super::{FunctionText, HunkMutation};

use super::super::indentation as indent;

/// Words that say something is emptied.
const CLEAR_WORDS: [&str; 6] = [
    "clear", "clears", "cleared", "empties", "emptied", "discards",
];

/// The words of the description's sentences that clear something, lower case.
fn cleared_words(description: &str) -> Vec<String> {
    let prose = description.split(">>>").next().unwrap_or("").to_lowercase();
    let mut out = Vec::new();
    for sentence in prose.split(['.', ';']) {
        let words: Vec<&str> = sentence
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| w.len() >= 3)
            .collect();
        if words.iter().any(|w| CLEAR_WORDS.contains(w)) {
            out.extend(words.iter().map(|w| (*w).to_string()));
        }
    }
    out
}

impl FunctionText<'_> {
    /// See the module.
    pub(super) fn described_clears(
        &self,
        file: &str,
        language: Language,
        description: &str,
    ) -> Vec<HunkMutation> {
        let words = cleared_words(description);
        if words.is_empty() {
            return Vec::new();
        }
        // Collections bound in the function whose name has a word of a clearing sentence
        // (`redo_stack` for "the redo history").
        let mut names: Vec<&str> = Vec::new();
        for tokens in self.tokens.iter().skip(1) {
            let name = match tokens.as_slice() {
                [l, m, name, ..] if l.text == "let" && m.text == "mut" => name,
                [name, eq, ..] if language == Language::Python && eq.text == "=" => name,
                _ => continue,
            };
            let named = name
                .text
                .to_lowercase()
                .split('_')
                .any(|part| words.iter().any(|w| w == part) && !CLEAR_WORDS.contains(&part));
            if name.kind == TokenKind::Ident && named && !names.contains(&name.text) {
                names.push(name.text);
            }
        }
        let mut hunks = Vec::new();
        for name in names {
            // Cleared or rebound anywhere already: not this bug.
            let cleared = self.tokens.iter().skip(1).any(|t| {
                t.windows(3)
                    .any(|w| w[0].text == name && w[1].text == "." && w[2].text == "clear")
                    || matches!(t.as_slice(), [n, eq, ..] if n.text == name && eq.text == "=")
            });
            if cleared {
                continue;
            }
            for (head, tokens) in self.tokens.iter().enumerate().skip(1) {
                let texts: Vec<&str> = tokens.iter().map(|t| t.text).collect();
                let branch = matches!(
                    texts.as_slice(),
                    ["if" | "elif", .., ":"]
                        | ["else", ":"]
                        | ["if", .., "{"]
                        | ["}", "else", .., "{"]
                );
                if !branch || !self.inside_a_loop(head) {
                    continue;
                }
                let body = self.block_body(head);
                let mentions = std::iter::once(&head).chain(&body).any(|&k| {
                    self.tokens
                        .get(k)
                        .is_some_and(|t| t.iter().any(|x| x.text == name))
                });
                let Some(first) = body.first().and_then(|&k| self.lines.get(k)) else {
                    continue;
                };
                if mentions || indent(first) <= self.lines.get(head).map_or(0, |l| indent(l)) {
                    continue;
                }
                let pad = &first[..indent(first)];
                let statement = match language {
                    Language::Python => format!("{pad}{name}.clear()"),
                    Language::Rust => format!("{pad}{name}.clear();"),
                };
                hunks.extend(self.lines_inserted_before(
                    file,
                    head + 1,
                    vec![statement],
                    MutationOperator::InsertStatement,
                    format!("`{name}` cleared, as the description says"),
                ));
            }
        }
        hunks
    }
}
