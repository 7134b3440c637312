//! An operation the description states on a number, done with another operator in the code:
//! "if the doubled value exceeds 9, 9 is subtracted from it" over `d %= 9`. The operator
//! applied to that number becomes the stated one (`d -= 9`). Probed first: the description is
//! the specification, and it names both the number and what is done with it.

use super::super::{Language, MutationOperator, Token, TokenKind};
use super::{FunctionText, HunkMutation};

/// Verbs that state an arithmetic operation, with the operator they mean. "multiple of" and
/// "times" as a count are left out: they state a property or a repetition, not a product.
const VERBS: [(&str, char); 16] = [
    ("subtract", '-'),
    ("subtracted", '-'),
    ("subtracting", '-'),
    ("minus", '-'),
    ("add", '+'),
    ("added", '+'),
    ("adding", '+'),
    ("plus", '+'),
    ("multiply", '*'),
    ("multiplied", '*'),
    ("multiplying", '*'),
    ("divide", '/'),
    ("divided", '/'),
    ("dividing", '/'),
    ("modulo", '%'),
    ("remainder", '%'),
];

/// How many words may separate a verb from its number ("9 is subtracted", "divided by 2").
const REACH: usize = 3;

/// The (number, operator) pairs `description` states, in order, without repeats.
pub(super) fn stated_operations(description: &str) -> Vec<(String, char)> {
    let mut pairs: Vec<(String, char)> = Vec::new();
    // Sentences, so a verb never reaches a number of the next one.
    for sentence in description.split(['.', ';', ':', '!', '?']) {
        let words: Vec<String> = sentence
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect();
        for (k, word) in words.iter().enumerate() {
            let Some(&(_, op)) = VERBS.iter().find(|(v, _)| v == word) else {
                continue;
            };
            // The nearest number on either side for a passive form ("9 is subtracted",
            // "divided by 2"; "n divided by 2, then 1 added": 2 is divided, 1 added), after it
            // for an active one ("subtract 9", "modulo 10": in "2^n modulo p" the 2 is not
            // what is taken modulo).
            let passive = word.ends_with("ed");
            let nearest = (1..=REACH).find_map(|d| {
                let at = |j: Option<usize>| {
                    j.and_then(|j| words.get(j))
                        .filter(|w| w.chars().all(|c| c.is_ascii_digit()))
                };
                at(k.checked_sub(d).filter(|_| passive)).or_else(|| at(Some(k + d)))
            });
            if let Some(number) = nearest {
                let pair = (number.clone(), op);
                if !pairs.contains(&pair) {
                    pairs.push(pair);
                }
            }
        }
    }
    pairs
}

/// The operators that do `op` in `language`, compound or not (`-` → `-`, `-=`).
fn spelled(op: char, compound: bool, language: Language) -> Vec<String> {
    let mut forms = vec![op.to_string()];
    // Python's `/` makes a float; a stated division of integers may be `//`.
    if op == '/' && language == Language::Python {
        forms.push("//".to_string());
    }
    if compound {
        forms.iter_mut().for_each(|f| f.push('='));
    }
    forms
}

impl FunctionText<'_> {
    /// See the module.
    pub(super) fn stated_operations(
        &self,
        file: &str,
        language: Language,
        description: &str,
    ) -> Vec<HunkMutation> {
        let stated = stated_operations(description);
        if stated.is_empty() {
            return Vec::new();
        }
        // The operator applied to a number, at each place the body does so.
        let applied: Vec<(usize, usize, &Token<'_>, &Token<'_>)> = self
            .tokens
            .iter()
            .enumerate()
            .skip(1) // the header is not the body
            .flat_map(|(at, line)| {
                line.windows(3)
                    .enumerate()
                    .filter_map(move |(k, w)| match w {
                        // A binary operator: an operand before it (`-1` alone is a negative number).
                        [left, operator, number]
                            if matches!(
                                left.kind,
                                TokenKind::Ident | TokenKind::Number | TokenKind::Close
                            ) && operator.kind == TokenKind::Operator
                                && number.kind == TokenKind::Number =>
                        {
                            Some((at, k + 1, operator, number))
                        }
                        _ => None,
                    })
            })
            .collect();
        // A stated operation the body does somewhere is not contradicted by another use of
        // its number (`n % 10` and `n //= 10` in one digit loop).
        let done = |number: &str, op: char| {
            applied.iter().any(|(_, _, operator, n)| {
                n.text == number && operator.text.trim_end_matches('=').starts_with(op)
            })
        };
        let stated: Vec<(String, char)> =
            stated.into_iter().filter(|(n, op)| !done(n, *op)).collect();
        let mut hunks = Vec::new();
        for &(at, k, operator, number) in &applied {
            let compound = operator.text.len() > 1 && operator.text.ends_with('=');
            let bare = operator.text.trim_end_matches('=');
            if !matches!(bare, "+" | "-" | "*" | "/" | "//" | "%")
                || (operator.text.ends_with('=') && !compound)
            {
                continue;
            }
            for (_, op) in stated.iter().filter(|(n, _)| n == number.text) {
                let forms = spelled(*op, compound, language);
                // The code already does what the description says.
                if forms.iter().any(|f| f == operator.text) {
                    continue;
                }
                for new in forms {
                    let description = format!(
                        "the description does `{op}` with {} (`{} {}` → `{new} {}`)",
                        number.text, operator.text, number.text, number.text
                    );
                    hunks.extend(self.sites_replaced(
                        file,
                        &[((at, k), new)],
                        MutationOperator::StatedOperation,
                        description,
                    ));
                }
            }
        }
        hunks
    }
}

/// Whether `description` says a quotient is rounded up ("rounded up to a whole cent", "the
/// ceiling of", "round up").
fn says_rounded_up(description: &str) -> bool {
    let lower = description.to_lowercase();
    [
        "rounded up",
        "round up",
        "rounds up",
        "rounding up",
        "ceiling",
    ]
    .iter()
    .any(|p| lower.contains(p))
}

impl FunctionText<'_> {
    /// A quotient the description says is rounded up, written with another numerator than the
    /// ceiling idiom's: `(total - people - 1) // people` or `total // people` → `(total +
    /// people - 1) // people` (Rust `/` on integers the same). The numerator's first operand
    /// is kept; the idiom's terms replace the rest.
    pub(super) fn described_ceiling_divisions(
        &self,
        file: &str,
        language: Language,
        description: &str,
    ) -> Vec<HunkMutation> {
        if !says_rounded_up(description) {
            return Vec::new();
        }
        let divide = match language {
            Language::Python => "//",
            Language::Rust => "/",
        };
        let mut hunks = Vec::new();
        for (offset, tokens) in self.tokens.iter().enumerate().skip(1) {
            let Some(line) = self.lines.get(offset) else {
                continue;
            };
            for (k, t) in tokens.iter().enumerate() {
                // `… / divisor` with a plain name or number as the divisor.
                let Some(divisor) = tokens.get(k + 1) else {
                    continue;
                };
                let plain = matches!(divisor.kind, TokenKind::Ident | TokenKind::Number)
                    && tokens
                        .get(k + 2)
                        .is_none_or(|n| !matches!(n.text, "(" | "." | "[" | "::"));
                if t.text != divide || !plain || k == 0 {
                    continue;
                }
                // The numerator: a parenthesized group before the operator, or one name.
                let Some(numerator) = numerator_before(tokens, k) else {
                    continue;
                };
                let (Some(first), Some(last)) = (numerator.first(), numerator.last()) else {
                    continue;
                };
                let inner = if first.text == "(" && last.text == ")" {
                    &numerator[1..numerator.len() - 1]
                } else {
                    numerator
                };
                let Some(base) = inner.first().filter(|b| {
                    matches!(b.kind, TokenKind::Ident | TokenKind::Number)
                        && inner.get(1).is_none_or(|n| matches!(n.text, "+" | "-"))
                }) else {
                    continue;
                };
                let idiom = format!("({} + {} - 1)", base.text, divisor.text);
                let old = &line[first.start..last.end];
                if old.replace(' ', "") == idiom.replace(' ', "") {
                    continue;
                }
                let new_line = format!("{}{idiom}{}", &line[..first.start], &line[last.end..]);
                hunks.extend(self.line_replaced(
                    file,
                    offset,
                    new_line,
                    MutationOperator::StatedOperation,
                    format!("the described rounding up: `{old}` → `{idiom}`"),
                ));
            }
        }
        hunks
    }
}

/// The operand before the operator at `k`: a parenthesized group ending right before it, or
/// a single name or number.
fn numerator_before<'t, 'a>(tokens: &'t [Token<'a>], k: usize) -> Option<&'t [Token<'a>]> {
    let before = tokens.get(k - 1)?;
    if before.text == ")" {
        let mut depth = 0i32;
        for start in (0..k).rev() {
            match tokens.get(start)?.text {
                ")" => depth += 1,
                "(" => {
                    depth -= 1;
                    if depth == 0 {
                        // A call's parentheses (`f(x) / n`) are not a group.
                        let called = start
                            .checked_sub(1)
                            .and_then(|p| tokens.get(p))
                            .is_some_and(|p| {
                                p.kind == TokenKind::Ident
                                    && !matches!(p.text, "return" | "in" | "and" | "or" | "not")
                            });
                        return (!called).then(|| &tokens[start..k]);
                    }
                }
                _ => {}
            }
        }
        None
    } else if matches!(before.kind, TokenKind::Ident | TokenKind::Number) {
        Some(&tokens[k - 1..k])
    } else {
        None
    }
}
