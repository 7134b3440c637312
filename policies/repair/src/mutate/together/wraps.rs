//! A value the description says wraps around ("the 24-hour clock time … wrapping around
//! midnight", "taken to be on the next day", "cycles through the alphabet") computed without
//! the wrap: `let hours = total / 60;` where 24 hours make a day. The value is taken modulo
//! the cycle the description's units name (24 for hours, 60 for minutes, 26 for letters, 7 for
//! weekdays, 360 for degrees), or modulo a cycle times a factor the body scales by (`h * 60`
//! counts minutes, so a day is `24 * 60`). Probed first: the description states the wrap.

use super::super::{Language, MutationOperator, Token, TokenKind};
use super::{FunctionText, HunkMutation};

use super::super::indentation as indent;

/// Words that say a value wraps around: without one of them no cycle is offered.
const WRAP_WORDS: [&str; 9] = [
    "wrap", "wraps", "wrapping", "wrapped", "midnight", "circular", "cyclic", "cycles", "modulo",
];

/// Units and the cycle each one completes.
const CYCLES: [(&str, u32); 13] = [
    ("hour", 24),
    ("hours", 24),
    ("day", 24),
    ("midnight", 24),
    ("minute", 60),
    ("minutes", 60),
    ("second", 60),
    ("seconds", 60),
    ("alphabet", 26),
    ("letters", 26),
    ("weekday", 7),
    ("weekdays", 7),
    ("degrees", 360),
];

/// The cycles `description` names, when it says a value wraps around: each unit's cycle, and
/// a number written with "-hour" (`12-hour clock`) instead of the day's 24.
fn described_cycles(description: &str) -> Vec<u32> {
    let lower = description.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_ascii_alphanumeric() && c != '-')
        .filter(|w| !w.is_empty())
        .collect();
    let wraps = words
        .iter()
        .flat_map(|w| w.split('-'))
        .any(|w| WRAP_WORDS.contains(&w))
        || lower.contains("next day");
    if !wraps {
        return Vec::new();
    }
    let mut cycles = Vec::new();
    let mut push = |n: u32| {
        if !cycles.contains(&n) {
            cycles.push(n);
        }
    };
    // `12-hour`: the clock's own cycle comes before the day's.
    for n in clock_cycles(&lower) {
        push(n);
    }
    for word in words.iter().flat_map(|w| w.split('-')) {
        if let Some(&(_, n)) = CYCLES.iter().find(|(unit, _)| *unit == word) {
            push(n);
        }
    }
    cycles
}

/// The numbers written with "-hour" (`12-hour clock`) in a lowercased description.
fn clock_cycles(lower: &str) -> Vec<u32> {
    lower
        .split(|c: char| !c.is_ascii_alphanumeric() && c != '-')
        .filter_map(|word| match word.split_once('-') {
            Some((number, "hour")) => number.parse::<u32>().ok().filter(|&n| n > 1),
            _ => None,
        })
        .collect()
}

/// Whether `tokens` (an expression) holds an operator that binds looser than `%`, so the
/// expression needs parentheses before `% n` applies to all of it.
fn needs_parentheses(tokens: &[Token<'_>]) -> bool {
    let mut depth = 0i32;
    tokens.iter().any(|t| {
        match t.kind {
            TokenKind::Open => depth += 1,
            TokenKind::Close => depth -= 1,
            _ => {}
        }
        depth == 0
            && t.kind == TokenKind::Operator
            && !matches!(t.text, "*" | "/" | "//" | "%" | "**" | "." | "::" | "&")
    })
}

impl FunctionText<'_> {
    /// See the module.
    pub(super) fn described_wraps(
        &self,
        file: &str,
        language: Language,
        description: &str,
    ) -> Vec<HunkMutation> {
        let cycles = described_cycles(description);
        if cycles.is_empty() {
            return Vec::new();
        }
        // Factors the body scales by (`h * 60`): a cycle in those units is `24 * 60`.
        let mut moduli: Vec<String> = cycles.iter().map(u32::to_string).collect();
        for line in self.tokens.iter().skip(1) {
            for w in line.windows(2) {
                if w[0].text == "*"
                    && w[1].kind == TokenKind::Number
                    && let Ok(factor) = w[1].text.parse::<u32>()
                {
                    for cycle in &cycles {
                        let product = format!("({cycle} * {factor})");
                        if *cycle != factor && factor > 1 && !moduli.contains(&product) {
                            moduli.push(product);
                        }
                    }
                }
            }
        }
        let mut hunks = Vec::new();
        for (offset, tokens) in self.tokens.iter().enumerate().skip(1) {
            let Some(line) = self.lines.get(offset) else {
                continue;
            };
            let Some(start) = value_start(tokens, language) else {
                continue;
            };
            let end = match language {
                Language::Rust if tokens.last().is_some_and(|t| t.text == ";") => tokens.len() - 1,
                Language::Rust => continue,
                Language::Python => tokens.len(),
            };
            let Some(value) = tokens.get(start..end) else {
                continue;
            };
            // Arithmetic on numbers only: one operation at least, none a `%` already, no
            // call whose result is not a number (a string, a list).
            let arithmetic = value.iter().any(|t| {
                t.kind == TokenKind::Operator && matches!(t.text, "+" | "-" | "*" | "/" | "//")
            });
            let wrapped = value
                .iter()
                .any(|t| t.text == "%" || t.text == "rem_euclid");
            let plain = value.iter().all(|t| {
                matches!(
                    t.kind,
                    TokenKind::Ident
                        | TokenKind::Number
                        | TokenKind::Operator
                        | TokenKind::Open
                        | TokenKind::Close
                        | TokenKind::Comma
                )
            });
            if !arithmetic || wrapped || !plain {
                continue;
            }
            let (Some(first), Some(last)) = (value.first(), value.last()) else {
                continue;
            };
            let expression = &line[first.start..last.end];
            let grouped = if needs_parentheses(value) {
                format!("({expression})")
            } else {
                expression.to_string()
            };
            for modulus in &moduli {
                let mut forms = vec![format!("{grouped} % {modulus}")];
                // Rust's `%` keeps a negative sign; a difference wraps with `rem_euclid`.
                if language == Language::Rust && value.iter().any(|t| t.text == "-") {
                    let bare = modulus.trim_start_matches('(').trim_end_matches(')');
                    forms.push(format!("({expression}).rem_euclid({bare})"));
                }
                for form in forms {
                    let new_line = format!("{}{form}{}", &line[..first.start], &line[last.end..]);
                    hunks.extend(self.line_replaced(
                        file,
                        offset,
                        new_line,
                        MutationOperator::DescribedWrap,
                        format!("the described wrap-around: `{expression}` taken modulo {modulus}"),
                    ));
                }
            }
        }
        hunks
    }
}

impl FunctionText<'_> {
    /// A whole cycle added to a value that may already be the cycle's top (`hours += 12` for
    /// "PM" on a 12-hour clock, where "12:30 AM" is 0:30): the value is first taken modulo the
    /// cycle (`hours %= 12`), before the condition that guards the addition.
    pub(super) fn described_cycle_resets(
        &self,
        file: &str,
        language: Language,
        description: &str,
    ) -> Vec<HunkMutation> {
        // A clock's own cycle (`12-hour`) is named with or without a wrap word.
        let mut cycles = described_cycles(description);
        cycles.extend(clock_cycles(&description.to_lowercase()));
        let mut hunks = Vec::new();
        for (offset, tokens) in self.tokens.iter().enumerate().skip(1) {
            for w in tokens.windows(3) {
                let added = w[1].text == "+="
                    && w[0].kind == TokenKind::Ident
                    && w[2].text.parse::<u32>().is_ok_and(|n| cycles.contains(&n));
                if !added {
                    continue;
                }
                let (name, cycle) = (w[0].text, w[2].text);
                let wrapped = self.tokens.iter().skip(1).any(|l| {
                    l.windows(2)
                        .any(|p| p[0].text == name && matches!(p[1].text, "%" | "%="))
                });
                if wrapped {
                    continue;
                }
                // Before the `if` that guards the addition: this line or the one above it.
                let guarded_above = offset > 1
                    && self.tokens.get(offset - 1).is_some_and(|above| {
                        above.first().is_some_and(|t| t.text == "if")
                            && above.last().is_some_and(|t| matches!(t.text, "{" | ":"))
                    });
                let at = if guarded_above { offset - 1 } else { offset };
                let Some(line) = self.lines.get(at) else {
                    continue;
                };
                let pad = &line[..indent(line)];
                let semicolon = if language == Language::Rust { ";" } else { "" };
                hunks.extend(self.lines_inserted_before(
                    file,
                    at,
                    vec![format!("{pad}{name} %= {cycle}{semicolon}")],
                    MutationOperator::DescribedWrap,
                    format!(
                        "the described cycle: `{name}` taken modulo {cycle} before {cycle} is added"
                    ),
                ));
            }
        }
        hunks
    }
}

impl FunctionText<'_> {
    /// A part rounded to the nearest whole unit where the description says it is rounded
    /// (`seconds = (per_km - minutes * 60.0).round()`): it may round up to a whole cycle
    /// ("5:60"), which carries into the part above (`let (minutes, seconds) = if seconds == 60
    /// { (minutes + 1, 0) } else { (minutes, seconds) };`, Python `if seconds == 60: minutes,
    /// seconds = minutes + 1, 0`), right after the rounding.
    pub(super) fn rounding_carries(
        &self,
        file: &str,
        language: Language,
        description: &str,
    ) -> Vec<HunkMutation> {
        let lower = description.to_lowercase();
        if !lower.contains("round") && !lower.contains("nearest") {
            return Vec::new();
        }
        let mut hunks = Vec::new();
        for (offset, tokens) in self.tokens.iter().enumerate().skip(1) {
            let texts: Vec<&str> = tokens.iter().map(|t| t.text).collect();
            let (part, value) = match (language, texts.as_slice()) {
                (Language::Rust, ["let", "mut", name, "=", value @ .., ";"])
                | (Language::Rust, ["let", name, "=", value @ .., ";"])
                | (Language::Python, [name, "=", value @ ..]) => (*name, value),
                _ => continue,
            };
            if !value.contains(&"round") {
                continue;
            }
            // `above * cycle` (`above as f64 * 60.0`) in the rounded value: the part above and
            // the cycle.
            let Some((above, cycle)) = (1..value.len().saturating_sub(1)).find_map(|i| {
                let cycle = value
                    .get(i + 1)?
                    .parse::<f64>()
                    .ok()
                    .filter(|c| c.fract() == 0.0 && (2.0..=1000.0).contains(c))?;
                let cast = i >= 3 && value.get(i - 2) == Some(&"as");
                let above = *value.get(if cast { i - 3 } else { i - 1 })?;
                let named = above.chars().all(|c| c.is_alphanumeric() || c == '_')
                    && above.starts_with(|c: char| c.is_alphabetic())
                    && above != part;
                (value.get(i) == Some(&"*") && named).then_some((above, cycle as u32))
            }) else {
                continue;
            };
            let Some(line) = self.lines.get(offset) else {
                continue;
            };
            let pad = &line[..indent(line)];
            let carried = match language {
                Language::Rust => vec![format!(
                    "{pad}let ({above}, {part}) = if {part} == {cycle} {{ ({above} + 1, 0) }} else {{ ({above}, {part}) }};"
                )],
                Language::Python => vec![
                    format!("{pad}if {part} == {cycle}:"),
                    format!("{pad}    {above}, {part} = {above} + 1, 0"),
                ],
            };
            hunks.extend(self.lines_inserted_after(
                file,
                offset,
                carried,
                MutationOperator::DescribedWrap,
                format!("the rounded `{part}` reaching {cycle} carries into `{above}`"),
            ));
        }
        hunks
    }
}

/// Where the value of an assignment or a return starts: after `name =` (`let name =`, `let
/// mut name: T =`) or after `return`. `None` for other lines.
fn value_start(tokens: &[Token<'_>], language: Language) -> Option<usize> {
    let first = tokens.first()?;
    if first.text == "return" {
        return (tokens.len() > 1).then_some(1);
    }
    let skip = match language {
        Language::Rust if first.text == "let" => {
            if tokens.get(1).is_some_and(|t| t.text == "mut") {
                2
            } else {
                1
            }
        }
        Language::Rust => return None,
        Language::Python => 0,
    };
    let name = tokens.get(skip)?;
    if name.kind != TokenKind::Ident {
        return None;
    }
    // `name =`, or `name: T =` with one type word.
    let at = tokens.iter().position(|t| t.text == "=")?;
    (at == skip + 1 || (at == skip + 3 && tokens.get(skip + 1)?.text == ":"))
        .then_some(at + 1)
        .filter(|&s| s < tokens.len())
}

#[cfg(test)]
mod tests {
    use super::described_cycles;

    #[test]
    fn cycles_are_named_only_when_something_wraps() {
        assert_eq!(
            described_cycles("the 24-hour clock time, wrapping around midnight"),
            vec![24]
        );
        assert_eq!(
            described_cycles("minutes from start to end; an earlier end is on the next day"),
            vec![60, 24]
        );
        assert_eq!(
            described_cycles("a 12-hour clock: the hour wraps"),
            vec![12, 24]
        );
        assert!(described_cycles("the number of hours worked").is_empty());
        assert_eq!(
            described_cycles("each letter shifted by k, wrapping around the alphabet"),
            vec![26]
        );
    }
}
