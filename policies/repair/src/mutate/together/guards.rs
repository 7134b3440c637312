//! Missing guards: an early exit (`if c { return false; }`, `if c: return 'No'`) that the
//! function lacks, made from the guards it already has.
//!
//! A "missing logic" bug removes a whole check. What is left often says what the check was:
//! a sibling guard that compares the same operands another way (`lst[i] == lst[i - 1]` kept,
//! `lst[i] < lst[i - 1]` gone), or a collection built and never read (`suf = ['txt', …]` with
//! the `not in suf` check removed). Each candidate copies an existing guard — its shape, its
//! indentation, its exit — with a new condition, inserted right before or after it.

use super::super::{Language, MutationOperator, Token, TokenKind};
use super::{FunctionText, HunkMutation};

/// Most guard insertions per function: each is one probe when nothing else passes.
const MAX_GUARDS_PER_FUNCTION: usize = 48;
/// Most operands tried against a collection that is never read.
const MAX_MEMBERSHIP_OPERANDS: usize = 8;
const COMPARISONS: [&str; 6] = ["<", "<=", ">", ">=", "==", "!="];

/// An `if` whose body is one early exit: lines `head ..= last` of the function.
struct Guard {
    head: usize,
    last: usize,
    /// Token range of the condition in the head line.
    condition: std::ops::Range<usize>,
}

use super::super::indentation as indent;

/// A Rust block's `{` (not a bracket of an expression).
pub(super) fn opens_block(token: &Token<'_>) -> bool {
    token.kind == TokenKind::Open && token.text == "{"
}

fn is_exit(token: Option<&Token<'_>>) -> bool {
    token.is_some_and(|t| matches!(t.text, "return" | "continue" | "break"))
}

/// Counts a counter guard compares against: "more than once", "more than twice".
const COUNTER_LIMITS: [u32; 2] = [1, 2];

/// A map or list that is only counted into (see [`FunctionText::idle_counters`]).
struct Counter {
    name: String,
    is_map: bool,
    /// Offset of its last `+= 1`.
    last_increment: usize,
}

impl Counter {
    /// "Some count exceeds `limit`", over the values of a map or the items of a list.
    fn exceeds(&self, limit: u32, language: Language) -> String {
        let name = &self.name;
        match (language, self.is_map) {
            (Language::Python, true) => format!("any(c > {limit} for c in {name}.values())"),
            (Language::Python, false) => format!("any(c > {limit} for c in {name})"),
            (Language::Rust, true) => format!("{name}.values().any(|&c| c > {limit})"),
            (Language::Rust, false) => format!("{name}.iter().any(|&c| c > {limit})"),
        }
    }
}

/// `name[k] += 1` (either language), `name[k] = name.get(k, 0) + 1` (Python) or
/// `*name.entry(k).or_insert(0) += 1;` (Rust).
fn counts_into(tokens: &[Token<'_>], name: &str) -> bool {
    let texts: Vec<&str> = tokens.iter().map(|t| t.text).collect();
    let Some(plus) = texts.iter().position(|t| *t == "+=") else {
        // `name[k] = name.get(k, 0) + 1`: the target, then a read of the same map plus one.
        let Some(eq) = texts.iter().position(|t| *t == "=") else {
            return false;
        };
        let (target, value) = (&texts[..eq], &texts[eq + 1..]);
        return matches!(target, [n, "[", .., "]"] if *n == name)
            && matches!(value, [n, ".", "get", "(", .., ")", "+", "1"] if *n == name)
            && texts.iter().filter(|t| **t == name).count() == 2;
    };
    let adds_one = matches!(&texts[plus + 1..], ["1"] | ["1", ";"]);
    let target = &texts[..plus];
    let indexed = target.first() == Some(&name)
        && target.get(1) == Some(&"[")
        && target.last() == Some(&"]")
        && target.iter().filter(|t| **t == name).count() == 1;
    let entry = matches!(target, ["*", n, ".", "entry", ..] if *n == name);
    adds_one && (indexed || entry)
}

fn is_literal(token: &Token<'_>, language: Language) -> bool {
    match token.kind {
        TokenKind::Number | TokenKind::Literal => true,
        TokenKind::Ident => match language {
            Language::Python => matches!(token.text, "True" | "False" | "None"),
            Language::Rust => matches!(token.text, "true" | "false"),
        },
        _ => false,
    }
}

impl FunctionText<'_> {
    /// The function's guards, in line order.
    fn guards(&self, language: Language) -> Vec<Guard> {
        let mut guards = Vec::new();
        for (offset, tokens) in self.tokens.iter().enumerate() {
            if tokens.first().is_none_or(|t| t.text != "if")
                || tokens.get(1).is_some_and(|t| t.text == "let")
            {
                continue;
            }
            let found = match language {
                Language::Python => self.python_guard(offset, tokens),
                Language::Rust => self.rust_guard(offset, tokens),
            };
            guards.extend(found);
        }
        guards
    }

    /// `if c:` then one exit statement (or `if c: return x` on one line).
    fn python_guard(&self, offset: usize, tokens: &[Token<'_>]) -> Option<Guard> {
        let colon = super::first_at_depth_zero(tokens, 1, |t| t.text == ":")?;
        if colon < 2 {
            return None;
        }
        let condition = 1..colon;
        if colon + 1 < tokens.len() {
            let next = self.lines.get(offset + 1).map_or("", |l| l.trim_start());
            if next.starts_with("else") || next.starts_with("elif") {
                return None;
            }
            return is_exit(tokens.get(colon + 1)).then_some(Guard {
                head: offset,
                last: offset,
                condition,
            });
        }
        let head = self.lines.get(offset)?;
        let body = self.lines.get(offset + 1)?;
        let after = self.lines.get(offset + 2).copied().unwrap_or("");
        let single = after.trim().is_empty() || indent(after) <= indent(head);
        // An `if` with an `else` is a branch, not a guard: a copy after it would split them.
        let branches = indent(after) == indent(head)
            && (after.trim_start().starts_with("else") || after.trim_start().starts_with("elif"));
        (indent(body) > indent(head)
            && single
            && !branches
            && is_exit(self.tokens.get(offset + 1)?.first()))
        .then_some(Guard {
            head: offset,
            last: offset + 1,
            condition,
        })
    }

    /// `if c {` then one exit statement then `}` (or all of it on one line).
    fn rust_guard(&self, offset: usize, tokens: &[Token<'_>]) -> Option<Guard> {
        let brace = super::first_at_depth_zero(tokens, 1, opens_block)?;
        if brace < 2 {
            return None;
        }
        let condition = 1..brace;
        if brace + 1 < tokens.len() {
            let closes = tokens.last().is_some_and(|t| t.text == "}");
            let branches = tokens.iter().any(|t| t.text == "else");
            return (closes && !branches && is_exit(tokens.get(brace + 1))).then_some(Guard {
                head: offset,
                last: offset,
                condition,
            });
        }
        let head = self.lines.get(offset)?;
        let body = self.lines.get(offset + 1)?;
        let close = self.lines.get(offset + 2)?;
        // `}` then `else` on the next line is a branch too.
        let next = self.lines.get(offset + 3).map_or("", |l| l.trim_start());
        (indent(body) > indent(head)
            && close.trim() == "}"
            && !next.starts_with("else")
            && indent(close) == indent(head)
            && is_exit(self.tokens.get(offset + 1)?.first()))
        .then_some(Guard {
            head: offset,
            last: offset + 2,
            condition,
        })
    }

    /// Every guard insertion of the function: siblings of each guard (one clause of its
    /// condition, compared another way, before or after it), then membership checks against a
    /// collection the function builds and never reads (after its last guard).
    pub(super) fn guard_insertions(&self, file: &str, language: Language) -> Vec<HunkMutation> {
        let guards = self.guards(language);
        let mut hunks: Vec<HunkMutation> = Vec::new();
        let mut push = |hunk: Option<HunkMutation>| {
            if let Some(hunk) = hunk
                && hunks.len() < MAX_GUARDS_PER_FUNCTION
                && !hunks.contains(&hunk)
            {
                hunks.push(hunk);
            }
        };
        for guard in &guards {
            for condition in self.sibling_conditions(guard, language) {
                let description = format!("guard `{condition}` inserted beside its sibling");
                push(self.insert_guard(file, guard, &condition, true, &description));
                push(self.insert_guard(file, guard, &condition, false, &description));
            }
        }
        if let Some(last) = guards.last() {
            for (name, operand) in self.idle_collection_checks(language) {
                let (absent, present) = match language {
                    Language::Python => (
                        format!("{operand} not in {name}"),
                        format!("{operand} in {name}"),
                    ),
                    Language::Rust => (
                        format!("!{name}.contains(&{operand})"),
                        format!("{name}.contains(&{operand})"),
                    ),
                };
                for condition in [absent, present] {
                    let description =
                        format!("guard `{condition}` inserted (`{name}` is built and never read)");
                    push(self.insert_guard(file, last, &condition, false, &description));
                }
            }
        }
        for hunk in self.counter_guards(file, language) {
            push(Some(hunk));
        }
        hunks
    }

    /// Guards over a counter the function fills and never reads (`count[x] += 1` in a loop,
    /// nothing after): "some value was counted more than once (twice)", then each of the
    /// function's literal return values, right after the loop.
    fn counter_guards(&self, file: &str, language: Language) -> Vec<HunkMutation> {
        let returns = self.literal_returns(language);
        let mut hunks = Vec::new();
        for counter in self.idle_counters(language) {
            let Some((at, block_indent, unit)) = self.after_loop(counter.last_increment, language)
            else {
                continue;
            };
            let (pad, inner) = (" ".repeat(block_indent), " ".repeat(block_indent + unit));
            for limit in COUNTER_LIMITS {
                let condition = counter.exceeds(limit, language);
                let description = format!(
                    "guard `{condition}` inserted (`{}` is counted and never read)",
                    counter.name
                );
                for value in &returns {
                    let (block, before) = match language {
                        Language::Python => (
                            vec![
                                format!("{pad}if {condition}:"),
                                format!("{inner}return {value}"),
                            ],
                            true,
                        ),
                        Language::Rust => (
                            vec![
                                format!("{pad}if {condition} {{"),
                                format!("{inner}return {value};"),
                                format!("{pad}}}"),
                            ],
                            false,
                        ),
                    };
                    hunks.extend(self.insertion(file, at, before, block, &description));
                }
            }
        }
        hunks
    }

    /// `block` inserted right before (or after) line `at` of the function, which is kept.
    fn insertion(
        &self,
        file: &str,
        at: usize,
        before: bool,
        block: Vec<String>,
        description: &str,
    ) -> Option<HunkMutation> {
        let kept = self.lines.get(at)?.to_string();
        let new_lines = if before {
            block.into_iter().chain([kept.clone()]).collect()
        } else {
            [kept.clone()].into_iter().chain(block).collect()
        };
        Some(HunkMutation {
            file: file.to_string(),
            line: u32::try_from(self.first + at + 1).ok()?,
            old_lines: vec![kept],
            new_lines,
            operator: MutationOperator::InsertGuard,
            description: description.to_string(),
        })
    }

    /// Maps and lists bound in the function whose every other use is a `+= 1` of an entry.
    fn idle_counters(&self, language: Language) -> Vec<Counter> {
        let mut counters = Vec::new();
        for (offset, tokens) in self.tokens.iter().enumerate().skip(1) {
            let texts: Vec<&str> = tokens.iter().map(|t| t.text).collect();
            let (name, value) = match (language, texts.as_slice()) {
                (Language::Python, [name, "=", value, ..]) => (*name, *value),
                (Language::Rust, ["let", "mut", name, "=", value, ..]) => (*name, *value),
                (Language::Rust, ["let", "mut", name, ":", rest @ ..]) => {
                    let Some(eq) = rest.iter().position(|t| *t == "=") else {
                        continue;
                    };
                    (*name, rest.get(eq + 1).copied().unwrap_or(""))
                }
                _ => continue,
            };
            let line = self.lines.get(offset).copied().unwrap_or("");
            let is_map = match language {
                Language::Python => {
                    matches!(
                        value,
                        "{" | "dict" | "Counter" | "defaultdict" | "collections"
                    )
                }
                Language::Rust => line.contains("HashMap") || line.contains("BTreeMap"),
            };
            let is_list = match language {
                Language::Python => value == "[",
                Language::Rust => value == "vec",
            };
            if !(is_map || is_list) {
                continue;
            }
            let mut last_increment = None;
            let mut only_counted = true;
            for (other, other_tokens) in self.tokens.iter().enumerate() {
                if other == offset || !other_tokens.iter().any(|t| t.text == name) {
                    continue;
                }
                if counts_into(other_tokens, name) {
                    last_increment = Some(other);
                } else {
                    only_counted = false;
                }
            }
            if let (true, Some(last_increment)) = (only_counted, last_increment) {
                counters.push(Counter {
                    name: name.to_string(),
                    is_map,
                    last_increment,
                });
            }
        }
        counters
    }

    /// Where code after the loop around `line` goes: (the line to insert at — before it in
    /// Python, after the loop's `}` in Rust —, the loop's indent, one indent step).
    fn after_loop(&self, line: usize, language: Language) -> Option<(usize, usize, usize)> {
        let mut inner = indent(self.lines.get(line)?);
        let mut header = None;
        for offset in (1..line).rev() {
            let text = self.lines.get(offset)?;
            if text.trim().is_empty() || indent(text) >= inner {
                continue;
            }
            inner = indent(text);
            if self
                .tokens
                .get(offset)?
                .first()
                .is_some_and(|t| matches!(t.text, "for" | "while"))
            {
                header = Some(offset);
                break;
            }
        }
        let header = header?;
        let loop_indent = indent(self.lines.get(header)?);
        let unit = indent(self.lines.get(header + 1)?).checked_sub(loop_indent)?;
        let end = (line + 1..self.lines.len()).find(|&offset| {
            let text = self.lines.get(offset).copied().unwrap_or("");
            !text.trim().is_empty() && indent(text) <= loop_indent
        })?;
        match language {
            Language::Python => Some((end, loop_indent, unit)),
            Language::Rust => {
                let close = self.lines.get(end)?;
                (close.trim() == "}" && indent(close) == loop_indent).then_some((
                    end,
                    loop_indent,
                    unit,
                ))
            }
        }
    }

    /// The function's literal return values (`return False`, `return -1;`, a Rust tail `true`),
    /// first seen first, at most three.
    pub(super) fn literal_returns(&self, language: Language) -> Vec<String> {
        let mut values: Vec<String> = Vec::new();
        for tokens in self.tokens.iter().skip(1) {
            let value = match tokens.as_slice() {
                [r, v] | [r, v, _] if r.text == "return" && is_literal(v, language) => {
                    (tokens.len() == 2 || tokens.get(2).is_some_and(|t| t.text == ";"))
                        .then_some(v.text)
                }
                [v] if language == Language::Rust && matches!(v.text, "true" | "false") => {
                    Some(v.text)
                }
                _ => None,
            };
            if let Some(value) = value
                && !values.iter().any(|v| v == value)
                && values.len() < 3
            {
                values.push(value.to_string());
            }
        }
        values
    }

    /// New conditions from one guard's clauses: each clause with one comparison, compared by
    /// each other operator (`a == b && c` gives `a < b`, `a != b`, …).
    fn sibling_conditions(&self, guard: &Guard, language: Language) -> Vec<String> {
        let (Some(tokens), Some(head)) = (self.tokens.get(guard.head), self.lines.get(guard.head))
        else {
            return Vec::new();
        };
        let Some(condition) = tokens.get(guard.condition.clone()) else {
            return Vec::new();
        };
        let logical: &[&str] = match language {
            Language::Python => &["and", "or"],
            Language::Rust => &["&&", "||"],
        };
        // Clauses: token ranges split at the top level's logical operators.
        let mut clauses: Vec<std::ops::Range<usize>> = Vec::new();
        let (mut depth, mut start) = (0usize, 0usize);
        for (k, t) in condition.iter().enumerate() {
            match t.kind {
                TokenKind::Open => depth += 1,
                TokenKind::Close => depth = depth.saturating_sub(1),
                _ if depth == 0 && logical.contains(&t.text) => {
                    clauses.push(start..k);
                    start = k + 1;
                }
                _ => {}
            }
        }
        clauses.push(start..condition.len());
        let mut conditions = Vec::new();
        for clause in clauses {
            let Some(clause_tokens) = condition.get(clause.clone()) else {
                continue;
            };
            let mut depth = 0usize;
            let mut comparisons = Vec::new();
            for t in clause_tokens {
                match t.kind {
                    TokenKind::Open => depth += 1,
                    TokenKind::Close => depth = depth.saturating_sub(1),
                    _ if depth == 0 && COMPARISONS.contains(&t.text) => comparisons.push(t),
                    _ => {}
                }
            }
            let ([op], Some(first), Some(last)) = (
                comparisons.as_slice(),
                clause_tokens.first(),
                clause_tokens.last(),
            ) else {
                continue;
            };
            if matches!(first.text, "not" | "!") {
                continue;
            }
            let (Some(left), Some(right)) =
                (head.get(first.start..op.start), head.get(op.end..last.end))
            else {
                continue;
            };
            for other in COMPARISONS.iter().filter(|o| **o != op.text) {
                conditions.push(format!("{}{other}{}", left, right));
            }
        }
        conditions
    }

    /// A copy of `guard` with `condition` for its own, inserted before it or after it. None
    /// when the new head would repeat a line of the function.
    fn insert_guard(
        &self,
        file: &str,
        guard: &Guard,
        condition: &str,
        before: bool,
        description: &str,
    ) -> Option<HunkMutation> {
        let tokens = self.tokens.get(guard.head)?;
        let head = *self.lines.get(guard.head)?;
        let (first, last) = (
            tokens.get(guard.condition.start)?,
            tokens.get(guard.condition.end.checked_sub(1)?)?,
        );
        let new_head = format!(
            "{}{condition}{}",
            head.get(..first.start)?,
            head.get(last.end..)?
        );
        if self.lines.iter().any(|l| l.trim() == new_head.trim()) {
            return None;
        }
        let mut block = vec![new_head];
        for line in guard.head + 1..=guard.last {
            block.push(self.lines.get(line)?.to_string());
        }
        let at = if before { guard.head } else { guard.last };
        self.insertion(file, at, before, block, description)
    }

    /// (collection, operand) pairs: a list, set, tuple, dict or string bound once in the
    /// function and never read again, with the values it could be checked against — the
    /// function's element reads first (`lst[0]`, and its neighbours `lst[1]`, `lst[-1]`), then
    /// its other variables and parameters.
    fn idle_collection_checks(&self, language: Language) -> Vec<(String, String)> {
        let mut idle: Vec<&str> = Vec::new();
        for (offset, tokens) in self.tokens.iter().enumerate().skip(1) {
            let (name, value) = match language {
                Language::Python => (tokens.first(), tokens.get(2)),
                Language::Rust if tokens.first().is_some_and(|t| t.text == "let") => {
                    (tokens.get(1), tokens.get(3))
                }
                Language::Rust => continue,
            };
            let bound = tokens
                .get(if language == Language::Rust { 2 } else { 1 })
                .is_some_and(|t| t.text == "=");
            let (Some(name), Some(value)) = (name, value) else {
                continue;
            };
            let collection = match value.kind {
                TokenKind::Open => matches!(value.text, "[" | "(" | "{"),
                TokenKind::Literal => true,
                TokenKind::Ident => {
                    language == Language::Rust
                        && value.text == "vec"
                        && tokens.get(4).is_some_and(|t| t.text == "!")
                }
                _ => false,
            };
            let read_elsewhere =
                self.tokens.iter().enumerate().any(|(other, line)| {
                    other != offset && line.iter().any(|t| t.text == name.text)
                });
            if name.kind == TokenKind::Ident && bound && collection && !read_elsewhere {
                idle.push(name.text);
            }
        }
        if idle.is_empty() {
            return Vec::new();
        }
        let operands = self.operands(language, &idle);
        idle.iter()
            .flat_map(|name| {
                operands
                    .iter()
                    .map(|operand| (name.to_string(), operand.clone()))
            })
            .collect()
    }

    /// Values a membership check could test: element reads with a literal index and their
    /// neighbours, then variables assigned in the function, then parameters (not `skip`).
    fn operands(&self, language: Language, skip: &[&str]) -> Vec<String> {
        let mut reads: Vec<String> = Vec::new();
        let mut names: Vec<String> = Vec::new();
        for (offset, tokens) in self.tokens.iter().enumerate() {
            for (k, t) in tokens.iter().enumerate() {
                let field = k > 0 && tokens.get(k - 1).is_some_and(|p| p.text == ".");
                if t.kind != TokenKind::Ident
                    || field
                    || skip.contains(&t.text)
                    || super::super::is_keyword(t.text, language)
                    || super::super::is_primitive_type(t.text, language)
                {
                    continue;
                }
                let next = |n: usize| tokens.get(k + n).map_or("", |t| t.text);
                if next(1) == "["
                    && tokens
                        .get(k + 2)
                        .is_some_and(|t| t.kind == TokenKind::Number)
                    && next(3) == "]"
                {
                    let index = next(2);
                    let mut indices = vec![index.to_string(), "0".into(), "1".into()];
                    if language == Language::Python {
                        indices.push("-1".into());
                    }
                    for i in indices {
                        let read = format!("{}[{i}]", t.text);
                        if !reads.contains(&read) {
                            reads.push(read);
                        }
                    }
                }
                // Bound here: a parameter (the signature), an assignment's target, `let x`.
                let parameter = offset == 0 && matches!(next(1), "," | ")" | ":");
                let target = k == 0 && super::super::is_assignment(next(1));
                let declared = k > 0 && tokens.get(k - 1).is_some_and(|p| p.text == "let");
                if (parameter || target || declared) && !names.iter().any(|n| n == t.text) {
                    names.push(t.text.to_string());
                }
            }
        }
        // The function's own name is not a value.
        if let Some(own) = self.tokens.first().and_then(|t| t.get(1)) {
            names.retain(|n| n != own.text);
        }
        reads
            .into_iter()
            .chain(names)
            .take(MAX_MEMBERSHIP_OPERANDS)
            .collect()
    }
}

impl FunctionText<'_> {
    /// A total halved by integer division (`let target = (total / 2) as usize;`, `half =
    /// total // 2`) in a function that answers yes or no: an odd total has no half, so the
    /// guard `if total % 2 != 0 { return false; }` goes before the halving (probe38-rust-18,
    /// an equal-sum partition). Python needs the answer's type said: `-> bool`, or a `return
    /// True`/`return False` elsewhere.
    pub(super) fn odd_total_guards(&self, file: &str, language: Language) -> Vec<HunkMutation> {
        let header = self.lines.first().copied().unwrap_or("");
        let answers_bool = match language {
            Language::Rust => header.contains("-> bool"),
            Language::Python => {
                header.contains("-> bool")
                    || self
                        .lines
                        .iter()
                        .any(|l| matches!(l.trim(), "return True" | "return False"))
            }
        };
        if !answers_bool {
            return Vec::new();
        }
        let halving = match language {
            Language::Rust => "/",
            Language::Python => "//",
        };
        let mut hunks = Vec::new();
        let mut seen: Vec<&str> = Vec::new();
        for (at, tokens) in self.tokens.iter().enumerate().skip(1) {
            let assigns = tokens.iter().position(|t| t.text == "=").is_some_and(|e| {
                e > 0 && tokens.first().is_some_and(|f| f.kind == TokenKind::Ident)
            });
            if !assigns {
                continue;
            }
            let halved = tokens.windows(3).find_map(|w| {
                (w[0].kind == TokenKind::Ident && w[1].text == halving && w[2].text == "2")
                    .then_some(w[0].text)
            });
            let Some(total) = halved else {
                continue;
            };
            // The function asks about the total's parity already.
            let asked = self.tokens.iter().skip(1).any(|l| {
                l.windows(3)
                    .any(|w| w[0].text == total && w[1].text == "%" && w[2].text == "2")
            });
            if asked || seen.contains(&total) {
                continue;
            }
            seen.push(total);
            let Some(line) = self.lines.get(at) else {
                continue;
            };
            let pad = &line[..indent(line)];
            let (condition, exit) = match language {
                Language::Rust => (format!("{total} % 2 != 0"), "return false"),
                Language::Python => (format!("{total} % 2"), "return False"),
            };
            hunks.extend(self.lines_inserted_before(
                file,
                at,
                super::guarded(language, pad, &condition, exit),
                MutationOperator::InsertGuard,
                format!("an odd `{total}` has no half: the answer is no"),
            ));
        }
        hunks
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::super::super::{Language, MutationOperator, hunk_mutations};

    fn inserted(source: &str, language: Language, line: u32) -> Vec<(u32, Vec<String>)> {
        hunk_mutations("f", source, language, &[line], true)
            .into_iter()
            .filter(|h| h.operator == MutationOperator::InsertGuard)
            .map(|h| (h.line, h.new_lines))
            .collect()
    }

    #[test]
    fn hefix_rust_126_a_sibling_guard_compares_one_clause_another_way() {
        let source = "fn is_sorted(lst: Vec<i32>) -> bool {\n    for i in 1..lst.len() {\n        if i >= 2 && lst[i] == lst[i - 1] && lst[i] == lst[i - 2] {\n            return false;\n        }\n    }\n    true\n}\n";
        let all = inserted(source, Language::Rust, 3);
        let before = (
            3,
            vec![
                "        if lst[i] < lst[i - 1] {".to_string(),
                "            return false;".into(),
                "        }".into(),
                "        if i >= 2 && lst[i] == lst[i - 1] && lst[i] == lst[i - 2] {".into(),
            ],
        );
        assert!(all.contains(&before), "{all:#?}");
        let after = (
            5,
            vec![
                "        }".to_string(),
                "        if lst[i] < lst[i - 1] {".into(),
                "            return false;".into(),
                "        }".into(),
            ],
        );
        assert!(all.contains(&after), "{all:#?}");
        // Three clauses, five other operators each, two places.
        assert_eq!(all.len(), 30);
    }

    #[test]
    fn hefix_python_141_a_collection_never_read_gets_its_membership_check() {
        let source = "def check(file_name):\n    suf = ['txt', 'exe']\n    lst = file_name.split('.')\n    if len(lst) != 2:\n        return 'No'\n    if not lst[0][0].isalpha():\n        return 'No'\n    return 'Yes'\n";
        let all = inserted(source, Language::Python, 6);
        let want = (
            7,
            vec![
                "        return 'No'".to_string(),
                "    if lst[1] not in suf:".into(),
                "        return 'No'".into(),
            ],
        );
        assert!(all.contains(&want), "{all:#?}");
        // The sibling of `len(lst) != 2` is there too, before and after it.
        assert!(all.iter().any(|(_, l)| l[0] == "    if len(lst) == 2:"));
    }

    #[test]
    fn a_rust_collection_never_read_is_checked_with_contains() {
        let source = "fn check(name: &str) -> &str {\n    let suf = vec![\"txt\", \"exe\"];\n    let lst: Vec<&str> = name.split('.').collect();\n    if lst.len() != 2 {\n        return \"No\";\n    }\n    if lst[0].is_empty() {\n        return \"No\";\n    }\n    \"Yes\"\n}\n";
        let all = inserted(source, Language::Rust, 4);
        let want = (
            9,
            vec![
                "    }".to_string(),
                "    if !suf.contains(&lst[1]) {".into(),
                "        return \"No\";".into(),
                "    }".into(),
            ],
        );
        assert!(all.contains(&want), "{all:#?}");
    }

    #[test]
    fn hefix_python_126_a_counter_never_read_gets_a_guard_after_its_loop() {
        let source = "def is_sorted(lst):\n    count_digit = dict([(i, 0) for i in lst])\n    for i in lst:\n        count_digit[i]+=1\n    if all(lst[i-1] <= lst[i] for i in range(1, len(lst))):\n        return True\n    else:\n        return False\n";
        let all = inserted(source, Language::Python, 5);
        let want = (
            5,
            vec![
                "    if any(c > 2 for c in count_digit.values()):".to_string(),
                "        return False".into(),
                "    if all(lst[i-1] <= lst[i] for i in range(1, len(lst))):".into(),
            ],
        );
        assert!(all.contains(&want), "{all:#?}");
        // Two limits, two return values.
        assert_eq!(all.len(), 4, "{all:#?}");
        // A counter that is read afterwards is not idle.
        let read = source.replace("    if all(", "    if count_digit[1] > 0 and all(");
        assert!(inserted(&read, Language::Python, 5).is_empty());
        // Counting with `get` is counting too.
        let with_get = source.replace("dict([(i, 0) for i in lst])", "{}").replace(
            "count_digit[i]+=1",
            "count_digit[i] = count_digit.get(i, 0) + 1",
        );
        assert!(
            inserted(&with_get, Language::Python, 5).contains(&want),
            "{:#?}",
            inserted(&with_get, Language::Python, 5)
        );
    }

    #[test]
    fn a_rust_counter_never_read_gets_a_guard_after_its_loop() {
        let source = "fn f(v: &[i32]) -> bool {\n    let mut seen: HashMap<i32, u32> = HashMap::new();\n    for x in v {\n        *seen.entry(*x).or_insert(0) += 1;\n    }\n    if v.is_empty() {\n        return false;\n    }\n    true\n}\n";
        let all = inserted(source, Language::Rust, 6);
        let want = (
            5,
            vec![
                "    }".to_string(),
                "    if seen.values().any(|&c| c > 1) {".into(),
                "        return false;".into(),
                "    }".into(),
            ],
        );
        assert!(all.contains(&want), "{all:#?}");
        // The tail `true` is a return value too; two limits, two values.
        assert!(
            all.iter()
                .any(|(_, l)| l.iter().any(|t| t.contains("return true;")))
        );
        assert_eq!(all.len(), 4, "{all:#?}");
        // With no literal to return there is no guard to make.
        let computed = source
            .replace("        return false;\n", "        return v[0] > 0;\n")
            .replace("    true\n", "    v.len() > 1\n");
        assert!(inserted(&computed, Language::Rust, 6).is_empty());
    }

    #[test]
    fn one_line_guards_keep_their_shape() {
        let python = "def f(x):\n    if x > 3: return 0\n    return x\n";
        let all = inserted(python, Language::Python, 2);
        assert!(
            all.contains(&(
                2,
                vec![
                    "    if x < 3: return 0".to_string(),
                    "    if x > 3: return 0".into()
                ]
            )),
            "{all:#?}"
        );
        let rust = "fn f(x: i32) -> i32 {\n    if x > 3 { return 0; }\n    x\n}\n";
        let all = inserted(rust, Language::Rust, 2);
        assert!(
            all.contains(&(
                2,
                vec![
                    "    if x > 3 { return 0; }".to_string(),
                    "    if x == 3 { return 0; }".into()
                ]
            )),
            "{all:#?}"
        );
    }

    #[test]
    fn no_guard_is_made_from_an_if_that_does_more_than_leave() {
        let source = "def f(x):\n    if x > 3:\n        x -= 1\n        return x\n    if x == 0:\n        print(x)\n    return x\n";
        assert!(inserted(source, Language::Python, 2).is_empty());
        // An `if` with an `else` is a branch: nothing is inserted between them.
        let branch =
            "def h(x):\n    if x > 3:\n        return 1\n    else:\n        x += 1\n    return x\n";
        assert!(inserted(branch, Language::Python, 2).is_empty());
        let rust = "fn h(x: i32) -> i32 {\n    if x > 3 { return 1; } else { println!(\"{x}\"); }\n    x\n}\n";
        assert!(inserted(rust, Language::Rust, 2).is_empty());
        // A collection that is read is not idle.
        let read =
            "def g(s):\n    ok = ['a']\n    if len(s) > 1:\n        return 'No'\n    return ok\n";
        assert!(
            inserted(read, Language::Python, 3)
                .iter()
                .all(|(_, l)| !l.iter().any(|t| t.contains(" in ok")))
        );
    }
}
