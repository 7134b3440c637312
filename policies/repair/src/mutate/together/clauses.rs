//! Missing clauses: a condition that lacks a check the function's own description asks for.
//!
//! A "missing logic" bug often deletes one conjunct: `if i > 0 and "." not in str(i)` where
//! the description says "ignore numbers that are negative or not integers … the odd ones", and
//! `i % 2 != 0` is gone. What is left says what the clause was: a property the description
//! names (odd, even, positive, negative, non-negative) over a value the condition already
//! compares, or a one-argument predicate the file defines and never calls (`is_prime` written
//! and not used). Each candidate adds one clause, `and` / `&&`, at the end of one condition: an
//! `if`, a comprehension's filter (or a comprehension without one), a Rust `.filter(|x| …)`.

use super::super::{Language, MutationOperator, Token, TokenKind, matching_close};
use super::{FunctionText, HunkMutation};

/// Most clause insertions per function: each is one probe when nothing else passes.
const MAX_CLAUSES_PER_FUNCTION: usize = 16;
/// Most values per condition a clause is tried on.
const MAX_SUBJECTS: usize = 2;
const COMPARISONS: [&str; 6] = ["<", "<=", ">", ">=", "==", "!="];

/// A property a function's description names, made a clause over one value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Property {
    Odd,
    Even,
    Positive,
    Negative,
    NonNegative,
}

impl Property {
    /// The properties `description` names, in a fixed order.
    pub(super) fn named_in(description: &str) -> Vec<Property> {
        let lower = description.to_lowercase();
        let words: Vec<&str> = lower
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
            .filter(|w| !w.is_empty())
            .collect();
        let has = |w: &str| words.contains(&w);
        let mut found = Vec::new();
        if has("odd") {
            found.push(Property::Odd);
        }
        if has("even") {
            found.push(Property::Even);
        }
        if has("positive") {
            found.push(Property::Positive);
        }
        if has("negative") {
            found.push(Property::Negative);
        }
        if has("non-negative") || has("nonnegative") {
            found.push(Property::NonNegative);
        }
        found
    }

    /// The clause over `subject`; `float` when the value is compared with a float literal
    /// (Rust will not mix `f32` with an integer literal).
    pub(super) fn clause(self, subject: &str, float: bool) -> String {
        let (two, zero) = if float { ("2.0", "0.0") } else { ("2", "0") };
        match self {
            Property::Odd => format!("{subject} % {two} != {zero}"),
            Property::Even => format!("{subject} % {two} == {zero}"),
            Property::Positive => format!("{subject} > {zero}"),
            Property::Negative => format!("{subject} < {zero}"),
            Property::NonNegative => format!("{subject} >= {zero}"),
        }
    }

    pub(super) fn word(self) -> &'static str {
        match self {
            Property::Odd => "odd",
            Property::Even => "even",
            Property::Positive => "positive",
            Property::Negative => "negative",
            Property::NonNegative => "non-negative",
        }
    }
}

/// A value a clause can be written over.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Subject {
    text: String,
    /// Compared with a float literal (Rust will not mix `f32` with an integer literal).
    float: bool,
    /// Compared with a number already: its sign is settled (`x > 10 and x > 0` adds nothing,
    /// `e < 0 and e > 0` is never true).
    against_number: bool,
    /// `== number`: its value is fixed, no property of it is in question.
    pinned: bool,
    /// The index a condition subscripts with (`i` in `s[i] in "AEIOU"`): a subject only when
    /// the description speaks of positions ("in even indices").
    position: bool,
}

impl Subject {
    fn named(text: &str) -> Subject {
        Subject {
            text: text.to_string(),
            float: false,
            against_number: false,
            pinned: false,
            position: false,
        }
    }
}

/// One condition of the function a clause can join.
struct Condition {
    /// Line offset in the function.
    line: usize,
    /// Byte range of the condition's text in its line.
    span: std::ops::Range<usize>,
    /// A top-level `or`/`||` in it: the clause must not bind to its last alternative only.
    has_alternatives: bool,
    /// Values it compares (or the comprehension's target), first seen first.
    subjects: Vec<Subject>,
    /// A comprehension without a filter: the clause comes as one (` if …`).
    new_filter: bool,
}

impl FunctionText<'_> {
    /// Every clause insertion of the function, from the properties `description` names and the
    /// one-argument predicates `uncalled` (defined in the file, called nowhere).
    pub(super) fn described_clauses(
        &self,
        file: &str,
        language: Language,
        description: &str,
        uncalled: &[String],
    ) -> Vec<HunkMutation> {
        let properties = Property::named_in(description);
        // Never the function itself (a recursive call is not a deleted check).
        let header = self.lines.first().copied().unwrap_or("");
        let uncalled: Vec<&String> = uncalled
            .iter()
            .filter(|name| !header.contains(&format!("{name}(")))
            .collect();
        if properties.is_empty() && uncalled.is_empty() {
            return Vec::new();
        }
        let and = match language {
            Language::Python => "and",
            Language::Rust => "&&",
        };
        // "…in even indices": the property is the position's, so the index a condition
        // subscripts with (`s[i]`) is a subject too.
        let lower = description.to_lowercase();
        let names_positions = ["index", "indices", "indexes", "position", "positions"]
            .iter()
            .any(|w| {
                lower
                    .split(|c: char| !c.is_ascii_alphanumeric())
                    .any(|x| x == *w)
            });
        let mut hunks: Vec<HunkMutation> = Vec::new();
        for mut condition in self.conditions(language) {
            if condition.subjects.is_empty() {
                continue;
            }
            let Some(text) = self.lines.get(condition.line).copied() else {
                continue;
            };
            let Some(old) = text.get(condition.span.clone()) else {
                continue;
            };
            if names_positions {
                condition.subjects.sort_by_key(|s| !s.position);
            } else {
                condition.subjects.retain(|s| !s.position);
            }
            let compact: String = old.chars().filter(|c| !c.is_whitespace()).collect();
            // A line that computes a parity somewhere is not missing one.
            let line_has_parity = text
                .chars()
                .filter(|c| !c.is_whitespace())
                .collect::<String>()
                .contains("%2");
            let mut clauses: Vec<(String, String)> = Vec::new();
            for subject in condition
                .subjects
                .iter()
                .filter(|s| !s.pinned)
                .take(MAX_SUBJECTS)
            {
                for property in &properties {
                    let parity = matches!(property, Property::Odd | Property::Even);
                    if (parity && line_has_parity) || (!parity && subject.against_number) {
                        continue;
                    }
                    let reason = format!("the description says {}", property.word());
                    clauses.push((property.clause(&subject.text, subject.float), reason));
                }
                for name in &uncalled {
                    let reason = format!("`{name}` is defined and never called");
                    clauses.push((format!("{name}({})", subject.text), reason));
                }
            }
            for (clause, reason) in clauses {
                let plain: String = clause.chars().filter(|c| !c.is_whitespace()).collect();
                if compact.contains(&plain) || hunks.len() >= MAX_CLAUSES_PER_FUNCTION {
                    continue;
                }
                let joined = if condition.new_filter {
                    format!("{old} if {clause}")
                } else if condition.has_alternatives {
                    format!("({old}) {and} {clause}")
                } else {
                    format!("{old} {and} {clause}")
                };
                let (Some(before), Some(after)) = (
                    text.get(..condition.span.start),
                    text.get(condition.span.end..),
                ) else {
                    continue;
                };
                let Ok(line) = u32::try_from(self.first + condition.line + 1) else {
                    continue;
                };
                let hunk = HunkMutation {
                    file: file.to_string(),
                    line,
                    old_lines: vec![text.to_string()],
                    new_lines: vec![format!("{before}{joined}{after}")],
                    operator: MutationOperator::AddClause,
                    description: format!("clause `{clause}` added ({reason})"),
                };
                if !hunks.contains(&hunk) {
                    hunks.push(hunk);
                }
            }
        }
        hunks
    }

    /// A divisor the description states ("divisible by 400", "a multiple of 3") that no `%`
    /// of the function uses, next to a condition that tests another divisor of the same
    /// value (`year % 4 == 0 and year % 100 != 0`): the test joins the condition as an
    /// alternative (`(…) or year % 400 == 0`), a requirement, or an exclusion.
    pub(super) fn stated_divisor_clauses(
        &self,
        file: &str,
        language: Language,
        description: &str,
    ) -> Vec<HunkMutation> {
        let words: Vec<String> = description
            .to_lowercase()
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect();
        let mut divisors: Vec<&str> = Vec::new();
        for w in words.windows(3) {
            let stated = matches!(
                (w[0].as_str(), w[1].as_str()),
                ("divisible", "by") | ("multiple", "of") | ("multiples", "of")
            );
            if stated
                && w[2].chars().all(|c| c.is_ascii_digit())
                && !divisors.contains(&w[2].as_str())
            {
                divisors.push(w[2].as_str());
            }
        }
        // A divisor the code tests already is not missing.
        let used = |n: &str| {
            self.tokens
                .iter()
                .any(|l| l.windows(2).any(|w| w[0].text == "%" && w[1].text == n))
        };
        divisors.retain(|n| !used(n));
        if divisors.is_empty() {
            return Vec::new();
        }
        let (and, or) = match language {
            Language::Python => ("and", "or"),
            Language::Rust => ("&&", "||"),
        };
        let mut hunks = Vec::new();
        for (line_at, tokens) in self.tokens.iter().enumerate() {
            let range = match language {
                Language::Python => python_if_condition(tokens),
                Language::Rust => rust_if_condition(tokens),
            };
            let (Some(range), Some(text)) = (range, self.lines.get(line_at).copied()) else {
                continue;
            };
            let (Some(first), Some(last)) = (
                tokens.get(range.start),
                range.end.checked_sub(1).and_then(|e| tokens.get(e)),
            ) else {
                continue;
            };
            let Some(condition_tokens) = tokens.get(range.clone()) else {
                continue;
            };
            let span = first.start..last.end;
            let Some(old) = text.get(span.clone()) else {
                continue;
            };
            let has_alternatives = top_level(condition_tokens, |t| {
                matches!(t.text, "or" | "||") && t.kind != TokenKind::Literal
            });
            // The value the condition takes a remainder of.
            let Some(value) = condition_tokens
                .windows(3)
                .find(|w| {
                    w[0].kind == TokenKind::Ident
                        && w[1].text == "%"
                        && w[2].kind == TokenKind::Number
                })
                .map(|w| w[0].text)
            else {
                continue;
            };
            let (Some(before), Some(after)) = (text.get(..span.start), text.get(span.end..)) else {
                continue;
            };
            for n in &divisors {
                let grouped = if has_alternatives {
                    format!("({old})")
                } else {
                    old.to_string()
                };
                let joined = [
                    format!("({old}) {or} {value} % {n} == 0"),
                    format!("{grouped} {and} {value} % {n} == 0"),
                    format!("{grouped} {and} {value} % {n} != 0"),
                ];
                for new in joined {
                    let hunk = self.line_replaced(
                        file,
                        line_at,
                        format!("{before}{new}{after}"),
                        MutationOperator::StatedDivisor,
                        format!("`{new}`: the description states divisibility by {n}"),
                    );
                    if let Some(hunk) = hunk.filter(|h| !hunks.contains(h)) {
                        hunks.push(hunk);
                    }
                }
            }
        }
        hunks
    }

    /// The conditions of the function, line by line.
    fn conditions(&self, language: Language) -> Vec<Condition> {
        let mut found = Vec::new();
        for (line, tokens) in self.tokens.iter().enumerate() {
            let mut ranges: Vec<(std::ops::Range<usize>, Option<&Token<'_>>)> = Vec::new();
            match language {
                Language::Python => {
                    ranges.extend(python_if_condition(tokens).map(|r| (r, None)));
                    for (filter, target) in comprehension_filters(tokens) {
                        match filter {
                            Filter::Present(range) => ranges.push((range, target)),
                            // No filter: the clause comes after the iterable, as one.
                            Filter::Absent { iterable } => {
                                found.extend(filterless(line, tokens, target, iterable))
                            }
                        }
                    }
                }
                Language::Rust => {
                    ranges.extend(rust_if_condition(tokens).map(|r| (r, None)));
                    ranges.extend(rust_filter_closures(tokens).into_iter().map(|r| (r, None)));
                }
            }
            for (range, target) in ranges {
                let (Some(first), Some(last)) = (
                    tokens.get(range.start),
                    range.end.checked_sub(1).and_then(|e| tokens.get(e)),
                ) else {
                    continue;
                };
                let Some(condition) = tokens.get(range.clone()) else {
                    continue;
                };
                let mut subjects = compared_values(condition, language);
                if let Some(t) = target.filter(|t| t.kind == TokenKind::Ident)
                    && !subjects.iter().any(|s| s.text == t.text)
                {
                    subjects.push(Subject::named(t.text));
                }
                let text = self.lines.get(line).copied().unwrap_or("");
                for index in subscript_indexes(text.get(first.start..last.end).unwrap_or("")) {
                    if !subjects.iter().any(|s| s.text == index) {
                        subjects.push(Subject {
                            position: true,
                            ..Subject::named(index)
                        });
                    }
                }
                if subjects.is_empty() {
                    continue;
                }
                found.push(Condition {
                    line,
                    span: first.start..last.end,
                    has_alternatives: top_level(condition, |t| {
                        matches!(t.text, "or" | "||") && t.kind != TokenKind::Literal
                    }),
                    subjects,
                    new_filter: false,
                });
            }
        }
        found
    }
}

/// A comprehension without a filter: the condition to come is a new filter over its target,
/// placed after the iterable.
fn filterless(
    line: usize,
    tokens: &[Token<'_>],
    target: Option<&Token<'_>>,
    iterable: std::ops::Range<usize>,
) -> Option<Condition> {
    let target = target.filter(|t| t.kind == TokenKind::Ident)?;
    let first = tokens.get(iterable.start)?;
    let last = tokens.get(iterable.end.checked_sub(1)?)?;
    Some(Condition {
        line,
        span: first.start..last.end,
        has_alternatives: false,
        subjects: vec![Subject::named(target.text)],
        new_filter: true,
    })
}

/// Is some token at bracket depth 0 of `tokens` one `is` accepts?
pub(super) fn top_level(tokens: &[Token<'_>], is: impl Fn(&Token<'_>) -> bool) -> bool {
    let mut depth = 0usize;
    for t in tokens {
        match t.kind {
            TokenKind::Open => depth += 1,
            TokenKind::Close => depth = depth.saturating_sub(1),
            _ if depth == 0 && is(t) => return true,
            _ => {}
        }
    }
    false
}

/// The left operands of a condition's comparisons that are plain values (a name, a
/// dereferenced name, an indexed name), with whether the other side is a float literal.
/// The plain names a condition's text subscripts with: `i` in `s[i] in "AEIOU"`.
fn subscript_indexes(condition: &str) -> Vec<&str> {
    let mut found = Vec::new();
    let mut rest = condition;
    while let Some(open) = rest.find('[') {
        let after = &rest[open + 1..];
        let Some(close) = after.find(']') else {
            break;
        };
        let inside = after[..close].trim();
        let is_name = inside
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && inside
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_');
        if is_name && !found.contains(&inside) {
            found.push(inside);
        }
        rest = &after[close + 1..];
    }
    found
}

fn compared_values(condition: &[Token<'_>], language: Language) -> Vec<Subject> {
    let mut values: Vec<Subject> = Vec::new();
    for (k, t) in condition.iter().enumerate() {
        if t.kind != TokenKind::Operator || !COMPARISONS.contains(&t.text) {
            continue;
        }
        // Walk back over `name`, `*name`, `name[...]`.
        let mut start = k;
        let mut depth = 0usize;
        while start > 0 {
            let p = &condition[start - 1];
            match p.kind {
                TokenKind::Close => depth += 1,
                TokenKind::Open if depth > 0 => depth -= 1,
                TokenKind::Open => break,
                TokenKind::Ident if !is_connective(p.text, language) => {}
                TokenKind::Number if depth > 0 => {}
                TokenKind::Operator if depth > 0 && matches!(p.text, "+" | "-") => {}
                TokenKind::Operator if depth == 0 && p.text == "*" => {}
                _ => break,
            }
            start -= 1;
        }
        let operand = &condition[start..k];
        // What comes before must end an operand's context (`x.len() > 0` is not `len()`,
        // `n as i64 > 0` is not `i64`).
        let bounded = start
            .checked_sub(1)
            .and_then(|p| condition.get(p))
            .is_none_or(|b| matches!(b.text, "and" | "or" | "not" | "&&" | "||" | "!" | "("));
        if depth != 0 || !bounded || !is_plain_value(operand) {
            continue;
        }
        let text = join(operand);
        // The other side: a number, maybe negated.
        let number = match (condition.get(k + 1), condition.get(k + 2)) {
            (Some(n), _) if n.kind == TokenKind::Number => Some(n),
            (Some(minus), Some(n)) if minus.text == "-" && n.kind == TokenKind::Number => Some(n),
            _ => None,
        };
        let float = number.is_some_and(|n| n.text.contains('.'));
        let pinned = number.is_some() && t.text == "==";
        match values.iter_mut().find(|v| v.text == text) {
            Some(v) => {
                v.float |= float;
                v.against_number |= number.is_some();
                v.pinned |= pinned;
            }
            None => values.push(Subject {
                text,
                float,
                against_number: number.is_some(),
                pinned,
                position: false,
            }),
        }
    }
    values
}

/// `name`, `*name`, `name[i]`, `name[i - 1]`: a value a clause can be written over.
fn is_plain_value(operand: &[Token<'_>]) -> bool {
    let rest: Vec<&Token<'_>> = operand.iter().skip_while(|t| t.text == "*").collect();
    let Some((name, index)) = rest.split_first() else {
        return false;
    };
    if name.kind != TokenKind::Ident {
        return false;
    }
    // Zero or more `[...]` groups of names, numbers, `+` and `-`.
    let mut depth = 0usize;
    for t in index {
        match (t.kind, t.text) {
            (TokenKind::Open, "[") => depth += 1,
            (TokenKind::Close, "]") if depth > 0 => depth -= 1,
            (TokenKind::Ident | TokenKind::Number, _) if depth > 0 => {}
            (TokenKind::Operator, "+" | "-") if depth > 0 => {}
            _ => return false,
        }
    }
    depth == 0
}

fn is_connective(word: &str, language: Language) -> bool {
    match language {
        Language::Python => matches!(word, "and" | "or" | "not" | "if" | "in" | "is" | "elif"),
        Language::Rust => matches!(word, "if" | "as" | "in"),
    }
}

/// Tokens written back as code: no space around brackets, `*` prefixes kept tight.
fn join(tokens: &[Token<'_>]) -> String {
    tokens.iter().map(|t| t.text).collect()
}

/// `if c:` / `elif c:`: the token range of `c`.
pub(super) fn python_if_condition(tokens: &[Token<'_>]) -> Option<std::ops::Range<usize>> {
    if !tokens
        .first()
        .is_some_and(|t| matches!(t.text, "if" | "elif"))
    {
        return None;
    }
    let colon = super::first_at_depth_zero(tokens, 1, |t| t.text == ":")?;
    (colon >= 2).then_some(1..colon)
}

/// A comprehension's filter, or where one would go.
enum Filter {
    /// The token range of its condition.
    Present(std::ops::Range<usize>),
    /// None: the token range of its iterable (after `for target in`, up to its bracket).
    Absent { iterable: std::ops::Range<usize> },
}

/// Each comprehension of the line: its filter and its target (the name after `for`, when it
/// is one name).
fn comprehension_filters<'t, 'a>(tokens: &'t [Token<'a>]) -> Vec<(Filter, Option<&'t Token<'a>>)> {
    let mut found = Vec::new();
    for (k, t) in tokens.iter().enumerate() {
        if t.text != "for" || t.kind != TokenKind::Ident || k == 0 {
            continue;
        }
        // Inside brackets: a comprehension, not a `for` statement.
        let Some(close) = enclosing_close(tokens, k) else {
            continue;
        };
        let target = match (tokens.get(k + 1), tokens.get(k + 2)) {
            (Some(name), Some(in_)) if in_.text == "in" => Some(name),
            _ => None,
        };
        // The filter: an `if` at the same depth after the `for`, up to the close or the next
        // `for`/`if` of this comprehension.
        let condition =
            super::first_at_depth_zero(tokens.get(..close).unwrap_or(&[]), k + 1, |u| {
                u.text == "if"
            })
            .map(|j| {
                let end = (j + 1..close)
                    .find(|&e| {
                        tokens
                            .get(e)
                            .is_some_and(|x| matches!(x.text, "for" | "if" | "else"))
                    })
                    .unwrap_or(close);
                j + 1..end
            });
        match condition {
            Some(range) if !range.is_empty() => found.push((Filter::Present(range), target)),
            Some(_) => {}
            None if target.is_some() && k + 3 < close => found.push((
                Filter::Absent {
                    iterable: k + 3..close,
                },
                target,
            )),
            None => {}
        }
    }
    found
}

/// The index of the bracket closing the innermost bracket open at token `k`.
fn enclosing_close(tokens: &[Token<'_>], k: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (j, t) in tokens.iter().enumerate().skip(k + 1) {
        match t.kind {
            TokenKind::Open => depth += 1,
            TokenKind::Close if depth == 0 => return Some(j),
            TokenKind::Close => depth -= 1,
            _ => {}
        }
    }
    None
}

/// Rust `if c {` (also `} else if c {`), not `if let`: the token range of `c`.
pub(super) fn rust_if_condition(tokens: &[Token<'_>]) -> Option<std::ops::Range<usize>> {
    let at = tokens.iter().position(|t| t.text == "if")?;
    let opens_line = at == 0
        || tokens.get(at - 1).is_some_and(|t| t.text == "else")
            && (at == 1 || tokens.first().is_some_and(|t| t.text == "}"));
    if !opens_line || tokens.get(at + 1).is_some_and(|t| t.text == "let") {
        return None;
    }
    let brace = super::first_at_depth_zero(tokens, at + 1, super::guards::opens_block)?;
    (brace > at + 1).then_some(at + 1..brace)
}

/// Rust `.filter(|x| c)`: the token range of each `c`.
fn rust_filter_closures(tokens: &[Token<'_>]) -> Vec<std::ops::Range<usize>> {
    let mut found = Vec::new();
    for (k, t) in tokens.iter().enumerate() {
        if t.text != "filter" || tokens.get(k + 1).is_none_or(|o| o.text != "(") {
            continue;
        }
        let Some(close) = matching_close(tokens, k + 1) else {
            continue;
        };
        // `|params|`: the second bar at depth 0 ends them.
        if tokens.get(k + 2).is_none_or(|b| b.text != "|") {
            continue;
        }
        let Some(bar) = (k + 3..close).find(|&j| tokens.get(j).is_some_and(|b| b.text == "|"))
        else {
            continue;
        };
        if bar + 1 < close {
            found.push(bar + 1..close);
        }
    }
    found
}

/// One-argument functions `source` defines whose name appears nowhere else in its code: a
/// predicate whose call was deleted (Python `def is_prime(n):`, Rust `fn is_prime(n: i32) ->
/// bool`).
pub(in crate::mutate) fn uncalled_predicates(
    lines: &[Vec<Token<'_>>],
    language: Language,
) -> Vec<String> {
    let mut defined: Vec<&str> = Vec::new();
    for tokens in lines {
        let Some(at) = tokens.iter().position(|t| {
            t.kind == TokenKind::Ident
                && match language {
                    Language::Python => t.text == "def",
                    Language::Rust => t.text == "fn",
                }
        }) else {
            continue;
        };
        let (Some(name), Some(open)) = (tokens.get(at + 1), tokens.get(at + 2)) else {
            continue;
        };
        if name.kind != TokenKind::Ident || open.text != "(" {
            continue;
        }
        let Some(close) = matching_close(tokens, at + 2) else {
            continue;
        };
        let parameters = &tokens[at + 3..close];
        let one = !parameters.is_empty()
            && !parameters.iter().any(|t| t.kind == TokenKind::Comma)
            && parameters.first().is_some_and(|t| t.text != "self");
        // A Python file's top-level functions are what its tests call; a helper is nested or
        // named as a predicate.
        let returns_bool = match language {
            Language::Python => {
                at > 0
                    || tokens.first().is_some_and(|t| t.start > 0)
                    || name.text.starts_with("is_")
                    || name.text.starts_with("has_")
            }
            Language::Rust => tokens[close..].iter().any(|t| t.text == "bool"),
        };
        if one && returns_bool {
            defined.push(name.text);
        }
    }
    defined
        .into_iter()
        .filter(|name| {
            lines
                .iter()
                .flatten()
                .filter(|t| t.kind == TokenKind::Ident && t.text == *name)
                .count()
                == 1
        })
        .map(str::to_string)
        .collect()
}

impl FunctionText<'_> {
    /// A loop that numbers its items (`for index, word in enumerate(…)`, `for (i, c) in
    /// s.chars().enumerate()`) and never reads the number: the number was for a condition that
    /// treats the first item apart ("the first word is always capitalized"). Each `if` in the
    /// loop gets `index > 0 and …` and `index == 0 or …` (probe35-python-11).
    pub(super) fn unread_index_clauses(&self, file: &str, language: Language) -> Vec<HunkMutation> {
        let (and, or, closer) = match language {
            Language::Python => ("and", "or", ":"),
            Language::Rust => ("&&", "||", "{"),
        };
        let mut hunks = Vec::new();
        for (head, tokens) in self.tokens.iter().enumerate().skip(1) {
            let texts: Vec<&str> = tokens.iter().map(|t| t.text).collect();
            if texts.first() != Some(&"for") || !texts.contains(&"enumerate") {
                continue;
            }
            let index = match language {
                Language::Python => texts.get(1).filter(|_| texts.get(2) == Some(&",")),
                Language::Rust => texts
                    .get(2)
                    .filter(|_| texts.get(1) == Some(&"(") && texts.get(3) == Some(&",")),
            };
            let Some(&index) = index.filter(|i| !i.starts_with('_')) else {
                continue;
            };
            let body = self.block_body(head);
            let read = body.iter().any(|&k| {
                self.tokens
                    .get(k)
                    .is_some_and(|t| t.iter().any(|t| t.text == index))
            });
            if read {
                continue;
            }
            for &k in &body {
                let (Some(line), Some(line_tokens)) = (self.lines.get(k), self.tokens.get(k))
                else {
                    continue;
                };
                let keyword = match line_tokens.first().map(|t| t.text) {
                    Some("if") => 1,
                    Some("elif") if language == Language::Python => 1,
                    Some("}") if line_tokens.get(2).is_some_and(|t| t.text == "if") => 3,
                    _ => continue,
                };
                if line_tokens.last().is_none_or(|t| t.text != closer) {
                    continue;
                }
                let (Some(first), Some(last)) = (
                    line_tokens.get(keyword),
                    line_tokens
                        .len()
                        .checked_sub(2)
                        .and_then(|i| line_tokens.get(i)),
                ) else {
                    continue;
                };
                let Some(condition) = line.get(first.start..last.end) else {
                    continue;
                };
                let grouped = if condition.contains(&format!(" {or} ")) {
                    format!("({condition})")
                } else {
                    condition.to_string()
                };
                for clause in [
                    format!("{index} > 0 {and} {grouped}"),
                    format!("{index} == 0 {or} {condition}"),
                ] {
                    let new_line = format!("{}{clause}{}", &line[..first.start], &line[last.end..]);
                    hunks.extend(self.line_replaced(
                        file,
                        k,
                        new_line,
                        MutationOperator::AddClause,
                        format!("the unread `{index}` of `enumerate` joins `{condition}`"),
                    ));
                }
            }
        }
        hunks
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::super::super::{Language, MutationOperator, hunk_mutations};

    fn clauses(source: &str, language: Language, line: u32) -> Vec<(u32, String)> {
        hunk_mutations("f", source, language, &[line], true)
            .into_iter()
            .filter(|h| h.operator == MutationOperator::AddClause)
            .map(|h| {
                assert_eq!(h.old_lines.len(), 1);
                assert_eq!(h.new_lines.len(), 1);
                (h.line, h.new_lines[0].clone())
            })
            .collect()
    }

    /// python-151: "Return the sum of squares of the numbers in the list that are odd. Ignore
    /// numbers that are negative or not integers." The filter lost `i%2!=0`.
    #[test]
    fn hefix_python_151_the_odd_clause_the_description_names_is_added_to_the_filter() {
        let source = "def double_the_difference(lst):\n    '''\n    Return the sum of squares of the numbers in the list that are odd. Ignore numbers\n    that are negative or not integers.\n    '''\n    return sum([i**2 for i in lst if i > 0 and \".\" not in str(i)])\n";
        let got = clauses(source, Language::Python, 6);
        let want =
            "    return sum([i**2 for i in lst if i > 0 and \".\" not in str(i) and i % 2 != 0])";
        assert!(got.contains(&(6, want.to_string())), "{got:#?}");
        // Negative is named too, but `i` is compared with a number already: `i < 0` beside
        // `i > 0` could never hold, so it is not offered.
        assert_eq!(got.len(), 1, "{got:#?}");
    }

    /// The same bug in Rust: an `if` inside the loop, the value indexed and compared with a
    /// float; the clause keeps the float type.
    #[test]
    fn a_rust_condition_gets_the_described_clause_in_the_values_type() {
        let source = "/*\n Sum the squares of the odd numbers; ignore negative ones.\n*/\nfn double_the_difference(lst: Vec<f32>) -> i64 {\n    let mut sum: i64 = 0;\n    for i in 0..lst.len() {\n        if lst[i] > 0.0 && (lst[i] - lst[i].round()).abs() < 1e-4 {\n            sum += (lst[i] * lst[i]) as i64;\n        }\n    }\n    sum\n}\n";
        let got = clauses(source, Language::Rust, 7);
        let want = "        if lst[i] > 0.0 && (lst[i] - lst[i].round()).abs() < 1e-4 && lst[i] % 2.0 != 0.0 {";
        assert!(got.contains(&(7, want.to_string())), "{got:#?}");
    }

    /// "Count the uppercase vowels in even indices": the condition tests the item (`s[i] in
    /// "AEIOU"`), the property is its position's, so the clause is over the index. Without
    /// positions in the description, the index is no subject.
    #[test]
    fn a_property_of_positions_is_a_clause_over_the_index() {
        let source = "def count_upper(s):\n    \"\"\"Count the uppercase vowels in even indices.\"\"\"\n    count = 0\n    for i in range(len(s)):\n        if s[i] in \"AEIOU\":\n            count += 1\n    return count\n";
        let got = clauses(source, Language::Python, 5);
        let want = "        if s[i] in \"AEIOU\" and i % 2 == 0:";
        assert!(got.contains(&(5, want.to_string())), "{got:#?}");
        let plain = source.replace("in even indices", "that are even");
        assert!(clauses(&plain, Language::Python, 5).is_empty());
    }

    /// A condition with an `or` is wrapped, so the clause binds to all of it; a condition that
    /// already checks parity gets no parity clause; a description without such words gives
    /// nothing.
    #[test]
    fn alternatives_are_wrapped_and_present_or_undescribed_clauses_are_not_added() {
        let source = "def f(xs):\n    \"\"\"Count the even numbers.\"\"\"\n    n = 0\n    for x in xs:\n        if x > 10 or x < -10:\n            n += 1\n        if x % 2 == 1:\n            n -= 1\n    return n\n";
        let got = clauses(source, Language::Python, 5);
        assert!(
            got.contains(&(
                5,
                "        if (x > 10 or x < -10) and x % 2 == 0:".to_string()
            )),
            "{got:#?}"
        );
        assert!(!got.iter().any(|(line, _)| *line == 7), "{got:#?}");
        // A value pinned by `==` to a number has no property in question.
        let pinned = source.replace("if x % 2 == 1:", "if x == 3:");
        assert!(
            !clauses(&pinned, Language::Python, 7)
                .iter()
                .any(|(line, _)| *line == 7)
        );
        let plain = source.replace("Count the even numbers.", "Count them.");
        assert!(clauses(&plain, Language::Python, 5).is_empty());
    }

    /// A comprehension without a filter gets one; a predicate defined and never called joins
    /// a condition (python-127's `is_prime`), one that is called does not.
    #[test]
    fn a_filter_is_added_and_an_uncalled_predicate_joins_a_condition() {
        let source = "def f(lst):\n    \"\"\"Sum the positive numbers.\"\"\"\n    return sum([x for x in lst])\n";
        let got = clauses(source, Language::Python, 3);
        assert_eq!(
            got,
            vec![(3, "    return sum([x for x in lst if x > 0])".to_string())]
        );

        let source = "def intersection(a, b):\n    def is_prime(num):\n        if num < 2:\n            return False\n        return True\n    length = b - a\n    if length > 0:\n        return \"YES\"\n    return \"NO\"\n";
        let got = clauses(source, Language::Python, 7);
        assert!(
            got.contains(&(7, "    if length > 0 and is_prime(length):".to_string())),
            "{got:#?}"
        );
        let called = source.replace("length = b - a", "length = b - a if is_prime(b) else 0");
        assert!(
            !clauses(&called, Language::Python, 7)
                .iter()
                .any(|(_, l)| l.contains("is_prime(length)"))
        );
    }

    /// A Rust `.filter(|x| …)` closure's condition takes the clause.
    #[test]
    fn a_rust_filter_closure_takes_the_clause() {
        let source = "// Keep the odd numbers above zero.\nfn f(v: Vec<i32>) -> Vec<i32> {\n    v.into_iter().filter(|x| *x > 0).collect()\n}\n";
        let got = clauses(source, Language::Rust, 3);
        assert!(
            got.contains(&(
                3,
                "    v.into_iter().filter(|x| *x > 0 && *x % 2 != 0).collect()".to_string()
            )),
            "{got:#?}"
        );
    }
}
