//! Expression-shaped edits: the bugs hand-inserted into real programs are often a term too
//! many (`len(s) - 1` for `len(s)`), a term too few (`range(n)` for `range(n + 1)`), operands
//! in the wrong order (`x in s` for `s in x`) or a statement that should not be there. Each
//! operator here works on one line's tokens and keeps everything else byte-identical.

use super::{Language, LineEdit, MutationOperator, Token, TokenKind, ends_operand, is_keyword};
use regex::Regex;
use std::sync::LazyLock;

/// Operands longer than this many tokens are not moved or dropped: the edit would be a rewrite,
/// not a small fix.
const MAX_OPERAND_TOKENS: usize = 24;
/// Operands swapped must be short: a swap of long expressions is a rewrite.
const MAX_SWAPPED_TOKENS: usize = 8;

/// Binary operators whose terms may be dropped or swapped.
fn is_term_operator(text: &str) -> bool {
    matches!(text, "+" | "-" | "*" | "/" | "//" | "%" | "**")
}

fn is_swappable_operator(text: &str, language: Language) -> bool {
    is_term_operator(text)
        || matches!(text, "<" | "<=" | ">" | ">=" | "==" | "!=")
        || (language == Language::Python && text == "in")
}

/// The exclusive end of the operand that starts at `start`: an identifier, number or literal
/// (a unary `-` or `!` in front allowed), then any `.name`, `::name`, call and index groups; or
/// a bracketed group. `None` when no operand starts there.
pub(super) fn operand_end(tokens: &[Token<'_>], start: usize, language: Language) -> Option<usize> {
    let first = tokens.get(start)?;
    let mut i = start;
    if first.kind == TokenKind::Operator && matches!(first.text, "-" | "!") {
        i += 1;
    }
    let head = tokens.get(i)?;
    i = match head.kind {
        TokenKind::Ident if !is_keyword(head.text, language) => i + 1,
        TokenKind::Number | TokenKind::Literal => i + 1,
        TokenKind::Open if head.text != "{" => matching_close(tokens, i)? + 1,
        _ => return None,
    };
    loop {
        match tokens.get(i) {
            Some(t) if t.kind == TokenKind::Open && t.text != "{" => {
                // A call or index group glued to what came before.
                let glued = tokens.get(i - 1).is_some_and(|p| p.end == t.start);
                if !glued {
                    break;
                }
                i = matching_close(tokens, i)? + 1;
            }
            Some(t) if matches!(t.text, "." | "::") => {
                let name = tokens.get(i + 1)?;
                if name.kind != TokenKind::Ident && name.kind != TokenKind::Number {
                    break;
                }
                i += 2;
            }
            Some(t) if t.text == "?" && language == Language::Rust => i += 1,
            // `x as i64` is one operand in Rust.
            Some(t) if t.text == "as" && language == Language::Rust => {
                if tokens
                    .get(i + 1)
                    .is_some_and(|n| n.kind == TokenKind::Ident)
                {
                    i += 2;
                } else {
                    break;
                }
            }
            _ => break,
        }
    }
    (i - start <= MAX_OPERAND_TOKENS).then_some(i)
}

/// The start of the operand that ends (inclusive) at `last`.
fn operand_start(tokens: &[Token<'_>], last: usize, language: Language) -> Option<usize> {
    // Try every start close enough; the operand must end exactly at `last`.
    let lowest = last.saturating_sub(MAX_OPERAND_TOKENS);
    (lowest..=last)
        .find(|&s| {
            // The token before the start must not glue onto it (`a.b`, `f(x)`, `x as T`).
            let glued_before = s
                .checked_sub(1)
                .and_then(|p| tokens.get(p))
                .is_some_and(|p| {
                    matches!(p.text, "." | "::" | "as")
                        || (tokens[s].kind == TokenKind::Open
                            && p.end == tokens[s].start
                            && matches!(p.kind, TokenKind::Ident | TokenKind::Close))
                });
            !glued_before && operand_end(tokens, s, language) == Some(last + 1)
        })
        // `-x` at the start of an expression is fine, but `a - x` must not read `- x` as the
        // operand.
        .filter(|&s| {
            tokens[s].kind != TokenKind::Operator
                || !ends_operand(s.checked_sub(1).and_then(|p| tokens.get(p)), language)
        })
}

pub(super) fn matching_close(tokens: &[Token<'_>], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (i, t) in tokens.iter().enumerate().skip(open) {
        match t.kind {
            TokenKind::Open => depth += 1,
            TokenKind::Close => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

fn splice(text: &str, start: usize, end: usize, replacement: &str) -> Option<String> {
    Some(format!(
        "{}{replacement}{}",
        text.get(..start)?,
        text.get(end..)?
    ))
}

/// A binary operator between two operands: (left start, operator index, right end exclusive).
fn binary_sites(tokens: &[Token<'_>], language: Language) -> Vec<(usize, usize, usize)> {
    partial_binary_sites(tokens, language)
        .into_iter()
        .filter_map(|(l, k, r)| Some((l?, k, r?)))
        .collect()
}

/// Binary operators with whichever operands could be delimited.
fn partial_binary_sites(
    tokens: &[Token<'_>],
    language: Language,
) -> Vec<(Option<usize>, usize, Option<usize>)> {
    let mut sites = Vec::new();
    for k in 1..tokens.len() {
        let op = &tokens[k];
        let is_op = (op.kind == TokenKind::Operator
            && (is_term_operator(op.text) || is_swappable_operator(op.text, language)))
            || (op.kind == TokenKind::Ident && op.text == "in" && language == Language::Python);
        if !is_op || !ends_operand(tokens.get(k - 1), language) || k + 1 >= tokens.len() {
            continue;
        }
        // Rust generics: `<`/`>` only when spaced like a comparison.
        if language == Language::Rust && matches!(op.text, "<" | ">") {
            continue;
        }
        let left = operand_start(tokens, k - 1, language);
        let right = operand_end(tokens, k + 1, language);
        if left.is_some() || right.is_some() {
            sites.push((left, k, right));
        }
    }
    sites
}

/// `a - b` → `a` and → `b`: a term too many.
pub(super) fn drop_term_edits(
    text: &str,
    tokens: &[Token<'_>],
    language: Language,
) -> Vec<LineEdit> {
    let mut edits = Vec::new();
    for (left, k, right) in partial_binary_sites(tokens, language) {
        let op = &tokens[k];
        if !is_term_operator(op.text) {
            continue;
        }
        // Keep the left operand: cut from its end to the right operand's end.
        if let Some(right) = right
            && let Some(new_text) = splice(text, tokens[k - 1].end, tokens[right - 1].end, "")
        {
            edits.push(LineEdit {
                description: format!(
                    "drop `{} {}`",
                    op.text,
                    text.get(tokens[k + 1].start..tokens[right - 1].end)
                        .unwrap_or("")
                ),
                new_text,
                operator: MutationOperator::DropTerm,
            });
        }
        // Keep the right operand (not for `-`: `a - b` → `b` flips a sign, rarely a fix).
        if op.text != "-"
            && let Some(left) = left
            && let Some(new_text) = splice(text, tokens[left].start, tokens[k + 1].start, "")
        {
            edits.push(LineEdit {
                description: format!(
                    "drop `{} {}`",
                    text.get(tokens[left].start..tokens[k - 1].end)
                        .unwrap_or(""),
                    op.text
                ),
                new_text,
                operator: MutationOperator::DropTerm,
            });
        }
    }
    edits.extend(drop_run_edits(text, tokens, language));
    if language == Language::Rust {
        edits.extend(power_absorbs_factor_edits(text, tokens, language));
        edits.extend(self_formatted_edits(text, tokens));
    }
    // `x *= y` → `x = y`.
    for t in tokens {
        if t.kind == TokenKind::Operator
            && matches!(t.text, "+=" | "-=" | "*=" | "/=" | "//=" | "%=")
            && let Some(new_text) = splice(text, t.start, t.end, "=")
        {
            edits.push(LineEdit {
                new_text,
                operator: MutationOperator::DropTerm,
                description: format!("`{}` → `=`", t.text),
            });
        }
    }
    edits
}

/// Rust's form of Python's `(-1) ** 2 * n` → `(-1) ** n`: a power's exponent replaced by the
/// factor it multiplies, `i32::pow(-1, 2) * n as i32` → `i32::pow(-1, n as u32)` and
/// `b.pow(2) * n` → `b.pow(n as u32)` (the exponent of `pow` is a `u32`; a cast the factor
/// carries is replaced by that one).
fn power_absorbs_factor_edits(
    text: &str,
    tokens: &[Token<'_>],
    language: Language,
) -> Vec<LineEdit> {
    let mut edits = Vec::new();
    for (k, token) in tokens.iter().enumerate() {
        let Some(before) = k.checked_sub(1).and_then(|b| tokens.get(b)) else {
            continue;
        };
        let open = k + 1;
        if token.text != "pow"
            || !matches!(before.text, "::" | ".")
            || tokens.get(open).is_none_or(|t| t.text != "(")
        {
            continue;
        }
        let Some(close) = matching_close(tokens, open) else {
            continue;
        };
        // `T::pow(base, exponent)`: the exponent follows the comma at the group's depth.
        let exponent_start = if before.text == "::" {
            let mut depth = 0usize;
            let comma = (open + 1..close).find(|&j| {
                match tokens[j].kind {
                    TokenKind::Open => depth += 1,
                    TokenKind::Close => depth = depth.saturating_sub(1),
                    _ => {}
                }
                depth == 0 && tokens[j].kind == TokenKind::Comma
            });
            match comma {
                Some(comma) => comma + 1,
                None => continue,
            }
        } else {
            open + 1
        };
        if exponent_start >= close || tokens.get(close + 1).is_none_or(|t| t.text != "*") {
            continue;
        }
        let factor_start = close + 2;
        let Some(factor_end) = operand_end(tokens, factor_start, language) else {
            continue;
        };
        let mut last = factor_end - 1;
        if factor_end >= factor_start + 3 && tokens[factor_end - 2].text == "as" {
            last = factor_end - 3;
        }
        let (Some(from), Some(to)) = (tokens.get(factor_start), tokens.get(last)) else {
            continue;
        };
        let Some(factor) = text.get(from.start..to.end) else {
            continue;
        };
        let exponent = format!("{factor} as u32)");
        if let Some(new_text) = splice(
            text,
            tokens[exponent_start].start,
            tokens[factor_end - 1].end,
            &exponent,
        ) {
            edits.push(LineEdit {
                description: format!("the power's exponent replaced by its factor `{factor}`"),
                new_text,
                operator: MutationOperator::DropTerm,
            });
        }
    }
    edits
}

/// A string appended to itself: `s += &format!("{}{}{}", s, op, n);` or
/// `s.push_str(&format!("{}{}", s, x));` drops `s` from the arguments, with its `{}`.
fn self_formatted_edits(text: &str, tokens: &[Token<'_>]) -> Vec<LineEdit> {
    let Some(target) = tokens.first().filter(|t| t.kind == TokenKind::Ident) else {
        return Vec::new();
    };
    let appends = tokens.get(1).is_some_and(|t| t.text == "+=")
        || tokens.get(1).is_some_and(|t| t.text == ".")
            && tokens.get(2).is_some_and(|t| t.text == "push_str");
    if !appends {
        return Vec::new();
    }
    let mut edits = Vec::new();
    for k in 0..tokens.len() {
        let is_format = tokens[k].text == "format"
            && tokens.get(k + 1).is_some_and(|t| t.text == "!")
            && tokens.get(k + 2).is_some_and(|t| t.text == "(");
        if !is_format {
            continue;
        }
        let open = k + 2;
        let Some(close) = matching_close(tokens, open) else {
            continue;
        };
        let Some(literal) = tokens
            .get(open + 1)
            .filter(|t| t.kind == TokenKind::Literal)
        else {
            continue;
        };
        // The arguments after the literal at the group's depth, as token ranges.
        let mut arguments: Vec<(usize, usize)> = Vec::new();
        let mut depth = 0usize;
        let mut start = open + 2;
        for (j, token) in tokens.iter().enumerate().take(close).skip(open + 2) {
            match token.kind {
                TokenKind::Open => depth += 1,
                TokenKind::Close => depth = depth.saturating_sub(1),
                TokenKind::Comma if depth == 0 => {
                    if j > start {
                        arguments.push((start, j));
                    }
                    start = j + 1;
                }
                _ => {}
            }
        }
        if close > start {
            arguments.push((start, close));
        }
        // Only implicit positional placeholders (`{}`, `{:>3}`), each one argument.
        let placeholders: Vec<(usize, usize)> = {
            let body = literal.text;
            let mut found = Vec::new();
            let mut chars = body.char_indices().peekable();
            while let Some((at, c)) = chars.next() {
                if c == '{' {
                    if chars.peek().is_some_and(|&(_, n)| n == '{') {
                        chars.next();
                        continue;
                    }
                    let Some(end) = body[at..].find('}') else {
                        break;
                    };
                    found.push((at, at + end + 1));
                } else if c == '}' && chars.peek().is_some_and(|&(_, n)| n == '}') {
                    chars.next();
                }
            }
            found
        };
        let implicit = placeholders.iter().all(|&(a, b)| {
            let inner = literal.text.get(a + 1..b - 1).unwrap_or("?");
            inner.is_empty() || inner.starts_with(':')
        });
        if !implicit || placeholders.len() != arguments.len() {
            continue;
        }
        for (index, &(from, to)) in arguments.iter().enumerate() {
            if to != from + 1 || tokens[from].text != target.text {
                continue;
            }
            let (a, b) = placeholders[index];
            let new_literal = format!("{}{}", &literal.text[..a], &literal.text[b..]);
            // The argument goes with the comma before it.
            let (Some(comma), Some(argument)) = (tokens.get(from - 1), tokens.get(from)) else {
                continue;
            };
            let Some(without_argument) = splice(text, comma.start, argument.end, "") else {
                continue;
            };
            let Some(new_text) =
                splice(&without_argument, literal.start, literal.end, &new_literal)
            else {
                continue;
            };
            edits.push(LineEdit {
                description: format!("drop `{}` from its own format! arguments", target.text),
                new_text,
                operator: MutationOperator::DropTerm,
            });
        }
    }
    edits
}

/// A table's last entry returned where its best or worst was meant: `return dp[-1]` →
/// `return max(dp)` / `min(dp)` (Python); `dp[n - 1]`, `dp[dp.len() - 1]` or
/// `*dp.last().unwrap()` as the value returned → `*dp.iter().max().unwrap()` / `min` (Rust).
/// Dynamic programs that keep one entry per position answer with the best of all of them
/// (the longest increasing subsequence ends anywhere).
pub(super) fn aggregate_for_last_edits(text: &str, language: Language) -> Vec<LineEdit> {
    let pattern = match language {
        Language::Python => r"^(\s*return\s+)(\w+)\[-1\]\s*$",
        Language::Rust => {
            r"^(\s*(?:return\s+)?)(?:(\w+)\[(?:\w+|\w+\.len\(\))\s*-\s*1\]|\*(\w+)\.last\(\)\.unwrap\(\))(;?)\s*$"
        }
    };
    let Ok(re) = regex::Regex::new(pattern) else {
        return Vec::new();
    };
    let Some(c) = re.captures(text) else {
        return Vec::new();
    };
    let lead = c.get(1).map_or("", |m| m.as_str());
    let Some(table) = c.get(2).or_else(|| c.get(3)).map(|m| m.as_str()) else {
        return Vec::new();
    };
    let end = c.get(4).map_or("", |m| m.as_str());
    ["max", "min"]
        .iter()
        .map(|aggregate| {
            let new_text = match language {
                Language::Python => format!("{lead}{aggregate}({table})"),
                Language::Rust => format!("{lead}*{table}.iter().{aggregate}().unwrap(){end}"),
            };
            LineEdit {
                description: format!("the {aggregate} of `{table}` instead of its last entry"),
                new_text,
                operator: MutationOperator::AggregateForLast,
            }
        })
        .collect()
}

/// Operators of one precedence level chain left to right: `a + b - c`, `a * b / c`.
fn precedence_level(op: &str) -> Option<u8> {
    match op {
        "+" | "-" => Some(0),
        "*" | "/" | "//" | "%" => Some(1),
        _ => None,
    }
}

/// `x + y + y + x` → `x + y`, `abs(a) * abs(b) * a * b` → `abs(a) * abs(b)` (hefix-python-53,
/// -97): a run of two or more terms too many inside a chain of one precedence level. Single
/// terms are [`drop_term_edits`]'s; the chain's first operand always stays.
fn drop_run_edits(text: &str, tokens: &[Token<'_>], language: Language) -> Vec<LineEdit> {
    const MAX_RUN: usize = 6;
    let sites = binary_sites(tokens, language);
    let mut edits = Vec::new();
    for (first, &(_, k, right)) in sites.iter().enumerate() {
        let Some(level) = precedence_level(tokens[k].text) else {
            continue;
        };
        let mut run_end = right;
        for length in 2..=MAX_RUN {
            // The next operator of the chain sits right after this run's last operand.
            let next = sites.iter().skip(first + 1).find(|&&(_, nk, _)| {
                nk == run_end && precedence_level(tokens[nk].text) == Some(level)
            });
            let Some(&(_, _, next_right)) = next else {
                break;
            };
            run_end = next_right;
            let (Some(before), Some(last)) = (tokens.get(k - 1), tokens.get(run_end - 1)) else {
                break;
            };
            if let Some(new_text) = splice(text, before.end, last.end, "") {
                edits.push(LineEdit {
                    description: format!(
                        "drop `{}` ({length} terms)",
                        text.get(tokens[k].start..last.end).unwrap_or("")
                    ),
                    new_text,
                    operator: MutationOperator::DropTerm,
                });
            }
        }
    }
    edits
}

/// `a < b` → `b < a`, `x in s` → `s in x`: operands in the wrong order.
pub(super) fn swap_operand_edits(
    text: &str,
    tokens: &[Token<'_>],
    language: Language,
) -> Vec<LineEdit> {
    let mut edits = Vec::new();
    for (left, k, right) in binary_sites(tokens, language) {
        let op = &tokens[k];
        // Swapping `+`/`*`/`==`/`!=` operands changes nothing for numbers.
        if matches!(op.text, "+" | "*" | "==" | "!=") {
            continue;
        }
        let (Some(a), Some(b)) = (
            text.get(tokens[left].start..tokens[k - 1].end),
            text.get(tokens[k + 1].start..tokens[right - 1].end),
        ) else {
            continue;
        };
        if a == b || right - left > 2 * MAX_SWAPPED_TOKENS + 1 {
            continue;
        }
        let Some(between) = text.get(tokens[k - 1].end..tokens[k + 1].start) else {
            continue;
        };
        if let Some(new_text) = splice(
            text,
            tokens[left].start,
            tokens[right - 1].end,
            &format!("{b}{between}{a}"),
        ) {
            edits.push(LineEdit {
                new_text,
                operator: MutationOperator::SwapOperands,
                description: format!("swap `{a}` and `{b}`"),
            });
        }
    }
    edits
}

/// `s0 == s1` → `set(s0) == set(s1)`: two values compared as they are where what they hold
/// (their set of items, their sorted items, their length) was meant. Only for `==`/`!=`
/// between two plain names; Rust compares lengths (`a.len() == b.len()`) or sets, of a
/// string's characters or of a collection's items (`HashSet` named in full: the file need not
/// import it).
pub(super) fn wrap_compared_operand_edits(
    text: &str,
    tokens: &[Token<'_>],
    language: Language,
) -> Vec<LineEdit> {
    let mut edits = Vec::new();
    for (left, k, right) in binary_sites(tokens, language) {
        let op = &tokens[k];
        let plain_name =
            |t: &Token<'_>| t.kind == TokenKind::Ident && !is_keyword(t.text, language);
        if !matches!(op.text, "==" | "!=")
            || k != left + 1
            || right != k + 2
            || !plain_name(&tokens[left])
            || !plain_name(&tokens[k + 1])
        {
            continue;
        }
        let (a, b) = (tokens[left].text, tokens[k + 1].text);
        let Some(between) = text.get(tokens[left].end..tokens[k + 1].start) else {
            continue;
        };
        let wrapped: Vec<(String, String)> = match language {
            Language::Python => ["set", "sorted", "len"]
                .iter()
                .map(|f| (format!("{f}({a})"), format!("{f}({b})")))
                .collect(),
            // Rust collects into a set by type: a string's characters, or any other
            // collection's items (one of the two does not compile, and costs one probe).
            Language::Rust => [
                ".len()",
                ".chars().collect::<std::collections::HashSet<char>>()",
                ".iter().collect::<std::collections::HashSet<_>>()",
            ]
            .iter()
            .map(|m| (format!("{a}{m}"), format!("{b}{m}")))
            .collect(),
        };
        for (wa, wb) in wrapped {
            if let Some(new_text) = splice(
                text,
                tokens[left].start,
                tokens[k + 1].end,
                &format!("{wa}{between}{wb}"),
            ) {
                edits.push(LineEdit {
                    new_text,
                    operator: MutationOperator::WrapOperands,
                    description: format!("`{a}` and `{b}` compared as `{wa}` and `{wb}`"),
                });
            }
        }
    }
    edits
}

/// `len(set(string))` → `len(set(string.lower()))`, `str.chars()` → `str.to_lowercase().chars()`:
/// a string whose letters are counted, collected or compared in either case where one case
/// was meant. Python: the one plain-name argument of `set`, `sorted`, `list`, `Counter`;
/// Rust: the plain-name receiver of `.chars()`.
pub(super) fn case_fold_edits(
    text: &str,
    tokens: &[Token<'_>],
    language: Language,
) -> Vec<LineEdit> {
    let mut edits = Vec::new();
    let plain = |t: &Token<'_>| t.kind == TokenKind::Ident && !is_keyword(t.text, language);
    for k in 0..tokens.len() {
        let (name, folded) = match language {
            Language::Python => {
                let wraps = k >= 2
                    && matches!(tokens[k - 2].text, "set" | "sorted" | "list" | "Counter")
                    && tokens[k - 1].text == "("
                    && tokens.get(k + 1).is_some_and(|c| c.text == ")");
                if !(wraps && plain(&tokens[k])) {
                    continue;
                }
                (tokens[k].text, format!("{}.lower()", tokens[k].text))
            }
            Language::Rust => {
                let chars = tokens.get(k + 1).is_some_and(|d| d.text == ".")
                    && tokens.get(k + 2).is_some_and(|m| m.text == "chars")
                    && (k == 0 || tokens[k - 1].text != ".");
                if !(chars && plain(&tokens[k])) {
                    continue;
                }
                (tokens[k].text, format!("{}.to_lowercase()", tokens[k].text))
            }
        };
        if let Some(new_text) = splice(text, tokens[k].start, tokens[k].end, &folded) {
            edits.push(LineEdit {
                new_text,
                operator: MutationOperator::CaseFold,
                description: format!("`{name}` → `{folded}`"),
            });
        }
    }
    edits
}

/// Whether the token before `k` ends an operand, so the `*` at `k` multiplies (a Rust `*` after
/// `=`, `(` or `,` dereferences).
fn ends_operand_before(tokens: &[Token<'_>], k: usize) -> bool {
    k.checked_sub(1)
        .and_then(|p| tokens.get(p))
        .is_some_and(|p| {
            matches!(
                p.kind,
                TokenKind::Ident | TokenKind::Number | TokenKind::Close
            )
        })
}

/// Python: `a[k:] + a[:k]` (a rotation left by `k`) ↔ `a[-k:] + a[:-k]` (right): a rotation
/// written the wrong way round (probe39-python-21).
pub(super) fn rotation_flip_edits(text: &str) -> Vec<LineEdit> {
    // Compiled once: this runs on every localized line.
    static ROTATION: LazyLock<Option<Regex>> =
        LazyLock::new(|| Regex::new(r"(\w+)\[(-?)(\w+):\]\s*\+\s*(\w+)\[:(-?)(\w+)\]").ok());
    if !text.contains(":]") {
        return Vec::new();
    }
    let Some(rotation) = ROTATION.as_ref() else {
        return Vec::new();
    };
    let mut edits = Vec::new();
    for c in rotation.captures_iter(text) {
        let (Some(whole), sequence, sign, amount) = (c.get(0), &c[1], &c[2], &c[3]) else {
            continue;
        };
        if &c[4] != sequence || &c[5] != sign || &c[6] != amount {
            continue;
        }
        let other = if sign.is_empty() { "-" } else { "" };
        let turned = format!("{sequence}[{other}{amount}:] + {sequence}[:{other}{amount}]");
        edits.push(LineEdit {
            new_text: format!("{}{turned}{}", &text[..whole.start()], &text[whole.end()..]),
            operator: MutationOperator::SwapOperands,
            description: format!("`{}` → `{turned}`", whole.as_str()),
        });
    }
    edits
}

/// `length += count / 2` → `length += count / 2 * 2` (probe38-rust-12): a sum of halves where
/// the whole pairs were meant, a quotient by a number rounded back down to its multiple. Only
/// where a running total adds the quotient alone.
pub(super) fn rounded_down_edits(
    text: &str,
    tokens: &[Token<'_>],
    language: Language,
) -> Vec<LineEdit> {
    let Some(plus) = tokens.iter().position(|t| t.text == "+=") else {
        return Vec::new();
    };
    let Some(end) = operand_end(tokens, plus + 1, language) else {
        return Vec::new();
    };
    let (Some(divide), Some(number)) = (tokens.get(end), tokens.get(end + 1)) else {
        return Vec::new();
    };
    let integer_division = match language {
        Language::Python => divide.text == "//",
        Language::Rust => divide.text == "/",
    };
    let rest_is_empty = tokens
        .get(end + 2)
        .is_none_or(|t| t.text == ";" && end + 3 == tokens.len());
    if !integer_division
        || number.kind != TokenKind::Number
        || number.text.contains('.')
        || !rest_is_empty
    {
        return Vec::new();
    }
    let Some(new_text) = splice(text, number.end, number.end, &format!(" * {}", number.text))
    else {
        return Vec::new();
    };
    vec![LineEdit {
        new_text,
        operator: MutationOperator::AddOffset,
        description: format!(
            "`{0} {1}` → `{0} {1} * {1}`",
            text.get(tokens[plus + 1].start..divide.end).unwrap_or(""),
            number.text
        ),
    }]
}

/// `rows = n // cols` → `rows = (n + cols - 1) // cols` (probe43-python-11): an integer
/// quotient rounded down where a count of groups, rounded up, was meant. Only a quotient of
/// two names (the dividend may be a call, `len(words)`) that nothing else multiplies or
/// divides, and not the idiom itself.
pub(super) fn ceiling_quotient_edits(
    text: &str,
    tokens: &[Token<'_>],
    language: Language,
) -> Vec<LineEdit> {
    let divide = match language {
        Language::Python => "//",
        Language::Rust => "/",
    };
    let mut edits = Vec::new();
    for (k, t) in tokens.iter().enumerate() {
        if t.text != divide || t.kind != TokenKind::Operator || k == 0 {
            continue;
        }
        let Some(start) = operand_start(tokens, k - 1, language) else {
            continue;
        };
        let divisor = tokens.get(k + 1);
        let after = tokens.get(k + 2);
        let before = start.checked_sub(1).and_then(|p| tokens.get(p));
        let tighter = |t: Option<&Token<'_>>| {
            t.is_some_and(|t| matches!(t.text, "*" | "/" | "//" | "%" | "**" | "." | "as"))
        };
        let plain_divisor = divisor
            .is_some_and(|d| d.kind == TokenKind::Ident && !super::is_keyword(d.text, language))
            && !after.is_some_and(|a| a.kind == TokenKind::Open || tighter(Some(a)));
        let dividend_is_a_name = matches!(tokens[start].kind, TokenKind::Ident)
            && !super::is_keyword(tokens[start].text, language);
        if !plain_divisor || !dividend_is_a_name || tighter(before) {
            continue;
        }
        let (Some(divisor), Some(dividend)) =
            (divisor, text.get(tokens[start].start..tokens[k - 1].end))
        else {
            continue;
        };
        if let Some(new_text) = splice(
            text,
            tokens[start].start,
            divisor.end,
            &format!("({dividend} + {0} - 1) {divide} {0}", divisor.text),
        ) {
            edits.push(LineEdit {
                new_text,
                operator: MutationOperator::CeilingQuotient,
                description: format!("`{dividend} {divide} {}` rounded up", divisor.text),
            });
        }
    }
    edits
}

/// `range(n)` → `range(n + 1)`, `s[len(s) - i]` → `s[len(s) - 1 - i]`: a term too few, as an
/// off-by-one after an operand inside brackets or before a block.
pub(super) fn add_offset_edits(
    text: &str,
    tokens: &[Token<'_>],
    language: Language,
) -> Vec<LineEdit> {
    let mut edits = Vec::new();
    // A Rust match arm: its pattern (`Some(&left)`) takes no offset; its value may be one off
    // as a whole (`i - left` → `i - left - 1`, probe38-rust-27).
    let arrow = (language == Language::Rust)
        .then(|| tokens.iter().position(|t| t.text == "=>"))
        .flatten();
    if let Some(a) = arrow {
        edits.extend(arm_value_offsets(text, tokens, a));
    }
    let mut depth = 0usize;
    let mut i = 0;
    while i < tokens.len() {
        let t = &tokens[i];
        match t.kind {
            TokenKind::Open => depth += 1,
            TokenKind::Close => depth = depth.saturating_sub(1),
            _ => {}
        }
        if arrow.is_some_and(|a| i < a) && depth > 0 {
            i += 1;
            continue;
        }
        let starts_operand = matches!(t.kind, TokenKind::Ident | TokenKind::Number)
            && !is_keyword(t.text, language)
            && !i
                .checked_sub(1)
                .and_then(|p| tokens.get(p))
                .is_some_and(|p| matches!(p.text, "." | "::"));
        let Some(end) = starts_operand
            .then(|| operand_end(tokens, i, language))
            .flatten()
        else {
            i += 1;
            continue;
        };
        let next = tokens.get(end);
        // Where an off-by-one lives: an argument or index (inside brackets), a Rust range's
        // start or its end before the block, a Python slice bound.
        let boundary = match next {
            Some(n) => {
                (depth > 0 && matches!(n.text, ")" | "]" | "," | ":" | "-" | "+"))
                    || (language == Language::Rust && matches!(n.text, "{" | ".." | "..="))
            }
            None => false,
        };
        let is_literal_one = end == i + 1 && t.text == "1";
        // A name multiplied or divided (`page * per_page` for `(page - 1) * per_page`): the
        // offset needs parentheses to bind before the product.
        let factor =
            |p: Option<&Token<'_>>| p.is_some_and(|p| matches!(p.text, "*" | "/" | "//" | "%"));
        let previous = i.checked_sub(1).and_then(|p| tokens.get(p));
        // So is a call's value (`int(month) // 3` for `(int(month) - 1) // 3`).
        let operand_end_at = tokens[end - 1].end;
        if t.kind == TokenKind::Ident
            && (end == i + 1 || tokens[end - 1].text == ")")
            && (factor(next) || factor(previous))
            // Not a dereference or an unpacking (`*x`, `f(*args)`): a product's `*` follows
            // an operand.
            && (previous.is_none_or(|p| p.text != "*") || ends_operand_before(tokens, i - 1))
        {
            let operand = text.get(t.start..operand_end_at).unwrap_or(t.text);
            for offset in [" - 1", " + 1"] {
                if let Some(new_text) = splice(
                    text,
                    t.start,
                    operand_end_at,
                    &format!("({operand}{offset})"),
                ) {
                    edits.push(LineEdit {
                        new_text,
                        operator: MutationOperator::AddOffset,
                        description: format!("`{operand}` → `({operand}{offset})`"),
                    });
                }
            }
        }
        if boundary && !is_literal_one {
            let at = tokens[end - 1].end;
            for offset in [" + 1", " - 1"] {
                if let Some(new_text) = splice(text, at, at, offset) {
                    edits.push(LineEdit {
                        new_text,
                        operator: MutationOperator::AddOffset,
                        description: format!(
                            "`{}` → `{}{offset}`",
                            text.get(tokens[i].start..at).unwrap_or(""),
                            text.get(tokens[i].start..at).unwrap_or("")
                        ),
                    });
                }
            }
        }
        // A name a value is compared with (`row == rows` for `row == rows - 1`): the bound
        // is off by one as often as an index is. Numbers are the constant family's.
        let compared = previous.is_some_and(|p| {
            p.kind == TokenKind::Operator && matches!(p.text, "==" | "!=" | "<" | "<=" | ">" | ">=")
        }) && t.kind == TokenKind::Ident
            && next.is_none_or(|n| {
                matches!(
                    n.text,
                    ":" | "{" | "and" | "or" | "&&" | "||" | ")" | "," | ";"
                )
            });
        if compared && !is_literal_one {
            let at = tokens[end - 1].end;
            for offset in [" - 1", " + 1"] {
                if let Some(new_text) = splice(text, at, at, offset)
                    && !edits.iter().any(|e: &LineEdit| e.new_text == new_text)
                {
                    edits.push(LineEdit {
                        new_text,
                        operator: MutationOperator::AddOffset,
                        description: format!(
                            "`{}` → `{}{offset}` (a compared bound)",
                            text.get(tokens[i].start..at).unwrap_or(""),
                            text.get(tokens[i].start..at).unwrap_or("")
                        ),
                    });
                }
            }
        }
        // Operands nest (`len(x)` holds `x`): step into them too.
        i += 1;
    }
    edits.extend(assigned_operand_offsets(text, tokens, language));
    edits
}

/// A match arm's value computed by a sum or difference (`Some(&left) => i - left,`), one off
/// as a whole: `… - 1` and `… + 1` after it.
fn arm_value_offsets(text: &str, tokens: &[Token<'_>], arrow: usize) -> Vec<LineEdit> {
    let value = match tokens.get(arrow + 1..) {
        Some([value @ .., last]) if last.text == "," => value,
        Some(value) => value,
        None => return Vec::new(),
    };
    let (Some(first), Some(last)) = (value.first(), value.last()) else {
        return Vec::new();
    };
    let mut depth = 0usize;
    let mut sum = false;
    for (k, t) in value.iter().enumerate() {
        match t.kind {
            TokenKind::Open => depth += 1,
            TokenKind::Close => depth = depth.saturating_sub(1),
            _ if depth == 0 && k > 0 && matches!(t.text, "+" | "-") => sum = true,
            _ if matches!(t.text, "{" | "return" | "continue" | "break") => return Vec::new(),
            _ => {}
        }
    }
    if !sum {
        return Vec::new();
    }
    let whole = text.get(first.start..last.end).unwrap_or("");
    [" - 1", " + 1"]
        .iter()
        .filter_map(|offset| {
            Some(LineEdit {
                new_text: splice(text, last.end, last.end, offset)?,
                operator: MutationOperator::AddOffset,
                description: format!("`{whole}` → `{whole}{offset}` (the arm's value)"),
            })
        })
        .collect()
}

/// A name assigned one operand that is one off: `lo = mid` → `lo = mid + 1` (a binary search
/// that never moves past `mid`), `let end = start;` → `let end = start - 1;`. Only a single
/// name, call or index on the right (constants have their own ±1).
fn assigned_operand_offsets(text: &str, tokens: &[Token<'_>], language: Language) -> Vec<LineEdit> {
    let start =
        usize::from(language == Language::Rust && tokens.first().is_some_and(|t| t.text == "let"));
    let start = start + usize::from(tokens.get(start).is_some_and(|t| t.text == "mut"));
    let (Some(target), Some(eq)) = (tokens.get(start), tokens.get(start + 1)) else {
        return Vec::new();
    };
    let rhs = start + 2;
    let end = match language {
        Language::Rust if tokens.last().is_some_and(|t| t.text == ";") => tokens.len() - 1,
        Language::Rust => return Vec::new(),
        Language::Python => tokens.len(),
    };
    let single_operand = target.kind == TokenKind::Ident
        && eq.text == "="
        && tokens.get(rhs).is_some_and(|t| {
            t.kind == TokenKind::Ident
                && !is_keyword(t.text, language)
                && !matches!(t.text, "None" | "True" | "False" | "true" | "false")
                && t.text != target.text
        })
        && operand_end(tokens, rhs, language) == Some(end)
        && end > rhs;
    if !single_operand {
        return Vec::new();
    }
    let at = tokens[end - 1].end;
    let operand = text.get(tokens[rhs].start..at).unwrap_or("");
    [" + 1", " - 1"]
        .into_iter()
        .filter_map(|offset| {
            Some(LineEdit {
                new_text: splice(text, at, at, offset)?,
                operator: MutationOperator::OffsetAssignment,
                description: format!("`{operand}` → `{operand}{offset}`"),
            })
        })
        .collect()
}

/// A statement that should not be there: the whole line goes (it becomes blank, so line
/// numbers stay put). Never a block header, a declaration or a lone bracket.
pub(super) fn delete_line_edit(tokens: &[Token<'_>], language: Language) -> Option<LineEdit> {
    let first = tokens.first()?;
    let last = tokens.last()?;
    let header = match language {
        Language::Python => {
            last.text == ":"
                || matches!(
                    first.text,
                    "def" | "class" | "return" | "else" | "elif" | "try" | "except"
                )
        }
        Language::Rust => {
            matches!(last.text, "{" | "}" | "(" | "[")
                || matches!(first.text, "fn" | "pub" | "let" | "return" | "}" | "else")
                || tokens.len() < 3
        }
    };
    // Text alone (a docstring's line) is not a statement.
    let all_text = tokens.iter().all(|t| t.kind == TokenKind::Literal);
    if header || all_text || first.kind == TokenKind::Close {
        return None;
    }
    Some(LineEdit {
        new_text: String::new(),
        operator: MutationOperator::DeleteLine,
        description: "delete the line".into(),
    })
}

/// `a && b` → `a` (and → `b`), `x and y` likewise: a condition too many. A clause runs to the
/// next boolean operator, or to the end of its bracket, block or line, at the same depth.
pub(super) fn drop_clause_edits(
    text: &str,
    tokens: &[Token<'_>],
    language: Language,
) -> Vec<LineEdit> {
    let is_bool = |t: &Token<'_>| match language {
        Language::Rust => matches!(t.text, "&&" | "||"),
        Language::Python => t.kind == TokenKind::Ident && matches!(t.text, "and" | "or"),
    };
    let is_stop = |t: &Token<'_>| {
        t.kind == TokenKind::Close
            || t.kind == TokenKind::Comma
            || t.text == "{"
            || (language == Language::Python && matches!(t.text, ":" | "if" | "else" | "for"))
    };
    let mut edits = Vec::new();
    for (k, op) in tokens.iter().enumerate() {
        if !is_bool(op) || k == 0 {
            continue;
        }
        // The clause after: up to the next boolean operator or stop at depth 0.
        let mut depth = 0i32;
        let mut end = tokens.len();
        for (j, t) in tokens.iter().enumerate().skip(k + 1) {
            if depth == 0 && (is_bool(t) || is_stop(t)) {
                end = j;
                break;
            }
            match t.kind {
                TokenKind::Open => depth += 1,
                TokenKind::Close => depth -= 1,
                _ => {}
            }
        }
        // The clause before: back to the previous boolean operator or an opener at depth 0.
        let mut depth = 0i32;
        let mut start = 0;
        for j in (0..k).rev() {
            let t = &tokens[j];
            match t.kind {
                TokenKind::Close => depth += 1,
                TokenKind::Open if depth > 0 => depth -= 1,
                _ => {}
            }
            let opener = t.kind == TokenKind::Open && depth == 0;
            let keyword = matches!(t.text, "if" | "while" | "return" | "elif" | "=" | "not");
            if depth == 0 && (is_bool(t) || opener || (keyword && j + 1 < k)) {
                start = j + 1;
                break;
            }
        }
        if end <= k + 1 || start >= k {
            continue;
        }
        let (Some(last), Some(first)) = (tokens.get(end - 1), tokens.get(start)) else {
            continue;
        };
        // Keep the left clause: drop ` op right`.
        if let Some(new_text) = splice(text, tokens[k - 1].end, last.end, "") {
            edits.push(LineEdit {
                description: format!(
                    "drop `{} {}`",
                    op.text,
                    text.get(tokens[k + 1].start..last.end).unwrap_or("")
                ),
                new_text,
                operator: MutationOperator::DropClause,
            });
        }
        // Keep the right clause: drop `left op `.
        if let Some(new_text) = splice(text, first.start, tokens[k + 1].start, "") {
            edits.push(LineEdit {
                description: format!(
                    "drop `{} {}`",
                    text.get(first.start..tokens[k - 1].end).unwrap_or(""),
                    op.text
                ),
                new_text,
                operator: MutationOperator::DropClause,
            });
        }
    }
    edits
}

/// String and char literals: empty ↔ one space, a bracket or comparison character for its
/// partner, one field separator for another (`;` → `,`, `,` → `, `), the first letter's case,
/// the last character dropped, a run of one character collapsed to one.
pub(super) fn literal_edits(text: &str, tokens: &[Token<'_>]) -> Vec<LineEdit> {
    let mut edits = Vec::new();
    for t in tokens.iter().filter(|t| t.kind == TokenKind::Literal) {
        let Some(quote) = t.text.chars().next().filter(|c| matches!(c, '\'' | '"')) else {
            continue;
        };
        if !t.text.ends_with(quote) || t.text.len() < 2 {
            continue;
        }
        let inner = &t.text[1..t.text.len() - 1];
        let raw = text.get(..t.start).is_some_and(|before| {
            before.ends_with('r') && !before[..before.len() - 1].ends_with(char::is_alphanumeric)
        });
        // `re.` as a name (`re.split`), not the end of a word (`score.`).
        let names_re = text.match_indices("re.").any(|(i, _)| {
            text[..i]
                .chars()
                .next_back()
                .is_none_or(|c| !(c.is_alphanumeric() || c == '_'))
        });
        let pattern = raw || names_re || text.contains("Regex");
        let variants = literal_variants(inner)
            .into_iter()
            .chain(width_padding_variants(inner))
            .chain(
                pattern
                    .then(|| quantifier_variants(inner))
                    .into_iter()
                    .flatten(),
            )
            .map(|v| (v, MutationOperator::LiteralEdit))
            .chain(
                separator_variants(inner)
                    .into_iter()
                    .map(|v| (v, MutationOperator::SeparatorSwap)),
            );
        for (v, operator) in variants {
            let literal = format!("{quote}{v}{quote}");
            if let Some(new_text) = splice(text, t.start, t.end, &literal) {
                edits.push(LineEdit {
                    new_text,
                    operator,
                    description: format!("`{}` → `{literal}`", t.text),
                });
            }
        }
    }
    edits
}

/// A field width padded with zeros rather than spaces, or the other way: `"{:2}"` →
/// `"{:02}"` (minutes and seconds are written `5:07`, not `5: 7`; probe42-rust-15), the same
/// for Python's `"{x:2d}"` and `"%2d"`. Only widths without an alignment, where a `0` is the
/// fill and not a width digit.
fn width_padding_variants(inner: &str) -> Vec<String> {
    static BRACED: LazyLock<Option<Regex>> =
        LazyLock::new(|| Regex::new(r"\{[A-Za-z_0-9.]*:(?<zero>0?)[1-9][0-9]*[a-zA-Z]?\}").ok());
    static PERCENT: LazyLock<Option<Regex>> =
        LazyLock::new(|| Regex::new(r"%(?<zero>0?)[1-9][0-9]*[diuxX]").ok());
    let mut variants = Vec::new();
    for re in [&*BRACED, &*PERCENT].into_iter().flatten() {
        for zero in re.captures_iter(inner).filter_map(|c| c.name("zero")) {
            let replacement = if zero.is_empty() { "0" } else { "" };
            variants.push(format!(
                "{}{replacement}{}",
                &inner[..zero.start()],
                &inner[zero.end()..]
            ));
        }
    }
    variants
}

/// A regular expression's class repeated where it matched one character: `r"(\d)"` →
/// `r"(\d+)"` splits `"file10"` into `file`, `10` rather than `1`, `0` (probe42-python-21);
/// and a repetition loosened or tightened, `+` ↔ `*`, or dropped. Only for a literal that is a
/// pattern: raw, or on a line that names `re.` or `Regex`.
fn quantifier_variants(inner: &str) -> Vec<String> {
    static ATOM: LazyLock<Option<Regex>> =
        LazyLock::new(|| Regex::new(r"\\{1,2}[dwsDWS]|\[[^\]]+\]").ok());
    let Some(atom) = ATOM.as_ref() else {
        return Vec::new();
    };
    let mut variants = Vec::new();
    for m in atom.find_iter(inner) {
        let (head, tail) = inner.split_at(m.end());
        match tail.chars().next() {
            Some('+') => {
                variants.push(format!("{head}*{}", &tail[1..]));
                variants.push(format!("{head}{}", &tail[1..]));
            }
            Some('*') => variants.push(format!("{head}+{}", &tail[1..])),
            Some('?' | '{') => {}
            _ => variants.push(format!("{head}+{tail}")),
        }
    }
    variants
}

/// A field separator for another: `split(";")` where the data is comma-separated, `","` for
/// `", "` (never the text itself).
fn separator_variants(inner: &str) -> Vec<String> {
    const SEPARATORS: [&str; 8] = [",", ";", ":", "|", " ", "-", "/", "\\t"];
    if !SEPARATORS.contains(&inner) {
        return Vec::new();
    }
    let mut variants: Vec<String> = SEPARATORS
        .iter()
        .filter(|s| **s != inner)
        .map(|s| s.to_string())
        .collect();
    if inner != " " {
        variants.push(format!("{inner} "));
    }
    variants
}

/// The edits of one literal's inner text [`literal_edits`] tries (never the text itself).
pub(super) fn literal_variants(inner: &str) -> Vec<String> {
    const PAIRS: [(&str, &str); 8] = [
        ("<", ">"),
        ("(", "["),
        (")", "]"),
        (".", ","),
        ("0", "1"),
        ("+", "-"),
        ("a", "A"),
        ("_", "-"),
    ];
    let mut variants: Vec<String> = Vec::new();
    match inner {
        "" => variants.push(" ".into()),
        " " => variants.push(String::new()),
        _ => {}
    }
    for (a, b) in PAIRS {
        if inner == a {
            variants.push(b.to_string());
        } else if inner == b {
            variants.push(a.to_string());
        }
    }
    if inner.chars().count() >= 2 && inner.chars().count() <= 12 {
        let mut chars: Vec<char> = inner.chars().collect();
        chars.pop();
        variants.push(chars.into_iter().collect());
        let mut first = inner.chars();
        if let Some(c) = first.next().filter(|c| c.is_alphabetic()) {
            let flipped: String = if c.is_uppercase() {
                c.to_lowercase().collect()
            } else {
                c.to_uppercase().collect()
            };
            variants.push(format!("{flipped}{}", first.as_str()));
        }
    }
    variants.extend(letter_set_with_capitals(inner));
    // `"---"` → `"-"`: a run of one character collapsed (one dropped is tried above).
    let mut run = inner.chars();
    if let Some(first) = run.next()
        && inner.chars().count() >= 3
        && run.all(|c| c == first)
    {
        variants.push(first.to_string());
    }
    variants.retain(|v| v != inner);
    variants
}

/// `"aeiou"` → `"aeiouAEIOU"`: a set of letters (five or more lower-case letters, none
/// repeated, so not a word like `"hello"`) that should match either case.
pub(super) fn letter_set_with_capitals(inner: &str) -> Option<String> {
    let letters: Vec<char> = inner.chars().collect();
    let is_set = letters.len() >= 5
        && letters.iter().all(char::is_ascii_lowercase)
        && letters
            .iter()
            .enumerate()
            .all(|(i, c)| !letters[..i].contains(c));
    is_set.then(|| format!("{inner}{}", inner.to_ascii_uppercase()))
}

/// A sort that parts a value from its partner: `zip(sorted(values), weights)` pairs the
/// smallest value with the first weight, whatever its own was; sorting the pairs keeps each
/// value with its weight, `sorted(zip(values, weights))` (probe35-python-20). With the sort
/// on the second list, the pairs are sorted by their second item.
pub(super) fn zipped_sort_edits(text: &str) -> Vec<LineEdit> {
    static FIRST: LazyLock<Option<Regex>> =
        LazyLock::new(|| Regex::new(r"\bzip\(\s*sorted\(([^(),]+)\)\s*,\s*([^(),]+?)\s*\)").ok());
    static SECOND: LazyLock<Option<Regex>> =
        LazyLock::new(|| Regex::new(r"\bzip\(\s*([^(),]+?)\s*,\s*sorted\(([^(),]+)\)\s*\)").ok());
    let mut edits = Vec::new();
    let mut push = |re: &Option<Regex>, key: &str| {
        let Some(re) = re.as_ref() else {
            return;
        };
        for c in re.captures_iter(text) {
            let (Some(whole), Some(a), Some(b)) = (c.get(0), c.get(1), c.get(2)) else {
                continue;
            };
            let sorted = format!("sorted(zip({}, {}){key})", a.as_str(), b.as_str());
            if let Some(new_text) = splice(text, whole.start(), whole.end(), &sorted) {
                edits.push(LineEdit {
                    new_text,
                    operator: MutationOperator::SiblingCall,
                    description: format!("the pairs sorted, not one list: `{sorted}`"),
                });
            }
        }
    };
    push(&FIRST, "");
    push(&SECOND, ", key=lambda pair: pair[1]");
    edits
}

/// The order of a sort turned round: Python's `sorted(xs)` → `sorted(xs, reverse=True)` and
/// `xs.sort()` → `xs.sort(reverse=True)`; Rust's `xs.sort()` → `xs.sort_by(|a, b| b.cmp(a))`.
pub(super) fn sort_order_edits(
    text: &str,
    tokens: &[Token<'_>],
    language: Language,
) -> Vec<LineEdit> {
    let mut edits = Vec::new();
    for (k, t) in tokens.iter().enumerate() {
        let Some(open) = tokens
            .get(k + 1)
            .filter(|o| o.text == "(" && o.start == t.end)
        else {
            continue;
        };
        let method = k.checked_sub(1).is_some_and(|p| tokens[p].text == ".");
        let Some(close) = matching_close(tokens, k + 1) else {
            continue;
        };
        let empty = close == k + 2;
        let inside = &tokens[k + 2..close];
        let (start, end, replacement) = match (language, t.text) {
            (Language::Python, "sorted") if !method && !empty => {
                if inside.iter().any(|a| a.text == "reverse") {
                    continue;
                }
                let at = tokens[close].start;
                (at, at, ", reverse=True".to_string())
            }
            (Language::Python, "sort") if method && empty => {
                (open.end, open.end, "reverse=True".to_string())
            }
            (Language::Rust, "sort" | "sort_unstable") if method && empty => (
                t.start,
                tokens[close].end,
                "sort_by(|a, b| b.cmp(a))".to_string(),
            ),
            _ => continue,
        };
        if let Some(new_text) = splice(text, start, end, &replacement) {
            edits.push(LineEdit {
                description: format!("`{}` sorted the other way round", t.text),
                new_text,
                operator: MutationOperator::SiblingCall,
            });
        }
    }
    edits
}

/// Python: a sequence cut at a boundary. A returned operand sliced (`return [f(x) for x in
/// xs]` → `… [1:]`, `[:-1]`, `[::-1]`), and a parameter iterated over cut to another
/// parameter's length (`for e in arr` → `for e in arr[:k]`, `arr[k:]`).
pub(super) fn slice_edits(text: &str, tokens: &[Token<'_>], parameters: &[&str]) -> Vec<LineEdit> {
    let mut edits = Vec::new();
    let mut push = |at: usize, slice: &str, what: &str| {
        if let Some(new_text) = splice(text, at, at, slice) {
            edits.push(LineEdit {
                new_text,
                operator: MutationOperator::BoundaryShift,
                description: format!("{what} sliced `{slice}`"),
            });
        }
    };
    if tokens.first().is_some_and(|t| t.text == "return")
        && tokens.len() > 1
        && operand_end(tokens, 1, Language::Python) == Some(tokens.len())
        && tokens[1].kind != TokenKind::Number
        && tokens[1].kind != TokenKind::Literal
    {
        let end = tokens[tokens.len() - 1].end;
        for slice in ["[1:]", "[:-1]", "[::-1]"] {
            push(end, slice, "the returned value");
        }
    }
    for (k, t) in tokens.iter().enumerate() {
        let iterated = t.kind == TokenKind::Ident
            && parameters.contains(&t.text)
            && k >= 1
            && tokens[k - 1].text == "in"
            && tokens
                .get(k + 1)
                .is_none_or(|n| matches!(n.text, ":" | ")" | "]" | "if"));
        if !iterated {
            continue;
        }
        for p in parameters.iter().filter(|p| **p != t.text) {
            push(t.end, &format!("[:{p}]"), &format!("`{}`", t.text));
            push(t.end, &format!("[{p}:]"), &format!("`{}`", t.text));
        }
    }
    edits
}

/// Rust: a loop over a whole sequence that should stop at a count the function is given
/// (`for i in 0..arr.len()` → `for i in 0..(k as usize)`, `for x in arr.iter()` →
/// `arr.iter().take(k as usize)`), the `slice_edits` of Python's `arr` → `arr[:k]`.
pub(super) fn bound_by_parameter_edits(
    text: &str,
    tokens: &[Token<'_>],
    counts: &[(&str, &str)],
) -> Vec<LineEdit> {
    let mut edits = Vec::new();
    if counts.is_empty() || tokens.first().is_none_or(|t| t.text != "for") {
        return edits;
    }
    let as_usize = |(name, ty): &(&str, &str)| {
        if *ty == "usize" {
            (*name).to_string()
        } else {
            format!("({name} as usize)")
        }
    };
    for k in 1..tokens.len() {
        let texts: Vec<&str> = tokens[k..].iter().take(6).map(|t| t.text).collect();
        match texts.as_slice() {
            ["..", sequence, ".", "len", "(", ")"] => {
                for count in counts.iter().filter(|(name, _)| name != sequence) {
                    if let Some(new_text) = splice(
                        text,
                        tokens[k + 1].start,
                        tokens[k + 5].end,
                        &as_usize(count),
                    ) {
                        edits.push(LineEdit {
                            new_text,
                            operator: MutationOperator::BoundaryShift,
                            description: format!("`{sequence}.len()` → `{}`", count.0),
                        });
                    }
                }
            }
            [sequence, ".", "iter", "(", ")", ..] if tokens[k - 1].text == "in" => {
                for count in counts.iter().filter(|(name, _)| name != sequence) {
                    let take = format!(".take({})", as_usize(count).trim_matches(['(', ')']));
                    if let Some(new_text) =
                        splice(text, tokens[k + 4].end, tokens[k + 4].end, &take)
                    {
                        edits.push(LineEdit {
                            new_text,
                            operator: MutationOperator::BoundaryShift,
                            description: format!("`{sequence}` cut to its first `{}`", count.0),
                        });
                    }
                }
            }
            _ => {}
        }
    }
    edits
}

/// Does the `[` at `open` index what stands right before it (a name, a call, another index),
/// rather than open a list display?
fn opens_an_index(tokens: &[Token<'_>], open: usize) -> bool {
    let (Some(t), Some(before)) = (
        tokens.get(open),
        open.checked_sub(1).and_then(|p| tokens.get(p)),
    ) else {
        return false;
    };
    t.text == "["
        && (before.kind == TokenKind::Ident || matches!(before.text, ")" | "]"))
        && before.end == t.start
}

/// A grid read the other way round: `m[c][r]` → `m[r][c]` (two indexes exchanged).
pub(super) fn index_order_edits(text: &str, tokens: &[Token<'_>]) -> Vec<LineEdit> {
    let mut edits = Vec::new();
    for (open, t) in tokens.iter().enumerate() {
        if !opens_an_index(tokens, open) {
            continue;
        }
        let Some(close) = matching_close(tokens, open) else {
            continue;
        };
        let Some(second_open) = tokens.get(close + 1).filter(|n| n.text == "[") else {
            continue;
        };
        if second_open.start != tokens[close].end {
            continue;
        }
        let Some(second_close) = matching_close(tokens, close + 1) else {
            continue;
        };
        let (Some(a), Some(b)) = (
            text.get(t.end..tokens[close].start),
            text.get(second_open.end..tokens[second_close].start),
        ) else {
            continue;
        };
        let slicing = |s: &str| s.contains(':') || s.contains("..");
        if a.trim().is_empty() || b.trim().is_empty() || slicing(a) || slicing(b) {
            continue;
        }
        // One computed index written twice (`m[n - 1 - i][n - 1 - i]` for the anti-diagonal's
        // `m[i][n - 1 - i]`): either copy may be meant as a name the index is computed from.
        if a == b {
            let inner = &tokens[open + 1..close];
            if inner.iter().any(|t| t.kind == TokenKind::Operator) {
                let mut names: Vec<&str> = Vec::new();
                for t in inner.iter().filter(|t| t.kind == TokenKind::Ident) {
                    if !names.contains(&t.text) {
                        names.push(t.text);
                    }
                }
                for name in names {
                    for (start, end) in [
                        (t.end, tokens[close].start),
                        (second_open.end, tokens[second_close].start),
                    ] {
                        if let Some(new_text) = splice(text, start, end, name) {
                            edits.push(LineEdit {
                                new_text,
                                operator: MutationOperator::SwapIdentifier,
                                description: format!("one `[{a}]` of `[{a}][{a}]` → `[{name}]`"),
                            });
                        }
                    }
                }
            }
            continue;
        }
        let swapped = format!("{b}][{a}");
        if let Some(new_text) = splice(text, t.end, tokens[second_close].start, &swapped) {
            edits.push(LineEdit {
                new_text,
                operator: MutationOperator::ExchangeIndexes,
                description: format!("`[{a}][{b}]` → `[{b}][{a}]`"),
            });
        }
    }
    edits
}

/// A slice kept from the wrong side of its cut: Python's `name[dot:]` ↔ `name[:dot]`, Rust's
/// `&s[k..]` ↔ `&s[..k]`.
pub(super) fn slice_side_edits(
    text: &str,
    tokens: &[Token<'_>],
    language: Language,
) -> Vec<LineEdit> {
    let cut = match language {
        Language::Python => ":",
        Language::Rust => "..",
    };
    let mut edits = Vec::new();
    for (open, t) in tokens.iter().enumerate() {
        // An index follows a name, a call or another index, never an operator or `(`.
        if !opens_an_index(tokens, open) {
            continue;
        }
        let Some(close) = matching_close(tokens, open) else {
            continue;
        };
        let inner = &tokens[open + 1..close];
        let mut depth = 0usize;
        let mut cuts = Vec::new();
        for (k, token) in inner.iter().enumerate() {
            match token.kind {
                TokenKind::Open => depth += 1,
                TokenKind::Close => depth = depth.saturating_sub(1),
                _ if depth == 0 && matches!(token.text, ":" | "::" | ".." | "..=") => cuts.push(k),
                _ => {}
            }
        }
        if cuts.len() != 1 || inner[cuts[0]].text != cut || inner.len() < 2 {
            continue;
        }
        let bound = if cuts[0] == 0 {
            &text[inner[1].start..inner[inner.len() - 1].end]
        } else if cuts[0] == inner.len() - 1 {
            &text[inner[0].start..inner[inner.len() - 2].end]
        } else {
            continue;
        };
        let moved = if cuts[0] == 0 {
            format!("{bound}{cut}")
        } else {
            format!("{cut}{bound}")
        };
        if let Some(new_text) = splice(text, t.end, tokens[close].start, &moved) {
            edits.push(LineEdit {
                new_text,
                operator: MutationOperator::SliceSide,
                description: format!("the slice kept on the other side of `{bound}`"),
            });
        }
    }
    edits
}

/// Two methods called on one line trade places: `if c.is_lowercase() { c.to_lowercase() }
/// else { c.to_uppercase() }` with the branches' conversions the wrong way round.
pub(super) fn exchange_method_edits(text: &str, tokens: &[Token<'_>]) -> Vec<LineEdit> {
    let methods: Vec<usize> = (1..tokens.len())
        .filter(|&k| {
            tokens[k].kind == TokenKind::Ident
                && tokens[k - 1].text == "."
                && tokens
                    .get(k + 1)
                    .is_some_and(|n| n.text == "(" && n.start == tokens[k].end)
        })
        .collect();
    // Calls with no arguments only: exchanging `iter()` and `any(f)` is never a fix.
    let methods: Vec<usize> = methods
        .into_iter()
        .filter(|&k| tokens.get(k + 2).is_some_and(|c| c.text == ")"))
        .collect();
    let mut edits = Vec::new();
    for (i, &a) in methods.iter().enumerate() {
        for &b in &methods[i + 1..] {
            let (x, y) = (tokens[a].text, tokens[b].text);
            // Links of one chain (`.trim().len()`) are not alternatives to each other.
            let chained = b == a + 4;
            if x == y || chained {
                continue;
            }
            let new_text = format!(
                "{}{y}{}{x}{}",
                &text[..tokens[a].start],
                &text[tokens[a].end..tokens[b].start],
                &text[tokens[b].end..]
            );
            edits.push(LineEdit {
                new_text,
                operator: MutationOperator::SwapOperands,
                description: format!("`.{x}(` and `.{y}(` exchanged"),
            });
        }
    }
    edits
}

/// `text` with the tokens `a` and `b` (in that order on the line) exchanged.
fn exchanged(text: &str, a: &Token<'_>, b: &Token<'_>) -> Option<String> {
    Some(format!(
        "{}{}{}{}{}",
        text.get(..a.start)?,
        b.text,
        text.get(a.end..b.start)?,
        a.text,
        text.get(b.end..)?
    ))
}

/// A two-parameter closure with its parameters the other way round: `sort_by(|a, b|
/// a.score.cmp(&b.score))` → `|b, a|`, the comparator reversed without touching its body.
/// Python's `lambda a, b:` the same way.
pub(super) fn comparator_parameters_swapped(text: &str, tokens: &[Token<'_>]) -> Option<LineEdit> {
    let at = tokens.windows(5).position(|w| {
        let opens = matches!((w[0].text, w[4].text), ("|", "|") | ("lambda", ":"));
        opens
            && w[1].kind == TokenKind::Ident
            && w[2].kind == TokenKind::Comma
            && w[3].kind == TokenKind::Ident
            && w[1].text != w[3].text
    })?;
    let (a, b) = (&tokens[at + 1], &tokens[at + 3]);
    Some(LineEdit {
        new_text: exchanged(text, a, b)?,
        operator: MutationOperator::ReverseComparator,
        description: format!(
            "the closure's `{}` and `{}` the other way round",
            a.text, b.text
        ),
    })
}

/// Names bound in the wrong order: Python's `day, month, year = …` → `month, day, year = …`,
/// Rust's `let (a, b) = …` → `let (b, a) = …` (neighbours exchanged).
pub(super) fn tuple_target_edits(
    text: &str,
    tokens: &[Token<'_>],
    language: Language,
) -> Vec<LineEdit> {
    let (first, end) = match language {
        Language::Python => {
            let Some(eq) = tokens.iter().position(|t| t.text == "=") else {
                return Vec::new();
            };
            (0, eq)
        }
        Language::Rust => {
            if tokens.first().map(|t| t.text) != Some("let")
                || tokens.get(1).map(|t| t.text) != Some("(")
            {
                return Vec::new();
            }
            let Some(close) = matching_close(tokens, 1) else {
                return Vec::new();
            };
            (2, close)
        }
    };
    // Each element: an identifier, optionally after `mut`; separated by commas.
    let mut names: Vec<usize> = Vec::new();
    let mut k = first;
    while k < end {
        if tokens[k].text == "mut" {
            k += 1;
        }
        match tokens.get(k) {
            Some(t) if t.kind == TokenKind::Ident && !is_keyword(t.text, language) => names.push(k),
            _ => return Vec::new(),
        }
        k += 1;
        if k < end && tokens[k].kind != TokenKind::Comma {
            return Vec::new();
        }
        k += 1;
    }
    let mut edits = Vec::new();
    for pair in names.windows(2) {
        let (a, b) = (&tokens[pair[0]], &tokens[pair[1]]);
        if a.text == b.text {
            continue;
        }
        let Some(new_text) = exchanged(text, a, b) else {
            continue;
        };
        edits.push(LineEdit {
            new_text,
            operator: MutationOperator::SwapArguments,
            description: format!("`{}` and `{}` bound the other way round", a.text, b.text),
        });
    }
    edits
}

/// A membership or affix test asked the wrong way round: `s.contains(&**x)` →
/// `x.contains(&s)`, Python's `a.startswith(b)` → `b.startswith(a)`.
pub(super) fn receiver_argument_edits(
    text: &str,
    tokens: &[Token<'_>],
    language: Language,
) -> Vec<LineEdit> {
    const METHODS: &[&str] = &[
        "contains",
        "starts_with",
        "ends_with",
        "startswith",
        "endswith",
        "find",
        "count",
    ];
    let mut edits = Vec::new();
    for k in 2..tokens.len() {
        let (receiver, dot, method) = (&tokens[k - 2], &tokens[k - 1], &tokens[k]);
        let simple_receiver = receiver.kind == TokenKind::Ident
            && !is_keyword(receiver.text, language)
            && (k < 3 || !matches!(tokens[k - 3].text, "." | "::"));
        if !simple_receiver || dot.text != "." || !METHODS.contains(&method.text) {
            continue;
        }
        let Some(close) = tokens
            .get(k + 1)
            .filter(|t| t.text == "(")
            .and_then(|_| matching_close(tokens, k + 1))
        else {
            continue;
        };
        let inside = &tokens[k + 2..close];
        if inside.is_empty() || inside.iter().any(|t| t.kind == TokenKind::Comma) {
            continue;
        }
        let argument = &text[inside[0].start..inside[inside.len() - 1].end];
        let core = argument.trim_start_matches(['&', '*']);
        if core.is_empty() || core == receiver.text {
            continue;
        }
        let skip = inside
            .iter()
            .take_while(|t| matches!(t.text, "&" | "*" | "**" | "&&"))
            .count();
        if operand_end(inside, skip, language) != Some(inside.len()) {
            continue;
        }
        let new_argument = match language {
            Language::Rust => format!("&{}", receiver.text),
            Language::Python => receiver.text.to_string(),
        };
        edits.push(LineEdit {
            new_text: format!(
                "{}{core}.{}({new_argument}){}",
                &text[..receiver.start],
                method.text,
                &text[tokens[close].end..]
            ),
            operator: MutationOperator::SwapOperands,
            description: format!("`{}` asked of `{core}` instead", method.text),
        });
    }
    edits
}

/// One-token arguments (`f(a, b)`'s `a` and `b`) take each other's place across the line: a
/// wrong variable or literal passed to a call, where the right one is passed nearby.
pub(super) fn replace_argument_edits(
    text: &str,
    tokens: &[Token<'_>],
    language: Language,
) -> Vec<LineEdit> {
    // A name, a literal or a number: a value that can stand in another's place.
    let is_value = |t: &Token<'_>| match t.kind {
        TokenKind::Ident => !is_keyword(t.text, language),
        TokenKind::Literal | TokenKind::Number => true,
        _ => false,
    };
    let arguments: Vec<&Token<'_>> = (1..tokens.len().saturating_sub(1))
        .filter(|&i| {
            is_value(&tokens[i])
                && matches!(tokens[i - 1].text, "(" | ",")
                && matches!(tokens[i + 1].text, ")" | ",")
        })
        .map(|i| &tokens[i])
        .collect();
    // Rust's casts read like calls of their type: `ch as i32` beside `'a' as i32` is
    // `ord(ch)` beside `ord("a")`. Each value with its group: only its group's values replace it.
    let mut values: Vec<(&Token<'_>, Option<&str>)> = Vec::new();
    if language == Language::Rust {
        values.extend(
            (0..tokens.len().saturating_sub(2))
                .filter(|&i| {
                    is_value(&tokens[i])
                        && tokens[i + 1].text == "as"
                        && (i == 0 || !matches!(tokens[i - 1].text, "." | "::" | "as"))
                })
                .map(|i| (&tokens[i], Some(tokens[i + 2].text))),
        );
    }
    values.extend(arguments.into_iter().map(|t| (t, None)));
    let mut edits = Vec::new();
    for (a, group) in &values {
        let mut seen: Vec<&str> = Vec::new();
        for (b, other) in &values {
            if b.text == a.text || other != group || seen.contains(&b.text) {
                continue;
            }
            seen.push(b.text);
            if let Some(new_text) = splice(text, a.start, a.end, b.text) {
                let description = match group {
                    Some(to) => format!("`{} as {to}` → `{} as {to}`", a.text, b.text),
                    None => format!("`{}` → `{}`", a.text, b.text),
                };
                edits.push(LineEdit {
                    new_text,
                    operator: MutationOperator::ReplaceArgument,
                    description,
                });
            }
        }
    }
    edits
}

/// A bounds guard that makes its test false where the test should hold: `i > 0 &&
/// bytes[i - 1] != b'!'` says "not after a `!`", but at the start there is no character before,
/// so nothing precedes it and the test should pass: `i == 0 || bytes[i - 1] != b'!'`
/// (probe42-rust-09). The other way round too. Only where the guarded side reads the element
/// before (`[i - 1]`), which is what the guard protects; Python's `and`/`or` the same.
pub(super) fn guard_polarity_edits(text: &str, language: Language) -> Vec<LineEdit> {
    static RUST: LazyLock<Option<Regex>> = LazyLock::new(|| {
        Regex::new(r"\b(?<name>[A-Za-z_]\w*) (?<guard>> 0|>= 1|!= 0|== 0) (?<join>&&|\|\|) ").ok()
    });
    static PYTHON: LazyLock<Option<Regex>> = LazyLock::new(|| {
        Regex::new(r"\b(?<name>[A-Za-z_]\w*) (?<guard>> 0|>= 1|!= 0|== 0) (?<join>and|or) ").ok()
    });
    let re = match language {
        Language::Rust => &*RUST,
        Language::Python => &*PYTHON,
    };
    let Some(re) = re.as_ref() else {
        return Vec::new();
    };
    let (and, or) = match language {
        Language::Rust => ("&&", "||"),
        Language::Python => ("and", "or"),
    };
    let mut edits = Vec::new();
    for c in re.captures_iter(text) {
        let (Some(whole), Some(name), Some(guard), Some(join)) =
            (c.get(0), c.name("name"), c.name("guard"), c.name("join"))
        else {
            continue;
        };
        let guards_start = guard.as_str() != "== 0";
        let (new_guard, new_join) = match (guards_start, join.as_str() == and) {
            (true, true) => ("== 0", or),
            (false, false) => ("> 0", and),
            _ => continue,
        };
        let rest = &text[whole.end()..];
        let before = format!("[{} - 1]", name.as_str());
        if !rest.contains(&before) {
            continue;
        }
        let replacement = format!("{} {new_guard} {new_join} ", name.as_str());
        if let Some(new_text) = splice(text, whole.start(), whole.end(), &replacement) {
            edits.push(LineEdit {
                new_text,
                operator: MutationOperator::BooleanOperatorFlip,
                description: format!(
                    "`{}` → `{}`",
                    whole.as_str().trim_end(),
                    replacement.trim_end()
                ),
            });
        }
    }
    edits
}

/// A test said the wrong way round. Python's membership and identity tests flipped (`x in
/// seen` ↔ `x not in seen`, `is` ↔ `is not`; comparisons in Python's grammar, so
/// `ComparisonFlip`), and a condition negated or not (`if not done:` ↔ `if done:`, `if
/// !seen.contains(&x)` ↔ `if seen.contains(&x)`; `NegateCondition`). A condition is negated
/// only when it is one term, so the `not`/`!` binds to all of it.
pub(super) fn negation_edits(
    text: &str,
    tokens: &[Token<'_>],
    language: Language,
) -> Vec<LineEdit> {
    let mut edits = Vec::new();
    let mut push = |start: usize, end: usize, new: &str, operator, description: String| {
        if let Some(new_text) = splice(text, start, end, new) {
            edits.push(LineEdit {
                new_text,
                operator,
                description,
            });
        }
    };
    if language == Language::Python {
        for (k, t) in tokens.iter().enumerate() {
            let previous = k.checked_sub(1).and_then(|p| tokens.get(p));
            let next = tokens.get(k + 1);
            match t.text {
                // `for x in xs` iterates: only an `in` after the last `for`'s `if` (or with no
                // `for` before it) tests membership.
                "in" if previous.is_some_and(|p| p.text != "not") => {
                    let last_for = tokens[..k].iter().rposition(|p| p.text == "for");
                    let tested =
                        last_for.is_none_or(|f| tokens[f..k].iter().any(|p| p.text == "if"));
                    if tested && previous.is_some_and(|p| ends_operand(Some(p), language)) {
                        push(
                            t.start,
                            t.end,
                            "not in",
                            MutationOperator::ComparisonFlip,
                            "`in` → `not in`".into(),
                        );
                    }
                }
                "not" if next.is_some_and(|n| n.text == "in") => {
                    if let Some(n) = next {
                        push(
                            t.start,
                            n.end,
                            "in",
                            MutationOperator::ComparisonFlip,
                            "`not in` → `in`".into(),
                        );
                    }
                }
                "is" => {
                    if let Some(n) = next.filter(|n| n.text == "not") {
                        push(
                            t.start,
                            n.end,
                            "is",
                            MutationOperator::ComparisonFlip,
                            "`is not` → `is`".into(),
                        );
                    } else {
                        push(
                            t.start,
                            t.end,
                            "is not",
                            MutationOperator::ComparisonFlip,
                            "`is` → `is not`".into(),
                        );
                    }
                }
                _ => {}
            }
        }
    }
    // A condition of one term: `if`/`elif`/`while` up to the `:` or `{` ending the header.
    let Some(head) = tokens
        .first()
        .filter(|t| matches!(t.text, "if" | "elif" | "while"))
    else {
        return edits;
    };
    if tokens.get(1).is_some_and(|t| t.text == "let") {
        return edits;
    }
    let Some(last) = tokens.last() else {
        return edits;
    };
    let ends_header = match language {
        Language::Python => last.text == ":",
        Language::Rust => last.text == "{",
    };
    if !ends_header || tokens.len() < 3 {
        return edits;
    }
    let condition = &tokens[1..tokens.len() - 1];
    let (not, start) = match (language, condition.first()) {
        (Language::Python, Some(first)) if first.text == "not" => (true, 2),
        (Language::Rust, Some(first)) if first.text == "!" => (true, 2),
        _ => (false, 1),
    };
    // One operand from `start` to the header's end, nothing else.
    if operand_end(tokens, start, language) != Some(tokens.len() - 1) {
        return edits;
    }
    let (Some(first), Some(operand)) = (tokens.get(1), tokens.get(start)) else {
        return edits;
    };
    if not {
        push(
            first.start,
            operand.start,
            "",
            MutationOperator::NegateCondition,
            format!("`{}` condition no longer negated", head.text),
        );
    } else {
        let marker = match language {
            Language::Python => "not ",
            Language::Rust => "!",
        };
        push(
            operand.start,
            operand.start,
            marker,
            MutationOperator::NegateCondition,
            format!("`{}` condition negated", head.text),
        );
    }
    edits
}

/// Operators that bind tighter than `+` and `-`.
const TIGHTER: [&str; 4] = ["/", "*", "%", "//"];

/// `a + b / 2` → `(a + b) / 2`: a sum or difference that a tighter operator (`/`, `*`, `%`)
/// was meant to divide as a whole, the classic missing parentheses of an average
/// (`v[n / 2 - 1] + v[n / 2] / 2.0`).
pub(super) fn precedence_wrap_edits(
    text: &str,
    tokens: &[Token<'_>],
    language: Language,
) -> Vec<LineEdit> {
    let mut edits = Vec::new();
    for (k, op) in tokens.iter().enumerate() {
        if !TIGHTER.contains(&op.text) || k == 0 || !ends_operand(tokens.get(k - 1), language) {
            continue;
        }
        let Some(left) = operand_start(tokens, k - 1, language) else {
            continue;
        };
        // Walk left over the sum at this depth: `x + y - left`.
        let mut first = left;
        let mut summed = false;
        while let Some(before) = first.checked_sub(1).and_then(|p| tokens.get(p)) {
            if !matches!(before.text, "+" | "-")
                || !ends_operand(tokens.get(first.wrapping_sub(2)), language)
            {
                break;
            }
            let Some(start) = first
                .checked_sub(2)
                .and_then(|p| operand_start(tokens, p, language))
            else {
                break;
            };
            summed = true;
            first = start;
        }
        // A sum that is itself the right side of a tighter operator (`a * b + c / d`) is left
        // alone: the parentheses would cross it.
        let crossed = first
            .checked_sub(1)
            .and_then(|p| tokens.get(p))
            .is_some_and(|t| TIGHTER.contains(&t.text) || matches!(t.text, "**" | "." | "-"));
        let (Some(open_at), Some(close_at)) = (tokens.get(first), tokens.get(k - 1)) else {
            continue;
        };
        if !summed || crossed {
            continue;
        }
        let new_text = format!(
            "{}({}){}",
            &text[..open_at.start],
            &text[open_at.start..close_at.end],
            &text[close_at.end..]
        );
        edits.push(LineEdit {
            description: format!(
                "`({})` taken as a whole by `{}`",
                &text[open_at.start..close_at.end],
                op.text
            ),
            new_text,
            operator: MutationOperator::WrapOperands,
        });
    }
    edits
}

/// A Rust match arm's alternatives (`'a' | 'e' | … | 'y' =>`) with one too many: each is
/// offered dropped (the letters a description counts, without the one it excludes).
pub(super) fn match_alternative_edits(text: &str, tokens: &[Token<'_>]) -> Vec<LineEdit> {
    let Some(arrow) = tokens.iter().position(|t| t.text == "=>") else {
        return Vec::new();
    };
    // Alternatives at depth 0 before the arrow, between `|` tokens; a closure's `|a, b|` has
    // commas and never reaches here with a `=>` after it at depth 0.
    let mut depth = 0i32;
    let mut bars: Vec<usize> = Vec::new();
    for (k, t) in tokens[..arrow].iter().enumerate() {
        match t.kind {
            TokenKind::Open => depth += 1,
            TokenKind::Close => depth -= 1,
            TokenKind::Comma if depth == 0 => return Vec::new(),
            _ => {}
        }
        if depth == 0 && t.text == "|" {
            bars.push(k);
        }
    }
    if bars.is_empty() || tokens.first().is_some_and(|t| t.text == "|") {
        return Vec::new();
    }
    let mut edits = Vec::new();
    // Alternative `i` spans from after bar i-1 (or the line's first token) to before bar i
    // (or the arrow); dropping it takes the bar on one side with it.
    let mut bounds: Vec<(usize, usize)> = Vec::new();
    let mut from = 0;
    for &bar in bars.iter().chain(std::iter::once(&arrow)) {
        if bar == 0 {
            return Vec::new();
        }
        bounds.push((from, bar - 1));
        from = bar + 1;
    }
    for (i, &(a, b)) in bounds.iter().enumerate() {
        let (Some(first), Some(last)) = (tokens.get(a), tokens.get(b)) else {
            continue;
        };
        let (cut_from, cut_to) = if i + 1 < bounds.len() {
            // Up to the next alternative's first token.
            match tokens.get(bounds[i + 1].0) {
                Some(next) => (first.start, next.start),
                None => continue,
            }
        } else {
            // The last one: from the end of the previous alternative.
            match tokens.get(bounds[i - 1].1) {
                Some(prev) => (prev.end, last.end),
                None => continue,
            }
        };
        edits.push(LineEdit {
            new_text: format!("{}{}", &text[..cut_from], &text[cut_to..]),
            operator: MutationOperator::DropTerm,
            description: format!("alternative `{}` dropped", &text[first.start..last.end]),
        });
    }
    edits
}

/// An extreme taken over an element where the element counts from its own index: `max(far,
/// nums[i])` → `max(far, i + nums[i])`, a jump length read as the position it reaches
/// (probe37-rust-27). Only a whole argument of `max`/`min` indexed by a plain name.
pub(super) fn index_relative_edits(text: &str, tokens: &[Token<'_>]) -> Vec<LineEdit> {
    let mut edits = Vec::new();
    let mut in_extreme = 0usize;
    let mut depth = 0usize;
    for (k, t) in tokens.iter().enumerate() {
        match t.kind {
            TokenKind::Open => depth += 1,
            TokenKind::Close => {
                depth = depth.saturating_sub(1);
                if depth < in_extreme {
                    in_extreme = 0;
                }
            }
            _ => {}
        }
        if matches!(t.text, "max" | "min")
            && tokens.get(k + 1).is_some_and(|n| n.text == "(")
            && in_extreme == 0
        {
            in_extreme = depth + 1;
            continue;
        }
        let (Some(open), Some(index), Some(close)) =
            (tokens.get(k + 1), tokens.get(k + 2), tokens.get(k + 3))
        else {
            continue;
        };
        let before = k.checked_sub(1).and_then(|p| tokens.get(p)).map(|p| p.text);
        let after = tokens.get(k + 4).map(|a| a.text);
        let whole_argument = in_extreme > 0
            && depth == in_extreme
            && matches!(before, Some("(" | ","))
            && matches!(after, Some(")" | ","));
        if whole_argument
            && t.kind == TokenKind::Ident
            && open.text == "["
            && index.kind == TokenKind::Ident
            && close.text == "]"
            && let Some(new_text) = splice(
                text,
                t.start,
                close.end,
                &format!("{} + {}", index.text, &text[t.start..close.end]),
            )
        {
            edits.push(LineEdit {
                new_text,
                operator: MutationOperator::AddOffset,
                description: format!(
                    "`{}` counted from index `{}`",
                    &text[t.start..close.end],
                    index.text
                ),
            });
        }
    }
    edits
}

/// Rust: the negated maximum of a signed type where its minimum is meant, one off in two's
/// complement: `-(i32::MAX as i64)` → `i32::MIN as i64`, `-i64::MAX` → `i64::MIN`
/// (probe37-rust-23, a clamp to the `i32` range).
pub(super) fn negated_max_edits(text: &str) -> Vec<LineEdit> {
    let mut edits = Vec::new();
    for ty in ["i8", "i16", "i32", "i64", "i128", "isize"] {
        let max = format!("{ty}::MAX");
        let min = format!("{ty}::MIN");
        // `-(i32::MAX as i64)` first, so its inner `i32::MAX` is not taken alone.
        let cast = format!("-({max} as ");
        if let Some(at) = text.find(&cast) {
            let rest = &text[at + cast.len()..];
            if let Some(close) = rest.find(')') {
                let target = &rest[..close];
                let new_text = format!("{}{min} as {target}{}", &text[..at], &rest[close + 1..]);
                edits.push(LineEdit {
                    new_text,
                    operator: MutationOperator::LiteralEdit,
                    description: format!("`-{max}` → `{min}`"),
                });
                continue;
            }
        }
        let bare = format!("-{max}");
        if text.contains(&bare) {
            edits.push(LineEdit {
                new_text: text.replacen(&bare, &min, 1),
                operator: MutationOperator::LiteralEdit,
                description: format!("`-{max}` → `{min}`"),
            });
        }
    }
    edits
}

/// A loop over a range run the wrong way: `for c in w..=capacity {` → `for c in
/// (w..=capacity).rev() {`, `for i in range(n):` → `for i in reversed(range(n)):`. A 0/1
/// knapsack updated in place must go down, or an item is counted twice (probe37-rust-13).
pub(super) fn reversed_range_edits(text: &str, language: Language) -> Vec<LineEdit> {
    let trimmed = text.trim_start();
    let pad = &text[..text.len() - trimmed.len()];
    let Some(rest) = trimmed.strip_prefix("for ") else {
        return Vec::new();
    };
    let Some(at) = rest.find(" in ") else {
        return Vec::new();
    };
    let (pattern, iterable) = (&rest[..at], rest[at + 4..].trim_end());
    let new_iterable = match language {
        Language::Rust => {
            let Some(range) = iterable.strip_suffix('{').map(str::trim_end) else {
                return Vec::new();
            };
            // A bare range only: an iterator chain has its own order to keep.
            if !range.contains("..") || range.starts_with('(') || range.contains(".rev()") {
                return Vec::new();
            }
            format!("({range}).rev() {{")
        }
        Language::Python => {
            let Some(range) = iterable.strip_suffix(':').map(str::trim_end) else {
                return Vec::new();
            };
            if !(range.starts_with("range(") && range.ends_with(')')) {
                return Vec::new();
            }
            format!("reversed({range}):")
        }
    };
    vec![LineEdit {
        new_text: format!("{pad}for {pattern} in {new_iterable}"),
        operator: MutationOperator::SiblingCall,
        description: "the range run backwards".into(),
    }]
}

/// Rust: an iterator collected in its order where its reverse was meant (`s.chars().collect()`
/// → `s.chars().rev().collect()`, a palindrome test comparing a string with itself).
pub(super) fn reverse_before_collect_edits(text: &str, tokens: &[Token<'_>]) -> Vec<LineEdit> {
    let mut edits = Vec::new();
    for w in tokens.windows(6) {
        let iterates = matches!(w[0].text, "chars" | "iter" | "bytes" | "into_iter")
            && w[1].text == "("
            && w[2].text == ")"
            && w[3].text == "."
            && w[4].text == "collect";
        if iterates && !text.contains(".rev()") {
            edits.push(LineEdit {
                new_text: format!("{}.rev(){}", &text[..w[2].end], &text[w[2].end..]),
                operator: MutationOperator::SiblingCall,
                description: format!("`.{}()` reversed before it is collected", w[0].text),
            });
        }
    }
    edits
}

/// Methods without arguments that return their receiver reshaped (trimmed, case-folded, made
/// absolute): one too many is an extra step (`text[:n].rstrip()` where the cut is kept as
/// it is).
const RESHAPING_METHODS: [&str; 16] = [
    "strip",
    "rstrip",
    "lstrip",
    "lower",
    "upper",
    "title",
    "capitalize",
    "casefold",
    "trim",
    "trim_start",
    "trim_end",
    "to_lowercase",
    "to_uppercase",
    "to_ascii_lowercase",
    "to_ascii_uppercase",
    "abs",
];

/// A reversal too many (`s.split(' ').rev()` where the words keep their order,
/// `reversed(xs)`, `xs[::-1]`), a reshaping method too many (`.rstrip()`, `.trim()`), or a
/// wrapper too many (`sorted(xs)`, `abs(x)`, `set(xs)` where repeats count): the value taken
/// as it is.
pub(super) fn dropped_reversal_edits(
    text: &str,
    tokens: &[Token<'_>],
    language: Language,
) -> Vec<LineEdit> {
    let mut edits = Vec::new();
    let mut push = |start: usize, end: usize, kept: &str, what: &str| {
        if let Some(new_text) = splice(text, start, end, kept) {
            edits.push(LineEdit {
                new_text,
                operator: MutationOperator::DropTerm,
                description: format!("{what} dropped"),
            });
        }
    };
    for (k, w) in tokens.windows(4).enumerate() {
        match (language, [w[0].text, w[1].text, w[2].text, w[3].text]) {
            (Language::Rust, [".", "rev", "(", ")"]) => push(w[0].start, w[3].end, "", "`.rev()`"),
            (_, [".", method, "(", ")"]) if RESHAPING_METHODS.contains(&method) => {
                push(w[0].start, w[3].end, "", &format!("`.{method}()`"));
            }
            (Language::Python, [wrapper @ ("reversed" | "sorted" | "abs" | "set"), "(", ..])
                if k.checked_sub(1)
                    .and_then(|p| tokens.get(p))
                    .is_none_or(|p| p.text != ".") =>
            {
                // `reversed(x)` → `x`, up to the matching parenthesis.
                let mut depth = 0usize;
                let close = tokens[k + 1..].iter().position(|t| {
                    match t.kind {
                        TokenKind::Open => depth += 1,
                        TokenKind::Close => depth = depth.saturating_sub(1),
                        _ => {}
                    }
                    depth == 0
                });
                let inner = close
                    .and_then(|c| tokens.get(k + 1 + c))
                    .and_then(|c| text.get(w[1].end..c.start).map(|inner| (inner, c.end)));
                if let Some((inner, end)) = inner
                    && !inner.contains(',')
                {
                    // `abs(a - b) % n` → `(a - b) % n`: an operator next to the call binds
                    // to its argument as a whole, as the call did.
                    let kept = if binds_with_neighbour(text, w[0].start, end, inner) {
                        format!("({inner})")
                    } else {
                        inner.to_string()
                    };
                    push(w[0].start, end, &kept, &format!("`{wrapper}(…)`"));
                }
            }
            _ => {}
        }
    }
    if language == Language::Python {
        for (at, _) in text.match_indices("[::-1]") {
            push(at, at + "[::-1]".len(), "", "`[::-1]`");
        }
    }
    edits
}

/// Whether `inner`, taken out of the call at `start..end` of `text`, needs parentheses to
/// stay one operand: it holds an operator and an operator (or a method call or an index)
/// stands right next to the call.
fn binds_with_neighbour(text: &str, start: usize, end: usize, inner: &str) -> bool {
    let compound = inner.contains([' ', '+', '-', '*', '/', '%', '<', '>', '=', '&', '|']);
    let before = text
        .get(..start)
        .and_then(|t| t.trim_end().chars().next_back());
    let after = text.get(end..).and_then(|t| t.trim_start().chars().next());
    let operator = |c: char| "+-*/%<>=&|^.[".contains(c);
    compound && (before.is_some_and(|c| operator(c) && c != '=') || after.is_some_and(operator))
}

/// A sum that stops one item short: `score += 10 + rolls[i + 1]` where a strike counts "the
/// next two rolls" — the next item's term is appended, `+ rolls[i + 2]` (probe35-python-01).
/// Only a term already added (`+ x[i + k]`, or right after `+=`) and only with a positive
/// offset, so the line reads ahead by one more.
pub(super) fn next_term_edits(text: &str) -> Vec<LineEdit> {
    static TERM: LazyLock<Option<Regex>> = LazyLock::new(|| {
        Regex::new(r"(\+=?)\s*([A-Za-z_]\w*)\[\s*([A-Za-z_]\w*)\s*\+\s*(\d+)\s*\]").ok()
    });
    let Some(term) = TERM.as_ref() else {
        return Vec::new();
    };
    term.captures_iter(text)
        .filter_map(|c| {
            let whole = c.get(0)?;
            let (list, index) = (c.get(2)?.as_str(), c.get(3)?.as_str());
            let k: u32 = c.get(4)?.as_str().parse().ok()?;
            let next = format!("{list}[{index} + {}]", k + 1);
            if text.contains(&next) {
                return None;
            }
            let added = format!("{} + {next}", whole.as_str());
            Some(LineEdit {
                new_text: splice(text, whole.start(), whole.end(), &added)?,
                operator: MutationOperator::AddClause,
                description: format!("the next item's term `+ {next}` added"),
            })
        })
        .collect()
}

/// A strip that should have removed every occurrence: `code.strip("-")` only cuts the
/// ends, `code.replace("-", "")` removes the hyphens inside too (probe35-python-25); Rust's
/// `trim_matches('-')` the same, as `replace('-', "")`.
pub(super) fn strip_everywhere_edits(text: &str, language: Language) -> Vec<LineEdit> {
    static PYTHON: LazyLock<Option<Regex>> =
        LazyLock::new(|| Regex::new(r#"\.(strip|lstrip|rstrip)\(\s*("[^"]+"|'[^']+')\s*\)"#).ok());
    static RUST: LazyLock<Option<Regex>> = LazyLock::new(|| {
        Regex::new(
            r#"\.(trim_matches|trim_start_matches|trim_end_matches)\(\s*('[^']+'|"[^"]+")\s*\)"#,
        )
        .ok()
    });
    let call = match language {
        Language::Python => PYTHON.as_ref(),
        Language::Rust => RUST.as_ref(),
    };
    let Some(call) = call else {
        return Vec::new();
    };
    call.captures_iter(text)
        .filter_map(|c| {
            let whole = c.get(0)?;
            let argument = c.get(2)?.as_str();
            let new = format!(".replace({argument}, \"\")");
            Some(LineEdit {
                new_text: splice(text, whole.start(), whole.end(), &new)?,
                operator: MutationOperator::SiblingCall,
                description: format!(
                    "`{}` → `{new}` (removed everywhere, not at the ends)",
                    whole.as_str()
                ),
            })
        })
        .collect()
}

/// A run of neighbour steps that lacks the mirror of one of its steps: `((r + 1, c), (r - 1,
/// c), (r, c + 1))` never looks left, `((1, 0), (-1, 0), (0, 1))` the same in offsets. The
/// missing mirrors are appended in the run's own writing (probe35-python-13).
pub(super) fn mirror_step_edits(text: &str) -> Vec<LineEdit> {
    static PAIR: LazyLock<Option<Regex>> = LazyLock::new(|| {
        Regex::new(
            r"\(\s*([A-Za-z_]\w*)?\s*([+-])?\s*(\d+)?\s*,\s*([A-Za-z_]\w*)?\s*([+-])?\s*(\d+)?\s*\)",
        )
        .ok()
    });
    let Some(pair) = PAIR.as_ref() else {
        return Vec::new();
    };
    // (start, end, base names, offsets) of each pair written as `name ± k` or `±k`.
    type Step = (usize, usize, (String, String), (i64, i64));
    let part = |name: Option<regex::Match<'_>>,
                sign: Option<regex::Match<'_>>,
                number: Option<regex::Match<'_>>|
     -> Option<(String, i64)> {
        let k: i64 = match number {
            Some(n) => n.as_str().parse().ok()?,
            None => 0,
        };
        let k = if sign.is_some_and(|s| s.as_str() == "-") {
            -k
        } else {
            k
        };
        match name {
            // `name k` is no expression; a bare name is offset 0.
            Some(n) if number.is_none() || sign.is_some() => Some((n.as_str().to_string(), k)),
            None if number.is_some() => Some((String::new(), k)),
            _ => None,
        }
    };
    let steps: Vec<Step> = pair
        .captures_iter(text)
        .filter_map(|c| {
            let whole = c.get(0)?;
            let (a, dy) = part(c.get(1), c.get(2), c.get(3))?;
            let (b, dx) = part(c.get(4), c.get(5), c.get(6))?;
            Some((whole.start(), whole.end(), (a, b), (dy, dx)))
        })
        .collect();
    let mut runs: Vec<Vec<Step>> = Vec::new();
    for step in steps {
        let joined = runs.last().and_then(|run| run.last()).is_some_and(|last| {
            text.get(last.1..step.0)
                .is_some_and(|between| between.trim() == ",")
                && last.2 == step.2
        });
        match runs.last_mut() {
            Some(run) if joined => run.push(step),
            _ => runs.push(vec![step]),
        }
    }
    let mut edits = Vec::new();
    for run in runs {
        if run.len() < 2 {
            continue;
        }
        let offsets: Vec<(i64, i64)> = run.iter().map(|s| s.3).collect();
        let unit = offsets
            .iter()
            .all(|&(dy, dx)| dy.abs() <= 1 && dx.abs() <= 1 && (dy, dx) != (0, 0));
        if !unit {
            continue;
        }
        let missing: Vec<(i64, i64)> = offsets
            .iter()
            .map(|&(dy, dx)| (-dy, -dx))
            .filter(|m| !offsets.contains(m))
            .collect();
        let (Some(first), Some(last)) = (run.first(), run.last()) else {
            continue;
        };
        if missing.is_empty() {
            continue;
        }
        let Some(model) = text.get(first.0..first.1) else {
            continue;
        };
        let inner = if model.contains(", ") { ", " } else { "," };
        let separator = text
            .get(first.1..)
            .and_then(|rest| rest.get(..rest.find(|c: char| c != ',' && !c.is_whitespace())?))
            .unwrap_or(", ");
        let (a, b) = &first.2;
        let write = |name: &str, k: i64| match (name.is_empty(), k) {
            (true, k) => k.to_string(),
            (false, 0) => name.to_string(),
            (false, k) if k > 0 => format!("{name} + {k}"),
            (false, k) => format!("{name} - {}", -k),
        };
        let added: Vec<String> = missing
            .iter()
            .map(|&(dy, dx)| format!("({}{inner}{})", write(a, dy), write(b, dx)))
            .collect();
        let kept = text.get(first.0..last.1).unwrap_or("");
        let new = format!("{kept}{separator}{}", added.join(separator));
        if let Some(new_text) = splice(text, first.0, last.1, &new) {
            edits.push(LineEdit {
                new_text,
                operator: MutationOperator::AddClause,
                description: format!(
                    "the missing mirror step{} added",
                    if added.len() > 1 { "s" } else { "" }
                ),
            });
        }
    }
    edits
}

/// A grid walk's unit steps written as a list of pairs (`((1, 0), (-1, 0), (0, 1), (0, -1))`):
/// the four diagonal steps dropped where cells join only through their sides, or added where
/// corners join them too. Which of the two a grid means is the usual slip, and both sets are
/// fixed, so one candidate each way is enough.
pub(super) fn neighbour_step_edits(text: &str) -> Vec<LineEdit> {
    static PAIR: LazyLock<Option<Regex>> =
        LazyLock::new(|| Regex::new(r"[(\[]\s*(-?\d+)\s*,\s*(-?\d+)\s*[)\]]").ok());
    let Some(pair) = PAIR.as_ref() else {
        return Vec::new();
    };
    let steps: Vec<(usize, usize, i64, i64)> = pair
        .captures_iter(text)
        .filter_map(|c| {
            let whole = c.get(0)?;
            let dy = c.get(1)?.as_str().parse().ok()?;
            let dx = c.get(2)?.as_str().parse().ok()?;
            Some((whole.start(), whole.end(), dy, dx))
        })
        .collect();
    // Runs of pairs separated only by commas and spaces.
    let mut runs: Vec<Vec<(usize, usize, i64, i64)>> = Vec::new();
    for step in steps {
        let joined = runs.last().and_then(|run| run.last()).is_some_and(|last| {
            text.get(last.1..step.0)
                .is_some_and(|between| between.trim() == ",")
        });
        match runs.last_mut() {
            Some(run) if joined => run.push(step),
            _ => runs.push(vec![step]),
        }
    }
    let mut edits = Vec::new();
    for run in runs {
        let unit = run
            .iter()
            .all(|&(_, _, dy, dx)| dy.abs() <= 1 && dx.abs() <= 1 && (dy, dx) != (0, 0));
        let mut distinct: Vec<(i64, i64)> = run.iter().map(|&(_, _, dy, dx)| (dy, dx)).collect();
        distinct.sort_unstable();
        distinct.dedup();
        let (Some(first), Some(last)) = (run.first(), run.last()) else {
            continue;
        };
        if !unit || distinct.len() != run.len() {
            continue;
        }
        let diagonal = |&&(_, _, dy, dx): &&(usize, usize, i64, i64)| dy != 0 && dx != 0;
        let sides: Vec<&str> = run
            .iter()
            .filter(|s| !diagonal(s))
            .filter_map(|&(start, end, _, _)| text.get(start..end))
            .collect();
        let separator = text.get(first.1..).and_then(|rest| {
            let gap = rest.find(|c: char| c != ',' && !c.is_whitespace())?;
            rest.get(..gap)
        });
        let separator = separator.unwrap_or(", ");
        let corners = run.len() - sides.len();
        if run.len() == 8 && corners == 4 {
            if let Some(new_text) = splice(text, first.0, last.1, &sides.join(separator)) {
                edits.push(LineEdit {
                    new_text,
                    operator: MutationOperator::DropTerm,
                    description: "the diagonal steps dropped (cells join through their sides)"
                        .to_string(),
                });
            }
        } else if run.len() == 4 && corners == 0 {
            // The corners written the way the sides are (brackets, spacing).
            let Some(model) = text.get(first.0..first.1) else {
                continue;
            };
            let (open, close) = (&model[..1], &model[model.len() - 1..]);
            let inner = if model.contains(", ") { ", " } else { "," };
            let added: Vec<String> = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
                .iter()
                .map(|(dy, dx)| format!("{open}{dy}{inner}{dx}{close}"))
                .collect();
            let kept = text.get(first.0..last.1).unwrap_or("");
            let new = format!("{kept}{separator}{}", added.join(separator));
            if let Some(new_text) = splice(text, first.0, last.1, &new) {
                edits.push(LineEdit {
                    new_text,
                    operator: MutationOperator::AddClause,
                    description: "the diagonal steps added (cells join through their corners)"
                        .to_string(),
                });
            }
        }
    }
    edits
}

/// An extreme where a plain zero was meant (`let mut best = i32::MIN;` where every answer
/// is at least 0, `best = float("-inf")`): the start taken as 0.
pub(super) fn extreme_to_zero_edits(text: &str, language: Language) -> Vec<LineEdit> {
    let pattern = match language {
        Language::Python => r#"-?float\(\s*["']-?inf["']\s*\)|-?math\.inf"#,
        Language::Rust => {
            r"\b(?:i8|i16|i32|i64|i128|isize|f32|f64)::(?:MIN|MAX|INFINITY|NEG_INFINITY)\b"
        }
    };
    let Ok(re) = regex::Regex::new(pattern) else {
        return Vec::new();
    };
    re.find_iter(text)
        .filter_map(|m| {
            let zero = if m.as_str().starts_with('f') && language == Language::Rust {
                "0.0"
            } else {
                "0"
            };
            Some(LineEdit {
                new_text: splice(text, m.start(), m.end(), zero)?,
                operator: MutationOperator::ConstantOffByOne,
                description: format!("`{}` → `{zero}`", m.as_str()),
            })
        })
        .collect()
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    /// probe37-rust-27: a jump length taken as the position it reaches.
    #[test]
    fn probe37_rust_27_an_element_in_an_extreme_may_count_from_its_index() {
        let edits = |line: &str, language: Language| -> Vec<String> {
            let tokens = super::super::tokenize(line, &vec![ByteClass::Code; line.len()], language);
            super::index_relative_edits(line, &tokens)
                .into_iter()
                .map(|e| e.new_text)
                .collect()
        };
        assert_eq!(
            edits("        farthest = max(farthest, nums[i]);", Language::Rust),
            vec!["        farthest = max(farthest, i + nums[i]);".to_string()]
        );
        assert_eq!(
            edits("        reach = max(reach, jumps[k])", Language::Python),
            vec!["        reach = max(reach, k + jumps[k])".to_string()]
        );
        // Not an element alone, or not inside an extreme.
        assert!(edits("        best = max(best, nums[i] * 2)", Language::Python).is_empty());
        assert!(edits("        total += nums[i]", Language::Python).is_empty());
    }

    /// probe38-rust-27: a histogram's width `i - left` one too wide inside a match arm: the
    /// arm's value gets its offsets, its pattern none (`Some(&left + 1)` is no pattern).
    #[test]
    fn probe38_rust_27_a_match_arms_value_is_offset_and_its_pattern_left_alone() {
        let line = "                Some(&left) => i - left,";
        let got = edits(line, Language::Rust, MutationOperator::AddOffset);
        assert!(
            got.contains(&"                Some(&left) => i - left - 1,".to_string()),
            "{got:#?}"
        );
        assert!(got.iter().all(|g| g.contains("Some(&left) =>")), "{got:#?}");
        // A value that is no sum gets no whole-value offset.
        let plain = edits(
            "            None => i,",
            Language::Rust,
            MutationOperator::AddOffset,
        );
        assert!(!plain.contains(&"            None => i - 1,".to_string()));
    }

    /// probe37-rust-23: a clamp to the i32 range written with `-i32::MAX`, one above the
    /// minimum the description names.
    #[test]
    fn probe37_rust_23_the_negated_maximum_becomes_the_minimum() {
        let edits = |line: &str| -> Vec<String> {
            super::negated_max_edits(line)
                .into_iter()
                .map(|e| e.new_text)
                .collect()
        };
        assert_eq!(
            edits("    v.clamp(-(i32::MAX as i64), i32::MAX as i64) as i32"),
            vec!["    v.clamp(i32::MIN as i64, i32::MAX as i64) as i32".to_string()]
        );
        assert_eq!(
            edits("    let lo = -i64::MAX;"),
            vec!["    let lo = i64::MIN;".to_string()]
        );
        assert!(edits("    let hi = i32::MAX;").is_empty());
    }

    /// probe37-rust-13: a 0/1 knapsack's in-place update runs over its capacities upwards
    /// and takes an item twice; the range run backwards is a candidate, in both languages.
    #[test]
    fn probe37_rust_13_a_range_loop_may_run_backwards() {
        let edits = |line: &str, language: Language| -> Vec<String> {
            super::reversed_range_edits(line, language)
                .into_iter()
                .map(|e| e.new_text)
                .collect()
        };
        assert_eq!(
            edits("        for c in w..=capacity {", Language::Rust),
            vec!["        for c in (w..=capacity).rev() {".to_string()]
        );
        assert_eq!(
            edits("    for i in range(1, len(xs)):", Language::Python),
            vec!["    for i in reversed(range(1, len(xs))):".to_string()]
        );
        // An iterator chain keeps its order; a reversed range is not reversed again.
        assert!(edits("    for x in v.iter() {", Language::Rust).is_empty());
        assert!(edits("    for c in (0..n).rev() {", Language::Rust).is_empty());
        assert!(edits("    for x in xs:", Language::Python).is_empty());
    }

    #[test]
    fn a_reversal_too_many_and_an_extreme_for_zero_are_undone() {
        let rev = |line: &str, language: Language| -> Vec<String> {
            let tokens = super::super::tokenize(line, &vec![ByteClass::Code; line.len()], language);
            super::dropped_reversal_edits(line, &tokens, language)
                .into_iter()
                .map(|e| e.new_text)
                .collect()
        };
        assert_eq!(
            rev("    for w in s.split(' ').rev() {", Language::Rust),
            vec!["    for w in s.split(' ') {"]
        );
        assert_eq!(
            rev("    return ''.join(reversed(words(s)))", Language::Python),
            vec!["    return ''.join(words(s))"]
        );
        assert_eq!(
            rev("    cut = text[:limit - 3].rstrip()", Language::Python),
            vec!["    cut = text[:limit - 3]"]
        );
        assert_eq!(
            rev("    let name = raw.trim().to_string();", Language::Rust),
            vec!["    let name = raw.to_string();"]
        );
        assert_eq!(
            rev("    return sorted(seen)", Language::Python),
            vec!["    return seen"]
        );
        // A key or a second argument is part of a call that means it.
        assert!(rev("    return sorted(seen, key=len)", Language::Python).is_empty());
        // probe35-python-20: the pairs sorted, not the values alone.
        let zipped = |line: &str| -> Vec<String> {
            super::zipped_sort_edits(line)
                .into_iter()
                .map(|e| e.new_text)
                .collect()
        };
        assert_eq!(
            zipped("    pairs = zip(sorted(values), weights)"),
            vec!["    pairs = sorted(zip(values, weights))"]
        );
        assert_eq!(
            zipped("    for w, v in zip(words, sorted(scores)):"),
            vec!["    for w, v in sorted(zip(words, scores), key=lambda pair: pair[1]):"]
        );
        assert!(zipped("    pairs = sorted(zip(values, weights))").is_empty());
        // probe35-python-02: the difference stays one operand of `%`, as it was in the call.
        assert_eq!(
            rev("    return abs(end - start) % (24 * 60)", Language::Python),
            vec!["    return (end - start) % (24 * 60)"]
        );
        assert_eq!(
            rev("    total = 2 * abs(a - b)", Language::Python),
            vec!["    total = 2 * (a - b)"]
        );
        assert_eq!(
            rev("    d = abs(a - b)", Language::Python),
            vec!["    d = a - b"]
        );
        assert_eq!(
            rev("    return xs[::-1]", Language::Python),
            vec!["    return xs"]
        );
        assert!(rev("    return xs[::2]", Language::Python).is_empty());
        // Competition ranks count every tied score (probe33-python-18).
        assert_eq!(
            rev(
                "    ordered = sorted(set(scores), reverse=True)",
                Language::Python
            ),
            vec!["    ordered = sorted(scores, reverse=True)"]
        );
        let next = |line: &str| -> Vec<String> {
            super::next_term_edits(line)
                .into_iter()
                .map(|e| e.new_text)
                .collect()
        };
        assert_eq!(
            next("            score += 10 + rolls[i + 1]"),
            vec!["            score += 10 + rolls[i + 1] + rolls[i + 2]"]
        );
        assert_eq!(
            next("    total += v[j + 1]"),
            vec!["    total += v[j + 1] + v[j + 2]"]
        );
        assert!(next("    x = v[i - 1] * 2").is_empty());
        assert!(next("    x = v[i + 1]").is_empty());
        let everywhere = |line: &str, language| -> Vec<String> {
            super::strip_everywhere_edits(line, language)
                .into_iter()
                .map(|e| e.new_text)
                .collect()
        };
        assert_eq!(
            everywhere("    chars = code.strip(\"-\")", Language::Python),
            vec!["    chars = code.replace(\"-\", \"\")"]
        );
        assert_eq!(
            everywhere("    let s = code.trim_matches('-');", Language::Rust),
            vec!["    let s = code.replace('-', \"\");"]
        );
        assert!(everywhere("    s = code.strip()", Language::Python).is_empty());
        let mirrors = |line: &str| -> Vec<String> {
            super::mirror_step_edits(line)
                .into_iter()
                .map(|e| e.new_text)
                .collect()
        };
        // A flood fill that never looks left (probe35-python-13), in names and in offsets;
        // a symmetric run, or steps of two, get nothing.
        assert_eq!(
            mirrors("                for nr, nc in ((cr + 1, cc), (cr - 1, cc), (cr, cc + 1)):"),
            vec![
                "                for nr, nc in ((cr + 1, cc), (cr - 1, cc), (cr, cc + 1), (cr, cc - 1)):"
            ]
        );
        assert_eq!(
            mirrors("    for dr, dc in [(1, 0), (-1, 0), (0, 1)]:"),
            vec!["    for dr, dc in [(1, 0), (-1, 0), (0, 1), (0, -1)]:"]
        );
        assert!(mirrors("    for dr, dc in [(1, 0), (-1, 0), (0, 1), (0, -1)]:").is_empty());
        assert!(mirrors("    moves = [(r + 2, c), (r, c + 2)]").is_empty());
        assert!(mirrors("    print(f(a, b), g(c, d))").is_empty());
        let steps = |line: &str| -> Vec<String> {
            super::neighbour_step_edits(line)
                .into_iter()
                .map(|e| e.new_text)
                .collect()
        };
        // Islands joined only through sides (probe33-python-12), and the converse.
        assert_eq!(
            steps(
                "    for dy, dx in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)):"
            ),
            vec!["    for dy, dx in ((1, 0), (-1, 0), (0, 1), (0, -1)):"]
        );
        assert_eq!(
            steps("    for (dr, dc) in [(0,1),(1,0),(0,-1),(-1,0)] {"),
            vec!["    for (dr, dc) in [(0,1),(1,0),(0,-1),(-1,0),(1,1),(1,-1),(-1,1),(-1,-1)] {"]
        );
        // Knight moves and a pair of coordinates are not unit steps of a grid.
        assert!(steps("    moves = [(1, 2), (2, 1), (-1, 2), (-2, 1)]").is_empty());
        assert!(steps("    a, b = f((1, 0)), (0, 1)").is_empty());
        let zero = |line: &str, language: Language| -> Vec<String> {
            super::extreme_to_zero_edits(line, language)
                .into_iter()
                .map(|e| e.new_text)
                .collect()
        };
        assert_eq!(
            zero("    let mut best = i32::MIN;", Language::Rust),
            vec!["    let mut best = 0;"]
        );
        assert_eq!(
            zero("    best = float(\"-inf\")", Language::Python),
            vec!["    best = 0"]
        );
        assert!(zero("    let n = u32::MAX;", Language::Rust).is_empty());
    }

    fn negations(line: &str, language: Language) -> Vec<String> {
        let tokens = super::super::tokenize(line, &vec![ByteClass::Code; line.len()], language);
        negation_edits(line, &tokens, language)
            .into_iter()
            .map(|e| e.new_text)
            .collect()
    }

    /// `in` ↔ `not in`, `is` ↔ `is not`, and a one-term condition negated or not; the `in`
    /// of a `for` and a condition of several terms are left alone.
    #[test]
    fn tests_said_the_wrong_way_round_are_flipped() {
        let py = Language::Python;
        assert_eq!(
            negations("        if item in seen:", py),
            vec!["        if item not in seen:"]
        );
        assert_eq!(
            negations("    if x not in seen:", py),
            vec!["    if x in seen:"]
        );
        assert_eq!(
            negations("    return a is None", py),
            vec!["    return a is not None"]
        );
        assert_eq!(
            negations("    while not done(x):", py),
            vec!["    while done(x):"]
        );
        assert_eq!(negations("    if done:", py), vec!["    if not done:"]);
        assert!(negations("    for x in xs:", py).is_empty());
        assert!(negations("    if a and b:", py).is_empty());
        assert_eq!(
            negations("    return [x for x in xs if x in keep]", py),
            vec!["    return [x for x in xs if x not in keep]"]
        );
        let rs = Language::Rust;
        assert_eq!(
            negations("        if seen.contains(&x) {", rs),
            vec!["        if !seen.contains(&x) {"]
        );
        assert_eq!(
            negations("        if !seen.contains(&x) {", rs),
            vec!["        if seen.contains(&x) {"]
        );
        assert!(negations("        if a && b {", rs).is_empty());
        assert!(negations("        if let Some(x) = y {", rs).is_empty());
    }

    use super::super::{Language, MutationOperator, mutate_line};
    use super::{literal_variants, negation_edits};
    use tact_runtime::source::ByteClass;

    fn edits(text: &str, language: Language, operator: MutationOperator) -> Vec<String> {
        mutate_line(text, language)
            .into_iter()
            .filter(|(_, op, _)| *op == operator)
            .map(|(t, _, _)| t)
            .collect()
    }

    fn has(text: &str, language: Language, operator: MutationOperator, want: &str) {
        let got = edits(text, language, operator);
        assert!(got.iter().any(|g| g == want), "{want:?} not in {got:#?}");
    }

    // Each case is a bug of the HumanEvalFix development suite, named by its task.
    #[test]
    fn drop_term_python_23_83_128_and_rust_146() {
        let py = Language::Python;
        has(
            "    return len(string) - 1",
            py,
            MutationOperator::DropTerm,
            "    return len(string)",
        );
        has(
            "    return 18 * n * (10 ** (n - 2))",
            py,
            MutationOperator::DropTerm,
            "    return 18 * (10 ** (n - 2))",
        );
        has(
            "    prod = 0 if 0 in arr else (-1) ** 2 * len(list(filter(lambda x: x < 0, arr)))",
            py,
            MutationOperator::DropTerm,
            "    prod = 0 if 0 in arr else (-1) ** len(list(filter(lambda x: x < 0, arr)))",
        );
        has(
            "            product*= product*int_digit",
            py,
            MutationOperator::DropTerm,
            "            product= product*int_digit",
        );
        has(
            "        if w.chars().nth(0).unwrap().to_digit(10).unwrap() + 1 % 2 == 1 {",
            Language::Rust,
            MutationOperator::DropTerm,
            "        if w.chars().nth(0).unwrap().to_digit(10).unwrap() % 2 == 1 {",
        );
        has(
            "        bfact = bfact * fact as i64 * i as i64;",
            Language::Rust,
            MutationOperator::DropTerm,
            "        bfact = bfact * fact as i64;",
        );
    }

    /// The Rust forms of hefix-python-128 and -160: a power's exponent taken from the factor
    /// it multiplies, and a string appended to itself through `format!`.
    #[test]
    fn drop_term_rust_power_factor_and_self_format() {
        let rs = Language::Rust;
        has(
            "    let prod = if z { 0 } else { i32::pow(-1, 2) * arr.iter().filter(|x| **x < 0).count() as i32 };",
            rs,
            MutationOperator::DropTerm,
            "    let prod = if z { 0 } else { i32::pow(-1, arr.iter().filter(|x| **x < 0).count() as u32) };",
        );
        has(
            "    let s = (-1i32).pow(2) * n;",
            rs,
            MutationOperator::DropTerm,
            "    let s = (-1i32).pow(n as u32);",
        );
        has(
            "        expression += &format!(\"{}{}{}\", expression, oprt, oprn);",
            rs,
            MutationOperator::DropTerm,
            "        expression += &format!(\"{}{}\", oprt, oprn);",
        );
        has(
            "        out.push_str(&format!(\"{} {:>3}\", x, out));",
            rs,
            MutationOperator::DropTerm,
            "        out.push_str(&format!(\"{} \", x));",
        );
        // A named or numbered placeholder is not matched to an argument by position.
        let named = "        s += &format!(\"{a}{}\", s);";
        assert!(
            super::super::enumerate_mutations("f.rs", named, rs, &[1], 500)
                .iter()
                .all(|m| !m.description.contains("its own format! arguments"))
        );
    }

    /// A longest-increasing-subsequence table answered with its last entry.
    #[test]
    fn a_table_answered_with_its_last_entry_gets_its_best() {
        let op = MutationOperator::AggregateForLast;
        has(
            "    return lengths[-1]",
            Language::Python,
            op,
            "    return max(lengths)",
        );
        has(
            "    dp[n - 1]",
            Language::Rust,
            op,
            "    *dp.iter().max().unwrap()",
        );
        has(
            "    return dp[dp.len() - 1];",
            Language::Rust,
            op,
            "    return *dp.iter().max().unwrap();",
        );
        has(
            "    *dp.last().unwrap()",
            Language::Rust,
            op,
            "    *dp.iter().min().unwrap()",
        );
        assert!(edits("    return dp[-1] + 1", Language::Python, op).is_empty());
    }

    #[test]
    fn drop_run_python_53_and_97() {
        has(
            "    return x + y + y + x",
            Language::Python,
            MutationOperator::DropTerm,
            "    return x + y",
        );
        has(
            "    return abs(a % 10) * abs(b % 10) * a * b",
            Language::Python,
            MutationOperator::DropTerm,
            "    return abs(a % 10) * abs(b % 10)",
        );
        // A run inside the chain, not only at its end.
        has(
            "    s = a + b + c + d;",
            Language::Rust,
            MutationOperator::DropTerm,
            "    s = a + d;",
        );
        // A chain stops where the precedence level changes: `* c` never goes with `+ b`.
        let edits = edits(
            "    s = a + b * c",
            Language::Python,
            MutationOperator::DropTerm,
        );
        assert!(!edits.contains(&"    s = a".to_string()), "{edits:?}");
    }

    #[test]
    fn replace_argument_python_50() {
        has(
            "    return \"\".join([chr(((ord(ch) - 5 - ord(\"a\")) % 26) + ord(ch)) for ch in s])",
            Language::Python,
            MutationOperator::ReplaceArgument,
            "    return \"\".join([chr(((ord(ch) - 5 - ord(\"a\")) % 26) + ord(\"a\")) for ch in s])",
        );
    }

    /// The Rust form of the same slip: the cast's operand is the call's argument.
    #[test]
    fn replace_argument_of_a_rust_cast() {
        has(
            "        output.push((((ch as i32 - 5 - 'a' as i32).rem_euclid(26)) + ch as i32) as u8 as char);",
            Language::Rust,
            MutationOperator::ReplaceArgument,
            "        output.push((((ch as i32 - 5 - 'a' as i32).rem_euclid(26)) + 'a' as i32) as u8 as char);",
        );
        // Only casts to the same type stand for each other.
        let edits = edits(
            "    let x = n as usize + c as u8;",
            Language::Rust,
            MutationOperator::ReplaceArgument,
        );
        assert!(edits.is_empty(), "{edits:?}");
    }

    #[test]
    fn swap_operands_python_7_and_96() {
        let py = Language::Python;
        has(
            "    return [x for x in strings if x in substring]",
            py,
            MutationOperator::SwapOperands,
            "    return [x for x in strings if substring in x]",
        );
        has(
            "        if j % i == 0:",
            py,
            MutationOperator::SwapOperands,
            "        if i % j == 0:",
        );
        // `a + b` and `a == b` are symmetric: nothing to swap.
        assert!(edits("x = a + b", py, MutationOperator::SwapOperands).is_empty());
    }

    #[test]
    fn add_offset_python_15_18_48_and_rust_15() {
        let py = Language::Python;
        has(
            "    return ' '.join([str(x) for x in range(n)])",
            py,
            MutationOperator::AddOffset,
            "    return ' '.join([str(x) for x in range(n + 1)])",
        );
        has(
            "        if text[i] != text[len(text) - i]:",
            py,
            MutationOperator::AddOffset,
            "        if text[i] != text[len(text) - 1 - i]:",
        );
        has(
            "    for number in 0..n{",
            Language::Rust,
            MutationOperator::AddOffset,
            "    for number in 0..n + 1{",
        );
        // A factor's offset binds before the product.
        has(
            "    let start = page * per_page;",
            Language::Rust,
            MutationOperator::AddOffset,
            "    let start = (page - 1) * per_page;",
        );
        // probe41-py-17: so does a call's value (`int(month) // 3 + 1` for the quarter of a
        // 1-based month); offsetting its argument would add a number to a string.
        has(
            "    quarter = int(month) // 3 + 1",
            Language::Python,
            MutationOperator::AddOffset,
            "    quarter = (int(month) - 1) // 3 + 1",
        );
        has(
            "    let cols = 2 * words.len();",
            Language::Rust,
            MutationOperator::AddOffset,
            "    let cols = 2 * (words.len() + 1);",
        );
    }

    /// A bound a value is compared with is off by one as often as an index: `row == rows`
    /// for the last row `rows - 1`; a compared number is left to the constant family.
    /// One computed index written twice: either copy becomes a name it is computed from; a
    /// plain diagonal `m[i][i]` is left alone.
    #[test]
    fn a_computed_index_written_twice_gets_a_name_in_one_copy() {
        let got = edits(
            "        anti += m[n - 1 - i][n - 1 - i];",
            Language::Rust,
            MutationOperator::SwapIdentifier,
        );
        assert!(
            got.contains(&"        anti += m[i][n - 1 - i];".to_string()),
            "{got:#?}"
        );
        assert!(got.contains(&"        anti += m[n - 1 - i][i];".to_string()));
        assert!(
            !edits(
                "    d += m[i][i]",
                Language::Python,
                MutationOperator::SwapIdentifier
            )
            .iter()
            .any(|e| e.contains("m[i][") && !e.contains("m[i][i]"))
        );
    }

    #[test]
    fn a_compared_bound_gets_an_offset() {
        has(
            "        elif row == rows:",
            Language::Python,
            MutationOperator::AddOffset,
            "        elif row == rows - 1:",
        );
        has(
            "    if i >= len(s) and done:",
            Language::Python,
            MutationOperator::AddOffset,
            "    if i >= len(s) + 1 and done:",
        );
        has(
            "        if count == limit {",
            Language::Rust,
            MutationOperator::AddOffset,
            "        if count == limit + 1 {",
        );
        assert!(
            !edits(
                "    if x == 3:",
                Language::Python,
                MutationOperator::AddOffset
            )
            .iter()
            .any(|e| e.contains("3 - 1") || e.contains("3 + 1"))
        );
    }

    #[test]
    fn a_rust_range_start_gets_an_offset_as_python_range_does() {
        // The Rust counterpart of python-43: `range(i, len(l))` → `range(i + 1, len(l))`.
        has(
            "        for j in i..l.len(){",
            Language::Rust,
            MutationOperator::AddOffset,
            "        for j in i + 1..l.len(){",
        );
        has(
            "    for k in lo..=hi {",
            Language::Rust,
            MutationOperator::AddOffset,
            "    for k in lo - 1..=hi {",
        );
    }

    #[test]
    fn hefix_rust_140_a_run_of_one_character_collapses_to_one() {
        let variants = literal_variants("---");
        assert!(variants.contains(&"-".to_string()), "{variants:?}");
        assert!(variants.contains(&"--".to_string()), "{variants:?}");
        // Not for mixed text, nor twice for a pair (dropping the last already gives it).
        assert!(!literal_variants("-_-").contains(&"-".to_string()));
        assert_eq!(
            literal_variants("==").iter().filter(|v| *v == "=").count(),
            1
        );
    }

    #[test]
    fn clauses_literals_and_deletions_rust_138_118_81_and_python_139() {
        has(
            "    if n % 2 == 0 && n >= 8 && n <= 8 {",
            Language::Rust,
            MutationOperator::DropClause,
            "    if n % 2 == 0 && n >= 8 {",
        );
        has(
            "    let mut out = \" \".to_string();",
            Language::Rust,
            MutationOperator::LiteralEdit,
            "    let mut out = \"\".to_string();",
        );
        has(
            "            res.push(\"E+\".to_string());",
            Language::Rust,
            MutationOperator::LiteralEdit,
            "            res.push(\"E\".to_string());",
        );
        has(
            "        i *= n",
            Language::Python,
            MutationOperator::DeleteLine,
            "",
        );
        // Headers and declarations are never deleted.
        assert!(
            edits(
                "    for i in range(n):",
                Language::Python,
                MutationOperator::DeleteLine
            )
            .is_empty()
        );
        assert!(
            edits(
                "    let x = 1;",
                Language::Rust,
                MutationOperator::DeleteLine
            )
            .is_empty()
        );
    }
}
