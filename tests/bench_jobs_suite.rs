//! `tact bench-jobs` on a suite in the `tasks.jsonl` layout, end to end: the real binary, a
//! scripted model, two small Python tasks written here, and the bench's own checks (its test
//! run, the comparison with the reference fix, the untouched tests) and report files.
//!
//! Needs `python3` with `pytest`; set `TACT_SKIP_PYTHON_SUITE=1` to skip where it is missing.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;
use std::process::Command;

use serde_json::{Value, json};

/// Write one task: its workspace and its line of `tasks.jsonl`.
fn write_task(
    suite: &Path,
    id: &str,
    entry: &str,
    program: &str,
    test: &str,
    fix_diff: &[&str],
) -> String {
    let ws = suite.join("workspaces").join(id);
    std::fs::create_dir_all(&ws).unwrap();
    std::fs::write(ws.join(format!("{entry}.py")), program).unwrap();
    std::fs::write(ws.join(format!("test_{entry}.py")), test).unwrap();
    json!({
        "id": id,
        "lang": "python",
        "entry_point": entry,
        "program": format!("{entry}.py"),
        "task": format!("The tests fail. Find the bug in `{entry}` ({entry}.py) and fix it so that the tests pass. Do not change the tests. Run the tests with `python3 -m pytest -q`."),
        "fix_diff": fix_diff,
        "split": "dev",
        "source": {"dataset": "written by tests/bench_jobs_suite.rs"},
    })
    .to_string()
}

fn pytest_available() -> bool {
    Command::new("python3")
        .args(["-m", "pytest", "--version"])
        .output()
        .is_ok_and(|o| o.status.success())
}

fn bench(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tact"))
        .arg("bench-jobs")
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn bench_jobs_runs_a_jsonl_suite_and_writes_its_report() {
    if !pytest_available() {
        assert!(
            std::env::var_os("TACT_SKIP_PYTHON_SUITE").is_some(),
            "pytest is missing: `python3 -m pip install pytest` (or set TACT_SKIP_PYTHON_SUITE=1)"
        );
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let suite = tmp.path().join("suite");
    // `-` for `+`: one operator flip fixes it, and it is the reference's own line.
    let add = write_task(
        &suite,
        "tiny-add",
        "add",
        "def add(a, b):\n    \"\"\"The sum of a and b.\"\"\"\n    return a - b\n",
        "from add import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n    assert add(-1, 1) == 0\n",
        &["-    return a - b", "+", "+    return a + b"],
    );
    // A wrong comparison: an operator flip fixes it, but the reference fix is a rewrite, so the
    // fix passes the tests without being the reference.
    let larger = write_task(
        &suite,
        "tiny-larger",
        "larger",
        "def larger(a, b):\n    \"\"\"The larger of a and b.\"\"\"\n    return a if a < b else b\n",
        "from larger import larger\n\n\ndef test_larger():\n    assert larger(1, 2) == 2\n    assert larger(5, 3) == 5\n    assert larger(4, 4) == 4\n",
        &["-    return a if a < b else b", "+    return max(a, b)"],
    );
    std::fs::write(suite.join("tasks.jsonl"), format!("{add}\n{larger}\n")).unwrap();
    // Confident that a tool is needed: only enumerated edits are tried, ranked deterministically.
    let script = tmp.path().join("script.json");
    let steps: Vec<Value> = (0..8)
        .map(|_| json!({"p_tool": 0.9, "name": "stop", "args": {}}))
        .collect();
    std::fs::write(&script, Value::Array(steps).to_string()).unwrap();
    let report_dir = tmp.path().join("report");

    let out = bench(&[
        "--suite",
        suite.to_str().unwrap(),
        "--json",
        "--scripted",
        script.to_str().unwrap(),
        "--report-dir",
        report_dir.to_str().unwrap(),
        "--task-timeout-s",
        "120",
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: Value = serde_json::from_str(stdout.trim()).unwrap();
    // A tasks.jsonl suite runs without the always-call baseline unless asked.
    assert!(report.get("always_call").is_none(), "{report:#}");
    let results = report["policy"]["results"].as_array().unwrap();
    assert_eq!(results.len(), 2, "{report:#}");
    let by_id = |id: &str| {
        results
            .iter()
            .find(|r| r["id"] == id)
            .unwrap_or_else(|| panic!("{id} missing: {report:#}"))
    };
    for id in ["tiny-add", "tiny-larger"] {
        let r = by_id(id);
        assert_eq!(r["fixed"], true, "{r:#}");
        assert_eq!(r["tests_untouched"], true, "{r:#}");
        assert_eq!(r["touched_files"], json!([]), "{r:#}");
        assert_eq!(r["stop_reason"], "fixed", "{r:#}");
        assert_eq!(r["status"], "done", "{r:#}");
        assert_eq!(r["mode"], "policy");
        assert_eq!(r["lang"], "python");
        assert!(r["tool_calls"].as_u64().unwrap() >= 2, "{r:#}");
        assert!(r["wall_ms"].as_u64().unwrap() > 0, "{r:#}");
        assert!(["fit", "report"].contains(&r["part"].as_str().unwrap()));
    }
    assert_eq!(by_id("tiny-add")["equals_reference"], true);
    assert_eq!(by_id("tiny-larger")["equals_reference"], false);

    let totals = &report["policy"]["totals"];
    assert_eq!(totals["tasks"], 2);
    assert_eq!(totals["fixed"], 2);
    assert_eq!(totals["fixed_share"], 1.0);
    assert_eq!(totals["equals_reference"], 1);
    assert_eq!(totals["equals_reference_share_of_fixed"], 0.5);
    assert_eq!(
        totals["by_lang"],
        json!({"python": {"tasks": 2, "fixed": 2, "fixed_share": 1.0}})
    );
    assert_eq!(totals["stop_reasons"]["fixed"], 2);
    assert_eq!(totals["stop_reasons"]["timeout"], 0);
    assert_eq!(totals["tests_touched"], 0);

    // The report directory: a line per task as it finished, the summary, the page, the plots.
    let lines = std::fs::read_to_string(report_dir.join("results.jsonl")).unwrap();
    let lines: Vec<Value> = lines
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["id"], "tiny-add");
    let summary: Value =
        serde_json::from_str(&std::fs::read_to_string(report_dir.join("summary.json")).unwrap())
            .unwrap();
    assert_eq!(summary, report);
    let html = std::fs::read_to_string(report_dir.join("report.html")).unwrap();
    let tool_calls = std::fs::read_to_string(report_dir.join("tool_calls.svg")).unwrap();
    let by_lang = std::fs::read_to_string(report_dir.join("fixed_by_lang.svg")).unwrap();
    for id in ["tiny-add", "tiny-larger"] {
        assert!(html.contains(id), "report.html lacks {id}");
        assert!(tool_calls.contains(id), "tool_calls.svg lacks {id}");
    }
    assert!(html.contains("<svg"), "the plots are inlined");
    assert!(!html.contains("<a "), "the page has no links");
    assert!(tool_calls.starts_with("<svg") && by_lang.starts_with("<svg"));
    assert!(by_lang.contains("python") && by_lang.contains("2/2"));

    // Filters: an unknown id and an empty selection are errors, not empty reports.
    let unknown = bench(&[
        "--suite",
        suite.to_str().unwrap(),
        "--ids",
        "tiny-add,nope",
        "--scripted",
        script.to_str().unwrap(),
    ]);
    assert!(!unknown.status.success());
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("nope"));
    let none = bench(&[
        "--suite",
        suite.to_str().unwrap(),
        "--lang",
        "rust",
        "--scripted",
        script.to_str().unwrap(),
    ]);
    assert!(!none.status.success());
}

/// `tact train-ranker` on a small suite: it reproduces each failure, enumerates the candidates
/// as the job does, labels the one equal to the reference fix, fits on the `fit` part, reports
/// on the other, and writes an artifact the policy can load.
#[test]
fn train_ranker_fits_on_one_part_and_reports_on_the_other() {
    if !pytest_available() {
        assert!(std::env::var_os("TACT_SKIP_PYTHON_SUITE").is_some());
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let suite = tmp.path().join("suite");
    // Six one-operator bugs (the reference fix is enumerable) and one rewrite (it is not).
    let ops = [
        ("-", "+"),
        ("+", "-"),
        ("*", "+"),
        ("-", "*"),
        ("//", "*"),
        ("+", "*"),
    ];
    let mut lines: Vec<String> = ops
        .iter()
        .enumerate()
        .map(|(i, (bad, good))| {
            let (a, b) = (7 + i as i64, 3);
            let want = match *good {
                "+" => a + b,
                "-" => a - b,
                _ => a * b,
            };
            write_task(
                &suite,
                &format!("op-{i}"),
                &format!("f{i}"),
                &format!("def f{i}(a, b):\n    return a {bad} b\n"),
                &format!("from f{i} import f{i}\n\n\ndef test_f{i}():\n    assert f{i}({a}, {b}) == {want}\n"),
                &[&format!("-    return a {bad} b"), &format!("+    return a {good} b")],
            )
        })
        .collect();
    lines.push(write_task(
        &suite,
        "rewrite",
        "area",
        "def area(w, h):\n    return w\n",
        "from area import area\n\n\ndef test_area():\n    assert area(2, 3) == 6\n",
        &["-    return w", "+    return w * h"],
    ));
    std::fs::write(suite.join("tasks.jsonl"), lines.join("\n") + "\n").unwrap();
    let out_path = tmp.path().join("ranker.json");
    let out = Command::new(env!("CARGO_BIN_EXE_tact"))
        .args(["train-ranker", "--no-model", "--json", "--suite"])
        .arg(&suite)
        .arg("--out")
        .arg(&out_path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    let count = |part: &str, k: &str| report[part][k].as_u64().unwrap();
    assert_eq!(count("fit", "tasks") + count("report", "tasks"), 7);
    assert_eq!(
        count("fit", "enumerated") + count("report", "enumerated"),
        6,
        "{report:#}"
    );
    let ranker = tact_repair::rank::CandidateRanker::load(&out_path).unwrap();
    assert_eq!(report["ranker"], ranker.edition);
    assert!(ranker.trained_on.contains("fit part"));
}

/// Regression (examples/everyday, 2026-12-01): `bench-jobs` loaded the real model without the
/// probe the policy names, so every trigger decision compared p_tool (≈ 1e-6) with the probe's
/// τ and the model answered 20 of 34 jobs from memory. The bench loads the model as `tact run`
/// does; each job's trigger decisions are reported, and they read the probe. Real model.
#[test]
fn the_everyday_bench_reads_the_trigger_the_policy_names() {
    let suite = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/everyday");
    let out = Command::new(env!("CARGO_BIN_EXE_tact"))
        // (Not a `calc` job: arithmetic now goes to the calculator without a trigger decision.)
        .args([
            "bench-jobs",
            "--json",
            "--ids",
            "no-tool-weather",
            "--suite",
        ])
        .arg(&suite)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    let triggers = report["results"][0]["triggers"].as_array().unwrap().clone();
    assert!(!triggers.is_empty(), "{report}");
    for t in &triggers {
        let t = t.as_str().unwrap();
        assert!(t.starts_with("probe "), "{t}");
        assert!(!t.contains("no probe reading"), "{t}");
    }
}
