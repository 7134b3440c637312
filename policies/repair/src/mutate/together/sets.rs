//! A set of characters written out in the code that is not the set the description lists:
//! "the vowels (a, e, i, o and u, in either case)" against `'a' | 'e' | 'i' | 'o' | 'u' | 'y'`
//! (probe37-rust-03), or `c in "aeiouy"`. The written set becomes the described one: members the
//! description does not list dropped, members it lists added (in both cases when the code
//! writes both).

use super::super::{Language, MutationOperator, TokenKind};
use super::{FunctionText, HunkMutation};

/// The single characters a description lists together, three or more of them joined by
/// commas, "and" or "or" (`a, e, i, o and u`).
fn described_sets(description: &str) -> Vec<Vec<char>> {
    let mut sets: Vec<Vec<char>> = Vec::new();
    let mut run: Vec<char> = Vec::new();
    // Whether a separator (a comma, "and", "or") came after the run's last member.
    let mut separated = false;
    let mut flush = |run: &mut Vec<char>| {
        if run.len() >= 3 && !sets.contains(run) {
            sets.push(run.clone());
        }
        run.clear();
    };
    let words = description
        .split(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | ';' | ':'))
        .filter(|w| !w.is_empty());
    for word in words {
        let comma = word.ends_with(',');
        let core = word
            .trim_end_matches([',', '.'])
            .trim_matches(|c| c == '\'' || c == '"');
        let mut chars = core.chars();
        let single = match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_alphanumeric() => Some(c.to_ascii_lowercase()),
            _ => None,
        };
        match single {
            // A member: one that starts a list (`a,`) or follows a separator.
            Some(c) if (run.is_empty() && comma) || (!run.is_empty() && separated) => {
                run.push(c);
                separated = comma;
            }
            _ if matches!(core, "and" | "or") && !run.is_empty() => separated = true,
            Some(c) if comma => {
                flush(&mut run);
                run.push(c);
                separated = true;
            }
            _ => {
                flush(&mut run);
                separated = false;
            }
        }
        if word.ends_with('.') {
            flush(&mut run);
        }
    }
    flush(&mut run);
    sets
}

/// `members` made `wanted`: kept in their order, missing ones appended, each in the cases the
/// code writes (`upper` too when it writes any member in upper case).
fn made_described(members: &[char], wanted: &[char]) -> Vec<char> {
    let upper = members.iter().any(|c| c.is_uppercase());
    let mut out: Vec<char> = members
        .iter()
        .copied()
        .filter(|c| wanted.contains(&c.to_ascii_lowercase()))
        .collect();
    for &w in wanted {
        if !out.contains(&w) {
            out.push(w);
        }
        if upper && !out.contains(&w.to_ascii_uppercase()) {
            out.push(w.to_ascii_uppercase());
        }
    }
    out
}

impl FunctionText<'_> {
    /// See the module.
    pub(super) fn described_sets(
        &self,
        file: &str,
        language: Language,
        description: &str,
    ) -> Vec<HunkMutation> {
        let sets = described_sets(description);
        if sets.is_empty() {
            return Vec::new();
        }
        let mut hunks = Vec::new();
        for (k, tokens) in self.tokens.iter().enumerate().skip(1) {
            let Some(line) = self.lines.get(k) else {
                continue;
            };
            for (start, end, members, quote) in written_sets(tokens, language) {
                let lower: Vec<char> = members.iter().map(char::to_ascii_lowercase).collect();
                for wanted in &sets {
                    let shared = wanted.iter().filter(|w| lower.contains(w)).count();
                    let same = lower.iter().all(|c| wanted.contains(c))
                        && wanted.iter().all(|w| lower.contains(w));
                    if shared < 3 || same {
                        continue;
                    }
                    let set = made_described(&members, wanted);
                    let written = match quote {
                        Some(q) => format!("{q}{}{q}", set.iter().collect::<String>()),
                        None => set
                            .iter()
                            .map(|c| format!("'{c}'"))
                            .collect::<Vec<_>>()
                            .join(" | "),
                    };
                    let (Some(before), Some(after)) = (line.get(..start), line.get(end..)) else {
                        continue;
                    };
                    let new = format!("{before}{written}{after}");
                    let Ok(number) = u32::try_from(self.first + k + 1) else {
                        continue;
                    };
                    hunks.push(HunkMutation {
                        file: file.to_string(),
                        line: number,
                        old_lines: vec![(*line).to_string()],
                        new_lines: vec![new],
                        operator: MutationOperator::DescribedSet,
                        description: format!(
                            "the described set {}",
                            wanted.iter().collect::<String>()
                        ),
                    });
                }
            }
        }
        hunks
    }
}

/// The character sets a line writes out: Rust `'a' | 'e' | 'i'` (three or more char literals
/// joined by `|`), or a string of three or more letters tested with `in` (Python `c in
/// "aeiou"`). Each with its byte span in the line, its members, and the string's quote.
fn written_sets(
    tokens: &[super::super::Token<'_>],
    language: Language,
) -> Vec<(usize, usize, Vec<char>, Option<char>)> {
    let char_of = |text: &str| -> Option<char> {
        let inner = text.strip_prefix('\'')?.strip_suffix('\'')?;
        let mut chars = inner.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_alphanumeric() => Some(c),
            _ => None,
        }
    };
    let mut found = Vec::new();
    match language {
        Language::Rust => {
            let mut i = 0;
            while i < tokens.len() {
                let mut members = Vec::new();
                let mut j = i;
                while let Some(c) = tokens
                    .get(j)
                    .filter(|t| t.kind == TokenKind::Literal)
                    .and_then(|t| char_of(t.text))
                {
                    members.push(c);
                    if tokens.get(j + 1).is_some_and(|t| t.text == "|") {
                        j += 2;
                    } else {
                        j += 1;
                        break;
                    }
                }
                if members.len() >= 3
                    && let (Some(first), Some(last)) = (tokens.get(i), tokens.get(j - 1))
                {
                    found.push((first.start, last.end, members, None));
                    i = j;
                } else {
                    i += 1;
                }
            }
        }
        Language::Python => {
            for w in tokens.windows(2) {
                let text = w[1].text;
                let quote = text.chars().next().filter(|q| matches!(q, '"' | '\''));
                let inner = quote.and_then(|q| text.strip_prefix(q)?.strip_suffix(q));
                if let Some(inner) = inner
                    && w[0].text == "in"
                    && w[1].kind == TokenKind::Literal
                    && inner.chars().count() >= 3
                    && inner.chars().all(char::is_alphabetic)
                {
                    found.push((w[1].start, w[1].end, inner.chars().collect(), quote));
                }
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::{described_sets, made_described};

    #[test]
    fn the_sets_a_description_lists_are_read() {
        assert_eq!(
            described_sets("Reverse the vowels (a, e, i, o and u, in either case) in s."),
            vec![vec!['a', 'e', 'i', 'o', 'u']]
        );
        assert!(described_sets("Return a list of the words in a sentence.").is_empty());
        assert_eq!(
            made_described(&['a', 'e', 'i', 'o', 'u', 'y'], &['a', 'e', 'i', 'o', 'u']),
            vec!['a', 'e', 'i', 'o', 'u']
        );
        assert_eq!(
            made_described(&['a', 'e', 'o', 'A', 'E', 'O'], &['a', 'e', 'i', 'o']),
            vec!['a', 'e', 'o', 'A', 'E', 'O', 'i', 'I']
        );
    }
}
