//! Parsing the output of a test run (`cargo test`, `pytest`) into a [`TestReport`].
//!
//! The harness's headline job is "the tests fail; find the bug and fix it". Everything after
//! that sentence depends on knowing *which* tests failed, *why* (the panic or assertion message)
//! and *where* (file and line frames). This module turns the free-form text a test runner prints
//! into that structure. It is deliberately forgiving: any input, however mangled or truncated,
//! yields a report (possibly empty) and never a panic, because the text comes from programs we do
//! not control.
//!
//! Frames are ordered outermost first: the last frame of a failure is where it failed.

use std::sync::LazyLock;

use regex::Regex;
use serde::{Deserialize, Serialize};

/// Which test runner produced the output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TestRunner {
    Cargo,
    Pytest,
    /// A JavaScript runner behind `npm test`: Jest, node's built-in runner, or Mocha.
    Js,
    /// Neither runner's markers were found; the report is empty.
    #[default]
    Unknown,
}

/// One location in a traceback or panic message.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Frame {
    /// Path as printed by the runner (relative to the crate or rootdir when the runner prints it
    /// that way; absolute paths are kept as they are).
    pub file: String,
    /// 1-based line number.
    pub line: u32,
    /// Enclosing function when the runner names it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub function: Option<String>,
}

/// What kind of problem a [`TestFailure`] records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FailureKind {
    /// A test ran and failed (assertion, panic, exception).
    #[default]
    Test,
    /// The code did not compile (`error[E0425]: ...` / `could not compile`).
    Build,
    /// pytest could not import or collect a test module.
    Collection,
}

/// One failed test (or one build / collection error).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct TestFailure {
    /// Test name as the runner prints it: `tests::adds`, `tests/test_x.py::test_y`,
    /// `src/lib.rs - double (line 3)`; for build errors the error code or `build`.
    pub test: String,
    /// Panic / assertion / exception message, `left`/`right` lines included.
    pub message: String,
    /// Outermost first; the last frame is where the failure was raised.
    pub frames: Vec<Frame>,
    #[serde(default)]
    pub kind: FailureKind,
    /// A compiler error's rendered diagnostic below its headline (the source snippet, the
    /// carets, the `help:` suggestions), which the repair reads for the edits the compiler
    /// proposes. Empty for test failures.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub detail: String,
}

/// Everything the harness needs to know about one test run.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct TestReport {
    pub runner: TestRunner,
    pub passed: u32,
    pub failed: u32,
    /// Errors that are not test failures: compile errors, collection errors, pytest `errors`.
    pub errors: u32,
    pub failures: Vec<TestFailure>,
    /// Names of tests the output lists as passing (all of them for cargo; for pytest only with
    /// `-rA`/`-rP`). Localization uses them to discount code that passing tests also exercise.
    #[serde(default)]
    pub passed_tests: Vec<String>,
    /// The code under test did not build, so the counts say nothing about behaviour.
    #[serde(default)]
    pub build_failed: bool,
}

impl TestReport {
    /// True when the run shows at least one passing test and nothing failed or broke.
    pub fn all_passed(&self) -> bool {
        !self.build_failed
            && self.failed == 0
            && self.errors == 0
            && self.failures.is_empty()
            && self.passed > 0
    }
}

/// Where a failing test stopped in test code: the innermost frame of its traceback (or its
/// panic's location) that lies in test code, read through `read` (workspace-relative path →
/// the file's text). A test that runs its assertions one after another fails at a later line
/// once the earlier ones hold, so the line says how far the code under test got. `None` when
/// no frame is in test code (a panic inside the code under test, a build error).
pub fn failure_point(
    failure: &TestFailure,
    mut read: impl FnMut(&str) -> Option<String>,
) -> Option<Frame> {
    if failure.kind != FailureKind::Test {
        return None;
    }
    failure.frames.iter().rev().find_map(|frame| {
        let text = if crate::source::is_test_path(&frame.file) {
            String::new()
        } else {
            read(&frame.file)?
        };
        crate::source::is_test_location(&frame.file, frame.line, &text).then(|| frame.clone())
    })
}

/// Each failing test's [`failure_point`], its files read under `root` through the tools'
/// confinement ([`crate::tools::paths::confine`]: no `..` above the root, no absolute path or
/// symlink leading out): (test, frame) for the failures that have one.
pub fn failure_points(report: &TestReport, root: &std::path::Path) -> Vec<(String, Frame)> {
    let Ok(root) = root.canonicalize() else {
        return Vec::new();
    };
    let read = |path: &str| {
        let inside = crate::tools::paths::confine(&root, path).ok()?;
        std::fs::read_to_string(inside).ok()
    };
    report
        .failures
        .iter()
        .filter_map(|failure| Some((failure.test.clone(), failure_point(failure, read)?)))
        .collect()
}

/// A compiler diagnostic longer than this is cut: its suggestions come early.
const MAX_DIAGNOSTIC_LINES: usize = 80;

/// Detects the runner from the output and parses it.
pub fn parse_test_output(output: &str) -> TestReport {
    match detect_runner(output) {
        TestRunner::Cargo => parse_cargo_test(output),
        TestRunner::Pytest => parse_pytest(output),
        TestRunner::Js | TestRunner::Unknown => parse_js_tests(output).unwrap_or_default(),
    }
}

/// The first unsigned integer directly before `word` in `line` (`"3 passed"` → 3).
fn count_before(line: &str, word: &str) -> Option<u32> {
    let at = line.find(word)?;
    line[..at]
        .split(|c: char| !c.is_ascii_digit())
        .rfind(|t| !t.is_empty())
        .and_then(|t| t.parse().ok())
}

/// Parses the summaries of the JavaScript runners `npm test` usually starts: Jest
/// (`Tests: 1 failed, 3 passed, 4 total`, `● Suite › name`), node's built-in runner (TAP
/// `# pass 3` / `# fail 1` / `not ok 2 - name`, or the spec reporter's `ℹ pass 3`), and Mocha
/// (`3 passing`, `1 failing`). `None` when none of them summarised a run.
pub fn parse_js_tests(output: &str) -> Option<TestReport> {
    let mut report = TestReport {
        runner: TestRunner::Js,
        ..TestReport::default()
    };
    let mut summarised = false;
    for line in output.lines() {
        let trimmed = line.trim();
        if let Some(rest) = trimmed.strip_prefix("Tests:") {
            report.passed = count_before(rest, " passed").unwrap_or(0);
            report.failed = count_before(rest, " failed").unwrap_or(0);
            summarised = true;
        } else if let Some(n) = ["# pass ", "ℹ pass "]
            .iter()
            .find_map(|p| trimmed.strip_prefix(p))
            .and_then(|n| n.trim().parse().ok())
        {
            report.passed = n;
            summarised = true;
        } else if let Some(n) = ["# fail ", "ℹ fail "]
            .iter()
            .find_map(|p| trimmed.strip_prefix(p))
            .and_then(|n| n.trim().parse().ok())
        {
            report.failed = n;
            summarised = true;
        } else if trimmed.ends_with(" passing") || trimmed.contains(" passing (") {
            report.passed = count_before(trimmed, " passing").unwrap_or(0);
            summarised = true;
        } else if trimmed.ends_with(" failing") {
            report.failed = count_before(trimmed, " failing").unwrap_or(0);
            summarised = true;
        } else if let Some(name) = trimmed.strip_prefix("● ") {
            let name = name.trim().to_string();
            if !report.failures.iter().any(|f| f.test == name) {
                report.failures.push(TestFailure {
                    test: name,
                    ..TestFailure::default()
                });
            }
        } else if let Some(rest) = trimmed.strip_prefix("not ok ") {
            let name = rest
                .split_once(" - ")
                .map(|(_, n)| n.trim().to_string())
                .unwrap_or_else(|| rest.to_string());
            report.failures.push(TestFailure {
                test: name,
                ..TestFailure::default()
            });
        }
    }
    summarised.then_some(report)
}

/// Guesses which runner printed `output` by counting each runner's characteristic lines.
pub fn detect_runner(output: &str) -> TestRunner {
    let Some(patterns) = PATTERNS.as_ref() else {
        return TestRunner::Unknown;
    };
    let mut cargo_score = 0usize;
    let mut pytest_score = 0usize;
    for line in output.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("test result: ")
            || trimmed.starts_with("Running unittests ")
            || trimmed.starts_with("Doc-tests ")
            || trimmed.starts_with("error: could not compile")
            || patterns.cargo_running.is_match(line)
            || patterns.cargo_section.is_match(line)
        {
            cargo_score += 2;
        } else if trimmed.starts_with("Compiling ") || trimmed.starts_with("Finished `test`") {
            cargo_score += 1;
        }
        if line.contains("test session starts")
            || line.contains("short test summary info")
            || patterns.pytest_summary_status.is_match(line)
            || patterns.pytest_counts_line.is_match(line)
        {
            pytest_score += 2;
        } else if patterns.pytest_frame.is_match(line) {
            pytest_score += 1;
        }
    }
    if cargo_score == 0 && pytest_score == 0 {
        TestRunner::Unknown
    } else if cargo_score >= pytest_score {
        TestRunner::Cargo
    } else {
        TestRunner::Pytest
    }
}

/// All regular expressions, compiled once. `None` only if a pattern failed to compile, which a
/// unit test rules out; the parsers then return empty reports rather than panicking.
struct Patterns {
    ansi: Regex,
    cargo_running: Regex,
    cargo_test_status: Regex,
    cargo_result: Regex,
    cargo_section: Regex,
    cargo_panic_new: Regex,
    cargo_panic_old: Regex,
    cargo_backtrace_function: Regex,
    cargo_backtrace_location: Regex,
    cargo_error_header: Regex,
    cargo_stack_overflow: Regex,
    cargo_error_location: Regex,
    cargo_doctest_name: Regex,
    pytest_counts_line: Regex,
    pytest_count: Regex,
    pytest_summary_status: Regex,
    pytest_verbose_status: Regex,
    pytest_block_header: Regex,
    pytest_section_title: Regex,
    pytest_frame: Regex,
    pytest_native_frame: Regex,
    pytest_syntax_error_location: Regex,
    pytest_def: Regex,
}

static PATTERNS: LazyLock<Option<Patterns>> = LazyLock::new(|| compile_patterns().ok());

fn compile_patterns() -> Result<Patterns, regex::Error> {
    Ok(Patterns {
        ansi: Regex::new(r"\x1b\[[0-9;?]*[A-Za-z]")?,
        cargo_running: Regex::new(r"^running \d+ tests?$")?,
        cargo_test_status: Regex::new(r"^test (.+?) \.\.\. (ok|FAILED|ignored)")?,
        cargo_result: Regex::new(r"^test result: (?:ok|FAILED)\. (\d+) passed; (\d+) failed")?,
        cargo_section: Regex::new(r"^---- (.+) (?:stdout|stderr) ----$")?,
        // Rust >= 1.73: `thread 'name' (1234) panicked at src/lib.rs:12:5:` (the thread id is
        // newer still); the message follows on the next lines.
        cargo_panic_new: Regex::new(
            r"^thread '(.*?)'(?: \(\d+\))? panicked at (.+?):(\d+):(\d+):\s*$",
        )?,
        // Older toolchains: `thread 'name' panicked at 'message', src/lib.rs:12:5`.
        cargo_panic_old: Regex::new(
            r"^thread '(.*?)'(?: \(\d+\))? panicked at '(.*)', (.+?):(\d+):(\d+)\s*$",
        )?,
        cargo_backtrace_function: Regex::new(r"^\s*\d+: (.+?)\s*$")?,
        cargo_backtrace_location: Regex::new(r"^\s+at (.+?):(\d+)(?::(\d+))?\s*$")?,
        cargo_error_header: Regex::new(r"^error(?:\[(E\d+)\])?: (.+)$")?,
        // A test that recursed without end aborts the whole test binary: no `test result:`
        // line follows, and this line is the only one naming the test.
        cargo_stack_overflow: Regex::new(r"^thread '(.+?)'(?: \(\d+\))? has overflowed its stack")?,
        cargo_error_location: Regex::new(r"^\s*--> (.+?):(\d+):(\d+)\s*$")?,
        cargo_doctest_name: Regex::new(r"^(\S+) - (.+?) \(line (\d+)\)")?,
        pytest_counts_line: Regex::new(
            r"^=*\s*(?:\d+ (?:failed|passed|errors?|skipped|xfailed|xpassed|warnings?|deselected|rerun)(?:, )?)+ in [\d.]+s",
        )?,
        pytest_count: Regex::new(
            r"(\d+) (failed|passed|errors?|skipped|xfailed|xpassed|warnings?|deselected)",
        )?,
        pytest_summary_status: Regex::new(r"^(FAILED|ERROR|PASSED) (\S+)(?: - (.*))?$")?,
        // `-v`: `tests/test_x.py::test_y PASSED    [ 25%]`.
        pytest_verbose_status: Regex::new(
            r"^(\S+::\S+) (PASSED|FAILED|ERROR|SKIPPED|XFAIL|XPASS)(?:\s+\[\s*\d+%\])?\s*$",
        )?,
        pytest_block_header: Regex::new(r"^=+ (.+?) =+$")?,
        pytest_section_title: Regex::new(r"^_{2,} (.+?) _{2,}$")?,
        // `path.py:12: in func` (short/long tracebacks) or `path.py:12: AssertionError`.
        pytest_frame: Regex::new(r"^(\S+\.py):(\d+):(?: in (\S+)| ?(\S*))\s*$")?,
        pytest_native_frame: Regex::new(r#"^\s*File "(.+?)", line (\d+), in (\S+)"#)?,
        pytest_syntax_error_location: Regex::new(r#"^\s*File "(.+?)", line (\d+)\s*$"#)?,
        pytest_def: Regex::new(r"^\s*(?:async\s+)?def\s+([A-Za-z_][A-Za-z0-9_]*)\s*\(")?,
    })
}

fn parse_count(text: &str) -> u32 {
    text.parse().unwrap_or(u32::MAX)
}

fn parse_line_number(text: &str) -> Option<u32> {
    text.parse().ok().filter(|line| *line > 0)
}

/// Frames inside the toolchain or installed packages are never the bug's location.
fn is_foreign_path(path: &str) -> bool {
    path.starts_with("/rustc/")
        || path.contains("/.cargo/registry/")
        || path.contains("/.rustup/")
        || path.contains("/rustdoctest")
        || path.contains("site-packages/")
        || path.contains("/lib/python")
        || path.starts_with('<')
}

fn normalize_path(path: &str) -> String {
    path.strip_prefix("./").unwrap_or(path).to_string()
}

// ---------------------------------------------------------------------------------------------
// cargo test
// ---------------------------------------------------------------------------------------------

/// Parses libtest output as printed by `cargo test` (any number of test binaries and doc-tests,
/// with or without `RUST_BACKTRACE`), including compile errors.
pub fn parse_cargo_test(output: &str) -> TestReport {
    let Some(patterns) = PATTERNS.as_ref() else {
        return TestReport::default();
    };
    let text = patterns.ansi.replace_all(output, "");
    let lines: Vec<&str> = text.lines().collect();

    let mut report = TestReport {
        runner: TestRunner::Cargo,
        ..TestReport::default()
    };
    // Counts come from each test binary's `test result:` line; a binary that aborted (a stack
    // overflow) prints none, so its own `test … ok|FAILED` lines are counted instead.
    let mut binary = BinaryTally::default();
    let mut listed_failed: Vec<String> = Vec::new();
    let mut overflowed: Vec<String> = Vec::new();
    let mut sections: Vec<(String, Vec<&str>)> = Vec::new();
    let mut current_section: Option<(String, Vec<&str>)> = None;

    let mut index = 0;
    while index < lines.len() {
        let line = lines.get(index).copied().unwrap_or_default();
        index += 1;

        if let Some(captures) = patterns.cargo_section.captures(line) {
            if let Some(done) = current_section.take() {
                sections.push(done);
            }
            let name = captures.get(1).map_or("", |m| m.as_str()).to_string();
            current_section = Some((name, Vec::new()));
            continue;
        }
        let ends_section = line == "failures:"
            || line.starts_with("test result: ")
            || patterns.cargo_running.is_match(line)
            || line.trim_start().starts_with("Running ")
            || line.trim_start().starts_with("Doc-tests ");
        if ends_section && let Some(done) = current_section.take() {
            sections.push(done);
        }
        let starts_binary = line.trim_start().starts_with("Running ")
            || line.trim_start().starts_with("Doc-tests ");
        if starts_binary {
            std::mem::take(&mut binary).settle(&mut report);
        }
        if let Some((_, body)) = current_section.as_mut() {
            body.push(line);
            continue;
        }

        if let Some(captures) = patterns.cargo_result.captures(line) {
            binary.saw_result_line = true;
            let passed = captures.get(1).map_or(0, |m| parse_count(m.as_str()));
            let failed = captures.get(2).map_or(0, |m| parse_count(m.as_str()));
            report.passed = report.passed.saturating_add(passed);
            report.failed = report.failed.saturating_add(failed);
        } else if let Some(captures) = patterns.cargo_test_status.captures(line) {
            let printed = captures.get(1).map_or("", |m| m.as_str());
            // `#[should_panic]` tests print as `name - should panic`; the name is the test's.
            let name = printed
                .strip_suffix(" - should panic")
                .unwrap_or(printed)
                .to_string();
            match captures.get(2).map(|m| m.as_str()) {
                Some("ok") => {
                    binary.listed_passed = binary.listed_passed.saturating_add(1);
                    report.passed_tests.push(name);
                }
                Some("FAILED") => {
                    binary.listed_failed = binary.listed_failed.saturating_add(1);
                    listed_failed.push(name);
                }
                _ => {}
            }
        } else if let Some(captures) = patterns.cargo_stack_overflow.captures(line) {
            let name = captures.get(1).map_or("", |m| m.as_str()).to_string();
            if !overflowed.contains(&name) {
                overflowed.push(name.clone());
                binary.listed_failed = binary.listed_failed.saturating_add(1);
                listed_failed.push(name);
            }
        } else if let Some(captures) = patterns.cargo_error_header.captures(line) {
            let message = captures.get(2).map_or("", |m| m.as_str());
            if message.starts_with("could not compile") {
                report.build_failed = true;
                continue;
            }
            // A compiler error names its location on one of the next few lines (` --> f:l:c`);
            // cargo's own `error: test failed, to rerun ...` lines have none and are skipped.
            let location = lines
                .iter()
                .skip(index)
                .take(4)
                .find_map(|next| patterns.cargo_error_location.captures(next));
            if let Some(location) = location {
                let code = captures.get(1).map_or("build", |m| m.as_str());
                let frame = frame_from_captures(&location, 1, 2, None);
                // The rendered diagnostic runs to the first blank line.
                let detail = lines
                    .iter()
                    .skip(index)
                    .take(MAX_DIAGNOSTIC_LINES)
                    .take_while(|l| !l.trim().is_empty())
                    .copied()
                    .collect::<Vec<_>>()
                    .join("\n");
                report.failures.push(TestFailure {
                    test: code.to_string(),
                    message: message.to_string(),
                    frames: frame.into_iter().collect(),
                    kind: FailureKind::Build,
                    detail,
                });
                report.errors = report.errors.saturating_add(1);
            }
        }
    }
    if let Some(done) = current_section.take() {
        sections.push(done);
    }
    if report.build_failed && report.errors == 0 {
        report.errors = 1;
    }
    binary.settle(&mut report);

    for (name, body) in &sections {
        let failure = cargo_failure_from_section(patterns, name, body);
        if !report
            .failures
            .iter()
            .any(|known| known.test == failure.test)
        {
            report.failures.push(failure);
        }
    }
    // Tests reported FAILED without a `---- name stdout ----` section (e.g. `--format terse`,
    // or a section cut off) still count as failures.
    for name in listed_failed {
        if !report.failures.iter().any(|known| known.test == name) {
            let message = if overflowed.contains(&name) {
                "stack overflow (the test binary aborted)".to_string()
            } else {
                String::new()
            };
            report.failures.push(TestFailure {
                test: name,
                message,
                ..TestFailure::default()
            });
        }
    }
    report
}

/// One test binary's counts while its output is read.
#[derive(Default)]
struct BinaryTally {
    saw_result_line: bool,
    listed_passed: u32,
    listed_failed: u32,
}

impl BinaryTally {
    /// Adds the per-test lines of a binary whose output was cut (a crash, an abort, a
    /// truncated tail) before its `test result:` line; that line's counts were added already.
    fn settle(self, report: &mut TestReport) {
        if !self.saw_result_line {
            report.passed = report.passed.saturating_add(self.listed_passed);
            report.failed = report.failed.saturating_add(self.listed_failed);
        }
    }
}

fn frame_from_captures(
    captures: &regex::Captures<'_>,
    file_group: usize,
    line_group: usize,
    function: Option<String>,
) -> Option<Frame> {
    let file = captures.get(file_group)?.as_str();
    let line = parse_line_number(captures.get(line_group)?.as_str())?;
    Some(Frame {
        file: normalize_path(file),
        line,
        function,
    })
}

fn cargo_failure_from_section(patterns: &Patterns, name: &str, body: &[&str]) -> TestFailure {
    let mut message_lines: Vec<&str> = Vec::new();
    let mut panic_frame: Option<Frame> = None;
    let mut backtrace_frames: Vec<Frame> = Vec::new();
    let mut compile_frames: Vec<Frame> = Vec::new();
    let mut in_message = false;
    let mut pending_function: Option<String> = None;

    for line in body {
        if let Some(captures) = patterns.cargo_panic_new.captures(line) {
            panic_frame = frame_from_captures(&captures, 2, 3, None);
            in_message = true;
            continue;
        }
        if let Some(captures) = patterns.cargo_panic_old.captures(line) {
            panic_frame = frame_from_captures(&captures, 3, 4, None);
            if let Some(message) = captures.get(2) {
                message_lines.push(message.as_str());
            }
            in_message = false;
            continue;
        }
        if in_message {
            if line.starts_with("note: ") || line.starts_with("stack backtrace:") {
                in_message = false;
            } else {
                message_lines.push(line);
                continue;
            }
        }
        if let Some(captures) = patterns.cargo_backtrace_location.captures(line) {
            let function = pending_function.take();
            let path = captures.get(1).map_or("", |m| m.as_str());
            if !is_foreign_path(path)
                && let Some(frame) = frame_from_captures(&captures, 1, 2, function)
            {
                backtrace_frames.push(frame);
            }
            continue;
        }
        if let Some(captures) = patterns.cargo_backtrace_function.captures(line) {
            pending_function = captures.get(1).map(|m| m.as_str().to_string());
            continue;
        }
        if let Some(captures) = patterns.cargo_error_location.captures(line)
            && let Some(frame) = frame_from_captures(&captures, 1, 2, None)
        {
            compile_frames.push(frame);
        }
        if line.starts_with("error") && message_lines.is_empty() {
            message_lines.push(line);
        }
    }

    // Backtraces list the innermost frame first; reports keep the outermost first.
    let mut frames: Vec<Frame> = backtrace_frames.into_iter().rev().collect();
    frames.extend(compile_frames);
    if let Some(panic_frame) = panic_frame
        && !is_foreign_path(&panic_frame.file)
    {
        let already_last = frames
            .last()
            .is_some_and(|last| last.file == panic_frame.file && last.line == panic_frame.line);
        if !already_last {
            frames.push(panic_frame);
        }
    }
    // A doc-test's panic points into a generated file; its name points at the documented item.
    if frames.is_empty()
        && let Some(captures) = patterns.cargo_doctest_name.captures(name)
    {
        let function = captures.get(2).map(|m| m.as_str().to_string());
        frames.extend(frame_from_captures(&captures, 1, 3, function));
    }

    while message_lines
        .last()
        .is_some_and(|line| line.trim().is_empty())
    {
        message_lines.pop();
    }
    TestFailure {
        test: name.to_string(),
        message: message_lines.join("\n").trim().to_string(),
        frames,
        kind: FailureKind::Test,
        detail: String::new(),
    }
}

// ---------------------------------------------------------------------------------------------
// pytest
// ---------------------------------------------------------------------------------------------

/// What libtest prints (after 60 s) about a test still running; a run stopped on it (see
/// `SandboxConfig::stop_marker`) ends without that test's result.
pub const CARGO_HANG_MARKER: &str = "has been running for over";

/// Seconds after which pytest's faulthandler dumps the stacks of a test still running
/// (`-o faulthandler_timeout=N`, which `run_tests` passes). libtest warns after 60 s and cannot
/// be told otherwise; pytest can, and 20 s is twice the per-test limit bug suites set in their
/// conftest (10 s): a hung first run cost 60 s of a job's time before (`q-first-sorted`, a
/// binary search whose `lo <= hi` never ends, 250 s in all, 2026-12-04). A finite test slower
/// than this could not be probed anyway (a probe of a hung suite gets 8 s).
pub const PYTEST_HANG_SECONDS: u64 = 20;

/// The first line of faulthandler's dump after `seconds`: `Timeout (0:01:00)!`.
pub fn pytest_hang_marker(seconds: u64) -> String {
    format!(
        "Timeout ({}:{:02}:{:02})!",
        seconds / 3600,
        seconds / 60 % 60,
        seconds % 60
    )
}

/// Whether `text` holds either runner's sign of a hung test.
pub fn shows_a_hang_warning(text: &str) -> bool {
    text.contains(CARGO_HANG_MARKER)
        || text
            .lines()
            .any(|l| l.contains("Timeout (") && l.trim_end().ends_with(")!"))
}

/// A run stopped because a test hung has no result for that test. Each test libtest named as
/// still running (`test tests::t has been running for over 60 seconds`), and the test whose
/// stack faulthandler dumped (`Timeout (0:01:00)!` then `File "…", line N in name` lines, most
/// recent call first), is recorded as failed unless reported otherwise, with a message that
/// says it hung (and, from the dump, the frames where it was), so localization starts from it
/// and repair reads the hang (`tact_repair::localize::report_shows_a_hang`).
pub fn record_hung_tests(report: &mut TestReport, output: &str) {
    record_dumped_test(report, output);
    for line in output.lines() {
        let Some((head, _)) = line.split_once(CARGO_HANG_MARKER) else {
            continue;
        };
        let Some(name) = head.trim().strip_prefix("test ").map(str::trim) else {
            continue;
        };
        let known = report.failures.iter().any(|f| f.test == name)
            || report.passed_tests.iter().any(|t| t == name);
        if name.is_empty() || known {
            continue;
        }
        report.failed += 1;
        report.failures.push(TestFailure {
            test: name.to_string(),
            message: format!(
                "{}; the run was stopped there (the test hangs: a loop that never ends?)",
                line.trim()
            ),
            frames: Vec::new(),
            kind: FailureKind::default(),
            detail: String::new(),
        });
    }
    if report.runner == TestRunner::Unknown && !report.failures.is_empty() {
        report.runner = TestRunner::Cargo;
    }
}

/// faulthandler's dump of a hung pytest test, as one failure with the dump's frames.
fn record_dumped_test(report: &mut TestReport, output: &str) {
    let mut lines = output.lines();
    let Some(header) = lines
        .by_ref()
        .find(|l| l.contains("Timeout (") && l.trim_end().ends_with(")!"))
    else {
        return;
    };
    let header = header
        .get(header.find("Timeout (").unwrap_or(0)..)
        .unwrap_or(header)
        .trim_end();
    // `  File "/w/test_x.py", line 8 in test_spin`, most recent call first, until the first
    // line of another shape (after the `Thread 0x… (most recent call first):` line).
    let mut frames: Vec<Frame> = lines
        .skip_while(|l| l.starts_with("Thread ") || l.starts_with("Current thread "))
        .map_while(|l| {
            let rest = l.trim_start().strip_prefix("File \"")?;
            let (file, rest) = rest.split_once("\", line ")?;
            let (number, function) = rest.split_once(" in ")?;
            Some(Frame {
                file: file.to_string(),
                line: number.trim().parse().ok()?,
                function: Some(function.trim().to_string()),
            })
        })
        .filter(|f| !is_foreign_path(&f.file))
        .collect();
    // pytest names tests relative to its rootdir (`rootdir: /w, configfile: pytest.ini`), and
    // a probe runs the same tests in a scratch copy: the dump's absolute paths are made
    // relative to it.
    let root = output.lines().find_map(|l| {
        let root = l.strip_prefix("rootdir: ")?;
        Some(format!("{}/", root.split(", ").next()?.trim_end()))
    });
    if let Some(root) = &root {
        for frame in &mut frames {
            if let Some(relative) = frame.file.strip_prefix(root.as_str()) {
                frame.file = relative.to_string();
            }
        }
    }
    frames.reverse();
    let Some(test_frame) = frames
        .iter()
        .find(|f| f.function.as_deref().is_some_and(|n| n.starts_with("test")))
    else {
        return;
    };
    let name = format!(
        "{}::{}",
        test_frame.file,
        test_frame.function.as_deref().unwrap_or_default()
    );
    if report.failures.iter().any(|f| f.test == name) {
        return;
    }
    report.failed += 1;
    report.failures.push(TestFailure {
        test: name,
        message: format!(
            "{header} the run was stopped there (the test hangs: a loop that never ends?)"
        ),
        frames,
        kind: FailureKind::default(),
        detail: String::new(),
    });
    if report.runner == TestRunner::Unknown {
        report.runner = TestRunner::Pytest;
    }
}

/// Parses pytest output in any of its usual shapes (`-q`, `-rA`, `--tb=short|long|native`),
/// including collection errors.
pub fn parse_pytest(output: &str) -> TestReport {
    let Some(patterns) = PATTERNS.as_ref() else {
        return TestReport::default();
    };
    let text = patterns.ansi.replace_all(output, "");
    let mut report = TestReport {
        runner: TestRunner::Pytest,
        ..TestReport::default()
    };

    // Per-test detail from the FAILURES / ERRORS blocks, keyed by section title.
    let mut sections: Vec<PytestSection> = Vec::new();
    let mut block_is_detail = false;
    let mut summary_entries: Vec<(String, String, String)> = Vec::new();
    let mut saw_counts_line = false;
    let mut verbose_passed: Vec<String> = Vec::new();

    for line in text.lines() {
        if let Some(captures) = patterns.pytest_block_header.captures(line) {
            let title = captures.get(1).map_or("", |m| m.as_str());
            block_is_detail = title == "FAILURES" || title == "ERRORS";
            // The final counts line is also framed by `=`; handled below.
            if !patterns.pytest_counts_line.is_match(line) {
                continue;
            }
        }
        if let Some(captures) = patterns.pytest_summary_status.captures(line) {
            let status = captures.get(1).map_or("", |m| m.as_str()).to_string();
            let node = captures.get(2).map_or("", |m| m.as_str()).to_string();
            let message = captures.get(3).map_or("", |m| m.as_str()).to_string();
            summary_entries.push((status, node, message));
            continue;
        }
        if let Some(captures) = patterns.pytest_verbose_status.captures(line) {
            if captures.get(2).is_some_and(|m| m.as_str() == "PASSED") {
                verbose_passed.push(captures.get(1).map_or("", |m| m.as_str()).to_string());
            }
            continue;
        }
        if patterns.pytest_counts_line.is_match(line) || line.contains("no tests ran in") {
            saw_counts_line = true;
            apply_pytest_counts(patterns, line, &mut report);
            block_is_detail = false;
            continue;
        }
        if !block_is_detail {
            continue;
        }
        if let Some(captures) = patterns.pytest_section_title.captures(line) {
            let title = captures.get(1).map_or("", |m| m.as_str());
            // `_ _ _ _` separators between frames of one traceback are not titles.
            if !title.chars().all(|c| c == '_' || c == ' ') {
                sections.push(PytestSection::new(title));
                continue;
            }
        }
        if let Some(section) = sections.last_mut() {
            section.feed(patterns, line);
        }
    }

    for (status, node, message) in &summary_entries {
        match status.as_str() {
            "PASSED" => report.passed_tests.push(node.clone()),
            "FAILED" | "ERROR" => {
                let detail = sections.iter().find(|section| section.matches_node(node));
                // `ERROR path.py` is a module that failed to collect; `ERROR path.py::test` is a
                // test whose setup failed, which is still a failing test.
                let kind = if status == "ERROR" && !node.contains("::") {
                    FailureKind::Collection
                } else {
                    FailureKind::Test
                };
                report
                    .failures
                    .push(pytest_failure(node, message, detail, kind));
            }
            _ => {}
        }
    }
    // `-v` names every passing test even without `-rA`.
    for name in verbose_passed {
        if !report.passed_tests.contains(&name) {
            report.passed_tests.push(name);
        }
    }
    // Without a short summary (`-rN`), fall back to the section titles.
    for section in &sections {
        let covered = summary_entries
            .iter()
            .any(|(status, node, _)| status != "PASSED" && section.matches_node(node));
        if !covered {
            let kind = if section.collection_target().is_some() {
                FailureKind::Collection
            } else {
                FailureKind::Test
            };
            let name = section
                .collection_target()
                .unwrap_or(&section.title)
                .to_string();
            report
                .failures
                .push(pytest_failure(&name, "", Some(section), kind));
        }
    }
    if !saw_counts_line {
        let count = |wanted: &str| {
            let matching = summary_entries.iter().filter(|(s, _, _)| s == wanted);
            u32::try_from(matching.count()).unwrap_or(u32::MAX)
        };
        report.passed = count("PASSED");
        report.failed = count("FAILED");
        report.errors = count("ERROR");
    }
    if text.contains("error during collection") || text.contains("errors during collection") {
        report.errors = report.errors.max(1);
    }
    report
}

fn apply_pytest_counts(patterns: &Patterns, line: &str, report: &mut TestReport) {
    for captures in patterns.pytest_count.captures_iter(line) {
        let count = captures.get(1).map_or(0, |m| parse_count(m.as_str()));
        match captures.get(2).map(|m| m.as_str()) {
            Some("passed") => report.passed = count,
            Some("failed") => report.failed = count,
            Some("error" | "errors") => report.errors = count,
            _ => {}
        }
    }
}

fn pytest_failure(
    node: &str,
    summary_message: &str,
    detail: Option<&PytestSection>,
    kind: FailureKind,
) -> TestFailure {
    let detail_message = detail.map(PytestSection::message).unwrap_or_default();
    // The `E` lines carry the full assertion (with `where x = f(...)` hints); the summary line
    // is truncated by pytest, so it is only the fallback.
    let message = if detail_message.is_empty() {
        summary_message.to_string()
    } else {
        detail_message
    };
    TestFailure {
        test: node.to_string(),
        message,
        frames: detail.map(|d| d.frames.clone()).unwrap_or_default(),
        kind,
        detail: String::new(),
    }
}

/// One `____ title ____` section of a FAILURES or ERRORS block.
struct PytestSection {
    title: String,
    frames: Vec<Frame>,
    error_lines: Vec<String>,
    /// Last non-indented line, used as the message for `--tb=native` (no `E` lines there).
    last_unindented: Option<String>,
    /// The most recent `def name(` seen in printed source, naming the next long-format frame.
    last_def: Option<String>,
}

impl PytestSection {
    fn new(title: &str) -> Self {
        Self {
            title: title.to_string(),
            frames: Vec::new(),
            error_lines: Vec::new(),
            last_unindented: None,
            last_def: None,
        }
    }

    fn feed(&mut self, patterns: &Patterns, line: &str) {
        if let Some(rest) = line.strip_prefix('E')
            && (rest.is_empty() || rest.starts_with(' '))
        {
            // A module that does not parse names the line in its `SyntaxError`:
            // `E     File "/w/pairs.py", line 6`. It is where the failure was raised.
            if let Some(captures) = patterns.pytest_syntax_error_location.captures(rest)
                && !is_foreign_path(captures.get(1).map_or("", |m| m.as_str()))
            {
                self.frames
                    .extend(frame_from_captures(&captures, 1, 2, None));
            }
            self.error_lines.push(rest.trim().to_string());
            return;
        }
        if let Some(captures) = patterns.pytest_native_frame.captures(line) {
            let function = captures.get(3).map(|m| m.as_str().to_string());
            let path = captures.get(1).map_or("", |m| m.as_str());
            if !is_foreign_path(path) {
                self.frames
                    .extend(frame_from_captures(&captures, 1, 2, function));
            }
            return;
        }
        if let Some(captures) = patterns.pytest_frame.captures(line) {
            let function = captures
                .get(3)
                .map(|m| m.as_str().to_string())
                .or_else(|| self.last_def.take());
            let path = captures.get(1).map_or("", |m| m.as_str());
            if !is_foreign_path(path) {
                self.frames
                    .extend(frame_from_captures(&captures, 1, 2, function));
            }
            self.last_def = None;
            return;
        }
        if let Some(captures) = patterns.pytest_def.captures(line) {
            self.last_def = captures.get(1).map(|m| m.as_str().to_string());
        }
        if !line.is_empty() && !line.starts_with(char::is_whitespace) {
            self.last_unindented = Some(line.to_string());
        }
    }

    fn message(&self) -> String {
        if self.error_lines.is_empty() {
            self.last_unindented.clone().unwrap_or_default()
        } else {
            self.error_lines.join("\n").trim().to_string()
        }
    }

    /// `ERROR collecting tests/test_x.py` → `tests/test_x.py`.
    fn collection_target(&self) -> Option<&str> {
        self.title.strip_prefix("ERROR collecting ")
    }

    /// Whether this section describes the test `node` (`tests/t.py::Class::test_x[param]`).
    fn matches_node(&self, node: &str) -> bool {
        if let Some(target) = self.collection_target() {
            return node == target;
        }
        let dotted_as_node = self.title.replace('.', "::");
        node == self.title
            || node.ends_with(&format!("::{dotted_as_node}"))
            || node.ends_with(&format!("::{}", self.title))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    /// A module that does not parse fails pytest's collection; the `SyntaxError` names the
    /// line (`E     File "…/pairs.py", line 6`), which becomes the failure's innermost frame.
    #[test]
    fn a_syntax_error_names_its_line_as_the_innermost_frame() {
        let output = "==================================== ERRORS ====================================\n________________________ ERROR collecting test_pairs.py ________________________\n/usr/lib/python3.11/site-packages/_pytest/python.py:528: in importtestmodule\n    mod = import_path(\ntest_pairs.py:1: in <module>\n    from pairs import Solution\nE     File \"/tmp/w/pairs.py\", line 6\nE       for j in range(i + 1, len(nums))\nE                                       ^\nE   SyntaxError: expected ':'\n=========================== short test summary info ============================\nERROR test_pairs.py\n!!!!!!!!!!!!!!!!!!!! Interrupted: 1 error during collection !!!!!!!!!!!!!!!!!!!!\n1 error in 0.25s\n";
        let report = parse_pytest(output);
        let failure = &report.failures[0];
        assert_eq!(failure.kind, FailureKind::Collection);
        let last = failure.frames.last().unwrap();
        assert_eq!((last.file.as_str(), last.line), ("/tmp/w/pairs.py", 6));
        assert!(failure.message.contains("SyntaxError: expected ':'"));
    }

    /// A compiler error keeps its rendered diagnostic (snippet and `help:` lines) up to the
    /// blank line that ends it; the next error's text is not part of it.
    #[test]
    fn a_build_error_keeps_its_rendered_diagnostic() {
        let output = "error[E0425]: cannot find value `bset` in this scope\n --> src/lib.rs:8:5\n  |\n8 |     bset\n  |     ^^^^\n  |\nhelp: a local variable with a similar name exists\n  |\n8 -     bset\n8 +     best\n  |\n\nerror[E0308]: mismatched types\n --> src/lib.rs:2:18\n  |\n2 |     let n: i32 = v.len();\n  |                  ^^^^^^^ expected `i32`, found `usize`\n\nerror: could not compile `r` (lib) due to 2 previous errors\n";
        let report = parse_cargo_test(output);
        assert!(report.build_failed);
        assert_eq!(report.failures.len(), 2);
        let first = &report.failures[0];
        assert_eq!(first.kind, FailureKind::Build);
        assert!(first.detail.contains("8 +     best"), "{}", first.detail);
        assert!(!first.detail.contains("mismatched"), "{}", first.detail);
        assert!(report.failures[1].detail.contains("expected `i32`"));
    }

    /// How far a test got: the innermost frame in test code, whether the assertion failed in
    /// a Rust `mod tests` or in a pytest helper the test called; a panic inside the code under
    /// test has none.
    #[test]
    fn the_failure_point_is_the_innermost_frame_in_test_code() {
        let lib = "pub fn half(x: u32) -> u32 {\n    x / 3\n}\n\n#[cfg(test)]\nmod tests {\n    use super::*;\n    #[test]\n    fn halves() {\n        assert_eq!(half(0), 0);\n        assert_eq!(half(4), 2);\n    }\n}\n";
        let read = |path: &str| (path == "src/lib.rs").then(|| lib.to_string());
        let cargo = "\nrunning 1 test\ntest tests::halves ... FAILED\n\nfailures:\n\n---- tests::halves stdout ----\n\nthread 'tests::halves' panicked at src/lib.rs:11:9:\nassertion `left == right` failed\n  left: 1\n right: 2\n\nfailures:\n    tests::halves\n\ntest result: FAILED. 0 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out\n";
        let report = parse_test_output(cargo);
        let point = failure_point(&report.failures[0], read).unwrap();
        assert_eq!((point.file.as_str(), point.line), ("src/lib.rs", 11));
        let in_code = cargo.replace("src/lib.rs:11:9", "src/lib.rs:2:5");
        let report = parse_test_output(&in_code);
        assert_eq!(failure_point(&report.failures[0], read), None);

        let pytest = "============================= test session starts ==============================\ncollected 1 item\n\ntest_half.py F                                                           [100%]\n\n=================================== FAILURES ===================================\n__________________________________ test_half ___________________________________\n\n    def test_half():\n>       check(half)\n\ntest_half.py:12: \n_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ \n\n    def check(half):\n        assert half(0) == 0\n>       assert half(4) == 2\nE       assert 1 == 2\n\ntest_half.py:6: AssertionError\n=========================== short test summary info ============================\nFAILED test_half.py::test_half - assert 1 == 2\n============================== 1 failed in 0.02s ===============================\n";
        let report = parse_test_output(pytest);
        let point = failure_point(&report.failures[0], |_| None).unwrap();
        assert_eq!((point.file.as_str(), point.line), ("test_half.py", 6));
    }

    /// A `cargo test` stopped at libtest's hang warning: the test still running is failed,
    /// the finished ones keep their results.
    #[test]
    fn a_test_still_running_when_the_run_stopped_is_recorded_as_hung() {
        let output = "\nrunning 2 tests\ntest tests::ok ... ok\ntest tests::t has been running for over 60 seconds\n";
        let mut report = parse_test_output(output);
        record_hung_tests(&mut report, output);
        assert_eq!(report.failed, 1);
        assert_eq!(report.failures.len(), 1);
        assert_eq!(report.failures[0].test, "tests::t");
        assert!(report.failures[0].message.contains("hangs"));
        assert!(!report.all_passed());
        // Said twice, recorded once.
        record_hung_tests(&mut report, output);
        assert_eq!(report.failures.len(), 1);
    }

    #[test]
    fn the_test_whose_stack_faulthandler_dumped_is_recorded_as_hung_with_its_frames() {
        assert_eq!(pytest_hang_marker(60), "Timeout (0:01:00)!");
        let output = "rootdir: /w, configfile: pytest.ini\ncollected 2 items\n\ntest_spin.py Timeout (0:01:00)!\nThread 0x00007f8365caeb80 (most recent call first):\n  File \"/w/test_spin.py\", line 3 in spin\n  File \"/w/test_spin.py\", line 8 in test_spin\n  File \"/usr/lib/python3.11/site-packages/_pytest/python.py\", line 187 in pytest_pyfunc_call\n";
        assert!(shows_a_hang_warning(output));
        let mut report = TestReport::default();
        record_hung_tests(&mut report, output);
        assert_eq!(report.runner, TestRunner::Pytest);
        assert_eq!(report.failures.len(), 1, "{report:#?}");
        let hung = &report.failures[0];
        assert_eq!(hung.test, "test_spin.py::test_spin");
        assert!(hung.message.starts_with("Timeout (0:01:00)!"));
        // Outermost first, the hung line last; pytest's own frames left out.
        let lines: Vec<u32> = hung.frames.iter().map(|f| f.line).collect();
        assert_eq!(lines, [8, 3]);
        assert!(!shows_a_hang_warning("assert 1 == 2"));
    }
    use proptest::prelude::*;

    fn fixture(name: &str) -> String {
        let path = format!(
            "{}/../examples/testreport_fixtures/{name}",
            env!("CARGO_MANIFEST_DIR")
        );
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("fixture {path}: {e}"))
    }

    fn failure<'a>(report: &'a TestReport, test: &str) -> &'a TestFailure {
        report
            .failures
            .iter()
            .find(|f| f.test == test)
            .unwrap_or_else(|| panic!("no failure named {test:?} in {report:#?}"))
    }

    #[test]
    fn patterns_compile() {
        assert!(PATTERNS.is_some());
    }

    #[test]
    fn cargo_integration_test_failure() {
        let report = parse_test_output(&fixture("cargo_integration_failure.txt"));
        assert_eq!(report.runner, TestRunner::Cargo);
        assert_eq!((report.passed, report.failed, report.errors), (3, 2, 0));
        assert_eq!(report.failures.len(), 2);
        let subtracts = failure(&report, "subtracts");
        assert!(subtracts.message.contains("left: 14"), "{subtracts:?}");
        assert!(subtracts.message.contains("right: 6"));
        assert_eq!(
            subtracts.frames.last().map(|f| (f.file.as_str(), f.line)),
            Some(("tests/arithmetic.rs", 10))
        );
        assert!(report.passed_tests.contains(&"adds".to_string()));
        assert!(!report.all_passed());
    }

    #[test]
    fn cargo_unit_test_failure() {
        let report = parse_cargo_test(&fixture("cargo_unit_failure.txt"));
        assert_eq!((report.passed, report.failed), (2, 2));
        let centuries = failure(&report, "tests::every_fourth_century_is_leap");
        assert!(
            centuries.message.contains("is_leap_year(2000)"),
            "{centuries:?}"
        );
        assert_eq!(
            centuries.frames.last().map(|f| f.file.as_str()),
            Some("src/lib.rs")
        );
    }

    #[test]
    fn cargo_backtrace_frames_point_into_the_library() {
        let report = parse_cargo_test(&fixture("cargo_index_panic_backtrace.txt"));
        assert_eq!((report.passed, report.failed), (2, 2));
        let missing = failure(&report, "missing_large_value");
        assert!(missing.message.starts_with("index out of bounds"));
        // Innermost (the panic inside `find`) is last; the test's own frame comes earlier.
        let last = missing.frames.last().unwrap();
        assert_eq!((last.file.as_str(), last.line), ("src/lib.rs", 9));
        assert!(missing.frames.iter().any(|f| f.file == "tests/search.rs"));
        assert!(missing.frames.iter().all(|f| !f.file.starts_with("/rustc")));
    }

    #[test]
    fn cargo_multiple_binaries_and_doctests() {
        for name in [
            "cargo_multi_binary_doctest.txt",
            "cargo_multi_binary_doctest_nobacktrace.txt",
        ] {
            let report = parse_cargo_test(&fixture(name));
            assert_eq!((report.passed, report.failed), (3, 4), "{name}");
            let doubles = failure(&report, "tests::doubles");
            assert!(doubles.message.contains("three doubled"));
            assert!(doubles.message.contains("left: 6"));
            let explicit = failure(&report, "tests::explicit_panic");
            assert_eq!(explicit.message, "something went wrong: 42");
            let integration = failure(&report, "integration_fails");
            assert_eq!(
                integration.frames.last().map(|f| (f.file.as_str(), f.line)),
                Some(("tests/it.rs", 4))
            );
            let doctest = failure(&report, "src/lib.rs - double (line 3)");
            assert_eq!(
                doctest.frames,
                vec![Frame {
                    file: "src/lib.rs".into(),
                    line: 3,
                    function: Some("double".into())
                }]
            );
            assert!(doctest.message.contains("left: 4"), "{doctest:?}");
        }
    }

    #[test]
    fn cargo_compile_error() {
        let report = parse_test_output(&fixture("cargo_compile_error.txt"));
        assert_eq!(report.runner, TestRunner::Cargo);
        assert!(report.build_failed);
        assert!(report.errors >= 1);
        let build = &report.failures[0];
        assert_eq!(build.kind, FailureKind::Build);
        assert_eq!(build.test, "E0425");
        assert!(build.message.contains("undefined_name"));
        assert_eq!(
            build.frames.first().map(|f| (f.file.as_str(), f.line)),
            Some(("src/lib.rs", 7))
        );
        assert!(!report.all_passed());
    }

    #[test]
    fn cargo_passing_runs() {
        let report = parse_test_output(&fixture("cargo_all_pass.txt"));
        assert_eq!((report.passed, report.failed), (3, 0));
        assert!(report.all_passed());
        let before = parse_test_output(&fixture("cargo_all_pass_before.txt"));
        assert_eq!((before.passed, before.failed), (2, 1));
    }

    #[test]
    fn cargo_old_panic_format() {
        let output = "running 1 test\ntest t ... FAILED\n\nfailures:\n\n---- t stdout ----\n\
                      thread 't' panicked at 'assertion failed: x', src/main.rs:3:5\n\n\
                      failures:\n    t\n\ntest result: FAILED. 0 passed; 1 failed; 0 ignored\n";
        let report = parse_test_output(output);
        let t = failure(&report, "t");
        assert_eq!(t.message, "assertion failed: x");
        assert_eq!(t.frames[0].file, "src/main.rs");
        assert_eq!(t.frames[0].line, 3);
    }

    #[test]
    fn cargo_should_panic_names_and_pytest_setup_errors() {
        let cargo = "running 2 tests\ntest boom - should panic ... FAILED\ntest fine ... ok\n";
        let report = parse_test_output(cargo);
        assert_eq!(report.failures[0].test, "boom");
        assert_eq!(report.passed_tests, vec!["fine".to_string()]);
        let pytest = "=========================== short test summary info ============================\n\
                      ERROR tests/test_a.py::test_b - fixture 'db' not found\n\
                      ERROR tests/test_c.py\n1 passed, 2 errors in 0.05s\n";
        let report = parse_test_output(pytest);
        assert_eq!(report.errors, 2);
        assert_eq!(
            failure(&report, "tests/test_a.py::test_b").kind,
            FailureKind::Test
        );
        assert_eq!(
            failure(&report, "tests/test_c.py").kind,
            FailureKind::Collection
        );
    }

    #[test]
    fn cargo_truncated_output_counts_listed_tests() {
        let output = "running 3 tests\ntest a ... ok\ntest b ... FAILED\ntest c ... ok\n";
        let report = parse_test_output(output);
        assert_eq!((report.passed, report.failed), (2, 1));
        assert_eq!(report.failures[0].test, "b");
    }

    /// `hefix-rust-49`: a recursion without end aborts the test binary; the job read no
    /// report at all and stopped asking how tests are run.
    #[test]
    fn cargo_stack_overflow_names_the_failing_test() {
        let output = "     Running unittests src/lib.rs (target/debug/deps/modp-9be8)\n\n\
running 1 test\n\n\
thread 'tests::test_modp' (16100) has overflowed its stack\n\
fatal runtime error: stack overflow, aborting\n\
error: test failed, to rerun pass `--lib`\n\n\
Caused by:\n  process didn't exit successfully: `target/debug/deps/modp-9be8` (signal: 6, SIGABRT: process abort signal)\n";
        let report = parse_test_output(output);
        assert_eq!(report.runner, TestRunner::Cargo);
        assert_eq!((report.passed, report.failed), (0, 1));
        assert!(!report.all_passed());
        let failure = failure(&report, "tests::test_modp");
        assert!(failure.message.contains("stack overflow"), "{failure:?}");
    }

    /// An integration test (`tests/gcd.rs`) recursed without end: the library's own binary
    /// printed `test result: ok. 0 passed`, the aborted one printed nothing, and the report
    /// counted no test at all, so the job stopped at once ("could not read the test runner's
    /// output").
    #[test]
    fn an_aborted_binary_after_a_finished_one_still_counts_its_failure() {
        let output = "     Running unittests src/lib.rs (target/debug/deps/rq_gcd-1fcb)\n\n\
running 0 tests\n\n\
test result: ok. 0 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s\n\n\
     Running tests/gcd.rs (target/debug/deps/gcd-0ef6)\n\n\
running 3 tests\n\
test zero ... ok\n\n\
thread 'common' (26470) has overflowed its stack\n\
fatal runtime error: stack overflow, aborting\n\
error: test failed, to rerun pass `--test gcd`\n\n\
Caused by:\n  process didn't exit successfully: `target/debug/deps/gcd-0ef6` (signal: 6, SIGABRT: process abort signal)\n";
        let report = parse_test_output(output);
        assert_eq!((report.passed, report.failed), (1, 1));
        assert!(
            failure(&report, "common")
                .message
                .contains("stack overflow")
        );
    }

    #[test]
    fn pytest_quiet_assertion() {
        let report = parse_test_output(&fixture("pytest_q_assertion.txt"));
        assert_eq!(report.runner, TestRunner::Pytest);
        assert_eq!((report.passed, report.failed, report.errors), (2, 2, 0));
        let pct = failure(&report, "tests/test_percent.py::test_percentage");
        assert!(pct.message.contains("assert 400.0 == 25.0"));
        assert!(pct.message.contains("where 400.0 = percentage(1, 4)"));
        assert_eq!(
            pct.frames,
            vec![Frame {
                file: "tests/test_percent.py".into(),
                line: 13,
                function: Some("test_percentage".into())
            }]
        );
    }

    #[test]
    fn pytest_short_traceback_with_passes() {
        let report = parse_test_output(&fixture("pytest_rA_tb_short.txt"));
        assert_eq!((report.passed, report.failed), (2, 2));
        assert_eq!(
            report.passed_tests,
            vec![
                "tests/test_percent.py::test_ratio".to_string(),
                "tests/test_percent.py::test_ratio_of_nothing".to_string()
            ]
        );
        let formatted = failure(&report, "tests/test_percent.py::test_formatted");
        assert!(formatted.message.contains("'800.0%' == '12.5%'"));
        assert_eq!(formatted.frames[0].line, 17);
        assert_eq!(
            formatted.frames[0].function.as_deref(),
            Some("test_formatted")
        );
    }

    #[test]
    fn pytest_verbose_lists_passing_tests() {
        let report = parse_test_output(&fixture("pytest_verbose.txt"));
        assert_eq!(report.runner, TestRunner::Pytest);
        assert_eq!((report.passed, report.failed), (2, 2));
        assert_eq!(
            report.passed_tests,
            vec![
                "tests/test_percent.py::test_ratio".to_string(),
                "tests/test_percent.py::test_ratio_of_nothing".to_string()
            ]
        );
        assert_eq!(report.failures.len(), 2);
    }

    #[test]
    fn pytest_native_traceback_skips_pytest_internals() {
        let report = parse_test_output(&fixture("pytest_tb_native.txt"));
        assert_eq!((report.passed, report.failed), (2, 2));
        let pct = failure(&report, "tests/test_percent.py::test_percentage");
        assert_eq!(pct.frames.len(), 1, "{pct:?}");
        assert!(pct.frames[0].file.ends_with("tests/test_percent.py"));
        assert_eq!(pct.frames[0].line, 13);
        assert!(pct.message.contains("400.0"));
    }

    #[test]
    fn pytest_long_traceback_into_source() {
        let report = parse_test_output(&fixture("pytest_long_indexerror.txt"));
        assert_eq!((report.passed, report.failed), (3, 1));
        let last = failure(&report, "tests/test_sequences.py::test_last");
        assert_eq!(last.message, "IndexError: list index out of range");
        let frames: Vec<(&str, u32, Option<&str>)> = last
            .frames
            .iter()
            .map(|f| (f.file.as_str(), f.line, f.function.as_deref()))
            .collect();
        assert_eq!(
            frames,
            vec![
                ("tests/test_sequences.py", 9, Some("test_last")),
                ("sequences.py", 11, Some("last_item"))
            ]
        );
    }

    #[test]
    fn pytest_collection_error() {
        let report = parse_test_output(&fixture("pytest_collection_error.txt"));
        assert_eq!(report.runner, TestRunner::Pytest);
        assert_eq!(report.errors, 1);
        assert_eq!(report.failures.len(), 1);
        let error = &report.failures[0];
        assert_eq!(error.kind, FailureKind::Collection);
        assert_eq!(error.test, "tests/test_grades.py");
        assert!(error.message.contains("ImportError"));
        assert!(
            error
                .frames
                .iter()
                .any(|f| f.file == "tests/test_grades.py" && f.line == 19)
        );
        assert!(!report.all_passed());
    }

    #[test]
    fn pytest_classes_and_passes() {
        let report = parse_test_output(&fixture("pytest_class_rA.txt"));
        assert_eq!((report.passed, report.failed), (1, 2));
        let rect = failure(&report, "tests/test_shapes.py::TestArea::test_rectangle");
        assert_eq!(rect.frames[0].function.as_deref(), Some("test_rectangle"));
        assert!(rect.message.contains("where 4 = area(2, 3)"));
        let helper = failure(&report, "tests/test_shapes.py::test_error_in_helper");
        assert_eq!(helper.message, "RuntimeError: boom");
    }

    #[test]
    fn pytest_passing_runs() {
        let report = parse_test_output(&fixture("pytest_all_pass.txt"));
        assert_eq!(report.runner, TestRunner::Pytest);
        assert_eq!((report.passed, report.failed), (3, 0));
        assert!(report.all_passed());
        let missing = parse_test_output(&fixture("pytest_q_missing_return.txt"));
        assert_eq!((missing.passed, missing.failed), (2, 1));
        assert!(missing.failures[0].message.contains("None == 4"));
    }

    #[test]
    fn pytest_without_short_summary_uses_section_titles() {
        let output = "=================================== FAILURES ===================================\n\
                      ___________________________________ test_a ___________________________________\n\
                      tests/test_a.py:3: in test_a\n    assert f() == 1\nE   assert 2 == 1\n\
                      1 failed in 0.01s\n";
        let report = parse_pytest(output);
        assert_eq!(report.failed, 1);
        assert_eq!(failure(&report, "test_a").message, "assert 2 == 1");
    }

    #[test]
    fn unknown_output_gives_an_empty_report() {
        let report = parse_test_output("hello\nworld\n");
        assert_eq!(report, TestReport::default());
        assert!(!report.all_passed());
    }

    #[test]
    fn report_round_trips_through_json() {
        let report = parse_test_output(&fixture("pytest_long_indexerror.txt"));
        let json = serde_json::to_string(&report).unwrap();
        let back: TestReport = serde_json::from_str(&json).unwrap();
        assert_eq!(back, report);
    }

    proptest! {
        #[test]
        fn never_panics_on_arbitrary_text(text in ".{0,400}") {
            let _ = parse_test_output(&text);
            let _ = parse_cargo_test(&text);
            let _ = parse_pytest(&text);
        }

        #[test]
        fn never_panics_on_runner_like_lines(lines in proptest::collection::vec(prop_oneof![
            Just("---- t stdout ----".to_string()),
            Just("thread 't' panicked at src/lib.rs:1:1:".to_string()),
            Just("test result: FAILED. 99999999999 passed; 1 failed".to_string()),
            Just("error[E0001]: x".to_string()),
            Just(" --> src/lib.rs:0:0".to_string()),
            Just("=== FAILURES ===".to_string()),
            Just("___ test_x ___".to_string()),
            Just("E   assert 1 == 2".to_string()),
            Just("a.py:0: in f".to_string()),
            Just("FAILED a.py::t - x".to_string()),
            Just("1 failed, 2 passed in 0.1s".to_string()),
            "[ -~]{0,40}",
        ], 0..30)) {
            let text = lines.join("\n");
            let _ = parse_test_output(&text);
            let _ = parse_pytest(&text);
            let _ = parse_cargo_test(&text);
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod js_tests {
    use super::*;

    #[test]
    fn jest_summary_and_failure_names_are_parsed() {
        let out = "FAIL src/sum.test.js\n  ● sum › adds two numbers\n\n    expect(received).toBe(expected)\n\nTests:       1 failed, 3 passed, 4 total\n";
        let r = parse_test_output(out);
        assert_eq!(r.runner, TestRunner::Js);
        assert_eq!((r.passed, r.failed), (3, 1));
        assert_eq!(r.failures[0].test, "sum › adds two numbers");
        assert!(!r.all_passed());
    }

    #[test]
    fn node_test_runner_tap_is_parsed() {
        let out = "TAP version 13\nok 1 - adds\nnot ok 2 - subtracts\n1..2\n# tests 2\n# pass 1\n# fail 1\n";
        let r = parse_test_output(out);
        assert_eq!((r.passed, r.failed), (1, 1));
        assert_eq!(r.failures[0].test, "subtracts");
    }

    #[test]
    fn mocha_all_passing_is_a_pass() {
        let r = parse_test_output("  sum\n    ✓ adds\n\n  2 passing (5ms)\n");
        assert_eq!((r.passed, r.failed), (2, 0));
        assert!(r.all_passed());
    }

    #[test]
    fn unrelated_output_is_not_a_js_report() {
        assert_eq!(parse_js_tests("hello\nworld\n"), None);
        assert_eq!(parse_test_output("hello").runner, TestRunner::Unknown);
    }
}
