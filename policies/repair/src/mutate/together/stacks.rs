//! A stack grown to a depth and never cut back: `while len(counters) < depth:
//! counters.append(0)` numbers nested headings, but after a shallower heading the deeper
//! counters are still there ("1.1.1." where "2.1." was meant, probe43-python-19). The cut goes
//! right after the loop: `del counters[depth:]` (Rust: `counters.truncate(depth);`). Only
//! where nothing in the function ever shrinks the stack, so the step is missing, not moved.

use super::super::{Language, MutationOperator, Token};
use super::{FunctionText, HunkMutation, while_loops};

use super::super::indentation as indent;

/// Calls and statements that shrink a list.
const SHRINKS: [&str; 7] = [
    "pop",
    "truncate",
    "clear",
    "drain",
    "remove",
    "split_off",
    "del",
];

/// The stack and the depth of a `while` condition `len(stack) < depth` (Rust `stack.len() <
/// depth`), the depth as written in `line`.
fn grown_to<'a>(
    line: &'a str,
    tokens: &[Token<'a>],
    language: Language,
) -> Option<(&'a str, &'a str)> {
    let texts: Vec<&str> = tokens.iter().map(|t| t.text).collect();
    let (stack, less) = match (language, texts.as_slice()) {
        (Language::Python, ["while", "len", "(", stack, ")", "<", ..]) => (*stack, 5),
        (Language::Rust, ["while", stack, ".", "len", "(", ")", "<", ..]) => (*stack, 6),
        _ => return None,
    };
    let end = match language {
        Language::Python => ":",
        Language::Rust => "{",
    };
    let (first, last) = (tokens.get(less + 1)?, tokens.last()?);
    if last.text != end || tokens.len() < less + 3 {
        return None;
    }
    let depth = line.get(first.start..tokens.get(tokens.len() - 2)?.end)?;
    Some((stack, depth))
}

impl FunctionText<'_> {
    /// See the module.
    pub(super) fn stack_cuts(&self, file: &str, language: Language) -> Vec<HunkMutation> {
        let mut hunks = Vec::new();
        for w in while_loops(&self.lines, &self.tokens, language) {
            let (Some(tokens), Some(line)) = (self.tokens.get(w.head), self.lines.get(w.head))
            else {
                continue;
            };
            let Some((stack, depth)) = grown_to(line, tokens, language) else {
                continue;
            };
            let grows = w.body.iter().any(|&k| {
                self.tokens.get(k).is_some_and(|line| {
                    line.windows(3).any(|t| {
                        t[0].text == stack
                            && t[1].text == "."
                            && matches!(t[2].text, "append" | "push")
                    })
                })
            });
            let shrinks = self.tokens.iter().skip(1).any(|line| {
                line.windows(3).any(|t| {
                    (t[0].text == stack && t[1].text == "." && SHRINKS.contains(&t[2].text))
                        || (t[0].text == "del" && t[1].text == stack)
                })
            });
            if !grows || shrinks {
                continue;
            }
            let Some(&last) = w.body.last() else {
                continue;
            };
            // A Rust loop's closing brace sits at the header's indent, after the body.
            let last = match language {
                Language::Rust if self.lines.get(last + 1).is_some_and(|l| l.trim() == "}") => {
                    last + 1
                }
                _ => last,
            };
            let pad = &line[..indent(line)];
            let cut = match language {
                Language::Python => format!("{pad}del {stack}[{depth}:]"),
                Language::Rust => format!("{pad}{stack}.truncate({depth});"),
            };
            hunks.extend(self.lines_inserted_after(
                file,
                last,
                vec![cut],
                MutationOperator::CutBackStack,
                format!("`{stack}` cut back to `{depth}` after it is grown to it"),
            ));
        }
        hunks
    }
}
