//! Source text read as code, the part the worker and the policies share: a small lexer that
//! tells code from string literals and comments, Rust item spans, and which lines are test code.
//!
//! The repair's localization and mutation (in `tact-policies`), the guard, and the worker's
//! `probe_edit` all decide "is this test code?" with [`is_test_location`] and its helpers here,
//! so a line the localizer never proposes is exactly a line the guard and the probe refuse to edit.

use std::path::Path;
use std::sync::LazyLock;

use regex::Regex;
use serde::{Deserialize, Serialize};

/// Source languages tact reads as code (mutation, localization, test-code detection).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Language {
    Python,
    Rust,
}

impl Language {
    /// By file extension: `.py` and `.rs`.
    pub fn from_path(path: &Path) -> Option<Self> {
        match path.extension().and_then(|ext| ext.to_str()) {
            Some("py") => Some(Self::Python),
            Some("rs") => Some(Self::Rust),
            _ => None,
        }
    }
}

/// Does this line open a function: `def`, `async def`, `fn`, or `fn` after qualifiers
/// (`pub fn`, `pub(crate) async fn`, `const fn`, …)? The one header test that the candidate
/// enumeration, the likelihood scoring and the model's proposals share.
pub fn is_function_header(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with("def ")
        || t.starts_with("async def ")
        || t.starts_with("fn ")
        || t.contains(" fn ")
}

/// A line split from its terminator (`\n`, `\r\n` or none).
pub fn split_terminator(piece: &str) -> (&str, &str) {
    if let Some(body) = piece.strip_suffix("\r\n") {
        (body, "\r\n")
    } else if let Some(body) = piece.strip_suffix('\n') {
        (body, "\n")
    } else {
        (piece, "")
    }
}

/// Lines without terminators; a trailing `\r` belongs to the terminator.
pub fn split_lines(source: &str) -> Vec<&str> {
    source
        .split_inclusive('\n')
        .map(|piece| split_terminator(piece).0)
        .collect()
}

/// The lines of `source` with every string literal and comment character replaced by a space,
/// so that brace matching and identifier scans see only code. Byte lengths are preserved.
pub fn code_only_lines(source: &str, language: Language) -> Vec<String> {
    let classes = classify_source(source, language);
    split_lines(source)
        .into_iter()
        .zip(classes)
        .map(|(line, line_classes)| {
            line.char_indices()
                .map(|(index, character)| {
                    match line_classes.get(index).copied().unwrap_or(ByteClass::Code) {
                        ByteClass::Code => character.to_string(),
                        ByteClass::Text | ByteClass::Comment => " ".repeat(character.len_utf8()),
                    }
                })
                .collect()
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Lexing: which bytes are code, string literal or comment
// ---------------------------------------------------------------------------------------------

/// What a byte of source is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ByteClass {
    Code,
    /// Inside a string or character literal (quotes included).
    Text,
    Comment,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LexState {
    Code,
    LineComment,
    BlockComment {
        depth: u32,
    },
    Str {
        quote: char,
        triple: bool,
        raw_hashes: Option<usize>,
    },
}

/// Classifies every byte of every line (as split by [`split_lines`]). Tracks strings and block
/// comments across lines, so a docstring's inner lines are recognised as text.
pub fn classify_source(source: &str, language: Language) -> Vec<Vec<ByteClass>> {
    classify_with_end(source, language).0
}

/// Whether `source` ends outside any string literal or block comment: a file that does not
/// cannot compile (an unterminated `"`, `/*` or `"""`).
pub fn ends_in_code(source: &str, language: Language) -> bool {
    classify_with_end(source, language).1
}

/// What a block of lines does to the code around it, for telling a well-formed edit from a
/// cut-off one without compiling: a model's completion stopped by its token limit leaves a
/// bracket or a string open, and a Python line that opens or closes a block changes the
/// indentation that follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CodeShape {
    /// `(`, `[` and `{`, each opened minus closed, in code only.
    pub open_brackets: [i64; 3],
    /// Python: lines whose code ends in `:` (a block follows). Always 0 for Rust.
    pub block_openers: usize,
    /// No string literal or block comment is left open (in Python, also none cut at a line's
    /// end, which the lexer otherwise forgives).
    pub closed: bool,
}

/// The [`CodeShape`] of `lines` read on their own.
pub fn code_shape(lines: &[&str], language: Language) -> CodeShape {
    let text = lines.join("\n");
    let (classes, ends_in_code, cut_strings) = classify_lines(&text, language);
    let mut open_brackets = [0i64; 3];
    let mut block_openers = 0;
    for (line, line_classes) in split_lines(&text).into_iter().zip(&classes) {
        let mut last_code = None;
        for (index, character) in line.char_indices() {
            if line_classes.get(index).copied() != Some(ByteClass::Code) {
                continue;
            }
            if let Some(kind) = "([{".find(character) {
                open_brackets[kind] += 1;
            } else if let Some(kind) = ")]}".find(character) {
                open_brackets[kind] -= 1;
            }
            if !character.is_whitespace() {
                last_code = Some(character);
            }
        }
        if language == Language::Python && last_code == Some(':') {
            block_openers += 1;
        }
    }
    CodeShape {
        open_brackets,
        block_openers,
        closed: ends_in_code && !cut_strings,
    }
}

/// `lines` with comments dropped and runs of whitespace made one space: two blocks that differ
/// only in comments or spacing do the same thing.
pub fn code_without_comments(lines: &[&str], language: Language) -> String {
    let text = lines.join("\n");
    let classes = classify_source(&text, language);
    let mut kept = String::new();
    for (line, line_classes) in split_lines(&text).into_iter().zip(&classes) {
        for (index, character) in line.char_indices() {
            if line_classes.get(index).copied() != Some(ByteClass::Comment) {
                kept.push(character);
            }
        }
        kept.push('\n');
    }
    kept.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn classify_with_end(source: &str, language: Language) -> (Vec<Vec<ByteClass>>, bool) {
    let (classes, ends_in_code, _) = classify_lines(source, language);
    (classes, ends_in_code)
}

/// Classes per line, whether the text ends in code, and whether a Python single-quoted string
/// ran into a line's end (a syntax error the lexer recovers from by closing it there).
fn classify_lines(source: &str, language: Language) -> (Vec<Vec<ByteClass>>, bool, bool) {
    let lines = split_lines(source);
    let mut cut_strings = false;
    let mut state = LexState::Code;
    let mut result = Vec::with_capacity(lines.len());
    for line in lines {
        let chars: Vec<(usize, char)> = line.char_indices().collect();
        let mut classes = vec![ByteClass::Code; line.len()];
        let mut position = 0;
        while let Some(&(start, _)) = chars.get(position) {
            let (class, consumed) = lex_step(&mut state, &chars, position, language);
            let consumed = consumed.max(1);
            let end = chars
                .get(position + consumed)
                .map_or(line.len(), |&(next_start, _)| next_start);
            for class_slot in classes.iter_mut().take(end).skip(start) {
                *class_slot = class;
            }
            position += consumed;
        }
        // Line comments and single-quoted strings end with the line.
        match state {
            LexState::LineComment => state = LexState::Code,
            LexState::Str { triple: false, .. } if language == Language::Python => {
                cut_strings |= !line.ends_with('\\');
                state = LexState::Code;
            }
            _ => {}
        }
        result.push(classes);
    }
    (result, state == LexState::Code, cut_strings)
}

fn char_at(chars: &[(usize, char)], position: usize) -> Option<char> {
    chars.get(position).map(|&(_, character)| character)
}

/// Consumes one or more characters at `position`, returning their class and how many.
fn lex_step(
    state: &mut LexState,
    chars: &[(usize, char)],
    position: usize,
    language: Language,
) -> (ByteClass, usize) {
    let current = char_at(chars, position);
    let next = char_at(chars, position + 1);
    match *state {
        LexState::LineComment => (ByteClass::Comment, 1),
        LexState::BlockComment { depth } => {
            if current == Some('*') && next == Some('/') {
                *state = if depth <= 1 {
                    LexState::Code
                } else {
                    LexState::BlockComment { depth: depth - 1 }
                };
                (ByteClass::Comment, 2)
            } else if current == Some('/') && next == Some('*') {
                *state = LexState::BlockComment {
                    depth: depth.saturating_add(1),
                };
                (ByteClass::Comment, 2)
            } else {
                (ByteClass::Comment, 1)
            }
        }
        LexState::Str {
            quote,
            triple,
            raw_hashes,
        } => {
            if raw_hashes.is_none() && current == Some('\\') {
                return (ByteClass::Text, 2);
            }
            if current != Some(quote) {
                return (ByteClass::Text, 1);
            }
            if triple {
                if next == Some(quote) && char_at(chars, position + 2) == Some(quote) {
                    *state = LexState::Code;
                    return (ByteClass::Text, 3);
                }
                return (ByteClass::Text, 1);
            }
            if let Some(hashes) = raw_hashes {
                let closes = (1..=hashes).all(|k| char_at(chars, position + k) == Some('#'));
                if closes {
                    *state = LexState::Code;
                    return (ByteClass::Text, 1 + hashes);
                }
                return (ByteClass::Text, 1);
            }
            *state = LexState::Code;
            (ByteClass::Text, 1)
        }
        LexState::Code => lex_code(state, chars, position, language),
    }
}

fn lex_code(
    state: &mut LexState,
    chars: &[(usize, char)],
    position: usize,
    language: Language,
) -> (ByteClass, usize) {
    let current = char_at(chars, position);
    let next = char_at(chars, position + 1);
    let previous_is_ident = position
        .checked_sub(1)
        .and_then(|p| char_at(chars, p))
        .is_some_and(|c| c.is_alphanumeric() || c == '_');
    match (language, current) {
        (Language::Python, Some('#')) => {
            *state = LexState::LineComment;
            (ByteClass::Comment, 1)
        }
        (Language::Python, Some(quote @ ('"' | '\''))) => {
            let triple = next == Some(quote) && char_at(chars, position + 2) == Some(quote);
            *state = LexState::Str {
                quote,
                triple,
                raw_hashes: None,
            };
            (ByteClass::Text, if triple { 3 } else { 1 })
        }
        (Language::Rust, Some('/')) if next == Some('/') => {
            *state = LexState::LineComment;
            (ByteClass::Comment, 2)
        }
        (Language::Rust, Some('/')) if next == Some('*') => {
            *state = LexState::BlockComment { depth: 1 };
            (ByteClass::Comment, 2)
        }
        (Language::Rust, Some('"')) => {
            *state = LexState::Str {
                quote: '"',
                triple: false,
                raw_hashes: None,
            };
            (ByteClass::Text, 1)
        }
        // Raw strings: r"..", r#".."#, br"..".
        (Language::Rust, Some('r')) if !previous_is_ident || is_byte_prefix(chars, position) => {
            let hashes = (position + 1..)
                .take_while(|&p| char_at(chars, p) == Some('#'))
                .count();
            if char_at(chars, position + 1 + hashes) == Some('"') {
                *state = LexState::Str {
                    quote: '"',
                    triple: false,
                    raw_hashes: Some(hashes),
                };
                (ByteClass::Text, 2 + hashes)
            } else {
                (ByteClass::Code, 1)
            }
        }
        (Language::Rust, Some('\'')) => {
            // A char literal ('x', '\n', '\u{1F600}') closes within a few characters; a
            // lifetime ('a) does not.
            if next == Some('\\') {
                let close =
                    (position + 2..position + 12).find(|&p| char_at(chars, p) == Some('\''));
                match close {
                    Some(close) => (ByteClass::Text, close - position + 1),
                    None => (ByteClass::Code, 1),
                }
            } else if next.is_some() && char_at(chars, position + 2) == Some('\'') {
                (ByteClass::Text, 3)
            } else {
                (ByteClass::Code, 1)
            }
        }
        _ => (ByteClass::Code, 1),
    }
}

fn is_byte_prefix(chars: &[(usize, char)], position: usize) -> bool {
    let before = position.checked_sub(1).and_then(|p| char_at(chars, p));
    let before_that = position.checked_sub(2).and_then(|p| char_at(chars, p));
    before == Some('b') && !before_that.is_some_and(|c| c.is_alphanumeric() || c == '_')
}

// ---------------------------------------------------------------------------------------------
// Test code
// ---------------------------------------------------------------------------------------------

/// What kind of test code a region is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TestKind {
    /// An item under `#[cfg(test)]` (usually `mod tests`).
    RustCfgTest,
    /// A function marked `#[test]` (or `#[tokio::test]`).
    RustTestFunction,
    /// A Python `def test_…` function (decorators included).
    PythonTestFunction,
    /// A Python `class Test…` or `unittest.TestCase` class.
    PythonTestClass,
}

impl TestKind {
    /// How the kind is named in refusals.
    pub fn describe(self) -> &'static str {
        match self {
            TestKind::RustCfgTest => "a `#[cfg(test)]` item",
            TestKind::RustTestFunction => "a `#[test]` function",
            TestKind::PythonTestFunction => "a Python test function",
            TestKind::PythonTestClass => "a Python test class",
        }
    }
}

/// Lines `start..=end` (1-based) of a file are test code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TestRegion {
    pub start: u32,
    pub end: u32,
    pub kind: TestKind,
}

impl TestRegion {
    /// Whether the region shares a line with `first..=last`.
    pub fn overlaps(&self, first: u32, last: u32) -> bool {
        self.start <= last && first <= self.end
    }
}

/// A function definition: lines `start..=end` (1-based), `start` being the `def`/`fn` line.
/// The one function finder of the repair heuristics: localization ranks lines by the functions
/// the failing tests reach, mutation draws a line's vocabulary from its function, and the
/// model reads a line in its function's context, all through [`function_spans`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FunctionSpan {
    pub name: String,
    pub start: u32,
    pub end: u32,
}

impl FunctionSpan {
    pub fn contains(&self, line: u32) -> bool {
        (self.start..=self.end).contains(&line)
    }
}

struct FunctionPatterns {
    python_def: Regex,
    rust_fn: Regex,
}

static FUNCTION_PATTERNS: LazyLock<Option<FunctionPatterns>> = LazyLock::new(|| {
    Some(FunctionPatterns {
        python_def: Regex::new(r"^(\s*)(?:async\s+)?def\s+([A-Za-z_][A-Za-z0-9_]*)\s*\(").ok()?,
        rust_fn: Regex::new(r"(?:^|[\s}])fn\s+([A-Za-z_][A-Za-z0-9_]*)\s*[<(]").ok()?,
    })
});

/// The functions of a source file, in file order (nested ones after their parent).
pub fn function_spans(source: &str, language: Language) -> Vec<FunctionSpan> {
    function_spans_of_code(&code_only_lines(source, language), language)
}

/// [`function_spans`] of a file already read as [`code_only_lines`] (strings and comments
/// blanked, so a `def` or `fn` inside a string is not a header).
pub fn function_spans_of_code(code: &[String], language: Language) -> Vec<FunctionSpan> {
    let Some(patterns) = FUNCTION_PATTERNS.as_ref() else {
        return Vec::new();
    };
    match language {
        // A `def` line through the last line indented deeper than it.
        Language::Python => code
            .iter()
            .enumerate()
            .filter_map(|(index, line)| {
                let captures = patterns.python_def.captures(line)?;
                let def_indent = captures.get(1).map_or(0, |m| m.as_str().len());
                let name = captures.get(2)?.as_str().to_string();
                let mut end = index;
                for (offset, next) in code.iter().enumerate().skip(index + 1) {
                    if next.trim().is_empty() {
                        continue;
                    }
                    if indentation(next) <= def_indent {
                        break;
                    }
                    end = offset;
                }
                Some(FunctionSpan {
                    name,
                    start: line_number(index),
                    end: line_number(end),
                })
            })
            .collect(),
        // An `fn` line through the line its braces close on.
        Language::Rust => code
            .iter()
            .enumerate()
            .filter_map(|(index, line)| {
                let captures = patterns.rust_fn.captures(line)?;
                let name = captures.get(1)?.as_str().to_string();
                Some(FunctionSpan {
                    name,
                    start: line_number(index),
                    end: line_number(rust_item_end(code, index)),
                })
            })
            .collect(),
    }
}

/// The position in `spans` of the innermost function containing 1-based `line`.
pub fn innermost_function_index(spans: &[FunctionSpan], line: u32) -> Option<usize> {
    spans
        .iter()
        .enumerate()
        .filter(|(_, f)| f.contains(line))
        .min_by_key(|(_, f)| f.end - f.start)
        .map(|(index, _)| index)
}

/// The innermost function containing 1-based `line`.
pub fn innermost_function(spans: &[FunctionSpan], line: u32) -> Option<&FunctionSpan> {
    innermost_function_index(spans, line).and_then(|i| spans.get(i))
}

fn line_number(index: usize) -> u32 {
    u32::try_from(index + 1).unwrap_or(u32::MAX)
}

/// The width of a line's leading whitespace, in bytes.
pub fn indentation(line: &str) -> usize {
    line.len() - line.trim_start().len()
}

/// The line index where the braces opened at or after `start` close again; for an item ending in
/// `;` before any `{` (a trait method declaration), that line. A `;` inside brackets or
/// parentheses (an array type, `board: [&str; 3]`) ends nothing. `code` is
/// [`code_only_lines`].
pub fn rust_item_end(code: &[String], start: usize) -> usize {
    let mut depth = 0usize;
    let mut nested = 0usize;
    let mut opened = false;
    for (index, line) in code.iter().enumerate().skip(start) {
        for character in line.chars() {
            match character {
                '{' => {
                    depth += 1;
                    opened = true;
                }
                '}' => {
                    depth = depth.saturating_sub(1);
                    if opened && depth == 0 {
                        return index;
                    }
                }
                '(' | '[' if !opened => nested += 1,
                ')' | ']' if !opened => nested = nested.saturating_sub(1),
                ';' if !opened && nested == 0 => return index,
                _ => {}
            }
        }
    }
    code.len().saturating_sub(1).max(start)
}

/// Items under `#[cfg(test)]` and functions marked `#[test]` (attributes included). `code` is
/// [`code_only_lines`] of a Rust file.
pub fn rust_test_regions(code: &[String]) -> Vec<TestRegion> {
    let mut regions = Vec::new();
    let mut index = 0;
    while index < code.len() {
        let trimmed = code.get(index).map_or("", |l| l.trim());
        let compact: String = trimmed.chars().filter(|c| !c.is_whitespace()).collect();
        let cfg_test = compact.starts_with("#[cfg(test)]");
        let is_test_attribute =
            cfg_test || compact == "#[test]" || compact.starts_with("#[tokio::test");
        if is_test_attribute {
            // The item is the first following line that is not another attribute.
            let item = (index + 1..code.len()).find(|&i| {
                let line = code.get(i).map_or("", |l| l.trim());
                !line.is_empty() && !line.starts_with("#[")
            });
            if let Some(item) = item {
                let end = rust_item_end(code, item);
                regions.push(TestRegion {
                    start: line_number(index),
                    end: line_number(end),
                    kind: if cfg_test {
                        TestKind::RustCfgTest
                    } else {
                        TestKind::RustTestFunction
                    },
                });
                index = if cfg_test { end + 1 } else { item + 1 };
                continue;
            }
        }
        index += 1;
    }
    regions
}

struct PythonPatterns {
    test_def: Regex,
    test_class: Regex,
}

static PYTHON_PATTERNS: LazyLock<Option<PythonPatterns>> = LazyLock::new(|| {
    Some(PythonPatterns {
        test_def: Regex::new(r"^(\s*)(?:async\s+)?def\s+(test|test_\w*)\s*\(").ok()?,
        test_class: Regex::new(r"^(\s*)class\s+(?:(Test\w*)\s*[:(]|\w+\s*\([^)]*TestCase)").ok()?,
    })
});

/// Python test functions (`def test_…`, `def test`) and test classes (`class Test…`, or a
/// `unittest.TestCase` subclass), each from its first decorator through the last line indented
/// deeper than its `def`/`class` line. `code` is [`code_only_lines`] of a Python file.
///
/// pytest collects such functions only from test files by default, which [`is_test_path`]
/// covers; these regions also catch them where a project's configuration collects elsewhere.
/// A `def testing_mode()` is not a test function.
pub fn python_test_regions(code: &[String]) -> Vec<TestRegion> {
    let Some(patterns) = PYTHON_PATTERNS.as_ref() else {
        return Vec::new();
    };
    let mut regions: Vec<TestRegion> = Vec::new();
    for (index, line) in code.iter().enumerate() {
        let (indent, kind) = if let Some(c) = patterns.test_def.captures(line) {
            (
                c.get(1).map_or(0, |m| m.as_str().len()),
                TestKind::PythonTestFunction,
            )
        } else if let Some(c) = patterns.test_class.captures(line) {
            (
                c.get(1).map_or(0, |m| m.as_str().len()),
                TestKind::PythonTestClass,
            )
        } else {
            continue;
        };
        let mut end = index;
        for (offset, next) in code.iter().enumerate().skip(index + 1) {
            if next.trim().is_empty() {
                continue;
            }
            if indentation(next) <= indent {
                break;
            }
            end = offset;
        }
        let mut start = index;
        while start > 0
            && code
                .get(start - 1)
                .is_some_and(|l| l.trim_start().starts_with('@') && indentation(l) == indent)
        {
            start -= 1;
        }
        let (start, end) = (line_number(start), line_number(end));
        // A method inside a test class is already covered by the class.
        if !regions.iter().any(|r| r.start <= start && end <= r.end) {
            regions.push(TestRegion { start, end, kind });
        }
    }
    regions
}

/// The test regions of a source text in `language`.
pub fn test_regions(text: &str, language: Language) -> Vec<TestRegion> {
    let code = code_only_lines(text, language);
    match language {
        Language::Rust => rust_test_regions(&code),
        Language::Python => python_test_regions(&code),
    }
}

/// Whether a workspace-relative path is a test file: anything under a `tests/` (or `test/`)
/// directory, `test_*.py`, `*_test.py`, `conftest.py`.
pub fn is_test_path(path: &str) -> bool {
    let normalized = path.replace('\\', "/");
    let mut components: Vec<&str> = normalized.split('/').filter(|c| !c.is_empty()).collect();
    let file_name = components.pop().unwrap_or_default();
    components.iter().any(|c| *c == "tests" || *c == "test")
        || (file_name.starts_with("test_") && file_name.ends_with(".py"))
        || file_name.ends_with("_test.py")
        || is_unprefixed_python_test_file(file_name)
        || file_name == "conftest.py"
}

/// Test files pytest does not collect by its default `python_files` (`test_*.py`,
/// `*_test.py`) though unittest's discovery (`test*.py`) and people do: `test.py`, `tests.py`,
/// `*_tests.py`.
pub fn is_unprefixed_python_test_file(file_name: &str) -> bool {
    file_name == "test.py" || file_name == "tests.py" || file_name.ends_with("_tests.py")
}

/// Whether line `line` of the file at `path` (workspace-relative) with contents `text` is test
/// code: a test file ([`is_test_path`]), in Rust files the `#[cfg(test)]` items and `#[test]`
/// functions, in Python files the test functions and classes ([`python_test_regions`]). `line`
/// and `text` only matter outside test files.
pub fn is_test_location(path: &str, line: u32, text: &str) -> bool {
    if is_test_path(path) {
        return true;
    }
    match Language::from_path(Path::new(path)) {
        Some(language) => test_regions(text, language)
            .iter()
            .any(|region| region.overlaps(line, line)),
        None => false,
    }
}

/// Where an edit or a write would change test code.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TestCodeTouch {
    /// Workspace-relative path.
    pub path: String,
    /// The test region touched; `None` when the whole file is a test file.
    pub region: Option<TestRegion>,
}

impl std::fmt::Display for TestCodeTouch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.region {
            None => write!(f, "`{}` is a test file", self.path),
            Some(region) if region.start == region.end => write!(
                f,
                "line {} of `{}` is test code ({})",
                region.start,
                self.path,
                region.kind.describe()
            ),
            Some(region) => write!(
                f,
                "lines {}-{} of `{}` are test code ({})",
                region.start,
                region.end,
                self.path,
                region.kind.describe()
            ),
        }
    }
}

/// The 1-based first and last line that bytes `start..end` of `text` cover (`end > start`).
fn line_span(text: &str, start: usize, end: usize) -> (u32, u32) {
    let count_lines = |upto: usize| {
        text.get(..upto)
            .map_or(0, |prefix| prefix.matches('\n').count())
    };
    let last_byte = end.saturating_sub(1).max(start);
    (
        line_number(count_lines(start)),
        line_number(count_lines(last_byte)),
    )
}

/// Whether replacing (the first occurrence of) `old_text` in `text`, the content of the file at
/// workspace-relative `path`, would edit test code: the file is a test file, or `old_text`
/// lies wholly or partly inside a test region. `None` when it does not (or `old_text` is absent
/// or empty: nothing would be edited).
pub fn edit_touches_tests(path: &str, text: &str, old_text: &str) -> Option<TestCodeTouch> {
    if is_test_path(path) {
        return Some(TestCodeTouch {
            path: path.to_string(),
            region: None,
        });
    }
    if old_text.is_empty() {
        return None;
    }
    let language = Language::from_path(Path::new(path))?;
    let at = text.find(old_text)?;
    let (first, last) = line_span(text, at, at + old_text.len());
    test_regions(text, language)
        .into_iter()
        .find(|region| region.overlaps(first, last))
        .map(|region| TestCodeTouch {
            path: path.to_string(),
            region: Some(region),
        })
}

/// Lines `start..=end` of `text` joined, the text of a region.
fn region_text(lines: &[&str], region: &TestRegion) -> String {
    let from = (region.start as usize).saturating_sub(1);
    let to = (region.end as usize).min(lines.len());
    lines
        .get(from..to)
        .map(|l| l.join("\n"))
        .unwrap_or_default()
}

/// Whether changing the file at workspace-relative `path` from `before` to `after` (`None`: the
/// file does not exist) changes test code: any change of a test file, or a test region of
/// `before` that is not found verbatim among the test regions of `after` (edited, removed or
/// commented out). New tests added to a source file are not a change of existing test code.
///
/// An `after` that ends inside a string literal or block comment cannot compile, so it cannot
/// make tests pass by hiding them either; it is not reported (a candidate line with a stray
/// quote fails its build instead of reading as a test edit).
pub fn change_touches_tests(
    path: &str,
    before: Option<&str>,
    after: Option<&str>,
) -> Option<TestCodeTouch> {
    if before == after {
        return None;
    }
    if is_test_path(path) {
        return Some(TestCodeTouch {
            path: path.to_string(),
            region: None,
        });
    }
    let language = Language::from_path(Path::new(path))?;
    let before = before?;
    if after.is_some_and(|after| !ends_in_code(after, language)) {
        return None;
    }
    let old_lines: Vec<&str> = split_lines(before);
    let mut new_texts: Vec<String> = match after {
        Some(after) => {
            let new_lines: Vec<&str> = split_lines(after);
            test_regions(after, language)
                .iter()
                .map(|region| region_text(&new_lines, region))
                .collect()
        }
        None => Vec::new(),
    };
    for region in test_regions(before, language) {
        let text = region_text(&old_lines, &region);
        match new_texts.iter().position(|t| *t == text) {
            Some(found) => {
                new_texts.remove(found);
            }
            None => {
                return Some(TestCodeTouch {
                    path: path.to_string(),
                    region: Some(region),
                });
            }
        }
    }
    None
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    #[test]
    fn a_cut_off_line_has_an_open_bracket_or_string() {
        let python = |lines: &[&str]| code_shape(lines, Language::Python);
        let rust = |lines: &[&str]| code_shape(lines, Language::Rust);
        assert_eq!(
            python(&["    return sorted(l[::3]) + [x for x in l]"]),
            CodeShape {
                open_brackets: [0; 3],
                block_openers: 0,
                closed: true
            }
        );
        // Cut by the token limit: a bracket left open, a string left open.
        assert_eq!(
            python(&["    return ''.join([l[i:i+3] for i in range(0, len(l),"]).open_brackets,
            [2, 1, 0]
        );
        assert!(!python(&["    s = \"abc"]).closed);
        assert!(!rust(&["    let s = \"abc"]).closed);
        // Brackets and colons inside strings and comments are not code.
        assert_eq!(
            python(&["    x = \"(:\"  # a note ("]),
            CodeShape {
                open_brackets: [0; 3],
                block_openers: 0,
                closed: true
            }
        );
        // A Python line that opens a block; Rust's braces count as brackets.
        assert_eq!(python(&["    if x > 0:  # positive"]).block_openers, 1);
        assert_eq!(python(&["    d = {1: 2}"]).block_openers, 0);
        assert_eq!(rust(&["    if x > 0 {"]).open_brackets, [0, 0, 1]);
        assert_eq!(
            rust(&["    } else if i % 4 == 0 {", "        sum += 1;"]).open_brackets,
            [0; 3]
        );
        assert_eq!(rust(&["    let c = '(';"]).open_brackets, [0; 3]);
        // A brace traded for a parenthesis is not balanced.
        assert_ne!(rust(&["} else {"]), rust(&["} else if (x"]));
    }

    #[test]
    fn comments_and_spacing_do_not_change_code() {
        let a = code_without_comments(&["    l = list(l)  # Convert the list"], Language::Python);
        assert_eq!(
            a,
            code_without_comments(&["    l = list(l)"], Language::Python)
        );
        assert_eq!(a, "l = list(l)");
        // A string literal is code: changing it is a change.
        assert_ne!(
            code_without_comments(&["    s = \"# a\""], Language::Python),
            code_without_comments(&["    s = \"# b\""], Language::Python)
        );
        assert_eq!(
            code_without_comments(
                &["    // only a note", "    x += 1; // step"],
                Language::Rust
            ),
            "x += 1;"
        );
    }

    #[test]
    fn python_function_spans() {
        let code: Vec<String> = "def a(x):\n    if x:\n        return 1\n\n    return 2\n\nclass C:\n    def m(self):\n        pass\nz = 1\n"
            .lines()
            .map(str::to_string)
            .collect();
        let spans = function_spans_of_code(&code, Language::Python);
        assert_eq!(
            spans,
            vec![
                FunctionSpan {
                    name: "a".into(),
                    start: 1,
                    end: 5
                },
                FunctionSpan {
                    name: "m".into(),
                    start: 8,
                    end: 9
                },
            ]
        );
    }

    /// probe33-rust-29: `fn ttt_winner(board: [&str; 3])` ended at the `;` of its parameter's
    /// array type, so the function was one line long and the failing test pointed at no
    /// source line; a trait method declaration still ends at its `;`.
    #[test]
    fn a_semicolon_inside_an_array_type_does_not_end_the_function() {
        let code: Vec<String> = "pub fn winner(board: [&str; 3]) -> Option<char> {\n    let cells = board;\n    None\n}\ntrait T {\n    fn m(&self, a: [u8; 2]);\n}\n"
            .lines()
            .map(str::to_string)
            .collect();
        let spans = function_spans_of_code(&code, Language::Rust);
        assert_eq!(
            spans,
            vec![
                FunctionSpan {
                    name: "winner".into(),
                    start: 1,
                    end: 4
                },
                FunctionSpan {
                    name: "m".into(),
                    start: 6,
                    end: 6
                },
            ]
        );
    }

    #[test]
    fn function_headers_in_both_languages() {
        for header in [
            "def f(x):",
            "    async def g():",
            "fn f() {",
            "pub fn f(a: i32) -> i32 {",
            "    pub(crate) async fn g() {",
            "const fn h() -> u8 {",
        ] {
            assert!(is_function_header(header), "{header}");
        }
        for line in ["    define = 1", "    let fnord = 2;", "    return f(x)"] {
            assert!(!is_function_header(line), "{line}");
        }
    }

    #[test]
    fn code_only_lines_blank_strings_and_comments() {
        let lines = code_only_lines("x = \"a(b)\"  # c(d)\ny = f(1)\n", Language::Python);
        assert_eq!(lines[0].trim_end(), "x =");
        assert_eq!(lines[0].len(), "x = \"a(b)\"  # c(d)".len());
        assert_eq!(lines[1], "y = f(1)");
        let rust = code_only_lines("let s = \"{\"; /* } */ g('}')", Language::Rust);
        assert_eq!(rust[0].matches(['{', '}']).count(), 0);
        assert!(rust[0].contains("g("));
    }

    #[test]
    fn test_locations() {
        assert!(is_test_location("tests/test_x.py", 1, ""));
        assert!(is_test_location("pkg/test_x.py", 1, ""));
        assert!(is_test_location("pkg/x_test.py", 1, ""));
        assert!(is_test_location("crate/tests/it.rs", 1, ""));
        assert!(!is_test_location("src/lib.rs", 1, "fn a() {}\n"));
        assert!(!is_test_location("testing.py", 1, "x = 1\n"));
        assert!(!is_test_location(
            "app.py",
            2,
            "def testing_mode():\n    return 1\n"
        ));
        let rust = "pub fn add(a: i32) -> i32 {\n    a + 1\n}\n\n#[cfg(test)]\nmod tests {\n    use super::*;\n    #[test]\n    fn adds() {\n        assert_eq!(add(1), 2);\n    }\n}\n\n#[test]\nfn loose() {\n}\npub fn after() {}\n";
        let lines: Vec<bool> = (1..=17)
            .map(|l| is_test_location("src/lib.rs", l, rust))
            .collect();
        assert_eq!(
            lines,
            vec![
                false, false, false, false, true, true, true, true, true, true, true, true, false,
                true, true, true, false
            ]
        );
        // A brace inside a string does not end the test module early.
        let tricky = "#[cfg(test)]\nmod tests {\n    const S: &str = \"}\";\n    fn f() {}\n}\nfn real() {}\n";
        assert!(is_test_location("src/lib.rs", 4, tricky));
        assert!(!is_test_location("src/lib.rs", 6, tricky));
    }

    #[test]
    fn python_test_functions_and_classes_are_test_code() {
        let py = "def area(w, h):\n    return w * h\n\n@pytest.mark.slow\ndef test_area():\n    assert area(2, 3) == 6\n\nclass TestShapes:\n    def test_zero(self):\n        assert area(0, 1) == 0\n\nclass Checks(unittest.TestCase):\n    def runTest(self):\n        pass\n\ndef helper():\n    \"\"\"def test_fake(): not code\"\"\"\n    return 1\n";
        let regions = test_regions(py, Language::Python);
        let spans: Vec<(u32, u32, TestKind)> =
            regions.iter().map(|r| (r.start, r.end, r.kind)).collect();
        assert_eq!(
            spans,
            vec![
                (4, 6, TestKind::PythonTestFunction),
                (8, 10, TestKind::PythonTestClass),
                (12, 14, TestKind::PythonTestClass),
            ]
        );
        assert!(!is_test_location("app.py", 2, py));
        assert!(is_test_location("app.py", 4, py));
        assert!(!is_test_location("app.py", 17, py));
    }

    #[test]
    fn edits_are_located_against_test_regions() {
        let rust = "pub fn add(a: i32) -> i32 {\n    a + 1\n}\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn adds() { assert_eq!(super::add(1), 2); }\n}\n";
        assert_eq!(edit_touches_tests("src/lib.rs", rust, "a + 1"), None);
        let touch = edit_touches_tests("src/lib.rs", rust, "add(1), 2").unwrap();
        assert_eq!(touch.region.map(|r| (r.start, r.end)), Some((4, 8)));
        assert_eq!(
            touch.to_string(),
            "lines 4-8 of `src/lib.rs` are test code (a `#[cfg(test)]` item)"
        );
        // Partly inside: from the source function's last line into the attribute.
        assert!(edit_touches_tests("src/lib.rs", rust, "}\n#[cfg(test)]").is_some());
        // Ending with the newline of a source line stays on that line.
        assert_eq!(
            edit_touches_tests("src/lib.rs", rust, "    a + 1\n}\n"),
            None
        );
        let whole = edit_touches_tests("tests/it.rs", "", "x").unwrap();
        assert_eq!(whole.to_string(), "`tests/it.rs` is a test file");
        assert_eq!(edit_touches_tests("notes.txt", "x", "x"), None);
    }

    #[test]
    fn changes_are_compared_region_by_region() {
        let before = "fn f() -> i32 { 1 }\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn t() { assert_eq!(super::f(), 2); }\n}\n";
        let source_fix = before.replace("{ 1 }", "{\n    2\n}");
        assert_eq!(
            change_touches_tests("src/lib.rs", Some(before), Some(&source_fix)),
            None
        );
        let weakened = before.replace("assert_eq!(super::f(), 2);", "");
        assert!(change_touches_tests("src/lib.rs", Some(before), Some(&weakened)).is_some());
        let commented = before.replace("#[cfg(test)]", "/*#[cfg(test)]") + "*/\n";
        assert!(change_touches_tests("src/lib.rs", Some(before), Some(&commented)).is_some());
        // Left unterminated, the file cannot build: not a test edit (and not a pass).
        let unterminated = before.replace("{ 1 }", "{ \"1 }");
        assert!(!ends_in_code(&unterminated, Language::Rust));
        assert_eq!(
            change_touches_tests("src/lib.rs", Some(before), Some(&unterminated)),
            None
        );
        let docstring = "def f():\n    return 1\n\ndef test_f():\n    assert f() == 2\n";
        let hidden = docstring.replace("def test_f", "\"\"\"\ndef test_f") + "\"\"\"\n";
        assert!(change_touches_tests("app.py", Some(docstring), Some(&hidden)).is_some());
        assert!(change_touches_tests("src/lib.rs", Some(before), None).is_some());
        let more_tests = format!("{before}#[test]\nfn extra() {{}}\n");
        assert_eq!(
            change_touches_tests("src/lib.rs", Some(before), Some(&more_tests)),
            None
        );
        assert!(change_touches_tests("test_x.py", None, Some("x = 1\n")).is_some());
        assert_eq!(
            change_touches_tests("app.py", None, Some("def test_a():\n    pass\n")),
            None
        );
    }
}
