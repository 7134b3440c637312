//! Two values read from different places, written back at the same place. Code that swaps or
//! moves a pair reads each value from its own place (`let low = (n >> i) & 1;` / `let high =
//! (n >> (i + 1)) & 1;`) and writes each with a twin statement (`result |= low << i;` /
//! `result |= high << i;`). When both twins write at a place one of the reads came from, one
//! of them belongs at the other read's place (probe37-rust-21, neighbouring bits swapped): in
//! each twin, that place is replaced by the other read's.

use super::super::{Language, MutationOperator, Token, TokenKind};
use super::{FunctionText, HunkMutation};

/// A value read by `let [mut] NAME = …;` (Rust) or `NAME = …` (Python): line, name and the
/// tokens of its value.
struct Read<'t, 'a> {
    line: usize,
    name: &'a str,
    value: &'t [Token<'a>],
}

/// Where two values' tokens differ: the differing middles (token ranges of `a` and `b`), when
/// the two share a non-empty prefix or suffix around them.
fn differing_middles(a: &[Token<'_>], b: &[Token<'_>]) -> Option<((usize, usize), (usize, usize))> {
    let same = |x: &Token<'_>, y: &Token<'_>| x.text == y.text;
    let prefix = a.iter().zip(b).take_while(|(x, y)| same(x, y)).count();
    let suffix = a[prefix..]
        .iter()
        .rev()
        .zip(b[prefix..].iter().rev())
        .take_while(|(x, y)| same(x, y))
        .count();
    let (a_end, b_end) = (a.len() - suffix, b.len() - suffix);
    (prefix + suffix > 0 && prefix < a_end && prefix < b_end)
        .then_some(((prefix, a_end), (prefix, b_end)))
}

/// Where `needle` (token texts) occurs in `line`, as token ranges.
fn occurrences(line: &[Token<'_>], needle: &[&str]) -> Vec<(usize, usize)> {
    if needle.is_empty() || needle.len() > line.len() {
        return Vec::new();
    }
    (0..=line.len() - needle.len())
        .filter(|&at| {
            line[at..at + needle.len()]
                .iter()
                .zip(needle)
                .all(|(t, n)| t.text == *n)
        })
        .map(|at| (at, at + needle.len()))
        .collect()
}

impl FunctionText<'_> {
    fn reads(&self, language: Language) -> Vec<Read<'_, '_>> {
        let mut reads = Vec::new();
        for (line, tokens) in self.tokens.iter().enumerate().skip(1) {
            let (at, end) = match language {
                Language::Python => (0, tokens.len()),
                Language::Rust => {
                    if tokens.first().map(|t| t.text) != Some("let") {
                        continue;
                    }
                    let at = if tokens.get(1).map(|t| t.text) == Some("mut") {
                        2
                    } else {
                        1
                    };
                    match tokens.last() {
                        Some(t) if t.text == ";" => (at, tokens.len() - 1),
                        _ => continue,
                    }
                }
            };
            let Some(name) = tokens.get(at).filter(|t| t.kind == TokenKind::Ident) else {
                continue;
            };
            if tokens.get(at + 1).map(|t| t.text) != Some("=") || at + 2 >= end {
                continue;
            }
            reads.push(Read {
                line,
                name: name.text,
                value: &tokens[at + 2..end],
            });
        }
        reads
    }

    /// Two lines (not `skip`) whose tokens are the same but for one, `a` in the first and `b`
    /// in the second.
    fn twins(&self, a: &str, b: &str, skip: [usize; 2]) -> Vec<(usize, usize)> {
        let mut pairs = Vec::new();
        for (j, x) in self.tokens.iter().enumerate().skip(1) {
            for (k, y) in self.tokens.iter().enumerate().skip(1) {
                if j == k || skip.contains(&j) || skip.contains(&k) || x.len() != y.len() {
                    continue;
                }
                let differ: Vec<usize> = (0..x.len()).filter(|&i| x[i].text != y[i].text).collect();
                if let [i] = differ[..]
                    && x[i].text == a
                    && y[i].text == b
                {
                    pairs.push((j, k));
                }
            }
        }
        pairs
    }

    /// See the module.
    pub(super) fn crossed_placements(&self, file: &str, language: Language) -> Vec<HunkMutation> {
        let reads = self.reads(language);
        let mut hunks = Vec::new();
        for a in &reads {
            for b in &reads {
                if a.line == b.line || a.name == b.name {
                    continue;
                }
                let Some(((a0, a1), (b0, b1))) = differing_middles(a.value, b.value) else {
                    continue;
                };
                let text = |read: &Read<'_, '_>, from: usize, to: usize| -> Option<String> {
                    let source = self.lines.get(read.line)?;
                    source
                        .get(read.value.get(from)?.start..read.value.get(to - 1)?.end)
                        .map(str::to_string)
                };
                let (Some(a_place), Some(b_place)) = (text(a, a0, a1), text(b, b0, b1)) else {
                    continue;
                };
                let a_tokens: Vec<&str> = a.value[a0..a1].iter().map(|t| t.text).collect();
                // `a`'s twin writes at `a`'s own place while `b`'s twin writes there too: `a`
                // belongs at `b`'s place.
                for (mine, theirs) in self.twins(a.name, b.name, [a.line, b.line]) {
                    let (Some(line), Some(other)) =
                        (self.tokens.get(mine), self.tokens.get(theirs))
                    else {
                        continue;
                    };
                    let places = occurrences(line, &a_tokens);
                    if places.is_empty() || occurrences(other, &a_tokens) != places {
                        continue;
                    }
                    let Some(source) = self.lines.get(mine) else {
                        continue;
                    };
                    for (from, to) in places {
                        let (start, end) = (line[from].start, line[to - 1].end);
                        let (Some(before), Some(after)) = (source.get(..start), source.get(end..))
                        else {
                            continue;
                        };
                        hunks.extend(self.line_replaced(
                            file,
                            mine,
                            format!("{before}{b_place}{after}"),
                            MutationOperator::CrossedPlacement,
                            format!(
                                "`{}` written at `{b_place}`, where `{}` was read, not at `{a_place}` \
                                 like `{}`",
                                a.name, b.name, b.name
                            ),
                        ));
                    }
                }
            }
        }
        hunks
    }
}
