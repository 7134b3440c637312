//! A running best started at zero: `best = 0` before a loop that keeps `best = max(best,
//! cur)` answers 0 when every value is negative (a running `min` from 0, when every value is
//! positive). The start becomes the type's extreme (`float("-inf")`, `i64::MIN`), the first
//! value of the sequence the loop walks (`nums[0]`), or the start another running value of
//! the function was given (`let mut current = first;` → `let mut best = first;`). Probed
//! first: two to four probes, and a running `max` from 0 is the classic slip.

use super::super::{Language, MutationOperator, Token, TokenKind};
use super::{FunctionText, HunkMutation};

use super::super::indentation as indent;

/// `NAME = VALUE` (Python) or `let mut NAME = VALUE;` (Rust): the name and the value's tokens.
fn start<'t, 'a>(line: &'t [Token<'a>], language: Language) -> Option<(&'a str, &'t [Token<'a>])> {
    let (at, end) = match language {
        Language::Python => (0, line.len()),
        Language::Rust => {
            if line.first()?.text != "let" || line.get(1)?.text != "mut" {
                return None;
            }
            (
                2,
                line.len()
                    .checked_sub(1)
                    .filter(|&e| line.get(e).is_some_and(|t| t.text == ";"))?,
            )
        }
    };
    let name = line.get(at).filter(|t| t.kind == TokenKind::Ident)?;
    (line.get(at + 1)?.text == "=").then_some((name.text, line.get(at + 2..end)?))
}

/// Rust's integer types, for a cast.
const INTEGER_TYPES: [&str; 12] = [
    "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize",
];

/// `seq[a] + seq[b] + …` (two or more terms, one sequence, each index a plain name or a name
/// plus a number, all different): the sequence and the number of terms.
fn indexed_sum<'a>(value: &[&'a str]) -> Option<(&'a str, usize)> {
    let mut sequence: Option<&str> = None;
    let mut indexes: Vec<&[&str]> = Vec::new();
    // A `+` inside an index (`v[i + 1]`) splits a term: such sums are not read.
    for term in value.split(|t| *t == "+") {
        let [seq, "[", index @ .., "]"] = term else {
            return None;
        };
        if index.is_empty() || index.contains(&"[") || *sequence.get_or_insert(seq) != *seq {
            return None;
        }
        if indexes.contains(&index) {
            return None;
        }
        indexes.push(index);
    }
    (indexes.len() >= 2).then_some((sequence?, indexes.len()))
}

/// Integer and float types a Rust signature may name, for `T::MIN` / `T::MAX`.
const NUMBER_TYPES: [&str; 12] = [
    "i64", "i32", "isize", "i128", "i16", "i8", "f64", "f32", "u64", "u32", "usize", "u8",
];

impl FunctionText<'_> {
    /// See the module.
    pub(super) fn extreme_starts(&self, file: &str, language: Language) -> Vec<HunkMutation> {
        let mut hunks = Vec::new();
        for (at, line) in self.tokens.iter().enumerate().skip(1) {
            let Some((name, value)) = start(line, language) else {
                continue;
            };
            let zero = matches!(
                value.iter().map(|t| t.text).collect::<Vec<_>>().as_slice(),
                ["0"] | ["0.0"] | ["0", "as", _]
            );
            let Some(init_line) = self.lines.get(at) else {
                continue;
            };
            if !zero {
                continue;
            }
            // The running `max`/`min` of `name`, deeper than its start (in a loop).
            let running =
                self.tokens
                    .iter()
                    .enumerate()
                    .skip(at + 1)
                    .find_map(|(k, l)| {
                        let deeper = self
                            .lines
                            .get(k)
                            .is_some_and(|t| indent(t) > indent(init_line));
                        let kind = l.windows(3).find_map(|w| match language {
                            Language::Python => (matches!(w[0].text, "max" | "min")
                                && w[1].text == "("
                                && l.iter().any(|t| t.text == name))
                            .then_some(w[0].text),
                            Language::Rust => (w[0].text == name
                                && w[1].text == "."
                                && matches!(w[2].text, "max" | "min"))
                            .then_some(w[2].text),
                        });
                        let assigned = l.first().is_some_and(|t| t.text == name)
                            && l.get(1).is_some_and(|t| t.text == "=");
                        // Or kept by a comparison: `if s > best:` then `best = s` on the next line.
                        let next_assigns = self.tokens.get(k + 1).is_some_and(|n| {
                            n.first().is_some_and(|t| t.text == name)
                                && n.get(1).is_some_and(|t| t.text == "=")
                        });
                        let compared =
                            l.first()
                                .is_some_and(|t| matches!(t.text, "if" | "elif"))
                                .then(|| {
                                    l.windows(3).find_map(|w| {
                                        match (w[0].text == name, w[1].text, w[2].text == name) {
                                            (false, ">" | ">=", true)
                                            | (true, "<" | "<=", false) => Some("max"),
                                            (false, "<" | "<=", true)
                                            | (true, ">" | ">=", false) => Some("min"),
                                            _ => None,
                                        }
                                    })
                                })
                                .flatten()
                                .filter(|_| deeper && next_assigns);
                        kind.filter(|_| deeper && assigned)
                            .or(compared)
                            .map(|kind| (k, kind))
                    });
            let Some((use_at, kind)) = running else {
                continue;
            };
            let pad = &init_line[..indent(init_line)];
            let mut values: Vec<String> = Vec::new();
            match language {
                Language::Python => values.push(
                    if kind == "max" {
                        "float(\"-inf\")"
                    } else {
                        "float(\"inf\")"
                    }
                    .to_string(),
                ),
                Language::Rust => {
                    // The signature: the lines up to the one that opens the body.
                    let opens = self
                        .tokens
                        .iter()
                        .position(|l| l.iter().any(|t| t.text == "{"))
                        .map_or(1, |k| k + 1);
                    let signature = self.tokens[..opens.min(self.tokens.len())]
                        .iter()
                        .flat_map(|l| l.iter());
                    if let Some(ty) = signature.map(|t| t.text).find(|t| NUMBER_TYPES.contains(t)) {
                        let bound = if kind == "max" { "MIN" } else { "MAX" };
                        values.push(format!("{ty}::{bound}"));
                    }
                }
            }
            // The first value of the sequence a loop between the start and the use walks.
            for l in &self.tokens[at + 1..use_at] {
                if l.first().is_none_or(|t| t.text != "for") {
                    continue;
                }
                let Some(in_at) = l.iter().position(|t| t.text == "in") else {
                    continue;
                };
                let sequence = l.get(in_at + 1).filter(|t| t.kind == TokenKind::Ident);
                let plain = matches!(
                    l.get(in_at + 2).map(|t| t.text),
                    Some(":" | "{") | Some(".")
                );
                if let Some(sequence) = sequence.filter(|_| plain) {
                    values.push(format!("{}[0]", sequence.text));
                }
            }
            // The start another running value was given (`let mut current = first;`).
            for l in &self.tokens[1..at] {
                if let Some((other, [only])) = start(l, language)
                    && other != name
                    && only.kind == TokenKind::Ident
                    && !super::super::is_keyword(only.text, language)
                {
                    values.push(only.text.to_string());
                }
            }
            let mut seen: Vec<String> = Vec::new();
            for value in values {
                if seen.contains(&value) {
                    continue;
                }
                seen.push(value.clone());
                let new_line = match language {
                    Language::Python => format!("{pad}{name} = {value}"),
                    Language::Rust => format!("{pad}let mut {name} = {value};"),
                };
                let description = format!(
                    "`{name}` starts at `{value}`, not 0 (it keeps a running `{kind}`, which 0 would cap)"
                );
                hunks.extend(self.line_replaced(
                    file,
                    at,
                    new_line,
                    MutationOperator::ExtremeStart,
                    description,
                ));
            }
        }
        hunks
    }
}

/// Words that name the smallest of something, and those that name the largest. "at least"
/// and "at most" bound a value; they do not name the one computed.
const MIN_WORDS: [&str; 8] = [
    "minimum", "minimal", "smallest", "fewest", "least", "shortest", "lowest", "cheapest",
];
const MAX_WORDS: [&str; 8] = [
    "maximum", "maximal", "largest", "greatest", "most", "longest", "highest", "biggest",
];

/// The extreme `description` names, "min" or "max", when it names only one.
fn named_extreme(description: &str) -> Option<&'static str> {
    let lower = description.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let names = |list: &[&str]| {
        words.iter().enumerate().any(|(k, w)| {
            list.contains(w)
                && !(matches!(*w, "least" | "most") && k > 0 && words.get(k - 1) == Some(&"at"))
        })
    };
    match (names(&MIN_WORDS), names(&MAX_WORDS)) {
        (true, false) => Some("min"),
        (false, true) => Some("max"),
        _ => None,
    }
}

/// The calls of the other extreme's family a token names, with their counterpart
/// (`max` → `min`, `max_by_key` → `min_by_key`).
fn counterpart(name: &str) -> Option<String> {
    let to = if name.starts_with("max") {
        "min"
    } else if name.starts_with("min") {
        "max"
    } else {
        return None;
    };
    matches!(&name[3..], "" | "_by" | "_by_key").then(|| format!("{to}{}", &name[3..]))
}

impl FunctionText<'_> {
    /// Where the description names one extreme ("the minimum number of edits") and the
    /// code calls only the other (`max(prev[j] + 1, …)`): each such call made the named one,
    /// and all of them at once when there are several. Probed first: the description is the
    /// specification, and a `max` for a "minimum" contradicts it outright. A table's last
    /// entry returned for "the longest …" becomes the table's maximum the same way.
    pub(super) fn described_extremes(
        &self,
        file: &str,
        language: Language,
        description: &str,
    ) -> Vec<HunkMutation> {
        let Some(named) = named_extreme(description) else {
            return Vec::new();
        };
        // Calls only: `max(`, `.max(`, `cmp::max(`; never a name or a field called `max`.
        let calls = |family: &str| {
            self.sites(|line, k| {
                let called = line.get(k + 1).is_some_and(|t| t.text == "(");
                let token = &line[k];
                token.kind == TokenKind::Ident
                    && called
                    && counterpart(token.text).is_some()
                    && token.text.starts_with(family)
            })
        };
        let other = if named == "min" { "max" } else { "min" };
        let mut hunks = Vec::new();
        // The header's own name is not a call of the body (`def max_gap(`).
        let wrong: Vec<_> = calls(other).into_iter().filter(|&(l, _)| l > 0).collect();
        if wrong.is_empty() {
            // Nothing computes the other extreme; a table's last entry returned where the
            // description asks for its extreme ("the longest …" over `dp[n - 1]`) is where the
            // named one was left out.
            for (at, text) in self.lines.iter().enumerate().skip(1) {
                for edit in super::super::expr::aggregate_for_last_edits(text, language) {
                    if edit.description.starts_with(&format!("the {named} of")) {
                        hunks.extend(self.line_replaced(
                            file,
                            at,
                            edit.new_text,
                            MutationOperator::DescribedExtreme,
                            format!(
                                "the description names the {named}imum; {}",
                                edit.description
                            ),
                        ));
                    }
                }
            }
            return hunks;
        }
        if calls(named).iter().any(|&(l, _)| l > 0) {
            return hunks;
        }
        let why = |what: String| {
            format!(
                "the description names the {named}imum; {what} (the code computes only the {other}imum)"
            )
        };
        for &site in &wrong {
            let old = self.text(site);
            let Some(new) = counterpart(old) else {
                continue;
            };
            let what = why(format!("`{old}` → `{new}`"));
            hunks.extend(self.sites_replaced(
                file,
                &[(site, new)],
                MutationOperator::DescribedExtreme,
                what,
            ));
        }
        if wrong.len() > 1 {
            let edits: Vec<_> = wrong
                .iter()
                .filter_map(|&site| Some((site, counterpart(self.text(site))?)))
                .collect();
            hunks.extend(self.hunk(
                file,
                &edits,
                MutationOperator::DescribedExtreme,
                why(format!("every `{other}` call made `{named}`")),
            ));
        }
        hunks
    }

    /// A best candidate started at 0 and later replaced by a candidate built from one
    /// sequence's items at several positions (`best = sum;` where `let sum = v[i] + v[lo] +
    /// v[hi];`): 0 may beat every real candidate, so the start becomes the candidate of the
    /// first positions (`v[0] + v[1] + v[2]`, probe38-rust-09: the closest sum of three).
    pub(super) fn first_candidate_starts(
        &self,
        file: &str,
        language: Language,
    ) -> Vec<HunkMutation> {
        let mut hunks = Vec::new();
        for (at, line) in self.tokens.iter().enumerate().skip(1) {
            let Some((name, value)) = start(line, language) else {
                continue;
            };
            let zero = matches!(
                value.iter().map(|t| t.text).collect::<Vec<_>>().as_slice(),
                ["0"] | ["0.0"]
            );
            let (Some(first), Some(last)) = (value.first(), value.last()) else {
                continue;
            };
            if !zero {
                continue;
            }
            // `name = candidate` further down, and the candidate's own definition.
            let candidate = self.tokens.iter().skip(at + 1).find_map(|l| {
                let texts: Vec<&str> = l.iter().map(|t| t.text).collect();
                match texts.as_slice() {
                    [n, "=", other] | [n, "=", other, ";"] if *n == name && *other != name => {
                        Some(*other)
                    }
                    _ => None,
                }
            });
            let Some(candidate) = candidate else {
                continue;
            };
            let terms = self.tokens.iter().skip(at + 1).find_map(|l| {
                let texts: Vec<&str> = l.iter().map(|t| t.text).collect();
                let value = match texts.as_slice() {
                    ["let", n, "=", value @ .., ";"] | [n, "=", value @ ..] if *n == candidate => {
                        value.to_vec()
                    }
                    _ => return None,
                };
                indexed_sum(&value)
            });
            let Some((sequence, count)) = terms else {
                continue;
            };
            let new_value: Vec<String> = (0..count).map(|k| format!("{sequence}[{k}]")).collect();
            hunks.extend(self.start_replaced(
                file,
                at,
                (first, last),
                &new_value.join(" + "),
                format!("`{name}` starts at the first `{candidate}`, not at 0"),
            ));
        }
        hunks
    }

    /// Line `at` with its start value (the tokens `first ..= last`) replaced by `new`: an
    /// [`MutationOperator::ExtremeStart`] hunk.
    fn start_replaced(
        &self,
        file: &str,
        at: usize,
        (first, last): (&Token<'_>, &Token<'_>),
        new: &str,
        description: String,
    ) -> Option<HunkMutation> {
        let line = self.lines.get(at)?;
        let (before, after) = (line.get(..first.start)?, line.get(last.end..)?);
        self.line_replaced(
            file,
            at,
            format!("{before}{new}{after}"),
            MutationOperator::ExtremeStart,
            description,
        )
    }

    /// The parameters that hold sequences ([`FunctionText::parameter_names`] by their
    /// annotation): Rust's slices and vectors; every Python parameter without a scalar
    /// annotation.
    fn sequence_parameters(&self, language: Language) -> Vec<&str> {
        let header = self.tokens.first().map(Vec::as_slice).unwrap_or_default();
        self.parameter_names(language)
            .into_iter()
            .filter(|name| {
                // The tokens after `name :`, if annotated.
                let annotation = header
                    .windows(2)
                    .position(|w| w[0].text == *name && w[1].text == ":")
                    .map(|k| &header[k + 2..]);
                let texts: Vec<&str> = annotation
                    .unwrap_or_default()
                    .iter()
                    .take(3)
                    .map(|t| t.text)
                    .collect();
                match language {
                    Language::Rust => matches!(
                        texts.as_slice(),
                        ["&", "[", ..] | ["Vec", ..] | ["&", "Vec", ..] | ["&", "mut", "["]
                    ),
                    Language::Python => {
                        !matches!(texts.first(), Some(&("int" | "float" | "bool" | "str")))
                    }
                }
            })
            .collect()
    }

    /// An accumulator started at 0 and stepped by a compound assignment inside a loop over a
    /// sequence parameter: the start may be the sequence's length (probe38-rust-07: the missing
    /// number of `0..=n` is `n ^ 0 ^ x0 ^ 1 ^ x1 …`, so the XOR starts at `n`). Rust casts the
    /// length to the function's integer return type when the accumulator is what it returns,
    /// else to the annotated type.
    pub(super) fn length_starts(&self, file: &str, language: Language) -> Vec<HunkMutation> {
        let header = self.lines.first().copied().unwrap_or("");
        let sequences = self.sequence_parameters(language);
        if sequences.is_empty() {
            return Vec::new();
        }
        let returned = header
            .split("->")
            .nth(1)
            .map(|r| r.trim().trim_end_matches('{').trim())
            .filter(|r| INTEGER_TYPES.contains(r));
        let mut hunks = Vec::new();
        let body_depth = self
            .lines
            .get(1)
            .map_or(0, |l| super::super::indentation(l));
        for (at, line) in self.tokens.iter().enumerate().skip(1) {
            // `acc = 0`, `let mut acc = 0;` or `let mut acc: u32 = 0;`.
            let (name, value, annotated) = match (start(line, language), line.as_slice()) {
                (Some((name, value)), _) => (name, value, None),
                (None, [l, m, name, colon, ty, eq, value @ .., semi])
                    if l.text == "let"
                        && m.text == "mut"
                        && colon.text == ":"
                        && eq.text == "="
                        && semi.text == ";"
                        && INTEGER_TYPES.contains(&ty.text) =>
                {
                    (name.text, value, Some(ty.text))
                }
                _ => continue,
            };
            let (Some(first), Some(last), Some(init_line)) =
                (value.first(), value.last(), self.lines.get(at))
            else {
                continue;
            };
            if value.len() != 1
                || first.text != "0"
                || super::super::indentation(init_line) != body_depth
            {
                continue;
            }
            // A loop over one of the sequences further down, stepping `name` in its body.
            let Some(sequence) = self
                .tokens
                .iter()
                .enumerate()
                .skip(at + 1)
                .find_map(|(h, l)| {
                    let texts: Vec<&str> = l.iter().map(|t| t.text).collect();
                    if texts.first() != Some(&"for") {
                        return None;
                    }
                    let after_in = texts.iter().position(|t| *t == "in")?;
                    let sequence = sequences.iter().find(|s| texts[after_in..].contains(*s))?;
                    // Stepped by `^=` or only ever counted down: a count up from 0 is the usual
                    // start, not a suspect.
                    let steps_with = |ops: &[&str]| {
                        self.block_body(h).iter().any(|&k| {
                            self.tokens.get(k).is_some_and(|t| {
                                t.first().is_some_and(|n| n.text == name)
                                    && t.get(1).is_some_and(|o| ops.contains(&o.text))
                            })
                        })
                    };
                    let stepped =
                        steps_with(&["^="]) || (steps_with(&["-="]) && !steps_with(&["+="]));
                    stepped.then_some(*sequence)
                })
            else {
                continue;
            };
            let gives_name = self
                .lines
                .iter()
                .rev()
                .find(|l| !l.trim().is_empty() && l.trim() != "}");
            let returns_name = gives_name.is_some_and(|l| {
                let l = l.trim().trim_end_matches(';');
                l == name || l == format!("return {name}")
            });
            let length = match language {
                Language::Python => format!("len({sequence})"),
                Language::Rust => match annotated.or(returned.filter(|_| returns_name)) {
                    Some(ty) if ty != "usize" => format!("{sequence}.len() as {ty}"),
                    _ => format!("{sequence}.len()"),
                },
            };
            hunks.extend(self.start_replaced(
                file,
                at,
                (first, last),
                &length,
                format!("`{name}` starts at the length of `{sequence}`, not at 0"),
            ));
        }
        hunks
    }

    /// Rust: the description names a signed type's minimum (`i32::MIN`) and the code writes
    /// the negated maximum (`-(i32::MAX as i64)`), one off in two's complement: that line
    /// with the named minimum, probed first as a [`MutationOperator::DescribedExtreme`]
    /// (probe37-rust-23; among a clamp's many literal edits it was not reached otherwise).
    pub(super) fn described_type_minimums(
        &self,
        file: &str,
        language: Language,
        description: &str,
    ) -> Vec<HunkMutation> {
        if language != Language::Rust || !description.contains("::MIN") {
            return Vec::new();
        }
        let mut hunks = Vec::new();
        for (at, text) in self.lines.iter().enumerate().skip(1) {
            for edit in super::super::expr::negated_max_edits(text) {
                let named = ["i8", "i16", "i32", "i64", "i128", "isize"]
                    .iter()
                    .map(|ty| format!("{ty}::MIN"))
                    .find(|min| {
                        edit.new_text.contains(min.as_str()) && !text.contains(min.as_str())
                    });
                let Some(min) = named.filter(|min| description.contains(min.as_str())) else {
                    continue;
                };
                hunks.extend(self.line_replaced(
                    file,
                    at,
                    edit.new_text,
                    MutationOperator::DescribedExtreme,
                    format!("{} (the description names `{min}`)", edit.description),
                ));
            }
        }
        hunks
    }

    /// A value whose name says which extreme it keeps, updated with the other one
    /// (`min_price = min_price.max(p)`, `largest = min(largest, x)`): the calls on that line
    /// made the named extreme. Probed first, as a [`MutationOperator::DescribedExtreme`]: the
    /// name is the description.
    pub(super) fn named_extreme_updates(
        &self,
        file: &str,
        language: Language,
    ) -> Vec<HunkMutation> {
        let mut hunks = Vec::new();
        for (at, line) in self.tokens.iter().enumerate().skip(1) {
            let target = match language {
                Language::Python => line
                    .first()
                    .filter(|_| line.get(1).is_some_and(|t| t.text == "=")),
                Language::Rust => {
                    let from = match (line.first().map(|t| t.text), line.get(1).map(|t| t.text)) {
                        (Some("let"), Some("mut")) => 2,
                        (Some("let"), _) => 1,
                        _ => 0,
                    };
                    line.get(from)
                        .filter(|_| line.get(from + 1).is_some_and(|t| t.text == "="))
                }
            };
            let Some(target) = target.filter(|t| t.kind == TokenKind::Ident) else {
                continue;
            };
            // In a name, `min`/`max` themselves name it too (`min_price`, `max_len`).
            let words: Vec<String> = target
                .text
                .to_lowercase()
                .split('_')
                .map(|w| match w {
                    "min" => "minimum".to_string(),
                    "max" => "maximum".to_string(),
                    w => w.to_string(),
                })
                .collect();
            let words = words.join(" ");
            let Some(named) = named_extreme(&words) else {
                continue;
            };
            let family = |k: usize| {
                let t = &line[k];
                let called = line.get(k + 1).is_some_and(|n| n.text == "(");
                (t.kind == TokenKind::Ident && called && counterpart(t.text).is_some()).then(|| {
                    if t.text.starts_with("min") {
                        "min"
                    } else {
                        "max"
                    }
                })
            };
            let calls: Vec<(usize, &str)> = (0..line.len())
                .filter_map(|k| Some((k, family(k)?)))
                .collect();
            if calls.is_empty() || calls.iter().any(|(_, f)| *f == named) {
                continue;
            }
            let edits: Vec<((usize, usize), String)> = calls
                .iter()
                .filter_map(|&(k, _)| Some(((at, k), counterpart(line[k].text)?)))
                .collect();
            let description = format!(
                "`{}` keeps the {named}imum its name says, not the other extreme",
                target.text
            );
            hunks.extend(self.sites_replaced(
                file,
                &edits,
                MutationOperator::DescribedExtreme,
                description,
            ));
        }
        hunks
    }
}
