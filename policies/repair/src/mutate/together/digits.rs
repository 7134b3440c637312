//! A number written digit by digit while it is positive (`while n > 0: digits.append(DIGITS[n
//! % base]); n //= base`) writes nothing for zero: `to_base(0, 2)` returns `""`. The case is
//! put before the loop: `if n == 0: return "0"` (a list of digits: `[0]`; Rust: `return
//! "0".to_string();`), unless the function already looks at zero. Probed first: a few probes
//! at most, and the loop's shape is the evidence.

use super::super::{Language, MutationOperator, TokenKind};
use super::{FunctionText, HunkMutation};

use super::super::indentation as indent;

/// Steps that take a digit off: division, remainder, shifts.
const DIVIDES: [&str; 8] = ["//=", "/=", "//", "/", "%", "%=", ">>=", "divmod"];

impl FunctionText<'_> {
    /// See the module.
    pub(super) fn zero_digit_cases(&self, file: &str, language: Language) -> Vec<HunkMutation> {
        let mut hunks = Vec::new();
        for (head, tokens) in self.tokens.iter().enumerate() {
            // `while n > 0`, `while n != 0`, Python's `while n:`.
            let texts: Vec<&str> = tokens.iter().map(|t| t.text).collect();
            let end = if language == Language::Python {
                ":"
            } else {
                "{"
            };
            let name = match texts.as_slice() {
                ["while", n, ">" | "!=", "0", e] if *e == end => *n,
                ["while", n, ":"] if language == Language::Python => *n,
                _ => continue,
            };
            if tokens.get(1).is_none_or(|t| t.kind != TokenKind::Ident) {
                continue;
            }
            let Some(body) = self.loop_body(head) else {
                continue;
            };
            let divided = body.iter().filter_map(|&k| self.tokens.get(k)).any(|l| {
                l.iter().any(|t| t.text == name) && l.iter().any(|t| DIVIDES.contains(&t.text))
            });
            // Zero already handled: `n == 0`, `n <= 0`, `n < 1`, `not n`, `0 == n`.
            let looks_at_zero = self.tokens.iter().enumerate().any(|(k, l)| {
                k != head
                    && l.windows(3).any(|w| {
                        (w[0].text == name
                            && matches!((w[1].text, w[2].text), ("==" | "<=", "0") | ("<", "1")))
                            || (w[0].text == "0" && w[1].text == "==" && w[2].text == name)
                    })
                    || l.windows(2)
                        .any(|w| w[0].text == "not" && w[1].text == name)
            });
            if !divided || looks_at_zero {
                continue;
            }
            // What the function answers: a string or a list of digits.
            let after = &self.tokens[head + 1..];
            let returns = |f: &dyn Fn(&str) -> bool| {
                after.iter().any(|l| {
                    l.first().is_some_and(|t| t.text == "return") && l.iter().any(|t| f(t.text))
                })
            };
            let zero = match language {
                Language::Python if returns(&|t| t == "join" || t == "str") => "\"0\"",
                Language::Python if returns(&|t| t == "reversed" || t == "[") => "[0]",
                Language::Rust
                    if self.tokens.first().is_some_and(|l| {
                        l.windows(2)
                            .any(|w| w[0].text == "->" && w[1].text == "String")
                    }) =>
                {
                    "\"0\".to_string()"
                }
                _ => continue,
            };
            let (Some(head_line), Some(anchor)) = (self.lines.get(head), head.checked_sub(1))
            else {
                continue;
            };
            let pad = &head_line[..indent(head_line)];
            let inserted = match language {
                Language::Python => {
                    vec![
                        format!("{pad}if {name} == 0:"),
                        format!("{pad}    return {zero}"),
                    ]
                }
                Language::Rust => vec![
                    format!("{pad}if {name} == 0 {{"),
                    format!("{pad}    return {zero};"),
                    format!("{pad}}}"),
                ],
            };
            let description = format!(
                "`if {name} == 0` answers {zero} before the digit loop (`while {name} …` writes nothing for zero)"
            );
            hunks.extend(self.lines_inserted_after(
                file,
                anchor,
                inserted,
                MutationOperator::ZeroCase,
                description,
            ));
        }
        hunks
    }
}
