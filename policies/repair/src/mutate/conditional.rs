//! A conditional expression whose two values are the wrong way round: `if flats { &SHARPS }
//! else { &FLATS }` where the flats were meant, Python's `a if c else b`. No one-token edit
//! reaches it — each single swap makes both arms equal — and negating the condition only
//! works where the condition is one term, so the arms are exchanged as a whole
//! (probe43-rs-19 probed 196 candidates without it).

use super::expr::matching_close;
use super::{Language, LineEdit, MutationOperator, Token, TokenKind, ends_operand};

/// Arms longer than this many tokens are not exchanged: the edit would be a rewrite.
const MAX_ARM_TOKENS: usize = 16;

/// Every one-line conditional expression of `text` with its arms exchanged.
pub(super) fn exchange_arm_edits(
    text: &str,
    tokens: &[Token<'_>],
    language: Language,
) -> Vec<LineEdit> {
    let arms = match language {
        Language::Rust => rust_arms(tokens),
        Language::Python => python_arms(tokens),
    };
    arms.into_iter()
        .filter_map(|(a, b)| {
            let (ta, tb) = (tokens.get(a.0)?, tokens.get(a.1 - 1)?);
            let (ua, ub) = (tokens.get(b.0)?, tokens.get(b.1 - 1)?);
            let first = text.get(ta.start..tb.end)?;
            let second = text.get(ua.start..ub.end)?;
            if first == second || a.1 - a.0 > MAX_ARM_TOKENS || b.1 - b.0 > MAX_ARM_TOKENS {
                return None;
            }
            let new_text = format!(
                "{}{second}{}{first}{}",
                text.get(..ta.start)?,
                text.get(tb.end..ua.start)?,
                text.get(ub.end..)?
            );
            Some(LineEdit {
                new_text,
                operator: MutationOperator::ExchangeArms,
                description: format!("arms exchanged: `{second}` first, `{first}` second"),
            })
        })
        .collect()
}

/// A half-open token range.
type Span = (usize, usize);

/// The index just past the group that opens at `open`, or `None` when it does not close on
/// this line.
fn group_end(tokens: &[Token<'_>], open: usize) -> Option<usize> {
    matching_close(tokens, open).map(|close| close + 1)
}

/// Rust: `if c { a } else { b }` on one line, not `else if` (a chain's arms are not two
/// values of one test).
fn rust_arms(tokens: &[Token<'_>]) -> Vec<(Span, Span)> {
    let mut out = Vec::new();
    for (k, t) in tokens.iter().enumerate() {
        if t.text != "if"
            || k.checked_sub(1)
                .and_then(|p| tokens.get(p))
                .is_some_and(|p| p.text == "else")
        {
            continue;
        }
        if tokens.get(k + 1).is_some_and(|n| n.text == "let") {
            continue;
        }
        // The condition ends at the first `{` outside brackets (a condition holds no struct
        // literal).
        let mut depth = 0usize;
        let mut open = None;
        for (i, c) in tokens.iter().enumerate().skip(k + 1) {
            match (c.kind, c.text) {
                (TokenKind::Open, "{") if depth == 0 => {
                    open = Some(i);
                    break;
                }
                (TokenKind::Open, _) => depth += 1,
                (TokenKind::Close, _) => match depth.checked_sub(1) {
                    Some(d) => depth = d,
                    None => break,
                },
                _ => {}
            }
        }
        let Some(open) = open.filter(|&o| o > k + 1) else {
            continue;
        };
        let Some(close) = group_end(tokens, open) else {
            continue;
        };
        let else_open = close + 1;
        if tokens.get(close).map(|t| t.text) != Some("else")
            || tokens.get(else_open).map(|t| t.text) != Some("{")
        {
            continue;
        }
        let Some(else_close) = group_end(tokens, else_open) else {
            continue;
        };
        let first = (open + 1, close - 1);
        let second = (else_open + 1, else_close - 1);
        if first.0 < first.1 && second.0 < second.1 {
            out.push((first, second));
        }
    }
    out
}

/// Python: `a if c else b`, its left arm back to the nearest bracket, comma, assignment,
/// `return`, `yield`, `lambda`, `:` or statement keyword; its right arm on to the same. A right arm holding
/// another `if` (a chain, or a comprehension's filter) is left alone.
fn python_arms(tokens: &[Token<'_>]) -> Vec<(Span, Span)> {
    let stops_left = |t: &Token<'_>| {
        t.kind == TokenKind::Comma
            || matches!(
                t.text,
                "=" | "+="
                    | "-="
                    | "*="
                    | "/="
                    | "//="
                    | "%="
                    | "return"
                    | "yield"
                    | "lambda"
                    | ":"
                    | "else"
                    | "if"
                    | "elif"
                    | "while"
                    | "assert"
                    | "in"
            )
    };
    let stops_right = |t: &Token<'_>| {
        t.kind == TokenKind::Comma || matches!(t.text, "for" | ":" | "if" | "else" | "=")
    };
    let mut out = Vec::new();
    for (k, t) in tokens.iter().enumerate() {
        // An expression's `if` follows an operand; a statement's starts the line.
        if t.text != "if" || k == 0 || !ends_operand(tokens.get(k - 1), Language::Python) {
            continue;
        }
        // The left arm: back to an unmatched opener or a stop at depth 0.
        let mut depth = 0usize;
        let mut start = 0;
        for i in (0..k).rev() {
            let p = &tokens[i];
            match p.kind {
                TokenKind::Close => depth += 1,
                TokenKind::Open => match depth.checked_sub(1) {
                    Some(d) => depth = d,
                    None => {
                        start = i + 1;
                        break;
                    }
                },
                _ if depth == 0 && stops_left(p) => {
                    start = i + 1;
                    break;
                }
                _ => {}
            }
        }
        // The condition up to `else` at depth 0, with no other `if` in it.
        let mut depth = 0usize;
        let mut else_at = None;
        for (i, c) in tokens.iter().enumerate().skip(k + 1) {
            match c.kind {
                TokenKind::Open => depth += 1,
                TokenKind::Close => match depth.checked_sub(1) {
                    Some(d) => depth = d,
                    None => break,
                },
                _ if depth == 0 && c.text == "else" => {
                    else_at = Some(i);
                    break;
                }
                _ if depth == 0 && (c.text == "if" || stops_right(c)) => break,
                _ => {}
            }
        }
        let Some(else_at) = else_at.filter(|&e| e > k + 1) else {
            continue;
        };
        // The right arm: on to an unmatched closer, a stop at depth 0 or the line's end.
        let mut depth = 0usize;
        let mut end = tokens.len();
        let mut nested = false;
        for (i, c) in tokens.iter().enumerate().skip(else_at + 1) {
            match c.kind {
                TokenKind::Open => depth += 1,
                TokenKind::Close => match depth.checked_sub(1) {
                    Some(d) => depth = d,
                    None => {
                        end = i;
                        break;
                    }
                },
                _ if depth == 0 && stops_right(c) => {
                    nested = c.text == "if";
                    end = i;
                    break;
                }
                _ => {}
            }
        }
        if !nested && start < k && else_at + 1 < end {
            out.push(((start, k), (else_at + 1, end)));
        }
    }
    out
}
