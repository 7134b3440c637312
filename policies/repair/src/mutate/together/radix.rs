//! A quantity broken into units by sibling lines (`hours = secs / 3600`, `minutes = secs /
//! 60`, `seconds = secs % 60`), where a middle unit forgot to drop the larger ones: `minutes`
//! counts every minute, hours included. The middle unit takes the remainder of the next larger
//! divisor first: `secs % 3600 / 60` (probe39-rust-05; digits alike: `n / 10` beside `n / 100`
//! is `n % 100 / 10`).
//!
//! And a text padded to a width by the length of one piece (`width.saturating_sub(
//! digits.len())`) where another piece goes into the same text (`format!("{}{}{}", sign, …,
//! digits)`): the width counts both (probe39-rust-07).

use super::super::{Language, MutationOperator, TokenKind};
use super::{FunctionText, HunkMutation};

/// One unit's line: `[let] name = source / divisor` (Python `//`), with where the quotient's
/// expression starts and ends in the line's text.
struct UnitLine<'a> {
    at: usize,
    source: &'a str,
    divisor: u64,
    /// Byte range of `source / divisor` in the line.
    span: std::ops::Range<usize>,
}

impl FunctionText<'_> {
    /// See the module: a middle unit that keeps the larger units.
    pub(super) fn unit_remainders(&self, file: &str, language: Language) -> Vec<HunkMutation> {
        let quotient = match language {
            Language::Python => "//",
            Language::Rust => "/",
        };
        let mut units: Vec<UnitLine<'_>> = Vec::new();
        // (source, modulus) of the lines that take a remainder (`secs % 60`).
        let mut remainders: Vec<(&str, u64)> = Vec::new();
        for (at, tokens) in self.tokens.iter().enumerate().skip(1) {
            let texts: Vec<&str> = tokens.iter().map(|t| t.text).collect();
            let value = match texts.as_slice() {
                ["let", _, "=", .., ";"] => tokens.get(3..tokens.len() - 1),
                [_, "=", ..] if language == Language::Python => tokens.get(2..),
                _ => None,
            };
            let Some(value) = value else {
                continue;
            };
            let (Some(line), [source, op, number]) = (self.lines.get(at), value) else {
                continue;
            };
            if source.kind != TokenKind::Ident || number.kind != TokenKind::Number {
                continue;
            }
            let Ok(divisor) = number.text.parse::<u64>() else {
                continue;
            };
            if op.text == quotient && divisor > 1 {
                if line.get(source.start..number.end).is_some() {
                    units.push(UnitLine {
                        at,
                        source: source.text,
                        divisor,
                        span: source.start..number.end,
                    });
                }
            } else if op.text == "%" {
                remainders.push((source.text, divisor));
            }
        }
        let mut hunks = Vec::new();
        for unit in &units {
            // The next larger unit of the same quantity, whole divisions of one another.
            let larger = units
                .iter()
                .map(|u| (u.source, u.divisor))
                .chain(remainders.iter().copied())
                .filter(|(source, d)| {
                    *source == unit.source && *d > unit.divisor && d % unit.divisor == 0
                })
                .map(|(_, d)| d)
                .min();
            // Only between a larger unit's quotient and a smaller unit's remainder: the shape
            // of a breakdown, not any two divisions.
            let has_larger_quotient = units
                .iter()
                .any(|u| u.source == unit.source && u.divisor > unit.divisor);
            let has_smaller_remainder = remainders
                .iter()
                .any(|(s, d)| *s == unit.source && *d <= unit.divisor);
            let (Some(larger), true, true) = (larger, has_larger_quotient, has_smaller_remainder)
            else {
                continue;
            };
            let Some(line) = self.lines.get(unit.at) else {
                continue;
            };
            let (Some(before), Some(after)) =
                (line.get(..unit.span.start), line.get(unit.span.end..))
            else {
                continue;
            };
            let new = format!("{} % {larger} {quotient} {}", unit.source, unit.divisor);
            hunks.extend(self.line_replaced(
                file,
                unit.at,
                format!("{before}{new}{after}"),
                MutationOperator::AddOffset,
                format!("the larger units taken off first: `{new}`"),
            ));
        }
        hunks
    }

    /// See the module: a padding that counts one piece of a text made of several.
    pub(super) fn pieces_in_widths(&self, file: &str, language: Language) -> Vec<HunkMutation> {
        let mut hunks = Vec::new();
        // Names bound to a text literal in a branch (`let sign = if n < 0 { "-" } else { "" };`,
        // `sign = "-" if n < 0 else ""`): the pieces that are not the padded one.
        let pieces: Vec<&str> = self
            .tokens
            .iter()
            .skip(1)
            .filter_map(|t| {
                let texts: Vec<&str> = t.iter().map(|x| x.text).collect();
                let (name, rest) = match texts.as_slice() {
                    ["let", name, "=", rest @ ..] => (*name, rest.to_vec()),
                    [name, "=", rest @ ..] if language == Language::Python => {
                        (*name, rest.to_vec())
                    }
                    _ => return None,
                };
                let literal = t
                    .iter()
                    .any(|x| x.kind == TokenKind::Literal && x.text.starts_with('"'))
                    || t.iter()
                        .any(|x| x.kind == TokenKind::Literal && x.text.starts_with('\''));
                (literal && rest.contains(&"if")).then_some(name)
            })
            .collect();
        if pieces.is_empty() {
            return hunks;
        }
        for (at, tokens) in self.tokens.iter().enumerate().skip(1) {
            let Some(line) = self.lines.get(at) else {
                continue;
            };
            for k in 0..tokens.len() {
                // Rust `.saturating_sub(piece.len())`, Python `- len(piece)`: the length taken.
                let window = match language {
                    Language::Rust => tokens.get(k..k + 6),
                    Language::Python => tokens.get(k..k + 5),
                };
                let (start, measured) = match (language, window) {
                    (Language::Rust, Some([dot, sub, open, name, dot2, len]))
                        if dot.text == "."
                            && sub.text == "saturating_sub"
                            && open.text == "("
                            && dot2.text == "."
                            && len.text == "len" =>
                    {
                        (name.start, name.text)
                    }
                    (Language::Python, Some([minus, len, open, name, close]))
                        if minus.text == "-"
                            && len.text == "len"
                            && open.text == "("
                            && close.text == ")" =>
                    {
                        (len.start, name.text)
                    }
                    _ => continue,
                };
                // The other pieces the function writes on a later line beside the measured one.
                let used_together = |piece: &str| {
                    self.tokens.iter().skip(at + 1).any(|l| {
                        l.iter().any(|x| x.text == piece) && l.iter().any(|x| x.text == measured)
                    })
                };
                for piece in pieces
                    .iter()
                    .filter(|p| **p != measured && used_together(p))
                {
                    let added = match language {
                        Language::Rust => format!("{piece}.len() + "),
                        Language::Python => format!("len({piece}) - "),
                    };
                    let (Some(before), Some(after)) = (line.get(..start), line.get(start..)) else {
                        continue;
                    };
                    hunks.extend(self.line_replaced(
                        file,
                        at,
                        format!("{before}{added}{after}"),
                        MutationOperator::AddOffset,
                        format!("the width counts `{piece}` beside `{measured}`"),
                    ));
                }
            }
        }
        hunks
    }
}

/// The numbers the description says something is divisible by ("divisible by 4, except those
/// divisible by 100 unless also divisible by 400" → 4, 100, 400).
fn described_divisors(description: &str) -> Vec<u64> {
    let lower = description.to_lowercase();
    let mut found = Vec::new();
    for (at, _) in lower.match_indices("divisible by ") {
        let number: String = lower[at + "divisible by ".len()..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        if let Ok(n) = number.parse::<u64>()
            && n > 1
            && !found.contains(&n)
        {
            found.push(n);
        }
    }
    found
}

impl FunctionText<'_> {
    /// An exception to an exception the code leaves out: the description names a divisor the
    /// code never tests (`400` of "except those divisible by 100 unless also divisible by
    /// 400") and the code excludes a divisor of it (`year % 100 != 0`): the exclusion gets its
    /// exception, `(year % 100 != 0 or year % 400 == 0)` (probe39-python-03, leap years).
    pub(super) fn described_divisor_exceptions(
        &self,
        file: &str,
        language: Language,
        description: &str,
    ) -> Vec<HunkMutation> {
        let divisors = described_divisors(description);
        if divisors.len() < 2 {
            return Vec::new();
        }
        let tested: Vec<u64> = self
            .tokens
            .iter()
            .skip(1)
            .flat_map(|t| t.windows(2))
            .filter(|w| w[0].text == "%" && w[1].kind == TokenKind::Number)
            .filter_map(|w| w[1].text.parse::<u64>().ok())
            .collect();
        let or = match language {
            Language::Python => "or",
            Language::Rust => "||",
        };
        let mut hunks = Vec::new();
        for &missing in divisors.iter().filter(|d| !tested.contains(d)) {
            for (at, tokens) in self.tokens.iter().enumerate().skip(1) {
                let Some(line) = self.lines.get(at) else {
                    continue;
                };
                for w in tokens.windows(5) {
                    // `value % m != 0` with m dividing the missing divisor.
                    let [value, percent, m, not_equal, zero] = w else {
                        continue;
                    };
                    let Ok(m_value) = m.text.parse::<u64>() else {
                        continue;
                    };
                    if value.kind != TokenKind::Ident
                        || percent.text != "%"
                        || not_equal.text != "!="
                        || zero.text != "0"
                        || missing % m_value != 0
                        || missing == m_value
                    {
                        continue;
                    }
                    let (Some(before), Some(clause), Some(after)) = (
                        line.get(..value.start),
                        line.get(value.start..zero.end),
                        line.get(zero.end..),
                    ) else {
                        continue;
                    };
                    let v = value.text;
                    hunks.extend(self.line_replaced(
                        file,
                        at,
                        format!("{before}({clause} {or} {v} % {missing} == 0){after}"),
                        MutationOperator::AddClause,
                        format!("unless divisible by {missing}, as the description says"),
                    ));
                }
            }
        }
        hunks
    }
}
