//! The function rewrite's text side: which lines of a function the model rewrites and what it
//! reads first, and the hunks a rewrite makes against the body it replaces.
//!
//! A rewrite is the repair's last resort: when no edit of the localized lines passes, the bug
//! is often missing logic (a branch, a statement) that no single-line edit can add. The model
//! reads the function with its comments or docstring (the specification), and writes the body
//! again after the function's own unchanged header.

use tact_runtime::source::{
    ByteClass, Language, classify_source, indentation, innermost_function, is_function_header,
};

use crate::localize::string_literals;
use crate::rank::file_functions;

/// Where the parts of one function lie in its file (0-based line indices).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FunctionParts {
    /// The first line of the comments, doc comments, decorators or attributes right above the
    /// header (the header's own line when there are none).
    pub spec_start: usize,
    pub header_start: usize,
    /// The first body line: after the header and, in Python, its docstring.
    pub body_start: usize,
    /// One past the last body line (in Rust, the closing brace's line).
    pub body_end: usize,
    /// One past the function's last line (in Rust, after the closing brace).
    pub end: usize,
    /// The header's indentation: the model's body ends at a line indented no deeper.
    pub indent: usize,
}

impl FunctionParts {
    /// The function as the model reads it: specification, header, body (and closing brace).
    pub fn shown<'a>(&self, lines: &[&'a str]) -> Vec<&'a str> {
        lines[self.spec_start..self.end].to_vec()
    }

    /// The lines the model's answer starts with: the header and, in Python, the docstring.
    pub fn kept<'a>(&self, lines: &[&'a str]) -> Vec<&'a str> {
        lines[self.header_start..self.body_start].to_vec()
    }

    pub fn body<'a>(&self, lines: &[&'a str]) -> Vec<&'a str> {
        lines[self.body_start..self.body_end].to_vec()
    }
}

/// The parts of the innermost function holding 1-based `line` of `file`; `None` when there is
/// none, or its body cannot be rewritten on its own (a one-line function, a body with no
/// lines, a header over more than a few lines).
pub fn function_parts(file: &str, content: &str, line: u32) -> Option<FunctionParts> {
    let language = Language::from_path(std::path::Path::new(file))?;
    let spans = file_functions(file, content);
    let span = innermost_function(&spans, line)?;
    let lines: Vec<&str> = content.lines().collect();
    let header_start = (span.start as usize).checked_sub(1)?;
    let last = (span.end as usize).checked_sub(1)?;
    let indent = indentation(lines.get(header_start)?);
    let (body_start, body_end, end) = match language {
        Language::Python => {
            let header_end = (header_start..=last.min(header_start + MAX_HEADER_LINES))
                .find(|&i| code_of_python_line(lines[i]).trim_end().ends_with(':'))?;
            let body_start = after_docstring(&lines, header_end + 1, last);
            (body_start, last + 1, last + 1)
        }
        Language::Rust => {
            let header_end = (header_start..=last.min(header_start + MAX_HEADER_LINES))
                .find(|&i| lines[i].contains('{'))?;
            let closing = lines.get(last)?.trim();
            if header_end >= last || closing != "}" {
                return None;
            }
            (header_end + 1, last, last + 1)
        }
    };
    if body_start >= body_end
        || lines[body_start..body_end]
            .iter()
            .all(|l| l.trim().is_empty())
    {
        return None;
    }
    Some(FunctionParts {
        spec_start: spec_start(&lines, header_start),
        header_start,
        body_start,
        body_end,
        end,
        indent,
    })
}

/// Headers longer than this are not looked through (a signature over many lines is rare, and
/// a wrong guess would cut into the body).
const MAX_HEADER_LINES: usize = 8;

/// A Python line without a trailing `# comment` (a `#` inside a string is rare in headers).
fn code_of_python_line(line: &str) -> &str {
    line.split_once(" #").map_or(line, |(code, _)| code)
}

/// The first line after a docstring opening at `from` (or `from` itself when there is none).
fn after_docstring(lines: &[&str], from: usize, last: usize) -> usize {
    let Some(first) = (from..=last).find(|&i| !lines[i].trim().is_empty()) else {
        return from;
    };
    let text = lines[first].trim_start();
    let text = text
        .strip_prefix(['r', 'R', 'u', 'U', 'b', 'B'])
        .filter(|t| t.starts_with(['"', '\'']))
        .unwrap_or(text);
    let Some(quote) = ["\"\"\"", "'''"].into_iter().find(|q| text.starts_with(q)) else {
        return from;
    };
    if text[quote.len()..].contains(quote) {
        return first + 1;
    }
    (first + 1..=last)
        .find(|&i| lines[i].contains(quote))
        .map_or(from, |closing| closing + 1)
}

/// Where the specification above a header begins: the comments, doc comments, decorators and
/// attributes right above it, and a `/* … */` block ending right above it.
fn spec_start(lines: &[&str], header_start: usize) -> usize {
    let mut start = header_start;
    while start > 0 {
        let above = lines[start - 1].trim();
        if above.starts_with('#') || above.starts_with("//") || above.starts_with('@') {
            start -= 1;
        } else if above.ends_with("*/") {
            match (0..start).rev().find(|&i| lines[i].contains("/*")) {
                Some(opening) => start = opening,
                None => break,
            }
        } else {
            break;
        }
        if start > 0 && is_function_header(lines[start - 1]) {
            break;
        }
    }
    start
}

/// One hunk a rewrite makes: from 0-based file line `start`, `old` lines become `new`.
/// A pure insertion carries a neighbouring line on both sides, so that every hunk replaces at
/// least one line of the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RewriteHunk {
    pub start: usize,
    pub old: Vec<String>,
    pub new: Vec<String>,
}

/// The hunks that turn `old_body` (starting at file line `body_start`) into `new_body`, in the
/// order of the file; none when they are equal.
pub fn rewrite_hunks(
    body_start: usize,
    old_body: &[&str],
    new_body: &[String],
) -> Vec<RewriteHunk> {
    let new: Vec<&str> = new_body.iter().map(String::as_str).collect();
    let ops = similar::capture_diff_slices(similar::Algorithm::Myers, old_body, &new);
    let mut hunks = Vec::new();
    for group in similar::group_diff_ops(ops, 0) {
        let (Some(first), Some(last)) = (group.first(), group.last()) else {
            continue;
        };
        let (old_from, old_to) = (first.old_range().start, last.old_range().end);
        let (new_from, new_to) = (first.new_range().start, last.new_range().end);
        let mut hunk = RewriteHunk {
            start: body_start + old_from,
            old: old_body[old_from..old_to]
                .iter()
                .map(|l| l.to_string())
                .collect(),
            new: new[new_from..new_to]
                .iter()
                .map(|l| l.to_string())
                .collect(),
        };
        if hunk.old.is_empty() {
            // An insertion: anchor it on the line above, or below at the body's top.
            if old_from > 0 {
                let anchor = old_body[old_from - 1].to_string();
                hunk.start -= 1;
                hunk.old.insert(0, anchor.clone());
                hunk.new.insert(0, anchor);
            } else if let Some(below) = old_body.get(old_from) {
                hunk.old.push(below.to_string());
                hunk.new.push(below.to_string());
            } else {
                continue;
            }
        }
        hunks.push(hunk);
    }
    hunks
}

/// The literals a rewrite writes that only the failing tests hold: a string, or a number of
/// two or more characters, that an assertion contains and the function as shown (its
/// specification, header and body) does not. A rewrite that reads the failing tests may copy
/// the value they expect instead of computing it (`if n == 5 { return 120; }`): that passes
/// the visible tests and fixes nothing, so such a rewrite is set aside.
pub fn values_copied_from_tests(
    language: Language,
    shown: &[&str],
    new_body: &[String],
    assertions: &[String],
) -> Vec<String> {
    let shown = shown.join("\n");
    let shown_tight = without_spaces(&shown);
    let asserted: Vec<String> = assertions
        .iter()
        .flat_map(|a| literals(a, language))
        .collect();
    let asserted_tight: Vec<String> = assertions.iter().map(|a| without_spaces(a)).collect();
    let mut copied: Vec<String> = Vec::new();
    for line in new_body {
        for literal in literals(line, language) {
            let numeric = literal.starts_with(|c: char| c.is_ascii_digit());
            if (numeric && literal.len() < 2) || literal.is_empty() {
                continue;
            }
            if asserted.contains(&literal)
                && !shown.contains(&literal)
                && !copied.contains(&literal)
            {
                copied.push(literal);
            }
        }
        // A bracketed run of values (`[2, 6, 3]`) copies the expectation even when each value
        // alone is a single digit.
        for group in value_groups(line) {
            if asserted_tight.iter().any(|a| a.contains(&group))
                && !shown_tight.contains(&group)
                && !copied.contains(&group)
            {
                copied.push(group);
            }
        }
    }
    copied
}

/// What the failing assertion's message says the code under test returned: pytest's
/// `assert '0:00 AM' == '12:00 AM'` or Rust's `left:` / `right:` lines, the side that is the
/// assertion's call (`f(0) == "12:00 AM"`: the left; `expected == f(0)`: the right). Shown
/// beside the assertion, it tells the writer what the code does where the assertion alone
/// says only what it should do. `None` when the message holds no compared values.
pub fn observed_value(language: Language, assertion: &str, message: &str) -> Option<String> {
    let (left, right) = match language {
        Language::Python => {
            let compared = message
                .lines()
                .find_map(|l| l.trim().split_once("assert ").map(|(_, rest)| rest))?;
            let (left, right) = split_top_level(compared, " == ", language)?;
            (left.to_string(), right.to_string())
        }
        Language::Rust => {
            let side = |name: &str| {
                message
                    .lines()
                    .find_map(|l| l.trim().strip_prefix(name).map(|v| v.trim().to_string()))
            };
            (side("left:")?, side("right:")?)
        }
    };
    let (source_left, source_right) = match language {
        Language::Python => {
            let (_, rest) = assertion.split_once("assert ")?;
            split_top_level(rest, " == ", language)?
        }
        Language::Rust => {
            let (_, rest) = assertion.split_once("assert_eq!(")?;
            let rest = rest.trim_end().trim_end_matches(';').trim_end();
            let rest = rest.strip_suffix(')').unwrap_or(rest);
            split_top_level(rest, ",", language)?
        }
    };
    let calls = |side: &str| side.contains('(');
    let observed = if calls(source_right) && !calls(source_left) {
        right
    } else {
        left
    };
    let observed = observed.trim();
    (!observed.is_empty()).then(|| observed.chars().take(120).collect())
}

/// `text` (one line) split at the first `separator` in its code (outside strings, by the shared
/// lexer) and outside brackets.
fn split_top_level<'a>(
    text: &'a str,
    separator: &str,
    language: Language,
) -> Option<(&'a str, &'a str)> {
    let classes = classify_source(text, language).into_iter().next()?;
    let mut depth = 0i32;
    for (i, c) in text.char_indices() {
        if classes.get(i) != Some(&ByteClass::Code) {
            continue;
        }
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            _ if depth == 0 && text[i..].starts_with(separator) => {
                return Some((&text[..i], &text[i + separator.len()..]));
            }
            _ => {}
        }
    }
    None
}

fn without_spaces(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

/// The bracketed groups of one line holding values only (digits, quotes, signs, separators),
/// at least three of them, without spaces.
fn value_groups(line: &str) -> Vec<String> {
    let tight = without_spaces(line);
    let mut groups = Vec::new();
    let mut opened: Vec<usize> = Vec::new();
    for (i, c) in tight.char_indices() {
        match c {
            '[' | '(' | '{' => opened.push(i),
            ']' | ')' | '}' => {
                if let Some(start) = opened.pop() {
                    let inner = &tight[start + 1..i];
                    let values_only = inner
                        .chars()
                        .all(|c| c.is_ascii_digit() || matches!(c, ',' | '.' | '-' | '"' | '\''));
                    if values_only && inner.matches(',').count() >= 2 {
                        groups.push(tight[start..=i].to_string());
                    }
                }
            }
            _ => {}
        }
    }
    groups
}

/// The string contents and the numbers of one line of code: the strings as localization reads
/// them (the shared lexer's text runs), the numbers from the code between them.
fn literals(line: &str, language: Language) -> Vec<String> {
    let mut found = string_literals(line, language);
    let Some(classes) = classify_source(line, language).into_iter().next() else {
        return found;
    };
    let bytes = line.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let starts_number = bytes[i].is_ascii_digit()
            && classes.get(i) == Some(&ByteClass::Code)
            && (i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_'));
        if !starts_number {
            i += 1;
            continue;
        }
        let end = bytes[i..]
            .iter()
            .position(|b| !(b.is_ascii_digit() || *b == b'.'))
            .map_or(bytes.len(), |n| i + n);
        found.push(line[i..end].trim_end_matches('.').to_string());
        i = end;
    }
    found
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    const PYTHON: &str = "import math\n\n@cache\ndef sort_third(l: list,\n               k: int = 3):\n    \"\"\"Sort every third item.\n    >>> sort_third([1, 2, 3])\n    \"\"\"\n    l = list(l)\n\n    return l\n\n\ndef other():\n    return 1\n";

    const RUST: &str = "use std::cmp;\n\n/*\n Squares every third entry.\n*/\nfn sum_squares(lst: Vec<i32>) -> i32 {\n    let mut sum = 0;\n    for i in 0..lst.len() {\n        sum += lst[i];\n    }\n    return sum;\n}\n\nfn main() {}\n";

    #[test]
    fn a_rewrite_that_returns_the_tests_expected_value_is_caught_and_a_computed_one_is_not() {
        let shown = [
            "def fact(n):",
            "    \"\"\"n! for n >= 0; fact(0) == 1.\"\"\"",
            "    return n * fact(n - 2) if n else 1",
        ];
        let assertions = vec![
            "assert fact(5) == 120".to_string(),
            "assert fact(3) == \"six\"".to_string(),
        ];
        let body = |lines: &[&str]| lines.iter().map(|l| l.to_string()).collect::<Vec<_>>();
        let copied = body(&["    if n == 5:", "        return 120", "    return 'six'"]);
        assert_eq!(
            values_copied_from_tests(Language::Python, &shown, &copied, &assertions),
            vec!["120", "six"],
            "a number and a string only the failing assertions hold"
        );
        let listed = vec!["assert sort_third([5, 6, 3]) == [3, 6, 5]".to_string()];
        assert_eq!(
            values_copied_from_tests(
                Language::Python,
                &shown,
                &body(&["    return [3, 6, 5]"]),
                &listed
            ),
            vec!["[3,6,5]"],
            "a list of single digits, as the assertion spells it"
        );
        assert!(
            values_copied_from_tests(
                Language::Python,
                &shown,
                &body(&["    return l[::3] + [1, 2]"]),
                &listed
            )
            .is_empty(),
            "a slice and a short list are code"
        );
        let computed = body(&["    return n * fact(n - 1) if n else 1"]);
        assert!(
            values_copied_from_tests(Language::Python, &shown, &computed, &assertions).is_empty()
        );
        // Single digits are everywhere in code, and a value the specification states is the
        // function's own to use.
        let stated = body(&[
            "    if n == 0:",
            "        return 1",
            "    return n * fact(n - 1)",
        ]);
        assert!(
            values_copied_from_tests(Language::Python, &shown, &stated, &assertions).is_empty()
        );
        assert!(
            values_copied_from_tests(Language::Python, &shown, &copied, &[]).is_empty(),
            "no assertions read, nothing copied"
        );
    }

    #[test]
    fn literals_are_strings_between_matching_quotes_and_numbers_outside_names() {
        assert_eq!(
            literals(
                r#"x2 = f("a \"b\"", 'c', 3.5, 10.) + v_12"#,
                Language::Python
            ),
            vec![r#"a \"b\""#, "c", "3.5", "10"]
        );
        assert!(
            literals("fn f<'a>(x: &'a str)", Language::Rust).len() <= 1,
            "a lifetime is no number"
        );
    }

    #[test]
    fn a_python_function_keeps_its_decorator_header_and_docstring_out_of_the_body() {
        let lines: Vec<&str> = PYTHON.lines().collect();
        let parts = function_parts("sort_third.py", PYTHON, 9).unwrap();
        assert_eq!(
            parts.spec_start, 2,
            "the decorator is read as specification"
        );
        assert_eq!(parts.header_start, 3);
        assert_eq!(
            parts.body_start, 8,
            "after the two-line header and the docstring"
        );
        assert_eq!(
            parts.body(&lines),
            vec!["    l = list(l)", "", "    return l"]
        );
        assert_eq!(parts.kept(&lines).len(), 5);
        assert_eq!(parts.shown(&lines).last(), Some(&"    return l"));
        assert_eq!(parts.indent, 0);
    }

    #[test]
    fn a_rust_function_reads_its_block_comment_and_keeps_its_closing_brace() {
        let lines: Vec<&str> = RUST.lines().collect();
        let parts = function_parts("src/lib.rs", RUST, 9).unwrap();
        assert_eq!(parts.spec_start, 2, "the /* … */ block above the header");
        assert_eq!(parts.header_start, 5);
        assert_eq!(parts.body_start, 6);
        assert_eq!(lines[parts.body_end], "}");
        assert_eq!(parts.body(&lines).len(), 5);
        assert_eq!(parts.shown(&lines).last(), Some(&"}"));
    }

    #[test]
    fn one_line_functions_and_lines_outside_functions_have_no_body_to_rewrite() {
        assert_eq!(
            function_parts("src/lib.rs", "fn f() -> i32 { 1 }\n", 1),
            None
        );
        assert_eq!(
            function_parts("a.py", "x = 1\n\ndef f():\n    return x\n", 1),
            None
        );
        assert_eq!(function_parts("notes.txt", "def f():\n    pass\n", 2), None);
    }

    #[test]
    fn hefix_rust_142_a_missing_branch_is_one_hunk_anchored_on_the_file() {
        let old = [
            "        if i % 3 == 0 {",
            "            sum += lst[i] * lst[i];",
            "        } else {",
            "            sum += lst[i];",
            "        }",
        ];
        let new: Vec<String> = [
            "        if i % 3 == 0 {",
            "            sum += lst[i] * lst[i];",
            "        } else if i % 4 == 0 {",
            "            sum += lst[i] * lst[i] * lst[i];",
            "        } else {",
            "            sum += lst[i];",
            "        }",
        ]
        .map(String::from)
        .to_vec();
        let hunks = rewrite_hunks(10, &old, &new);
        assert_eq!(hunks.len(), 1);
        let hunk = &hunks[0];
        assert_eq!(hunk.start, 11, "anchored on the line above the insertion");
        assert_eq!(hunk.old, vec!["            sum += lst[i] * lst[i];"]);
        assert_eq!(hunk.new.len(), 3);
        assert_eq!(hunk.new[0], hunk.old[0]);
        assert!(rewrite_hunks(10, &old, &old.map(String::from)).is_empty());
    }

    #[test]
    fn separate_changes_are_separate_hunks_and_an_insertion_at_the_top_anchors_below() {
        let old = ["    a = 1", "    b = 2", "    c = 3", "    return a"];
        let new: Vec<String> = [
            "    z = 0",
            "    a = 1",
            "    b = 5",
            "    c = 3",
            "    return a",
        ]
        .map(String::from)
        .to_vec();
        let hunks = rewrite_hunks(4, &old, &new);
        assert_eq!(hunks.len(), 2);
        assert_eq!(
            hunks[0],
            RewriteHunk {
                start: 4,
                old: vec!["    a = 1".into()],
                new: vec!["    z = 0".into(), "    a = 1".into()],
            }
        );
        assert_eq!(hunks[1].start, 5);
        assert_eq!(hunks[1].new, vec!["    b = 5".to_string()]);
    }

    #[test]
    fn probe40_py_01_the_value_the_clock_returned_is_read_from_pytests_comparison() {
        let message = "AssertionError: assert '0:00 AM' == '12:00 AM'\n  \n  - 12:00 AM";
        let assertion = "assert format_clock_12h(0) == \"12:00 AM\"";
        assert_eq!(
            observed_value(Language::Python, assertion, message).as_deref(),
            Some("'0:00 AM'")
        );
        // The call on the right: the right side is what it returned.
        let flipped = "assert \"12:00 AM\" == format_clock_12h(0)";
        let message = "AssertionError: assert '12:00 AM' == '0:00 AM'";
        assert_eq!(
            observed_value(Language::Python, flipped, message).as_deref(),
            Some("'0:00 AM'")
        );
        // No comparison in the message: nothing observed.
        assert_eq!(
            observed_value(
                Language::Python,
                "assert is_valid(x)",
                "AssertionError: boom"
            ),
            None
        );
    }

    #[test]
    fn probe40_rs_19_the_value_the_formatter_returned_is_read_from_left_and_right() {
        let message = "assertion `left == right` failed\n  left: \"-0.5\"\n right: \"-0.05\"";
        let assertion = "assert_eq!(format_cents(-5), \"-0.05\");";
        assert_eq!(
            observed_value(Language::Rust, assertion, message).as_deref(),
            Some("\"-0.5\"")
        );
        let flipped = "assert_eq!(vec![1, 2], sorted(&[2, 1]));";
        let message = "assertion `left == right` failed\n  left: [1, 2]\n right: [2, 1]";
        assert_eq!(
            observed_value(Language::Rust, flipped, message).as_deref(),
            Some("[2, 1]")
        );
        assert_eq!(
            observed_value(Language::Rust, "assert!(ok(1));", "assertion failed: ok(1)"),
            None
        );
    }
}
