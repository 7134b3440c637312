//! A pairing the description says is one-to-one ("different letters stand for different
//! words", "a bijection", "no two keys share a value") built in a map that is only ever checked
//! by key: a second key mapped to a value already taken goes through. Before the insert, the
//! value is checked against the values taken (`if word in by_letter.values(): return False`,
//! Rust `if by_letter.values().any(|v| *v == word) { return false; }`). Probed first: the
//! description states the rule.

use super::super::{Language, MutationOperator, TokenKind};
use super::{FunctionText, HunkMutation};

use super::super::indentation as indent;

/// Whether `description` says a pairing is one-to-one.
fn says_one_to_one(description: &str) -> bool {
    let lower = description.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_ascii_alphanumeric() && c != '-')
        .filter(|w| !w.is_empty())
        .collect();
    let named = words.iter().any(|w| {
        matches!(
            *w,
            "one-to-one" | "bijection" | "bijective" | "injective" | "isomorphic"
        )
    });
    // "different letters stand for different words": the word twice in one sentence.
    let contrasted = super::sentences(&lower).any(|s| {
        s.split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| *w == "different" || *w == "distinct")
            .count()
            >= 2
    });
    named || contrasted
}

impl FunctionText<'_> {
    /// See the module.
    pub(super) fn described_one_to_one(
        &self,
        file: &str,
        language: Language,
        description: &str,
    ) -> Vec<HunkMutation> {
        let header = self.lines.first().copied().unwrap_or("");
        let returns_bool = match language {
            Language::Rust => header.contains("-> bool"),
            Language::Python => self.lines.iter().any(|l| l.contains("return False")),
        };
        if !returns_bool || !says_one_to_one(description) {
            return Vec::new();
        }
        let mut hunks = Vec::new();
        for (offset, tokens) in self.tokens.iter().enumerate().skip(1) {
            let texts: Vec<&str> = tokens.iter().map(|t| t.text).collect();
            // `map[key] = value` (Python) or `map.insert(key, value);` (Rust), the value a
            // plain name.
            let (map, value) = match (language, texts.as_slice()) {
                (Language::Python, [map, "[", _key, "]", "=", value]) => (*map, *value),
                (Language::Rust, [map, ".", "insert", "(", _key, ",", value, ")", ";"]) => {
                    (*map, *value)
                }
                _ => continue,
            };
            let names = tokens.iter().filter(|t| t.kind == TokenKind::Ident).count();
            if names < 3 {
                continue;
            }
            // Values already checked somewhere: nothing is missing.
            let checks_values = self.tokens.iter().skip(1).any(|l| {
                l.windows(3)
                    .any(|w| w[0].text == map && w[1].text == "." && w[2].text == "values")
            });
            if checks_values {
                continue;
            }
            let Some(line) = self.lines.get(offset) else {
                continue;
            };
            let pad = &line[..indent(line)];
            let (taken, rejected) = match language {
                Language::Python => (format!("{value} in {map}.values()"), "return False"),
                Language::Rust => (
                    format!("{map}.values().any(|v| *v == {value})"),
                    "return false",
                ),
            };
            let inserted = super::guarded(language, pad, &taken, rejected);
            hunks.extend(self.lines_inserted_before(
                file,
                offset,
                inserted,
                MutationOperator::DescribedOneToOne,
                format!("the described one-to-one rule: `{value}` already taken in `{map}`"),
            ));
        }
        hunks
    }
}

#[cfg(test)]
mod tests {
    use super::says_one_to_one;

    #[test]
    fn a_one_to_one_rule_is_read_from_its_words() {
        assert!(says_one_to_one(
            "each letter stands for exactly one word, different letters stand for different words"
        ));
        assert!(says_one_to_one("the mapping must be a bijection"));
        assert!(!says_one_to_one(
            "each letter stands for a word. Different lengths differ."
        ));
    }
}
