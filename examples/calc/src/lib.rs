//! A tiny calculator: the default example workspace for tact.
//!
//! One of these functions has a bug, and `cargo test` shows it.

/// `a + b`.
pub fn add(a: i64, b: i64) -> i64 {
    a + b
}

/// `a - b`.
pub fn subtract(a: i64, b: i64) -> i64 {
    a + b
}

/// `a * b`.
pub fn multiply(a: i64, b: i64) -> i64 {
    a * b
}

/// `a / b`, or `None` when `b` is zero.
pub fn divide(a: i64, b: i64) -> Option<i64> {
    if b == 0 { None } else { Some(a / b) }
}

/// Evaluates `left op right` for one of `+ - * /`.
pub fn evaluate(left: i64, op: char, right: i64) -> Option<i64> {
    match op {
        '+' => Some(add(left, right)),
        '-' => Some(subtract(left, right)),
        '*' => Some(multiply(left, right)),
        '/' => divide(left, right),
        _ => None,
    }
}
