//! `calc`: a small exact-where-possible expression evaluator, so arithmetic never goes through
//! the model. Integers stay exact (i128, checked) until an operation needs a fraction.
//!
//! Grammar (lowest to highest precedence): `+ -`, `* / %`, unary `- +`, `^` (right
//! associative, binds tighter than unary minus: `-2^2 = -4`), calls, parentheses.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use serde_json::{Value, json};
use thiserror::Error;

use super::{ToolError, ToolOutput, str_arg};

const MAX_DEPTH: usize = 128;

#[derive(Debug, Clone, PartialEq, Error)]
pub enum CalcError {
    #[error("at character {at}: {reason}")]
    Syntax { at: usize, reason: String },
    #[error("unknown variable `{0}` (bind it in `variables`)")]
    UnknownVariable(String),
    #[error("unknown function `{0}`; known: min max abs sqrt floor ceil round ln log exp")]
    UnknownFunction(String),
    #[error("`{name}` takes {expected} argument(s), got {got}")]
    Arity {
        name: String,
        expected: String,
        got: usize,
    },
    #[error("division by zero")]
    DivisionByZero,
    #[error("the result is not a finite number ({0})")]
    NotFinite(String),
    #[error("the expression nests deeper than {MAX_DEPTH} levels")]
    TooDeep,
}

/// A number: exact integer while possible.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Num {
    Int(i128),
    Float(f64),
}

impl Num {
    pub fn as_f64(self) -> f64 {
        match self {
            Num::Int(i) => i as f64,
            Num::Float(f) => f,
        }
    }

    fn checked_float(f: f64, what: &str) -> Result<Num, CalcError> {
        if f.is_finite() {
            Ok(Num::Float(f))
        } else {
            Err(CalcError::NotFinite(what.to_string()))
        }
    }

    /// JSON form: an integer when exact and representable, else a float.
    pub fn to_json(self) -> Value {
        match self {
            Num::Int(i) => i64::try_from(i)
                .map(Value::from)
                .unwrap_or_else(|_| json!(i as f64)),
            Num::Float(f) if f.fract() == 0.0 && f.abs() < 9.0e15 => json!(f as i64),
            Num::Float(f) => json!(f),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Num(Num),
    Ident(String),
    Op(char),
    LParen,
    RParen,
    Comma,
}

fn tokenize(text: &str) -> Result<Vec<(usize, Token)>, CalcError> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let start = i;
        if c.is_whitespace() {
            i += 1;
        } else if c.is_ascii_digit() || c == '.' {
            while i < chars.len()
                && (chars[i].is_ascii_digit() || chars[i] == '.' || chars[i] == '_')
            {
                i += 1;
            }
            // exponent: 1e5, 2.5E-3
            if i < chars.len() && (chars[i] == 'e' || chars[i] == 'E') {
                let mut j = i + 1;
                if j < chars.len() && (chars[j] == '+' || chars[j] == '-') {
                    j += 1;
                }
                if j < chars.len() && chars[j].is_ascii_digit() {
                    while j < chars.len() && chars[j].is_ascii_digit() {
                        j += 1;
                    }
                    i = j;
                }
            }
            let literal: String = chars[start..i].iter().filter(|c| **c != '_').collect();
            let num = if literal.contains(['.', 'e', 'E']) {
                literal.parse::<f64>().ok().map(Num::Float)
            } else {
                literal.parse::<i128>().ok().map(Num::Int)
            };
            let num = num.ok_or_else(|| CalcError::Syntax {
                at: start,
                reason: format!("bad number `{literal}`"),
            })?;
            tokens.push((start, Token::Num(num)));
        } else if c.is_alphabetic() || c == '_' {
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            tokens.push((start, Token::Ident(chars[start..i].iter().collect())));
        } else {
            let token = match c {
                '+' | '-' | '*' | '/' | '%' | '^' => Token::Op(c),
                '(' => Token::LParen,
                ')' => Token::RParen,
                ',' => Token::Comma,
                other => {
                    return Err(CalcError::Syntax {
                        at: start,
                        reason: format!("unexpected character `{other}`"),
                    });
                }
            };
            // `**` is a common spelling of power.
            if c == '*' && chars.get(i + 1) == Some(&'*') {
                tokens.push((start, Token::Op('^')));
                i += 2;
            } else {
                tokens.push((start, token));
                i += 1;
            }
        }
    }
    Ok(tokens)
}

struct Parser<'a> {
    tokens: Vec<(usize, Token)>,
    pos: usize,
    end: usize,
    variables: &'a BTreeMap<String, Num>,
    depth: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.pos).map(|(_, t)| t)
    }

    fn at(&self) -> usize {
        self.tokens.get(self.pos).map_or(self.end, |(at, _)| *at)
    }

    fn syntax(&self, reason: &str) -> CalcError {
        CalcError::Syntax {
            at: self.at(),
            reason: reason.to_string(),
        }
    }

    fn expect(&mut self, token: &Token, what: &str) -> Result<(), CalcError> {
        if self.peek() == Some(token) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.syntax(&format!("expected {what}")))
        }
    }

    fn enter(&mut self) -> Result<(), CalcError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            Err(CalcError::TooDeep)
        } else {
            Ok(())
        }
    }

    fn expr(&mut self) -> Result<Num, CalcError> {
        self.enter()?;
        let mut value = self.term()?;
        while let Some(Token::Op(op @ ('+' | '-'))) = self.peek().cloned() {
            self.pos += 1;
            let rhs = self.term()?;
            value = binary(op, value, rhs)?;
        }
        self.depth -= 1;
        Ok(value)
    }

    fn term(&mut self) -> Result<Num, CalcError> {
        let mut value = self.unary()?;
        while let Some(Token::Op(op @ ('*' | '/' | '%'))) = self.peek().cloned() {
            self.pos += 1;
            let rhs = self.unary()?;
            value = binary(op, value, rhs)?;
        }
        Ok(value)
    }

    fn unary(&mut self) -> Result<Num, CalcError> {
        match self.peek() {
            Some(Token::Op('-')) => {
                self.pos += 1;
                self.enter()?;
                let v = self.unary()?;
                self.depth -= 1;
                binary('-', Num::Int(0), v)
            }
            Some(Token::Op('+')) => {
                self.pos += 1;
                self.enter()?;
                let v = self.unary();
                self.depth -= 1;
                v
            }
            _ => self.power(),
        }
    }

    fn power(&mut self) -> Result<Num, CalcError> {
        let base = self.primary()?;
        if self.peek() == Some(&Token::Op('^')) {
            self.pos += 1;
            self.enter()?;
            let exponent = self.unary()?;
            self.depth -= 1;
            return binary('^', base, exponent);
        }
        Ok(base)
    }

    fn primary(&mut self) -> Result<Num, CalcError> {
        match self.peek().cloned() {
            Some(Token::Num(n)) => {
                self.pos += 1;
                Ok(n)
            }
            Some(Token::LParen) => {
                self.pos += 1;
                let v = self.expr()?;
                self.expect(&Token::RParen, "`)`")?;
                Ok(v)
            }
            Some(Token::Ident(name)) => {
                self.pos += 1;
                if self.peek() == Some(&Token::LParen) {
                    self.pos += 1;
                    let mut args = Vec::new();
                    if self.peek() != Some(&Token::RParen) {
                        loop {
                            args.push(self.expr()?);
                            if self.peek() == Some(&Token::Comma) {
                                self.pos += 1;
                            } else {
                                break;
                            }
                        }
                    }
                    self.expect(&Token::RParen, "`)` or `,`")?;
                    return call(&name, &args);
                }
                if let Some(v) = self.variables.get(&name) {
                    return Ok(*v);
                }
                match name.as_str() {
                    "pi" => Ok(Num::Float(std::f64::consts::PI)),
                    "e" => Ok(Num::Float(std::f64::consts::E)),
                    _ => Err(CalcError::UnknownVariable(name)),
                }
            }
            _ => Err(self.syntax("expected a number, a name or `(`")),
        }
    }
}

fn binary(op: char, a: Num, b: Num) -> Result<Num, CalcError> {
    if let (Num::Int(x), Num::Int(y)) = (a, b) {
        let exact = match op {
            '+' => x.checked_add(y),
            '-' => x.checked_sub(y),
            '*' => x.checked_mul(y),
            '/' | '%' if y == 0 => return Err(CalcError::DivisionByZero),
            '/' => (x % y == 0).then(|| x / y),
            '%' => Some(x % y),
            '^' => u32::try_from(y).ok().and_then(|e| x.checked_pow(e)),
            _ => None,
        };
        if let Some(v) = exact {
            return Ok(Num::Int(v));
        }
    }
    let (x, y) = (a.as_f64(), b.as_f64());
    let v = match op {
        '+' => x + y,
        '-' => x - y,
        '*' => x * y,
        '/' | '%' if y == 0.0 => return Err(CalcError::DivisionByZero),
        '/' => x / y,
        '%' => x % y,
        '^' => x.powf(y),
        _ => {
            return Err(CalcError::Syntax {
                at: 0,
                reason: format!("unknown operator `{op}`"),
            });
        }
    };
    Num::checked_float(v, &format!("{x} {op} {y}"))
}

fn call(name: &str, args: &[Num]) -> Result<Num, CalcError> {
    let arity = |expected: &str| CalcError::Arity {
        name: name.to_string(),
        expected: expected.to_string(),
        got: args.len(),
    };
    let one = || match args {
        [x] => Ok(*x),
        _ => Err(arity("1")),
    };
    let float = |f: f64| Num::checked_float(f, name);
    match name {
        "min" | "max" => {
            let (first, rest) = args.split_first().ok_or_else(|| arity("1 or more"))?;
            Ok(rest.iter().fold(*first, |best, x| {
                let better = if name == "min" {
                    x.as_f64() < best.as_f64()
                } else {
                    x.as_f64() > best.as_f64()
                };
                if better { *x } else { best }
            }))
        }
        "abs" => match one()? {
            Num::Int(i) => Ok(i
                .checked_abs()
                .map_or(Num::Float((i as f64).abs()), Num::Int)),
            Num::Float(f) => Ok(Num::Float(f.abs())),
        },
        "sqrt" => {
            let x = one()?;
            if let Num::Int(i) = x
                && i >= 0
            {
                let r = (i as f64).sqrt().round() as i128;
                if r.checked_mul(r) == Some(i) {
                    return Ok(Num::Int(r));
                }
            }
            float(x.as_f64().sqrt())
        }
        "floor" | "ceil" | "round" => {
            let x = one()?;
            let v = match name {
                "floor" => x.as_f64().floor(),
                "ceil" => x.as_f64().ceil(),
                _ => x.as_f64().round(),
            };
            match x {
                Num::Int(i) => Ok(Num::Int(i)),
                Num::Float(_) if v.abs() < 1.0e30 => Ok(Num::Int(v as i128)),
                Num::Float(_) => float(v),
            }
        }
        "ln" => float(one()?.as_f64().ln()),
        "exp" => float(one()?.as_f64().exp()),
        "log" => match args {
            [x] => float(x.as_f64().log10()),
            [x, base] => float(x.as_f64().log(base.as_f64())),
            _ => Err(arity("1 or 2")),
        },
        _ => Err(CalcError::UnknownFunction(name.to_string())),
    }
}

/// Evaluate `expression` with `variables` bound.
/// Arithmetic said in words, written in this calculator's syntax: "48 times 37, minus 125" →
/// `48 * 37 - 125`, "the square root of 2025 and add 7" → `sqrt(2025) + 7`, "3 to the power
/// of 4" → `3 ^ 4`, "9 squared" → `9 ^ 2`. The rest of the text is kept, so the request's
/// arithmetic can then be read off it as if it had been written with symbols; `None` when
/// nothing was said in words.
pub fn spoken_arithmetic(text: &str) -> Option<String> {
    let mut out = text.to_string();
    for (re, replacement) in SPOKEN_RULES.iter() {
        out = re.replace_all(&out, *replacement).into_owned();
    }
    (out != text).then_some(out)
}

/// Ordinal words of a power ("the fourth power"), as the digits the power rule reads.
const ORDINALS: [(&str, &str); 9] = [
    ("second", "the 2 power"),
    ("third", "the 3 power"),
    ("fourth", "the 4 power"),
    ("fifth", "the 5 power"),
    ("sixth", "the 6 power"),
    ("seventh", "the 7 power"),
    ("eighth", "the 8 power"),
    ("ninth", "the 9 power"),
    ("tenth", "the 10 power"),
];

/// [`spoken_arithmetic`]'s rewrites, in order, compiled once.
static SPOKEN_RULES: LazyLock<Vec<(regex::Regex, &'static str)>> =
    LazyLock::new(|| {
        const NUM: &str = r"(-?\d+(?:\.\d+)?)";
        // "and add", "and then add", ", then add", " then add": a step on what came before.
        const THEN: &str = r"(?:,?\s+and\s+(?:then\s+)?|,?\s+then\s+)";
        const RESULT: &str = r"(?:it\s+|that\s+|the\s+result\s+|the\s+total\s+)?";
        let mut rules: Vec<(String, &str)> = ORDINALS
            .iter()
            .map(|(word, digits)| (format!(r"(?i)\bthe\s+{word}\s+power\b"), *digits))
            .collect();
        rules.extend([
        (
            format!(r"(?i)\b(?:the\s+)?square\s+root\s+of\s+{NUM}"),
            "sqrt($1)",
        ),
        (format!(r"(?i){NUM}\s+squared\b"), "$1 ^ 2"),
        (format!(r"(?i){NUM}\s+cubed\b"), "$1 ^ 3"),
        (
            format!(
                r"(?i){NUM}\s+(?:to\s+the\s+power\s+of|raised\s+to(?:\s+the\s+power\s+of)?)\s+{NUM}"
            ),
            "$1 ^ $2",
        ),
        // "1.5 raised to the 4th power" (ordinal words were made digits above).
        (
            format!(
                r"(?i){NUM}\s+(?:raised\s+)?to\s+the\s+(\d+)(?:st|nd|rd|th)?\s+power\b"
            ),
            "$1 ^ $2",
        ),
        // A share: "what percentage is 7 out of 8" → 7 / 8 * 100.
        (
            format!(r"(?i)(percent(?:age)?\s+(?:is|are)\s+){NUM}\s+(?:out\s+of|of)\s+{NUM}"),
            "$1$2 / $3 * 100",
        ),
        // Multiplied first, so a whole result stays whole in floats.
        (format!(r"(?i){NUM}\s*(?:%|percent)\s+of\s+{NUM}"), "$1 * $2 / 100"),
        // Verbs leading their operands: "multiply 64.5 by 18", "subtract 4 from 10".
        (format!(r"(?i)\bmultiply\s+{NUM}\s+(?:by|and)\s+{NUM}"), "$1 * $2"),
        (format!(r"(?i)\bdivide\s+{NUM}\s+by\s+{NUM}"), "$1 / $2"),
        (format!(r"(?i)\badd\s+{NUM}\s+(?:and|to)\s+{NUM}"), "$1 + $2"),
        (format!(r"(?i)\bsubtract\s+{NUM}\s+from\s+{NUM}"), "$2 - $1"),
        (format!(r"(?i){THEN}add\s+"), " + "),
        (format!(r"(?i){THEN}subtract\s+"), " - "),
        (format!(r"(?i){THEN}multiply\s+{RESULT}by\s+"), " * "),
        (format!(r"(?i){THEN}divide\s+{RESULT}by\s+"), " / "),
    ]);
        rules.extend([
            (r"(?i)\s+(?:times|multiplied\s+by)\s+".to_string(), " * "),
            (r"(?i)\s+divided\s+by\s+".into(), " / "),
            (r"(?i),?\s+plus\s+".into(), " + "),
            (r"(?i),?\s+minus\s+".into(), " - "),
        ]);
        rules
            .into_iter()
            .filter_map(|(pattern, replacement)| {
                Some((regex::Regex::new(&pattern).ok()?, replacement))
            })
            .collect()
    });

pub fn evaluate(expression: &str, variables: &BTreeMap<String, Num>) -> Result<Num, CalcError> {
    let tokens = tokenize(expression)?;
    let mut parser = Parser {
        tokens,
        pos: 0,
        end: expression.chars().count(),
        variables,
        depth: 0,
    };
    let value = parser.expr()?;
    if parser.pos != parser.tokens.len() {
        return Err(parser.syntax("unexpected input after the expression"));
    }
    Ok(value)
}

pub(super) fn run(args: &Value) -> Result<ToolOutput, ToolError> {
    let expression = str_arg(args, "expression")?;
    let mut variables = BTreeMap::new();
    if let Some(map) = args.get("variables").and_then(Value::as_object) {
        for (name, value) in map {
            let num = if let Some(i) = value.as_i64() {
                Num::Int(i128::from(i))
            } else if let Some(f) = value.as_f64() {
                Num::Float(f)
            } else {
                return Err(ToolError::InvalidArgs(format!(
                    "variable `{name}` must be a number"
                )));
            };
            variables.insert(name.clone(), num);
        }
    }
    let value = evaluate(expression, &variables)?;
    Ok(ToolOutput::plain(json!({
        "value": value.to_json(),
        "expression": expression,
    })))
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    fn eval(text: &str) -> Result<Num, CalcError> {
        evaluate(text, &BTreeMap::new())
    }

    #[test]
    fn arithmetic_said_in_words_is_written_in_symbols() {
        for (text, expected) in [
            ("What is 48 times 37, minus 125?", "What is 48 * 37 - 125?"),
            (
                "Take the square root of 2025 and add 7.",
                "Take sqrt(2025) + 7.",
            ),
            ("3 to the power of 4 divided by 9", "3 ^ 4 / 9"),
            ("12 squared plus 1", "12 ^ 2 + 1"),
            ("10 multiplied by 3, and then subtract 4", "10 * 3 - 4"),
            // everyday3's fit side: a share, an ordinal power, a leading verb.
            (
                "What percentage is 7 out of 8?",
                "What percentage is 7 / 8 * 100?",
            ),
            ("What's 1.5 raised to the fourth power?", "What's 1.5 ^ 4?"),
            ("2 to the 10th power", "2 ^ 10"),
            (
                "Quick one: multiply 64.5 by 18, then divide the result by 100.",
                "Quick one: 64.5 * 18 / 100.",
            ),
            ("What is 12.5% of 3480?", "What is 12.5 * 3480 / 100?"),
            ("subtract 4 from 10", "10 - 4"),
        ] {
            assert_eq!(spoken_arithmetic(text).as_deref(), Some(expected), "{text}");
        }
        assert_eq!(spoken_arithmetic("Compute 17 * 23 + 4."), None);
        assert_eq!(eval("7 / 8 * 100").map(Num::as_f64), Ok(87.5));
        assert_eq!(eval("1.5 ^ 4").map(Num::as_f64), Ok(5.0625));
        assert_eq!(eval("17.5 * 2640 / 100").map(Num::as_f64), Ok(462.0));
        assert_eq!(eval("48 * 37 - 125").map(Num::to_json), Ok(json!(1651)));
        assert_eq!(eval("sqrt(2025) + 7").map(Num::as_f64), Ok(52.0));
    }

    #[test]
    fn precedence_and_associativity() {
        assert_eq!(eval("1 + 2 * 3").unwrap(), Num::Int(7));
        assert_eq!(eval("(1 + 2) * 3").unwrap(), Num::Int(9));
        assert_eq!(eval("2 ^ 3 ^ 2").unwrap(), Num::Int(512));
        assert_eq!(eval("-2 ^ 2").unwrap(), Num::Int(-4));
        assert_eq!(eval("10 - 4 - 3").unwrap(), Num::Int(3));
        assert_eq!(eval("17 % 5").unwrap(), Num::Int(2));
        assert_eq!(eval("--3").unwrap(), Num::Int(3));
        assert_eq!(eval("2**10").unwrap(), Num::Int(1024));
    }

    #[test]
    fn integers_stay_exact_and_fractions_become_floats() {
        assert_eq!(
            eval("123456789012345678 * 10").unwrap(),
            Num::Int(1234567890123456780)
        );
        assert_eq!(eval("6 / 3").unwrap(), Num::Int(2));
        assert_eq!(eval("7 / 2").unwrap(), Num::Float(3.5));
        assert_eq!(eval("0.1 + 0.2").unwrap().as_f64(), 0.1 + 0.2);
        assert_eq!(eval("1e3").unwrap(), Num::Float(1000.0));
    }

    #[test]
    fn functions_and_variables() {
        let mut vars = BTreeMap::new();
        vars.insert("x".to_string(), Num::Int(4));
        vars.insert("rate".to_string(), Num::Float(0.5));
        assert_eq!(
            evaluate("sqrt(x) + max(1, x, 3) * rate", &vars).unwrap(),
            Num::Float(4.0)
        );
        assert_eq!(eval("abs(-5) + min(3, 2)").unwrap(), Num::Int(7));
        assert_eq!(eval("sqrt(16)").unwrap(), Num::Int(4));
        assert_eq!(
            eval("floor(2.7) + ceil(0.2) + round(1.5)").unwrap(),
            Num::Int(5)
        );
        assert!((eval("log(100)").unwrap().as_f64() - 2.0).abs() < 1e-12);
        assert!(matches!(evaluate("y + 1", &vars), Err(CalcError::UnknownVariable(v)) if v == "y"));
    }

    #[test]
    fn errors_are_reported_not_panicked() {
        assert_eq!(eval("1 / 0"), Err(CalcError::DivisionByZero));
        assert_eq!(eval("1 % 0"), Err(CalcError::DivisionByZero));
        assert!(matches!(eval("1 +"), Err(CalcError::Syntax { .. })));
        assert!(matches!(eval("(1"), Err(CalcError::Syntax { .. })));
        assert!(matches!(eval("1 2"), Err(CalcError::Syntax { .. })));
        assert!(matches!(
            eval("2 $ 3"),
            Err(CalcError::Syntax { at: 2, .. })
        ));
        assert!(matches!(
            eval("nope(1)"),
            Err(CalcError::UnknownFunction(_))
        ));
        assert!(matches!(eval("abs(1, 2)"), Err(CalcError::Arity { .. })));
        assert!(matches!(eval("sqrt(-1)"), Err(CalcError::NotFinite(_))));
        assert!(matches!(eval("10 ^ 400"), Err(CalcError::NotFinite(_))));
        let deep = format!("{}1{}", "(".repeat(10_000), ")".repeat(10_000));
        assert_eq!(eval(&deep), Err(CalcError::TooDeep));
        let minus = format!("{}1", "-".repeat(10_000));
        assert_eq!(eval(&minus), Err(CalcError::TooDeep));
    }
}
