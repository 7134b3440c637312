//! A two-way map checked one way only. Code that keeps a pairing in both directions writes
//! it as two twin statements (`letter_to_word[letter] = word` / `word_to_letter[word] =
//! letter`, Rust `a.insert(x, y);` / `b.insert(y, x);`), and a guard before them rejects a
//! key already paired with another value (`if letter in letter_to_word and
//! letter_to_word[letter] != word: return False`). When the guard has no twin, a value already
//! paired with another key goes through (probe37-py-05): the twin guard, the same lines with
//! the two maps and the two names exchanged, is inserted after it.

use std::collections::BTreeMap;

use super::super::{Language, MutationOperator, TokenKind};
use super::{FunctionText, HunkMutation};

use super::super::indentation as indent;

impl FunctionText<'_> {
    /// See the module.
    pub(super) fn mirrored_guards(&self, file: &str, language: Language) -> Vec<HunkMutation> {
        let mut hunks = Vec::new();
        for (exchange, maps) in self.two_way_exchanges(language) {
            for head in 1..self.lines.len() {
                let Some(block) = self.exit_guard(head, language) else {
                    continue;
                };
                // A guard on one of the two maps, not merely on one of the names.
                let reads_a_map = self
                    .tokens
                    .get(head)
                    .is_some_and(|t| t.iter().any(|t| maps.iter().any(|m| m == t.text)));
                if !reads_a_map {
                    continue;
                }
                let lines: Vec<&str> = block
                    .iter()
                    .filter_map(|&k| self.lines.get(k).copied())
                    .collect();
                let twin: Vec<String> = block
                    .iter()
                    .zip(&lines)
                    .map(|(&k, line)| self.exchanged(k, line, &exchange))
                    .collect();
                // The guard must name one map (and so change), and its twin must be missing.
                let (Some(header), Some(twin_header)) = (lines.first(), twin.first()) else {
                    continue;
                };
                if twin_header == header {
                    continue;
                }
                let present = self.lines.iter().any(|l| l.trim() == twin_header.trim());
                let Some(&last) = block.last() else {
                    continue;
                };
                if present {
                    continue;
                }
                hunks.extend(self.lines_inserted_after(
                    file,
                    last,
                    twin,
                    MutationOperator::MirrorStatement,
                    format!(
                        "the guard `{}` for the other direction of the map",
                        header.trim()
                    ),
                ));
            }
        }
        hunks
    }

    /// Name exchanges shown by two twin statements that store a pairing both ways: the two
    /// lines differ only in names, which swap (`a[x] = y` / `b[y] = x`). Each exchange maps
    /// every name to its partner and back; it comes with the two maps.
    fn two_way_exchanges(
        &self,
        language: Language,
    ) -> Vec<(BTreeMap<String, String>, [String; 2])> {
        let stores = |k: usize| {
            self.tokens.get(k).is_some_and(|t| {
                let texts: Vec<&str> = t.iter().map(|t| t.text).collect();
                match language {
                    Language::Python => {
                        matches!(texts.as_slice(), [_, "[", .., "]", "=", _]) && texts.len() == 6
                    }
                    Language::Rust => {
                        matches!(
                            texts.as_slice(),
                            [_, ".", "insert", "(", _, ",", _, ")", ";"]
                        )
                    }
                }
            })
        };
        let mut found: Vec<(BTreeMap<String, String>, [String; 2])> = Vec::new();
        for p in 1..self.tokens.len() {
            // The twin follows within a couple of lines, at the same depth.
            for q in p + 1..(p + 3).min(self.tokens.len()) {
                let (Some(a), Some(b)) = (self.tokens.get(p), self.tokens.get(q)) else {
                    continue;
                };
                let same_depth =
                    self.lines.get(p).map(|l| indent(l)) == self.lines.get(q).map(|l| indent(l));
                if !(stores(p) && stores(q) && same_depth && a.len() == b.len()) {
                    continue;
                }
                let mut exchange: BTreeMap<String, String> = BTreeMap::new();
                let mut alike = true;
                for (x, y) in a.iter().zip(b.iter()) {
                    if x.text == y.text {
                        continue;
                    }
                    if x.kind != TokenKind::Ident || y.kind != TokenKind::Ident {
                        alike = false;
                        break;
                    }
                    for (from, to) in [(x.text, y.text), (y.text, x.text)] {
                        match exchange.get(from) {
                            Some(partner) if partner != to => alike = false,
                            _ => {
                                exchange.insert(from.to_string(), to.to_string());
                            }
                        }
                    }
                }
                // Two maps and two names: four names, each the other's partner.
                let (Some(map_a), Some(map_b)) = (a.first(), b.first()) else {
                    continue;
                };
                let maps = [map_a.text.to_string(), map_b.text.to_string()];
                if alike
                    && exchange.len() == 4
                    && map_a.text != map_b.text
                    && !found.iter().any(|(e, _)| *e == exchange)
                {
                    found.push((exchange, maps));
                }
            }
        }
        found
    }

    /// The lines of a guard that leaves when it holds: an `if` header whose body is exits
    /// only (Python), or with its closing brace (Rust). `None` for anything else.
    pub(super) fn exit_guard(&self, head: usize, language: Language) -> Option<Vec<usize>> {
        let texts: Vec<&str> = self.tokens.get(head)?.iter().map(|t| t.text).collect();
        let opens = match language {
            Language::Python => texts.last() == Some(&":"),
            Language::Rust => texts.last() == Some(&"{"),
        };
        if texts.first() != Some(&"if") || !opens {
            return None;
        }
        let mut block = vec![head];
        let body: Vec<usize> = self
            .block_body(head)
            .into_iter()
            .filter(|&k| self.lines.get(k).is_some_and(|l| !l.trim().is_empty()))
            .collect();
        let exits = !body.is_empty()
            && body.iter().all(|&k| {
                self.tokens
                    .get(k)
                    .and_then(|t| t.first())
                    .is_some_and(|t| matches!(t.text, "return" | "raise" | "break" | "continue"))
            });
        if !exits {
            return None;
        }
        block.extend(&body);
        if language == Language::Rust {
            let close = body.last().map_or(head, |&k| k) + 1;
            let closes = self.lines.get(close).is_some_and(|l| l.trim() == "}");
            if !closes {
                return None;
            }
            block.push(close);
        }
        Some(block)
    }

    /// Line `k` (`line`) with every name of `exchange` replaced by its partner.
    fn exchanged(&self, k: usize, line: &str, exchange: &BTreeMap<String, String>) -> String {
        super::renamed(line, self.tokens.get(k).into_iter().flatten(), |t| {
            exchange
                .get(t.text)
                .filter(|_| t.kind == TokenKind::Ident)
                .map(String::as_str)
        })
    }
}
