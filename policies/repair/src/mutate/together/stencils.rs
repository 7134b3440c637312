//! A sum over a grid's cells around a position (`grid[i][j] + grid[i][j + 1] + … + grid[i +
//! 2][j + 2]`, an hourglass) whose rows skip one: rows `i` and `i + 2` are read, `i + 1`
//! never. The missing row's cell is added for each column the sum reads, one candidate each
//! (probe39-rust-25: the hourglass's middle `grid[i + 1][j + 1]`).

use super::super::{Language, MutationOperator, Token, TokenKind};
use super::{FunctionText, HunkMutation};

/// One `grid[row + a][col + b]` term: the grid, the two index names and their offsets.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Cell<'a> {
    grid: &'a str,
    row: &'a str,
    a: u32,
    col: &'a str,
    b: u32,
}

/// `name` or `name + n` inside brackets, from `tokens[k]` (just after the `[`): the name, the
/// offset and the index of the closing `]`.
fn index<'a>(tokens: &[Token<'a>], k: usize) -> Option<(&'a str, u32, usize)> {
    let name = tokens.get(k).filter(|t| t.kind == TokenKind::Ident)?;
    match (
        tokens.get(k + 1)?.text,
        tokens.get(k + 2),
        tokens.get(k + 3),
    ) {
        ("]", _, _) => Some((name.text, 0, k + 1)),
        ("+", Some(n), Some(close)) if n.kind == TokenKind::Number && close.text == "]" => {
            Some((name.text, n.text.parse().ok()?, k + 3))
        }
        _ => None,
    }
}

fn cells<'a>(tokens: &[Token<'a>]) -> Vec<Cell<'a>> {
    let mut out = Vec::new();
    for k in 0..tokens.len() {
        let (Some(grid), Some(open)) = (tokens.get(k), tokens.get(k + 1)) else {
            continue;
        };
        if grid.kind != TokenKind::Ident || open.text != "[" {
            continue;
        }
        let Some((row, a, close)) = index(tokens, k + 2) else {
            continue;
        };
        if tokens.get(close + 1).map(|t| t.text) != Some("[") {
            continue;
        }
        let Some((col, b, _)) = index(tokens, close + 2) else {
            continue;
        };
        out.push(Cell {
            grid: grid.text,
            row,
            a,
            col,
            b,
        });
    }
    out
}

fn offset(name: &str, n: u32) -> String {
    if n == 0 {
        name.to_string()
    } else {
        format!("{name} + {n}")
    }
}

impl FunctionText<'_> {
    /// See the module.
    pub(super) fn stencil_rows(&self, file: &str, language: Language) -> Vec<HunkMutation> {
        let mut hunks = Vec::new();
        let mut at = 1;
        while at < self.tokens.len() {
            // One assignment, over as many lines as it takes (Rust: up to its `;`).
            let start = at;
            let mut end = at;
            if language == Language::Rust {
                while end < self.tokens.len()
                    && self.tokens[end].last().is_none_or(|t| t.text != ";")
                    && end - start < 6
                {
                    end += 1;
                }
            }
            at = end + 1;
            let tokens: Vec<Token<'_>> = self.tokens[start..=end.min(self.tokens.len() - 1)]
                .iter()
                .flatten()
                .copied()
                .collect();
            let is_sum = tokens.iter().any(|t| t.text == "=")
                && tokens.iter().filter(|t| t.text == "+").count() >= 4;
            if !is_sum {
                continue;
            }
            let found = cells(&tokens);
            let Some(first) = found.first() else {
                continue;
            };
            let same = found
                .iter()
                .all(|c| c.grid == first.grid && c.row == first.row && c.col == first.col);
            if found.len() < 4 || !same {
                continue;
            }
            let rows: Vec<u32> = found.iter().map(|c| c.a).collect();
            let (Some(&low), Some(&high)) = (rows.iter().min(), rows.iter().max()) else {
                continue;
            };
            let mut columns: Vec<u32> = found.iter().map(|c| c.b).collect();
            columns.sort_unstable();
            columns.dedup();
            let last_line = end.min(self.tokens.len() - 1);
            let Some(line) = self.lines.get(last_line) else {
                continue;
            };
            let (body, tail) = match language {
                Language::Rust => match line.rfind(';') {
                    Some(semi) => (&line[..semi], &line[semi..]),
                    None => continue,
                },
                Language::Python => (line.trim_end(), ""),
            };
            for missing in (low..=high).filter(|r| !rows.contains(r)) {
                for &b in &columns {
                    let term = format!(
                        "{}[{}][{}]",
                        first.grid,
                        offset(first.row, missing),
                        offset(first.col, b)
                    );
                    hunks.extend(self.line_replaced(
                        file,
                        last_line,
                        format!("{body} + {term}{tail}"),
                        MutationOperator::InsertStatement,
                        format!(
                            "the sum reads row `{}` too: `{term}`",
                            offset(first.row, missing)
                        ),
                    ));
                }
            }
        }
        hunks
    }
}
