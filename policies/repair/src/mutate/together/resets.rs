//! State a loop sets and never resets. A flag raised in one pass and read in a later one
//! stays raised (`upper_next` upper-cases every letter after the first underscore): its branch
//! lowers it again. A buffer filled piece by piece and consumed stays full (`num.parse()`
//! after `num.push(ch)` reads `"130"` for the second number of `"1h30m"`): it is emptied right
//! after it is consumed. So is a number built digit by digit (`num = num * 10 + int(ch)`) and
//! pushed with its text (`stack.append((current, num))`, probe37-py-01): set back to 0.

use super::super::{Language, MutationOperator, TokenKind};
use super::{FunctionText, HunkMutation, assigns};

use super::super::indentation as indent;

impl FunctionText<'_> {
    /// See the module.
    pub(super) fn state_resets(&self, file: &str, language: Language) -> Vec<HunkMutation> {
        let mut hunks = Vec::new();
        let (falsy, end) = match language {
            Language::Python => ("False", ""),
            Language::Rust => ("false", ";"),
        };
        for head in 0..self.tokens.len() {
            let Some(body) = self.loop_body(head) else {
                continue;
            };
            let in_body = |name: &str, keep: &dyn Fn(&[super::Token<'_>]) -> bool| {
                body.iter()
                    .filter_map(|&k| self.tokens.get(k).map(|l| (k, l)))
                    .filter(|(_, l)| l.iter().any(|t| t.text == name) && keep(l))
                    .map(|(k, _)| k)
                    .collect::<Vec<usize>>()
            };
            // Names declared before the loop: flags (`= false`) and buffers (`= ""`, `= []`,
            // `String::new()`, `Vec::new()`).
            for before in &self.tokens[..head] {
                let texts: Vec<&str> = before.iter().map(|t| t.text).collect();
                let (name, value) = match (language, texts.as_slice()) {
                    (Language::Python, [name, "=", value @ ..]) => (*name, value.join("")),
                    (Language::Rust, ["let", "mut", name, "=", value @ .., ";"])
                    | (Language::Rust, ["let", "mut", name, ":", _, "=", value @ .., ";"]) => {
                        (*name, value.join(""))
                    }
                    _ => continue,
                };
                let flag = value == falsy;
                let buffer = matches!(
                    value.as_str(),
                    "\"\"" | "''" | "[]" | "String::new()" | "Vec::new()" | "vec![]"
                );
                // A number built up digit by digit (`num = num * 10 + int(ch)`) is a buffer too.
                let number = value == "0";
                if !(flag || buffer || number)
                    || before.first().is_some_and(|t| t.kind != TokenKind::Ident)
                {
                    continue;
                }
                let reset = if flag {
                    falsy.to_string()
                } else if language == Language::Rust {
                    String::new()
                } else {
                    value.clone()
                };
                if flag {
                    // Raised in the loop; read as a branch's condition that never lowers it.
                    if in_body(name, &|l| assigns(l, name)).is_empty() {
                        continue;
                    }
                    for k in in_body(name, &|l| {
                        let t: Vec<&str> = l.iter().map(|t| t.text).collect();
                        matches!(
                            t.as_slice(),
                            ["if" | "elif", n, ":" | "{"] | ["}", "else", "if", n, "{"] if *n == name
                        )
                    }) {
                        let Some(branch_end) = self.branch_end(k) else {
                            continue;
                        };
                        let lowers = (k + 1..=branch_end)
                            .filter_map(|j| self.tokens.get(j))
                            .any(|l| assigns(l, name));
                        let Some(last) = self.lines.get(branch_end) else {
                            continue;
                        };
                        if lowers {
                            continue;
                        }
                        let new = format!("{}{name} = {reset}{end}", &last[..indent(last)]);
                        hunks.extend(self.lines_inserted_after(
                            file,
                            branch_end,
                            vec![new],
                            MutationOperator::ResetState,
                            format!("`{name}` lowered again in the branch that reads it"),
                        ));
                    }
                    continue;
                }
                // A buffer: filled in the loop, consumed (read otherwise) and never emptied.
                let fills = |l: &[super::Token<'_>]| {
                    let t: Vec<&str> = l.iter().map(|t| t.text).collect();
                    matches!(t.as_slice(), [n, ".", "push" | "push_str" | "append" | "extend", ..] if *n == name)
                        || matches!(t.as_slice(), [n, "+=", ..] if *n == name)
                        || (number
                            && matches!(t.as_slice(), [n, "=", rest @ ..] if *n == name && rest.contains(&name)))
                };
                let empties = |l: &[super::Token<'_>]| {
                    let t: Vec<&str> = l.iter().map(|t| t.text).collect();
                    matches!(t.as_slice(), [n, ".", "clear", ..] if *n == name)
                        || (assigns(l, name) && !fills(l))
                };
                if in_body(name, &fills).is_empty() || !in_body(name, &empties).is_empty() {
                    continue;
                }
                // Consumed: passed on whole (an argument, an element, parsed or copied), not
                // merely asked about (`is_empty()`, `len(…)`).
                let consumes = |l: &[super::Token<'_>]| {
                    l.iter().enumerate().any(|(p, t)| {
                        let next = l.get(p + 1).map(|n| n.text);
                        let method = l.get(p + 2).map(|m| m.text);
                        let asked = p > 1 && l.get(p - 2).is_some_and(|f| f.text == "len");
                        t.text == name
                            && !asked
                            && (matches!(next, Some(")" | "," | "]"))
                                || (next == Some(".")
                                    && matches!(
                                        method,
                                        Some(
                                            "parse"
                                                | "to_string"
                                                | "clone"
                                                | "to_owned"
                                                | "join"
                                                | "split"
                                                | "chars"
                                        )
                                    )))
                    })
                };
                for k in in_body(name, &|l| !fills(l) && !assigns(l, name) && consumes(l)) {
                    let Some(line) = self.lines.get(k) else {
                        continue;
                    };
                    // A condition or a loop header reads it without consuming it.
                    let t = line.trim_start();
                    if t.starts_with("if ")
                        || t.starts_with("while ")
                        || t.starts_with("for ")
                        || t.starts_with("elif ")
                        || t.ends_with('{')
                        || t.ends_with(':')
                    {
                        continue;
                    }
                    let pad = &line[..indent(line)];
                    let new = match language {
                        Language::Rust if number => format!("{pad}{name} = 0;"),
                        Language::Rust => format!("{pad}{name}.clear();"),
                        Language::Python => format!("{pad}{name} = {reset}"),
                    };
                    hunks.extend(self.lines_inserted_after(
                        file,
                        k,
                        vec![new],
                        MutationOperator::ResetState,
                        format!("`{name}` emptied after it is consumed"),
                    ));
                }
            }
        }
        hunks
    }

    /// The last line of the branch whose header is line `k`: its body's last line (Python),
    /// or the line before the brace that closes it (Rust).
    fn branch_end(&self, k: usize) -> Option<usize> {
        let head = self.lines.get(k)?;
        let last = (k + 1..self.lines.len())
            .take_while(|&j| {
                self.lines
                    .get(j)
                    .is_some_and(|l| l.trim().is_empty() || indent(l) > indent(head))
            })
            .last()?;
        // Blank lines at the end belong to no branch.
        (k + 1..=last)
            .rev()
            .find(|&j| self.lines.get(j).is_some_and(|l| !l.trim().is_empty()))
    }
}
