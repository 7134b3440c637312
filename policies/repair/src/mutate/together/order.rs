//! Names in the order the description states: `day, month, year = date.split('-')` where the
//! description says the date reads `mm-dd-yyyy` becomes `month, day, year = …`.
//!
//! A swapped pair of names is a one-token slip that no test message points at: every value
//! is computed, just from the wrong part. When the description spells the order out — a
//! format (`mm-dd-yyyy`, `HH:MM:SS`, `row/col`) or a tuple (`a tuple (count, total)`) — and
//! a group of the code's names (a tuple's targets or values, or the targets of consecutive
//! assignments) matches it one for one in another order, the names are put in the stated
//! order, the rest of each line kept byte for byte.

use super::super::{Language, MutationOperator, Token, TokenKind};
use super::{FunctionText, HunkMutation, Site};

/// Orders longer than this are prose, not a format.
const MAX_ORDER_LEN: usize = 6;

/// The orders a description states, each as its lower-case parts: formats whose parts are
/// joined by one of `-`, `/`, `:` without spaces (`mm-dd-yyyy`), and the parenthesized
/// names after "tuple" or "pair" (`a tuple (sum, product)`).
pub(super) fn stated_orders(description: &str) -> Vec<Vec<String>> {
    let mut orders: Vec<Vec<String>> = Vec::new();
    let mut push = |parts: Vec<String>| {
        if (2..=MAX_ORDER_LEN).contains(&parts.len()) && !orders.contains(&parts) {
            orders.push(parts);
        }
    };
    let chars: Vec<char> = description.chars().collect();
    let mut k = 0;
    while k < chars.len() {
        let starts_word = chars[k].is_ascii_alphabetic()
            && (k == 0 || !(chars[k - 1].is_alphanumeric() || chars[k - 1] == '_'));
        if !starts_word {
            k += 1;
            continue;
        }
        let word_end = |from: usize| {
            (from..chars.len())
                .find(|&j| !chars[j].is_ascii_alphabetic())
                .unwrap_or(chars.len())
        };
        let mut parts = Vec::new();
        let mut at = k;
        let mut separator: Option<char> = None;
        loop {
            let end = word_end(at);
            parts.push(chars[at..end].iter().collect::<String>().to_lowercase());
            let next = chars.get(end).copied();
            let continues = next
                .is_some_and(|c| matches!(c, '-' | '/' | ':') && separator.is_none_or(|s| s == c))
                && chars.get(end + 1).is_some_and(char::is_ascii_alphabetic);
            if !continues {
                // A part glued to digits or an underscore is an identifier, not a format.
                let glued = next.is_some_and(|c| c.is_ascii_digit() || c == '_');
                if glued {
                    parts.clear();
                }
                k = end;
                break;
            }
            separator = next;
            at = end + 1;
        }
        push(parts);
    }
    for (at, _) in description.match_indices('(') {
        let before = description[..at].trim_end().to_lowercase();
        if !(before.ends_with("tuple") || before.ends_with("pair")) {
            continue;
        }
        let Some(close) = description[at..].find(')') else {
            continue;
        };
        let parts: Vec<String> = description[at + 1..at + close]
            .split(',')
            .map(|p| {
                p.trim()
                    .trim_matches(|c| c == '\'' || c == '"')
                    .to_lowercase()
            })
            .collect();
        let names = parts.iter().all(|p| {
            !p.is_empty()
                && p.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                && p.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        });
        if names {
            push(parts);
        }
    }
    orders
}

/// Does the code's name `name` stand for the stated part `part`? `mm` (one letter repeated)
/// for any name starting with it (`month`), a whole word for itself, its plural, or a name
/// it begins (`row` for `r`, `col` for `column`).
fn names_part(name: &str, part: &str) -> bool {
    let name = name.trim_matches('_').to_lowercase();
    let Some(first) = part.chars().next() else {
        return false;
    };
    if name.is_empty() {
        return false;
    }
    let repeated = part.len() >= 2 && part.chars().all(|c| c == first);
    if repeated {
        return name.starts_with(first);
    }
    if part.len() == 1 {
        return name == part;
    }
    name == part
        || name.starts_with(part)
        || part.starts_with(&name)
        || format!("{name}s") == part
        || format!("{part}s") == name
}

/// Where each name of `group` stands in `order`, when every name stands for exactly one
/// part and no two for the same one.
fn positions(group: &[&str], order: &[String]) -> Option<Vec<usize>> {
    let mut taken = Vec::new();
    for name in group {
        let mut matches = order
            .iter()
            .enumerate()
            .filter(|(_, part)| names_part(name, part));
        let (at, _) = matches.next()?;
        if matches.next().is_some() || taken.contains(&at) {
            return None;
        }
        taken.push(at);
    }
    Some(taken)
}

/// A statement assigning one plain name (`x = …`, `let mut x: T = …;`): the index of the
/// name's token and of the `=`.
fn single_target(tokens: &[Token<'_>], language: Language) -> Option<(usize, usize)> {
    let mut k = 0;
    if tokens.first().is_some_and(|t| t.text == "let") {
        k = 1;
        if tokens.get(1).is_some_and(|t| t.text == "mut") {
            k = 2;
        }
    }
    let name = tokens.get(k)?;
    let eq = tokens.iter().position(|t| t.text == "=")?;
    let typed = tokens.get(k + 1).is_some_and(|t| t.text == ":");
    let plain = name.kind == TokenKind::Ident && !super::super::is_keyword(name.text, language);
    (plain && (eq == k + 1 || typed)).then_some((k, eq))
}

/// The text right of the assignment's `=` (token `eq`), trimmed.
fn right_side<'t>(text: &'t str, tokens: &[Token<'_>], eq: usize) -> Option<&'t str> {
    tokens
        .get(eq)
        .and_then(|t| text.get(t.end..))
        .map(str::trim)
}

impl FunctionText<'_> {
    /// Two consecutive one-name assignments with the same right side (`right = stack.pop()`
    /// then `left = stack.pop()`, Rust `let b = st.pop().unwrap();`): the targets exchanged.
    /// Taking two values off one stack or iterator in the wrong order is a slip no single
    /// token shows; the two lines' right sides are byte for byte the same, so only which name
    /// gets which value can be wrong.
    pub(super) fn exchanged_targets(&self, file: &str, language: Language) -> Vec<HunkMutation> {
        let mut hunks = Vec::new();
        for line in 0..self.tokens.len().saturating_sub(1) {
            let (Some(a), Some(b)) = (self.tokens.get(line), self.tokens.get(line + 1)) else {
                continue;
            };
            let (Some((ka, eqa)), Some((kb, eqb))) =
                (single_target(a, language), single_target(b, language))
            else {
                continue;
            };
            let (Some(text_a), Some(text_b)) = (self.lines.get(line), self.lines.get(line + 1))
            else {
                continue;
            };
            let (Some(ra), Some(rb)) = (right_side(text_a, a, eqa), right_side(text_b, b, eqb))
            else {
                continue;
            };
            // A call on the right, so the two evaluations differ (`pop()`, `next()`).
            if ra != rb || !ra.contains('(') || a[ka].text == b[kb].text {
                continue;
            }
            let edits = vec![
                ((line, ka), b[kb].text.to_string()),
                ((line + 1, kb), a[ka].text.to_string()),
            ];
            let description = format!(
                "`{}` and `{}` exchanged (two values taken off in the other order)",
                a[ka].text, b[kb].text
            );
            if let Some(hunk) = self.hunk(file, &edits, MutationOperator::SwapOperands, description)
            {
                hunks.push(hunk);
            }
        }
        hunks
    }

    /// Groups of names whose order means something: a tuple's targets (`a, b = …`,
    /// `let (a, b) = …`), a tuple of bare names (`(a, b)`, `return a, b`), and the targets of
    /// consecutive one-name assignments (`dd = …` then `mm = …`). Each as the sites of its
    /// names, in order.
    fn ordered_name_groups(&self, language: Language) -> Vec<Vec<Site>> {
        let mut groups: Vec<Vec<Site>> = Vec::new();
        let plain = |t: &Token<'_>| {
            t.kind == TokenKind::Ident && !super::super::is_keyword(t.text, language)
        };
        for (line, tokens) in self.tokens.iter().enumerate() {
            // Comma-separated bare names between `from` and the first token `ends` accepts.
            let names_until = |from: usize, ends: &dyn Fn(&Token<'_>) -> bool| {
                let mut sites = Vec::new();
                let mut k = from;
                loop {
                    let token = tokens.get(k)?;
                    if language == Language::Rust && token.text == "mut" {
                        k += 1;
                        continue;
                    }
                    if !plain(token) {
                        return None;
                    }
                    sites.push((line, k));
                    let next = tokens.get(k + 1)?;
                    if ends(next) {
                        return (sites.len() >= 2).then_some(sites);
                    }
                    if next.kind != TokenKind::Comma {
                        return None;
                    }
                    k += 2;
                }
            };
            let mut start = 0;
            if tokens.first().is_some_and(|t| t.text == "let") {
                start = 1;
            }
            if tokens.get(start).is_some_and(|t| t.text == "(") {
                start += 1;
            }
            if let Some(sites) = names_until(start, &|t| matches!(t.text, "=" | ")" | ":")) {
                groups.push(sites);
            }
            if tokens.first().is_some_and(|t| t.text == "return")
                && let Some(sites) =
                    names_until(1, &|t| t.text == ";").or_else(|| names_until(1, &|_| false))
            {
                groups.push(sites);
            }
            for (k, token) in tokens.iter().enumerate() {
                // A call's arguments are no tuple.
                let called = k > 0 && tokens.get(k - 1).is_some_and(&plain);
                if token.text == "("
                    && !called
                    && let Some(sites) = names_until(k + 1, &|t| t.text == ")")
                    && !groups.contains(&sites)
                {
                    groups.push(sites);
                }
            }
        }
        // Consecutive one-name assignments.
        let mut run: Vec<Site> = Vec::new();
        for (line, tokens) in self.tokens.iter().enumerate() {
            match single_target(tokens, language) {
                Some((k, _)) => {
                    // A name assigned again starts a new run (declared, then computed).
                    let name = tokens.get(k).map_or("", |t| t.text);
                    if run.iter().any(|&site| self.text(site) == name) {
                        if run.len() >= 2 {
                            groups.push(std::mem::take(&mut run));
                        }
                        run.clear();
                    }
                    run.push((line, k));
                }
                None => {
                    if run.len() >= 2 {
                        groups.push(std::mem::take(&mut run));
                    }
                    run.clear();
                }
            }
        }
        if run.len() >= 2 {
            groups.push(run);
        }
        groups
    }

    /// Every group of names put in an order the description states; see the module.
    pub(super) fn stated_orders(
        &self,
        file: &str,
        language: Language,
        description: &str,
    ) -> Vec<HunkMutation> {
        let orders = stated_orders(description);
        if orders.is_empty() {
            return Vec::new();
        }
        let mut hunks = Vec::new();
        for group in self.ordered_name_groups(language) {
            let names: Vec<&str> = group.iter().map(|&site| self.text(site)).collect();
            for order in &orders {
                let Some(at) = positions(&names, order) else {
                    continue;
                };
                let mut sorted: Vec<(usize, &str)> =
                    at.iter().copied().zip(names.iter().copied()).collect();
                sorted.sort_by_key(|(position, _)| *position);
                let edits: Vec<(Site, String)> = group
                    .iter()
                    .zip(&sorted)
                    .map(|(&site, (_, name))| (site, (*name).to_string()))
                    .collect();
                let now = names.join(", ");
                let then: Vec<&str> = sorted.iter().map(|(_, n)| *n).collect();
                let description = format!(
                    "`{now}` → `{}` (the order `{}` the description states)",
                    then.join(", "),
                    order.join("-")
                );
                if let Some(hunk) =
                    self.hunk(file, &edits, MutationOperator::StatedOrder, description)
                    && !hunks.contains(&hunk)
                {
                    hunks.push(hunk);
                }
            }
        }
        hunks
    }
}
