//! A cell the description says cannot be entered ("'#' is a wall", "'X' marks a blocked
//! cell") that the code never looks for: a search over the grid walks through walls
//! (probe37-rust-25). Right after the guard that skips a neighbour off the grid (`if nr >= rows
//! || nc >= cols { continue; }`), the wall is skipped too: `if cells[nr][nc] == b'#' {
//! continue; }`, for each grid the function reads (a parameter, or a value made from one).

use super::super::{Language, MutationOperator, TokenKind};
use super::{FunctionText, HunkMutation};

/// Words that say a marked cell cannot be entered.
const BLOCKING_WORDS: [&str; 6] = [
    "wall",
    "walls",
    "blocked",
    "obstacle",
    "obstacles",
    "impassable",
];

/// The one-character literals (`#`, `X`) a description's sentences mark as blocking.
fn blocking_marks(description: &str) -> Vec<char> {
    super::quoted_in_sentences_with(description, &BLOCKING_WORDS)
        .iter()
        .filter_map(|quoted| {
            let mut chars = quoted.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) if !c.is_whitespace() => Some(c),
                _ => None,
            }
        })
        .collect()
}

impl FunctionText<'_> {
    /// See the module.
    pub(super) fn described_walls(
        &self,
        file: &str,
        language: Language,
        description: &str,
    ) -> Vec<HunkMutation> {
        let body = self.body_text();
        let marks: Vec<char> = blocking_marks(description)
            .into_iter()
            .filter(|m| !body.contains(&format!("'{m}'")) && !body.contains(&format!("\"{m}\"")))
            .collect();
        if marks.is_empty() {
            return Vec::new();
        }
        let parameters = self.parameter_names(language);
        // Grids: the parameters, and names made from one (`let cells = grid.iter()…`).
        let mut grids: Vec<&str> = parameters.clone();
        for tokens in self.tokens.iter().skip(1) {
            let texts: Vec<&str> = tokens.iter().map(|t| t.text).collect();
            let Some(eq) = texts.iter().position(|t| *t == "=") else {
                continue;
            };
            let name = match (language, &texts[..eq]) {
                (Language::Python, [name]) => *name,
                (Language::Rust, ["let", "mut", name, ..])
                | (Language::Rust, ["let", name, ..]) => *name,
                _ => continue,
            };
            let value = &texts[eq + 1..];
            if value.iter().any(|v| parameters.contains(v)) && !grids.contains(&name) {
                grids.push(name);
            }
        }
        let mut hunks = Vec::new();
        for head in 1..self.lines.len() {
            let Some(block) = self.exit_guard(head, language) else {
                continue;
            };
            let skips = block.iter().any(|&k| {
                self.tokens
                    .get(k)
                    .and_then(|t| t.first())
                    .is_some_and(|t| t.text == "continue")
            });
            let Some(&last) = block.last() else {
                continue;
            };
            if !skips {
                continue;
            }
            // The neighbour: two names of the guard that index a grid after it (`dist[nr][nc]`).
            let guard: Vec<&str> = self
                .tokens
                .get(head)
                .map(|t| {
                    t.iter()
                        .filter(|t| t.kind == TokenKind::Ident)
                        .map(|t| t.text)
                        .collect()
                })
                .unwrap_or_default();
            let cell = self.tokens.iter().skip(last + 1).find_map(|line| {
                line.windows(7).find_map(|w| {
                    let texts: Vec<&str> = w.iter().map(|t| t.text).collect();
                    match texts.as_slice() {
                        [_, "[", a, "]", "[", b, "]"]
                            if a != b && guard.contains(a) && guard.contains(b) =>
                        {
                            Some((*a, *b))
                        }
                        _ => None,
                    }
                })
            });
            let Some((row, col)) = cell else {
                continue;
            };
            let Some(pad) = self
                .lines
                .get(head)
                .map(|l| &l[..super::super::indentation(l)])
            else {
                continue;
            };
            for &mark in &marks {
                let literals = match language {
                    Language::Python => vec![format!("'{mark}'")],
                    Language::Rust => vec![format!("b'{mark}'"), format!("'{mark}'")],
                };
                for grid in &grids {
                    for literal in &literals {
                        let condition = format!("{grid}[{row}][{col}] == {literal}");
                        hunks.extend(self.lines_inserted_after(
                            file,
                            last,
                            super::guarded(language, pad, &condition, "continue"),
                            MutationOperator::DescribedSkip,
                            format!("the described wall `{mark}` skipped"),
                        ));
                    }
                }
            }
        }
        hunks
    }
}

#[cfg(test)]
mod tests {
    use super::blocking_marks;

    #[test]
    fn the_marks_a_description_calls_walls_are_read() {
        assert_eq!(
            blocking_marks(
                "grid is a maze in which '#' is a wall and every other character is open"
            ),
            vec!['#']
        );
        assert_eq!(
            blocking_marks("Cells marked \"X\" are blocked. 'o' is open."),
            vec!['X']
        );
        assert!(blocking_marks("Count the '#' characters.").is_empty());
    }
}
