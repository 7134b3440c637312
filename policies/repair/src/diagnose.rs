//! Edits the runner's own diagnostics propose. A program that does not compile or does not
//! parse runs no test, so the tests say nothing about where the bug is; the compiler or the
//! interpreter does: `rustc` prints its suggestions (`help: a local variable with a similar
//! name exists`, `help: add ';' here`, `help: consider making this binding mutable`) as
//! rendered source, and Python names the line and the kind of slip (`SyntaxError: expected
//! ':'`, `'(' was never closed`, `NameError: name 'true' is not defined`, `AttributeError:
//! 'list' object has no attribute 'push'`). Each suggestion becomes one candidate edit, to be
//! probed before any guess: the evidence is as specific as evidence gets.

use std::collections::HashMap;

use regex::Regex;
use tact_runtime::source::{ByteClass, Language, classify_source};
use tact_runtime::testreport::{FailureKind, TestFailure, TestReport};

/// One edit a diagnostic proposes: lines `line ..` of `file` (`old_lines`, as the file has
/// them) become `replacement` (an insertion keeps the old line in it; a deletion is empty).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiagnosticEdit {
    pub file: String,
    /// 1-based first line replaced.
    pub line: u32,
    pub old_lines: Vec<String>,
    pub replacement: Vec<String>,
    /// What the diagnostic said, for the ledger.
    pub why: String,
}

/// Every edit the failures' diagnostics propose, in the runner's order, without repeats.
/// `contents` maps workspace-relative paths to the files' text; a suggestion whose file is not
/// there, or whose shown source does not match the file, is left out.
pub fn diagnostic_edits(
    report: &TestReport,
    contents: &HashMap<String, String>,
) -> Vec<DiagnosticEdit> {
    let mut edits: Vec<DiagnosticEdit> = Vec::new();
    for failure in &report.failures {
        let found = if failure.kind == FailureKind::Build {
            rustc_suggestions(failure, contents)
        } else if recursed_without_end(&failure.message) {
            base_case_widenings(contents)
        } else {
            python_hints(failure, contents)
        };
        for edit in found {
            // Test code is never edited, whatever the compiler suggests for it.
            let in_tests = contents.get(&edit.file).is_none_or(|text| {
                (edit.line..edit.line + edit.old_lines.len().max(1) as u32)
                    .any(|line| tact_runtime::source::is_test_location(&edit.file, line, text))
            });
            if in_tests {
                continue;
            }
            let repeat = edits.iter().any(|e| {
                e.file == edit.file && e.line == edit.line && e.replacement == edit.replacement
            });
            if !repeat && edit.replacement != edit.old_lines {
                edits.push(edit);
            }
        }
    }
    edits
}

/// The problems a report's diagnostics name, each as `file:line: headline`: a build error's
/// headline at its location, a Python exception the interpreter names a slip with
/// (`SyntaxError`, `NameError`, …) at the innermost frame. Test assertions are not problems of
/// this kind.
pub fn diagnosed_problems(report: &TestReport) -> std::collections::BTreeSet<String> {
    let Ok(exception) = Regex::new(
        r"(?m)^\s*((?:SyntaxError|IndentationError|TabError|NameError|AttributeError|TypeError|ImportError|ModuleNotFoundError|UnboundLocalError)\b.*)$",
    ) else {
        return Default::default();
    };
    report
        .failures
        .iter()
        .filter_map(|failure| {
            let headline = if failure.kind == FailureKind::Build {
                failure.message.trim().to_string()
            } else {
                exception
                    .captures(&failure.message)?
                    .get(1)?
                    .as_str()
                    .trim()
                    .to_string()
            };
            let place = failure
                .frames
                .last()
                .map(|f| {
                    format!(
                        "{}:{}",
                        f.file.rsplit('/').next().unwrap_or(&f.file),
                        f.line
                    )
                })
                .unwrap_or_default();
            Some(format!("{place}: {headline}"))
        })
        .collect()
}

/// Whether an edit made progress on the diagnostics of `before`: in `after` one of the
/// problems `before` named is gone and no more are named than before (fixing one compile
/// error may reveal one the compiler had not reached). The tests may still fail; what they say
/// now is where the next edit goes.
pub fn clears_a_problem(before: &TestReport, after: &TestReport) -> bool {
    let was = diagnosed_problems(before);
    let now = diagnosed_problems(after);
    was.iter().any(|p| !now.contains(p)) && now.len() <= was.len()
}

/// The key of `contents` a runner-printed path names: the same relative path, or an absolute
/// (or longer relative) path ending in it; the longest such key wins.
fn resolve<'a>(printed: &str, contents: &'a HashMap<String, String>) -> Option<&'a String> {
    let printed = printed.replace('\\', "/");
    contents
        .keys()
        .filter(|key| printed == **key || printed.ends_with(&format!("/{key}")))
        .max_by_key(|key| key.len())
}

fn line_of(text: &str, line: u32) -> Option<&str> {
    text.lines().nth((line as usize).checked_sub(1)?)
}

// ---------------------------------------------------------------------------------------------
// rustc

/// A line of rendered source: `12 |     let x = 1;` (or `12 -`, `12 +`, `12 ~` in a diff).
struct Rendered<'a> {
    number: u32,
    marker: char,
    text: &'a str,
}

fn rendered(line: &str) -> Option<Rendered<'_>> {
    let trimmed = line.trim_start();
    let digits = trimmed.find(|c: char| !c.is_ascii_digit())?;
    if digits == 0 {
        return None;
    }
    let number: u32 = trimmed.get(..digits)?.parse().ok()?;
    let rest = trimmed.get(digits..)?.strip_prefix(' ')?;
    let mut chars = rest.chars();
    let marker = chars.next()?;
    if !matches!(marker, '|' | '-' | '+' | '~') {
        return None;
    }
    let text = chars.as_str();
    // One space separates the marker from the source; an empty source line has none.
    let text = text.strip_prefix(' ').unwrap_or(text);
    Some(Rendered {
        number,
        marker,
        text,
    })
}

/// The column (in characters of the rendered source) where an annotation line's marks
/// start, their length and the characters used: `  |     ^^^^ help: …` → (4, 4, '^').
fn marks(line: &str) -> Option<(usize, usize, char, &str)> {
    let bar = line.find('|')?;
    if !line.get(..bar)?.trim().is_empty() {
        return None;
    }
    let after = line.get(bar + 1..)?;
    let after = after.strip_prefix(' ').unwrap_or(after);
    let start = after.find(|c: char| c != ' ')?;
    let rest = after.get(start..)?;
    let mark = rest.chars().next()?;
    if !matches!(mark, '^' | '+' | '~' | '-') {
        return None;
    }
    let run = rest.chars().take_while(|c| *c == mark).count();
    let label = rest.get(run..).unwrap_or("").trim();
    let column = after.get(..start)?.chars().count();
    Some((column, run, mark, label))
}

/// Whether `shown` (rustc's rendering, tabs as four spaces) is the file's line `actual`.
fn same_source(shown: &str, actual: &str) -> bool {
    shown.trim_end() == actual.trim_end()
        || shown.trim_end() == actual.replace('\t', "    ").trim_end()
}

/// The text with every run of whitespace as one space, trimmed.
fn collapsed(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The rendered line `shown` with its leading whitespace as the file has it (`actual`), so a
/// tab-indented file keeps its tabs.
fn with_indent_of(shown: &str, actual: &str) -> String {
    let indent: String = actual.chars().take_while(|c| c.is_whitespace()).collect();
    format!("{indent}{}", shown.trim_start())
}

/// The edits of one rustc error's `help:` sections: the diff form (`8 - old` / `8 + new`), the
/// marked form (the suggested line shown with `+++` or `~~~` under what changed) and the
/// inline form (`^ help: add `;` here`, `^^^^ help: …: `best``).
fn rustc_suggestions(
    failure: &TestFailure,
    contents: &HashMap<String, String>,
) -> Vec<DiagnosticEdit> {
    let Some(frame) = failure.frames.last() else {
        return Vec::new();
    };
    let Some(file) = resolve(&frame.file, contents) else {
        return Vec::new();
    };
    let Some(text) = contents.get(file) else {
        return Vec::new();
    };
    let lines: Vec<&str> = failure.detail.lines().collect();
    let mut edits = Vec::new();
    let mut help: Option<String> = None;
    // The diff being read: removed lines (number, text) and added ones.
    let mut removed: Vec<(u32, String)> = Vec::new();
    let mut added: Vec<(u32, String)> = Vec::new();
    let flush = |removed: &mut Vec<(u32, String)>,
                 added: &mut Vec<(u32, String)>,
                 help: &Option<String>,
                 edits: &mut Vec<DiagnosticEdit>| {
        if let Some(edit) = diff_edit(file, text, removed, added, help.as_deref()) {
            edits.push(edit);
        }
        removed.clear();
        added.clear();
    };
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        if let Some(said) = trimmed.strip_prefix("help: ") {
            flush(&mut removed, &mut added, &help, &mut edits);
            help = Some(said.trim().to_string());
            continue;
        }
        if trimmed.starts_with("note: ") || trimmed.starts_with("= ") {
            flush(&mut removed, &mut added, &help, &mut edits);
            help = None;
            continue;
        }
        let Some(shown) = rendered(line) else {
            if !removed.is_empty() || !added.is_empty() {
                flush(&mut removed, &mut added, &help, &mut edits);
            }
            continue;
        };
        match shown.marker {
            '-' => removed.push((shown.number, shown.text.to_string())),
            '+' | '~' => added.push((shown.number, shown.text.to_string())),
            _ => {
                flush(&mut removed, &mut added, &help, &mut edits);
                let Some(actual) = line_of(text, shown.number) else {
                    continue;
                };
                let Some((column, run, mark, label)) =
                    lines.get(i + 1).and_then(|next| marks(next))
                else {
                    continue;
                };
                let edit = if help.is_some() && mark != '^' {
                    marked_edit(shown.text, actual, column, run, mark)
                } else if let Some(said) = label.strip_prefix("help: ") {
                    same_source(shown.text, actual)
                        .then(|| inline_edit(shown.text, column, run, said))
                        .flatten()
                } else {
                    None
                };
                if let Some(new) = edit {
                    edits.push(DiagnosticEdit {
                        file: file.clone(),
                        line: shown.number,
                        old_lines: vec![actual.to_string()],
                        replacement: vec![with_indent_of(&new, actual)],
                        why: format!(
                            "rustc: {}",
                            help.as_deref()
                                .unwrap_or(label.trim_start_matches("help: "))
                        ),
                    });
                }
            }
        }
    }
    flush(&mut removed, &mut added, &help, &mut edits);
    edits
}

/// A suggestion shown as the new line with its changes marked: `+` added characters (the old
/// line is the new one without them, checked against the file), `~` replaced ones, `-`
/// removed ones (shown in the old line).
fn marked_edit(shown: &str, actual: &str, column: usize, run: usize, mark: char) -> Option<String> {
    let chars: Vec<char> = shown.chars().collect();
    let outside = |from: usize, to: usize| -> String {
        chars
            .iter()
            .enumerate()
            .filter(|(k, _)| *k < from || *k >= to)
            .map(|(_, c)| *c)
            .collect()
    };
    match mark {
        // rustc marks an inserted word without the space that follows it (`let mut x`: `+++`).
        '+' => (collapsed(&outside(column, column + run)) == collapsed(actual))
            .then(|| shown.to_string()),
        '-' => same_source(shown, actual).then(|| outside(column, column + run)),
        // A replacement: the text around the change must be the file's.
        _ => {
            let before: String = chars.iter().take(column).collect();
            let after: String = chars.iter().skip(column + run).collect();
            let actual_plain = actual.replace('\t', "    ");
            (actual_plain.starts_with(&before)
                && actual_plain.trim_end().ends_with(after.trim_end()))
            .then(|| shown.to_string())
        }
    }
}

/// An annotation's own help on the marked span: "add `;` here" inserts, "remove …" deletes,
/// "…: `x`" replaces the span with `x`.
fn inline_edit(shown: &str, column: usize, run: usize, said: &str) -> Option<String> {
    let chars: Vec<char> = shown.chars().collect();
    let before: String = chars.iter().take(column).collect();
    let span: String = chars.iter().skip(column).take(run).collect();
    let after: String = chars.iter().skip(column + run).collect();
    let quoted = said
        .rsplit_once(": `")
        .and_then(|(_, q)| q.strip_suffix('`'))
        .or_else(|| {
            said.strip_prefix("add `")
                .and_then(|rest| rest.split_once('`'))
                .map(|(q, _)| q)
        });
    if said.starts_with("add `") {
        // Inserted at the caret, which rustc puts just past the end of what it follows.
        let inserted = quoted?;
        let at = column.min(chars.len());
        let head: String = chars.iter().take(at).collect();
        let tail: String = chars.iter().skip(at).collect();
        return Some(format!("{head}{inserted}{tail}"));
    }
    if said.starts_with("remove") {
        return Some(format!("{before}{after}"));
    }
    let replacement = quoted?;
    (!span.is_empty()).then(|| format!("{before}{replacement}{after}"))
}

/// The diff form: the removed lines (checked against the file) become the added ones; with
/// nothing removed, the added lines go in before the line they are numbered as.
fn diff_edit(
    file: &str,
    text: &str,
    removed: &[(u32, String)],
    added: &[(u32, String)],
    help: Option<&str>,
) -> Option<DiagnosticEdit> {
    let help = help?;
    if removed.is_empty() && added.is_empty() {
        return None;
    }
    let why = format!("rustc: {help}");
    if let Some(&(first, _)) = removed.first() {
        let mut old_lines = Vec::with_capacity(removed.len());
        for (k, (number, shown)) in removed.iter().enumerate() {
            // One contiguous run of lines, as the file has them.
            if *number != first + k as u32 {
                return None;
            }
            let actual = line_of(text, *number)?;
            if !same_source(shown, actual) {
                return None;
            }
            old_lines.push(actual.to_string());
        }
        let indent_of = old_lines.first().cloned().unwrap_or_default();
        let replacement = added
            .iter()
            .map(|(_, shown)| {
                if shown.starts_with(char::is_whitespace) {
                    with_indent_of(shown, &indent_of_shown(shown, &indent_of))
                } else {
                    shown.clone()
                }
            })
            .collect();
        return Some(DiagnosticEdit {
            file: file.to_string(),
            line: first,
            old_lines,
            replacement,
            why,
        });
    }
    // An insertion before line `at` (rustc numbers the added lines as they will be).
    let at = added.first().map(|(n, _)| *n)?;
    let actual = line_of(text, at)?;
    let mut replacement: Vec<String> = added.iter().map(|(_, s)| s.clone()).collect();
    replacement.push(actual.to_string());
    Some(DiagnosticEdit {
        file: file.to_string(),
        line: at,
        old_lines: vec![actual.to_string()],
        replacement,
        why,
    })
}

/// rustc shows tabs as four spaces: an added line indented as deep as the removed one takes
/// the file's own indentation.
fn indent_of_shown(shown: &str, old: &str) -> String {
    let shown_width = shown.len() - shown.trim_start().len();
    let old_plain = old.replace('\t', "    ");
    let old_width = old_plain.len() - old_plain.trim_start().len();
    if shown_width == old_width {
        old.to_string()
    } else {
        " ".repeat(shown_width)
    }
}

// ---------------------------------------------------------------------------------------------
// Python

/// Names other languages use where Python has its own.
const PYTHON_NAME_SLIPS: &[(&str, &str)] = &[
    ("true", "True"),
    ("false", "False"),
    ("TRUE", "True"),
    ("FALSE", "False"),
    ("null", "None"),
    ("nil", "None"),
    ("NULL", "None"),
    ("none", "None"),
    ("undefined", "None"),
    ("this", "self"),
    ("Integer", "int"),
    ("String", "str"),
    ("string", "str"),
    ("boolean", "bool"),
    ("Math", "math"),
    ("println", "print"),
    ("printf", "print"),
    ("length", "len"),
    ("size", "len"),
    ("Infinity", "float(\"inf\")"),
    ("INF", "float(\"inf\")"),
    ("inf", "float(\"inf\")"),
    // Python 2's names.
    ("xrange", "range"),
    ("raw_input", "input"),
    ("unicode", "str"),
    ("long", "int"),
    ("basestring", "str"),
];

/// A name a module provides, when the file uses it without importing it.
const PYTHON_IMPORTS: &[(&str, &str)] = &[
    ("math", "import math"),
    ("re", "import re"),
    ("sys", "import sys"),
    ("os", "import os"),
    ("itertools", "import itertools"),
    ("collections", "import collections"),
    ("functools", "import functools"),
    ("heapq", "import heapq"),
    ("bisect", "import bisect"),
    ("string", "import string"),
    ("json", "import json"),
    ("statistics", "import statistics"),
    ("operator", "import operator"),
    ("deque", "from collections import deque"),
    ("Counter", "from collections import Counter"),
    ("defaultdict", "from collections import defaultdict"),
    ("OrderedDict", "from collections import OrderedDict"),
    ("reduce", "from functools import reduce"),
    ("lru_cache", "from functools import lru_cache"),
    ("cache", "from functools import cache"),
    ("heappush", "from heapq import heappush"),
    ("heappop", "from heapq import heappop"),
    ("heapify", "from heapq import heapify"),
    ("bisect_left", "from bisect import bisect_left"),
    ("bisect_right", "from bisect import bisect_right"),
    ("sqrt", "from math import sqrt"),
    ("floor", "from math import floor"),
    ("ceil", "from math import ceil"),
    ("gcd", "from math import gcd"),
    ("inf", "from math import inf"),
    ("pi", "from math import pi"),
    ("List", "from typing import List"),
    ("Dict", "from typing import Dict"),
    ("Optional", "from typing import Optional"),
    ("Tuple", "from typing import Tuple"),
    ("Set", "from typing import Set"),
    ("accumulate", "from itertools import accumulate"),
    ("permutations", "from itertools import permutations"),
    ("combinations", "from itertools import combinations"),
    ("product", "from itertools import product"),
];

const PYTHON_BUILTINS: &[&str] = &[
    "abs",
    "all",
    "any",
    "bool",
    "chr",
    "dict",
    "divmod",
    "enumerate",
    "filter",
    "float",
    "int",
    "isinstance",
    "len",
    "list",
    "map",
    "max",
    "min",
    "ord",
    "print",
    "range",
    "reversed",
    "round",
    "set",
    "sorted",
    "str",
    "sum",
    "tuple",
    "zip",
    "None",
    "True",
    "False",
];

/// Methods of the built-in types a slip names wrongly, and the names other languages give them.
const PYTHON_METHODS: &[(&str, &[&str])] = &[
    (
        "list",
        &[
            "append", "extend", "insert", "remove", "pop", "clear", "index", "count", "sort",
            "reverse", "copy",
        ],
    ),
    (
        "str",
        &[
            "upper",
            "lower",
            "strip",
            "lstrip",
            "rstrip",
            "split",
            "rsplit",
            "join",
            "replace",
            "find",
            "rfind",
            "index",
            "count",
            "startswith",
            "endswith",
            "isdigit",
            "isalpha",
            "isalnum",
            "isspace",
            "isupper",
            "islower",
            "capitalize",
            "title",
            "swapcase",
            "format",
            "zfill",
            "splitlines",
            "partition",
            "encode",
        ],
    ),
    (
        "dict",
        &[
            "get",
            "keys",
            "values",
            "items",
            "pop",
            "popitem",
            "setdefault",
            "update",
            "clear",
            "copy",
        ],
    ),
    (
        "set",
        &[
            "add",
            "remove",
            "discard",
            "pop",
            "clear",
            "union",
            "intersection",
            "difference",
            "symmetric_difference",
            "issubset",
            "issuperset",
            "update",
            "copy",
        ],
    ),
    ("tuple", &["count", "index"]),
    (
        "deque",
        &[
            "append",
            "appendleft",
            "pop",
            "popleft",
            "extend",
            "extendleft",
            "clear",
            "rotate",
        ],
    ),
];

/// Method names from other languages, per receiver type.
const PYTHON_METHOD_SLIPS: &[(&str, &str, &str)] = &[
    ("list", "push", "append"),
    ("list", "add", "append"),
    ("list", "push_back", "append"),
    ("list", "addAll", "extend"),
    ("list", "indexOf", "index"),
    ("list", "removeLast", "pop"),
    ("list", "shift", "pop"),
    ("deque", "push", "append"),
    ("deque", "push_back", "append"),
    ("deque", "push_front", "appendleft"),
    ("deque", "pop_front", "popleft"),
    ("deque", "pop_back", "pop"),
    ("deque", "shift", "popleft"),
    ("set", "append", "add"),
    ("set", "push", "add"),
    ("set", "insert", "add"),
    ("str", "toUpperCase", "upper"),
    ("str", "toLowerCase", "lower"),
    ("str", "upcase", "upper"),
    ("str", "downcase", "lower"),
    ("str", "uppercase", "upper"),
    ("str", "lowercase", "lower"),
    ("str", "to_upper", "upper"),
    ("str", "to_lower", "lower"),
    ("str", "trim", "strip"),
    ("str", "trimStart", "lstrip"),
    ("str", "trimEnd", "rstrip"),
    ("str", "startsWith", "startswith"),
    ("str", "endsWith", "endswith"),
    ("str", "starts_with", "startswith"),
    ("str", "ends_with", "endswith"),
    ("str", "indexOf", "find"),
    ("str", "lastIndexOf", "rfind"),
    ("str", "isnumeric", "isdigit"),
    ("dict", "getOrDefault", "get"),
    ("dict", "keySet", "keys"),
    ("dict", "entrySet", "items"),
    ("dict", "iteritems", "items"),
    ("dict", "itervalues", "values"),
    ("dict", "iterkeys", "keys"),
    ("dict", "has_key", "__contains__"),
];

/// Edits a Python failure's exception proposes at the line it was raised on.
fn python_hints(failure: &TestFailure, contents: &HashMap<String, String>) -> Vec<DiagnosticEdit> {
    // The innermost frame in a file of the workspace that is not a test.
    let Some((file, number)) = failure.frames.iter().rev().find_map(|frame| {
        let file = resolve(&frame.file, contents)?;
        let is_test = tact_runtime::source::is_test_path(file);
        (!is_test && file.ends_with(".py")).then_some((file, frame.line))
    }) else {
        return Vec::new();
    };
    let Some(text) = contents.get(file) else {
        return Vec::new();
    };
    let Some(old) = line_of(text, number) else {
        return Vec::new();
    };
    let message = failure.message.as_str();
    let classes = classify_source(text, Language::Python);
    let code_mask: Vec<bool> = classes
        .get((number as usize).saturating_sub(1))
        .map(|c| c.iter().map(|b| *b == ByteClass::Code).collect())
        .unwrap_or_default();
    // (first line, replacement lines, why)
    let mut news: Vec<(u32, Vec<String>, String)> = Vec::new();
    macro_rules! one {
        ($new:expr, $why:expr $(,)?) => {
            news.push((number, vec![$new], $why))
        };
    }

    let said = |needle: &str| message.contains(needle);
    if said("SyntaxError") || said("IndentationError") || said("TabError") {
        if said("expected ':'") {
            one!(with_colon(old), "Python: expected ':'".into());
        }
        if said("Maybe you meant '==' or ':=' instead of '='")
            || said("Maybe you meant '==' instead of '='")
        {
            for at in lone_equals(old, &code_mask) {
                let new = format!("{}=={}", &old[..at], &old[at + 1..]);
                one!(new, "Python: '=' where '==' compares".into());
            }
        }
        if let Some(opener) = never_closed(message) {
            for new in closed(old, opener) {
                one!(new, format!("Python: '{opener}' was never closed"));
            }
        }
        if said("unmatched '") || said("does not match opening parenthesis") {
            for new in rebalanced(old, &code_mask) {
                one!(new, "Python: brackets that do not match".into());
            }
        }
        if said("unterminated string literal") {
            for new in terminated(old) {
                one!(new, "Python: unterminated string literal".into());
            }
        }
        if said("Perhaps you forgot a comma") {
            for new in with_comma(old, &code_mask) {
                one!(new, "Python: a missing comma".into());
            }
        }
        if said("TabError") {
            // Tabs where the file indents with spaces: the line's tabs as spaces.
            let body = old.trim_start();
            let indent = &old[..old.len() - body.len()];
            for width in [4, 8] {
                let spaces = indent.replace('\t', &" ".repeat(width));
                if spaces != indent {
                    one!(
                        format!("{spaces}{body}"),
                        "Python: tabs among spaces".into()
                    );
                }
            }
        }
        // A statement at the wrong depth: an indentation error, or a `return`/`break` that
        // fell out of the function or loop it belongs to.
        if said("IndentationError")
            || said("TabError")
            || said("indent")
            || said("outside loop")
            || said("outside function")
            || said("not properly in loop")
        {
            for new in reindented(text, number) {
                one!(new, "Python: indentation".into());
            }
        }
        for new in syntax_slips(old, &code_mask) {
            one!(new, "Python: another language's syntax".into());
        }
    }
    if let Some(name) = capture(r"NameError: name '(\w+)' is not defined", message) {
        for (new, why) in name_fixes(text, old, &code_mask, &name) {
            one!(new, why);
        }
        if let Some((_, import)) = PYTHON_IMPORTS.iter().find(|(n, _)| *n == name) {
            // The import goes first in the file, before its first line.
            let first = line_of(text, 1).unwrap_or("").to_string();
            news.push((
                1,
                vec![(*import).to_string(), first],
                format!("Python: `{name}` is never imported"),
            ));
        }
    }
    if let Some((kind, attribute)) = capture2(
        r"AttributeError: '(\w+)' object has no attribute '(\w+)'",
        message,
    ) {
        for (new, why) in attribute_fixes(text, old, &kind, &attribute) {
            news.push((number, vec![new], why));
        }
    }
    if said("Missing parentheses in call to 'print'") {
        let body = old.trim_start();
        let indent = &old[..old.len() - body.len()];
        if let Some(args) = body.strip_prefix("print ") {
            one!(
                format!("{indent}print({})", args.trim_end()),
                "Python: Python 2's `print` statement".into(),
            );
        }
    }
    if let Some(name) = capture(
        r"UnboundLocalError: (?:cannot access local variable|local variable) '(\w+)'",
        message,
    ) {
        for (at, replacement) in initialised(text, number, &name) {
            news.push((
                at,
                replacement,
                format!("Python: `{name}` used before it is set"),
            ));
        }
    }
    if said("KeyError") {
        for new in default_keys(old) {
            news.push((
                number,
                vec![new],
                "Python: a key read before it is set".into(),
            ));
        }
    }
    if said("IndexError: list assignment index out of range")
        && let Ok(re) = Regex::new(r"^(\s*)([\w.]+)\[[^\]]+\]\s*=\s*(.+?)\s*$")
        && let Some(c) = re.captures(old)
    {
        let group = |k: usize| c.get(k).map_or("", |m| m.as_str());
        news.push((
            number,
            vec![format!("{}{}.append({})", group(1), group(2), group(3))],
            "Python: a list grown by assigning past its end".into(),
        ));
    }
    if said("TypeError: 'int' object is not iterable") {
        for new in ranged(old) {
            news.push((
                number,
                vec![new],
                "Python: an `int` iterated; `range` of it".into(),
            ));
        }
    }
    if said("can only concatenate str")
        || said("unsupported operand type(s) for +: 'int' and 'str'")
        || said("unsupported operand type(s) for +: 'float' and 'str'")
    {
        for new in stringified(old, &code_mask) {
            news.push((
                number,
                vec![new],
                "Python: a number joined to a string".into(),
            ));
        }
    }
    if said("indices must be integers") || said("object cannot be interpreted as an integer") {
        let new = old.replace(" / ", " // ");
        if new != old {
            news.push((
                number,
                vec![new],
                "Python: a `float` where an index is needed".into(),
            ));
        }
    }
    if said("'NoneType' object") || said("of type 'NoneType'") {
        for (at, new) in none_from_in_place(text) {
            news.push((
                at,
                vec![new],
                "Python: an in-place method's `None` kept".into(),
            ));
        }
    }
    // A list where an element was expected: an element compared with, added to or formatted
    // as a list. The likeliest source is a list appended as one element.
    if said("and 'list'") || said("'list' and") || said("not \"list\"") {
        for (at, new) in appended_lists(text) {
            news.push((
                at,
                vec![new],
                "Python: a list appended as one element; `extend` adds its items".into(),
            ));
        }
    }
    if let Some((function, wanted)) = capture2(
        r"(\w+)\(\) takes (\d+) positional arguments? but \d+ were given",
        message,
    ) && wanted == "1"
        && let Some(edit) = missing_self(file, text, &function)
    {
        return vec![edit];
    }
    news.into_iter()
        .map(|(at, replacement, why)| DiagnosticEdit {
            file: file.clone(),
            line: at,
            old_lines: vec![line_of(text, at).unwrap_or("").to_string()],
            replacement,
            why,
        })
        .collect()
}

fn capture(pattern: &str, text: &str) -> Option<String> {
    let re = Regex::new(pattern).ok()?;
    Some(re.captures(text)?.get(1)?.as_str().to_string())
}

fn capture2(pattern: &str, text: &str) -> Option<(String, String)> {
    let re = Regex::new(pattern).ok()?;
    let c = re.captures(text)?;
    Some((
        c.get(1)?.as_str().to_string(),
        c.get(2)?.as_str().to_string(),
    ))
}

/// `for x in y` → `for x in y:` (before a trailing comment).
fn with_colon(line: &str) -> String {
    let code_end = comment_start(line).unwrap_or(line.len());
    let code = line[..code_end].trim_end();
    format!("{code}:{}", &line[code.len()..])
}

/// Where a `#` comment starts, outside strings (a rough reading, enough for one line).
fn comment_start(line: &str) -> Option<usize> {
    let mut quote: Option<char> = None;
    let mut escaped = false;
    for (i, c) in line.char_indices() {
        match quote {
            Some(q) => {
                if escaped {
                    escaped = false;
                } else if c == '\\' {
                    escaped = true;
                } else if c == q {
                    quote = None;
                }
            }
            None if c == '"' || c == '\'' => quote = Some(c),
            None if c == '#' => return Some(i),
            None => {}
        }
    }
    None
}

/// Byte offsets of each `=` in code that is neither part of a two-character operator nor a
/// keyword argument's (inside brackets).
fn lone_equals(line: &str, code: &[bool]) -> Vec<usize> {
    let bytes = line.as_bytes();
    let mut depth = 0i32;
    let mut found = Vec::new();
    for (i, &b) in bytes.iter().enumerate() {
        if !code.get(i).copied().unwrap_or(true) {
            continue;
        }
        match b {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth -= 1,
            b'=' => {
                let before = i.checked_sub(1).and_then(|k| bytes.get(k)).copied();
                let after = bytes.get(i + 1).copied();
                let paired = matches!(
                    before,
                    Some(
                        b'=' | b'!'
                            | b'<'
                            | b'>'
                            | b':'
                            | b'+'
                            | b'-'
                            | b'*'
                            | b'/'
                            | b'%'
                            | b'&'
                            | b'|'
                            | b'^'
                    )
                ) || after == Some(b'=');
                if !paired && depth == 0 {
                    found.push(i);
                }
            }
            _ => {}
        }
    }
    found
}

fn never_closed(message: &str) -> Option<char> {
    let at = message.find("' was never closed")?;
    message[..at].chars().last()
}

fn closer_of(opener: char) -> char {
    match opener {
        '(' => ')',
        '[' => ']',
        _ => '}',
    }
}

/// The line with its unclosed `opener` closed: at the end of the code, or before a trailing
/// `:` that ends a block header.
fn closed(line: &str, opener: char) -> Vec<String> {
    let closer = closer_of(opener);
    let code_end = comment_start(line).unwrap_or(line.len());
    let code = line[..code_end].trim_end();
    let rest = &line[code.len()..];
    let mut out = vec![format!("{code}{closer}{rest}")];
    if let Some(head) = code.strip_suffix(':') {
        out.insert(0, format!("{}{closer}:{rest}", head.trim_end()));
    }
    out
}

/// The line without a closing bracket that matches nothing, or with the wrong closer replaced.
fn rebalanced(line: &str, code: &[bool]) -> Vec<String> {
    let mut stack: Vec<(usize, char)> = Vec::new();
    let mut out = Vec::new();
    for (i, c) in line.char_indices() {
        if !code.get(i).copied().unwrap_or(true) {
            continue;
        }
        match c {
            '(' | '[' | '{' => stack.push((i, c)),
            ')' | ']' | '}' => match stack.pop() {
                Some((_, open)) if closer_of(open) == c => {}
                Some((_, open)) => {
                    let right = closer_of(open);
                    out.push(format!("{}{right}{}", &line[..i], &line[i + 1..]));
                    out.push(format!("{}{right}{}", &line[..i], &line[i..]));
                    break;
                }
                None => {
                    out.push(format!("{}{}", &line[..i], &line[i + 1..]));
                    break;
                }
            },
            _ => {}
        }
    }
    out
}

/// The line with its open string closed: at the end, or before the closing bracket or comma
/// that follows the string's text.
fn terminated(line: &str) -> Vec<String> {
    let Some((start, quote)) = line
        .char_indices()
        .rfind(|(_, c)| (*c == '"' || *c == '\'') && line.matches(*c).count() % 2 == 1)
    else {
        return Vec::new();
    };
    let trimmed = line.trim_end();
    let mut out = vec![format!("{trimmed}{quote}")];
    for (i, c) in trimmed.char_indices().rev() {
        if i <= start {
            break;
        }
        if matches!(c, ')' | ']' | '}' | ',' | ':') {
            out.push(format!("{}{quote}{}", &trimmed[..i], &trimmed[i..]));
        } else {
            break;
        }
    }
    out
}

/// A comma inserted between two atoms that stand side by side inside brackets.
fn with_comma(line: &str, code: &[bool]) -> Vec<String> {
    let bytes = line.as_bytes();
    let mut depth = 0i32;
    let mut out = Vec::new();
    let ends_atom =
        |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'_' | b')' | b']' | b'}' | b'"' | b'\'');
    let starts_atom =
        |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'(' | b'[' | b'{' | b'"' | b'\'');
    let keyword = |word: &str| {
        matches!(
            word,
            "for"
                | "in"
                | "if"
                | "else"
                | "and"
                | "or"
                | "not"
                | "is"
                | "lambda"
                | "async"
                | "await"
        )
    };
    for i in 1..bytes.len() {
        match bytes[i - 1] {
            b'(' | b'[' | b'{' if code.get(i - 1).copied().unwrap_or(true) => depth += 1,
            b')' | b']' | b'}' if code.get(i - 1).copied().unwrap_or(true) => depth -= 1,
            _ => {}
        }
        if depth <= 0 || bytes[i] != b' ' || !code.get(i).copied().unwrap_or(true) {
            continue;
        }
        let left_end = i;
        let right_start = (i..bytes.len())
            .find(|&k| bytes[k] != b' ')
            .unwrap_or(bytes.len());
        let (Some(&l), Some(&r)) = (bytes.get(left_end - 1), bytes.get(right_start)) else {
            continue;
        };
        if !(ends_atom(l) && starts_atom(r)) || bytes[i - 1] == b' ' {
            continue;
        }
        let left_word: String = line[..left_end]
            .chars()
            .rev()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        let right_word: String = line[right_start..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if keyword(&left_word) || keyword(&right_word) {
            continue;
        }
        out.push(format!("{},{}", &line[..left_end], &line[left_end..]));
    }
    out
}

/// The line at each depth its neighbours suggest: the depths of the lines above it (up to the
/// enclosing `def`), one level deeper than a block header right above it.
fn reindented(text: &str, number: u32) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    let Some(at) = (number as usize).checked_sub(1) else {
        return Vec::new();
    };
    let Some(line) = lines.get(at) else {
        return Vec::new();
    };
    let body = line.trim_start();
    let width = |l: &str| l.len() - l.trim_start().len();
    let current = width(line);
    let unit = if line.starts_with('\t') { "\t" } else { " " };
    let mut depths: Vec<usize> = Vec::new();
    let mut previous: Option<&str> = None;
    for above in lines[..at].iter().rev() {
        if above.trim().is_empty() || above.trim_start().starts_with('#') {
            continue;
        }
        if previous.is_none() {
            previous = Some(above);
            if above.trim_end().ends_with(':') {
                depths.push(width(above) + if unit == "\t" { 1 } else { 4 });
            }
        }
        let w = width(above);
        if !depths.contains(&w) {
            depths.push(w);
        }
        if above.trim_start().starts_with("def ")
            || above.trim_start().starts_with("class ")
            || w == 0
        {
            break;
        }
    }
    depths
        .into_iter()
        .filter(|d| *d != current)
        .map(|d| format!("{}{body}", unit.repeat(d)))
        .collect()
}

/// Other languages' syntax on the line, in Python's words.
fn syntax_slips(line: &str, code: &[bool]) -> Vec<String> {
    let in_code = |at: usize| code.get(at).copied().unwrap_or(true);
    let mut out = Vec::new();
    let mut swap = |from: &str, to: &str| {
        let mut new = String::new();
        let mut last = 0;
        for (at, _) in line.match_indices(from) {
            if in_code(at) {
                new.push_str(&line[last..at]);
                new.push_str(to);
                last = at + from.len();
            }
        }
        if last > 0 {
            new.push_str(&line[last..]);
            out.push(new);
        }
    };
    swap("else if ", "elif ");
    swap(" && ", " and ");
    swap(" || ", " or ");
    swap("++", " += 1");
    swap("--", " -= 1");
    swap(" === ", " == ");
    swap(" !== ", " != ");
    // `!x` → `not x` (never `!=`).
    let bang: Vec<usize> = line
        .match_indices('!')
        .map(|(at, _)| at)
        .filter(|&at| in_code(at) && line.as_bytes().get(at + 1) != Some(&b'='))
        .collect();
    if !bang.is_empty() {
        let mut new = String::new();
        let mut last = 0;
        for at in bang {
            new.push_str(&line[last..at]);
            new.push_str("not ");
            last = at + 1;
        }
        new.push_str(&line[last..]);
        out.push(new);
    }
    // A statement ended with `;` or a block opened with `{`.
    let trimmed = line.trim_end();
    if let Some(head) = trimmed.strip_suffix(';') {
        out.push(head.to_string());
    }
    if let Some(head) = trimmed.strip_suffix('{') {
        out.push(format!("{}:", head.trim_end()));
    }
    out
}

/// Whole-word occurrences of `name` in code (not after a `.`), replaced by `to`.
fn replace_word(line: &str, code: &[bool], name: &str, to: &str) -> Option<String> {
    let bytes = line.as_bytes();
    let is_word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut new = String::new();
    let mut last = 0;
    for (at, _) in line.match_indices(name) {
        let before = at.checked_sub(1).and_then(|k| bytes.get(k)).copied();
        let after = bytes.get(at + name.len()).copied();
        let whole = !before.is_some_and(is_word) && !after.is_some_and(is_word);
        if whole && before != Some(b'.') && code.get(at).copied().unwrap_or(true) {
            new.push_str(&line[last..at]);
            new.push_str(to);
            last = at + name.len();
        }
    }
    (last > 0).then(|| {
        new.push_str(&line[last..]);
        new
    })
}

/// The names a file defines: functions, classes, parameters, assigned names, attributes of
/// `self`.
fn defined_names(text: &str) -> Vec<String> {
    let Ok(re) = Regex::new(
        r"(?m)(?:def|class)\s+(\w+)|(\w+)\s*(?:[-+*/]?=[^=]|\bin\b)|self\.(\w+)|[(,]\s*(\w+)\s*[:,)=]",
    ) else {
        return Vec::new();
    };
    let mut names: Vec<String> = Vec::new();
    for c in re.captures_iter(text) {
        for g in 1..=4 {
            if let Some(m) = c.get(g) {
                let name = m.as_str().to_string();
                if !names.contains(&name) && !name.chars().all(|ch| ch.is_ascii_digit()) {
                    names.push(name);
                }
            }
        }
    }
    names
}

/// Close enough to be a misspelling: within 2 edits, and fewer than a third of the longer.
fn misspelt(wrong: &str, right: &str) -> bool {
    let d = strsim::osa_distance(&wrong.to_lowercase(), &right.to_lowercase());
    wrong != right && d <= 2 && d * 3 <= wrong.len().max(right.len())
}

/// A name that is not defined: another language's word for a Python one, a method of the
/// enclosing class called without `self.`, a misspelt name the file or the builtins define.
fn name_fixes(text: &str, line: &str, code: &[bool], name: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (slip, right) in PYTHON_NAME_SLIPS {
        if *slip == name
            && let Some(new) = replace_word(line, code, name, right)
        {
            out.push((new, format!("Python: `{name}` is `{right}` in Python")));
        }
    }
    let is_member = text.contains(&format!("self.{name}"))
        || Regex::new(&format!(
            r"(?m)^\s+def\s+{}\s*\(\s*self\b",
            regex::escape(name)
        ))
        .is_ok_and(|re| re.is_match(text));
    if is_member && let Some(new) = replace_word(line, code, name, &format!("self.{name}")) {
        out.push((new, format!("Python: `{name}` belongs to `self`")));
    }
    let mut known = defined_names(text);
    known.extend(PYTHON_BUILTINS.iter().map(|s| s.to_string()));
    let mut close: Vec<(usize, String)> = known
        .into_iter()
        .filter(|k| misspelt(name, k))
        .map(|k| (strsim::osa_distance(name, &k), k))
        .collect();
    close.sort();
    close.dedup();
    for (_, right) in close {
        if let Some(new) = replace_word(line, code, name, &right) {
            out.push((
                new,
                format!("Python: `{name}` is not defined; `{right}` is"),
            ));
        }
    }
    out
}

/// An attribute the object does not have: its type's method of that meaning (from another
/// language's name, or a misspelling), `len(x)` for a length, `in` for a membership test.
fn attribute_fixes(text: &str, line: &str, kind: &str, attribute: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let dotted = format!(".{attribute}");
    if !line.contains(&dotted) {
        return out;
    }
    let why = |right: &str| format!("Python: `{kind}` has no `{attribute}`; `{right}`");
    let mut rename = |right: &str| {
        let new = line.replace(&dotted, &format!(".{right}"));
        if new != line {
            out.push((new, why(right)));
        }
    };
    for (k, slip, right) in PYTHON_METHOD_SLIPS {
        if *k == kind && *slip == attribute && *right != "__contains__" {
            rename(right);
        }
    }
    let own: Vec<String> = match PYTHON_METHODS.iter().find(|(k, _)| *k == kind) {
        Some((_, methods)) => methods.iter().map(|m| m.to_string()).collect(),
        // A class of the file: its methods and attributes.
        None => defined_names(text),
    };
    let mut close: Vec<(usize, &String)> = own
        .iter()
        .filter(|m| misspelt(attribute, m))
        .map(|m| (strsim::osa_distance(attribute, m), m))
        .collect();
    close.sort();
    for (_, right) in close {
        rename(right);
    }
    // `x.length()` / `x.size()` / `x.length` → `len(x)`; `x.contains(y)` → `y in x`.
    let receiver = r"([A-Za-z_][\w.]*(?:\[[^\]]*\])*)";
    if matches!(attribute, "length" | "size" | "len" | "count" | "getLength")
        && let Ok(re) = Regex::new(&format!(r"{receiver}\.{attribute}(?:\(\))?"))
    {
        {
            let new = re.replace_all(line, "len($1)").to_string();
            if new != line {
                out.push((new, why("len()")));
            }
        }
    }
    if matches!(
        attribute,
        "contains" | "includes" | "has" | "containsKey" | "has_key" | "hasKey"
    ) && let Ok(re) = Regex::new(&format!(r"{receiver}\.{attribute}\(([^()]*)\)"))
    {
        let new = re.replace_all(line, "$2 in $1").to_string();
        if new != line {
            out.push((new, why("in")));
        }
    }
    out
}

/// `for x in n:` → `for x in range(n):` (an `int` iterated).
fn ranged(line: &str) -> Vec<String> {
    let Ok(re) = Regex::new(r"^(\s*(?:async\s+)?for\s+.+?\s+in\s+)(.+?)(\s*:\s*(?:#.*)?)$") else {
        return Vec::new();
    };
    let Some(c) = re.captures(line) else {
        return Vec::new();
    };
    let (Some(head), Some(what), Some(tail)) = (c.get(1), c.get(2), c.get(3)) else {
        return Vec::new();
    };
    let what = what.as_str();
    if what.starts_with("range(") {
        return Vec::new();
    }
    vec![format!("{}range({what}){}", head.as_str(), tail.as_str())]
}

/// Each operand of a `+` chain that is not a string literal, wrapped in `str()`.
fn stringified(line: &str, code: &[bool]) -> Vec<String> {
    let bytes = line.as_bytes();
    // The `+` at bracket depth 0 in code, and the operands between them.
    let mut depth = 0i32;
    let mut cuts = Vec::new();
    let start = line.find(|c: char| !c.is_whitespace()).unwrap_or(0);
    // An assignment or `return` keeps its head out of the operands.
    let head_end = ["return ", "yield "]
        .iter()
        .find_map(|k| line[start..].starts_with(k).then(|| start + k.len()))
        .or_else(|| lone_equals(line, code).first().map(|at| at + 1))
        .unwrap_or(start);
    for (i, &b) in bytes.iter().enumerate().skip(head_end) {
        if !code.get(i).copied().unwrap_or(true) {
            continue;
        }
        match b {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth -= 1,
            b'+' if depth == 0 && bytes.get(i + 1) != Some(&b'=') => cuts.push(i),
            _ => {}
        }
    }
    if cuts.is_empty() {
        return Vec::new();
    }
    let end = comment_start(line).unwrap_or(line.len()).max(head_end);
    let end = head_end + line.get(head_end..end).unwrap_or("").trim_end().len();
    let mut bounds = vec![head_end];
    for cut in &cuts {
        bounds.push(*cut);
        bounds.push(cut + 1);
    }
    bounds.push(end);
    let mut out = Vec::new();
    for pair in bounds.chunks(2) {
        let (Some(&a), Some(&b)) = (pair.first(), pair.get(1)) else {
            continue;
        };
        let Some(piece) = line.get(a..b) else {
            continue;
        };
        let operand = piece.trim();
        let quoted = operand.starts_with(['"', '\''])
            || operand.starts_with("f\"")
            || operand.starts_with("f'");
        if operand.is_empty() || quoted || operand.starts_with("str(") {
            continue;
        }
        let lead = a + (piece.len() - piece.trim_start().len());
        let trail = lead + operand.len();
        out.push(format!("{}str({operand}){}", &line[..lead], &line[trail..]));
    }
    out
}

/// Lines that keep the `None` an in-place method returns: `xs = xs.sort()` → `xs =
/// sorted(xs)` and `xs.sort()`; `ys = xs.reverse()` → `ys = xs[::-1]`; `xs = xs.append(v)` →
/// `xs.append(v)`.
fn none_from_in_place(text: &str) -> Vec<(u32, String)> {
    let Ok(re) = Regex::new(
        r"^(\s*)([\w.\[\]]+)\s*=\s*([\w.\[\]]+)\.(sort|reverse|append|extend|insert|remove|clear|update|add)\((.*)\)\s*$",
    ) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let Some(c) = re.captures(line) else {
            continue;
        };
        let group = |k: usize| c.get(k).map_or("", |m| m.as_str());
        let (indent, target, source, method, args) =
            (group(1), group(2), group(3), group(4), group(5));
        let at = i as u32 + 1;
        match method {
            "sort" => {
                let args = if args.trim().is_empty() {
                    String::new()
                } else {
                    format!(", {args}")
                };
                out.push((at, format!("{indent}{target} = sorted({source}{args})")));
            }
            "reverse" => out.push((at, format!("{indent}{target} = {source}[::-1]"))),
            _ => {}
        }
        out.push((at, format!("{indent}{source}.{method}({args})")));
    }
    out
}

/// `xs.append(ys[i:])`, `xs.append(list(…))`, `xs.append(sorted(…))`: a list appended as one
/// element, as `xs.extend(…)`.
fn appended_lists(text: &str) -> Vec<(u32, String)> {
    let Ok(re) = Regex::new(r"^(\s*[\w.\[\]]+)\.append\((.*)\)\s*$") else {
        return Vec::new();
    };
    let Ok(slice) = Regex::new(r"\[[^\[\]]*:[^\[\]]*\]$|^(list|sorted|reversed)\(") else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let Some(c) = re.captures(line) else {
            continue;
        };
        let (head, argument) = (
            c.get(1).map_or("", |m| m.as_str()),
            c.get(2).map_or("", |m| m.as_str().trim()),
        );
        if slice.is_match(argument) {
            out.push((i as u32 + 1, format!("{head}.extend({argument})")));
        }
    }
    out
}

/// A name used before it is set: set at the top of the enclosing function's body (to `0`, an
/// empty list, an empty string), the line that uses it kept.
fn initialised(text: &str, number: u32, name: &str) -> Vec<(u32, Vec<String>)> {
    let lines: Vec<&str> = text.lines().collect();
    let Some(at) = (number as usize).checked_sub(1) else {
        return Vec::new();
    };
    let Some(def) = lines
        .get(..at)
        .unwrap_or_default()
        .iter()
        .rposition(|l| l.trim_start().starts_with("def "))
    else {
        return Vec::new();
    };
    // The first line of the body after the header (and its docstring, if one line).
    let mut first = def + 1;
    while let Some(line) = lines.get(first) {
        let t = line.trim();
        let one_line_doc = (t.starts_with("\"\"\"") && t.len() > 3 && t.ends_with("\"\"\""))
            || (t.starts_with("'''") && t.len() > 3 && t.ends_with("'''"));
        if t.is_empty() || t.starts_with('#') || one_line_doc {
            first += 1;
        } else {
            break;
        }
    }
    let Some(body) = lines.get(first) else {
        return Vec::new();
    };
    let indent: String = body.chars().take_while(|c| c.is_whitespace()).collect();
    ["0", "[]", "\"\""]
        .iter()
        .map(|value| {
            (
                first as u32 + 1,
                vec![format!("{indent}{name} = {value}"), body.to_string()],
            )
        })
        .collect()
}

/// A counter or grouping read before its key is there: `d[k] += v` → `d[k] = d.get(k, 0) + v`,
/// `d[k].append(v)` → `d.setdefault(k, []).append(v)`, `x = d[k]` → `x = d.get(k)`.
fn default_keys(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let rules: [(&str, &str); 3] = [
        (
            r"^(\s*)([\w.]+)\[([^\]]+)\]\s*\+=\s*(.+?)\s*$",
            "${1}${2}[${3}] = ${2}.get(${3}, 0) + ${4}",
        ),
        (
            r"^(\s*)([\w.]+)\[([^\]]+)\]\.(append|add|extend)\((.*)\)\s*$",
            "${1}${2}.setdefault(${3}, []).${4}(${5})",
        ),
        (r"([\w.]+)\[([^\]]+)\]", "${1}.get(${2}, 0)"),
    ];
    // A read turned into `.get()` cannot be assigned to.
    let Ok(assigned_call) = Regex::new(r"\.get\([^)]*\)\s*[-+*/]?=[^=]") else {
        return out;
    };
    for (pattern, to) in rules {
        if let Ok(re) = Regex::new(pattern) {
            let new = re.replace(line, to).to_string();
            let assigns_a_call = assigned_call.is_match(&new);
            if new != line && !out.contains(&new) && !assigns_a_call {
                out.push(new);
            }
        }
    }
    // `setdefault(k, [])` for a set the line adds to.
    out.iter_mut()
        .filter(|l| l.contains(".setdefault(") && l.contains(").add("))
        .for_each(|l| *l = l.replace(", []).add(", ", set()).add("));
    out
}

/// A method defined without `self`: `def helper(x)` in a class becomes `def helper(self, x)`.
fn missing_self(file: &str, text: &str, function: &str) -> Option<DiagnosticEdit> {
    let name = function.rsplit('.').next().unwrap_or(function);
    let re = Regex::new(&format!(r"^(\s+def\s+{}\s*\()(.*)$", regex::escape(name))).ok()?;
    for (i, line) in text.lines().enumerate() {
        if let Some(c) = re.captures(line) {
            let rest = c.get(2)?.as_str();
            if rest.trim_start().starts_with("self") {
                return None;
            }
            let head = c.get(1)?.as_str();
            let sep = if rest.trim_start().starts_with(')') {
                ""
            } else {
                ", "
            };
            return Some(DiagnosticEdit {
                file: file.to_string(),
                line: i as u32 + 1,
                old_lines: vec![line.to_string()],
                replacement: vec![format!("{head}self{sep}{rest}")],
                why: format!("Python: the method `{name}` takes no `self`"),
            });
        }
    }
    None
}

// ---------------------------------------------------------------------------------------------
// Recursion without end

/// Python's `RecursionError` or a Rust test binary's stack overflow.
fn recursed_without_end(message: &str) -> bool {
    message.contains("RecursionError")
        || message.contains("maximum recursion depth exceeded")
        || message.contains("stack overflow")
}

/// A recursion that never ends most often has a base case too narrow for the input that
/// reaches it (`len(arr) == 0` where a one-item list must stop too, `n == 1` reached with 0).
/// Every comparison with an integer in an `if` of a function that calls itself is widened by
/// one step: `== c` → `<= c` and `<= c + 1`, `< c` → `<= c`, `<= c` → `<= c + 1`; `not xs` →
/// `len(xs) <= 1`, `xs.is_empty()` → `xs.len() <= 1`. A stack overflow names no line, so the
/// recursive functions are found by reading the files.
fn base_case_widenings(contents: &HashMap<String, String>) -> Vec<DiagnosticEdit> {
    let Ok(comparison) = Regex::new(r"(==|<=|<)\s*(\d+)\b") else {
        return Vec::new();
    };
    let Ok(negated) = Regex::new(r"\bnot\s+([A-Za-z_][A-Za-z0-9_]*)\s*:\s*$") else {
        return Vec::new();
    };
    let Ok(empty) = Regex::new(r"\b([A-Za-z_][A-Za-z0-9_]*)\.is_empty\(\)") else {
        return Vec::new();
    };
    let mut paths: Vec<&String> = contents.keys().collect();
    paths.sort();
    let mut edits = Vec::new();
    for path in paths {
        let Some(text) = contents.get(path) else {
            continue;
        };
        let language = if path.ends_with(".py") {
            Language::Python
        } else if path.ends_with(".rs") {
            Language::Rust
        } else {
            continue;
        };
        let classes = classify_source(text, language);
        let lines: Vec<&str> = text.lines().collect();
        for (start, end, name) in recursive_functions(text, language) {
            for index in start + 1..end {
                let Some(line) = lines.get(index) else {
                    continue;
                };
                let trimmed = line.trim_start();
                let is_branch = match language {
                    Language::Python => trimmed.starts_with("if ") || trimmed.starts_with("elif "),
                    _ => trimmed.starts_with("if ") || trimmed.starts_with("} else if "),
                };
                if !is_branch || line.contains(&format!("{name}(")) {
                    continue;
                }
                let code: Vec<bool> = classes
                    .get(index)
                    .map(|c| c.iter().map(|b| *b == ByteClass::Code).collect())
                    .unwrap_or_default();
                let in_code = |at: usize| code.get(at).copied().unwrap_or(false);
                let mut news: Vec<String> = Vec::new();
                for c in comparison.captures_iter(line) {
                    let (Some(whole), Some(op), Some(number)) = (c.get(0), c.get(1), c.get(2))
                    else {
                        continue;
                    };
                    let Ok(value) = number.as_str().parse::<i64>() else {
                        continue;
                    };
                    if !in_code(whole.start()) {
                        continue;
                    }
                    // `== 1.5` is no integer.
                    if line[whole.end()..].starts_with('.') {
                        continue;
                    }
                    let wider: &[String] = match op.as_str() {
                        "==" => &[format!("<= {value}"), format!("<= {}", value + 1)],
                        "<" => &[format!("<= {value}")],
                        _ => &[format!("<= {}", value + 1)],
                    };
                    for to in wider {
                        news.push(format!(
                            "{}{to}{}",
                            &line[..whole.start()],
                            &line[whole.end()..]
                        ));
                    }
                }
                if language == Language::Python
                    && let Some(c) = negated.captures(line)
                    && let Some(whole) = c.get(0)
                    && in_code(whole.start())
                {
                    let name = c.get(1).map_or("", |m| m.as_str());
                    news.push(format!(
                        "{}len({name}) <= 1:{}",
                        &line[..whole.start()],
                        &line[whole.end()..]
                    ));
                }
                for c in empty.captures_iter(line) {
                    let Some(whole) = c.get(0) else { continue };
                    if !in_code(whole.start()) {
                        continue;
                    }
                    let name = c.get(1).map_or("", |m| m.as_str());
                    news.push(format!(
                        "{}{name}.len() <= 1{}",
                        &line[..whole.start()],
                        &line[whole.end()..]
                    ));
                }
                for new in news {
                    edits.push(DiagnosticEdit {
                        file: path.clone(),
                        line: index as u32 + 1,
                        old_lines: vec![(*line).to_string()],
                        replacement: vec![new],
                        why: format!("recursion without end: the base case of `{name}` widened"),
                    });
                }
            }
        }
    }
    edits
}

/// The functions of `text` that call themselves: `(first line, end line exclusive, name)`,
/// 0-based. Functions are found as everywhere else (`function_spans`); a call is looked for
/// in code only, not in comments or strings.
fn recursive_functions(text: &str, language: Language) -> Vec<(usize, usize, String)> {
    let code = tact_runtime::source::code_only_lines(text, language);
    tact_runtime::source::function_spans_of_code(&code, language)
        .into_iter()
        .filter_map(|span| {
            let start = (span.start as usize).checked_sub(1)?;
            let end = (span.end as usize).min(code.len());
            let call = format!("{}(", span.name);
            let calls_itself = code
                .get(start + 1..end)
                .is_some_and(|body| body.iter().any(|l| l.contains(&call)));
            calls_itself.then_some((start, end, span.name))
        })
        .collect()
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use tact_runtime::testreport::{Frame, parse_cargo_test, parse_pytest};

    fn files(path: &str, text: &str) -> HashMap<String, String> {
        [(path.to_string(), text.to_string())].into()
    }

    /// The edits as (line, replacement) pairs.
    fn proposed(edits: &[DiagnosticEdit]) -> Vec<(u32, Vec<String>)> {
        edits
            .iter()
            .map(|e| (e.line, e.replacement.clone()))
            .collect()
    }

    const GAP: &str = "pub fn max_gap(v: &[i32]) -> i32 {\n    let mut sorted = v.to_vec();\n    sorted.sort();\n    let mut best = 0;\n    for w in sorted.windows(2) {\n        best = best.max(w[1] - w[0]);\n    }\n    bset\n}\n";

    /// A base case too narrow: `len(arr) == 0` lets a one-item list recurse on itself.
    /// A merge that appends what is left of one side as one element: the comparison of an
    /// element with that list fails, and the append of a slice becomes an `extend`.
    #[test]
    fn a_list_appended_as_one_element_is_extended() {
        let text = "def merge(left, right):\n    merged = []\n    while i < len(left):\n        if left[i] <= right[j]:\n            merged.append(left[i])\n    merged.extend(left[i:])\n    merged.append(right[j:])\n    return merged\n";
        assert_eq!(
            python_edits(
                text,
                4,
                "TypeError: '<=' not supported between instances of 'int' and 'list'"
            ),
            vec!["    merged.extend(right[j:])".to_string()]
        );
        assert!(
            python_edits(text, 4, "TypeError: 'int' object is not iterable")
                .iter()
                .all(|e| !e.contains("extend(right"))
        );
    }

    #[test]
    fn a_recursion_error_widens_the_base_case_of_the_function_that_calls_itself() {
        let text = "def helper(x):\n    if x == 3:\n        return 1\n    return 2\n\n\ndef mergesort(arr):\n    if len(arr) == 0:\n        return arr\n    middle = len(arr) // 2\n    return merge(mergesort(arr[:middle]), mergesort(arr[middle:]))\n";
        let report = TestReport {
            failures: vec![TestFailure {
                test: "test_m.py::test_sorts".into(),
                message: "RecursionError: maximum recursion depth exceeded".into(),
                frames: vec![Frame {
                    file: "m.py".into(),
                    line: 11,
                    function: Some("mergesort".into()),
                }],
                ..TestFailure::default()
            }],
            ..TestReport::default()
        };
        let edits = diagnostic_edits(&report, &files("m.py", text));
        assert_eq!(
            proposed(&edits),
            vec![
                (8, vec!["    if len(arr) <= 0:".to_string()]),
                (8, vec!["    if len(arr) <= 1:".to_string()]),
            ]
        );
    }

    /// A Rust stack overflow names no line: the function that calls itself is found in the
    /// file, and only its own conditions are widened (not the tests').
    #[test]
    fn a_stack_overflow_widens_the_base_case_of_the_recursive_fn() {
        let text = "pub fn fib(n: u64) -> u64 {\n    if n == 1 {\n        1\n    } else if n < 1 {\n        0\n    } else {\n        fib(n - 1) + fib(n - 2)\n    }\n}\n\n#[cfg(test)]\nmod tests {\n    use super::*;\n\n    #[test]\n    fn small() {\n        if fib(2) == 1 {\n            assert_eq!(fib(3), 2);\n        }\n    }\n}\n";
        let output = "     Running unittests src/lib.rs (target/debug/deps/f-1)\n\nrunning 1 test\n\nthread 'tests::small' (1) has overflowed its stack\nfatal runtime error: stack overflow, aborting\n";
        let report = parse_cargo_test(output);
        let edits = diagnostic_edits(&report, &files("src/lib.rs", text));
        assert_eq!(
            proposed(&edits),
            vec![
                (2, vec!["    if n <= 1 {".to_string()]),
                (2, vec!["    if n <= 2 {".to_string()]),
                (4, vec!["    } else if n <= 1 {".to_string()]),
            ]
        );
    }

    /// rustc 1.9x prints a similar name as a diff: `8 -     bset` / `8 +     best`.
    #[test]
    fn a_misspelt_name_takes_the_name_rustc_suggests() {
        let output = "   Compiling r v0.1.0 (/tmp/x)\nerror[E0425]: cannot find value `bset` in this scope\n --> src/lib.rs:8:5\n  |\n8 |     bset\n  |     ^^^^\n  |\nhelp: a local variable with a similar name exists\n  |\n8 -     bset\n8 +     best\n  |\n\nFor more information about this error, try `rustc --explain E0425`.\nerror: could not compile `r` (lib) due to 1 previous error\n";
        let report = parse_cargo_test(output);
        let edits = diagnostic_edits(&report, &files("src/lib.rs", GAP));
        assert_eq!(proposed(&edits), vec![(8, vec!["    best".to_string()])]);
        assert_eq!(edits[0].old_lines, vec!["    bset".to_string()]);
        assert!(edits[0].why.contains("similar name"), "{}", edits[0].why);
    }

    /// The suggested line shown whole with `+++` under what it adds: the old line is the new
    /// one without the marked characters, and must be the file's.
    #[test]
    fn a_binding_rustc_wants_mutable_becomes_mutable() {
        let text = "pub fn count_vowels(s: &str) -> usize {\n    let count = 0;\n    for c in s.chars() {\n        if \"aeiou\".contains(c) {\n            count += 1;\n        }\n    }\n    count\n}\n";
        let output = "error[E0384]: cannot assign twice to immutable variable `count`\n --> src/lib.rs:5:13\n  |\n2 |     let count = 0;\n  |         ----- first assignment to `count`\n...\n5 |             count += 1;\n  |             ^^^^^^^^^^ cannot assign twice to immutable variable\n  |\nhelp: consider making this binding mutable\n  |\n2 |     let mut count = 0;\n  |         +++\n\nerror: could not compile `r` (lib) due to 1 previous error\n";
        let report = parse_cargo_test(output);
        let edits = diagnostic_edits(&report, &files("src/lib.rs", text));
        assert_eq!(
            proposed(&edits),
            vec![(2, vec!["    let mut count = 0;".to_string()])]
        );
        // The same suggestion against a file whose line 2 is something else: left out.
        let other = text.replace("let count = 0;", "let total = 0;");
        assert!(diagnostic_edits(&report, &files("src/lib.rs", &other)).is_empty());
    }

    #[test]
    fn a_missing_semicolon_goes_where_the_caret_points() {
        let text = "pub fn sum_squares(v: &[i64]) -> i64 {\n    let mut total = 0\n    for x in v {\n        total += x * x;\n    }\n    total\n}\n";
        let output = "error: expected `;`, found keyword `for`\n --> src/lib.rs:2:22\n  |\n2 |     let mut total = 0\n  |                      ^ help: add `;` here\n3 |     for x in v {\n  |     --- unexpected token\n\nerror: could not compile `r` (lib test) due to 1 previous error\n";
        let report = parse_cargo_test(output);
        let edits = diagnostic_edits(&report, &files("src/lib.rs", text));
        assert_eq!(
            proposed(&edits),
            vec![(2, vec!["    let mut total = 0;".to_string()])]
        );
    }

    /// A suggestion for a line of the `#[cfg(test)]` module is left out: the tests are never
    /// edited, even to make them build.
    #[test]
    fn a_suggestion_inside_the_tests_is_left_out() {
        let text = "pub fn f() -> i32 {\n    1\n}\n\n#[cfg(test)]\nmod tests {\n    use super::*;\n\n    #[test]\n    fn one() {\n        let x = 0;\n        x += f();\n        assert_eq!(x, 1);\n    }\n}\n";
        let output = "error[E0384]: cannot assign twice to immutable variable `x`\n --> src/lib.rs:12:9\n   |\n11 |         let x = 0;\n   |             - first assignment to `x`\n12 |         x += f();\n   |         ^^^^^^^^ cannot assign twice to immutable variable\n   |\nhelp: consider making this binding mutable\n   |\n11 |         let mut x = 0;\n   |             +++\n\nerror: could not compile `r` (lib test) due to 1 previous error\n";
        let report = parse_cargo_test(output);
        assert!(diagnostic_edits(&report, &files("src/lib.rs", text)).is_empty());
        // The same suggestion outside the tests is taken.
        let outside = "pub fn f() -> i32 {\n    let x = 0;\n    x += 1;\n    x\n}\n";
        let output = output
            .replace("11 |         let", " 2 |     let")
            .replace("12 |         x += f();", " 3 |     x += 1;")
            .replace("11 |         let mut x = 0;", " 2 |     let mut x = 0;")
            .replace("   |             +++", "   |         +++")
            .replace("src/lib.rs:12:9", "src/lib.rs:3:5");
        let edits = diagnostic_edits(&parse_cargo_test(&output), &files("src/lib.rs", outside));
        assert_eq!(
            proposed(&edits),
            vec![(2, vec!["    let mut x = 0;".to_string()])]
        );
    }

    /// An insertion (`1 + use std::collections::HashMap;`) goes before the line it is numbered
    /// as, keeping that line.
    #[test]
    fn an_import_rustc_suggests_is_inserted_before_its_line() {
        let text =
            "pub fn f() -> usize {\n    let m: HashMap<u8, u8> = HashMap::new();\n    m.len()\n}\n";
        let output = "error[E0433]: failed to resolve: use of undeclared type `HashMap`\n --> src/lib.rs:2:30\n  |\n2 |     let m: HashMap<u8, u8> = HashMap::new();\n  |                              ^^^^^^^ use of undeclared type `HashMap`\n  |\nhelp: consider importing this struct\n  |\n1 + use std::collections::HashMap;\n  |\n\nerror: could not compile `r` (lib) due to 1 previous error\n";
        let report = parse_cargo_test(output);
        let edits = diagnostic_edits(&report, &files("src/lib.rs", text));
        assert_eq!(
            proposed(&edits),
            vec![(
                1,
                vec![
                    "use std::collections::HashMap;".to_string(),
                    "pub fn f() -> usize {".to_string()
                ]
            )]
        );
    }

    const PAIRS: &str = "class Solution:\n    def count_pairs(self, nums, target):\n        count = 0\n        for i in range(len(nums)):\n            for j in range(i + 1, len(nums))\n                if nums[i] + nums[j] == target:\n                    count += 1\n        return count\n";

    /// pytest's collection error names the line in the `SyntaxError`'s `File "…", line N`.
    #[test]
    fn a_missing_colon_is_added_where_python_expected_it() {
        let output = "==================================== ERRORS ====================================\n________________________ ERROR collecting test_pairs.py ________________________\n/usr/lib/python3.11/importlib/__init__.py:126: in import_module\n    return _bootstrap._gcd_import(name[level:], package, level)\ntest_pairs.py:1: in <module>\n    from pairs import Solution\nE     File \"/tmp/w/pairs.py\", line 5\nE       for j in range(i + 1, len(nums))\nE                                       ^\nE   SyntaxError: expected ':'\n=========================== short test summary info ============================\nERROR test_pairs.py\n!!!!!!!!!!!!!!!!!!!! Interrupted: 1 error during collection !!!!!!!!!!!!!!!!!!!!\n1 error in 0.25s\n";
        let report = parse_pytest(output);
        let edits = diagnostic_edits(&report, &files("pairs.py", PAIRS));
        assert_eq!(
            proposed(&edits),
            vec![(
                5,
                vec!["            for j in range(i + 1, len(nums)):".to_string()]
            )]
        );
    }

    fn python_failure(file: &str, line: u32, message: &str) -> TestReport {
        TestReport {
            failures: vec![TestFailure {
                test: "test_x.py::test_x".into(),
                message: message.into(),
                frames: vec![
                    Frame {
                        file: "test_x.py".into(),
                        line: 3,
                        function: None,
                    },
                    Frame {
                        file: file.into(),
                        line,
                        function: None,
                    },
                ],
                ..TestFailure::default()
            }],
            ..TestReport::default()
        }
    }

    fn python_edits(text: &str, line: u32, message: &str) -> Vec<String> {
        diagnostic_edits(&python_failure("m.py", line, message), &files("m.py", text))
            .into_iter()
            .flat_map(|e| e.replacement)
            .collect()
    }

    #[test]
    fn python_syntax_slips_read_as_the_error_names_them() {
        let text =
            "def f(x, target):\n    if x = target:\n        return max(x, target\n    return 0\n";
        assert_eq!(
            python_edits(
                text,
                2,
                "SyntaxError: invalid syntax. Maybe you meant '==' or ':=' instead of '='?"
            ),
            vec!["    if x == target:".to_string()]
        );
        assert_eq!(
            python_edits(text, 3, "SyntaxError: '(' was never closed"),
            vec!["        return max(x, target)".to_string()]
        );
        let header = "def f(x):\n    if max(x, 1:\n        return 1\n";
        assert_eq!(
            python_edits(header, 2, "SyntaxError: '(' was never closed")[0],
            "    if max(x, 1):"
        );
        let slips = "def f(a, b):\n    if a && !b:\n        return 1\n";
        assert!(
            python_edits(slips, 2, "SyntaxError: invalid syntax")
                .contains(&"    if a and !b:".to_string())
        );
    }

    #[test]
    fn a_line_indented_to_no_level_takes_its_neighbours_levels() {
        let text = "def f(nums):\n    total = 0\n    for x in nums:\n        total += x\n     return total\n";
        let edits = python_edits(
            text,
            5,
            "IndentationError: unindent does not match any outer indentation level",
        );
        assert!(edits.contains(&"    return total".to_string()), "{edits:?}");
        assert!(
            edits.contains(&"        return total".to_string()),
            "{edits:?}"
        );
        assert!(!edits.contains(&"     return total".to_string()));
    }

    #[test]
    fn a_statement_out_of_its_loop_or_with_tabs_is_indented_again() {
        let text = "def f(nums):\n    for n in nums:\n        if n < 0:\n            continue\n    break\n    return 0\n";
        assert!(
            python_edits(text, 5, "SyntaxError: 'break' outside loop")
                .contains(&"        break".to_string())
        );
        let tabs = "def f(x):\n    y = x\n\treturn y\n";
        assert_eq!(
            python_edits(
                tabs,
                3,
                "TabError: inconsistent use of tabs and spaces in indentation"
            )[0],
            "    return y"
        );
    }

    #[test]
    fn an_undefined_name_becomes_the_python_word_the_method_or_the_spelling_meant() {
        let text = "class S:\n    def digit_sum(self, n):\n        return n\n\n    def f(self, nums):\n        longest = 1\n        ok = true\n        key = lambda n: digit_sum(n)\n        return longst\n";
        assert_eq!(
            python_edits(text, 7, "NameError: name 'true' is not defined"),
            vec!["        ok = True".to_string()]
        );
        assert_eq!(
            python_edits(text, 8, "NameError: name 'digit_sum' is not defined"),
            vec!["        key = lambda n: self.digit_sum(n)".to_string()]
        );
        assert_eq!(
            python_edits(text, 9, "NameError: name 'longst' is not defined"),
            vec!["        return longest".to_string()]
        );
        // A module never imported is imported before the first line.
        let edits = diagnostic_edits(
            &python_failure("m.py", 2, "NameError: name 'math' is not defined"),
            &files("m.py", "def f(x):\n    return math.sqrt(x)\n"),
        );
        assert_eq!(
            proposed(&edits),
            vec![(1, vec!["import math".to_string(), "def f(x):".to_string()])]
        );
    }

    #[test]
    fn a_missing_attribute_becomes_the_method_the_type_has() {
        let text = "def f(s, stack, w):\n    stack.push(s)\n    return w.length() > len(s)\n";
        assert_eq!(
            python_edits(
                text,
                2,
                "AttributeError: 'list' object has no attribute 'push'"
            ),
            vec!["    stack.append(s)".to_string()]
        );
        assert_eq!(
            python_edits(
                text,
                3,
                "AttributeError: 'str' object has no attribute 'length'"
            ),
            vec!["    return len(w) > len(s)".to_string()]
        );
    }

    #[test]
    fn a_method_without_self_gets_it() {
        let text = "class S:\n    def helper(x):\n        return x\n\n    def f(self, x):\n        return self.helper(x)\n";
        let edits = diagnostic_edits(
            &python_failure(
                "m.py",
                6,
                "TypeError: S.helper() takes 1 positional argument but 2 were given",
            ),
            &files("m.py", text),
        );
        assert_eq!(
            proposed(&edits),
            vec![(2, vec!["    def helper(self, x):".to_string()])]
        );
    }

    #[test]
    fn python_type_errors_read_as_the_slip_they_name() {
        let text = "def f(n, xs, name):\n    for i in n:\n        print(i)\n    label = \"n=\" + n + \"!\"\n    mid = xs[len(xs) / 2]\n    ys = xs.sort()\n    return ys[0]\n";
        assert_eq!(
            python_edits(text, 2, "TypeError: 'int' object is not iterable"),
            vec!["    for i in range(n):".to_string()]
        );
        assert_eq!(
            python_edits(
                text,
                4,
                "TypeError: can only concatenate str (not \"int\") to str"
            ),
            vec!["    label = \"n=\" + str(n) + \"!\"".to_string()]
        );
        assert_eq!(
            python_edits(
                text,
                5,
                "TypeError: list indices must be integers or slices, not float"
            ),
            vec!["    mid = xs[len(xs) // 2]".to_string()]
        );
        let edits = diagnostic_edits(
            &python_failure(
                "m.py",
                7,
                "TypeError: 'NoneType' object is not subscriptable",
            ),
            &files("m.py", text),
        );
        assert_eq!(
            proposed(&edits),
            vec![
                (6, vec!["    ys = sorted(xs)".to_string()]),
                (6, vec!["    xs.sort()".to_string()]),
            ]
        );
    }

    #[test]
    fn python_runtime_slips_read_as_the_error_names_them() {
        let text = "def tally(words):\n    \"\"\"Count each word.\"\"\"\n    for w in words:\n        counts[w] += 1\n        total += 1\n    out = [0]\n    out[1] = total\n    print total\n    return counts\n";
        assert_eq!(
            python_edits(text, 4, "KeyError: 'a'"),
            vec!["        counts[w] = counts.get(w, 0) + 1".to_string()]
        );
        let edits = diagnostic_edits(
            &python_failure(
                "m.py",
                5,
                "UnboundLocalError: cannot access local variable 'total' where it is not associated with a value",
            ),
            &files("m.py", text),
        );
        assert_eq!(
            proposed(&edits)[0],
            (
                3,
                vec![
                    "    total = 0".to_string(),
                    "    for w in words:".to_string()
                ]
            )
        );
        assert_eq!(
            python_edits(text, 7, "IndexError: list assignment index out of range"),
            vec!["    out.append(total)".to_string()]
        );
        assert_eq!(
            python_edits(
                text,
                8,
                "SyntaxError: Missing parentheses in call to 'print'. Did you mean print(...)?"
            )[0],
            "    print(total)"
        );
    }

    /// Progress on the diagnostics: a problem gone and none more named (the tests may still
    /// fail on an assertion); the same problem at the same place, or a new one on top, is not.
    #[test]
    fn a_problem_is_cleared_when_the_run_no_longer_names_it() {
        let syntax = python_failure(
            "m.py",
            4,
            "File \"/w/m.py\", line 4\nSyntaxError: expected ':'",
        );
        let assertion = python_failure("m.py", 6, "assert 3 == 4");
        let name = python_failure("m.py", 6, "NameError: name 'none' is not defined");
        assert!(clears_a_problem(&syntax, &assertion));
        assert!(clears_a_problem(&syntax, &name));
        assert!(!clears_a_problem(&syntax, &syntax));
        assert!(!clears_a_problem(&assertion, &syntax));
        let mut two = syntax.clone();
        two.failures.extend(name.failures.clone());
        assert!(clears_a_problem(&two, &name));
        let mut three = two.clone();
        three.failures.push(
            python_failure(
                "m.py",
                9,
                "TypeError: f() takes 1 positional argument but 2 were given",
            )
            .failures[0]
                .clone(),
        );
        assert!(!clears_a_problem(&name, &three));
    }

    proptest::proptest! {
        /// Whatever a runner prints and whatever the file holds, reading the diagnostics never
        /// panics, and every edit it proposes replaces lines the file has.
        #[test]
        fn any_output_and_source_give_edits_of_real_lines_or_none(
            message in "(SyntaxError: expected ':'|SyntaxError: '\\(' was never closed|IndentationError: unexpected indent|NameError: name 'x' is not defined|AttributeError: 'list' object has no attribute 'push'|TypeError: 'int' object is not iterable|TypeError: can only concatenate str|KeyError|UnboundLocalError: local variable 'x'|IndexError: list assignment index out of range|[ -~]{0,40})",
            detail_lines in proptest::collection::vec(
                "( ?[0-9]{1,2} [|+~-] [ -~]{0,20}|  \\| {0,8}[\\^+~-]{1,4}( help: (add `;` here|[ -~]{0,15}: `[a-z]{1,4}`))?|help: [ -~]{0,20}|[ -~]{0,30})",
                0..12,
            ),
            text in "[ -~\n\té]{0,200}",
            line in 0u32..12,
            build in proptest::bool::ANY,
        ) {
            let detail = detail_lines.join("\n");
            let report = TestReport {
                failures: vec![TestFailure {
                    test: "t".into(),
                    message,
                    frames: vec![Frame { file: if build { "src/lib.rs".into() } else { "m.py".into() }, line, function: None }],
                    kind: if build { FailureKind::Build } else { FailureKind::Test },
                    detail,
                }],
                ..TestReport::default()
            };
            let path = if build { "src/lib.rs" } else { "m.py" };
            let contents = files(path, &text);
            for edit in diagnostic_edits(&report, &contents) {
                let first = edit.line as usize;
                proptest::prop_assert!(first >= 1);
                for (k, old) in edit.old_lines.iter().enumerate() {
                    proptest::prop_assert_eq!(text.lines().nth(first - 1 + k), Some(old.as_str()));
                }
            }
        }
    }

    /// A test file's own frame is never edited, and a failure with no diagnostic says nothing.
    #[test]
    fn plain_test_failures_propose_nothing() {
        let report = python_failure("m.py", 2, "assert 3 == 4");
        assert!(diagnostic_edits(&report, &files("m.py", "def f():\n    return 3\n")).is_empty());
    }
}
