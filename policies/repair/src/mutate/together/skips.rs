//! Items the description says are skipped ("Negative readings are faulty and are skipped",
//! "ignore odd numbers") where the loop over them takes every item: the skip goes first in
//! the loop's body (`if r < 0: continue`, Rust `if r < 0 { continue; }`). Probed first: the
//! description is the specification.
//!
//! A value the description quotes as left out (`Pass grades "P" … are left out of the
//! average`) that the loop never asks about: a Rust `match` over the items gets the arm `"P" =>
//! continue,` before its catch-all (probe38-rust-05, where the catch-all refused the value); a
//! Python loop that compares the same name with quoted values gets `if grade == "P": continue`
//! first in its body.

use super::super::{Language, MutationOperator, TokenKind};
use super::clauses::Property;
use super::{FunctionText, HunkMutation};

use super::super::indentation as indent;

/// Words that say some items are left out.
const SKIP_WORDS: [&str; 11] = [
    "skip",
    "skips",
    "skipped",
    "ignore",
    "ignores",
    "ignored",
    "exclude",
    "excluded",
    "discard",
    "discarded",
    "disregarded",
];

/// Phrases that say a quoted value is left out, beside [`SKIP_WORDS`].
const LEFT_OUT_PHRASES: [&str; 4] = ["left out", "leave out", "not counted", "does not count"];

/// The literals (without quotes) the description's skip sentences quote.
fn skipped_values(description: &str) -> Vec<String> {
    let words: Vec<&str> = SKIP_WORDS
        .iter()
        .chain(&LEFT_OUT_PHRASES)
        .copied()
        .collect();
    super::quoted_in_sentences_with(description, &words)
}

/// The properties of the items the description's skip sentences name, and whether one of
/// them skips empty items ("Empty pieces (as in "a=1&&b=2") are ignored").
fn skipped_properties(description: &str) -> (Vec<Property>, bool) {
    let mut found = Vec::new();
    let mut empty = false;
    for sentence in super::sentences(description) {
        let lower = sentence.to_lowercase();
        let words: Vec<&str> = lower.split(|c: char| !c.is_ascii_alphanumeric()).collect();
        if !words.iter().any(|w| SKIP_WORDS.contains(w)) {
            continue;
        }
        empty |= words.iter().any(|w| matches!(*w, "empty" | "blank"));
        for property in Property::named_in(sentence) {
            if !found.contains(&property) {
                found.push(property);
            }
        }
    }
    (found, empty)
}

impl FunctionText<'_> {
    /// See the module: a value the description leaves out, skipped by its own arm or guard.
    pub(super) fn described_skipped_values(
        &self,
        file: &str,
        language: Language,
        description: &str,
    ) -> Vec<HunkMutation> {
        let values = skipped_values(description);
        if values.is_empty() {
            return Vec::new();
        }
        // Every quoted value the function's code writes, without its quotes.
        let written: Vec<&str> = self
            .tokens
            .iter()
            .skip(1)
            .flatten()
            .filter(|t| t.kind == TokenKind::Literal && t.text.len() >= 2)
            .map(|t| &t.text[1..t.text.len() - 1])
            .collect();
        let missing: Vec<&String> = values
            .iter()
            .filter(|v| !written.contains(&v.as_str()))
            .collect();
        if missing.is_empty() {
            return Vec::new();
        }
        let mut hunks = Vec::new();
        match language {
            Language::Rust => {
                for (at, tokens) in self.tokens.iter().enumerate().skip(1) {
                    // A catch-all arm (`_ => …`) of a match whose other arms are quoted values,
                    // inside a loop.
                    if tokens.first().map(|t| t.text) != Some("_")
                        || tokens.get(1).map(|t| t.text) != Some("=>")
                    {
                        continue;
                    }
                    let Some(line) = self.lines.get(at) else {
                        continue;
                    };
                    let depth = indent(line);
                    let arms: Vec<&str> = (1..at)
                        .rev()
                        .map_while(|k| {
                            let l = self.lines.get(k)?;
                            (indent(l) >= depth).then_some(k)
                        })
                        .filter_map(|k| {
                            let t = self.tokens.get(k)?;
                            let first = t.first()?;
                            (indent(self.lines.get(k)?) == depth
                                && first.kind == TokenKind::Literal
                                && t.get(1).is_some_and(|n| n.text == "=>"))
                            .then_some(first.text)
                        })
                        .collect();
                    let Some(quote) = arms.first().and_then(|a| a.chars().next()) else {
                        continue;
                    };
                    if !self.inside_a_loop(at) {
                        continue;
                    }
                    let pad = &line[..depth];
                    for value in &missing {
                        if quote == '\'' && value.chars().count() != 1 {
                            continue;
                        }
                        hunks.extend(self.lines_inserted_before(
                            file,
                            at,
                            vec![format!("{pad}{quote}{value}{quote} => continue,")],
                            MutationOperator::DescribedSkip,
                            format!("{quote}{value}{quote} left out, as the description says"),
                        ));
                    }
                }
            }
            Language::Python => {
                for (head, tokens) in self.tokens.iter().enumerate().skip(1) {
                    let texts: Vec<&str> = tokens.iter().map(|t| t.text).collect();
                    if !matches!(texts.as_slice(), ["for", .., ":"]) {
                        continue;
                    }
                    let body = self.block_body(head);
                    // The names the body compares with quoted values (`grade == "A"`).
                    let mut compared: Vec<(&str, char)> = Vec::new();
                    for k in &body {
                        let Some(t) = self.tokens.get(*k) else {
                            continue;
                        };
                        for w in t.windows(3) {
                            if w[0].kind == TokenKind::Ident
                                && w[1].text == "=="
                                && w[2].kind == TokenKind::Literal
                                && let Some(q) = w[2].text.chars().next()
                                && !compared.iter().any(|(n, _)| *n == w[0].text)
                            {
                                compared.push((w[0].text, q));
                            }
                        }
                    }
                    let (Some(head_line), Some(first_body)) = (
                        self.lines.get(head),
                        body.first().and_then(|&k| self.lines.get(k)),
                    ) else {
                        continue;
                    };
                    if indent(first_body) <= indent(head_line) {
                        continue;
                    }
                    let pad = &first_body[..indent(first_body)];
                    for (name, quote) in &compared {
                        for value in &missing {
                            let clause = format!("{name} == {quote}{value}{quote}");
                            hunks.extend(self.lines_inserted_before(
                                file,
                                head + 1,
                                super::guarded(language, pad, &clause, "continue"),
                                MutationOperator::DescribedSkip,
                                format!("{quote}{value}{quote} left out, as the description says"),
                            ));
                        }
                    }
                }
            }
        }
        hunks
    }

    /// See the module.
    pub(super) fn described_skips(
        &self,
        file: &str,
        language: Language,
        description: &str,
    ) -> Vec<HunkMutation> {
        let (properties, empty) = skipped_properties(description);
        if properties.is_empty() && !empty {
            return Vec::new();
        }
        let header = self.lines.first().copied().unwrap_or("");
        let float = header.contains("f64") || header.contains("f32");
        let mut hunks = Vec::new();
        for (head, tokens) in self.tokens.iter().enumerate().skip(1) {
            let texts: Vec<&str> = tokens.iter().map(|t| t.text).collect();
            // `for x in …:` / `for x in … {` / `for &x in … {`.
            let (item, by_reference) = match (language, texts.as_slice()) {
                (Language::Python, ["for", _, "in", .., ":"]) => (tokens[1], false),
                (Language::Rust, ["for", "&", _, "in", .., "{"]) => (tokens[2], false),
                (Language::Rust, ["for", _, "in", .., "{"]) => (tokens[1], true),
                _ => continue,
            };
            if item.kind != TokenKind::Ident {
                continue;
            }
            let (Some(head_line), Some(first_body)) =
                (self.lines.get(head), self.lines.get(head + 1))
            else {
                continue;
            };
            if indent(first_body) <= indent(head_line) {
                continue;
            }
            let pad = &first_body[..indent(first_body)];
            // The body's text, to see whether it asks about the property already.
            let body: String = self
                .block_body(head)
                .into_iter()
                .filter_map(|k| self.lines.get(k))
                .flat_map(|l| l.chars().filter(|c| !c.is_whitespace()))
                .collect();
            let mut subjects = vec![item.text.to_string()];
            if by_reference {
                subjects.push(format!("*{}", item.text));
            }
            let mut skips: Vec<(String, &str)> = properties
                .iter()
                .flat_map(|property| {
                    subjects
                        .iter()
                        .map(move |subject| (property.clause(subject, float), property.word()))
                })
                .collect();
            if empty {
                let clause = match language {
                    Language::Python => format!("not {}", item.text),
                    Language::Rust => format!("{}.is_empty()", item.text),
                };
                skips.push((clause, "empty"));
            }
            for (clause, word) in skips {
                let compact: String = clause.chars().filter(|c| !c.is_whitespace()).collect();
                if body.contains(&compact) {
                    continue;
                }
                let lines = super::guarded(language, pad, &clause, "continue");
                hunks.extend(self.lines_inserted_before(
                    file,
                    head + 1,
                    lines,
                    MutationOperator::DescribedSkip,
                    format!("the described skip: {word} items left out"),
                ));
            }
        }
        hunks
    }
}

/// The phrases that say which end of an item a skip sentence looks at, with the method that
/// asks it in (Python, Rust).
const END_PHRASES: [(&str, &str, &str); 3] = [
    ("start", "startswith", "starts_with"),
    ("begin", "startswith", "starts_with"),
    ("end", "endswith", "ends_with"),
];

/// The ends the description's skip sentences name, with what they quote: "lines starting with
/// ';' or '#' are skipped" → (`startswith`, `starts_with`, [";", "#"]). Sentences end at a
/// period followed by white space only, since a quoted `;` or `.` is a value here.
fn skipped_ends(description: &str) -> Vec<(&'static str, &'static str, Vec<String>)> {
    let prose = description.split(">>>").next().unwrap_or("");
    let mut found = Vec::new();
    for sentence in prose.split(". ").flat_map(|s| s.split(".\n")) {
        let lower = sentence.to_lowercase();
        let words: Vec<&str> = lower.split(|c: char| !c.is_ascii_alphanumeric()).collect();
        if !words.iter().any(|w| SKIP_WORDS.contains(w)) {
            continue;
        }
        for (stem, python, rust) in END_PHRASES {
            // "starting with", "starts with", "begin with": the quoted values after it.
            let Some(at) = words
                .iter()
                .position(|w| w.starts_with(stem))
                .filter(|&k| words.get(k + 1) == Some(&"with"))
            else {
                continue;
            };
            let Some(after) = lower.find(words[at]).and_then(|k| sentence.get(k..)) else {
                continue;
            };
            let mut values = Vec::new();
            for quote in ['"', '\''] {
                let parts: Vec<&str> = after.split(quote).collect();
                for inner in parts.iter().skip(1).step_by(2).take(parts.len() / 2) {
                    if !inner.is_empty() && inner.len() <= 4 && !values.contains(&inner.to_string())
                    {
                        values.push(inner.to_string());
                    }
                }
            }
            if !values.is_empty() {
                found.push((python, rust, values));
            }
        }
    }
    found
}

impl FunctionText<'_> {
    /// Items the description skips by how they start ("lines starting with ';' or '#' are
    /// skipped", probe38-python-14) where the loop never asks: the skip goes after the line
    /// that derives the tested name from the item (`line = raw.strip()`), or first in the body
    /// when the item itself is tested.
    pub(super) fn described_end_skips(
        &self,
        file: &str,
        language: Language,
        description: &str,
    ) -> Vec<HunkMutation> {
        let ends = skipped_ends(description);
        if ends.is_empty() {
            return Vec::new();
        }
        let code: String = self.lines.iter().skip(1).copied().collect();
        let mut hunks = Vec::new();
        for (head, tokens) in self.tokens.iter().enumerate().skip(1) {
            let texts: Vec<&str> = tokens.iter().map(|t| t.text).collect();
            let item = match (language, texts.as_slice()) {
                (Language::Python, ["for", _, "in", .., ":"]) => tokens[1],
                (Language::Rust, ["for", "&", _, "in", .., "{"]) => tokens[2],
                (Language::Rust, ["for", _, "in", .., "{"]) => tokens[1],
                _ => continue,
            };
            if item.kind != TokenKind::Ident {
                continue;
            }
            let body = self.block_body(head);
            let Some(&first) = body.first() else {
                continue;
            };
            let Some(first_line) = self.lines.get(first) else {
                continue;
            };
            let depth = indent(first_line);
            let pad = &first_line[..depth];
            // (the tested name, the line the skip goes before).
            let mut subjects = vec![(item.text, first)];
            for (n, &k) in body.iter().enumerate() {
                let (Some(t), Some(l)) = (self.tokens.get(k), self.lines.get(k)) else {
                    continue;
                };
                if indent(l) != depth {
                    continue;
                }
                let assigned = match t.as_slice() {
                    [name, eq, rest @ ..] if eq.text == "=" => Some((name, rest)),
                    [kw, name, eq, rest @ ..] if kw.text == "let" && eq.text == "=" => {
                        Some((name, rest))
                    }
                    _ => None,
                };
                if let Some((name, rest)) = assigned
                    && name.kind == TokenKind::Ident
                    && rest.iter().any(|r| r.text == item.text)
                    && let Some(&next) = body.get(n + 1)
                {
                    subjects.push((name.text, next));
                }
            }
            for (python, rust, values) in &ends {
                let method = match language {
                    Language::Python => *python,
                    Language::Rust => *rust,
                };
                let quoted: Vec<String> = values
                    .iter()
                    .map(|v| format!("\"{}\"", v.replace('\\', "\\\\").replace('"', "\\\"")))
                    .collect();
                // The code asks about these ends already.
                if code.contains(method) && quoted.iter().all(|q| code.contains(q.as_str())) {
                    continue;
                }
                for (subject, before) in &subjects {
                    let clause = match (language, quoted.as_slice()) {
                        (Language::Python, [one]) => format!("{subject}.{method}({one})"),
                        (Language::Python, _) => {
                            format!("{subject}.{method}(({}))", quoted.join(", "))
                        }
                        (Language::Rust, _) => quoted
                            .iter()
                            .map(|q| format!("{subject}.{method}({q})"))
                            .collect::<Vec<_>>()
                            .join(" || "),
                    };
                    hunks.extend(self.lines_inserted_before(
                        file,
                        *before,
                        super::guarded(language, pad, &clause, "continue"),
                        MutationOperator::DescribedSkip,
                        format!(
                            "items that {method} {} skipped, as the description says",
                            values.join(" or ")
                        ),
                    ));
                }
            }
        }
        hunks
    }
}

/// Words that say a step is dropped when it would cross a bound ("a roll that would take it
/// past goal is wasted").
const WASTED_WORDS: [&str; 8] = [
    "wasted",
    "ignored",
    "skipped",
    "discarded",
    "stays",
    "remains",
    "unchanged",
    "forfeited",
];

/// The bounds the description's skip sentences set on a step, as (comparison, word): "past
/// goal" → (`>`, "goal"), "below floor" → (`<`, "floor").
fn skipped_bounds(description: &str) -> Vec<(&'static str, String)> {
    let mut found = Vec::new();
    for sentence in super::sentences(description) {
        let lower = sentence.to_lowercase();
        let words: Vec<&str> = lower
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .filter(|w| !w.is_empty())
            .collect();
        if !words.iter().any(|w| WASTED_WORDS.contains(w)) {
            continue;
        }
        for (k, w) in words.iter().enumerate() {
            let (comparison, at) = match (*w, words.get(k + 1).copied()) {
                ("past" | "beyond" | "above" | "exceeds" | "exceed" | "overshoots", _) => {
                    (">", k + 1)
                }
                ("more" | "greater" | "higher", Some("than")) => (">", k + 2),
                ("below" | "under", _) => ("<", k + 1),
                ("less" | "lower" | "fewer", Some("than")) => ("<", k + 2),
                _ => continue,
            };
            let bound = words.get(at).copied().filter(|b| *b != "the");
            let bound = bound.or_else(|| words.get(at + 1).copied());
            if let Some(bound) = bound {
                let pair = (comparison, bound.to_string());
                if !found.contains(&pair) {
                    found.push(pair);
                }
            }
        }
    }
    found
}

impl FunctionText<'_> {
    /// A step the description says is wasted when it would cross a bound the function takes
    /// ("a roll that would take it past goal is wasted and the token stays where it is") where
    /// the loop takes every step: right after the loop computes the step's value, `if target
    /// > goal: continue`.
    pub(super) fn described_bound_skips(
        &self,
        file: &str,
        language: Language,
        description: &str,
    ) -> Vec<HunkMutation> {
        let parameters = self.parameter_names(language);
        let bounds: Vec<(&str, String)> = skipped_bounds(description)
            .into_iter()
            .filter(|(_, b)| parameters.iter().any(|p| p.eq_ignore_ascii_case(b)))
            .collect();
        if bounds.is_empty() {
            return Vec::new();
        }
        let mut hunks = Vec::new();
        for (head, tokens) in self.tokens.iter().enumerate().skip(1) {
            if tokens
                .first()
                .is_none_or(|t| !matches!(t.text, "for" | "while"))
            {
                continue;
            }
            // The body's first-level assignments of a fresh value (`target = pos + roll`).
            let body = self.block_body(head);
            let Some(depth) = body
                .first()
                .and_then(|&k| self.lines.get(k))
                .map(|l| indent(l))
            else {
                continue;
            };
            for &k in &body {
                let (Some(line), Some(assigned)) = (self.lines.get(k), self.tokens.get(k)) else {
                    continue;
                };
                let name = match (
                    language,
                    assigned
                        .iter()
                        .map(|t| t.text)
                        .collect::<Vec<_>>()
                        .as_slice(),
                ) {
                    (Language::Python, [name, "=", _, ..]) => *name,
                    (Language::Rust, ["let", name, "=", _, ..]) => *name,
                    (Language::Rust, ["let", "mut", name, "=", _, ..]) => *name,
                    _ => continue,
                };
                if indent(line) != depth || !assigned.iter().any(|t| t.text == "+" || t.text == "-")
                {
                    continue;
                }
                let pad = &line[..depth];
                for (comparison, bound) in &bounds {
                    let Some(bound) = parameters.iter().find(|p| p.eq_ignore_ascii_case(bound))
                    else {
                        continue;
                    };
                    let clause = format!("{name} {comparison} {bound}");
                    let lines = super::guarded(language, pad, &clause, "continue");
                    hunks.extend(self.lines_inserted_after(
                        file,
                        k,
                        lines,
                        MutationOperator::DescribedSkip,
                        format!("the described bound: a step with `{clause}` is wasted"),
                    ));
                }
            }
        }
        hunks
    }
}

/// Whether the description counts weekdays only ("business days", "Saturdays and Sundays
/// are not counted", "weekdays").
fn counts_weekdays_only(description: &str) -> bool {
    let lower = description.to_lowercase();
    lower.contains("business day")
        || lower.contains("working day")
        || (lower.contains("saturday") && lower.contains("sunday"))
        || lower.contains("weekdays only")
        || lower.contains("only weekdays")
}

impl FunctionText<'_> {
    /// Days counted that the description leaves out ("business days … Saturdays and Sundays
    /// are not counted") where a loop steps a date by a day and counts every step: the count
    /// taken only on a weekday (`if current.weekday() < 5:` around `remaining -= 1`). Python's
    /// `date`; the step is `d += timedelta(days=1)`.
    pub(super) fn described_weekday_counts(
        &self,
        file: &str,
        language: Language,
        description: &str,
    ) -> Vec<HunkMutation> {
        if language != Language::Python || !counts_weekdays_only(description) {
            return Vec::new();
        }
        let code = self.body_text();
        if code.contains("weekday()") || code.contains("isoweekday()") {
            return Vec::new();
        }
        let mut hunks = Vec::new();
        for (offset, tokens) in self.tokens.iter().enumerate().skip(1) {
            // `current += timedelta(days=1)`: the stepped date.
            let texts: Vec<&str> = tokens.iter().map(|t| t.text).collect();
            let day = match texts.as_slice() {
                [day, "+=" | "-=", "timedelta", ..] => *day,
                [day, "=", same, "+" | "-", "timedelta", ..] if day == same => *day,
                _ => continue,
            };
            let Some(step_line) = self.lines.get(offset) else {
                continue;
            };
            // The count changed beside it, at its depth: `remaining -= 1` / `count += 1`.
            for k in offset + 1..self.lines.len() {
                let (Some(line), Some(counted)) = (self.lines.get(k), self.tokens.get(k)) else {
                    break;
                };
                if indent(line) != indent(step_line) {
                    break;
                }
                let counts = matches!(
                    counted
                        .iter()
                        .map(|t| t.text)
                        .collect::<Vec<_>>()
                        .as_slice(),
                    [_, "+=" | "-=", "1"]
                );
                if !counts {
                    continue;
                }
                let pad = &line[..indent(line)];
                hunks.extend(self.line_replaced_by_lines(
                    file,
                    k,
                    vec![
                        format!("{pad}if {day}.weekday() < 5:"),
                        format!("{pad}    {}", line.trim()),
                    ],
                    MutationOperator::DescribedSkip,
                    format!(
                        "the described weekdays: `{}` only on a weekday",
                        line.trim()
                    ),
                ));
            }
        }
        hunks
    }
}

#[cfg(test)]
mod tests {
    use super::{Property, skipped_bounds, skipped_properties};

    #[test]
    fn a_bound_a_wasted_step_would_cross_is_read() {
        assert_eq!(
            skipped_bounds("A roll that would take it past goal is wasted and the token stays."),
            vec![(">", "goal".to_string())]
        );
        assert_eq!(
            skipped_bounds("A withdrawal below the floor is ignored."),
            vec![("<", "floor".to_string())]
        );
        assert!(skipped_bounds("Move past goal.").is_empty());
    }

    #[test]
    fn only_the_skip_sentences_name_the_skipped_items() {
        assert_eq!(
            skipped_properties("Sum the even numbers. Negative readings are skipped."),
            (vec![Property::Negative], false)
        );
        assert_eq!(
            skipped_properties("Sum the negative numbers. An empty list gives 0."),
            (vec![], false)
        );
        assert_eq!(
            skipped_properties("Empty pieces (as in \"a=1&&b=2\") are ignored"),
            (vec![], true)
        );
    }
}
