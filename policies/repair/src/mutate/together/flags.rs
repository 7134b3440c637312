//! A flag list that is asked and never set: `b_used = [False] * len(b)` (Rust `let mut used =
//! vec![false; n];`) read in `if not b_used[j] and b[j] == ch:` and nowhere assigned, so every
//! slot stays free and one is matched twice (probe45-py-19, Jaro similarity). The slot the
//! guard found free is the one to take: `b_used[j] = True` goes first in the block that guard
//! opens. Only where the function never writes the list at all, so the step is missing, not
//! misplaced.

use super::super::{Language, MutationOperator, Token, TokenKind, is_assignment};
use super::{FunctionText, HunkMutation};

use super::super::indentation as indent;

/// The list a line makes all false: Python `NAME = [False] * …`, Rust `let mut NAME =
/// vec![false; …];`.
fn made_all_false<'a>(tokens: &[Token<'a>], language: Language) -> Option<&'a str> {
    let texts: Vec<&str> = tokens.iter().map(|t| t.text).collect();
    match (language, texts.as_slice()) {
        (Language::Python, [name, "=", "[", "False", "]", "*", ..]) => Some(*name),
        (Language::Rust, ["let", "mut", name, "=", "vec", "!", "[", "false", ";", ..]) => {
            Some(*name)
        }
        _ => None,
    }
}

/// The index `IDX` of a guard's `not NAME[IDX]` (Rust `!NAME[IDX]`), one identifier.
fn asked_free<'a>(tokens: &[Token<'a>], name: &str, language: Language) -> Option<&'a str> {
    let negation = match language {
        Language::Python => "not",
        Language::Rust => "!",
    };
    tokens.windows(5).find_map(|w| {
        (w[0].text == negation
            && w[1].text == name
            && w[2].text == "["
            && w[3].kind == TokenKind::Ident
            && w[4].text == "]")
            .then_some(w[3].text)
    })
}

impl FunctionText<'_> {
    /// See the module.
    pub(super) fn unset_flags(&self, file: &str, language: Language) -> Vec<HunkMutation> {
        let (opens, truth, end) = match language {
            Language::Python => (":", "True", ""),
            Language::Rust => ("{", "true", ";"),
        };
        let mut hunks = Vec::new();
        for (made, tokens) in self.tokens.iter().enumerate() {
            let Some(name) = made_all_false(tokens, language) else {
                continue;
            };
            // Every other use reads a slot (`NAME[…]`) and no line assigns one. A list handed
            // to a call, or set anywhere, is left alone.
            let only_read = self.tokens.iter().enumerate().all(|(k, line)| {
                let reads_slots = line
                    .iter()
                    .enumerate()
                    .all(|(i, t)| t.text != name || line.get(i + 1).is_some_and(|n| n.text == "["));
                let assigns = line.first().is_some_and(|t| t.text == name)
                    && line.iter().any(|t| is_assignment(t.text));
                k == made || (reads_slots && !assigns)
            });
            if !only_read {
                continue;
            }
            for (head, line) in self.tokens.iter().enumerate().skip(made + 1) {
                let guards = line
                    .first()
                    .is_some_and(|t| matches!(t.text, "if" | "elif" | "while"));
                if !guards || line.last().is_none_or(|t| t.text != opens) {
                    continue;
                }
                let Some(index) = asked_free(line, name, language) else {
                    continue;
                };
                // The first line of code in the block the guard opens sets the depth.
                let Some(first) = self
                    .block_body(head)
                    .into_iter()
                    .filter_map(|k| self.lines.get(k))
                    .find(|l| !l.trim().is_empty())
                else {
                    continue;
                };
                let statement = format!(
                    "{}{name}[{index}] = {truth}{end}",
                    " ".repeat(indent(first))
                );
                let description = format!(
                    "`{}` inserted (`{name}` is asked and never set)",
                    statement.trim()
                );
                hunks.extend(self.lines_inserted_after(
                    file,
                    head,
                    vec![statement],
                    MutationOperator::InsertStatement,
                    description,
                ));
            }
        }
        hunks
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::super::super::hunk_mutations;
    use super::*;

    fn inserted(source: &str, language: Language, line: u32) -> Vec<Vec<String>> {
        hunk_mutations("f", source, language, &[line], true)
            .into_iter()
            .filter(|h| h.description.contains("is asked and never set"))
            .map(|h| h.new_lines)
            .collect()
    }

    /// probe45-py-19: `b_used` is made all false and read twice, never set; the slot the
    /// guard found free is taken first in its block.
    #[test]
    fn probe45_py_19_a_flag_list_asked_and_never_set_is_set_where_the_guard_finds_it_free() {
        let python = "def pair_up(a, b):\n    \"\"\"Pair each item of a with an equal, unused item of b.\"\"\"\n    b_used = [False] * len(b)\n    pairs = []\n    for i, x in enumerate(a):\n        for j in range(len(b)):\n            if not b_used[j] and b[j] == x:\n                pairs.append((i, j))\n                break\n    left = [b[j] for j in range(len(b)) if not b_used[j]]\n    return pairs, left\n";
        assert_eq!(
            inserted(python, Language::Python, 7),
            vec![vec![
                "            if not b_used[j] and b[j] == x:".to_string(),
                "                b_used[j] = True".to_string(),
            ]]
        );
        // Set anywhere (here after the append): the step is there, nothing is proposed.
        let set = python.replace(
            "                pairs.append((i, j))\n",
            "                pairs.append((i, j))\n                b_used[j] = True\n",
        );
        assert!(inserted(&set, Language::Python, 7).is_empty());
        // Handed to a call, it may be set there.
        let handed = python.replace(
            "    return pairs, left",
            "    mark(b_used)\n    return pairs, left",
        );
        assert!(inserted(&handed, Language::Python, 7).is_empty());

        let rust = "fn pair_up(a: &[i32], b: &[i32]) -> Vec<(usize, usize)> {\n    let mut used = vec![false; b.len()];\n    let mut pairs = Vec::new();\n    for (i, x) in a.iter().enumerate() {\n        for j in 0..b.len() {\n            if !used[j] && b[j] == *x {\n                pairs.push((i, j));\n                break;\n            }\n        }\n    }\n    pairs\n}\n";
        assert_eq!(
            inserted(rust, Language::Rust, 6),
            vec![vec![
                "            if !used[j] && b[j] == *x {".to_string(),
                "                used[j] = true;".to_string(),
            ]]
        );
    }
}
