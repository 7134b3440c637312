//! The case a description gives a default for ("any other symbol decodes to "?"", "unknown
//! words become "UNK"") where the branch that handles the known items has no `else`: an item
//! the branch does not take is dropped instead of turned into the default (probe35-rust-26).
//! The `else` goes after the branch and adds the default the way the branch adds its item
//! (`text.push('?')`, `out.append("?")`). Probed first: the description is the specification.

use super::super::{Language, MutationOperator};
use super::{FunctionText, HunkMutation};

use super::super::indentation as indent;

/// Words that introduce the items a default is for.
const DEFAULT_WORDS: [&str; 7] = [
    "other",
    "otherwise",
    "unknown",
    "unrecognized",
    "unrecognised",
    "anything",
    "else",
];

/// The quoted literals of the description's sentences about other items (their text without
/// the quotes), in order.
fn described_defaults(description: &str) -> Vec<String> {
    super::quoted_in_sentences_with(description, &DEFAULT_WORDS)
}

/// A bare variable name (`out`, `text`), not a field or an index.
fn is_plain_name(text: &str) -> bool {
    !text.is_empty() && text.chars().all(|c| c.is_alphanumeric() || c == '_')
}

/// A statement that adds one item to a collection or a text: (the statement before the
/// argument, the method, the statement after the argument), for
/// `out.append(x)`, `text.push(c);`, `text.push_str(s);`, `out += x`.
fn adding_statement(line: &str) -> Option<(String, &'static str, String)> {
    let t = line.trim();
    for (call, name) in [
        (".append(", "append"),
        (".push_str(", "push_str"),
        (".push(", "push"),
    ] {
        if let Some(at) = t.find(call)
            && (t.ends_with(')') || t.ends_with(");"))
        {
            let receiver = &t[..at];
            if !is_plain_name(receiver) {
                return None;
            }
            let tail = if t.ends_with(';') { ");" } else { ")" };
            return Some((format!("{receiver}{call}"), name, tail.to_string()));
        }
    }
    let (receiver, _) = t.split_once(" += ")?;
    if !is_plain_name(receiver) {
        return None;
    }
    let tail = if t.ends_with(';') { ";" } else { "" };
    Some((format!("{receiver} += "), "+=", tail.to_string()))
}

/// `inner` written as the argument `method` takes: a char for Rust's `push`, a string
/// otherwise.
fn literal_for(inner: &str, method: &str, language: Language) -> Option<String> {
    match (language, method) {
        (Language::Rust, "push") => {
            let mut chars = inner.chars();
            let c = chars.next()?;
            if chars.next().is_some() {
                return None;
            }
            Some(match c {
                '\'' => "'\\''".to_string(),
                '\\' => "'\\\\'".to_string(),
                _ => format!("'{c}'"),
            })
        }
        (Language::Rust, _) => Some(format!("\"{}\"", inner.replace('"', "\\\""))),
        (Language::Python, _) => Some(format!("{inner:?}")),
    }
}

impl FunctionText<'_> {
    /// See the module.
    pub(super) fn described_default_branches(
        &self,
        file: &str,
        language: Language,
        description: &str,
    ) -> Vec<HunkMutation> {
        let defaults = described_defaults(description);
        if defaults.is_empty() {
            return Vec::new();
        }
        let mut hunks = Vec::new();
        for (head, tokens) in self.tokens.iter().enumerate().skip(1) {
            let texts: Vec<&str> = tokens.iter().map(|t| t.text).collect();
            let opens = match language {
                Language::Python => texts.first() == Some(&"if") && texts.last() == Some(&":"),
                Language::Rust => texts.first() == Some(&"if") && texts.last() == Some(&"{"),
            };
            let Some(line) = self.lines.get(head).filter(|_| opens) else {
                continue;
            };
            let pad = &line[..indent(line)];
            let body: Vec<usize> = self
                .block_body(head)
                .into_iter()
                .filter(|&k| self.lines.get(k).is_some_and(|l| !l.trim().is_empty()))
                .collect();
            // One statement that adds the item.
            let [only] = body.as_slice() else {
                continue;
            };
            let Some((before, method, after)) =
                self.lines.get(*only).and_then(|l| adding_statement(l))
            else {
                continue;
            };
            let inner_pad = self.lines.get(*only).map_or("", |l| &l[..indent(l)]);
            // The line after the block: Python's next statement (no `elif`/`else` there
            // already), Rust's closing `}` (not `} else`).
            let after_block = only + 1;
            let next = self.lines.get(after_block).map(|l| l.trim()).unwrap_or("");
            for inner in &defaults {
                let Some(literal) = literal_for(inner, method, language) else {
                    continue;
                };
                let statement = format!("{inner_pad}{before}{literal}{after}");
                let description = format!("the described default for other items: `{literal}`");
                let hunk = match language {
                    Language::Python => {
                        if next.starts_with("elif") || next.starts_with("else") {
                            continue;
                        }
                        self.lines_inserted_after(
                            file,
                            *only,
                            vec![format!("{pad}else:"), statement],
                            MutationOperator::DescribedDefault,
                            description,
                        )
                    }
                    Language::Rust => {
                        if next != "}" {
                            continue;
                        }
                        self.line_replaced_by_lines(
                            file,
                            after_block,
                            vec![format!("{pad}}} else {{"), statement, format!("{pad}}}")],
                            MutationOperator::DescribedDefault,
                            description,
                        )
                    }
                };
                hunks.extend(hunk);
            }
        }
        hunks
    }
}

#[cfg(test)]
mod tests {
    use super::{adding_statement, described_defaults};

    #[test]
    fn the_defaults_are_the_quoted_words_of_the_sentences_about_other_items() {
        assert_eq!(
            described_defaults(
                "Decode Morse code. Letters are separated by \" \"; any other symbol decodes to \"?\"."
            ),
            vec!["?".to_string()]
        );
        assert!(described_defaults("Words are joined by \" \".").is_empty());
    }

    #[test]
    fn an_adding_statement_is_split_around_its_argument() {
        assert_eq!(
            adding_statement("                text.push((b'A' + i as u8) as char);"),
            Some(("text.push(".to_string(), "push", ");".to_string()))
        );
        assert_eq!(
            adding_statement("        out += word"),
            Some(("out += ".to_string(), "+=", String::new()))
        );
        assert_eq!(adding_statement("        total = x"), None);
    }
}
