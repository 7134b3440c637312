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
