//! A root compared with the number it was taken from: `int(round(a ** (1. / 3))) == a` asks
//! whether `a` is a cube only once the root is raised back, `… ** 3 == a`; Rust's
//! `sqrt_3 as i32 == a1 as i32` (where `sqrt_3` is `f64::powf(a1, 1.0 / 3.0).ceil()`) becomes
//! `i32::pow(sqrt_3 as i32, 3) == a1 as i32`. A hand-inserted bug that drops the power leaves
//! a comparison of a root with its radicand, true only for 0 and 1.

use regex::Regex;

use super::super::{Language, MutationOperator, Token, TokenKind};
use super::{FunctionText, HunkMutation};

/// The power a root in `code` undoes: `** (1. / 3)`, `powf(x, 1.0 / 3.0)` and `cbrt` → 3,
/// `sqrt` and `** 0.5` → 2.
fn root_power(code: &str) -> Option<u32> {
    let patterns = [
        r"\*\*\s*\(\s*1\.?0*\s*/\s*(\d+)\.?0*\s*\)",
        r"powf\s*\([^,]*,\s*1\.?0*\s*/\s*(\d+)\.?0*\s*\)",
    ];
    for pattern in patterns {
        if let Ok(re) = Regex::new(pattern)
            && let Some(n) = re.captures(code).and_then(|c| c.get(1))
            && let Ok(n) = n.as_str().parse::<u32>()
            && (2..=9).contains(&n)
        {
            return Some(n);
        }
    }
    // Calls only: a name such as `sqrt_3` is no root by itself.
    let called =
        |name: &str| Regex::new(&format!(r"{name}\s*\(")).is_ok_and(|re| re.is_match(code));
    if called("cbrt") {
        return Some(3);
    }
    if called("sqrt") || code.contains("** 0.5") || code.contains("**0.5") {
        return Some(2);
    }
    None
}

const INTEGER_TYPES: [&str; 8] = ["i32", "i64", "u32", "u64", "usize", "isize", "i128", "u128"];

impl FunctionText<'_> {
    /// See the module: each `==`/`!=` with a root on one side and none on the other gets the
    /// root raised back to its power.
    pub(super) fn raised_roots(&self, file: &str, language: Language) -> Vec<HunkMutation> {
        // Names assigned a root, with its power.
        let mut roots: Vec<(&str, u32)> = Vec::new();
        for (line, tokens) in self.tokens.iter().enumerate() {
            let Some(eq) = tokens.iter().position(|t| t.text == "=") else {
                continue;
            };
            let Some(name) = tokens[..eq]
                .iter()
                .rev()
                .find(|t| t.kind == TokenKind::Ident && !matches!(t.text, "let" | "mut"))
            else {
                continue;
            };
            let (Some(text), Some(eq_token)) = (self.lines.get(line), tokens.get(eq)) else {
                continue;
            };
            if let Some(power) = text.get(eq_token.end..).and_then(root_power) {
                roots.push((name.text, power));
            }
        }
        let mut hunks = Vec::new();
        for (line, tokens) in self.tokens.iter().enumerate() {
            let Some(text) = self.lines.get(line) else {
                continue;
            };
            for (k, op) in tokens.iter().enumerate() {
                if !matches!(op.text, "==" | "!=") || k == 0 {
                    continue;
                }
                let (Some(left), Some(right)) = (side_start(tokens, k), side_end(tokens, k)) else {
                    continue;
                };
                let side = |from: usize, to: usize| -> Option<u32> {
                    let code = text.get(tokens.get(from)?.start..tokens.get(to - 1)?.end)?;
                    root_power(code).or_else(|| {
                        tokens[from..to]
                            .iter()
                            .find_map(|t| roots.iter().find(|(n, _)| *n == t.text).map(|(_, p)| *p))
                    })
                };
                let (l, r) = (side(left, k), side(k + 1, right));
                let (from, to, power) = match (l, r) {
                    (Some(p), None) => (left, k, p),
                    (None, Some(p)) => (k + 1, right, p),
                    _ => continue,
                };
                let Some(raised) = raise(text, &tokens[from..to], power, language) else {
                    continue;
                };
                let (start, end) = (tokens[from].start, tokens[to - 1].end);
                let new_line = format!("{}{raised}{}", &text[..start], &text[end..]);
                hunks.extend(self.line_replaced(
                    file,
                    line,
                    new_line,
                    MutationOperator::RaiseRoot,
                    format!(
                        "`{}` → `{raised}` (a root compared with what it was taken from)",
                        &text[start..end]
                    ),
                ));
            }
        }
        hunks
    }
}

/// Where a comparison side ends: the tokens that end an expression, at the side's own depth.
fn ends_side(token: &Token<'_>) -> bool {
    matches!(
        token.text,
        "return"
            | "if"
            | "elif"
            | "while"
            | "assert"
            | "and"
            | "or"
            | "not"
            | "&&"
            | "||"
            | "="
            | ":"
            | ";"
            | ","
            | "{"
            | "}"
            | "=>"
    )
}

/// The first token of the comparison side left of the operator at `op`.
fn side_start(tokens: &[Token<'_>], op: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut k = op;
    while k > 0 {
        let t = &tokens[k - 1];
        match t.kind {
            TokenKind::Close => depth += 1,
            TokenKind::Open if depth == 0 => break,
            TokenKind::Open => depth -= 1,
            _ if depth == 0 && ends_side(t) => break,
            _ => {}
        }
        k -= 1;
    }
    (k < op).then_some(k)
}

/// One past the last token of the comparison side right of the operator at `op`.
fn side_end(tokens: &[Token<'_>], op: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut k = op + 1;
    while let Some(t) = tokens.get(k) {
        match t.kind {
            TokenKind::Open if t.text == "{" && depth == 0 => break,
            TokenKind::Open => depth += 1,
            TokenKind::Close if depth == 0 => break,
            TokenKind::Close => depth -= 1,
            _ if depth == 0 && ends_side(t) => break,
            _ => {}
        }
        k += 1;
    }
    (k > op + 1).then_some(k)
}

/// `operand` (the tokens of one side of a comparison) raised to `power`.
fn raise(text: &str, operand: &[Token<'_>], power: u32, language: Language) -> Option<String> {
    let code = text.get(operand.first()?.start..operand.last()?.end)?;
    match language {
        Language::Python => {
            let single = operand.len() == 1
                || operand.first()?.kind == TokenKind::Ident
                    && operand.get(1).is_some_and(|t| t.text == "(")
                    && operand.last()?.text == ")"
                    && super::super::expr::operand_end(operand, 0, language) == Some(operand.len());
            if single {
                Some(format!("{code} ** {power}"))
            } else {
                Some(format!("({code}) ** {power}"))
            }
        }
        Language::Rust => {
            let n = operand.len();
            let cast = (n >= 3 && operand[n - 2].text == "as").then(|| operand[n - 1].text);
            match cast {
                Some(ty) if INTEGER_TYPES.contains(&ty) => {
                    Some(format!("{ty}::pow({code}, {power})"))
                }
                _ => Some(format!("({code}).powi({power})")),
            }
        }
    }
}
