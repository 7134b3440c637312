//! Missing guards: an early exit (`if c { return false; }`, `if c: return 'No'`) that the
//! function lacks, made from the guards it already has.
//!
//! A "missing logic" bug removes a whole check. What is left often says what the check was:
//! a sibling guard that compares the same operands another way (`lst[i] == lst[i - 1]` kept,
//! `lst[i] < lst[i - 1]` gone), or a collection built and never read (`suf = ['txt', …]` with
//! the `not in suf` check removed). Each candidate copies an existing guard — its shape, its
//! indentation, its exit — with a new condition, inserted right before or after it.

use super::super::{Language, MutationOperator, Token, TokenKind};
use super::{FunctionText, HunkMutation};

/// Most guard insertions per function: each is one probe when nothing else passes.
const MAX_GUARDS_PER_FUNCTION: usize = 48;
/// Most operands tried against a collection that is never read.
const MAX_MEMBERSHIP_OPERANDS: usize = 8;
const COMPARISONS: [&str; 6] = ["<", "<=", ">", ">=", "==", "!="];

/// An `if` whose body is one early exit: lines `head ..= last` of the function.
struct Guard {
    head: usize,
    last: usize,
    /// Token range of the condition in the head line.
    condition: std::ops::Range<usize>,
}

fn indent(line: &str) -> usize {
    line.len() - line.trim_start().len()
}

fn is_exit(token: Option<&Token<'_>>) -> bool {
    token.is_some_and(|t| matches!(t.text, "return" | "continue" | "break"))
}

impl FunctionText<'_> {
    /// The function's guards, in line order.
    fn guards(&self, language: Language) -> Vec<Guard> {
        let mut guards = Vec::new();
        for (offset, tokens) in self.tokens.iter().enumerate() {
            if tokens.first().is_none_or(|t| t.text != "if")
                || tokens.get(1).is_some_and(|t| t.text == "let")
            {
                continue;
            }
            let found = match language {
                Language::Python => self.python_guard(offset, tokens),
                Language::Rust => self.rust_guard(offset, tokens),
            };
            guards.extend(found);
        }
        guards
    }

    /// `if c:` then one exit statement (or `if c: return x` on one line).
    fn python_guard(&self, offset: usize, tokens: &[Token<'_>]) -> Option<Guard> {
        let mut depth = 0usize;
        let colon = tokens.iter().enumerate().skip(1).find_map(|(k, t)| {
            match t.kind {
                TokenKind::Open => depth += 1,
                TokenKind::Close => depth = depth.saturating_sub(1),
                _ if depth == 0 && t.text == ":" => return Some(k),
                _ => {}
            }
            None
        })?;
        if colon < 2 {
            return None;
        }
        let condition = 1..colon;
        if colon + 1 < tokens.len() {
            let next = self.lines.get(offset + 1).map_or("", |l| l.trim_start());
            if next.starts_with("else") || next.starts_with("elif") {
                return None;
            }
            return is_exit(tokens.get(colon + 1)).then_some(Guard {
                head: offset,
                last: offset,
                condition,
            });
        }
        let head = self.lines.get(offset)?;
        let body = self.lines.get(offset + 1)?;
        let after = self.lines.get(offset + 2).copied().unwrap_or("");
        let single = after.trim().is_empty() || indent(after) <= indent(head);
        // An `if` with an `else` is a branch, not a guard: a copy after it would split them.
        let branches = indent(after) == indent(head)
            && (after.trim_start().starts_with("else") || after.trim_start().starts_with("elif"));
        (indent(body) > indent(head)
            && single
            && !branches
            && is_exit(self.tokens.get(offset + 1)?.first()))
        .then_some(Guard {
            head: offset,
            last: offset + 1,
            condition,
        })
    }

    /// `if c {` then one exit statement then `}` (or all of it on one line).
    fn rust_guard(&self, offset: usize, tokens: &[Token<'_>]) -> Option<Guard> {
        let mut depth = 0usize;
        let brace = tokens.iter().enumerate().skip(1).find_map(|(k, t)| {
            match t.kind {
                TokenKind::Open if depth == 0 && t.text == "{" => return Some(k),
                TokenKind::Open => depth += 1,
                TokenKind::Close => depth = depth.saturating_sub(1),
                _ => {}
            }
            None
        })?;
        if brace < 2 {
            return None;
        }
        let condition = 1..brace;
        if brace + 1 < tokens.len() {
            let closes = tokens.last().is_some_and(|t| t.text == "}");
            let branches = tokens.iter().any(|t| t.text == "else");
            return (closes && !branches && is_exit(tokens.get(brace + 1))).then_some(Guard {
                head: offset,
                last: offset,
                condition,
            });
        }
        let head = self.lines.get(offset)?;
        let body = self.lines.get(offset + 1)?;
        let close = self.lines.get(offset + 2)?;
        // `}` then `else` on the next line is a branch too.
        let next = self.lines.get(offset + 3).map_or("", |l| l.trim_start());
        (indent(body) > indent(head)
            && close.trim() == "}"
            && !next.starts_with("else")
            && indent(close) == indent(head)
            && is_exit(self.tokens.get(offset + 1)?.first()))
        .then_some(Guard {
            head: offset,
            last: offset + 2,
            condition,
        })
    }

    /// Every guard insertion of the function: siblings of each guard (one clause of its
    /// condition, compared another way, before or after it), then membership checks against a
    /// collection the function builds and never reads (after its last guard).
    pub(super) fn guard_insertions(&self, file: &str, language: Language) -> Vec<HunkMutation> {
        let guards = self.guards(language);
        let mut hunks: Vec<HunkMutation> = Vec::new();
        let mut push = |hunk: Option<HunkMutation>| {
            if let Some(hunk) = hunk
                && hunks.len() < MAX_GUARDS_PER_FUNCTION
                && !hunks.contains(&hunk)
            {
                hunks.push(hunk);
            }
        };
        for guard in &guards {
            for condition in self.sibling_conditions(guard, language) {
                let description = format!("guard `{condition}` inserted beside its sibling");
                push(self.insert_guard(file, guard, &condition, true, &description));
                push(self.insert_guard(file, guard, &condition, false, &description));
            }
        }
        if let Some(last) = guards.last() {
            for (name, operand) in self.idle_collection_checks(language) {
                let (absent, present) = match language {
                    Language::Python => (
                        format!("{operand} not in {name}"),
                        format!("{operand} in {name}"),
                    ),
                    Language::Rust => (
                        format!("!{name}.contains(&{operand})"),
                        format!("{name}.contains(&{operand})"),
                    ),
                };
                for condition in [absent, present] {
                    let description =
                        format!("guard `{condition}` inserted (`{name}` is built and never read)");
                    push(self.insert_guard(file, last, &condition, false, &description));
                }
            }
        }
        hunks
    }

    /// New conditions from one guard's clauses: each clause with one comparison, compared by
    /// each other operator (`a == b && c` gives `a < b`, `a != b`, …).
    fn sibling_conditions(&self, guard: &Guard, language: Language) -> Vec<String> {
        let (Some(tokens), Some(head)) = (self.tokens.get(guard.head), self.lines.get(guard.head))
        else {
            return Vec::new();
        };
        let Some(condition) = tokens.get(guard.condition.clone()) else {
            return Vec::new();
        };
        let logical: &[&str] = match language {
            Language::Python => &["and", "or"],
            Language::Rust => &["&&", "||"],
        };
        // Clauses: token ranges split at the top level's logical operators.
        let mut clauses: Vec<std::ops::Range<usize>> = Vec::new();
        let (mut depth, mut start) = (0usize, 0usize);
        for (k, t) in condition.iter().enumerate() {
            match t.kind {
                TokenKind::Open => depth += 1,
                TokenKind::Close => depth = depth.saturating_sub(1),
                _ if depth == 0 && logical.contains(&t.text) => {
                    clauses.push(start..k);
                    start = k + 1;
                }
                _ => {}
            }
        }
        clauses.push(start..condition.len());
        let mut conditions = Vec::new();
        for clause in clauses {
            let Some(clause_tokens) = condition.get(clause.clone()) else {
                continue;
            };
            let mut depth = 0usize;
            let mut comparisons = Vec::new();
            for t in clause_tokens {
                match t.kind {
                    TokenKind::Open => depth += 1,
                    TokenKind::Close => depth = depth.saturating_sub(1),
                    _ if depth == 0 && COMPARISONS.contains(&t.text) => comparisons.push(t),
                    _ => {}
                }
            }
            let ([op], Some(first), Some(last)) = (
                comparisons.as_slice(),
                clause_tokens.first(),
                clause_tokens.last(),
            ) else {
                continue;
            };
            if matches!(first.text, "not" | "!") {
                continue;
            }
            let (Some(left), Some(right)) =
                (head.get(first.start..op.start), head.get(op.end..last.end))
            else {
                continue;
            };
            for other in COMPARISONS.iter().filter(|o| **o != op.text) {
                conditions.push(format!("{}{other}{}", left, right));
            }
        }
        conditions
    }

    /// A copy of `guard` with `condition` for its own, inserted before it or after it. None
    /// when the new head would repeat a line of the function.
    fn insert_guard(
        &self,
        file: &str,
        guard: &Guard,
        condition: &str,
        before: bool,
        description: &str,
    ) -> Option<HunkMutation> {
        let tokens = self.tokens.get(guard.head)?;
        let head = *self.lines.get(guard.head)?;
        let (first, last) = (
            tokens.get(guard.condition.start)?,
            tokens.get(guard.condition.end.checked_sub(1)?)?,
        );
        let new_head = format!(
            "{}{condition}{}",
            head.get(..first.start)?,
            head.get(last.end..)?
        );
        if self.lines.iter().any(|l| l.trim() == new_head.trim()) {
            return None;
        }
        let mut block = vec![new_head];
        for line in guard.head + 1..=guard.last {
            block.push(self.lines.get(line)?.to_string());
        }
        let at = if before { guard.head } else { guard.last };
        let kept = self.lines.get(at)?.to_string();
        let new_lines = if before {
            block.into_iter().chain([kept.clone()]).collect()
        } else {
            [kept.clone()].into_iter().chain(block).collect()
        };
        Some(HunkMutation {
            file: file.to_string(),
            line: u32::try_from(self.first + at + 1).ok()?,
            old_lines: vec![kept],
            new_lines,
            operator: MutationOperator::InsertGuard,
            description: description.to_string(),
        })
    }

    /// (collection, operand) pairs: a list, set, tuple, dict or string bound once in the
    /// function and never read again, with the values it could be checked against — the
    /// function's element reads first (`lst[0]`, and its neighbours `lst[1]`, `lst[-1]`), then
    /// its other variables and parameters.
    fn idle_collection_checks(&self, language: Language) -> Vec<(String, String)> {
        let mut idle: Vec<&str> = Vec::new();
        for (offset, tokens) in self.tokens.iter().enumerate().skip(1) {
            let (name, value) = match language {
                Language::Python => (tokens.first(), tokens.get(2)),
                Language::Rust if tokens.first().is_some_and(|t| t.text == "let") => {
                    (tokens.get(1), tokens.get(3))
                }
                Language::Rust => continue,
            };
            let bound = tokens
                .get(if language == Language::Rust { 2 } else { 1 })
                .is_some_and(|t| t.text == "=");
            let (Some(name), Some(value)) = (name, value) else {
                continue;
            };
            let collection = match value.kind {
                TokenKind::Open => matches!(value.text, "[" | "(" | "{"),
                TokenKind::Literal => true,
                TokenKind::Ident => {
                    language == Language::Rust
                        && value.text == "vec"
                        && tokens.get(4).is_some_and(|t| t.text == "!")
                }
                _ => false,
            };
            let read_elsewhere =
                self.tokens.iter().enumerate().any(|(other, line)| {
                    other != offset && line.iter().any(|t| t.text == name.text)
                });
            if name.kind == TokenKind::Ident && bound && collection && !read_elsewhere {
                idle.push(name.text);
            }
        }
        if idle.is_empty() {
            return Vec::new();
        }
        let operands = self.operands(language, &idle);
        idle.iter()
            .flat_map(|name| {
                operands
                    .iter()
                    .map(|operand| (name.to_string(), operand.clone()))
            })
            .collect()
    }

    /// Values a membership check could test: element reads with a literal index and their
    /// neighbours, then variables assigned in the function, then parameters (not `skip`).
    fn operands(&self, language: Language, skip: &[&str]) -> Vec<String> {
        let mut reads: Vec<String> = Vec::new();
        let mut names: Vec<String> = Vec::new();
        for (offset, tokens) in self.tokens.iter().enumerate() {
            for (k, t) in tokens.iter().enumerate() {
                let field = k > 0 && tokens.get(k - 1).is_some_and(|p| p.text == ".");
                if t.kind != TokenKind::Ident
                    || field
                    || skip.contains(&t.text)
                    || super::super::is_keyword(t.text, language)
                    || super::super::is_primitive_type(t.text, language)
                {
                    continue;
                }
                let next = |n: usize| tokens.get(k + n).map_or("", |t| t.text);
                if next(1) == "["
                    && tokens
                        .get(k + 2)
                        .is_some_and(|t| t.kind == TokenKind::Number)
                    && next(3) == "]"
                {
                    let index = next(2);
                    let mut indices = vec![index.to_string(), "0".into(), "1".into()];
                    if language == Language::Python {
                        indices.push("-1".into());
                    }
                    for i in indices {
                        let read = format!("{}[{i}]", t.text);
                        if !reads.contains(&read) {
                            reads.push(read);
                        }
                    }
                }
                // Bound here: a parameter (the signature), an assignment's target, `let x`.
                let parameter = offset == 0 && matches!(next(1), "," | ")" | ":");
                let target = k == 0 && super::super::is_assignment(next(1));
                let declared = k > 0 && tokens.get(k - 1).is_some_and(|p| p.text == "let");
                if (parameter || target || declared) && !names.iter().any(|n| n == t.text) {
                    names.push(t.text.to_string());
                }
            }
        }
        // The function's own name is not a value.
        if let Some(own) = self.tokens.first().and_then(|t| t.get(1)) {
            names.retain(|n| n != own.text);
        }
        reads
            .into_iter()
            .chain(names)
            .take(MAX_MEMBERSHIP_OPERANDS)
            .collect()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::super::super::{Language, MutationOperator, hunk_mutations};

    fn inserted(source: &str, language: Language, line: u32) -> Vec<(u32, Vec<String>)> {
        hunk_mutations("f", source, language, &[line], true)
            .into_iter()
            .filter(|h| h.operator == MutationOperator::InsertGuard)
            .map(|h| (h.line, h.new_lines))
            .collect()
    }

    #[test]
    fn hefix_rust_126_a_sibling_guard_compares_one_clause_another_way() {
        let source = "fn is_sorted(lst: Vec<i32>) -> bool {\n    for i in 1..lst.len() {\n        if i >= 2 && lst[i] == lst[i - 1] && lst[i] == lst[i - 2] {\n            return false;\n        }\n    }\n    true\n}\n";
        let all = inserted(source, Language::Rust, 3);
        let before = (
            3,
            vec![
                "        if lst[i] < lst[i - 1] {".to_string(),
                "            return false;".into(),
                "        }".into(),
                "        if i >= 2 && lst[i] == lst[i - 1] && lst[i] == lst[i - 2] {".into(),
            ],
        );
        assert!(all.contains(&before), "{all:#?}");
        let after = (
            5,
            vec![
                "        }".to_string(),
                "        if lst[i] < lst[i - 1] {".into(),
                "            return false;".into(),
                "        }".into(),
            ],
        );
        assert!(all.contains(&after), "{all:#?}");
        // Three clauses, five other operators each, two places.
        assert_eq!(all.len(), 30);
    }

    #[test]
    fn hefix_python_141_a_collection_never_read_gets_its_membership_check() {
        let source = "def check(file_name):\n    suf = ['txt', 'exe']\n    lst = file_name.split('.')\n    if len(lst) != 2:\n        return 'No'\n    if not lst[0][0].isalpha():\n        return 'No'\n    return 'Yes'\n";
        let all = inserted(source, Language::Python, 6);
        let want = (
            7,
            vec![
                "        return 'No'".to_string(),
                "    if lst[1] not in suf:".into(),
                "        return 'No'".into(),
            ],
        );
        assert!(all.contains(&want), "{all:#?}");
        // The sibling of `len(lst) != 2` is there too, before and after it.
        assert!(all.iter().any(|(_, l)| l[0] == "    if len(lst) == 2:"));
    }

    #[test]
    fn a_rust_collection_never_read_is_checked_with_contains() {
        let source = "fn check(name: &str) -> &str {\n    let suf = vec![\"txt\", \"exe\"];\n    let lst: Vec<&str> = name.split('.').collect();\n    if lst.len() != 2 {\n        return \"No\";\n    }\n    if lst[0].is_empty() {\n        return \"No\";\n    }\n    \"Yes\"\n}\n";
        let all = inserted(source, Language::Rust, 4);
        let want = (
            9,
            vec![
                "    }".to_string(),
                "    if !suf.contains(&lst[1]) {".into(),
                "        return \"No\";".into(),
                "    }".into(),
            ],
        );
        assert!(all.contains(&want), "{all:#?}");
    }

    #[test]
    fn one_line_guards_keep_their_shape() {
        let python = "def f(x):\n    if x > 3: return 0\n    return x\n";
        let all = inserted(python, Language::Python, 2);
        assert!(
            all.contains(&(
                2,
                vec![
                    "    if x < 3: return 0".to_string(),
                    "    if x > 3: return 0".into()
                ]
            )),
            "{all:#?}"
        );
        let rust = "fn f(x: i32) -> i32 {\n    if x > 3 { return 0; }\n    x\n}\n";
        let all = inserted(rust, Language::Rust, 2);
        assert!(
            all.contains(&(
                2,
                vec![
                    "    if x > 3 { return 0; }".to_string(),
                    "    if x == 3 { return 0; }".into()
                ]
            )),
            "{all:#?}"
        );
    }

    #[test]
    fn no_guard_is_made_from_an_if_that_does_more_than_leave() {
        let source = "def f(x):\n    if x > 3:\n        x -= 1\n        return x\n    if x == 0:\n        print(x)\n    return x\n";
        assert!(inserted(source, Language::Python, 2).is_empty());
        // An `if` with an `else` is a branch: nothing is inserted between them.
        let branch =
            "def h(x):\n    if x > 3:\n        return 1\n    else:\n        x += 1\n    return x\n";
        assert!(inserted(branch, Language::Python, 2).is_empty());
        let rust = "fn h(x: i32) -> i32 {\n    if x > 3 { return 1; } else { println!(\"{x}\"); }\n    x\n}\n";
        assert!(inserted(rust, Language::Rust, 2).is_empty());
        // A collection that is read is not idle.
        let read =
            "def g(s):\n    ok = ['a']\n    if len(s) > 1:\n        return 'No'\n    return ok\n";
        assert!(
            inserted(read, Language::Python, 3)
                .iter()
                .all(|(_, l)| !l.iter().any(|t| t.contains(" in ok")))
        );
    }
}
