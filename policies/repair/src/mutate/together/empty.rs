//! The empty case a description states ("An empty matrix gives []", "If the list is empty,
//! return None") where the function never looks at emptiness: `len(matrix[0])` fails on `[]`.
//! The case goes first in the body: `if not matrix: return []` (Rust: `if v.is_empty() {
//! return Vec::new(); }`), for each parameter the body treats as a sequence, with each value
//! the description gives for it. Probed first: the description is the specification.

use super::super::{Language, MutationOperator};
use super::{FunctionText, HunkMutation};

use super::super::indentation as indent;

/// Values a description may give for the empty case, as written in each language.
fn described_values(description: &str, language: Language) -> Vec<&'static str> {
    let sentences: Vec<String> = description
        .split(['.', ';', '\n'])
        .filter(|s| {
            s.to_lowercase()
                .split(|c: char| !c.is_alphanumeric())
                .any(|w| w == "empty")
        })
        .map(str::to_string)
        .collect();
    let said = |words: &[&str]| {
        sentences.iter().any(|s| {
            let lower = s.to_lowercase();
            words.iter().any(|w| lower.contains(w))
        })
    };
    let mut values = Vec::new();
    let table: [(&[&str], &str, &str); 6] = [
        (&["[]", "empty list"], "[]", "Vec::new()"),
        (&["none"], "None", "None"),
        (&["''", "\"\"", "empty string"], "\"\"", "String::new()"),
        (&["false"], "False", "false"),
        (&["-1"], "-1", "-1"),
        (&[" 0", "zero"], "0", "0"),
    ];
    for (words, python, rust) in table {
        if said(words) {
            values.push(match language {
                Language::Python => python,
                Language::Rust => rust,
            });
        }
    }
    values
}

impl FunctionText<'_> {
    /// See the module.
    pub(super) fn described_empty_cases(
        &self,
        file: &str,
        language: Language,
        description: &str,
    ) -> Vec<HunkMutation> {
        let mut values = described_values(description, language);
        // Rust: only a value of the declared return type compiles.
        if language == Language::Rust {
            let header = self.lines.first().copied().unwrap_or("");
            let returns = header.split_once("->").map_or("", |(_, r)| r.trim());
            values.retain(|v| match *v {
                "Vec::new()" => returns.starts_with("Vec<"),
                "String::new()" => returns.starts_with("String"),
                "None" => returns.starts_with("Option<"),
                "false" => returns.starts_with("bool"),
                _ => returns.starts_with(['i', 'u', 'f']) && !returns.starts_with("impl"),
            });
        }
        if values.is_empty() {
            return Vec::new();
        }
        let body: Vec<Vec<&str>> = self
            .tokens
            .iter()
            .skip(1)
            .map(|l| l.iter().map(|t| t.text).collect())
            .collect();
        // A parameter the body indexes, measures or walks, and never asks about emptiness.
        let sequence = |p: &str| {
            body.iter().any(|l| {
                l.windows(3).any(|w| {
                    (w[0] == p && matches!(w[1], "[" | "."))
                        || (w[0] == "len" && w[1] == "(" && w[2] == p)
                        || (w[0] == "in" && w[1] == p)
                })
            })
        };
        let asks_empty = |p: &str| {
            body.iter().any(|l| {
                l.windows(3).any(|w| {
                    (w[0] == "not" && w[1] == p)
                        || (w[0] == p && w[1] == "." && w[2] == "is_empty")
                        || (w[0] == "if" && w[1] == p && w[2] == ":")
                }) || (l.contains(&"len")
                    && l.contains(&p)
                    && l.contains(&"0")
                    && l.first() == Some(&"if"))
            })
        };
        // The first line of the body: after the header and, in Python, the docstring.
        let at = match language {
            Language::Python => self.after_docstring(),
            Language::Rust => 1,
        };
        let Some(first) = self.lines.get(at) else {
            return Vec::new();
        };
        let pad = &first[..indent(first)];
        let mut hunks = Vec::new();
        for p in self.parameter_names(language) {
            if !sequence(p) || asks_empty(p) {
                continue;
            }
            for value in &values {
                let lines = match language {
                    Language::Python => vec![
                        format!("{pad}if not {p}:"),
                        format!("{pad}    return {value}"),
                    ],
                    Language::Rust => vec![
                        format!("{pad}if {p}.is_empty() {{"),
                        format!("{pad}    return {value};"),
                        format!("{pad}}}"),
                    ],
                };
                hunks.extend(self.lines_inserted_before(
                    file,
                    at,
                    lines,
                    MutationOperator::EmptyCase,
                    format!("the described empty case: `{p}` empty gives `{value}`"),
                ));
            }
        }
        hunks
    }
}
