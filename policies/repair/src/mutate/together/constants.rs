//! A constant the description states and the code does not hold, where the code holds one the
//! description never states: "a BMI of 25 or more is overweight" over `if bmi >= 24.0`. Each
//! number of the description's prose (not its examples) that no literal of the body equals
//! replaces, one site at a time, each number literal of the body the prose never states (0 and
//! 1 aside: they are structure, not data). Ranked, as a `LiteralEdit`: a description's numbers
//! are often about something else.

use super::super::{Language, MutationOperator, TokenKind};
use super::{FunctionText, HunkMutation};

/// Most replacements per function: each is one probe when nothing else passes.
const MAX_DESCRIBED_CONSTANTS: usize = 12;

/// The numbers a description's prose writes (`25`, `18.5`), examples left out: text after
/// `>>>` and lines that compare a call with its value (`f(3) == 9`).
fn prose_numbers(description: &str) -> Vec<String> {
    let prose = description.split(">>>").next().unwrap_or("");
    let mut numbers: Vec<String> = Vec::new();
    for line in prose
        .lines()
        .filter(|l| !l.contains("==") && !l.contains("->"))
    {
        let mut current = String::new();
        let mut flush = |current: &mut String| {
            let n = current.trim_end_matches('.').to_string();
            if !n.is_empty() && !numbers.contains(&n) {
                numbers.push(n);
            }
            current.clear();
        };
        let mut previous = ' ';
        for c in line.chars() {
            let glued = current.is_empty() && (previous.is_alphanumeric() || previous == '_');
            let digit = c.is_ascii_digit() && !glued;
            let point = c == '.' && !current.is_empty() && !current.contains('.');
            if digit || point {
                current.push(c);
            } else {
                flush(&mut current);
            }
            previous = c;
        }
        flush(&mut current);
    }
    numbers
}

/// A number literal's value, for comparing `24.0` with `24`.
fn value(literal: &str) -> Option<f64> {
    literal
        .trim_end_matches(|c: char| c.is_ascii_alphabetic() || c == '_')
        .replace('_', "")
        .parse()
        .ok()
}

impl FunctionText<'_> {
    /// See the module.
    pub(super) fn described_constants(
        &self,
        file: &str,
        language: Language,
        description: &str,
    ) -> Vec<HunkMutation> {
        let stated = prose_numbers(description);
        if stated.is_empty() {
            return Vec::new();
        }
        // Every number literal of the body, with where it is.
        let mut sites: Vec<(usize, usize, usize, &str)> = Vec::new();
        for (offset, tokens) in self.tokens.iter().enumerate().skip(1) {
            for t in tokens {
                if t.kind == TokenKind::Number {
                    sites.push((offset, t.start, t.end, t.text));
                }
            }
        }
        let held: Vec<f64> = sites.iter().filter_map(|s| value(s.3)).collect();
        let missing: Vec<&String> = stated
            .iter()
            .filter(|n| value(n).is_some_and(|v| !held.iter().any(|h| (h - v).abs() < 1e-9)))
            .collect();
        let mut hunks = Vec::new();
        for &(offset, start, end, literal) in &sites {
            let Some(v) = value(literal) else {
                continue;
            };
            let unstated = !stated
                .iter()
                .any(|n| value(n).is_some_and(|s| (s - v).abs() < 1e-9));
            if !unstated || v == 0.0 || v == 1.0 {
                continue;
            }
            let float_site = literal.contains('.') || literal.contains('e');
            for number in &missing {
                // Written as the site's type: `25` → `25.0` where a float was written; a
                // fraction never replaces an integer in Rust (it would not compile).
                let written = match (float_site, number.contains('.')) {
                    (true, false) => format!("{number}.0"),
                    (false, true) if language == Language::Rust => continue,
                    _ => (*number).clone(),
                };
                let Some(line) = self.lines.get(offset) else {
                    continue;
                };
                let (Some(before), Some(after)) = (line.get(..start), line.get(end..)) else {
                    continue;
                };
                hunks.extend(self.line_replaced(
                    file,
                    offset,
                    format!("{before}{written}{after}"),
                    MutationOperator::LiteralEdit,
                    format!("`{literal}` → `{written}`, a number the description states"),
                ));
                if hunks.len() >= MAX_DESCRIBED_CONSTANTS {
                    return hunks;
                }
            }
        }
        hunks
    }
}

#[cfg(test)]
mod tests {
    use super::prose_numbers;

    #[test]
    fn the_prose_numbers_leave_examples_and_names_out() {
        assert_eq!(
            prose_numbers(
                "A BMI of 25 or more is overweight, under 18.5 underweight.\n>>> f(30)\n'x'"
            ),
            vec!["25", "18.5"]
        );
        assert_eq!(
            prose_numbers(" bmi(70.0, 1.75) == \"normal\"\n uses utf8 and x2"),
            Vec::<String>::new()
        );
    }
}
