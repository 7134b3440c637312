//! A character class the description names and the loop's test leaves out: "letters that
//! have been guessed keep their place … anything that is not a letter is always shown", coded
//! as `if guessed.contains(&c.to_ascii_lowercase())` (probe42-rust-13). For a loop over a
//! text's characters whose body tests the character, each class the description names is
//! tried as a clause of that test, either way round: the test only for that class (`&& c.is_…`,
//! `&& !c.is_…`) or the test passed for the class outright (`c.is_… ||`, `!c.is_… ||`).

use super::super::{Language, MutationOperator, TokenKind};
use super::{FunctionText, HunkMutation, clauses};

use super::super::indentation as indent;

/// Most clauses per function: each is one probe when nothing else passes.
const MAX_CLAUSES: usize = 16;

/// A class of characters: the words that name it, and its test in Rust and Python.
struct CharClass {
    words: &'static [&'static str],
    rust: &'static str,
    python: &'static str,
}

const CLASSES: [CharClass; 5] = [
    CharClass {
        words: &["letter", "letters", "alphabetic"],
        rust: "is_alphabetic",
        python: "isalpha",
    },
    CharClass {
        words: &["digit", "digits", "numeric"],
        rust: "is_ascii_digit",
        python: "isdigit",
    },
    CharClass {
        words: &["whitespace", "space", "spaces"],
        rust: "is_whitespace",
        python: "isspace",
    },
    CharClass {
        words: &["alphanumeric"],
        rust: "is_alphanumeric",
        python: "isalnum",
    },
    CharClass {
        words: &["uppercase", "upper-case", "capital", "capitals"],
        rust: "is_uppercase",
        python: "isupper",
    },
];

impl FunctionText<'_> {
    /// See the module.
    pub(super) fn described_char_classes(
        &self,
        file: &str,
        language: Language,
        description: &str,
    ) -> Vec<HunkMutation> {
        let prose = description.split(">>>").next().unwrap_or("").to_lowercase();
        let words: Vec<&str> = prose
            .split(|c: char| !(c.is_alphanumeric() || c == '-'))
            .collect();
        let named: Vec<&CharClass> = CLASSES
            .iter()
            .filter(|class| class.words.iter().any(|w| words.contains(w)))
            .collect();
        if named.is_empty() {
            return Vec::new();
        }
        let mut hunks = Vec::new();
        for (head, tokens) in self.tokens.iter().enumerate().skip(1) {
            // `for c in text.chars() {` / `for ch in text:`: the character's name.
            let texts: Vec<&str> = tokens.iter().map(|t| t.text).collect();
            let character = match (language, texts.as_slice()) {
                (Language::Rust, ["for", c, "in", .., "{"]) if texts.contains(&"chars") => *c,
                (Language::Python, ["for", c, "in", _, ":"]) => *c,
                _ => continue,
            };
            let Some(depth) = self.lines.get(head).map(|l| indent(l)) else {
                continue;
            };
            let body_end = self.block_end(head, depth);
            for test in head + 1..body_end {
                let (Some(line), Some(tokens)) = (self.lines.get(test), self.tokens.get(test))
                else {
                    continue;
                };
                let range = match language {
                    Language::Rust => clauses::rust_if_condition(tokens),
                    Language::Python => clauses::python_if_condition(tokens),
                };
                let Some(condition_tokens) = range.and_then(|r| tokens.get(r)) else {
                    continue;
                };
                let (Some(first), Some(last)) = (condition_tokens.first(), condition_tokens.last())
                else {
                    continue;
                };
                let (Some(lead), Some(condition), Some(tail)) = (
                    line.get(..first.start),
                    line.get(first.start..last.end),
                    line.get(last.end..),
                ) else {
                    continue;
                };
                let reads = condition_tokens
                    .iter()
                    .any(|t| t.kind == TokenKind::Ident && t.text == character);
                if !reads {
                    continue;
                }
                let has_alternatives = clauses::top_level(condition_tokens, |t| {
                    matches!(t.text, "or" | "||") && t.kind != TokenKind::Literal
                });
                for class in &named {
                    let (is, isnt, and, or) = match language {
                        Language::Rust => (
                            format!("{character}.{}()", class.rust),
                            format!("!{character}.{}()", class.rust),
                            "&&",
                            "||",
                        ),
                        Language::Python => (
                            format!("{character}.{}()", class.python),
                            format!("not {character}.{}()", class.python),
                            "and",
                            "or",
                        ),
                    };
                    if condition.contains(&is) {
                        continue;
                    }
                    let grouped = if has_alternatives {
                        format!("({condition})")
                    } else {
                        condition.to_string()
                    };
                    for clause in [
                        format!("{isnt} {or} {grouped}"),
                        format!("{grouped} {and} {is}"),
                        format!("{is} {or} {grouped}"),
                        format!("{grouped} {and} {isnt}"),
                    ] {
                        if hunks.len() >= MAX_CLAUSES {
                            return hunks;
                        }
                        hunks.extend(self.line_replaced(
                            file,
                            test,
                            format!("{lead}{clause}{tail}"),
                            MutationOperator::AddClause,
                            format!("the described character class in `{}`", condition.trim()),
                        ));
                    }
                }
            }
        }
        hunks
    }
}
