//! The test command a task names ("Run the tests with `python3 -m pytest -q tests/`"), and how a
//! named or configured command is shaped so its output still parses: pytest keeps the flags the
//! report parser needs (`-rA`, tracebacks, the hang dump), cargo keeps its per-test lines.

use std::path::Path;

use super::command::split_command_line;
use super::paths::confine;

/// Programs a test command may start with; anything else in backticks is not taken as one.
const RUNNER_PROGRAMS: &[&str] = &[
    "pytest", "py.test", "python", "python3", "cargo", "npm", "make", "bash", "sh", "tox", "nox",
];

/// How a test command runs, read from its words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum CommandShape {
    /// `pytest …`, `py.test …`, `python3 -m pytest …`: the arguments after the runner.
    Pytest { args: Vec<String> },
    /// `cargo test …`: the whole command.
    Cargo { argv: Vec<String> },
    /// Anything else, run as given; its output is parsed for whichever runner it shows.
    Custom { argv: Vec<String> },
}

fn is_python(program: &str) -> bool {
    let name = program.rsplit('/').next().unwrap_or(program);
    name == "python"
        || name
            .strip_prefix("python")
            .is_some_and(|v| v.chars().all(|c| c.is_ascii_digit() || c == '.'))
}

/// The shape of a command given as words. A unittest run becomes a pytest run of the same
/// tests (pytest collects unittest cases, and its report is the one the parser reads).
pub(super) fn shape_of(argv: &[String], workspace: &Path) -> CommandShape {
    let words: Vec<&str> = argv.iter().map(String::as_str).collect();
    match words.as_slice() {
        ["pytest" | "py.test", rest @ ..] => CommandShape::Pytest {
            args: pytest_args(rest),
        },
        [python, "-m", "pytest", rest @ ..] if is_python(python) => CommandShape::Pytest {
            args: pytest_args(rest),
        },
        [python, "-m", "unittest", rest @ ..] if is_python(python) => CommandShape::Pytest {
            args: unittest_targets(rest, workspace),
        },
        ["cargo", "test", ..] => CommandShape::Cargo {
            argv: argv
                .iter()
                // Quiet output drops the per-test `… ok` lines localization reads.
                .filter(|w| *w != "-q" && *w != "--quiet")
                .cloned()
                .collect(),
        },
        _ => CommandShape::Custom {
            argv: argv.to_vec(),
        },
    }
}

/// pytest arguments the user chose, minus the ones that would hide what the parser reads
/// (verbosity, traceback style, report characters, colour, the cache plugin it already has
/// off). Paths, node ids, `-k`/`-m` expressions and other options stay.
fn pytest_args(rest: &[&str]) -> Vec<String> {
    let mut kept = Vec::new();
    let mut index = 0;
    while index < rest.len() {
        let word = rest[index];
        let next = rest.get(index + 1).copied();
        index += 1;
        // Output capture off interleaves the program's prints with pytest's progress line.
        let dropped_alone = matches!(word, "--quiet" | "--verbose" | "-s" | "--capture=no")
            || (word.len() > 1
                && word.starts_with('-')
                && !word.starts_with("--")
                && word[1..].chars().all(|c| c == 'q' || c == 'v'))
            || word.starts_with("--tb=")
            || word.starts_with("--color=")
            || (word.starts_with("-r") && word.len() > 2);
        if dropped_alone {
            continue;
        }
        let dropped_with_value = matches!(word, "--tb" | "--color")
            || (word == "-p" && next == Some("no:cacheprovider"));
        if dropped_with_value {
            index += 1;
            continue;
        }
        kept.push(word.to_string());
    }
    kept
}

/// unittest's targets as pytest paths: a dotted name is the longest module path that exists,
/// the rest of it the class and method (`tests.test_calc.AddTest` →
/// `tests/test_calc.py::AddTest`); `discover -s DIR` is DIR; a file path stays. Options and
/// names that resolve to nothing are left out, so the run falls back to collecting everything.
fn unittest_targets(rest: &[&str], workspace: &Path) -> Vec<String> {
    let mut targets = Vec::new();
    let mut index = 0;
    while index < rest.len() {
        let word = rest[index];
        index += 1;
        match word {
            "discover" => {}
            "-s" | "--start-directory" => {
                if let Some(dir) = rest.get(index) {
                    targets.push((*dir).to_string());
                }
                index += 1;
            }
            "-p" | "--pattern" | "-t" | "--top-level-directory" | "-k" => index += 1,
            option if option.starts_with('-') => {}
            path if path.ends_with(".py") || path.contains('/') => targets.push(path.to_string()),
            dotted => {
                let parts: Vec<&str> = dotted.split('.').collect();
                let resolved = (1..=parts.len()).rev().find_map(|k| {
                    let module = parts[..k].join("/");
                    let file = format!("{module}.py");
                    let target = if workspace.join(&file).is_file() {
                        file
                    } else if k == parts.len() && workspace.join(&module).is_dir() {
                        module
                    } else {
                        return None;
                    };
                    Some(
                        std::iter::once(target)
                            .chain(parts[k..].iter().map(|p| (*p).to_string()))
                            .collect::<Vec<_>>()
                            .join("::"),
                    )
                });
                targets.extend(resolved);
            }
        }
    }
    targets
}

/// The test command a task names in backticks, when it starts with a known runner and every
/// file it names lies inside the workspace. A generic program (`python3 check.py`,
/// `bash run.sh`) counts only in a sentence that speaks of tests or checks.
pub fn test_command_named_in(task: &str, workspace: &Path) -> Option<Vec<String>> {
    let mut rest = task;
    let mut before = String::new();
    while let Some(open) = rest.find('`') {
        let after_open = &rest[open + 1..];
        let close = after_open.find('`')?;
        let span = &after_open[..close];
        before.push_str(&rest[..open]);
        if let Some(argv) = named_command(span, sentence_tail(&before), workspace) {
            return Some(argv);
        }
        before.push_str(span);
        rest = &after_open[close + 1..];
    }
    None
}

/// The current sentence up to a point: what follows the last full stop or line break.
fn sentence_tail(text: &str) -> &str {
    let cut = text
        .rfind(['.', '\n', '!', '?'])
        .map(|i| i + 1)
        .unwrap_or(0);
    &text[cut..]
}

fn named_command(span: &str, sentence: &str, workspace: &Path) -> Option<Vec<String>> {
    let argv = split_command_line(span.trim()).ok()?;
    let program = argv.first()?.as_str();
    if !(RUNNER_PROGRAMS.contains(&program) || is_python(program) || program.starts_with("./")) {
        return None;
    }
    let speaks_of_tests = {
        let lower = sentence.to_lowercase();
        ["test", "check", "verify"]
            .iter()
            .any(|w| lower.contains(w))
    };
    let known_runner = match shape_of(&argv, workspace) {
        CommandShape::Pytest { .. } | CommandShape::Cargo { .. } => true,
        CommandShape::Custom { .. } => {
            let words: Vec<&str> = argv.iter().map(String::as_str).collect();
            matches!(
                words.as_slice(),
                ["npm", "test", ..]
                    | ["npm", "run", "test", ..]
                    | ["make", "test" | "check", ..]
                    | ["tox" | "nox", ..]
            )
        }
    };
    if !known_runner && !speaks_of_tests {
        return None;
    }
    // A plain interpreter or bare `cargo` is no test command.
    if argv.len() == 1 && (is_python(program) || program == "cargo" || program == "npm") {
        return None;
    }
    let names_files_inside = argv.iter().skip(1).all(|word| {
        let path_like = !word.starts_with('-') && (word.contains('/') || word.ends_with(".py"));
        if !path_like {
            return true;
        }
        // A pytest node id names its file before `::`.
        let file = word.split("::").next().unwrap_or(word);
        confine(workspace, file).is_ok_and(|p| p.exists())
    });
    let program_inside =
        !program.starts_with("./") || confine(workspace, program).is_ok_and(|p| p.is_file());
    (names_files_inside && program_inside).then_some(argv)
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<String> {
        split_command_line(line).unwrap()
    }

    #[test]
    fn the_suites_phrasing_names_its_runner() {
        let dir = tempfile::tempdir().unwrap();
        let task = "The tests fail. Find the bug in `add` (calc.py) and fix it so that the \
                    tests pass. Do not change the tests. Run the tests with `python3 -m pytest -q`.";
        assert_eq!(
            test_command_named_in(task, dir.path()),
            Some(words("python3 -m pytest -q"))
        );
        let task = "Find the bug in `gcd` (src/lib.rs). Run the tests with `cargo test`.";
        assert_eq!(
            test_command_named_in(task, dir.path()),
            Some(words("cargo test"))
        );
    }

    #[test]
    fn code_in_backticks_is_no_test_command() {
        let dir = tempfile::tempdir().unwrap();
        for task in [
            "Fix `add` (calc.py) so that `add(2, 3)` returns 5.",
            "The tests of `python` fail.",
            "Run the tests with `cargo`.",
            "Rename `run.sh` to `build.sh`.",
        ] {
            assert_eq!(test_command_named_in(task, dir.path()), None, "{task}");
        }
    }

    #[test]
    fn a_script_counts_only_when_it_exists_and_the_sentence_speaks_of_tests() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("check.py"), "assert True\n").unwrap();
        assert_eq!(
            test_command_named_in("Check it with `python3 check.py`.", dir.path()),
            Some(words("python3 check.py"))
        );
        assert_eq!(
            test_command_named_in("Then `python3 check.py` prints 3.", dir.path()),
            None
        );
        assert_eq!(
            test_command_named_in("Run the tests with `python3 missing.py`.", dir.path()),
            None
        );
        assert_eq!(
            test_command_named_in(
                "Run the tests with `pytest ../elsewhere/test_x.py`.",
                dir.path()
            ),
            None
        );
    }

    #[test]
    fn a_scoped_pytest_run_keeps_its_scope_and_loses_its_quiet() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("tests")).unwrap();
        std::fs::write(dir.path().join("tests/test_a.py"), "").unwrap();
        let named = test_command_named_in(
            "Run the tests with `python -m pytest -q --tb=short tests/test_a.py::test_one -k 'fast and not slow'`.",
            dir.path(),
        )
        .unwrap();
        assert_eq!(
            shape_of(&named, dir.path()),
            CommandShape::Pytest {
                args: words("tests/test_a.py::test_one -k 'fast and not slow'")
            }
        );
        assert_eq!(
            shape_of(
                &words("pytest -vv -rf -p no:cacheprovider --color yes -x -p xdist"),
                dir.path()
            ),
            CommandShape::Pytest {
                args: words("-x -p xdist")
            }
        );
    }

    #[test]
    fn a_quiet_cargo_run_is_made_to_list_its_tests() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(
            shape_of(&words("cargo test -q --lib -- --quiet"), dir.path()),
            CommandShape::Cargo {
                argv: words("cargo test --lib --")
            }
        );
        assert!(matches!(
            shape_of(&words("make test"), dir.path()),
            CommandShape::Custom { .. }
        ));
    }

    #[test]
    fn a_unittest_run_becomes_a_pytest_run_of_the_same_tests() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("tests.py"), "").unwrap();
        std::fs::create_dir(dir.path().join("pkg")).unwrap();
        std::fs::write(dir.path().join("pkg/test_calc.py"), "").unwrap();
        let shaped = |line: &str| shape_of(&words(line), dir.path());
        assert_eq!(
            shaped("python3 -m unittest -v tests"),
            CommandShape::Pytest {
                args: words("tests.py")
            }
        );
        assert_eq!(
            shaped("python -m unittest pkg.test_calc.AddTest.test_add"),
            CommandShape::Pytest {
                args: words("pkg/test_calc.py::AddTest::test_add")
            }
        );
        assert_eq!(
            shaped("python3 -m unittest discover -s pkg -p 'test_*.py'"),
            CommandShape::Pytest { args: words("pkg") }
        );
        assert_eq!(
            shaped("python3 -m unittest nowhere.module"),
            CommandShape::Pytest { args: vec![] }
        );
    }
}
