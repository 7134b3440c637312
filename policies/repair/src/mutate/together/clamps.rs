//! A range the description states ("each component is first clamped to the range 0..=255")
//! where the code clamps one side only: `v.max(0)` lets 300 through (probe36-rust-11). The
//! other side is added with the stated bound: `v.max(0).min(255)`, Python `max(0, v)` →
//! `min(255, max(0, v))`. Probed first: the description states both bounds.

use std::sync::LazyLock;

use regex::Regex;

use super::super::{Language, MutationOperator};
use super::{FunctionText, HunkMutation};

/// The (low, high) ranges `description` states: `0..=255`, "between 0 and 255", "from 1 to
/// 12", low below high.
fn stated_ranges(description: &str) -> Vec<(i64, i64)> {
    static RANGE: LazyLock<Option<Regex>> = LazyLock::new(|| {
        Regex::new(
            r"(?i)(?:(-?\d+)\s*\.\.=\s*(-?\d+))|(?:between\s+(-?\d+)\s+and\s+(-?\d+))|(?:from\s+(-?\d+)\s+to\s+(-?\d+))",
        )
        .ok()
    });
    let Some(range) = RANGE.as_ref() else {
        return Vec::new();
    };
    let prose = description.split(">>>").next().unwrap_or("");
    let mut found = Vec::new();
    for c in range.captures_iter(prose) {
        let numbers: Vec<i64> = (1..=6)
            .filter_map(|k| c.get(k))
            .filter_map(|m| m.as_str().parse().ok())
            .collect();
        if let [low, high] = numbers[..]
            && low < high
            && !found.contains(&(low, high))
        {
            found.push((low, high));
        }
    }
    found
}

/// The index of the `)` that closes the `(` at `open` in `text`.
fn closing(text: &str, open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (k, c) in text.char_indices().skip_while(|&(k, _)| k < open) {
        match c {
            '(' => depth += 1,
            ')' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(k);
                }
            }
            _ => {}
        }
    }
    None
}

/// `line` with its one-sided clamps completed for the range `(low, high)`, each on its own.
fn completed_clamps(line: &str, language: Language, (low, high): (i64, i64)) -> Vec<String> {
    let mut out = Vec::new();
    match language {
        Language::Rust => {
            // `.max(low)` with no `.min(` after it; `.min(high)` with no `.max(` before it.
            for (call, bound, other) in [(".max(", low, ".min("), (".min(", high, ".max(")] {
                let whole = format!("{call}{bound})");
                for (at, _) in line.match_indices(&whole) {
                    let end = at + whole.len();
                    let (before, after) = (&line[..at], &line[end..]);
                    let lone = if call == ".max(" {
                        !after.trim_start().starts_with(other)
                    } else {
                        !before.trim_end().ends_with(')') || !before.contains(other)
                    };
                    if !lone {
                        continue;
                    }
                    out.push(if call == ".max(" {
                        format!("{before}{whole}.min({high}){after}")
                    } else {
                        format!("{before}.max({low}){whole}{after}")
                    });
                }
            }
        }
        Language::Python => {
            // `max(…, low)` / `max(low, …)` not already inside `min(…)`, and the reverse.
            for (call, bound, wrap, other_bound) in
                [("max(", low, "min", high), ("min(", high, "max", low)]
            {
                for (at, _) in line.match_indices(call) {
                    let word_start = line[..at]
                        .chars()
                        .next_back()
                        .is_none_or(|c| !(c.is_alphanumeric() || c == '_' || c == '.'));
                    let Some(close) = closing(line, at + call.len() - 1) else {
                        continue;
                    };
                    let inner = &line[at + call.len()..close];
                    let has_bound = inner
                        .split(',')
                        .any(|a| a.trim().parse::<i64>() == Ok(bound));
                    let wrapped = line[..at]
                        .trim_end()
                        .ends_with(&format!("{wrap}({other_bound},"))
                        || inner.contains(&format!("{wrap}("));
                    if !word_start || !has_bound || wrapped {
                        continue;
                    }
                    out.push(format!(
                        "{}{wrap}({other_bound}, {}){}",
                        &line[..at],
                        &line[at..=close],
                        &line[close + 1..]
                    ));
                }
            }
        }
    }
    out
}

impl FunctionText<'_> {
    /// See the module.
    pub(super) fn described_clamps(
        &self,
        file: &str,
        language: Language,
        description: &str,
    ) -> Vec<HunkMutation> {
        let ranges = stated_ranges(description);
        let mut hunks = Vec::new();
        for range in ranges {
            for (offset, line) in self.lines.iter().enumerate().skip(1) {
                for new_line in completed_clamps(line, language, range) {
                    hunks.extend(self.line_replaced(
                        file,
                        offset,
                        new_line,
                        MutationOperator::StatedOperation,
                        format!(
                            "the stated range {}..={} clamped on both sides",
                            range.0, range.1
                        ),
                    ));
                }
            }
        }
        hunks
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::Language;
    use super::{completed_clamps, stated_ranges};

    #[test]
    fn the_stated_ranges_are_read_in_three_phrasings() {
        assert_eq!(
            stated_ranges("Each component is first clamped to the range 0..=255."),
            vec![(0, 255)]
        );
        assert_eq!(
            stated_ranges("A month is between 1 and 12; a day from 1 to 31."),
            vec![(1, 12), (1, 31)]
        );
        assert!(stated_ranges("Use 255 colours.").is_empty());
    }

    /// probe36-rust-11: `v.max(0)` gets its upper bound; a complete clamp gets nothing.
    #[test]
    fn a_one_sided_clamp_gets_its_other_side() {
        assert_eq!(
            completed_clamps(
                "    let clamp = |v: i32| v.max(0);",
                Language::Rust,
                (0, 255)
            ),
            vec!["    let clamp = |v: i32| v.max(0).min(255);"]
        );
        assert_eq!(
            completed_clamps("    let c = v.min(255) as u8;", Language::Rust, (0, 255)),
            vec!["    let c = v.max(0).min(255) as u8;"]
        );
        assert!(completed_clamps("    v.max(0).min(255)", Language::Rust, (0, 255)).is_empty());
        assert_eq!(
            completed_clamps("    value = max(0, value)", Language::Python, (0, 255)),
            vec!["    value = min(255, max(0, value))"]
        );
        assert!(
            completed_clamps(
                "    value = min(255, max(0, value))",
                Language::Python,
                (0, 255)
            )
            .is_empty()
        );
    }
}
