//! A length the description states ("`#` followed by exactly six hexadecimal digits", "at
//! least 3 letters") that the check never measures: `rest.chars().all(|c| c.is_ascii_hexdigit())`
//! accepts any length. The measure joins the returned check as its first clause
//! (`rest.len() == 6 && rest.chars().all(…)`, Python `len(rest) == 6 and all(…)`), for each
//! sequence the check walks. Probed first: the description is the specification.

use super::super::{Language, MutationOperator, Token, TokenKind};
use super::{FunctionText, HunkMutation};

use super::super::indentation as indent;

const NUMBER_WORDS: [&str; 13] = [
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve",
];

/// A description's words, lower-cased, cut at everything but ASCII letters and digits.
fn lower_words(description: &str) -> Vec<String> {
    description
        .to_lowercase()
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// A count written in digits or as a word up to twelve ("six").
fn number(w: &str) -> Option<u32> {
    w.parse::<u32>()
        .ok()
        .or_else(|| NUMBER_WORDS.iter().position(|n| *n == w)?.try_into().ok())
}

/// The (comparison, length) pairs `description` states: "exactly six" → `==`, "at least 3"
/// → `>=`, "at most two" → `<=`, in order, without repeats.
fn stated_lengths(description: &str) -> Vec<(&'static str, u32)> {
    let lower = lower_words(description);
    let words: Vec<&str> = lower.iter().map(String::as_str).collect();
    let mut lengths = Vec::new();
    for (k, word) in words.iter().enumerate() {
        let (comparison, at) = match (*word, words.get(k + 1).copied()) {
            ("exactly", _) => ("==", k + 1),
            ("at", Some("least")) => (">=", k + 2),
            ("at", Some("most")) => ("<=", k + 2),
            _ => continue,
        };
        // Zero and one say "at least one": emptiness, another family's case.
        if let Some(n) = words.get(at).and_then(|w| number(w)).filter(|&n| n > 1) {
            let pair = (comparison, n);
            if !lengths.contains(&pair) {
                lengths.push(pair);
            }
        }
    }
    lengths
}

/// The least sizes `description` asks of groups: "two or more" and "at least two" → 2, "more
/// than one" or "more than once" → 2; only sizes above 1 (a group of one is no group).
fn stated_minimum_sizes(description: &str) -> Vec<u32> {
    let lower = lower_words(description);
    let words: Vec<&str> = lower.iter().map(String::as_str).collect();
    let number = |w: &str| -> Option<u32> {
        match w {
            "once" => Some(1),
            "twice" => Some(2),
            _ => number(w),
        }
    };
    let mut sizes = Vec::new();
    for (k, word) in words.iter().enumerate() {
        let next = words.get(k + 1).copied();
        let size = match (*word, next) {
            (n, Some("or")) if words.get(k + 2) == Some(&"more") => number(n),
            ("at", Some("least")) => words.get(k + 2).and_then(|w| number(w)),
            ("more", Some("than")) => words.get(k + 2).and_then(|w| number(w)).map(|n| n + 1),
            _ => None,
        };
        if let Some(n) = size.filter(|&n| n > 1)
            && !sizes.contains(&n)
        {
            sizes.push(n);
        }
    }
    sizes
}

impl FunctionText<'_> {
    /// Groups returned whole where the description keeps only those of some size ("the names
    /// that share a content, for every content held by two or more files",
    /// probe38-python-19): the size becomes the comprehension's filter (`[g for g in
    /// groups.values()]` → `… if len(g) >= 2]`, `list(groups.values())` the same) or, in Rust, a
    /// `filter` before the `collect` of a map's values.
    pub(super) fn described_group_sizes(
        &self,
        file: &str,
        language: Language,
        description: &str,
    ) -> Vec<HunkMutation> {
        let sizes = stated_minimum_sizes(description);
        if sizes.is_empty() {
            return Vec::new();
        }
        let mut hunks = Vec::new();
        for (at, tokens) in self.tokens.iter().enumerate().skip(1) {
            let Some(line) = self.lines.get(at) else {
                continue;
            };
            let texts: Vec<&str> = tokens.iter().map(|t| t.text).collect();
            if texts.contains(&"if") || texts.contains(&"filter") || texts.contains(&"len") {
                continue;
            }
            let reads_values = texts.iter().any(|t| matches!(*t, "values" | "into_values"));
            if !reads_values {
                continue;
            }
            for &n in &sizes {
                let new_line = match language {
                    Language::Python => {
                        // `[NAME for NAME in …]`: the filter before its closing bracket.
                        let comprehension = texts
                            .windows(4)
                            .position(|w| w[0] == "[" && w[2] == "for" && w[1] == w[3]);
                        if let Some(k) = comprehension {
                            let name = texts[k + 1];
                            let Some(close) = tokens[k..].iter().position(|t| t.text == "]") else {
                                continue;
                            };
                            let end = tokens[k + close].start;
                            format!("{} if len({name}) >= {n}{}", &line[..end], &line[end..])
                        } else if let Some(k) = texts.windows(2).position(|w| w == ["list", "("]) {
                            // `list(EXPR)` → `[g for g in EXPR if len(g) >= n]`.
                            let Some(close) = tokens.iter().rposition(|t| t.text == ")") else {
                                continue;
                            };
                            let inner = &line[tokens[k + 1].end..tokens[close].start];
                            format!(
                                "{}[group for group in {inner} if len(group) >= {n}]{}",
                                &line[..tokens[k].start],
                                &line[tokens[close].end..]
                            )
                        } else {
                            continue;
                        }
                    }
                    Language::Rust => {
                        let Some(k) = texts.windows(2).position(|w| w == [".", "collect"]) else {
                            continue;
                        };
                        let at_dot = tokens[k].start;
                        format!(
                            "{}.filter(|group| group.len() >= {n}){}",
                            &line[..at_dot],
                            &line[at_dot..]
                        )
                    }
                };
                hunks.extend(self.line_replaced(
                    file,
                    at,
                    new_line,
                    MutationOperator::DescribedLength,
                    format!("only groups of {n} or more kept, as the description says"),
                ));
            }
        }
        hunks
    }
}

/// Sequences a check walks: Rust `x.chars()`, `x.bytes()`, `x.iter()`; Python `in x`,
/// `x.isdigit()` and the other `is…` tests.
fn walked_sequences<'a>(tokens: &[Token<'a>], language: Language) -> Vec<&'a str> {
    let mut names = Vec::new();
    for w in tokens.windows(3) {
        let name = match language {
            Language::Rust
                if w[0].kind == TokenKind::Ident
                    && w[1].text == "."
                    && matches!(w[2].text, "chars" | "bytes" | "iter") =>
            {
                w[0].text
            }
            Language::Python if w[0].text == "in" && w[1].kind == TokenKind::Ident => w[1].text,
            Language::Python
                if w[0].kind == TokenKind::Ident
                    && w[1].text == "."
                    && w[2].text.starts_with("is") =>
            {
                w[0].text
            }
            _ => continue,
        };
        // A comprehension's own variable is an item, not the sequence.
        let bound = tokens
            .windows(2)
            .any(|b| b[0].text == "for" && b[1].text == name);
        if name != "self" && !bound && !names.contains(&name) {
            names.push(name);
        }
    }
    names
}

impl FunctionText<'_> {
    /// See the module.
    pub(super) fn described_lengths(
        &self,
        file: &str,
        language: Language,
        description: &str,
    ) -> Vec<HunkMutation> {
        let lengths = stated_lengths(description);
        if lengths.is_empty() {
            return Vec::new();
        }
        let header = self.lines.first().copied().unwrap_or("");
        if language == Language::Rust && !header.contains("-> bool") {
            return Vec::new();
        }
        let mut hunks = Vec::new();
        for (offset, tokens) in self.tokens.iter().enumerate().skip(1) {
            let Some(line) = self.lines.get(offset) else {
                continue;
            };
            if let Some(hunk) = self.rejecting_check_measured(file, language, offset, &lengths) {
                hunks.extend(hunk);
                continue;
            }
            // Where the returned check starts: after `return`, after a match arm's `=>`, or
            // (Rust) a tail expression.
            let start = match tokens
                .iter()
                .position(|t| t.text == "return" || t.text == "=>")
            {
                Some(k) => k + 1,
                None if language == Language::Rust
                    && tokens
                        .last()
                        .is_some_and(|t| t.text != ";" && t.text != "{")
                    && tokens.first().is_some_and(|t| t.kind == TokenKind::Ident) =>
                {
                    0
                }
                None => continue,
            };
            let end = match language {
                Language::Rust => tokens
                    .iter()
                    .rposition(|t| !matches!(t.text, ";" | ","))
                    .map_or(0, |k| k + 1),
                Language::Python => tokens.len(),
            };
            let Some(check) = tokens.get(start..end).filter(|c| !c.is_empty()) else {
                continue;
            };
            let (Some(first), Some(last)) = (check.first(), check.last()) else {
                continue;
            };
            let expression = &line[first.start..last.end];
            let (and, either) = match language {
                Language::Rust => ("&&", "||"),
                Language::Python => ("and", "or"),
            };
            let grouped = if check.iter().any(|t| t.text == either) {
                format!("({expression})")
            } else {
                expression.to_string()
            };
            for name in walked_sequences(check, language) {
                if self.measures(name) {
                    continue;
                }
                for (comparison, n) in &lengths {
                    let measure = match language {
                        Language::Rust => format!("{name}.len() {comparison} {n}"),
                        Language::Python => format!("len({name}) {comparison} {n}"),
                    };
                    let new_line = format!(
                        "{}{measure} {and} {grouped}{}",
                        &line[..first.start],
                        &line[last.end..]
                    );
                    hunks.extend(self.line_replaced(
                        file,
                        offset,
                        new_line,
                        MutationOperator::DescribedLength,
                        format!("the stated length: `{measure}` joins the check"),
                    ));
                }
            }
        }
        hunks
    }
}

/// The counts of parts `description` states in its prose ("its three components", "4
/// octets"): a number from 2 to 12, in words or digits, followed by a word.
fn stated_part_counts(description: &str) -> Vec<u32> {
    let prose = description
        .split(">>>")
        .next()
        .unwrap_or("")
        .split("Example")
        .next()
        .unwrap_or("")
        .to_lowercase();
    let words: Vec<&str> = prose
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let mut counts = Vec::new();
    for w in words.windows(2) {
        let n = w[0].parse::<u32>().ok().or_else(|| {
            NUMBER_WORDS
                .iter()
                .position(|n| *n == w[0])
                .and_then(|p| u32::try_from(p).ok())
        });
        let noun = w[1].len() >= 3 && w[1].chars().all(|c| c.is_ascii_alphabetic());
        if let Some(n) = n.filter(|n| (2..=12).contains(n))
            && noun
            && !counts.contains(&n)
        {
            counts.push(n);
        }
    }
    counts
}

impl FunctionText<'_> {
    /// A count of parts the description states ("its three components") where the text is
    /// split and the pieces are never counted: right after the split, `if parts.len() != 3 {
    /// return None; }` (Python `if len(parts) != 3: return None`), with the function's failure
    /// value (Rust: its return type's; Python: a literal it returns elsewhere).
    pub(super) fn described_part_counts(
        &self,
        file: &str,
        language: Language,
        description: &str,
    ) -> Vec<HunkMutation> {
        let counts = stated_part_counts(description);
        if counts.is_empty() {
            return Vec::new();
        }
        let header = self.lines.first().copied().unwrap_or("");
        let failures: Vec<&str> = match language {
            Language::Rust => ["None", "false"]
                .into_iter()
                .filter(|v| super::empty::fits_return_type(v, header))
                .collect(),
            Language::Python => ["None", "False", "-1"]
                .into_iter()
                .filter(|v| self.lines.iter().any(|l| l.trim() == format!("return {v}")))
                .collect(),
        };
        let mut hunks = Vec::new();
        for (offset, tokens) in self.tokens.iter().enumerate().skip(1) {
            let texts: Vec<&str> = tokens.iter().map(|t| t.text).collect();
            let name = match (language, texts.as_slice()) {
                (Language::Python, [name, "=", .., ")"])
                    if texts.windows(2).any(|w| w == ["split", "("]) =>
                {
                    *name
                }
                (Language::Rust, ["let", name, .., ";"])
                    if texts.contains(&"split") && texts.contains(&"collect") =>
                {
                    *name
                }
                _ => continue,
            };
            let Some(line) = self.lines.get(offset) else {
                continue;
            };
            if self.measures(name) {
                continue;
            }
            let pad = &line[..indent(line)];
            for n in &counts {
                for failure in &failures {
                    let wrong = match language {
                        Language::Python => format!("len({name}) != {n}"),
                        Language::Rust => format!("{name}.len() != {n}"),
                    };
                    let lines = super::guarded(language, pad, &wrong, &format!("return {failure}"));
                    hunks.extend(self.lines_inserted_after(
                        file,
                        offset,
                        lines,
                        MutationOperator::DescribedLength,
                        format!("the stated count: `{name}` must have {n} parts"),
                    ));
                }
            }
        }
        hunks
    }

    /// [`Self::described_lengths`] for a check that rejects (`if !p.chars().all(…) { return
    /// false; }`, Python `if not all(…): return False`): the stated length's negation joins
    /// it as a first alternative (`if p.len() != 2 || !p.chars().all(…) {`).
    fn rejecting_check_measured(
        &self,
        file: &str,
        language: Language,
        offset: usize,
        lengths: &[(&'static str, u32)],
    ) -> Option<Vec<HunkMutation>> {
        let tokens = self.tokens.get(offset)?;
        let line = self.lines.get(offset)?;
        if !tokens
            .first()
            .is_some_and(|t| matches!(t.text, "if" | "elif"))
        {
            return None;
        }
        let (opener, rejected, or) = match language {
            Language::Rust => ("{", "return false", "||"),
            Language::Python => (":", "return False", "or"),
        };
        let open = tokens.iter().rposition(|t| t.text == opener)?;
        // The body returns false: on the line after the opener or, in Python, on the same line.
        let same_line = line.get(tokens.get(open)?.end..).unwrap_or("").trim();
        let next = self.lines.get(offset + 1).map_or("", |l| l.trim());
        let rejects =
            same_line.starts_with(rejected) || (same_line.is_empty() && next.starts_with(rejected));
        if !rejects {
            return None;
        }
        let check = tokens.get(1..open).filter(|c| !c.is_empty())?;
        let (first, last) = (check.first()?, check.last()?);
        let mut hunks = Vec::new();
        for name in walked_sequences(check, language) {
            if self.measures(name) {
                continue;
            }
            for (comparison, n) in lengths {
                let negated = match *comparison {
                    "==" => "!=",
                    ">=" => "<",
                    _ => ">",
                };
                let measure = match language {
                    Language::Rust => format!("{name}.len() {negated} {n}"),
                    Language::Python => format!("len({name}) {negated} {n}"),
                };
                let new_line = format!(
                    "{}{measure} {or} {}{}",
                    &line[..first.start],
                    &line[first.start..last.end],
                    &line[last.end..]
                );
                hunks.extend(self.line_replaced(
                    file,
                    offset,
                    new_line,
                    MutationOperator::DescribedLength,
                    format!("the stated length: `{measure}` rejects too"),
                ));
            }
        }
        Some(hunks)
    }
}

#[cfg(test)]
mod tests {
    use super::stated_lengths;

    #[test]
    fn part_counts_are_read_from_the_prose() {
        assert_eq!(
            super::stated_part_counts(
                "Parses `rgb(R, G, B)` into its three components.\nExample: `f(\"rgb(255, 128, 0)\")`"
            ),
            vec![3]
        );
        assert_eq!(
            super::stated_part_counts("4 octets, each 0 to 255"),
            vec![4]
        );
        assert!(super::stated_part_counts("one part").is_empty());
    }

    #[test]
    fn lengths_are_read_from_words_and_digits() {
        assert_eq!(
            stated_lengths("`#` followed by exactly six hexadecimal digits"),
            vec![("==", 6)]
        );
        assert_eq!(
            stated_lengths("at least 3 letters and at most ten"),
            vec![(">=", 3), ("<=", 10)]
        );
        // "at least one" is emptiness, not a length.
        assert!(stated_lengths("at least one digit").is_empty());
        assert!(stated_lengths("six digits").is_empty());
    }
}
