//! A separator the code takes off but never puts on: a loop appends words to a string
//! (`out.push_str(&word);`, `res += word`) and after it the code trims the end
//! (`out.pop()`, `res.trim_end()`, `res.rstrip()`, `res[:-1]`), yet nothing in the loop ever
//! appends a separator. The trim is the trace of a separator appended after each piece, and
//! that statement is what is missing: `out.push(' ');` after the append.

use super::super::{Language, MutationOperator, TokenKind};
use super::{FunctionText, HunkMutation};

use super::super::indentation as indent;

impl FunctionText<'_> {
    /// The one-character literals the function splits or joins by (`split(',')`,
    /// `",".join`), as bare characters, `' '` first.
    fn separators(&self) -> Vec<char> {
        let mut found = vec![' '];
        for tokens in &self.tokens {
            for (k, token) in tokens.iter().enumerate() {
                let splits = token.kind == TokenKind::Literal
                    && (k >= 2
                        && tokens[k - 1].text == "("
                        && matches!(tokens[k - 2].text, "split" | "rsplit" | "splitn")
                        || tokens.get(k + 1).is_some_and(|t| t.text == ".")
                            && tokens.get(k + 2).is_some_and(|t| t.text == "join"));
                let inner: Vec<char> = token.text.chars().collect();
                if splits
                    && inner.len() == 3
                    && !found.contains(&inner[1])
                    && !matches!(inner[1], '\'' | '"' | '\\')
                {
                    found.push(inner[1]);
                }
            }
        }
        found
    }

    /// See the module: one insertion per appending line and separator.
    pub(super) fn missing_separators(&self, file: &str, language: Language) -> Vec<HunkMutation> {
        let mut hunks = Vec::new();
        // An append inside nested loops is read once.
        let mut seen: Vec<usize> = Vec::new();
        for head in 0..self.tokens.len() {
            let Some(body) = self.loop_body(head) else {
                continue;
            };
            let after: Vec<usize> =
                (body.last().map_or(head + 1, |&l| l + 1)..self.lines.len()).collect();
            for &k in &body {
                let (Some(line), Some(text)) = (self.tokens.get(k), self.lines.get(k)) else {
                    continue;
                };
                let Some(string) = appended_string(line, language) else {
                    continue;
                };
                // A one-character literal appended (not one whose method is called, as in
                // `''.join`) is a separator already.
                let appends_a_character = line.iter().enumerate().any(|(j, t)| {
                    t.kind == TokenKind::Literal
                        && t.text.chars().count() == 3
                        && line.get(j + 1).is_none_or(|n| n.text != ".")
                });
                if appends_a_character {
                    continue;
                }
                let separated = body.iter().any(|&j| {
                    j != k
                        && self
                            .tokens
                            .get(j)
                            .is_some_and(|l| appended_string(l, language) == Some(string))
                });
                let trimmed = after.iter().any(|&j| {
                    self.lines
                        .get(j)
                        .is_some_and(|l| trims_end(l, string, language))
                });
                if separated || !trimmed || seen.contains(&k) {
                    continue;
                }
                seen.push(k);
                let pad = &text[..indent(text)];
                for separator in self.separators() {
                    let statement = match language {
                        Language::Python => format!("{string} += '{separator}'"),
                        Language::Rust => format!("{string}.push('{separator}');"),
                    };
                    hunks.extend(self.lines_inserted_after(
                        file,
                        k,
                        vec![format!("{pad}{statement}")],
                        MutationOperator::AppendSeparator,
                        format!(
                            "`{statement}` after each piece (the code trims a separator it never appends)"
                        ),
                    ));
                }
            }
        }
        hunks
    }
}

/// The string a statement appends to: `s.push_str(…)` (Rust), `s += …` or `s = s + …`.
fn appended_string<'a>(line: &[super::super::Token<'a>], language: Language) -> Option<&'a str> {
    let name = line.first().filter(|t| t.kind == TokenKind::Ident)?;
    let second = line.get(1)?;
    let appends = match language {
        Language::Rust => second.text == "." && line.get(2).is_some_and(|t| t.text == "push_str"),
        Language::Python => {
            second.text == "+="
                || second.text == "="
                    && line.get(2).is_some_and(|t| t.text == name.text)
                    && line.get(3).is_some_and(|t| t.text == "+")
        }
    };
    appends.then_some(name.text)
}

/// Does `line` take the last character or trailing whitespace off `string`?
fn trims_end(line: &str, string: &str, language: Language) -> bool {
    let code = line.trim();
    match language {
        Language::Rust => [".pop()", ".trim_end()", ".trim()", ".truncate("]
            .iter()
            .any(|call| code.contains(&format!("{string}{call}"))),
        Language::Python => [".rstrip()", ".strip()", "[:-1]"]
            .iter()
            .any(|call| code.contains(&format!("{string}{call}"))),
    }
}
