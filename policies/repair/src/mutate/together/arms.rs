//! A reset one branch does and its sibling forgets: `"major" => { major += 1; minor = 0;
//! patch = 0; }` beside `"minor" => { minor += 1; }`, where bumping the minor number resets
//! the patch too. Each constant assignment (`patch = 0`, `found = false`) of one branch of a
//! `match` or an `if`/`elif` chain is offered at the end of a sibling branch that never
//! assigns that name; a position one branch advances in a loop (`col += spaces`) is advanced by
//! one in a sibling that never moves it (`col += 1`: every other character takes one column).

use super::super::{Language, MutationOperator, Token, TokenKind};
use super::{FunctionText, HunkMutation};

use super::super::indentation as indent;

/// One branch: its body's lines.
type Branch = std::ops::Range<usize>;

/// The name a constant assignment `name = literal` (Rust: ending in `;`) assigns.
fn constant_assignment<'a>(tokens: &[Token<'a>], language: Language) -> Option<&'a str> {
    let texts: Vec<&str> = tokens.iter().map(|t| t.text).collect();
    let value = match (language, texts.as_slice()) {
        (Language::Python, [_, "=", value]) | (Language::Rust, [_, "=", value, ";"]) => *value,
        _ => return None,
    };
    let name = tokens.first()?;
    let constant = tokens.get(2).is_some_and(|t| {
        matches!(t.kind, TokenKind::Number | TokenKind::Literal)
            || matches!(value, "true" | "false" | "True" | "False" | "None")
    });
    (name.kind == TokenKind::Ident && constant).then_some(name.text)
}

/// The name a step `name += …` (Rust: ending in `;`) advances.
fn advanced_name<'a>(tokens: &[Token<'a>], language: Language) -> Option<&'a str> {
    let [name, op, rest @ ..] = tokens else {
        return None;
    };
    let ends = match language {
        Language::Python => !rest.is_empty(),
        Language::Rust => rest.len() > 1 && rest.last().is_some_and(|t| t.text == ";"),
    };
    (name.kind == TokenKind::Ident && op.text == "+=" && ends).then_some(name.text)
}

impl FunctionText<'_> {
    /// The branches of each `match` (arms with a braced body) or `if`/`elif`/`else` chain.
    fn branch_groups(&self, language: Language) -> Vec<Vec<Branch>> {
        let mut groups: Vec<Vec<Branch>> = Vec::new();
        // Open chains, outermost first: (depth, branches so far).
        let mut open: Vec<(usize, Vec<Branch>)> = Vec::new();
        let close = |chain: Vec<Branch>, groups: &mut Vec<Vec<Branch>>| {
            if chain.len() > 1 {
                groups.push(chain);
            }
        };
        for (head, line) in self.lines.iter().enumerate().skip(1) {
            let trimmed = line.trim();
            if trimmed.is_empty() {
                continue;
            }
            let depth = indent(line);
            let (opens_chain, continues_chain) = match language {
                Language::Python => (
                    trimmed.starts_with("if ") && trimmed.ends_with(':'),
                    (trimmed.starts_with("elif ") || trimmed == "else:") && trimmed.ends_with(':'),
                ),
                Language::Rust => {
                    let arm = trimmed.contains("=>") && trimmed.ends_with('{');
                    (arm, arm)
                }
            };
            // A Rust arm's closing brace does not end its `match`.
            let brace = language == Language::Rust && matches!(trimmed, "}" | "},");
            // Chains deeper than this line have ended; one at its depth too, unless the line
            // goes on with it.
            while let Some((d, _)) = open.last() {
                let ends = *d > depth || (*d == depth && !continues_chain && !brace);
                if !ends {
                    break;
                }
                if let Some((_, chain)) = open.pop() {
                    close(chain, &mut groups);
                }
            }
            if !(opens_chain || continues_chain) {
                continue;
            }
            let end = self.block_end(head, depth);
            let branch = head + 1..end;
            match open.last_mut() {
                Some((d, chain)) if *d == depth && continues_chain => chain.push(branch),
                _ if opens_chain => open.push((depth, vec![branch])),
                _ => {}
            }
        }
        while let Some((_, chain)) = open.pop() {
            close(chain, &mut groups);
        }
        groups
    }

    /// See the module.
    pub(super) fn sibling_resets(&self, file: &str, language: Language) -> Vec<HunkMutation> {
        let mut hunks = Vec::new();
        for group in self.branch_groups(language) {
            for (b, branch) in group.iter().enumerate() {
                let assigned_here = |name: &str| {
                    self.tokens[branch.clone()].iter().any(|t| {
                        t.windows(2).any(|w| {
                            w[0].text == name
                                && w[1].kind == TokenKind::Operator
                                && w[1].text.ends_with('=')
                                && !matches!(w[1].text, "==" | "!=" | "<=" | ">=")
                        })
                    })
                };
                // An exit ends the branch: nothing after it runs.
                let exits = self.tokens[branch.clone()]
                    .iter()
                    .flatten()
                    .any(|t| matches!(t.text, "return" | "break" | "continue" | "raise"));
                if exits {
                    continue;
                }
                let Some(last) = branch
                    .clone()
                    .rev()
                    .find(|&k| self.lines.get(k).is_some_and(|l| !l.trim().is_empty()))
                else {
                    continue;
                };
                // A branch that advances a position of its own (a merge's `j += 1` beside
                // `i += 1`) moves its twin, not the other branch's.
                let advances_another = self.tokens[branch.clone()]
                    .iter()
                    .any(|t| advanced_name(t, language).is_some());
                let mut offered: Vec<String> = Vec::new();
                for (o, other) in group.iter().enumerate() {
                    if o == b {
                        continue;
                    }
                    for k in other.clone() {
                        let (Some(tokens), Some(line)) = (self.tokens.get(k), self.lines.get(k))
                        else {
                            continue;
                        };
                        // A constant assignment is offered as written; a position advanced
                        // in a loop (`col += spaces`), as a step of one (`col += 1`): each
                        // item moves it, whichever branch it takes (probe38-python-01).
                        let (name, statement) =
                            if let Some(name) = constant_assignment(tokens, language) {
                                (name, line.trim().to_string())
                            } else if let Some(name) = advanced_name(tokens, language)
                                && self.inside_a_loop(k)
                                && !advances_another
                            {
                                let end = if language == Language::Rust { ";" } else { "" };
                                (name, format!("{name} += 1{end}"))
                            } else {
                                continue;
                            };
                        if assigned_here(name) || offered.contains(&statement) {
                            continue;
                        }
                        let pad = self.lines.get(last).map_or("", |l| &l[..indent(l)]);
                        hunks.extend(self.lines_inserted_after(
                            file,
                            last,
                            vec![format!("{pad}{statement}")],
                            MutationOperator::MirrorStatement,
                            format!("`{statement}` as a sibling branch does it"),
                        ));
                        offered.push(statement);
                    }
                }
            }
        }
        hunks
    }
}
