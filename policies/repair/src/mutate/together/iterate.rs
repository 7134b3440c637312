//! An iteration that never moves: `while True: y = (x + n // x) // 2; if y >= x: return x`
//! computes the next value from `x` and compares the two, but never sets `x = y`, so it spins
//! (a hang) or answers with the first guess. The step `x = y` is inserted at the end of the
//! loop's body, as a `loop_step`.

use super::super::{Language, MutationOperator, Token, TokenKind};
use super::{FunctionText, HunkMutation, assigns};

use super::super::indentation as indent;

/// `y = EXPR` (Python) or `let y = EXPR;` / `let mut y: T = EXPR;` (Rust): the target and
/// where its value starts.
fn next_value<'a>(line: &[Token<'a>], language: Language) -> Option<(&'a str, usize)> {
    match language {
        Language::Python => {
            let target = line.first().filter(|t| t.kind == TokenKind::Ident)?;
            (line.get(1)?.text == "=").then_some((target.text, 2))
        }
        Language::Rust => {
            if line.first()?.text != "let" {
                return None;
            }
            let at = if line.get(1)?.text == "mut" { 2 } else { 1 };
            let target = line.get(at).filter(|t| t.kind == TokenKind::Ident)?;
            let eq = line.iter().position(|t| t.text == "=")?;
            Some((target.text, eq + 1))
        }
    }
}

const COMPARISONS: [&str; 6] = ["<", "<=", ">", ">=", "==", "!="];

impl FunctionText<'_> {
    /// A branch whose condition peeks at the next item of a sequence a loop walks by hand
    /// (`if i + 1 < chars.len() && chars[i + 1] == '"' {`, inside `while i < chars.len()` that
    /// steps `i += 1` once at its end) and whose body never moves `i`: the peeked item is
    /// handled there and read again on the next pass (a CSV's `""` escape taken as two quotes).
    /// The step past it, `i += 1`, goes at the end of the branch.
    pub(super) fn lookahead_skips(&self, file: &str, language: Language) -> Vec<HunkMutation> {
        let mut hunks = Vec::new();
        let steps = |tokens: &[Token<'_>], index: &str| {
            let texts: Vec<&str> = tokens.iter().map(|t| t.text).collect();
            texts
                .windows(2)
                .any(|w| w[0] == index && matches!(w[1], "+=" | "="))
        };
        for (head, tokens) in self.tokens.iter().enumerate().skip(1) {
            let Some(line) = self.lines.get(head) else {
                continue;
            };
            let texts: Vec<&str> = tokens.iter().map(|t| t.text).collect();
            let is_branch = match language {
                Language::Python => matches!(texts.first(), Some(&"if" | &"elif")),
                Language::Rust => {
                    texts.first() == Some(&"if") || texts.starts_with(&["}", "else", "if"])
                }
            };
            if !is_branch {
                continue;
            }
            // `seq [ i + 1 ] ==`: the next item compared with something.
            let Some(index) = texts.windows(7).find_map(|w| {
                (w[1] == "[" && w[3] == "+" && w[4] == "1" && w[5] == "]" && w[6] == "==")
                    .then_some(w[2])
            }) else {
                continue;
            };
            // The enclosing loop steps the index by hand.
            let depth = indent(line);
            let Some(loop_head) = (1..head).rev().find(|&k| {
                self.lines.get(k).is_some_and(|l| indent(l) < depth)
                    && self
                        .tokens
                        .get(k)
                        .and_then(|t| t.first())
                        .is_some_and(|t| t.text == "while")
            }) else {
                continue;
            };
            let in_loop = self.block_body(loop_head);
            if !in_loop
                .iter()
                .any(|&k| self.tokens.get(k).is_some_and(|t| steps(t, index)))
            {
                continue;
            }
            // The branch's body: deeper lines right after its head.
            let body = self.block_body(head);
            let Some(&last) = body
                .iter()
                .rev()
                .find(|&&k| self.lines.get(k).is_some_and(|l| !l.trim().is_empty()))
            else {
                continue;
            };
            if body
                .iter()
                .any(|&k| self.tokens.get(k).is_some_and(|t| steps(t, index)))
            {
                continue;
            }
            let pad = self.lines.get(last).map_or("", |l| &l[..indent(l)]);
            let step = match language {
                Language::Python => format!("{pad}{index} += 1"),
                Language::Rust => format!("{pad}{index} += 1;"),
            };
            hunks.extend(self.lines_inserted_after(
                file,
                last,
                vec![step],
                MutationOperator::LookaheadSkip,
                format!("the peeked `[{index} + 1]` stepped past: `{index} += 1` in its branch"),
            ));
        }
        hunks
    }

    /// See the module.
    pub(super) fn unadvanced_iterates(&self, file: &str, language: Language) -> Vec<HunkMutation> {
        let mut hunks = Vec::new();
        let mut offered: Vec<(usize, String)> = Vec::new();
        for (head, head_tokens) in self.tokens.iter().enumerate() {
            if head_tokens
                .first()
                .is_none_or(|t| !matches!(t.text, "while" | "loop"))
            {
                continue;
            }
            let Some(body) = self.loop_body(head) else {
                continue;
            };
            let body_tokens: Vec<&Vec<Token<'_>>> =
                body.iter().filter_map(|&k| self.tokens.get(k)).collect();
            let (Some(&last), Some(first_body)) = (
                body.iter()
                    .rev()
                    .find(|&&k| self.lines.get(k).is_some_and(|l| !l.trim().is_empty())),
                body.iter()
                    .find_map(|&k| self.lines.get(k).filter(|l| !l.trim().is_empty())),
            ) else {
                continue;
            };
            let pad = &first_body[..indent(first_body)];
            for line in &body_tokens {
                let Some((target, from)) = next_value(line, language) else {
                    continue;
                };
                for (k, token) in line.iter().enumerate().skip(from) {
                    let x = token.text;
                    let called = line.get(k + 1).is_some_and(|t| t.text == "(");
                    let field = line.get(k.wrapping_sub(1)).is_some_and(|t| t.text == ".");
                    if token.kind != TokenKind::Ident
                        || called
                        || field
                        || x == target
                        || super::super::is_keyword(x, language)
                        || offered.contains(&(head, x.to_string()))
                    {
                        continue;
                    }
                    // `x` stays put in the loop, is compared with the next value there, and
                    // was set before it (Rust: as a `mut` binding, so it can be assigned).
                    let moves = body_tokens.iter().any(|l| assigns(l, x));
                    let compared = body_tokens
                        .iter()
                        .copied()
                        .chain(std::iter::once(head_tokens))
                        .any(|l| {
                            l.iter().any(|t| t.text == x)
                                && l.iter().any(|t| t.text == target)
                                && l.iter().any(|t| COMPARISONS.contains(&t.text))
                        });
                    let before = &self.tokens[1.min(head)..head];
                    let set_before = match language {
                        Language::Python => before.iter().any(|l| assigns(l, x)),
                        Language::Rust => before
                            .iter()
                            .any(|l| l.windows(2).any(|w| w[0].text == "mut" && w[1].text == x)),
                    };
                    if moves || !compared || !set_before {
                        continue;
                    }
                    offered.push((head, x.to_string()));
                    let semicolon = if language == Language::Rust { ";" } else { "" };
                    let statement = format!("{x} = {target}{semicolon}");
                    let description = format!(
                        "`{statement}` at the end of the loop (`{target}` is computed from `{x}` and compared with it, and `{x}` never moves)"
                    );
                    hunks.extend(self.lines_inserted_after(
                        file,
                        last,
                        vec![format!("{pad}{statement}")],
                        MutationOperator::LoopStep,
                        description,
                    ));
                }
            }
        }
        hunks
    }
}
