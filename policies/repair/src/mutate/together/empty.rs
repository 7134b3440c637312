//! The empty case a description states ("An empty matrix gives []", "If the list is empty,
//! return None") where the function never looks at emptiness: `len(matrix[0])` fails on `[]`.
//! The case goes first in the body: `if not matrix: return []` (Rust: `if v.is_empty() {
//! return Vec::new(); }`), for each parameter the body treats as a sequence, with each value
//! the description gives for it. A piece the description says may be missing ("None if there
//! are no digits after the sign") is checked the same way right before the loop that walks
//! it. Probed first: the description is the specification.

use super::super::{Language, MutationOperator, TokenKind};
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
    values_in(&sentences, language)
}

/// The values `sentences` give, as written in each language.
fn values_in(sentences: &[String], language: Language) -> Vec<&'static str> {
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

/// `name` is empty, as a condition: Python `not name`, Rust `name.is_empty()`.
fn emptiness(language: Language) -> impl Fn(&str) -> String {
    move |name| match language {
        Language::Python => format!("not {name}"),
        Language::Rust => format!("{name}.is_empty()"),
    }
}

/// Rust: only a value of the declared return type compiles.
pub(super) fn fits_return_type(value: &str, header: &str) -> bool {
    let returns = header.split_once("->").map_or("", |(_, r)| r.trim());
    match value {
        "Vec::new()" => returns.starts_with("Vec<"),
        "String::new()" => returns.starts_with("String"),
        "None" => returns.starts_with("Option<"),
        "false" => returns.starts_with("bool"),
        _ => returns.starts_with(['i', 'u', 'f']) && !returns.starts_with("impl"),
    }
}

/// Rust: the expression that returns parameter `name` (declared `ty`) as a value of the
/// function's return type, if one is that simple (`text.to_string()`, `v.to_vec()`).
fn returned_as(name: &str, ty: &str, header: &str) -> Option<String> {
    let returns = header.split_once("->").map_or("", |(_, r)| r.trim());
    let returns = returns.trim_end_matches('{').trim();
    let ty = ty.trim();
    if returns == "String" && matches!(ty, "&str" | "String" | "&String") {
        return Some(if ty == "String" {
            name.to_string()
        } else {
            format!("{name}.to_string()")
        });
    }
    if returns.starts_with("Vec<") {
        if ty.starts_with("&[") || ty.starts_with("&Vec<") {
            return Some(format!("{name}.to_vec()"));
        }
        if ty == returns {
            return Some(name.to_string());
        }
    }
    (ty == returns).then(|| name.to_string())
}

/// Rust: the declared type of parameter `name` in `header` (`text: &str` → `&str`).
fn declared_type<'h>(header: &'h str, name: &str) -> Option<&'h str> {
    let open = header.find('(')?;
    let list = &header[open + 1..];
    let at = list
        .match_indices(&format!("{name}:"))
        .map(|(k, _)| k)
        .find(|&k| {
            list[..k]
                .chars()
                .next_back()
                .is_none_or(|c| !(c.is_alphanumeric() || c == '_'))
        })?;
    let rest = &list[at + name.len() + 1..];
    let mut depth = 0i32;
    let end = rest
        .char_indices()
        .find(|&(_, c)| {
            match c {
                '<' | '[' | '(' => depth += 1,
                '>' | ']' => depth -= 1,
                ')' if depth == 0 => return true,
                ')' => depth -= 1,
                ',' if depth == 0 => return true,
                _ => {}
            }
            false
        })
        .map_or(rest.len(), |(k, _)| k);
    Some(rest[..end].trim())
}

impl FunctionText<'_> {
    /// A count the description says leaves the input as it is ("With a single rail the text is
    /// returned unchanged", "a shift of 0 leaves the list unchanged") where the body never
    /// tests the count for that value: `if rails <= 1 { return text.to_string(); }` first. The
    /// general path often breaks on it (a zigzag over one row steps out of range).
    pub(super) fn described_unchanged_cases(
        &self,
        file: &str,
        language: Language,
        description: &str,
    ) -> Vec<HunkMutation> {
        let header = self.lines.first().copied().unwrap_or("");
        let parameters = self.parameter_names(language);
        let Some((at, pad)) = self.code_start(language) else {
            return Vec::new();
        };
        let prose = description.split(">>>").next().unwrap_or("");
        let body = self.body_text();
        let mut hunks = Vec::new();
        let mut offered: Vec<String> = Vec::new();
        for sentence in super::sentences(prose) {
            let lower = sentence.to_lowercase();
            let words: Vec<&str> = lower
                .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .filter(|w| !w.is_empty())
                .collect();
            let unchanged = words
                .iter()
                .any(|w| matches!(*w, "unchanged" | "untouched" | "unmodified"))
                || lower.contains("as is")
                || lower.contains("as-is");
            if !unchanged {
                continue;
            }
            let named = |p: &str| {
                let p = p.to_lowercase();
                words.iter().any(|w| {
                    *w == p || w.strip_suffix('s') == Some(&p) || p.strip_suffix('s') == Some(w)
                })
            };
            let one = words.iter().any(|w| matches!(*w, "single" | "one" | "1"));
            let zero = words.iter().any(|w| matches!(*w, "zero" | "0" | "no"));
            let mut conditions: Vec<String> = Vec::new();
            for count in parameters.iter().filter(|p| named(p)) {
                if language == Language::Rust {
                    let numeric = declared_type(header, count).is_some_and(|t| {
                        t.starts_with(['u', 'i']) && t[1..].chars().all(|c| c.is_alphanumeric())
                    });
                    if !numeric {
                        continue;
                    }
                }
                if ["<= 1", "== 1", "== 0"]
                    .iter()
                    .any(|test| body.contains(&format!("{count} {test}")))
                {
                    continue;
                }
                if one {
                    conditions.push(format!("{count} <= 1"));
                    conditions.push(format!("{count} == 1"));
                }
                if zero {
                    conditions.push(format!("{count} == 0"));
                }
                // The value returned: another parameter, the one the sentence names first.
                let mut kept: Vec<&str> =
                    parameters.iter().copied().filter(|q| q != count).collect();
                kept.sort_by_key(|q| !named(q));
                for kept in kept {
                    let value = match language {
                        Language::Python => kept.to_string(),
                        Language::Rust => {
                            let Some(value) = declared_type(header, kept)
                                .and_then(|ty| returned_as(kept, ty, header))
                            else {
                                continue;
                            };
                            value
                        }
                    };
                    for condition in &conditions {
                        let key = format!("{condition}→{value}");
                        if offered.contains(&key) {
                            continue;
                        }
                        offered.push(key);
                        hunks.extend(self.lines_inserted_before(
                            file,
                            at,
                            super::guarded(language, pad, condition, &format!("return {value}")),
                            MutationOperator::EmptyCase,
                            format!("the described case that changes nothing: `{condition}` returns `{value}`"),
                        ));
                    }
                }
            }
        }
        hunks
    }

    /// A local the description says may be missing ("no digits", "no words") that a loop walks
    /// and nothing asks about emptiness: `if digits.is_empty() { return None; }` right before
    /// the loop, with each value the same sentence gives.
    pub(super) fn described_absent_pieces(
        &self,
        file: &str,
        language: Language,
        description: &str,
    ) -> Vec<HunkMutation> {
        let header = self.lines.first().copied().unwrap_or("");
        let mut hunks = Vec::new();
        let empty = emptiness(language);
        let mut offered: Vec<&str> = Vec::new();
        // Sentences, not lines: a comment wraps "no digits after the sign" away from its
        // value. Examples (`>>>`) state no rule.
        let prose = description.split(">>>").next().unwrap_or("");
        for sentence in super::sentences(prose) {
            let lower = sentence.to_lowercase();
            let words: Vec<&str> = lower
                .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .filter(|w| !w.is_empty())
                .collect();
            let missing: Vec<&str> = words
                .windows(2)
                .filter(|w| w[0] == "no")
                .map(|w| w[1])
                .collect();
            if missing.is_empty() {
                continue;
            }
            let mut values = values_in(&[sentence.to_string()], language);
            if language == Language::Rust {
                values.retain(|v| fits_return_type(v, header));
            }
            for (offset, tokens) in self.tokens.iter().enumerate().skip(1) {
                // A loop over a named piece: `for c in digits.chars() {`, `for ch in digits:`.
                if tokens.first().is_none_or(|t| t.text != "for") {
                    continue;
                }
                let Some(in_at) = tokens.iter().position(|t| t.text == "in") else {
                    continue;
                };
                let Some(name) = tokens[in_at + 1..]
                    .iter()
                    .find(|t| !matches!(t.text, "&" | "mut"))
                    .filter(|t| t.kind == TokenKind::Ident)
                    .map(|t| t.text)
                else {
                    continue;
                };
                let named = missing.iter().any(|w| {
                    *w == name
                        || w.strip_suffix('s') == Some(name)
                        || name.strip_suffix('s') == Some(w)
                });
                if !named || offered.contains(&name) || self.asks_if_empty(name) {
                    continue;
                }
                offered.push(name);
                let Some(line) = self.lines.get(offset) else {
                    continue;
                };
                let pad = &line[..indent(line)];
                for value in &values {
                    hunks.extend(self.lines_inserted_before(
                        file,
                        offset,
                        super::guarded(language, pad, &empty(name), &format!("return {value}")),
                        MutationOperator::EmptyCase,
                        format!("the described missing case: no `{name}` gives `{value}`"),
                    ));
                }
            }
        }
        hunks
    }

    /// The body asks whether `name` is empty (`not name`, `name.is_empty()`, `if name:`,
    /// `len(name) == 0`).
    fn asks_if_empty(&self, name: &str) -> bool {
        self.tokens.iter().skip(1).any(|l| {
            let texts: Vec<&str> = l.iter().map(|t| t.text).collect();
            texts.windows(3).any(|w| {
                (w[0] == "not" && w[1] == name)
                    || (w[0] == name && w[1] == "." && w[2] == "is_empty")
                    || (w[0] == "if" && w[1] == name && w[2] == ":")
            }) || (texts.contains(&"len")
                && texts.contains(&name)
                && texts.contains(&"0")
                && texts.first() == Some(&"if"))
        })
    }

    /// See the module.
    pub(super) fn described_empty_cases(
        &self,
        file: &str,
        language: Language,
        description: &str,
    ) -> Vec<HunkMutation> {
        let mut values = described_values(description, language);
        if language == Language::Rust {
            let header = self.lines.first().copied().unwrap_or("");
            values.retain(|v| fits_return_type(v, header));
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
        let Some((at, pad)) = self.code_start(language) else {
            return Vec::new();
        };
        let mut hunks = Vec::new();
        let empty = emptiness(language);
        for p in self.parameter_names(language) {
            if !sequence(p) || self.asks_if_empty(p) {
                continue;
            }
            for value in &values {
                hunks.extend(self.lines_inserted_before(
                    file,
                    at,
                    super::guarded(language, pad, &empty(p), &format!("return {value}")),
                    MutationOperator::EmptyCase,
                    format!("the described empty case: `{p}` empty gives `{value}`"),
                ));
            }
        }
        hunks
    }
}
