//! Tools that run programs: tests, allowed commands, git. All of them go through the sandbox.

use std::path::Path;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::command::admit_command;
use super::paths::confine;
use super::test_command::{CommandShape, shape_of};
use super::{
    DEFAULT_COMMAND_TIMEOUT_MS, DEFAULT_TEST_TIMEOUT_MS, ToolContext, ToolError, ToolOutput,
    opt_bool_arg, opt_str_arg, opt_u64_arg, str_arg,
};
use crate::sandbox::{CommandOutcome, run_sandboxed};
use crate::testreport::{TestReport, TestRunner};

/// Output kept for parsing a test run (the observation keeps only a tail of it).
pub(super) const TEST_PARSE_BYTES: usize = 4 * 1024 * 1024;
const DIFF_BYTES: usize = 256 * 1024;

/// How a workspace's tests are run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TestCommand {
    pub argv: Vec<String>,
    /// `cargo`, `pytest`, `npm` or `custom`.
    pub runner: String,
}

fn words(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| (*s).to_string()).collect()
}

/// The Python test files of the workspace (three levels deep) by name: `(any, unprefixed)` —
/// whether there is one at all, and whether one is named so that pytest's default
/// `python_files` misses it (`tests.py`, see [`crate::source::is_unprefixed_python_test_file`]).
fn python_test_files(workspace: &Path) -> (bool, bool) {
    let mut found = (false, false);
    for entry in ignore::WalkBuilder::new(workspace)
        .max_depth(Some(3))
        .build()
        .filter_map(Result::ok)
    {
        let Some(name) = entry.file_name().to_str() else {
            continue;
        };
        if !name.ends_with(".py") {
            continue;
        }
        let unprefixed = crate::source::is_unprefixed_python_test_file(name);
        if unprefixed || name.starts_with("test_") || name.ends_with("_test.py") {
            found.0 = true;
        }
        found.1 |= unprefixed;
    }
    found
}

/// Whether a pytest configuration of the workspace sets `python_files` itself.
fn configures_python_files(workspace: &Path) -> bool {
    ["pytest.ini", "pyproject.toml", "setup.cfg", "tox.ini"]
        .iter()
        .filter_map(|name| std::fs::read_to_string(workspace.join(name)).ok())
        .any(|text| text.contains("python_files"))
}

/// pytest's `python_files` widened to the test files people name without its prefix.
const WIDE_PYTHON_FILES: &str = "python_files=test_*.py *_test.py test.py tests.py *_tests.py";

/// Which test command fits the workspace: the configured (or task-named) one, shaped so its
/// output still parses (see [`super::test_command`]), else cargo, pytest or npm by the files
/// present.
pub fn detect_test_command(
    workspace: &Path,
    configured: Option<&[String]>,
) -> Result<TestCommand, ToolError> {
    if let Some(argv) = configured.filter(|a| !a.is_empty()) {
        return Ok(match shape_of(argv, workspace) {
            CommandShape::Pytest { args } => {
                let mut command = pytest_command(workspace);
                command.argv.extend(args);
                command
            }
            CommandShape::Cargo { argv } => TestCommand {
                argv,
                runner: "cargo".into(),
            },
            CommandShape::Custom { argv } => TestCommand {
                argv,
                runner: "custom".into(),
            },
        });
    }
    if workspace.join("Cargo.toml").is_file() {
        return Ok(TestCommand {
            argv: words(&["cargo", "test"]),
            runner: "cargo".into(),
        });
    }
    let python_markers = [
        "pytest.ini",
        "pyproject.toml",
        "setup.py",
        "setup.cfg",
        "tox.ini",
    ];
    let (has_python_tests, _) = python_test_files(workspace);
    if python_markers.iter().any(|m| workspace.join(m).is_file()) || has_python_tests {
        return Ok(pytest_command(workspace));
    }
    if let Ok(text) = std::fs::read_to_string(workspace.join("package.json"))
        && serde_json::from_str::<Value>(&text)
            .ok()
            .and_then(|v| v.get("scripts")?.get("test").cloned())
            .is_some()
    {
        return Ok(TestCommand {
            argv: words(&["npm", "test", "--silent"]),
            runner: "npm".into(),
        });
    }
    Err(ToolError::NoTestRunner(
        "no Cargo.toml, no pytest project or test_*.py files, no package.json test script; set `test_command`".into(),
    ))
}

/// pytest as tact runs it: every outcome listed, no cache dir in the workspace, a hung test's
/// stack dumped, and unprefixed test files collected unless the project chose its own.
fn pytest_command(workspace: &Path) -> TestCommand {
    let (_, unprefixed) = python_test_files(workspace);
    let widened = if unprefixed && !configures_python_files(workspace) {
        words(&["-o", WIDE_PYTHON_FILES])
    } else {
        Vec::new()
    };
    TestCommand {
        // faulthandler dumps a hung test's stack after PYTEST_HANG_SECONDS; the run is
        // stopped there (`hang_marker`) rather than at the command's timeout.
        argv: [
            words(&[
                "python3",
                "-m",
                "pytest",
                "-rA",
                "-p",
                "no:cacheprovider",
                "-o",
            ]),
            vec![format!(
                "faulthandler_timeout={}",
                crate::testreport::PYTEST_HANG_SECONDS
            )],
            widened,
        ]
        .concat(),
        runner: "pytest".into(),
    }
}

/// The text that shows a test hanging, for runners that print one while the run goes on.
pub(super) fn hang_marker(runner: &str) -> Option<String> {
    match runner {
        "cargo" => Some(crate::testreport::CARGO_HANG_MARKER.to_string()),
        "pytest" => Some(crate::testreport::pytest_hang_marker(
            crate::testreport::PYTEST_HANG_SECONDS,
        )),
        _ => None,
    }
}

/// A finished (or stopped) test command's report; a run stopped on a hang records the hung
/// tests as failed.
pub(super) fn parsed_run_report(outcome: &crate::sandbox::CommandOutcome) -> TestReport {
    let mut report = parse_test_report(&outcome.stdout, &outcome.stderr);
    if outcome.stopped_on_marker {
        crate::testreport::record_hung_tests(
            &mut report,
            &format!("{}\n{}", outcome.stdout, outcome.stderr),
        );
    }
    report
}

/// Parse a test run's output into counts. The one place that knows which parser is used, so it
/// can be swapped without touching the tools or the trust gate.
pub fn parse_test_report(stdout: &str, stderr: &str) -> TestReport {
    crate::testreport::parse_test_output(&format!("{stdout}\n{stderr}"))
}

/// The status a run has, derived only from the parsed report (never from the exit code).
pub fn test_status(report: &TestReport, timed_out: bool) -> &'static str {
    if timed_out {
        "timed_out"
    } else if report.runner == TestRunner::Unknown {
        "unparsed"
    } else if report.build_failed || report.failed > 0 || report.errors > 0 {
        "failed"
    } else if report.passed == 0 {
        "no_tests"
    } else {
        "passed"
    }
}

/// The JSON form of a report in `run_tests` output.
pub fn report_json(report: &TestReport) -> Value {
    json!({
        "runner": report.runner,
        "passed": report.passed,
        "failed": report.failed,
        "errors": report.errors,
        "build_failed": report.build_failed,
        "failures": report.failures.iter().map(|f| f.test.clone()).collect::<Vec<_>>(),
    })
}

pub(super) fn tail(text: &str, cap: usize) -> String {
    if text.len() <= cap {
        return text.to_string();
    }
    let mut cut = text.len() - cap;
    while !text.is_char_boundary(cut) {
        cut += 1;
    }
    text[cut..].to_string()
}

/// pytest's command run under the line tracer ([`crate::spectrum`]): `python -m pytest …`
/// becomes `python -c TRACER …` (the same interpreter) and `pytest …` `python3 -c TRACER …`,
/// the arguments kept. `None` for another runner.
fn traced_argv(argv: &[String]) -> Option<Vec<String>> {
    let (python, args) = match argv {
        [python, m, pytest, rest @ ..]
            if python.starts_with("python") && m == "-m" && pytest == "pytest" =>
        {
            (python.as_str(), rest)
        }
        [pytest, rest @ ..] if pytest == "pytest" || pytest == "py.test" => ("python3", rest),
        _ => return None,
    };
    let mut traced = vec![
        python.to_string(),
        "-c".to_string(),
        crate::spectrum::PYTHON_TRACER.to_string(),
    ];
    traced.extend(args.iter().cloned());
    Some(traced)
}

pub(super) fn run_tests(args: &Value, ctx: &ToolContext) -> Result<ToolOutput, ToolError> {
    let test = detect_test_command(&ctx.workspace, ctx.config.test_command.as_deref())?;
    let mut argv = test.argv.clone();
    if let Some(filter) = opt_str_arg(args, "filter")? {
        match test.runner.as_str() {
            "pytest" => argv.extend(["-k".to_string(), filter.to_string()]),
            "npm" => argv.extend(["--".to_string(), filter.to_string()]),
            _ => argv.push(filter.to_string()),
        }
    }
    let timeout =
        opt_u64_arg(args, "timeout_ms")?.unwrap_or(if ctx.config.command_timeout_ms > 0 {
            ctx.config.command_timeout_ms.max(DEFAULT_TEST_TIMEOUT_MS)
        } else {
            DEFAULT_TEST_TIMEOUT_MS
        });
    let mut sandbox = ctx.sandbox(timeout);
    sandbox.output_cap = TEST_PARSE_BYTES;
    sandbox.stop_marker = hang_marker(&test.runner);
    // `trace`: a line spectrum per assertion, for localization; pytest only. The output names
    // the command as the user would run it.
    let traced = if opt_bool_arg(args, "trace")?.unwrap_or(false) {
        traced_argv(&argv)
    } else {
        None
    };
    let mut outcome = run_sandboxed(traced.as_ref().unwrap_or(&argv), &ctx.workspace, &sandbox)?;
    let (stderr, spectrum) = crate::spectrum::split_spectrum(&outcome.stderr);
    outcome.stderr = stderr;
    let report = parsed_run_report(&outcome);
    let status = test_status(&report, outcome.timed_out);
    let cap = ctx.tail_bytes();
    let parsed = report.runner != TestRunner::Unknown;
    Ok(ToolOutput {
        exit_code: outcome.exit_code,
        output: json!({
            "command": argv,
            "runner": test.runner,
            "status": status,
            "report": if parsed { report_json(&report) } else { Value::Null },
            "stdout_tail": tail(&outcome.stdout, cap),
            "stderr_tail": tail(&outcome.stderr, cap),
            "timed_out": outcome.timed_out,
            "stopped_on_hang": outcome.stopped_on_marker,
            "sandbox": outcome.sandbox,
            "traced": traced.is_some(),
            "spectrum": spectrum,
        }),
    })
}

fn command_output(outcome: &CommandOutcome, cap: usize) -> Value {
    json!({
        "argv": outcome.argv,
        "stdout_tail": tail(&outcome.stdout, cap),
        "stderr_tail": tail(&outcome.stderr, cap),
        "timed_out": outcome.timed_out,
        "sandbox": outcome.sandbox,
    })
}

pub(super) fn command_timeout(args: &Value, ctx: &ToolContext) -> Result<u64, ToolError> {
    Ok(
        opt_u64_arg(args, "timeout_ms")?.unwrap_or(if ctx.config.command_timeout_ms > 0 {
            ctx.config.command_timeout_ms
        } else {
            DEFAULT_COMMAND_TIMEOUT_MS
        }),
    )
}

pub(super) fn run_command(args: &Value, ctx: &ToolContext) -> Result<ToolOutput, ToolError> {
    let line = str_arg(args, "command")?;
    // The guard already admitted the line; the worker checks again against its own config so
    // a bypassed guard still cannot run a program outside the list.
    let argv = admit_command(line, &ctx.config.command_allow, &ctx.config.command_deny)?;
    let sandbox = ctx.sandbox(command_timeout(args, ctx)?);
    let outcome = run_sandboxed(&argv, &ctx.workspace, &sandbox)?;
    Ok(ToolOutput {
        exit_code: outcome.exit_code,
        output: command_output(&outcome, ctx.tail_bytes()),
    })
}

fn run_git(argv: &[&str], ctx: &ToolContext, cap: usize) -> Result<CommandOutcome, ToolError> {
    let mut sandbox = ctx.sandbox(DEFAULT_COMMAND_TIMEOUT_MS);
    sandbox.output_cap = cap;
    // Read-only git: no opportunistic index refresh writes.
    sandbox.env.push(("GIT_OPTIONAL_LOCKS".into(), "0".into()));
    sandbox.env.push(("GIT_CONFIG_NOSYSTEM".into(), "1".into()));
    let argv: Vec<String> = argv.iter().map(|s| (*s).to_string()).collect();
    let outcome = run_sandboxed(&argv, &ctx.workspace, &sandbox)?;
    if outcome.exit_code != Some(0) {
        return Err(ToolError::CommandFailed {
            program: "git".into(),
            code: outcome.exit_code,
            stderr: tail(&outcome.stderr, 2000),
        });
    }
    Ok(outcome)
}

pub(super) fn git_status(ctx: &ToolContext) -> Result<ToolOutput, ToolError> {
    let outcome = run_git(
        &[
            "git",
            "-c",
            "color.status=never",
            "status",
            "--porcelain=v1",
            "-b",
        ],
        ctx,
        DIFF_BYTES,
    )?;
    let mut branch = None;
    let mut entries = Vec::new();
    for line in outcome.stdout.lines() {
        if let Some(rest) = line.strip_prefix("## ") {
            branch = Some(rest.split("...").next().unwrap_or(rest).to_string());
        } else if line.len() > 3 {
            entries.push(json!({"status": line[..2].trim(), "path": &line[3..]}));
        }
    }
    Ok(ToolOutput {
        exit_code: outcome.exit_code,
        output: json!({"branch": branch, "clean": entries.is_empty(), "entries": entries}),
    })
}

pub(super) fn git_diff(args: &Value, ctx: &ToolContext) -> Result<ToolOutput, ToolError> {
    let mut argv = vec!["git", "diff", "--no-color", "--no-ext-diff"];
    if opt_bool_arg(args, "staged")?.unwrap_or(false) {
        argv.push("--cached");
    }
    let confined;
    if let Some(path) = opt_str_arg(args, "path")? {
        confined = confine(&ctx.workspace, path)?;
        argv.push("--");
        argv.push(confined.to_str().unwrap_or(path));
    }
    let outcome = run_git(&argv, ctx, DIFF_BYTES)?;
    let files_changed = outcome
        .stdout
        .lines()
        .filter(|l| l.starts_with("diff --git "))
        .count();
    Ok(ToolOutput {
        exit_code: outcome.exit_code,
        output: json!({
            "diff": outcome.stdout,
            "files_changed": files_changed,
            "truncated": outcome.stdout_bytes > outcome.stdout.len() as u64,
        }),
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    /// The tracer runs under the interpreter the command names, with pytest's arguments; a
    /// cargo or npm run is never traced.
    #[test]
    fn only_a_pytest_command_is_traced_and_keeps_its_interpreter() {
        let argv = |words: &[&str]| words.iter().map(|w| w.to_string()).collect::<Vec<_>>();
        let traced = traced_argv(&argv(&["python3.11", "-m", "pytest", "-rA", "-q"])).unwrap();
        assert_eq!(traced[0], "python3.11");
        assert_eq!(traced[1], "-c");
        assert_eq!(traced[2], crate::spectrum::PYTHON_TRACER);
        assert_eq!(&traced[3..], &argv(&["-rA", "-q"])[..]);
        assert_eq!(traced_argv(&argv(&["pytest", "-x"])).unwrap()[0], "python3");
        assert!(traced_argv(&argv(&["cargo", "test"])).is_none());
        assert!(traced_argv(&argv(&["npm", "test"])).is_none());
    }

    /// A `tests.py` beside the code is a test suite, and pytest is told to collect it; a
    /// project that chose its own `python_files` keeps its choice.
    #[test]
    fn an_unprefixed_tests_py_is_detected_and_collected() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("calc.py"),
            "def add(a, b):\n    return a + b\n",
        )
        .unwrap();
        assert!(detect_test_command(dir.path(), None).is_err());
        std::fs::write(dir.path().join("tests.py"), "import unittest\n").unwrap();
        let command = detect_test_command(dir.path(), None).unwrap();
        assert_eq!(command.runner, "pytest");
        assert!(
            command.argv.iter().any(|a| a == WIDE_PYTHON_FILES),
            "{:?}",
            command.argv
        );

        std::fs::write(
            dir.path().join("pytest.ini"),
            "[pytest]\npython_files = check_*.py\n",
        )
        .unwrap();
        let command = detect_test_command(dir.path(), None).unwrap();
        assert!(
            !command.argv.iter().any(|a| a == WIDE_PYTHON_FILES),
            "{:?}",
            command.argv
        );

        let plain = tempfile::tempdir().unwrap();
        std::fs::write(plain.path().join("test_calc.py"), "").unwrap();
        let command = detect_test_command(plain.path(), None).unwrap();
        assert!(
            !command.argv.iter().any(|a| a == WIDE_PYTHON_FILES),
            "{:?}",
            command.argv
        );
    }
}
