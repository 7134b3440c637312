//! Fault localization: from a [`TestReport`] and the workspace, rank the source lines most likely
//! to hold the bug.
//!
//! Cheap signals only, all deterministic:
//! - traceback / panic frames that land in non-test source (the innermost weighs most);
//! - functions the failing tests call (identifiers called in the failing test's body, in the
//!   assertion line and in pytest's `where x = f(...)` hints), resolved to their definitions with
//!   `def name(` / `fn name(` patterns, plus one level of the calls those functions make;
//! - a spectrum discount: a function that passing tests call as well is less suspicious
//!   (Ochiai: `failed_calling / sqrt(failed_total * (failed_calling + passed_calling))`);
//! - within a function, lines with comparisons, boolean and arithmetic operators and constants
//!   rank above plain bindings, since those are the lines small bugs live on.
//!
//! Test code is never proposed as an edit target (see [`is_test_location`]).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

use regex::Regex;
use serde::{Deserialize, Serialize};
use tact_runtime::spectrum::LineSpectrum;
use tact_runtime::testreport::{Frame, TestReport};
use thiserror::Error;

pub use tact_runtime::decisions::CandidateLocation;
/// Test-code detection is shared with the worker and the guard; it lives in
/// `tact_runtime::source`.
pub use tact_runtime::source::is_test_location;
use tact_runtime::source::{
    ByteClass, FunctionSpan, Language, classify_source, code_only_lines, function_spans_of_code,
    innermost_function_index, is_test_path, python_test_regions, rust_test_regions,
};

/// Errors of localization.
#[derive(Debug, Error)]
pub enum LocalizeError {
    #[error("workspace {0} is not a directory")]
    NotADirectory(String),
    #[error("reading {path}: {source}")]
    Io {
        path: String,
        #[source]
        source: std::io::Error,
    },
}

/// Knobs of [`localize_with`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct LocalizeOptions {
    /// How many candidates to return.
    pub top_n: usize,
    /// Source files larger than this are ignored (generated or vendored code).
    pub max_file_bytes: u64,
    /// Stop indexing after this many source files.
    pub max_files: usize,
}

impl Default for LocalizeOptions {
    fn default() -> Self {
        Self {
            top_n: 10,
            max_file_bytes: 512 * 1024,
            max_files: 2_000,
        }
    }
}

/// Ranks the `top_n` most suspicious non-test source lines for the failures in `report`.
pub fn localize(
    report: &TestReport,
    workspace: &Path,
    top_n: usize,
) -> Result<Vec<CandidateLocation>, LocalizeError> {
    localize_with(
        report,
        workspace,
        &LocalizeOptions {
            top_n,
            ..LocalizeOptions::default()
        },
    )
}

/// [`localize`] reading a traced run's line spectrum too ([`tact_runtime::spectrum`]): the
/// functions a failing assertion ran count as called by the failing test, and each line gains
/// [`SPECTRUM_WEIGHT`] times its Ochiai score over assertions — a line only the failing
/// assertion ran (a leap-year branch) comes before the lines every assertion ran.
pub fn localize_traced(
    report: &TestReport,
    spectrum: Option<&LineSpectrum>,
    workspace: &Path,
    top_n: usize,
) -> Result<Vec<CandidateLocation>, LocalizeError> {
    let options = LocalizeOptions {
        top_n,
        ..LocalizeOptions::default()
    };
    localize_in(report, spectrum, workspace, &options)
}

/// What a line's Ochiai score over assertions is worth against the other cues (a line weight
/// is 0–2.5): a line only the failing assertion ran gains the most, a line no failing
/// assertion ran nothing.
pub const SPECTRUM_WEIGHT: f64 = 4.0;

/// [`localize`] with all options.
pub fn localize_with(
    report: &TestReport,
    workspace: &Path,
    options: &LocalizeOptions,
) -> Result<Vec<CandidateLocation>, LocalizeError> {
    localize_in(report, None, workspace, options)
}

fn localize_in(
    report: &TestReport,
    spectrum: Option<&LineSpectrum>,
    workspace: &Path,
    options: &LocalizeOptions,
) -> Result<Vec<CandidateLocation>, LocalizeError> {
    if !workspace.is_dir() {
        return Err(LocalizeError::NotADirectory(
            workspace.display().to_string(),
        ));
    }
    let index = WorkspaceIndex::build(workspace, options)?;
    Ok(rank(report, &index, options.top_n, spectrum))
}

/// Lines of the non-test functions a task names (`` Find the bug in `bowling_score` ``), ranked by
/// what each line holds: the fallback when the failing tests reach no source line by name (a
/// test that calls its function through an alias the index cannot follow).
pub fn localize_named_functions(
    names: &[String],
    workspace: &Path,
    top_n: usize,
) -> Result<Vec<CandidateLocation>, LocalizeError> {
    if !workspace.is_dir() {
        return Err(LocalizeError::NotADirectory(
            workspace.display().to_string(),
        ));
    }
    let index = WorkspaceIndex::build(workspace, &LocalizeOptions::default())?;
    // A named function, or else every function of a named file (`quicksort.py`).
    let mut ids: Vec<FunctionId> = names
        .iter()
        .flat_map(|name| index.definitions.get(name).into_iter().flatten().copied())
        .collect();
    if ids.is_empty() {
        ids = index
            .definitions
            .values()
            .flatten()
            .copied()
            .filter(|&(file, _)| {
                index.files.get(file).is_some_and(|f| {
                    names
                        .iter()
                        .any(|n| f.path == *n || f.path.ends_with(&format!("/{n}")))
                })
            })
            .collect();
    }
    let mut candidates: Vec<CandidateLocation> = Vec::new();
    for (file_index, function_index) in ids {
        let Some((file, function)) = index.function((file_index, function_index)) else {
            continue;
        };
        for line in function.start + 1..=function.end {
            if file.is_test_line(line) {
                continue;
            }
            let Some(weight) = line_weight(file.code_line(line), file.language) else {
                continue;
            };
            candidates.push(CandidateLocation {
                file: file.path.clone(),
                line,
                function: Some(function.name.clone()),
                score: (weight * 1000.0).round() / 1000.0,
                reason: format!("in `{}`, which the task names", function.name),
            });
        }
    }
    Ok(best_first(candidates, top_n))
}

/// The names a task writes in backquotes (`` `bowling_score` ``), identifiers only, then the
/// source files it names anywhere (`bowling_score.py`, `src/lib.rs`).
pub fn names_in_task(task: &str) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for (i, piece) in task.split('`').enumerate() {
        let piece = piece.trim().trim_end_matches("()");
        let is_identifier = !piece.is_empty()
            && piece.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            && !piece.starts_with(|c: char| c.is_ascii_digit());
        if i % 2 == 1 && is_identifier && !names.iter().any(|n| n == piece) {
            names.push(piece.to_string());
        }
    }
    for word in
        task.split(|c: char| c.is_whitespace() || matches!(c, '`' | '(' | ')' | ',' | '\'' | '"'))
    {
        let word = word.trim_end_matches(['.', ':', ';']);
        let source = word.ends_with(".py") || word.ends_with(".rs");
        if source && word.len() > 3 && !names.iter().any(|n| n == word) {
            names.push(word.to_string());
        }
    }
    names
}

// ---------------------------------------------------------------------------------------------
// Workspace index
// ---------------------------------------------------------------------------------------------

struct SourceFile {
    path: String,
    language: Language,
    lines: Vec<String>,
    /// `lines` with strings and comments blanked.
    code: Vec<String>,
    functions: Vec<FunctionSpan>,
    test_regions: Vec<(u32, u32)>,
    is_test_file: bool,
}

impl SourceFile {
    fn new(path: String, text: &str, language: Language) -> Self {
        let code = code_only_lines(text, language);
        let functions = function_spans_of_code(&code, language);
        let test_regions = match language {
            Language::Rust => rust_test_regions(&code),
            Language::Python => python_test_regions(&code),
        };
        let test_regions = test_regions
            .iter()
            .map(|region| (region.start, region.end))
            .collect();
        let is_test_file = is_test_path(&path);
        Self {
            path,
            language,
            lines: text.lines().map(str::to_string).collect(),
            code,
            functions,
            test_regions,
            is_test_file,
        }
    }

    fn is_test_line(&self, line: u32) -> bool {
        self.is_test_file
            || self
                .test_regions
                .iter()
                .any(|&(start, end)| (start..=end).contains(&line))
    }

    /// The innermost function containing `line`.
    fn enclosing_function(&self, line: u32) -> Option<usize> {
        innermost_function_index(&self.functions, line)
    }

    fn code_line(&self, line: u32) -> &str {
        usize::try_from(line)
            .ok()
            .and_then(|l| l.checked_sub(1))
            .and_then(|i| self.code.get(i))
            .map_or("", String::as_str)
    }

    /// Code text of a function's body (lines after the signature line).
    fn body_code(&self, function: &FunctionSpan) -> Vec<(u32, &str)> {
        (function.start..=function.end)
            .map(|line| (line, self.code_line(line)))
            .collect()
    }
}

/// A function in the index: (file index, function index within the file).
type FunctionId = (usize, usize);

struct WorkspaceIndex {
    root: PathBuf,
    files: Vec<SourceFile>,
    /// Non-test functions by name.
    definitions: BTreeMap<String, Vec<FunctionId>>,
    /// Test functions by name.
    tests: BTreeMap<String, Vec<FunctionId>>,
}

const SKIPPED_DIRECTORIES: &[&str] = &[
    "target",
    "node_modules",
    "__pycache__",
    "venv",
    "env",
    "build",
    "dist",
];

impl WorkspaceIndex {
    fn build(root: &Path, options: &LocalizeOptions) -> Result<Self, LocalizeError> {
        let mut paths = Vec::new();
        collect_source_paths(root, root, 0, options, &mut paths)?;
        paths.sort();
        let mut files = Vec::new();
        for (relative, absolute) in paths {
            let Some(language) = Language::from_path(&absolute) else {
                continue;
            };
            // Unreadable or non-UTF-8 files are not worth failing localization over.
            if let Ok(text) = std::fs::read_to_string(&absolute) {
                files.push(SourceFile::new(relative, &text, language));
            }
        }
        let mut definitions: BTreeMap<String, Vec<FunctionId>> = BTreeMap::new();
        let mut tests: BTreeMap<String, Vec<FunctionId>> = BTreeMap::new();
        for (file_index, file) in files.iter().enumerate() {
            for (function_index, function) in file.functions.iter().enumerate() {
                let target = if file.is_test_line(function.start) {
                    &mut tests
                } else {
                    &mut definitions
                };
                target
                    .entry(function.name.clone())
                    .or_default()
                    .push((file_index, function_index));
            }
        }
        Ok(Self {
            root: root.to_path_buf(),
            files,
            definitions,
            tests,
        })
    }

    fn function(&self, id: FunctionId) -> Option<(&SourceFile, &FunctionSpan)> {
        let file = self.files.get(id.0)?;
        Some((file, file.functions.get(id.1)?))
    }

    /// A function's code (strings and comments blanked) after its signature line.
    fn body_after_signature(&self, id: FunctionId) -> Option<String> {
        let (file, function) = self.function(id)?;
        Some(
            file.body_code(function)
                .into_iter()
                .skip(1)
                .map(|(_, line)| line)
                .collect::<Vec<_>>()
                .join("\n"),
        )
    }

    /// Files a runner-printed path may refer to: exact relative match, absolute path under the
    /// workspace, or (for crates inside a larger workspace) a unique suffix match.
    fn resolve_path(&self, printed: &str) -> Vec<usize> {
        let printed = printed.replace('\\', "/");
        let mut relative = printed.trim_start_matches("./").to_string();
        let roots = [Some(self.root.clone()), self.root.canonicalize().ok()];
        for root in roots.iter().flatten() {
            if let Ok(stripped) = Path::new(&printed).strip_prefix(root) {
                relative = stripped.to_string_lossy().replace('\\', "/");
            }
        }
        let exact: Vec<usize> = self
            .files
            .iter()
            .enumerate()
            .filter(|(_, f)| f.path == relative)
            .map(|(i, _)| i)
            .collect();
        if !exact.is_empty() {
            return exact;
        }
        self.files
            .iter()
            .enumerate()
            .filter(|(_, f)| {
                f.path.ends_with(&format!("/{relative}"))
                    || relative.ends_with(&format!("/{}", f.path))
            })
            .map(|(i, _)| i)
            .collect()
    }
}

fn collect_source_paths(
    root: &Path,
    directory: &Path,
    depth: usize,
    options: &LocalizeOptions,
    out: &mut Vec<(String, PathBuf)>,
) -> Result<(), LocalizeError> {
    if depth > 16 || out.len() >= options.max_files {
        return Ok(());
    }
    let entries = std::fs::read_dir(directory).map_err(|source| LocalizeError::Io {
        path: directory.display().to_string(),
        source,
    })?;
    let mut entries: Vec<_> = entries.flatten().collect();
    entries.sort_by_key(|entry| entry.file_name());
    for entry in entries {
        let name = entry.file_name().to_string_lossy().to_string();
        let Ok(file_type) = entry.file_type() else {
            continue;
        };
        let path = entry.path();
        // Symlinks are skipped: they can loop and usually point outside the workspace.
        if file_type.is_dir() {
            if name.starts_with('.') || SKIPPED_DIRECTORIES.contains(&name.as_str()) {
                continue;
            }
            // A nested directory we cannot read is skipped, not fatal.
            let _ = collect_source_paths(root, &path, depth + 1, options, out);
        } else if file_type.is_file() && Language::from_path(&path).is_some() {
            let small_enough = entry
                .metadata()
                .is_ok_and(|m| m.len() <= options.max_file_bytes);
            if small_enough && let Ok(relative) = path.strip_prefix(root) {
                out.push((relative.to_string_lossy().replace('\\', "/"), path));
            }
        }
        if out.len() >= options.max_files {
            break;
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Function spans and test regions
// ---------------------------------------------------------------------------------------------

struct Patterns {
    call: Regex,
    doctest_name: Regex,
    identifier: Regex,
}

static PATTERNS: LazyLock<Option<Patterns>> = LazyLock::new(|| {
    Some(Patterns {
        call: Regex::new(r"([A-Za-z_][A-Za-z0-9_]*)\s*(?:::\s*<[^()]*>\s*)?\(").ok()?,
        doctest_name: Regex::new(r"^(\S+) - (\S+?) \(line \d+\)").ok()?,
        identifier: Regex::new(r"[A-Za-z_][A-Za-z0-9_]*").ok()?,
    })
});

// ---------------------------------------------------------------------------------------------
// Ranking
// ---------------------------------------------------------------------------------------------

const NOT_CALLS: &[&str] = &[
    "if", "elif", "while", "for", "return", "assert", "not", "and", "or", "in", "is", "def",
    "class", "lambda", "with", "match", "fn", "print", "raises", "approx", "Some", "Ok", "Err",
];

/// What one test run touches: functions and whether the call was direct and in the failing
/// assertion ("hot").
#[derive(Debug, Default, Clone, Copy)]
struct CallInfo {
    direct: bool,
    hot: bool,
}

fn called_names(text: &str) -> Vec<String> {
    let Some(patterns) = PATTERNS.as_ref() else {
        return Vec::new();
    };
    patterns
        .call
        .captures_iter(text)
        .filter_map(|c| c.get(1))
        .filter(|m| {
            // `assert_eq!(` is a macro, not a call of `assert_eq`.
            let before_bang = text
                .get(m.end()..)
                .is_some_and(|rest| rest.starts_with('!'));
            !before_bang && !NOT_CALLS.contains(&m.as_str())
        })
        .map(|m| m.as_str().to_string())
        .collect()
}

/// The names a piece of code mentions without calling them (`check(bowling_score)`,
/// `map(f, xs)`): a function handed to a test helper as a value is what the helper's
/// `candidate(…)` calls, which no name in the helper's body says.
fn mentioned_names(text: &str) -> BTreeSet<String> {
    let Some(patterns) = PATTERNS.as_ref() else {
        return BTreeSet::new();
    };
    let called: BTreeSet<String> = called_names(text).into_iter().collect();
    patterns
        .identifier
        .find_iter(text)
        .filter(|m| {
            // Not a field or method (`x.f`), not a path's tail (`a::f`), not a call.
            let before = text.get(..m.start()).unwrap_or_default();
            !before.ends_with('.') && !before.ends_with("::")
        })
        .map(|m| m.as_str().to_string())
        .filter(|name| !called.contains(name))
        .collect()
}

/// The methods an assertion calls without naming them: Rust's `to_string()` and `format!` run
/// a `Display` impl's `fmt`; Python's `str()`, `repr()` and `len()` run `__str__`, `__repr__`
/// and `__len__`. A bug in such a method is otherwise reached by no name in the failing test.
fn implied_calls(text: &str) -> Vec<&'static str> {
    const IMPLIED: &[(&[&str], &str)] = &[
        (&[".to_string()", "format!(", "print!(", "println!("], "fmt"),
        (&["str(", "print(", "f\""], "__str__"),
        (&["repr(", "!r}"], "__repr__"),
        (&["len("], "__len__"),
    ];
    IMPLIED
        .iter()
        .filter(|(written, _)| written.iter().any(|w| text.contains(w)))
        .map(|&(_, method)| method)
        .collect()
}

/// The bare function name of a runner's test id: `tests::adds` → `adds`,
/// `tests/t.py::TestA::test_b[1-2]` → `test_b`.
fn test_function_name(test: &str) -> &str {
    let last = test.rsplit("::").next().unwrap_or(test);
    last.split('[').next().unwrap_or(last).trim()
}

/// The file part of a pytest node id, if any.
fn test_file_hint(test: &str) -> Option<&str> {
    let (file, _) = test.split_once("::")?;
    file.ends_with(".py").then_some(file)
}

fn rank(
    report: &TestReport,
    index: &WorkspaceIndex,
    top_n: usize,
    spectrum: Option<&LineSpectrum>,
) -> Vec<CandidateLocation> {
    let mut scores: BTreeMap<(usize, u32), (f64, Vec<String>)> = BTreeMap::new();
    let mut add = |file: usize, line: u32, score: f64, reason: String| {
        let entry = scores.entry((file, line)).or_insert((0.0, Vec::new()));
        entry.0 += score;
        if !entry.1.contains(&reason) {
            entry.1.push(reason);
        }
    };

    // Which functions each failing test touches.
    let mut failing_calls: Vec<BTreeMap<FunctionId, CallInfo>> = Vec::new();
    let mut failing_names: BTreeSet<String> = BTreeSet::new();
    let mut innermost_frames: Vec<(usize, u32)> = Vec::new();

    let all_messages: String = report
        .failures
        .iter()
        .map(|f| f.message.as_str())
        .collect::<Vec<_>>()
        .join("\n");
    let assertion_sides: Vec<(String, String)> = report
        .failures
        .iter()
        .flat_map(|f| assertion_sides(&f.message))
        .collect();
    for failure in &report.failures {
        failing_names.insert(test_function_name(&failure.test).to_string());
        let mut hot_text = failure.message.clone();
        let mut calls: BTreeMap<FunctionId, CallInfo> = BTreeMap::new();

        // Frames: in source they are candidates themselves; in tests they name the assertion.
        let frame_count = failure.frames.len();
        for (position, frame) in failure.frames.iter().enumerate() {
            let innermost = position + 1 == frame_count;
            for file_index in index.resolve_path(&frame.file) {
                let Some(file) = index.files.get(file_index) else {
                    continue;
                };
                if file.is_test_line(frame.line) {
                    hot_text.push('\n');
                    hot_text.push_str(file.code_line(frame.line));
                    continue;
                }
                // A frame on a comment line (a doc-test's start) is no place for an edit.
                if file.code_line(frame.line).trim().is_empty() {
                    continue;
                }
                let weight = if innermost { 4.0 } else { 3.0 };
                add(
                    file_index,
                    frame.line,
                    weight,
                    frame_reason(frame, innermost),
                );
                if innermost {
                    innermost_frames.push((file_index, frame.line));
                }
                if let Some(function) = file.enclosing_function(frame.line) {
                    calls.insert(
                        (file_index, function),
                        CallInfo {
                            direct: true,
                            hot: true,
                        },
                    );
                }
            }
        }
        // A doc-test is about the item it documents.
        if let Some(captures) = PATTERNS
            .as_ref()
            .and_then(|p| p.doctest_name.captures(&failure.test))
            && let Some(item) = captures.get(2)
        {
            let name = item.as_str().rsplit("::").next().unwrap_or_default();
            hot_text.push_str(&format!("\n{name}()"));
        }

        let hot_names: BTreeSet<String> = called_names(&hot_text)
            .into_iter()
            .chain(implied_calls(&hot_text).into_iter().map(str::to_string))
            .collect();
        for name in &hot_names {
            for id in index.definitions.get(name).into_iter().flatten() {
                calls.insert(
                    *id,
                    CallInfo {
                        direct: true,
                        hot: true,
                    },
                );
            }
        }
        let hot_found = !calls.is_empty();
        let test_ids = find_test_functions(index, &failure.test);
        add_calls_from_tests(index, &test_ids, &mut calls);
        // `assert candidate(…) == …` in `check(candidate)`: the failing assertion calls a
        // parameter, so the function the test hands over is the one it calls.
        if !hot_found {
            for id in passed_by_value(index, &test_ids) {
                calls.insert(
                    id,
                    CallInfo {
                        direct: true,
                        hot: true,
                    },
                );
            }
        }
        failing_calls.push(calls);
    }
    // The functions a failing assertion ran, as the trace saw them: called by the failing
    // tests whatever name they were called by.
    if let Some(spectrum) = spectrum {
        for hit in spectrum.failing_lines() {
            for file_index in index.resolve_path(&hit.file) {
                let Some(function) = index
                    .files
                    .get(file_index)
                    .and_then(|f| f.enclosing_function(hit.line))
                else {
                    continue;
                };
                for calls in &mut failing_calls {
                    calls.entry((file_index, function)).or_insert(CallInfo {
                        direct: true,
                        hot: true,
                    });
                }
            }
        }
    }

    // Which functions the passing tests touch: the names the runner listed, or, when it listed
    // none (`pytest -q`, `cargo test -q`), every other test function in the workspace.
    let passing_names: Vec<String> = if report.passed_tests.is_empty() {
        if report.passed > 0 {
            index
                .tests
                .keys()
                .filter(|name| !failing_names.contains(*name) && looks_like_test(index, name))
                .cloned()
                .collect()
        } else {
            Vec::new()
        }
    } else {
        report.passed_tests.clone()
    };
    let passing_calls: Vec<BTreeMap<FunctionId, CallInfo>> = passing_names
        .iter()
        .take(1_000)
        .map(|name| {
            let mut calls = BTreeMap::new();
            add_calls_from_tests(index, &find_test_functions(index, name), &mut calls);
            calls
        })
        .collect();

    // Ochiai suspiciousness per function, spread over its body's lines.
    let failed_total = failing_calls
        .iter()
        .filter(|c| !c.is_empty())
        .count()
        .max(1);
    let mut touched: BTreeMap<FunctionId, (usize, bool, bool)> = BTreeMap::new();
    for calls in &failing_calls {
        for (id, info) in calls {
            let entry = touched.entry(*id).or_insert((0, false, false));
            entry.0 += 1;
            entry.1 |= info.direct;
            entry.2 |= info.hot;
        }
    }
    for (id, (failed_calling, direct, hot)) in touched {
        let passed_calling = passing_calls.iter().filter(|c| c.contains_key(&id)).count();
        let ochiai = failed_calling as f64
            / ((failed_total * (failed_calling + passed_calling)) as f64).sqrt();
        let function_score =
            5.0 * ochiai + if hot { 1.5 } else { 0.0 } + if direct { 0.5 } else { 0.0 };
        let Some((file, function)) = index.function(id) else {
            continue;
        };
        let how = if hot {
            "in the failing assertion"
        } else if direct {
            "by the failing test"
        } else {
            "indirectly"
        };
        let reason = format!(
            "in `{}`, called {how}; {failed_calling} failing / {passed_calling} passing tests reach it",
            function.name
        );
        let idle_mutables = if file.language == Language::Rust {
            idle_mutable_lines(&file.body_code(function))
        } else {
            Vec::new()
        };
        for line in function.start + 1..=function.end {
            let Some(mut weight) = line_weight(file.code_line(line), file.language) else {
                continue;
            };
            if idle_mutables.contains(&line) {
                weight += IDLE_MUTABLE_WEIGHT;
            }
            // Lines just before the innermost failure site in the same function often cause it.
            let precedes_failure = innermost_frames.iter().any(|&(f, failure_line)| {
                f == id.0 && line < failure_line && failure_line <= function.end
            });
            let proximity = if precedes_failure { 0.3 } else { 0.0 };
            let guard = guard_penalty(file, line, &all_messages);
            let raw = file.lines.get(line as usize - 1).map_or("", String::as_str);
            let literal = if literal_splits_assertion(raw, file.language, &assertion_sides) {
                LITERAL_IN_ONE_SIDE_WEIGHT
            } else {
                0.0
            };
            let traced = spectrum
                .and_then(|s| s.ochiai(&file.path, line))
                .unwrap_or(0.0);
            let reason = if traced > 0.0 {
                format!("{reason}; a failing assertion ran it (Ochiai {traced:.2} over assertions)")
            } else {
                reason.clone()
            };
            add(
                id.0,
                line,
                function_score + weight + proximity + literal - guard + SPECTRUM_WEIGHT * traced,
                reason,
            );
        }
    }

    let candidates: Vec<CandidateLocation> = scores
        .into_iter()
        .filter_map(|((file_index, line), (score, reasons))| {
            let file = index.files.get(file_index)?;
            if file.is_test_line(line) || line == 0 || line as usize > file.lines.len() {
                return None;
            }
            let function = file
                .enclosing_function(line)
                .and_then(|f| file.functions.get(f))
                .map(|f| f.name.clone());
            Some(CandidateLocation {
                file: file.path.clone(),
                line,
                function,
                score: (score * 1000.0).round() / 1000.0,
                reason: reasons.join("; "),
            })
        })
        .collect();
    best_first(candidates, top_n)
}

/// The `top_n` best-scored candidates, best first; ties by file, then line.
fn best_first(mut candidates: Vec<CandidateLocation>, top_n: usize) -> Vec<CandidateLocation> {
    candidates.sort_by(|a, b| {
        b.score
            .total_cmp(&a.score)
            .then_with(|| a.file.cmp(&b.file))
            .then_with(|| a.line.cmp(&b.line))
    });
    candidates.truncate(top_n);
    candidates
}

fn frame_reason(frame: &Frame, innermost: bool) -> String {
    let place = if innermost {
        "where the failure was raised"
    } else {
        "traceback frame"
    };
    match &frame.function {
        Some(function) => format!("{place} (in `{function}`)"),
        None => place.to_string(),
    }
}

/// Test functions are named like tests (`test_*`) or are Rust functions in test regions.
fn looks_like_test(index: &WorkspaceIndex, name: &str) -> bool {
    index.tests.get(name).into_iter().flatten().any(|id| {
        index.function(*id).is_some_and(|(file, function)| {
            file.language == Language::Rust || function.name.starts_with("test")
        })
    })
}

/// Test function definitions matching a runner's test id.
fn find_test_functions(index: &WorkspaceIndex, test: &str) -> Vec<FunctionId> {
    let name = test_function_name(test);
    let candidates: Vec<FunctionId> = index.tests.get(name).cloned().unwrap_or_default();
    match test_file_hint(test) {
        Some(hint) => {
            let in_file: Vec<FunctionId> = candidates
                .iter()
                .copied()
                .filter(|(file, _)| {
                    index
                        .files
                        .get(*file)
                        .is_some_and(|f| f.path == hint || f.path.ends_with(&format!("/{hint}")))
                })
                .collect();
            if in_file.is_empty() {
                candidates
            } else {
                in_file
            }
        }
        None => candidates,
    }
}

/// The functions `caller`'s body calls by name (its body after the signature line), found in
/// `among` (the index's definitions, or its test functions).
fn called_in(
    index: &WorkspaceIndex,
    caller: FunctionId,
    among: &BTreeMap<String, Vec<FunctionId>>,
) -> Vec<FunctionId> {
    let Some(body) = index.body_after_signature(caller) else {
        return Vec::new();
    };
    called_names(&body)
        .iter()
        .flat_map(|name| among.get(name).into_iter().flatten().copied())
        .filter(|&id| id != caller)
        .collect()
}

/// The functions `caller`'s body calls by name, as the index defines them.
fn callees(index: &WorkspaceIndex, caller: FunctionId) -> Vec<FunctionId> {
    called_in(index, caller, &index.definitions)
}

/// The test-code functions `test`'s body calls by name (helpers such as `check(f)` or a
/// `sorted(v)` defined in the test module), other than `test` itself.
fn test_helpers(index: &WorkspaceIndex, test: FunctionId) -> Vec<FunctionId> {
    called_in(index, test, &index.tests)
}

/// The non-test functions `tests` (and their helpers) name as values rather than call.
fn passed_by_value(index: &WorkspaceIndex, tests: &[FunctionId]) -> Vec<FunctionId> {
    tests
        .iter()
        .flat_map(|&test| std::iter::once(test).chain(test_helpers(index, test)))
        .filter_map(|caller| Some(mentioned_names(&index.body_after_signature(caller)?)))
        .flatten()
        .flat_map(|name| index.definitions.get(&name).into_iter().flatten().copied())
        .collect()
}

/// Functions called from the bodies of `tests` (direct), and the calls those make (indirect).
fn add_calls_from_tests(
    index: &WorkspaceIndex,
    tests: &[FunctionId],
    calls: &mut BTreeMap<FunctionId, CallInfo>,
) {
    let mut direct: Vec<FunctionId> = Vec::new();
    for test in tests {
        // What the test's own helpers call counts as called by the test (`sorted(v)` in the
        // test module calling `insertion_sort(&mut v)`): a helper is test code, never a
        // candidate, and a hung test has no assertion line to name the function instead.
        let helpers = test_helpers(index, *test);
        for id in std::iter::once(*test)
            .chain(helpers)
            .flat_map(|caller| callees(index, caller))
        {
            direct.push(id);
            calls.entry(id).or_default().direct = true;
        }
    }
    for id in passed_by_value(index, tests) {
        calls.entry(id).or_default().direct = true;
    }
    // One level of callees: enough for small helpers, cheap on big code bases.
    let already: BTreeSet<FunctionId> = calls.keys().copied().collect();
    for caller in already {
        for id in callees(index, caller) {
            if id != caller {
                calls.entry(id).or_default();
            }
        }
    }
}

/// Whether a failing run shows a test that hung: stopped by a per-test time limit (pytest's
/// `timeout` plugin or a conftest alarm), or named by cargo's "has been running for over"
/// warning. A hang is most often a loop that never ends, which is what
/// [`crate::mutate::MutationOperator::LoopStep`] candidates fix.
pub fn report_shows_a_hang(report: &TestReport) -> bool {
    const HANG_MARKERS: &[&str] = &[
        "TimeLimitExceeded",
        "Timeout >",
        "ran longer than",
        "has been running for over",
        "timed out after",
        "(the test hangs",
    ];
    report
        .failures
        .iter()
        .any(|f| HANG_MARKERS.iter().any(|m| f.message.contains(m)))
}

/// Whether a failing comparison shows the result lacking items the expected value has at its
/// end: pytest's `Right contains one more item` (the result written on the left, as tests
/// mostly do), unittest's `Second list contains 1 additional elements`, or an `assert_eq!`
/// whose `left` is `right` cut short. The last piece a loop collects was never collected,
/// which is what [`crate::mutate::MutationOperator::FlushRemainder`] candidates add.
pub fn report_shows_missing_last_items(report: &TestReport) -> bool {
    report.failures.iter().any(|f| {
        let message = f.message.as_str();
        message.contains("Right contains one more item")
            || (message.contains("Right contains ") && message.contains(" more items"))
            || message.contains("Second list contains")
            || message.contains("Second sequence contains")
            || rust_left_cut_short(message)
            || string_cut_short(message)
    })
}

/// A string result that is the expected one's beginning (`"3a1b"` for `"3a1b2c"`), in a Rust
/// `assert_eq!` (`left: "…"` / `right: "…"`) or a pytest comparison (`assert '…' == '…'`): the
/// last piece a loop builds was never written.
fn string_cut_short(message: &str) -> bool {
    let quoted = |s: &str| -> Option<String> {
        let s = s.trim();
        let quote = s.chars().next().filter(|c| matches!(c, '"' | '\''))?;
        let inner = s.strip_prefix(quote)?.strip_suffix(quote)?;
        (!inner.contains(quote)).then(|| inner.to_string())
    };
    let side = |name: &str| {
        message
            .lines()
            .find_map(|l| l.trim_start().strip_prefix(name))
            .and_then(quoted)
    };
    let pair = match (side("left:"), side("right:")) {
        (Some(left), Some(right)) => Some((left, right)),
        _ => message.lines().find_map(|l| {
            let rest = &l[l.find("assert ")? + "assert ".len()..];
            let (left, right) = rest.split_once(" == ")?;
            Some((quoted(left)?, quoted(right)?))
        }),
    };
    pair.is_some_and(|(got, expected)| {
        !got.is_empty() && got.len() < expected.len() && expected.starts_with(&got)
    })
}

/// `left: ["a"]` and `right: ["a", "b"]` in an `assert_eq!` failure: the left's items are the
/// right's first ones.
fn rust_left_cut_short(message: &str) -> bool {
    let side = |name: &str| {
        message
            .lines()
            .find_map(|l| l.trim_start().strip_prefix(name))
            .map(str::trim)
    };
    let (Some(left), Some(right)) = (side("left:"), side("right:")) else {
        return false;
    };
    let Some(open) = left.strip_suffix(']') else {
        return false;
    };
    open.len() > 1 && right.starts_with(open) && right[open.len()..].starts_with(", ")
}

/// Guard clauses that raise an error (`if bad: raise ValueError(..)`, `return Err(..)`) are
/// rarely where a wrong result comes from, unless the failure is that very error. Returns how much
/// to lower such a line's score.
fn guard_penalty(file: &SourceFile, line: u32, failure_messages: &str) -> f64 {
    let current = file.code_line(line).trim();
    let opens_block = current.ends_with(':') || current.ends_with('{');
    let next_statement = (line + 1..line + 4)
        .map(|l| file.code_line(l).trim())
        .find(|l| !l.is_empty())
        .unwrap_or_default();
    let raised = if is_error_exit(current) {
        current
    } else if opens_block && current.starts_with("if") && is_error_exit(next_statement) {
        next_statement
    } else {
        return 0.0;
    };
    // `raise ValueError(...)` → `ValueError`; `return Err(...)` → `Err`.
    let error_name: String = raised
        .trim_start_matches("raise")
        .trim_start_matches("return")
        .trim_start()
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    if !error_name.is_empty() && failure_messages.contains(&error_name) {
        0.0
    } else {
        0.7
    }
}

/// The two sides of the failing comparisons a message prints: Rust's `left:` / `right:` lines,
/// pytest's `assert X == Y`, unittest's `X != Y`.
fn assertion_sides(message: &str) -> Vec<(String, String)> {
    let mut sides = Vec::new();
    let mut left: Option<&str> = None;
    for line in message.lines() {
        let trimmed = line.trim();
        if let Some(value) = trimmed.strip_prefix("left:") {
            left = Some(value.trim());
        } else if let Some(value) = trimmed.strip_prefix("right:") {
            if let Some(l) = left.take() {
                sides.push((l.to_string(), value.trim().to_string()));
            }
        } else if let Some((_, assertion)) = trimmed.split_once("assert ")
            && let Some((l, r)) = assertion.split_once(" == ")
        {
            sides.push((l.trim().to_string(), r.trim().to_string()));
        } else if let Some((_, assertion)) = trimmed.split_once("AssertionError: ")
            && let Some((l, r)) = assertion.split_once(" != ")
        {
            // unittest's `assertEqual`: `AssertionError: 'a--b' != 'a-b'`.
            sides.push((l.trim().to_string(), r.trim().to_string()));
        }
    }
    sides
}

/// A string literal of the line (two characters or more) that one side of a failing comparison
/// holds and the other does not: `out.push_str("---")` when the test got `"Exa---mple"` and
/// wanted `"Exa-mple"`. The literal's text is in the wrong output, or missing from it.
fn literal_splits_assertion(
    raw_line: &str,
    language: Language,
    sides: &[(String, String)],
) -> bool {
    if sides.is_empty() {
        return false;
    }
    string_literals(raw_line, language)
        .iter()
        .filter(|inner| inner.chars().count() >= 2)
        .any(|inner| {
            sides
                .iter()
                .any(|(l, r)| l.contains(inner.as_str()) != r.contains(inner.as_str()))
        })
}

/// The inner text of the line's string literals (the runs the shared lexer,
/// [`classify_source`], marks as text; comments are not text), quotes and prefixes stripped.
/// Rust's one-character literals come out one character long, lifetimes not at all.
pub(crate) fn string_literals(line: &str, language: Language) -> Vec<String> {
    let Some(classes) = classify_source(line, language).into_iter().next() else {
        return Vec::new();
    };
    let mut literals = Vec::new();
    let mut run: Option<usize> = None;
    for (index, _) in line.char_indices().chain([(line.len(), ' ')]) {
        let text = classes.get(index) == Some(&ByteClass::Text);
        match (run, text) {
            (None, true) => run = Some(index),
            (Some(start), false) => {
                literals.extend(literal_inner(&line[start..index]).map(str::to_string));
                run = None;
            }
            _ => {}
        }
    }
    literals
}

/// What lies between a literal's quotes: `"ab"`, `'ab'`, `r#"ab"#`, `b"ab"`, `"""ab"""`.
fn literal_inner(literal: &str) -> Option<&str> {
    let open = literal.find(['"', '\''])?;
    let quote = literal[open..].chars().next()?;
    let close = literal.rfind(quote)?;
    let run = literal[open..].chars().take_while(|&c| c == quote).count();
    // `""` is empty; `"""…"""` opens and closes with three.
    let width = match run {
        2 if close == open + 1 => return Some(""),
        n if n >= 3 => 3,
        _ => 1,
    };
    literal.get(open + width..(close + 1).checked_sub(width)?)
}

fn is_error_exit(code: &str) -> bool {
    code.starts_with("raise ") || code.starts_with("return Err(")
}

/// How likely a line of a suspicious function is to hold a small bug, or `None` for lines that
/// are not worth editing (blank, braces, `else:`, docstrings, signatures of nested functions).
fn line_weight(code: &str, language: Language) -> Option<f64> {
    let trimmed = code.trim();
    if trimmed.is_empty()
        || trimmed
            .chars()
            .all(|c| matches!(c, '{' | '}' | '(' | ')' | '[' | ']' | ';' | ','))
        || matches!(
            trimmed,
            "else:" | "try:" | "finally:" | "} else {" | "else {"
        )
        || trimmed.starts_with("#[")
        || trimmed.starts_with("def ")
        || trimmed.starts_with("fn ")
        || trimmed.starts_with("pub fn ")
    {
        return None;
    }
    if is_data_row(trimmed) {
        return Some(DATA_ROW_WEIGHT);
    }
    let words: Vec<&str> = trimmed
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .collect();
    let has_word = |word: &str| words.contains(&word);
    let mut weight = 0.0;
    // `return bin;`: the function's output is what the failing assertion checks, and a
    // returned variable has few, cheap alternatives (another variable of the function).
    if returns_a_variable(trimmed) {
        weight += 0.5;
    }
    let comparison = ["<=", ">=", "==", "!=", " < ", " > "]
        .iter()
        .any(|op| trimmed.contains(op));
    if comparison {
        weight += 0.5;
    }
    let boolean = match language {
        Language::Python => has_word("and") || has_word("or") || has_word("not"),
        Language::Rust => trimmed.contains("&&") || trimmed.contains("||"),
    };
    if boolean {
        weight += 0.4;
    }
    if [" + ", " - ", " * ", " / ", " // ", " % ", "..", "+=", "-="]
        .iter()
        .any(|op| trimmed.contains(op))
    {
        weight += 0.3;
    }
    if words.iter().any(|w| w.chars().all(|c| c.is_ascii_digit())) {
        weight += 0.2;
    }
    if ["if", "elif", "while", "for"].iter().any(|k| has_word(k)) {
        weight += 0.2;
    }
    if has_word("return")
        || has_word("true")
        || has_word("false")
        || has_word("True")
        || has_word("False")
    {
        weight += 0.2;
    }
    if ["min", "max", "range", "len"].iter().any(|k| has_word(k)) {
        weight += 0.2;
    }
    // `break` / `continue`: the loop's whole course turns on it, and its one alternative is
    // cheap to try (the other jump).
    if has_word("break") || has_word("continue") {
        weight += 0.4;
    }
    if trimmed.contains('(') {
        weight += 0.1;
    }
    Some(weight)
}

/// A `let mut` never changed afterwards marks where a statement is missing; this puts it among
/// the function's logic lines.
const IDLE_MUTABLE_WEIGHT: f64 = 0.6;
/// See [`literal_splits_assertion`]: direct evidence, so it outweighs the operator cues.
const LITERAL_IN_ONE_SIDE_WEIGHT: f64 = 1.0;

/// Below every logic line: a row of a literal table is data, and a small bug is more often in
/// the code that reads the table than in the table.
const DATA_ROW_WEIGHT: f64 = -0.3;

/// A row of a literal table, on a line whose strings are blanked: `(0, "Zero"),`, `"o" => 3,`,
/// `0 => "zero".to_string(),`, `100, 400, 500,`. Only literals and punctuation, no names (a
/// `.to_string()` or `.into()` on a literal aside), and a `,` or `=>` that makes it a row.
fn is_data_row(code: &str) -> bool {
    let stripped = code
        .replace(".to_string()", "")
        .replace(".to_owned()", "")
        .replace(".into()", "");
    (stripped.contains(',') || stripped.contains("=>"))
        && stripped.chars().all(|c| {
            c.is_ascii_digit() || c.is_whitespace() || "-.,()[]{}=>:;_".contains(c)
        })
        && !stripped.contains("..")
        // `_ => 0` is the default arm, whose `_` is a pattern, not data.
        && !stripped.trim_start().starts_with('_')
}

/// `return name` / `return name;`: the function returns one of its variables.
fn returns_a_variable(code: &str) -> bool {
    let Some(rest) = code.strip_prefix("return ") else {
        return false;
    };
    let name = rest.trim().trim_end_matches(';').trim_end();
    !name.is_empty()
        && name.chars().all(|c| c.is_alphanumeric() || c == '_')
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && !matches!(
            name,
            "True" | "False" | "None" | "true" | "false" | "self" | "Self"
        )
}

/// Lines of a Rust function declaring `let mut name` where nothing after the declaration in
/// the function assigns, updates, mutably borrows or calls a mutating method on `name`: the
/// statement that changed it (a `v.sort();`, a `x += 1;`) is likely the missing logic. The
/// check errs towards "mutated" (any unknown method call on the name counts as mutation only
/// if it is a known mutator; a name passed anywhere as `&mut` or shadowed counts as mutated).
fn idle_mutable_lines(body: &[(u32, &str)]) -> Vec<u32> {
    let mut idle = Vec::new();
    for (index, (line, code)) in body.iter().enumerate() {
        let Some(rest) = code.trim_start().strip_prefix("let mut ") else {
            continue;
        };
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if name.is_empty() {
            continue;
        }
        let later = body.iter().skip(index + 1).map(|(_, c)| *c);
        if !later.into_iter().any(|c| mutates(c, &name)) {
            idle.push(*line);
        }
    }
    idle
}

/// Methods that change their receiver in place (`Vec`, `String`, `HashMap`, iterators).
const MUTATING_METHODS: &[&str] = &[
    "push",
    "push_str",
    "pop",
    "insert",
    "remove",
    "sort",
    "sort_by",
    "sort_by_key",
    "sort_unstable",
    "sort_unstable_by",
    "sort_unstable_by_key",
    "reverse",
    "extend",
    "extend_from_slice",
    "clear",
    "dedup",
    "dedup_by",
    "dedup_by_key",
    "retain",
    "truncate",
    "swap",
    "swap_remove",
    "append",
    "drain",
    "iter_mut",
    "entry",
    "get_mut",
    "resize",
    "fill",
    "rotate_left",
    "rotate_right",
    "split_off",
    "as_mut",
    "next",
    "next_back",
    "last_mut",
    "first_mut",
    "values_mut",
    "make_ascii_lowercase",
    "make_ascii_uppercase",
    "insert_str",
    "or_insert",
    "take",
    "replace",
    "as_mut_slice",
    "chunks_mut",
];

/// Whether `code` changes the variable `name`: assigns it (`name =`, `name[i] =`, `name +=`),
/// borrows it mutably, shadows it, or calls a mutating method on it.
pub(crate) fn mutates(code: &str, name: &str) -> bool {
    let bytes = code.as_bytes();
    let is_ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    // A tuple assignment `(a, b) = (b, a % b);` changes every name left of its `=`.
    let trimmed = code.trim_start();
    if trimmed.starts_with('(')
        && let Some(close) = trimmed.find(") =")
        && !trimmed[close..].starts_with(") ==")
        && trimmed[..close]
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .any(|word| word == name)
    {
        return true;
    }
    let mut from = 0;
    while let Some(found) = code[from..].find(name) {
        let start = from + found;
        let end = start + name.len();
        from = end;
        if start > 0 && is_ident(bytes[start - 1]) || end < bytes.len() && is_ident(bytes[end]) {
            continue;
        }
        let before = code[..start].trim_end();
        if before.ends_with("&mut") || before.ends_with("let") || before.ends_with("let mut") {
            return true;
        }
        let mut after = code[end..].trim_start();
        // Skip index expressions: `name[i][j] = …`.
        while after.starts_with('[') {
            let Some(close) = after.find(']') else {
                break;
            };
            after = after[close + 1..].trim_start();
        }
        let assigns = [
            "=", "+=", "-=", "*=", "/=", "%=", "|=", "&=", "^=", "<<=", ">>=",
        ]
        .iter()
        .any(|op| after.starts_with(op))
            && !after.starts_with("==")
            && !after.starts_with("=>");
        if assigns {
            return true;
        }
        if let Some(method) = after.strip_prefix('.') {
            let method: String = method
                .trim_start()
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if MUTATING_METHODS.contains(&method.as_str()) {
                return true;
            }
        }
    }
    false
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    /// The result lacks the expected value's last items, as pytest, unittest and
    /// `assert_eq!` say it; a result with items too many, or other items, does not count.
    #[test]
    fn a_result_cut_short_at_its_end_is_recognized() {
        let failing = |message: &str| TestReport {
            failures: vec![tact_runtime::testreport::TestFailure {
                test: "t".into(),
                message: message.into(),
                ..Default::default()
            }],
            ..TestReport::default()
        };
        for message in [
            "AssertionError: assert ['aaa bbb'] == ['aaa bbb', ' ccc']\n  Right contains one more item: ' ccc'",
            "assert [1] == [1, 2, 3]\n  Right contains 2 more items, first extra item: 2",
            "AssertionError: Lists differ: ['a'] != ['a', 'b']\n\nSecond list contains 1 additional elements.",
            "assertion `left == right` failed\n  left: [\"a\", \"b\"]\n right: [\"a\", \"b\", \"c\"]",
            "assertion `left == right` failed\n  left: \"3a1b\"\n right: \"3a1b2c\"",
            "AssertionError: assert '3a1b' == '3a1b2c'\n  \n  - 3a1b2c\n  ?     ++\n  + 3a1b",
        ] {
            assert!(
                report_shows_missing_last_items(&failing(message)),
                "{message}"
            );
        }
        for message in [
            "assert [1, 2] == [1]\n  Left contains one more item: 2",
            "assertion `left == right` failed\n  left: [\"a\", \"b\"]\n right: [\"a\", \"c\"]",
            "assertion `left == right` failed\n  left: []\n right: [1]",
            "assert 3 == 4",
            "assertion `left == right` failed\n  left: \"\"\n right: \"ab\"",
            "AssertionError: assert 'ab' == 'abc' or x",
            "AssertionError: assert 'abc' == 'ab'",
        ] {
            assert!(
                !report_shows_missing_last_items(&failing(message)),
                "{message}"
            );
        }
    }

    use super::*;

    use tact_runtime::testreport::{TestFailure, TestRunner, parse_test_output};

    #[test]
    fn display_and_dunder_methods_are_called_by_the_assertions_that_use_them() {
        assert_eq!(
            implied_calls(r#"assert_eq!(Clock { hours: 9, minutes: 5 }.to_string(), "09:05");"#),
            vec!["fmt"]
        );
        assert_eq!(
            implied_calls("assert str(Clock(9, 5)) == '09:05' and len(c) == 2"),
            vec!["__str__", "__len__"]
        );
        assert!(implied_calls("assert add(1, 2) == 3").is_empty());
    }

    fn write(dir: &Path, path: &str, text: &str) {
        let full = dir.join(path);
        std::fs::create_dir_all(full.parent().unwrap()).unwrap();
        std::fs::write(full, text).unwrap();
    }

    fn failure(test: &str, message: &str, frames: Vec<Frame>) -> TestFailure {
        TestFailure {
            test: test.into(),
            message: message.into(),
            frames,
            ..TestFailure::default()
        }
    }

    fn frame(file: &str, line: u32) -> Frame {
        Frame {
            file: file.into(),
            line,
            function: None,
        }
    }

    #[test]
    fn ranks_called_source_function_above_everything_and_never_tests() {
        let dir = tempfile::tempdir().unwrap();
        write(
            dir.path(),
            "shop.py",
            "def price(x):\n    return x * 2\n\n\ndef discount(total):\n    if total > 100:\n        return total - 10\n    return total\n",
        );
        write(
            dir.path(),
            "tests/test_shop.py",
            "from shop import discount, price\n\n\ndef test_price():\n    assert price(2) == 4\n\n\ndef test_discount():\n    assert discount(100) == 90\n",
        );
        let report = TestReport {
            runner: TestRunner::Pytest,
            passed: 1,
            failed: 1,
            failures: vec![failure(
                "tests/test_shop.py::test_discount",
                "assert 100 == 90",
                vec![frame("tests/test_shop.py", 9)],
            )],
            ..TestReport::default()
        };
        let ranked = localize(&report, dir.path(), 5).unwrap();
        assert!(!ranked.is_empty());
        assert!(ranked.iter().all(|c| c.file == "shop.py"), "{ranked:#?}");
        assert_eq!(ranked[0].line, 6, "{ranked:#?}");
        assert_eq!(ranked[0].function.as_deref(), Some("discount"));
        // `price` is only called by the passing test: not suspicious at all.
        assert!(
            ranked
                .iter()
                .all(|c| c.function.as_deref() != Some("price"))
        );
        let mut sorted = ranked.clone();
        sorted.sort_by(|a, b| b.score.total_cmp(&a.score));
        assert_eq!(sorted, ranked);
    }

    /// probe35-py-01: `check(candidate)` asserts on `candidate(…)` and the test hands it
    /// `bowling_score`; no call in the test names the function.
    #[test]
    fn probe35_py_01_a_function_handed_to_check_as_candidate_is_localized() {
        let dir = tempfile::tempdir().unwrap();
        write(
            dir.path(),
            "bowling_score.py",
            "def helper_unused(x):\n    return x + 1\n\n\ndef bowling_score(rolls):\n    score = 0\n    for r in rolls:\n        score += r * 2\n    return score\n",
        );
        write(
            dir.path(),
            "test_bowling_score.py",
            "from bowling_score import bowling_score\n\ndef check(candidate):\n    assert candidate([0] * 20) == 0\n    assert candidate([1]) == 1\n\n\ndef test_bowling_score():\n    check(bowling_score)\n",
        );
        let report = TestReport {
            runner: TestRunner::Pytest,
            failed: 1,
            failures: vec![failure(
                "test_bowling_score.py::test_bowling_score",
                "assert 2 == 1",
                vec![
                    frame("test_bowling_score.py", 9),
                    frame("test_bowling_score.py", 5),
                ],
            )],
            ..TestReport::default()
        };
        let ranked = localize(&report, dir.path(), 5).unwrap();
        assert!(!ranked.is_empty(), "nothing localized");
        assert!(
            ranked
                .iter()
                .all(|c| c.function.as_deref() == Some("bowling_score")),
            "{ranked:#?}"
        );
        assert!(
            ranked[0].reason.contains("in the failing assertion"),
            "{ranked:#?}"
        );
    }

    /// probe35-py-04: the leap-year branch's `month_lengths[2] = 29` is a plain binding and
    /// ranked below the condition and the sum; the trace shows only the failing assertion ran
    /// it, and it comes first. Without a spectrum the order is the static one.
    #[test]
    fn probe35_py_04_the_line_only_the_failing_assertion_ran_comes_first() {
        use tact_runtime::spectrum::{LineSpectrum, SpectrumLine};
        let dir = tempfile::tempdir().unwrap();
        write(
            dir.path(),
            "day_of_year.py",
            "def day_of_year(year, month, day):\n    month_lengths = [31, 28, 31, 30]\n    if year % 4 == 0 and (year % 100 != 0 or year % 400 == 0):\n        month_lengths[2] = 29\n    return sum(month_lengths[:month - 1]) + day\n",
        );
        write(
            dir.path(),
            "test_day_of_year.py",
            "from day_of_year import day_of_year\n\ndef check(candidate):\n    assert candidate(2023, 1, 1) == 1\n    assert candidate(2023, 2, 1) == 32\n    assert candidate(2023, 3, 1) == 60\n    assert candidate(2024, 3, 1) == 61\n\n\ndef test_day_of_year():\n    check(day_of_year)\n",
        );
        let report = TestReport {
            runner: TestRunner::Pytest,
            failed: 1,
            failures: vec![failure(
                "test_day_of_year.py::test_day_of_year",
                "assert 59 == 61",
                vec![
                    frame("test_day_of_year.py", 11),
                    frame("test_day_of_year.py", 7),
                ],
            )],
            ..TestReport::default()
        };
        let line = |file: &str, line: u32, failed: u32, passed: u32| SpectrumLine {
            file: file.into(),
            line,
            failed,
            passed,
        };
        let spectrum = LineSpectrum {
            failed_runs: 1,
            passed_runs: 3,
            lines: vec![
                line("day_of_year.py", 2, 1, 3),
                line("day_of_year.py", 3, 1, 3),
                line("day_of_year.py", 4, 1, 0),
                line("day_of_year.py", 5, 1, 3),
            ],
        };
        let plain = localize(&report, dir.path(), 5).unwrap();
        assert_ne!(plain[0].line, 4, "{plain:#?}");
        let traced = localize_traced(&report, Some(&spectrum), dir.path(), 5).unwrap();
        assert_eq!(traced[0].line, 4, "{traced:#?}");
        assert!(traced[0].reason.contains("a failing assertion ran it"));
        // Every line the failing assertion ran is still among the places.
        assert!(
            [2, 3, 5]
                .iter()
                .all(|l| traced.iter().any(|c| c.line == *l))
        );
    }

    #[test]
    fn mentioned_names_are_the_names_used_as_values() {
        let names = mentioned_names("check(bowling_score)\nxs.sort(key=len)\nstd::mem::swap(a, b)");
        assert!(names.contains("bowling_score"), "{names:?}");
        assert!(names.contains("len"));
        assert!(
            !names.contains("check"),
            "a call is not a mention: {names:?}"
        );
        assert!(
            !names.contains("sort"),
            "a method is not a mention: {names:?}"
        );
        assert!(!names.contains("swap"));
    }

    #[test]
    fn the_functions_a_task_names_are_its_fallback_locations() {
        let task = "The tests fail. Find the bug in `bowling_score` (bowling_score.py) and fix it. Run the tests with `python3 -m pytest -q`.";
        assert_eq!(
            names_in_task(task),
            vec!["bowling_score".to_string(), "bowling_score.py".to_string()]
        );
        let dir = tempfile::tempdir().unwrap();
        write(
            dir.path(),
            "bowling_score.py",
            "def other(x):\n    return x > 1\n\n\ndef bowling_score(rolls):\n    score = 0\n    for r in rolls:\n        score += r * 2\n    return score\n",
        );
        write(
            dir.path(),
            "test_bowling_score.py",
            "def bowling_score(x):\n    return 0\n",
        );
        let ranked = localize_named_functions(&names_in_task(task), dir.path(), 10).unwrap();
        assert!(!ranked.is_empty());
        assert!(
            ranked.iter().all(|c| c.file == "bowling_score.py"),
            "{ranked:#?}"
        );
        assert!(
            ranked.iter().all(|c| (6..=9).contains(&c.line)),
            "{ranked:#?}"
        );
        assert!(
            localize_named_functions(&["absent".to_string()], dir.path(), 10)
                .unwrap()
                .is_empty()
        );
        // A task that names only the file: every function of it.
        let by_file = localize_named_functions(
            &names_in_task("Fix the bug in bowling_score.py."),
            dir.path(),
            10,
        )
        .unwrap();
        assert!(by_file.iter().any(|c| c.line == 2), "{by_file:#?}");
        assert!(by_file.iter().any(|c| c.line == 8), "{by_file:#?}");
        assert!(by_file.iter().all(|c| c.file == "bowling_score.py"));
    }

    #[test]
    fn frames_in_source_rank_first() {
        let dir = tempfile::tempdir().unwrap();
        write(
            dir.path(),
            "src/lib.rs",
            "pub fn get(v: &[i32], i: usize) -> i32 {\n    let j = i + 1;\n    v[j]\n}\n\npub fn other(a: i32) -> bool {\n    a > 3 && a < 10\n}\n",
        );
        write(
            dir.path(),
            "tests/it.rs",
            "#[test]\nfn gets() {\n    assert_eq!(lib::get(&[1, 2], 1), 2);\n}\n",
        );
        let report = TestReport {
            runner: TestRunner::Cargo,
            failed: 1,
            failures: vec![failure(
                "gets",
                "index out of bounds",
                vec![frame("tests/it.rs", 3), frame("./src/lib.rs", 3)],
            )],
            ..TestReport::default()
        };
        let ranked = localize(&report, dir.path(), 3).unwrap();
        assert_eq!((ranked[0].file.as_str(), ranked[0].line), ("src/lib.rs", 3));
        assert!(ranked[0].reason.contains("raised"));
        assert_eq!(ranked[1].line, 2, "{ranked:#?}");
        assert!(ranked.iter().all(|c| c.function.as_deref() == Some("get")));
    }

    #[test]
    fn absolute_and_suffix_paths_resolve() {
        let dir = tempfile::tempdir().unwrap();
        write(
            dir.path(),
            "crate_a/src/lib.rs",
            "pub fn f() -> i32 {\n    1 + 1\n}\n",
        );
        let report = TestReport {
            failures: vec![failure("t", "boom", vec![frame("src/lib.rs", 2)])],
            ..TestReport::default()
        };
        let ranked = localize(&report, dir.path(), 5).unwrap();
        assert_eq!(ranked[0].file, "crate_a/src/lib.rs");
        let absolute = dir.path().join("crate_a/src/lib.rs").display().to_string();
        let report = TestReport {
            failures: vec![failure("t", "boom", vec![frame(&absolute, 2)])],
            ..TestReport::default()
        };
        let ranked = localize(&report, dir.path(), 5).unwrap();
        assert_eq!(
            (ranked[0].file.as_str(), ranked[0].line),
            ("crate_a/src/lib.rs", 2)
        );
    }

    #[test]
    fn pytest_where_hint_and_real_report() {
        let dir = tempfile::tempdir().unwrap();
        write(
            dir.path(),
            "percent.py",
            "def ratio(part, whole):\n    return part / whole\n\n\ndef percentage(part, whole):\n    return ratio(whole, part) * 100\n",
        );
        write(
            dir.path(),
            "tests/test_percent.py",
            "from percent import percentage, ratio\n\n\ndef test_ratio():\n    assert ratio(1, 4) == 0.25\n\n\ndef test_percentage():\n    value = 1\n    assert percentage(value, 4) == 25.0\n",
        );
        let output = "..F\n=================================== FAILURES ===================================\n\
                      _______________________________ test_percentage ________________________________\n\n\
                      \x20   def test_percentage():\n\x20       value = 1\n>       assert percentage(value, 4) == 25.0\n\
                      E       assert 400.0 == 25.0\nE        +  where 400.0 = percentage(1, 4)\n\n\
                      tests/test_percent.py:10: AssertionError\n\
                      =========================== short test summary info ============================\n\
                      FAILED tests/test_percent.py::test_percentage - assert 400.0 == 25.0\n\
                      1 failed, 1 passed in 0.03s\n";
        let report = parse_test_output(output);
        let ranked = localize(&report, dir.path(), 5).unwrap();
        assert_eq!(
            (ranked[0].file.as_str(), ranked[0].line),
            ("percent.py", 6),
            "{ranked:#?}"
        );
        // `ratio` is reached by the failing test too, but the passing test also calls it.
        let ratio_line = ranked.iter().find(|c| c.line == 2).unwrap();
        assert!(ratio_line.score < ranked[0].score);
    }

    #[test]
    fn doctest_failures_point_at_the_documented_function() {
        let dir = tempfile::tempdir().unwrap();
        write(
            dir.path(),
            "src/lib.rs",
            "/// ```\n/// assert_eq!(m::double(2), 4);\n/// ```\npub fn double(x: i32) -> i32 {\n    x * 3\n}\n\npub fn unrelated() -> i32 {\n    7\n}\n",
        );
        let report = TestReport {
            failed: 1,
            failures: vec![failure(
                "src/lib.rs - double (line 1)",
                "assertion failed",
                vec![Frame {
                    file: "src/lib.rs".into(),
                    line: 1,
                    function: Some("double".into()),
                }],
            )],
            ..TestReport::default()
        };
        let ranked = localize(&report, dir.path(), 5).unwrap();
        assert_eq!(ranked[0].line, 5, "{ranked:#?}");
        assert!(
            ranked
                .iter()
                .all(|c| c.function.as_deref() != Some("unrelated"))
        );
    }

    #[test]
    fn compile_errors_point_at_their_line() {
        let dir = tempfile::tempdir().unwrap();
        write(
            dir.path(),
            "src/lib.rs",
            "pub fn double(x: i32) -> i32 {\n    x * undefined_name\n}\n",
        );
        let output = "   Compiling m v0.1.0\nerror[E0425]: cannot find value `undefined_name` in this scope\n \
                      --> src/lib.rs:2:9\n  |\n2 |     x * undefined_name\n  |         ^^^^^^^^^^^^^^ not found in this scope\n\n\
                      error: could not compile `m` (lib) due to 1 previous error\n";
        let report = parse_test_output(output);
        assert!(report.build_failed);
        let ranked = localize(&report, dir.path(), 5).unwrap();
        assert_eq!((ranked[0].file.as_str(), ranked[0].line), ("src/lib.rs", 2));
    }

    #[test]
    fn empty_reports_and_missing_workspaces() {
        let dir = tempfile::tempdir().unwrap();
        assert!(
            localize(&TestReport::default(), dir.path(), 5)
                .unwrap()
                .is_empty()
        );
        assert!(matches!(
            localize(&TestReport::default(), &dir.path().join("nope"), 5),
            Err(LocalizeError::NotADirectory(_))
        ));
    }

    proptest::proptest! {
        #[test]
        fn never_panics_on_arbitrary_reports(
            frames in proptest::collection::vec(("[a-z/._]{0,20}", 0u32..40), 0..6),
            test in "[a-z:/._\\[\\] -]{0,30}",
            message in ".{0,60}",
            passed in proptest::collection::vec("[a-z_:]{0,12}", 0..4),
        ) {
            let dir = tempfile::tempdir().unwrap();
            write(dir.path(), "src/lib.rs", "pub fn f(a: i32) -> i32 {\n    a + 1\n}\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn t() { assert_eq!(super::f(1), 3); }\n}\n");
            write(dir.path(), "m.py", "def g(x):\n    return x < 3\n");
            write(dir.path(), "tests/test_m.py", "def test_g():\n    assert g(1)\n");
            let report = TestReport {
                passed: 1,
                failed: 1,
                failures: vec![failure(
                    &test,
                    &message,
                    frames.iter().map(|(file, line)| frame(file, *line)).collect(),
                )],
                passed_tests: passed,
                ..TestReport::default()
            };
            let ranked = localize(&report, dir.path(), 5).unwrap();
            proptest::prop_assert!(ranked.len() <= 5);
            for candidate in ranked {
                proptest::prop_assert!(!candidate.file.starts_with("tests/"));
                proptest::prop_assert!(candidate.score.is_finite());
            }
        }
    }

    #[test]
    fn guards_that_raise_rank_below_the_computation_unless_they_raised() {
        let dir = tempfile::tempdir().unwrap();
        write(
            dir.path(),
            "pages.py",
            "def count(total, size):\n    if size <= 0:\n        raise ValueError(\"size\")\n    return total / size\n",
        );
        write(
            dir.path(),
            "tests/test_pages.py",
            "from pages import count\n\n\ndef test_count():\n    assert count(8, 4) == 2\n",
        );
        let report = |message: &str| TestReport {
            failed: 1,
            failures: vec![failure("tests/test_pages.py::test_count", message, vec![])],
            ..TestReport::default()
        };
        let wrong_value = localize(&report("assert 2.5 == 2"), dir.path(), 3).unwrap();
        assert_eq!(wrong_value[0].line, 4, "{wrong_value:#?}");
        let raised = localize(&report("ValueError: size"), dir.path(), 3).unwrap();
        assert_eq!(raised[0].line, 2, "{raised:#?}");
    }

    #[test]
    fn table_rows_rank_below_the_code_that_reads_them() {
        // Strings are blanked before weighing, as `code_only_lines` does.
        for row in [
            "        (0,       ),",
            "            0 =>       .to_string(),",
            "            => 3,",
            "           100, 400, 500, 900, 1000]",
        ] {
            assert_eq!(
                line_weight(row, Language::Rust),
                Some(DATA_ROW_WEIGHT),
                "{row}"
            );
        }
        let logic = line_weight("    arr_cp.sort();", Language::Rust).unwrap();
        assert!(logic > DATA_ROW_WEIGHT);
        // The default arm and a range are not table rows.
        assert_ne!(
            line_weight("    _ => 0,", Language::Rust),
            Some(DATA_ROW_WEIGHT)
        );
        assert_ne!(
            line_weight("    0..10,", Language::Rust),
            Some(DATA_ROW_WEIGHT)
        );
    }

    #[test]
    fn a_returned_variable_outranks_a_plain_binding() {
        let returned = line_weight("    return bin;", Language::Rust).unwrap();
        let binding = line_weight("    let m = arr.len();", Language::Rust).unwrap();
        assert!(returned > binding);
        assert!(!returns_a_variable("return True"));
        assert!(!returns_a_variable("return a + b"));
        assert!(returns_a_variable("return res"));
    }

    /// hefix-rust-19: `let mut nmbrs: Vec<i32> = …;` and nothing sorts it (the missing line).
    #[test]
    fn a_mutable_never_changed_is_found_and_changes_are_recognized() {
        let body = [
            (1, "    let mut nmbrs: Vec<i32> = numbers.iter().collect();"),
            (2, "    let mut out = vec![];"),
            (3, "    let mut a = 1;"),
            (4, "    let mut b = 2;"),
            (5, "    let mut grid = vec![0; 3];"),
            (6, "    let mut seen = HashSet::new();"),
            (7, "    out.push(nmbrs.len());"),
            (8, "    (a, b) = (b, a % b);"),
            (9, "    grid[1] += 1;"),
            (10, "    if nmbrs == out { seen.insert(1); }"),
        ];
        assert_eq!(idle_mutable_lines(&body), vec![1]);
        assert!(!mutates("    let total = nmbrs_sum + 1;", "nmbrs"));
        assert!(mutates("    helper(&mut nmbrs);", "nmbrs"));
        assert!(!mutates("    if x == 1 {", "x"));
    }

    /// `hefix-rust-140`: `out.push_str("---")` wrote the run the test did not want; twelve
    /// comparison lines outranked it until the failing values were read.
    #[test]
    fn hefix_rust_140_a_literal_in_the_wrong_output_is_localized_first() {
        let dir = tempfile::tempdir().unwrap();
        let body = "pub fn fix(text: &str) -> String {\n    let mut out = String::new();\n    let mut n = 0;\n    for c in text.chars() {\n        if c == ' ' {\n            n += 1;\n        } else {\n            if n == 1 {\n                out.push('_');\n            }\n            if n == 2 {\n                out.push_str(\"__\");\n            }\n            if n > 2 {\n                out.push_str(\"---\");\n            }\n            n = 0;\n            out.push(c);\n        }\n    }\n    out\n}\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn t() {\n        assert_eq!(super::fix(\"Exa   mple\"), \"Exa-mple\");\n    }\n}\n";
        write(dir.path(), "src/lib.rs", body);
        let message =
            "assertion `left == right` failed\n  left: \"Exa---mple\"\n right: \"Exa-mple\"";
        let report = |message: &str| TestReport {
            runner: TestRunner::Cargo,
            failed: 1,
            failures: vec![failure("tests::t", message, vec![frame("src/lib.rs", 28)])],
            ..TestReport::default()
        };
        let ranked = localize(&report(message), dir.path(), 3).unwrap();
        assert_eq!(ranked[0].line, 15, "{ranked:#?}");
        // Without the values the comparisons lead, as before.
        let blind = localize(&report("assertion failed"), dir.path(), 3).unwrap();
        assert!(blind.iter().all(|c| c.line != 15), "{blind:#?}");
    }

    #[test]
    fn assertion_sides_and_literals_are_read_in_both_languages() {
        assert_eq!(
            assertion_sides("assertion `left == right` failed\n  left: \"a--b\"\n right: \"a-b\""),
            vec![("\"a--b\"".to_string(), "\"a-b\"".to_string())]
        );
        assert_eq!(
            assertion_sides("AssertionError: assert 'x--y' == 'x-y'"),
            vec![("'x--y'".to_string(), "'x-y'".to_string())]
        );
        assert_eq!(
            assertion_sides("AssertionError: 'x--y' != 'x-y'\n- x--y\n+ x-y"),
            vec![("'x--y'".to_string(), "'x-y'".to_string())]
        );
        assert_eq!(
            string_literals(r#"    s = 'ab' + "c\"d" # 'no'"#, Language::Python),
            vec!["ab".to_string(), r#"c\"d"#.to_string()]
        );
        assert_eq!(
            string_literals(r#"    x = """a-b""" + "" + b"cd""#, Language::Python),
            vec!["a-b".to_string(), String::new(), "cd".to_string()]
        );
        // A Rust quote may start a lifetime; only double quotes delimit strings.
        assert_eq!(
            string_literals(
                r#"fn f<'a>(x: &'a str) -> &'a str { "ok" } // "no""#,
                Language::Rust
            ),
            vec!["ok".to_string()]
        );
        let sides = vec![("'a--b'".to_string(), "'a-b'".to_string())];
        assert!(literal_splits_assertion(
            "    return x + '--'",
            Language::Python,
            &sides
        ));
        assert!(!literal_splits_assertion(
            "    return x + 'a'",
            Language::Python,
            &sides
        ));
        assert!(!literal_splits_assertion(
            "    return x + '-'",
            Language::Python,
            &sides
        ));
    }

    #[test]
    fn an_idle_mutable_declaration_is_localized() {
        let dir = tempfile::tempdir().unwrap();
        write(
            dir.path(),
            "src/lib.rs",
            "pub fn sorted(v: &[i32]) -> Vec<i32> {\n    let mut out: Vec<i32> = v.to_vec();\n    let n = out.len();\n    let m = n + 1;\n    let k = m * 2;\n    let j = k - 1;\n    let _ = j > 0;\n    out\n}\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn sorts() {\n        assert_eq!(super::sorted(&[2, 1]), vec![1, 2]);\n    }\n}\n",
        );
        let report = TestReport {
            runner: TestRunner::Cargo,
            failed: 1,
            failures: vec![failure("tests::sorts", "assertion failed", vec![])],
            ..TestReport::default()
        };
        let ranked = localize(&report, dir.path(), 3).unwrap();
        assert_eq!(ranked[0].line, 2, "{ranked:#?}");
    }

    /// A Rust test that hangs names no line; it calls the code under test only through a
    /// helper of its own test module (`sorted` → `insertion_sort`). The helper's callees are
    /// the test's, so the function is localized instead of nothing (regression: the job asked
    /// the user where the bug was).
    #[test]
    fn a_hung_test_reaches_the_code_through_its_helper() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("src")).unwrap();
        std::fs::write(
            dir.path().join("src/lib.rs"),
            "pub fn insertion_sort(v: &mut [i32]) {\n    for i in 1..v.len() {\n        let key = v[i];\n        let mut j = i;\n        while j > 0 && v[j - 1] > key {\n            v[j] = v[j - 1];\n        }\n        v[j] = key;\n    }\n}\n\n#[cfg(test)]\nmod tests {\n    use super::*;\n\n    fn sorted(mut v: Vec<i32>) -> Vec<i32> {\n        insertion_sort(&mut v);\n        v\n    }\n\n    #[test]\n    fn test_insertion_sort() {\n        assert_eq!(sorted(vec![3, 1, 2]), vec![1, 2, 3]);\n    }\n}\n",
        )
        .unwrap();
        let report = TestReport {
            runner: TestRunner::Cargo,
            failed: 1,
            failures: vec![failure(
                "tests::test_insertion_sort",
                "test tests::test_insertion_sort has been running for over 60 seconds",
                vec![],
            )],
            ..TestReport::default()
        };
        let ranked = localize(&report, dir.path(), 10).unwrap();
        assert!(!ranked.is_empty());
        assert!(
            ranked
                .iter()
                .all(|c| c.file == "src/lib.rs" && c.line <= 10),
            "{ranked:#?}"
        );
        assert!(ranked.iter().any(|c| c.line == 5), "{ranked:#?}");
    }

    #[test]
    fn a_hang_is_told_from_an_ordinary_failure() {
        let report = |message: &str| TestReport {
            runner: TestRunner::Pytest,
            failed: 1,
            failures: vec![failure("test_x.py::test_x", message, vec![])],
            ..TestReport::default()
        };
        assert!(report_shows_a_hang(&report(
            "conftest.TimeLimitExceeded: test ran longer than 10 s"
        )));
        assert!(report_shows_a_hang(&report(
            "test tests::t has been running for over 60 seconds"
        )));
        assert!(!report_shows_a_hang(&report("assert 'xix' == 'xx'")));
        assert!(!report_shows_a_hang(&TestReport::default()));
    }

    #[test]
    fn line_weights_prefer_logic_over_bindings() {
        let logic = line_weight("    while low <= high {", Language::Rust).unwrap();
        let binding = line_weight("    let mut items = Vec::new();", Language::Rust).unwrap();
        assert!(logic > binding);
        assert_eq!(line_weight("    }", Language::Rust), None);
        let jump = line_weight("            break", Language::Python).unwrap();
        let accumulate = line_weight("        count = count", Language::Python).unwrap();
        assert!(jump > accumulate);
        assert_eq!(line_weight("    else:", Language::Python), None);
    }
}
