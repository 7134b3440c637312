//! The bug suite, end to end and for real: every program in `examples/bugs/` (and the `calc`
//! example) is copied to a temporary directory, its tests are run (`cargo test` /
//! `python3 -m pytest`), the output is parsed, the bug is localized, and for bugs a mutation
//! can fix, the matching candidate is applied and the tests are run again. A program that does
//! not build or parse, or that raises a slip the interpreter names, is fixed by the edit its
//! diagnostics propose (`tact_repair::diagnose`), checked the same way.
//!
//! Needs `cargo` and `python3` with `pytest` on PATH. Set `TACT_SKIP_PYTHON_SUITE=1` to skip the
//! Python programs where pytest cannot be installed.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};
use tact_repair::localize::{CandidateLocation, localize};
use tact_repair::mutate::{apply_mutation_to_file, mutations_for_locations};
use tact_runtime::testreport::{TestReport, TestRunner, parse_test_output};

/// Bug kinds a single mutation operator can fix; the others need a model-written edit.
const MUTATE_KINDS: &[&str] = &[
    "operator_flip",
    "off_by_one",
    "wrong_constant",
    "swapped_args",
    "missing_return",
    "and_or",
    "bool_constant",
    "min_max",
    "wrong_variable",
    "wrong_call",
    "wrong_depth",
    "wrong_exception",
    "wrong_separator",
    "break_continue",
    "slice_side",
    "comparator_order",
    "negation",
];

/// Bug kinds the runner's own diagnostics fix: a program that does not parse (`syntax_error`),
/// a crate that does not build (`compile_error`), a slip the interpreter names at run time
/// (`runtime_slip`: a counter's `KeyError`), a recursion without end whose base case is too
/// narrow (`endless_recursion`).
const DIAGNOSE_KINDS: &[&str] = &[
    "syntax_error",
    "compile_error",
    "runtime_slip",
    "endless_recursion",
];

const TOP_N: usize = 5;

/// The machine-readable answer key of one program.
#[derive(Debug, Clone)]
struct BugKey {
    task: String,
    language: String,
    bug_file: String,
    bug_line: u32,
    kind: String,
    fixed_line: String,
}

impl BugKey {
    fn is_mutate_kind(&self) -> bool {
        MUTATE_KINDS.contains(&self.kind.as_str()) || self.is_diagnose_kind()
    }

    fn is_diagnose_kind(&self) -> bool {
        DIAGNOSE_KINDS.contains(&self.kind.as_str())
    }
}

/// BUG.toml holds only flat `key = "string"` / `key = integer` pairs; parsing them by hand keeps
/// the root package free of a TOML dependency.
fn parse_bug_toml(text: &str) -> Result<BugKey> {
    let mut values: BTreeMap<String, String> = BTreeMap::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line
            .split_once('=')
            .with_context(|| format!("not a key = value line: {line}"))?;
        let value = value.trim();
        let parsed = if let Some(quoted) = value.strip_prefix('"') {
            let inner = quoted
                .strip_suffix('"')
                .with_context(|| format!("unterminated string: {line}"))?;
            unescape_basic_string(inner)?
        } else {
            value.to_string()
        };
        values.insert(key.trim().to_string(), parsed);
    }
    let take = |key: &str| {
        values
            .get(key)
            .cloned()
            .with_context(|| format!("BUG.toml lacks `{key}`"))
    };
    Ok(BugKey {
        task: take("task")?,
        language: take("language")?,
        bug_file: take("bug_file")?,
        bug_line: take("bug_line")?.parse().context("bug_line")?,
        kind: take("kind")?,
        fixed_line: take("fixed_line")?,
    })
}

fn unescape_basic_string(inner: &str) -> Result<String> {
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(character) = chars.next() {
        if character != '\\' {
            out.push(character);
            continue;
        }
        match chars.next() {
            Some('"') => out.push('"'),
            Some('\\') => out.push('\\'),
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            other => bail!("unsupported escape \\{other:?}"),
        }
    }
    Ok(out)
}

fn examples_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples")
}

/// Every program of the suite: `examples/bugs/*` and `examples/calc`.
fn suite_programs() -> Vec<PathBuf> {
    let mut programs: Vec<PathBuf> = std::fs::read_dir(examples_dir().join("bugs"))
        .unwrap()
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.join("BUG.toml").is_file())
        .collect();
    programs.sort();
    programs.push(examples_dir().join("calc"));
    programs
}

fn copy_tree(from: &Path, to: &Path) -> Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let name = entry.file_name();
        let name_text = name.to_string_lossy();
        if matches!(
            name_text.as_ref(),
            "target" | "__pycache__" | ".pytest_cache"
        ) {
            continue;
        }
        let destination = to.join(&name);
        if entry.file_type()?.is_dir() {
            copy_tree(&entry.path(), &destination)?;
        } else {
            std::fs::copy(entry.path(), &destination)?;
        }
    }
    Ok(())
}

struct TestRun {
    success: bool,
    output: String,
}

fn run_tests(language: &str, dir: &Path, cargo_target: &Path) -> Result<TestRun> {
    let mut command = match language {
        "rust" => {
            let mut command = Command::new(std::env::var("CARGO").unwrap_or("cargo".into()));
            command
                .args(["test", "--offline", "--no-fail-fast"])
                .env("CARGO_TARGET_DIR", cargo_target)
                .env("CARGO_TERM_COLOR", "never")
                .env("RUST_BACKTRACE", "0");
            command
        }
        "python" => {
            let mut command = Command::new("python3");
            command
                .args(["-m", "pytest", "-q", "-p", "no:cacheprovider"])
                .env("PYTHONDONTWRITEBYTECODE", "1");
            command
        }
        other => bail!("unknown language {other}"),
    };
    let output = command
        .current_dir(dir)
        .output()
        .with_context(|| format!("running the {language} tests in {}", dir.display()))?;
    Ok(TestRun {
        success: output.status.success(),
        output: format!(
            "{}\n{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        ),
    })
}

fn pytest_available() -> bool {
    Command::new("python3")
        .args(["-m", "pytest", "--version"])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// What happened to one program.
#[derive(Debug)]
struct Outcome {
    name: String,
    key: BugKey,
    report: TestReport,
    /// 1-based rank of the bug line among the localized candidates.
    rank: Option<usize>,
    candidates: Vec<CandidateLocation>,
    /// A mutation candidate equal to `fixed_line` was found among the top-N lines' mutations.
    mutation_found: bool,
    /// ... and applying it made the tests pass.
    mutation_fixed: bool,
    mutation_count: usize,
}

fn evaluate(program: &Path, scratch: &Path, cargo_target: &Path) -> Result<Outcome> {
    let name = program
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let key = parse_bug_toml(&std::fs::read_to_string(program.join("BUG.toml"))?)?;
    let dir = scratch.join(&name);
    copy_tree(program, &dir)?;

    let before = run_tests(&key.language, &dir, cargo_target)?;
    if before.success {
        bail!("{name}: the tests pass before any fix:\n{}", before.output);
    }
    let report = parse_test_output(&before.output);

    let candidates = localize(&report, &dir, TOP_N)?;
    let rank = candidates
        .iter()
        .position(|c| c.file == key.bug_file && c.line == key.bug_line)
        .map(|index| index + 1);

    // Mutate the localized lines, as the harness would; keep the candidate equal to the answer.
    // A diagnosed kind's candidates are the edits its diagnostics propose for the localized
    // files, as the job reads them.
    let mut mutations = mutations_for_locations(&dir, &candidates, 500)?;
    if key.is_diagnose_kind() {
        let mut contents = std::collections::HashMap::new();
        for c in &candidates {
            contents.insert(c.file.clone(), std::fs::read_to_string(dir.join(&c.file))?);
        }
        mutations = tact_repair::diagnose::diagnostic_edits(&report, &contents)
            .into_iter()
            .filter(|d| d.replacement.len() == 1 && d.old_lines.len() == 1)
            .map(|d| tact_repair::mutate::MutationCandidate {
                file: d.file,
                line: d.line,
                old_text: d.old_lines.concat(),
                new_text: d.replacement.concat(),
                operator: tact_repair::mutate::MutationOperator::DiagnosticHint,
                description: d.why,
            })
            .collect();
    }
    let fixing = mutations
        .iter()
        .find(|m| m.file == key.bug_file && m.line == key.bug_line && m.new_text == key.fixed_line);
    let mut mutation_fixed = false;
    if let Some(fixing) = fixing {
        apply_mutation_to_file(&dir, fixing)?;
        let after = run_tests(&key.language, &dir, cargo_target)?;
        let after_report = parse_test_output(&after.output);
        mutation_fixed = after.success && after_report.all_passed();
        if !mutation_fixed {
            eprintln!(
                "{name}: the fixing mutation did not make the tests pass:\n{}",
                after.output
            );
        }
    }
    Ok(Outcome {
        name,
        key,
        report,
        rank,
        candidates,
        mutation_found: fixing.is_some(),
        mutation_fixed,
        mutation_count: mutations.len(),
    })
}

#[test]
fn answer_keys_are_complete_and_the_suite_is_balanced() {
    let programs = suite_programs();
    let keys: Vec<BugKey> = programs
        .iter()
        .map(|p| parse_bug_toml(&std::fs::read_to_string(p.join("BUG.toml")).unwrap()).unwrap())
        .collect();
    assert!(programs.len() >= 23, "22 bug programs plus calc");
    let python = keys.iter().filter(|k| k.language == "python").count();
    let rust = keys.iter().filter(|k| k.language == "rust").count();
    assert!(python >= 10 && rust >= 10, "python {python}, rust {rust}");
    let model_kinds = keys.iter().filter(|k| !k.is_mutate_kind()).count();
    assert!(
        (3..=10).contains(&model_kinds),
        "{model_kinds} model-fix bugs"
    );
    for (program, key) in programs.iter().zip(&keys) {
        assert_eq!(key.task, "the tests fail; find the bug and fix it");
        let source = std::fs::read_to_string(program.join(&key.bug_file)).unwrap();
        let buggy = source.lines().nth(key.bug_line as usize - 1).unwrap();
        assert_ne!(buggy, key.fixed_line, "{}", program.display());
        assert!(
            !tact_repair::localize::is_test_location(&key.bug_file, key.bug_line, &source),
            "{}: the bug must be in source, not tests",
            program.display()
        );
    }
}

#[test]
fn every_bug_fails_is_localized_and_mutation_kinds_are_fixed() {
    let python_ok = pytest_available();
    let skip_python = std::env::var_os("TACT_SKIP_PYTHON_SUITE").is_some();
    assert!(
        python_ok || skip_python,
        "pytest is missing: `python3 -m pip install pytest` (or set TACT_SKIP_PYTHON_SUITE=1)"
    );
    let scratch = tempfile::tempdir().unwrap();
    let cargo_target = scratch.path().join("cargo-target");

    let mut outcomes = Vec::new();
    let mut problems = Vec::new();
    for program in suite_programs() {
        let key =
            parse_bug_toml(&std::fs::read_to_string(program.join("BUG.toml")).unwrap()).unwrap();
        if key.language == "python" && !python_ok {
            continue;
        }
        match evaluate(&program, scratch.path(), &cargo_target) {
            Ok(outcome) => outcomes.push(outcome),
            Err(error) => problems.push(format!("{}: {error:#}", program.display())),
        }
    }

    let mut table =
        String::from("program                  kind            failed rank  mutations fixed\n");
    for o in &outcomes {
        table.push_str(&format!(
            "{:<24} {:<15} {:>6} {:>4} {:>10} {}\n",
            o.name,
            o.key.kind,
            o.report.failed,
            o.rank.map_or("-".to_string(), |r| r.to_string()),
            o.mutation_count,
            if o.mutation_fixed {
                "yes"
            } else if o.key.is_mutate_kind() {
                "NO"
            } else {
                "(model)"
            },
        ));
    }
    // TACT_SUITE_VERBOSE=1 shows the ranked candidates of every program.
    if std::env::var_os("TACT_SUITE_VERBOSE").is_some() {
        for o in &outcomes {
            table.push_str(&format!(
                "\n{} (bug at {}:{}):\n",
                o.name, o.key.bug_file, o.key.bug_line
            ));
            for c in &o.candidates {
                table.push_str(&format!(
                    "  {:>7.3} {}:{} {}\n",
                    c.score, c.file, c.line, c.reason
                ));
            }
        }
    }
    let total = outcomes.len();
    let top1 = outcomes.iter().filter(|o| o.rank == Some(1)).count();
    let top5 = outcomes.iter().filter(|o| o.rank.is_some()).count();
    let mutate_total = outcomes.iter().filter(|o| o.key.is_mutate_kind()).count();
    let fixed = outcomes.iter().filter(|o| o.mutation_fixed).count();
    eprintln!(
        "{table}\nlocalization: top-1 {top1}/{total}, top-{TOP_N} {top5}/{total}; \
         mutation fixes {fixed}/{mutate_total} mutate-kind bugs"
    );

    for o in &outcomes {
        let expected_runner = if o.key.language == "rust" {
            TestRunner::Cargo
        } else {
            TestRunner::Pytest
        };
        // A program that does not build or parse runs no test: its failure is the error.
        let ran = o.report.failed >= 1 || o.key.is_diagnose_kind();
        if o.report.runner != expected_runner || !ran || o.report.failures.is_empty() {
            problems.push(format!(
                "{}: report does not show the failure: {:?}",
                o.name, o.report
            ));
        }
        let should_build = o.key.kind != "compile_error";
        if o.report.build_failed == should_build {
            problems.push(format!(
                "{}: the buggy program should {}compile",
                o.name,
                if should_build { "" } else { "not " }
            ));
        }
        let bug_file_localized = o.candidates.iter().any(|c| c.file == o.key.bug_file);
        if o.key.is_mutate_kind() {
            // The compiler may name another line than the bug's (an assignment to a binding
            // declared without `mut`); its suggestion needs the file, not the line.
            if o.rank.is_none() && !(o.key.is_diagnose_kind() && bug_file_localized) {
                problems.push(format!(
                    "{}: bug line {}:{} not in the top {TOP_N}: {:#?}",
                    o.name, o.key.bug_file, o.key.bug_line, o.candidates
                ));
            }
            if !o.mutation_found {
                problems.push(format!(
                    "{}: no mutation produces {:?}",
                    o.name, o.key.fixed_line
                ));
            } else if !o.mutation_fixed {
                problems.push(format!(
                    "{}: the fixing mutation did not make the tests pass",
                    o.name
                ));
            }
        } else if o.mutation_found {
            problems.push(format!(
                "{}: marked as needing a model, but a mutation fixes it; mark it as a mutate kind",
                o.name
            ));
        }
    }
    assert!(total >= 23 || !python_ok, "ran only {total} programs");
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}
