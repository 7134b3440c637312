//! A line spectrum of one test run: which source lines each *assertion* of the tests ran, and
//! whether that assertion failed. One failing test function often holds several assertions
//! (`assert candidate(2023, 1) == 1` … `assert candidate(2024, 12) == 366`), and the ones
//! before the failing one passed: a line only the failing assertion ran (the leap-year branch)
//! is far more suspicious than a line every assertion ran, which a per-test spectrum cannot
//! tell apart.
//!
//! pytest runs under [`PYTHON_TRACER`] (`python3 -c TRACER <pytest args>`): a `sys.settrace`
//! hook active only while a test's body runs cuts the run into segments at each line of test
//! code and records the source lines each segment ran. A test's segments before its last
//! passed; its last one failed if the test did. The tracer prints the counts on stderr after
//! [`SPECTRUM_MARKER`], and [`split_spectrum`] takes them off before the output is parsed.
//! Past [`MAX_TRACED_LINES`] line events it stops tracing and reports no spectrum, so a test
//! that loops for long is slowed by a bounded amount and never looks hung.

use serde::{Deserialize, Serialize};

/// Starts the stderr line that carries the spectrum's JSON.
pub const SPECTRUM_MARKER: &str = "@@tact-spectrum@@ ";

/// Line events traced at most; past them the spectrum is dropped.
pub const MAX_TRACED_LINES: u64 = 2_000_000;

/// pytest under a line tracer; its arguments are pytest's.
pub const PYTHON_TRACER: &str = r#"
import json, os, sys
import pytest

ROOT = os.getcwd()
MARKER = "@@tact-spectrum@@ "
LIMIT = 2000000
state = {"segments": None, "events": 0, "overflow": False}
runs = []
kinds = {}

def kind(path):
    if path not in kinds:
        inside = path.startswith(ROOT + os.sep) and "site-packages" not in path
        base = os.path.basename(path)
        test = (base.startswith("test_") or base.endswith("_test.py") or base == "conftest.py"
                or (os.sep + "tests" + os.sep) in path[len(ROOT):])
        kinds[path] = None if not inside else ("test" if test else os.path.relpath(path, ROOT))
    return kinds[path]

def tracer(frame, event, arg):
    where = kind(frame.f_code.co_filename)
    if where is None:
        return None
    def local(frame, event, arg):
        segments = state["segments"]
        if event != "line" or segments is None:
            return local
        state["events"] += 1
        if state["events"] > LIMIT:
            state["overflow"] = True
            sys.settrace(None)
            return None
        if where == "test":
            if segments[-1]:
                segments.append(set())
        else:
            segments[-1].add((where, frame.f_lineno))
        return local
    return local

class Spectrum:
    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_call(self, item):
        state["segments"] = [set()]
        sys.settrace(tracer)
        outcome = yield
        sys.settrace(None)
        segments = [s for s in state["segments"] if s]
        state["segments"] = None
        failed = getattr(outcome, "excinfo", None) is not None
        for k, lines in enumerate(segments):
            runs.append((failed and k == len(segments) - 1, lines))

code = pytest.main(sys.argv[1:], plugins=[Spectrum()])
if not state["overflow"]:
    counts = {}
    for failed, lines in runs:
        for key in lines:
            entry = counts.setdefault(key, [0, 0])
            entry[0 if failed else 1] += 1
    failed_runs = sum(1 for f, _ in runs if f)
    out = {
        "failed_runs": failed_runs,
        "passed_runs": len(runs) - failed_runs,
        "lines": [{"file": f, "line": l, "failed": c[0], "passed": c[1]}
                  for (f, l), c in sorted(counts.items())],
    }
    sys.stderr.write("\n" + MARKER + json.dumps(out) + "\n")
sys.exit(int(code))
"#;

/// Which source lines the assertions of a run ran, and how many of those assertions failed
/// and passed.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct LineSpectrum {
    /// Assertion runs (segments of a test between two lines of test code) that failed.
    pub failed_runs: u32,
    /// Assertion runs that passed.
    pub passed_runs: u32,
    /// Every source line some assertion ran.
    pub lines: Vec<SpectrumLine>,
}

/// One source line of a [`LineSpectrum`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpectrumLine {
    /// Workspace-relative path.
    pub file: String,
    /// 1-based.
    pub line: u32,
    /// Failing assertion runs that ran the line.
    pub failed: u32,
    /// Passing assertion runs that ran the line.
    pub passed: u32,
}

impl LineSpectrum {
    /// Whether the spectrum traced `file` at all (a line of it ran).
    pub fn covers(&self, file: &str) -> bool {
        self.lines.iter().any(|l| same_file(&l.file, file))
    }

    /// Ochiai suspiciousness of a line of a traced file: `failed / sqrt(failed_runs ·
    /// (failed + passed))`, 0 for a line no assertion ran; `None` for a file the spectrum
    /// never saw, or when no assertion failed.
    pub fn ochiai(&self, file: &str, line: u32) -> Option<f64> {
        if self.failed_runs == 0 || !self.covers(file) {
            return None;
        }
        let Some(hit) = self
            .lines
            .iter()
            .find(|l| l.line == line && same_file(&l.file, file))
        else {
            return Some(0.0);
        };
        let ran = f64::from(hit.failed + hit.passed);
        if hit.failed == 0 || ran == 0.0 {
            return Some(0.0);
        }
        Some(f64::from(hit.failed) / (f64::from(self.failed_runs) * ran).sqrt())
    }

    /// The lines a failing assertion ran.
    pub fn failing_lines(&self) -> impl Iterator<Item = &SpectrumLine> {
        self.lines.iter().filter(|l| l.failed > 0)
    }
}

/// Paths as the tracer writes them (`./a.py` never; `a.py`, `pkg/a.py`) against the index's.
fn same_file(a: &str, b: &str) -> bool {
    a.trim_start_matches("./") == b.trim_start_matches("./")
}

/// `stderr` without the spectrum's line, and the spectrum it carried (`None` when there is no
/// such line or it does not parse).
pub fn split_spectrum(stderr: &str) -> (String, Option<LineSpectrum>) {
    let Some(at) = stderr.rfind(SPECTRUM_MARKER) else {
        return (stderr.to_string(), None);
    };
    let rest = &stderr[at + SPECTRUM_MARKER.len()..];
    let (json, after) = rest.split_once('\n').unwrap_or((rest, ""));
    let spectrum = serde_json::from_str(json).ok();
    let before = stderr[..at].strip_suffix('\n').unwrap_or(&stderr[..at]);
    (format!("{before}{after}"), spectrum)
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    fn spectrum() -> LineSpectrum {
        LineSpectrum {
            failed_runs: 1,
            passed_runs: 3,
            lines: vec![
                SpectrumLine {
                    file: "day.py".into(),
                    line: 12,
                    failed: 1,
                    passed: 3,
                },
                SpectrumLine {
                    file: "day.py".into(),
                    line: 13,
                    failed: 1,
                    passed: 0,
                },
                SpectrumLine {
                    file: "day.py".into(),
                    line: 20,
                    failed: 0,
                    passed: 2,
                },
            ],
        }
    }

    #[test]
    fn a_line_only_the_failing_assertion_ran_is_the_most_suspicious() {
        let s = spectrum();
        assert_eq!(s.ochiai("day.py", 13), Some(1.0));
        assert_eq!(s.ochiai("day.py", 12), Some(0.5));
        assert_eq!(s.ochiai("day.py", 20), Some(0.0));
        assert_eq!(s.ochiai("day.py", 99), Some(0.0));
        assert_eq!(s.ochiai("other.py", 13), None);
        let none_failed = LineSpectrum {
            failed_runs: 0,
            ..spectrum()
        };
        assert_eq!(none_failed.ochiai("day.py", 13), None);
    }

    /// The script and the Rust side agree on the marker and the cap.
    #[test]
    fn the_tracer_writes_the_marker_and_cap_this_side_reads() {
        assert!(PYTHON_TRACER.contains(&format!("MARKER = {SPECTRUM_MARKER:?}")));
        assert!(PYTHON_TRACER.contains(&format!("LIMIT = {MAX_TRACED_LINES}\n")));
    }

    #[test]
    fn the_spectrum_line_is_taken_off_stderr() {
        let json = serde_json::to_string(&spectrum()).unwrap();
        let stderr = format!("warning: x\n\n{SPECTRUM_MARKER}{json}\n");
        let (rest, got) = split_spectrum(&stderr);
        assert_eq!(got, Some(spectrum()));
        assert_eq!(rest, "warning: x\n");
        let (rest, got) = split_spectrum("plain\n");
        assert_eq!((rest.as_str(), got), ("plain\n", None));
        let (_, got) = split_spectrum(&format!("{SPECTRUM_MARKER}{{not json\n"));
        assert_eq!(got, None);
    }
}
