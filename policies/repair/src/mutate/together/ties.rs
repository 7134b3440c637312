//! A tie the description settles ("if several words have the most letters, return the one
//! that comes first in lexicographical order") that the running best never looks at: `if
//! unique.len() > maxu { max = words[i]; maxu = unique.len(); }` keeps the first of equals
//! whatever their order. The tie joins the update's condition: `if unique.len() > maxu ||
//! (unique.len() == maxu && words[i] < max)`, with `<` for a smallest or first-in-order rule
//! and `>` for a largest one. Probed first: the description states the rule.

use super::super::{Language, MutationOperator, Token, TokenKind};
use super::{FunctionText, HunkMutation};

/// Words that announce a tie rule.
const TIE_WORDS: [&str; 6] = ["multiple", "several", "tie", "ties", "tied", "equal"];

/// The orders a tie rule may state, and the comparison that prefers the new item.
const ORDER_WORDS: [(&str, &str); 8] = [
    ("lexicographical", "<"),
    ("lexicographically", "<"),
    ("alphabetical", "<"),
    ("alphabetically", "<"),
    ("smallest", "<"),
    ("lowest", "<"),
    ("largest", ">"),
    ("highest", ">"),
];

/// The comparisons a description's tie rule asks of the new item against the kept one.
fn tie_orders(description: &str) -> Vec<&'static str> {
    let mut orders = Vec::new();
    for sentence in super::sentences(description) {
        let lower = sentence.to_lowercase();
        let words: Vec<&str> = lower
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| !w.is_empty())
            .collect();
        if !words.iter().any(|w| TIE_WORDS.contains(w)) {
            continue;
        }
        for word in &words {
            if let Some(&(_, order)) = ORDER_WORDS.iter().find(|(w, _)| w == word)
                && !orders.contains(&order)
            {
                orders.push(order);
            }
        }
    }
    // A tie sentence that names no order adds nothing: the strict update already keeps the
    // first of equals.
    orders
}

/// `left op right` at the top level of `condition` with op a strict or loose `<`/`>`.
fn single_comparison<'a, 't>(
    condition: &'t [Token<'a>],
) -> Option<(&'t [Token<'a>], &'a str, &'t [Token<'a>])> {
    let mut depth = 0i32;
    let mut at = None;
    for (k, t) in condition.iter().enumerate() {
        match t.kind {
            TokenKind::Open => depth += 1,
            TokenKind::Close => depth -= 1,
            _ => {}
        }
        if depth == 0 && matches!(t.text, "&&" | "||" | "and" | "or" | "not" | "!") {
            return None;
        }
        if depth == 0 && matches!(t.text, ">" | "<" | ">=" | "<=") {
            if at.is_some() {
                return None;
            }
            at = Some(k);
        }
    }
    let k = at?;
    let left = condition.get(..k).filter(|l| !l.is_empty())?;
    let right = condition.get(k + 1..).filter(|r| !r.is_empty())?;
    Some((left, condition.get(k)?.text, right))
}

impl FunctionText<'_> {
    /// See the module.
    pub(super) fn described_ties(
        &self,
        file: &str,
        language: Language,
        description: &str,
    ) -> Vec<HunkMutation> {
        let orders = tie_orders(description);
        if orders.is_empty() {
            return Vec::new();
        }
        let (and, or) = match language {
            Language::Rust => ("&&", "||"),
            Language::Python => ("and", "or"),
        };
        let mut hunks = Vec::new();
        for (head, tokens) in self.tokens.iter().enumerate().skip(1) {
            let Some(line) = self.lines.get(head) else {
                continue;
            };
            let closer = match language {
                Language::Rust => "{",
                Language::Python => ":",
            };
            if tokens.first().is_none_or(|t| t.text != "if")
                || tokens.last().is_none_or(|t| t.text != closer)
            {
                continue;
            }
            let Some(condition) = tokens.get(1..tokens.len() - 1) else {
                continue;
            };
            let Some((left, op, right)) = single_comparison(condition) else {
                continue;
            };
            let (Some(cond_first), Some(cond_last)) = (condition.first(), condition.last()) else {
                continue;
            };
            let span = |part: &[Token<'_>]| -> Option<String> {
                Some(line.get(part.first()?.start..part.last()?.end)?.to_string())
            };
            let (Some(left_text), Some(right_text)) = (span(left), span(right)) else {
                continue;
            };
            // The body: the running best kept (`right = …`) and an item kept beside it.
            let body_lines = self.block_body(head);
            let joined =
                |part: &[Token<'_>]| part.iter().map(|x| x.text).collect::<Vec<_>>().join(" ");
            // (target as tokens joined, value as written) of each plain assignment.
            let assignments: Vec<(String, String)> = body_lines
                .iter()
                .filter_map(|&k| {
                    let t = self.tokens.get(k)?;
                    let text = self.lines.get(k)?;
                    let at = t.iter().position(|x| x.text == "=")?;
                    let value = t.get(at + 1..)?;
                    let end = value.iter().rposition(|x| x.text != ";")? + 1;
                    let value = value.get(..end)?;
                    let written = text.get(value.first()?.start..value.last()?.end)?;
                    Some((joined(t.get(..at)?), written.to_string()))
                })
                .collect();
            let right_plain = joined(right);
            if !assignments.iter().any(|(target, _)| *target == right_plain) {
                continue;
            }
            for (target, value_text) in assignments.iter().filter(|(t, _)| *t != right_plain) {
                // The item kept must be a plain name to compare with.
                if target.contains(' ') {
                    continue;
                }
                for order in &orders {
                    let tie = format!(
                        "{left_text} {op} {right_text} {or} ({left_text} == {right_text} {and} {value_text} {order} {target})"
                    );
                    let new_line = format!(
                        "{}{tie}{}",
                        &line[..cond_first.start],
                        &line[cond_last.end..]
                    );
                    hunks.extend(self.line_replaced(
                        file,
                        head,
                        new_line,
                        MutationOperator::DescribedTie,
                        format!("the described tie rule: on equal {left_text}, `{value_text} {order} {target}` wins"),
                    ));
                }
            }
        }
        hunks
    }
}

impl FunctionText<'_> {
    /// The names of each tuple the body takes apart (`let (year, month, day) = date;`,
    /// `y, m, d = date`), in order: two such tuples of one length are compared field by field.
    fn unpacked_tuples(&self) -> Vec<Vec<&str>> {
        let mut tuples = Vec::new();
        for tokens in self.tokens.iter().skip(1) {
            let texts: Vec<&str> = tokens.iter().map(|t| t.text).collect();
            let start = usize::from(texts.first() == Some(&"let"));
            let Some(eq) = texts.iter().position(|t| *t == "=") else {
                continue;
            };
            let Some(target) = texts.get(start..eq) else {
                continue;
            };
            let target = match target {
                ["(", inner @ .., ")"] => inner,
                other => other,
            };
            let names: Vec<&str> = target.iter().copied().filter(|t| *t != ",").collect();
            let shaped = names.len() >= 2
                && target.len() == names.len() * 2 - 1
                && names.iter().all(|n| {
                    n.chars().all(|c| c.is_alphanumeric() || c == '_')
                        && !n.starts_with(|c: char| c.is_ascii_digit())
                });
            if shaped {
                tuples.push(names);
            }
        }
        tuples
    }

    /// Two dates (or versions) taken apart into fields and compared on one field only, where
    /// the next fields are bound and never read: `if month < birth_month {` ignores the day,
    /// so the tie on the month is broken by the next field — `month < birth_month || (month
    /// == birth_month && day < birth_day)`. Probed first: fields bound to be compared and never
    /// read say what the comparison lacks.
    pub(super) fn tuple_tie_breaks(&self, file: &str, language: Language) -> Vec<HunkMutation> {
        let tuples = self.unpacked_tuples();
        if tuples.len() < 2 {
            return Vec::new();
        }
        // Read: on a line besides the one that binds it.
        let read = |name: &str| {
            self.tokens
                .iter()
                .skip(1)
                .filter(|l| l.iter().any(|t| t.text == name))
                .count()
                > 1
        };
        let (and, or) = match language {
            Language::Rust => ("&&", "||"),
            Language::Python => ("and", "or"),
        };
        let mut hunks = Vec::new();
        for (head, tokens) in self.tokens.iter().enumerate().skip(1) {
            let Some(line) = self.lines.get(head) else {
                continue;
            };
            if !matches!(
                tokens.first().map(|t| t.text),
                Some("if" | "elif" | "while")
            ) {
                continue;
            }
            for (k, t) in tokens.iter().enumerate() {
                if !matches!(t.text, "<" | ">") {
                    continue;
                }
                let (Some(a), Some(b)) = (
                    k.checked_sub(1).and_then(|i| tokens.get(i)),
                    tokens.get(k + 1),
                ) else {
                    continue;
                };
                // Fields at one place of two tuples of one length, the next ones never read.
                for first in &tuples {
                    for second in &tuples {
                        if first.len() != second.len() || first == second {
                            continue;
                        }
                        let Some(at) = first.iter().position(|n| *n == a.text) else {
                            continue;
                        };
                        if second.get(at) != Some(&b.text) {
                            continue;
                        }
                        let (Some(c), Some(d)) = (first.get(at + 1), second.get(at + 1)) else {
                            continue;
                        };
                        if read(c) || read(d) {
                            continue;
                        }
                        let op = t.text;
                        for tie_op in [op.to_string(), format!("{op}=")] {
                            let (Some(before), Some(after)) =
                                (line.get(..a.start), line.get(b.end..))
                            else {
                                continue;
                            };
                            let (a, b) = (a.text, b.text);
                            let new_line = format!(
                                "{before}{a} {op} {b} {or} ({a} == {b} {and} {c} {tie_op} {d}){after}"
                            );
                            hunks.extend(self.line_replaced(
                                file,
                                head,
                                new_line,
                                MutationOperator::DescribedTie,
                                format!("`{a}` ties broken by the next field: `{c} {tie_op} {d}`"),
                            ));
                        }
                    }
                }
            }
        }
        hunks
    }
}

/// Words that say two compared things may be alike ("if both have the same size, both
/// explode").
const SAME_WORDS: [&str; 4] = ["same", "equal", "tie", "ties"];

impl FunctionText<'_> {
    /// A strict comparison's guard that acts and leaves the loop's step (`if stack[-1] < -a:
    /// stack.pop(); continue`) where the description says what happens to equals ("if both
    /// have the same size, both explode"): the equal case does the guard's work without
    /// leaving, after it (probe39-python-07, asteroid collisions): `if stack[-1] == -a:
    /// stack.pop()`.
    pub(super) fn equal_case_guards(
        &self,
        file: &str,
        language: Language,
        description: &str,
    ) -> Vec<HunkMutation> {
        let prose = description.split(">>>").next().unwrap_or("").to_lowercase();
        if !prose
            .split(|c: char| !c.is_alphanumeric())
            .any(|w| SAME_WORDS.contains(&w))
        {
            return Vec::new();
        }
        let mut hunks = Vec::new();
        for (head, tokens) in self.tokens.iter().enumerate().skip(1) {
            let texts: Vec<&str> = tokens.iter().map(|t| t.text).collect();
            let condition = match (language, texts.as_slice()) {
                (Language::Python, ["if", condition @ .., ":"]) => condition,
                (Language::Rust, ["if", condition @ .., "{"]) => condition,
                _ => continue,
            };
            // One strict comparison, no junction.
            let strict: Vec<usize> = condition
                .iter()
                .enumerate()
                .filter(|(_, t)| matches!(**t, "<" | ">"))
                .map(|(k, _)| k)
                .collect();
            let junction = condition
                .iter()
                .any(|t| matches!(*t, "and" | "or" | "&&" | "||" | "==" | "<=" | ">=" | "!="));
            let ([at], false) = (strict.as_slice(), junction) else {
                continue;
            };
            let (Some(op), Some(line)) = (tokens.get(1 + at), self.lines.get(head)) else {
                continue;
            };
            let body = self.block_body(head);
            let exits = |k: &usize| {
                self.tokens
                    .get(*k)
                    .and_then(|t| t.first())
                    .is_some_and(|t| matches!(t.text, "continue" | "break"))
            };
            let (Some(last), true) = (body.last(), body.len() >= 2) else {
                continue;
            };
            if !exits(last) || body[..body.len() - 1].iter().any(exits) {
                continue;
            }
            let work: Vec<String> = body[..body.len() - 1]
                .iter()
                .filter_map(|k| self.lines.get(*k).map(|l| (*l).to_string()))
                .collect();
            let (Some(before), Some(after)) = (line.get(..op.start), line.get(op.end..)) else {
                continue;
            };
            let mut inserted = vec![format!("{before}=={after}")];
            inserted.extend(work);
            // After the guard: Python's body ends it; Rust's `}` follows the body.
            let end = match language {
                Language::Python => *last,
                Language::Rust => {
                    let close = last + 1;
                    if self.lines.get(close).map(|l| l.trim()) != Some("}") {
                        continue;
                    }
                    if let Some(l) = self.lines.get(close) {
                        inserted.push((*l).to_string());
                    }
                    close
                }
            };
            hunks.extend(self.lines_inserted_after(
                file,
                end,
                inserted,
                MutationOperator::DescribedTie,
                "the equal case does the guard's work and stays, as the description says".into(),
            ));
        }
        hunks
    }
}

#[cfg(test)]
mod tests {
    use super::tie_orders;

    #[test]
    fn a_tie_rule_names_its_order() {
        assert_eq!(
            tie_orders("If multiple words tie, return the one first in lexicographical order."),
            vec!["<"]
        );
        assert_eq!(
            tie_orders("Return the largest. If several are equal, return the highest index."),
            vec![">"]
        );
        assert!(tie_orders("Return the lexicographically smallest word.").is_empty());
        // A comment wraps its sentence over lines.
        assert_eq!(
            tie_orders(
                "If multiple strings have the most unique\n  characters, return the one first in lexicographical order."
            ),
            vec!["<"]
        );
    }
}
