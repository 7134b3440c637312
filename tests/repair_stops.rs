//! Whatever ends the failing-tests job, the workspace holds either the committed, verified fix
//! or exactly what it held before: one test per way of stopping (the kill -9 loop in
//! `reliability.rs` covers crashes). The job runs as the real binary with real worker processes
//! and the real test runner; the model is scripted (the real one has `repair_model.rs`).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

use serde_json::Value;

/// Every file under `dir` (but the job's own `.tact/` and caches) with its bytes.
fn snapshot(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut files = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap().flatten() {
            let name = entry.file_name().to_string_lossy().to_string();
            if matches!(
                name.as_str(),
                ".tact" | "__pycache__" | ".pytest_cache" | "target"
            ) {
                continue;
            }
            if entry.file_type().unwrap().is_dir() {
                stack.push(entry.path());
            } else {
                let rel = entry
                    .path()
                    .strip_prefix(dir)
                    .unwrap()
                    .display()
                    .to_string();
                files.insert(rel, std::fs::read(entry.path()).unwrap());
            }
        }
    }
    files
}

/// A scratch dir holding a workspace `ws/` with `files`.
fn workspace(files: &[(&str, &str)]) -> (tempfile::TempDir, std::path::PathBuf) {
    let scratch = tempfile::tempdir().unwrap();
    let ws = scratch.path().join("ws");
    std::fs::create_dir_all(&ws).unwrap();
    for (name, text) in files {
        let path = ws.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    (scratch, ws)
}

/// The scripted model: confident a tool is needed, writes nothing of its own.
fn silent_model(dir: &Path) -> std::path::PathBuf {
    let steps: Vec<Value> = (0..8)
        .map(|_| serde_json::json!({"p_tool": 0.9, "name": "stop", "args": {}}))
        .collect();
    let path = dir.join("script.json");
    std::fs::write(&path, serde_json::to_string(&steps).unwrap()).unwrap();
    path
}

fn run(ws: &Path, script: &Path, extra: &[&str]) -> (i32, Vec<Value>) {
    run_task(ws, script, "the tests fail; find the bug and fix it", extra)
}

fn run_task(ws: &Path, script: &Path, task: &str, extra: &[&str]) -> (i32, Vec<Value>) {
    let out = Command::new(env!("CARGO_BIN_EXE_tact"))
        .args(["run", "--json", "--workspace"])
        .arg(ws)
        .arg("--scripted")
        .arg(script)
        .args(["--task", task])
        .args(extra)
        .output()
        .unwrap();
    let events = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect();
    (out.status.code().unwrap_or(-1), events)
}

/// Run the job with the silent model; it must end `done` with exit code 0.
fn fixed_without_the_model(scratch: &Path, ws: &Path) -> Vec<Value> {
    let script = silent_model(scratch);
    let (code, events) = run(ws, &script, &[]);
    let end = done(&events);
    assert_eq!(end["status"], "done", "{end}");
    assert_eq!(code, 0);
    events
}

/// Run the job on `files` with the silent model: it must end `done`, by an edit of the family
/// `origin` (when given), leave `file` holding `fragment`, and take at most `max_calls` calls.
fn assert_fixed_by(
    files: &[(&str, &str)],
    origin: Option<&str>,
    file: &str,
    fragment: &str,
    max_calls: u64,
) {
    let (scratch, ws) = workspace(files);
    let events = fixed_without_the_model(scratch.path(), &ws);
    let end = done(&events);
    if let Some(origin) = origin {
        assert!(
            end["summary"]
                .as_str()
                .unwrap()
                .contains(&format!("({origin})")),
            "{end}"
        );
    }
    let text = std::fs::read_to_string(ws.join(file)).unwrap();
    assert!(text.contains(fragment), "{text}\n{end}");
    let calls = end["usage"]["tool_calls"].as_u64().unwrap();
    assert!(calls <= max_calls, "{calls} tool calls");
}

fn done(events: &[Value]) -> &Value {
    events
        .iter()
        .rev()
        .find(|e| e["event"] == "done")
        .expect("a done event")
}

fn decisions<'a>(events: &'a [Value], node: &str) -> Vec<&'a Value> {
    events
        .iter()
        .filter(|e| e["event"] == "decision" && e["node"] == node)
        .map(|e| &e["detail"])
        .collect()
}

/// A bug no enumerated edit fixes (the side must be squared and halved): there are candidates,
/// and every probe fails.
const UNFIXABLE: &[(&str, &str)] = &[
    ("area.py", "def area(side):\n    return side * 3\n"),
    (
        "test_area.py",
        "from area import area\n\n\ndef test_area():\n    assert area(4) == 8\n    assert area(2) == 2\n",
    ),
    ("pytest.ini", "[pytest]\n"),
];

/// Regression (HumanEvalFix, `budget_exhausted` left `idx2 < threshold` in the user's file): a
/// job that runs out of budget mid-way leaves the workspace exactly as it found it.
#[test]
fn a_budget_stop_leaves_the_workspace_untouched() {
    let (scratch, ws) = workspace(UNFIXABLE);
    let before = snapshot(&ws);
    let script = silent_model(scratch.path());
    let (code, events) = run(&ws, &script, &["--max-tool-calls", "8"]);
    let end = done(&events);
    assert_eq!(end["status"], "budget_exhausted", "{end}");
    assert_eq!(code, 3, "a budget stop has its own exit code");
    assert!(
        end["summary"]
            .as_str()
            .unwrap()
            .contains("workspace is unchanged"),
        "{end}"
    );
    // The probes ran (each one call, none past the commit reserve) and none touched the files.
    let probes = decisions(&events, "probe_verdict");
    assert!(!probes.is_empty() && probes.len() <= 8 - 3, "{probes:?}");
    assert!(probes.iter().all(|p| p["passed"] == false));
    assert_eq!(snapshot(&ws), before);
}

/// When every candidate has been probed and none passed, the job says so and nothing changed.
#[test]
fn nothing_left_to_try_leaves_the_workspace_untouched() {
    let (scratch, ws) = workspace(UNFIXABLE);
    let before = snapshot(&ws);
    let script = silent_model(scratch.path());
    let (code, events) = run(&ws, &script, &[]);
    let end = done(&events);
    assert_eq!(end["status"], "stopped", "{end}");
    assert_eq!(code, 6, "a stop has its own exit code");
    assert!(
        end["summary"]
            .as_str()
            .unwrap()
            .starts_with("nothing left to try"),
        "{end}"
    );
    let probes = decisions(&events, "probe_verdict");
    assert!(probes.len() >= 3, "{probes:?}");
    assert!(probes.iter().all(|p| p["passed"] == false));
    assert_eq!(snapshot(&ws), before);
}

/// A wall-time stop between probes: same guarantee.
#[test]
fn a_wall_time_stop_leaves_the_workspace_untouched() {
    let mut files = UNFIXABLE.to_vec();
    // Every test run takes a while, so the one-second ceiling is reached mid-job.
    files[1] = (
        "test_area.py",
        "import time\nfrom area import area\n\n\ndef test_area():\n    time.sleep(0.4)\n    assert area(4) == 8\n    assert area(2) == 2\n",
    );
    let (scratch, ws) = workspace(&files);
    let before = snapshot(&ws);
    let script = silent_model(scratch.path());
    let (_, events) = run(&ws, &script, &["--max-seconds", "1"]);
    let end = done(&events);
    assert_eq!(end["status"], "budget_exhausted", "{end}");
    assert_eq!(snapshot(&ws), before);
}

/// Among passing candidates the smallest edit is committed, the others stay as evidence, and
/// the test file is never edited (the guard refuses test edits in this job).
#[test]
fn the_least_change_wins_and_tests_are_never_edited() {
    let (scratch, ws) = workspace(&[
        (
            "count.py",
            "def count_below(xs, limit):\n    return len([x for x in xs if x < limit - 1])\n",
        ),
        (
            "test_count.py",
            "from count import count_below\n\n\ndef test_count():\n    assert count_below([1, 2, 3], 3) == 2\n    assert count_below([5], 6) == 1\n",
        ),
        ("pytest.ini", "[pytest]\n"),
    ]);
    let test_before = std::fs::read(ws.join("test_count.py")).unwrap();
    let script = silent_model(scratch.path());
    let (code, events) = run(&ws, &script, &[]);
    let end = done(&events);
    assert_eq!(end["status"], "done", "{end}");
    assert_eq!(code, 0);
    // The committed edit is the smallest of the passing probes; it is what the file holds.
    let passing: Vec<&Value> = decisions(&events, "probe_verdict")
        .into_iter()
        .filter(|p| p["passed"] == true)
        .collect();
    assert!(!passing.is_empty());
    let smallest = passing
        .iter()
        .map(|p| p["edit_tokens"].as_u64().unwrap())
        .min()
        .unwrap();
    let kept = decisions(&events, "tests_decide");
    let committed = kept.last().unwrap();
    assert_eq!(committed["judgement"], "Fixed");
    let committed_probe = passing
        .iter()
        .find(|p| p["new_line"] == committed["new_line"])
        .unwrap();
    assert_eq!(committed_probe["edit_tokens"].as_u64().unwrap(), smallest);
    // The checkpoint says how: the passing routes' Pareto front, the declared rule and the
    // chosen route (the committed one), and the ⟨F, G, R⟩ the verdicts support.
    let checkpoint = &events
        .iter()
        .rev()
        .find(|e| e["type"] == "checkpoint")
        .unwrap()["checkpoint"];
    let choice = &checkpoint["route_choice"];
    assert!(choice["rule"].as_str().unwrap().starts_with("least change"));
    let chosen = &choice["routes"][choice["chosen"].as_u64().unwrap() as usize];
    assert!(
        chosen["route"]
            .as_str()
            .unwrap()
            .contains(committed["new_line"].as_str().unwrap().trim()),
        "{choice}"
    );
    assert!(
        choice["front"]
            .as_array()
            .unwrap()
            .contains(&choice["chosen"])
    );
    assert_eq!(chosen["edit_size"].as_u64().unwrap(), smallest);
    let assurance = &checkpoint["assurance"];
    assert_eq!(assurance["formality"], 2, "{assurance}");
    assert!(assurance["verified"].as_u64().unwrap() >= 2, "{assurance}");
    // The probe ran the whole suite on exactly the sources the workspace now holds (same tree
    // digest): that run confirms the commit, and the suite is not run a second time.
    assert_eq!(
        committed["evidence"], committed_probe["work_id"],
        "{committed}"
    );
    let tool_calls: Vec<&str> = events
        .iter()
        .filter(|e| e["event"] == "call")
        .map(|e| e["tool"].as_str().unwrap())
        .collect();
    assert_eq!(tool_calls.first(), Some(&"run_tests"), "{tool_calls:?}");
    assert_eq!(tool_calls.last(), Some(&"apply_edit"), "{tool_calls:?}");
    // No read_file call: the job reads the sources itself, as localization does, and the
    // probes' reports of what the file held satisfy the guard's read-before-write.
    assert!(!tool_calls.contains(&"read_file"), "{tool_calls:?}");
    assert_eq!(
        tool_calls.iter().filter(|t| **t == "run_tests").count(),
        1,
        "{tool_calls:?}"
    );
    let fixed = std::fs::read_to_string(ws.join("count.py")).unwrap();
    assert_eq!(
        fixed,
        format!(
            "def count_below(xs, limit):\n{}\n",
            committed["new_line"].as_str().unwrap()
        )
    );
    if passing.len() > 1 {
        assert!(
            end["summary"].as_str().unwrap().contains("also passing"),
            "{end}"
        );
    }
    assert_eq!(
        std::fs::read(ws.join("test_count.py")).unwrap(),
        test_before
    );
}

/// Provenance (issue 16): every call record names the process that really ran the call — the
/// worker's pid for worker tools, the job's own for `mutate` (never 0) — and `mutate`'s
/// observation passed the trust gate like any other call (before: recorded as verified without
/// being checked, with an output its schema refused).
#[test]
fn call_records_name_their_process_and_mutate_passes_the_trust_gate() {
    use tact_runtime::ledger::{LedgerEntry, read_ledger};
    use tact_runtime::records::TrustVerdict;

    let (scratch, ws) = workspace(UNFIXABLE);
    let script = silent_model(scratch.path());
    let (_, events) = run(&ws, &script, &["--max-tool-calls", "8"]);
    done(&events);
    let jobs: Vec<_> = std::fs::read_dir(ws.join(".tact/jobs"))
        .unwrap()
        .flatten()
        .collect();
    assert_eq!(jobs.len(), 1);
    let (records, _) = read_ledger(&jobs[0].path().join("ledger.bin")).unwrap();
    let outcomes: Vec<_> = records
        .iter()
        .filter_map(|r| match &r.entry {
            LedgerEntry::Outcome { record } => Some(record),
            _ => None,
        })
        .collect();
    let job_pid = outcomes
        .iter()
        .find(|r| r.tool_ref.name == "mutate")
        .map(|r| r.performer.process_id)
        .expect("a mutate row");
    let mut worker_rows = 0;
    for record in &outcomes {
        assert_ne!(record.performer.process_id, 0, "{record:?}");
        if record.tool_ref.name == "mutate" {
            assert_eq!(record.verdict, TrustVerdict::Verified, "{record:?}");
            let candidates = record.outputs["candidates"].as_array().unwrap();
            assert!(!candidates.is_empty());
            assert!(candidates[0]["new_text"].is_string());
        } else {
            worker_rows += 1;
            assert_ne!(record.performer.process_id, job_pid, "{record:?}");
        }
    }
    assert!(worker_rows >= 2, "the failing run and at least one probe");
}

/// A policy file: the default one with `edits` applied (each `from` must be in it).
fn policy_with(dir: &Path, name: &str, edits: &[(&str, &str)]) -> std::path::PathBuf {
    let mut text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("policies/default-policy.toml"),
    )
    .unwrap();
    for (from, to) in edits {
        assert!(text.contains(from), "{from}");
        text = text.replace(from, to);
    }
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// A policy file: the default one with the line setting `key` set to `value` instead.
fn policy_setting(dir: &Path, name: &str, key: &str, value: &str) -> std::path::PathBuf {
    policy_settings(dir, name, &[(key, value)])
}

/// The default policy with `settings` (`key = value` lines it has) changed, written to `name`.
fn policy_settings(dir: &Path, name: &str, settings: &[(&str, &str)]) -> std::path::PathBuf {
    let mut text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("policies/default-policy.toml"),
    )
    .unwrap();
    for (key, value) in settings {
        let prefix = format!("{key} = ");
        assert!(text.lines().any(|l| l.starts_with(&prefix)), "{key}");
        let lines: Vec<String> = text
            .lines()
            .map(|l| {
                if l.starts_with(&prefix) {
                    format!("{prefix}{value}")
                } else {
                    l.to_string()
                }
            })
            .collect();
        text = lines.join("\n") + "\n";
    }
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// The probe verdicts in the order they were recorded, as (passed, edit size).
fn verdicts(events: &[Value]) -> Vec<(bool, u64)> {
    decisions(events, "probe_verdict")
        .into_iter()
        .map(|p| (p["passed"] == true, p["edit_tokens"].as_u64().unwrap()))
        .collect()
}

/// `[repair] smaller_lookahead` (issue 12, tool calls): at 0, the default, probing ends with
/// the batch of the first pass; above 0, later probes are never of larger edits than the
/// smallest passing one.
#[test]
fn probing_stops_at_the_first_pass_unless_the_policy_looks_further() {
    let files = [
        (
            "count.py",
            "def count_below(xs, limit):\n    return len([x for x in xs if x < limit - 1])\n",
        ),
        (
            "test_count.py",
            "from count import count_below\n\n\ndef test_count():\n    assert count_below([1, 2, 3], 3) == 2\n    assert count_below([5], 6) == 1\n",
        ),
        ("pytest.ini", "[pytest]\n"),
    ];
    let (scratch, ws) = workspace(&files);
    let one_slot = policy_with(
        scratch.path(),
        "p0.toml",
        &[("probe_slots = 0", "probe_slots = 1")],
    );
    let script = silent_model(scratch.path());
    let (_, events) = run(&ws, &script, &["--policy", one_slot.to_str().unwrap()]);
    assert_eq!(done(&events)["status"], "done");
    let seen = verdicts(&events);
    let first_pass = seen.iter().position(|v| v.0).unwrap();
    assert_eq!(first_pass + 1, seen.len(), "{seen:?}");

    let (scratch, ws) = workspace(&files);
    let further = policy_with(
        scratch.path(),
        "p9.toml",
        &[
            ("probe_slots = 0", "probe_slots = 1"),
            ("smaller_lookahead = 0", "smaller_lookahead = 9"),
        ],
    );
    let script = silent_model(scratch.path());
    let (_, events) = run(&ws, &script, &["--policy", further.to_str().unwrap()]);
    assert_eq!(done(&events)["status"], "done");
    let seen = verdicts(&events);
    let first_pass = seen.iter().position(|v| v.0).unwrap();
    assert!(seen.len() > first_pass + 1, "{seen:?}");
    let mut best = seen[first_pass].1;
    for (passed, size) in &seen[first_pass + 1..] {
        assert!(*size <= best, "{seen:?}");
        if *passed {
            best = *size;
        }
    }
}

/// The job's probe order (the `probe_allocation` decision) says `expected`.
fn assert_probe_order(events: &[Value], expected: &str) {
    let order = decisions(events, "probe_allocation")[0]["order"].clone();
    assert!(order.as_str().unwrap().contains(expected), "{order}");
}

/// Issue 16 item 6 (C.24 ATC-2): the model's proposals, the general method, go before the
/// `mutate` enumeration, a hand-set heuristic, unless the plan carries a live BLP waiver for
/// the enumeration; the built-in policy has one, and the probe order names it.
#[test]
fn the_enumeration_goes_first_only_under_its_blp_waiver() {
    let files = [
        (
            "count.py",
            "def count_below(xs, limit):\n    return len([x for x in xs if x < limit - 1])\n",
        ),
        (
            "test_count.py",
            "from count import count_below\n\n\ndef test_count():\n    assert count_below([1, 2, 3], 3) == 2\n",
        ),
        ("pytest.ini", "[pytest]\n"),
    ];
    // Where the first model completion and the first probe verdict fall among the decisions.
    let first = |events: &[Value], what: &dyn Fn(&Value) -> bool| {
        events
            .iter()
            .filter(|e| e["type"] == "decision")
            .position(what)
    };
    let is_completion =
        |e: &Value| e["node"] == "selector" && e["detail"].get("completion").is_some();
    let is_probe = |e: &Value| e["node"] == "probe_verdict";

    let (scratch, ws) = workspace(&files);
    let script = silent_model(scratch.path());
    let (_, events) = run(&ws, &script, &[]);
    assert_eq!(done(&events)["status"], "done");
    assert_probe_order(&events, "BLP waiver `enumerated_first`");
    let probe = first(&events, &is_probe).unwrap();
    assert!(first(&events, &is_completion).is_none_or(|c| c > probe));

    let (scratch, ws) = workspace(&files);
    let no_waiver = scratch.path().join("no-waiver.toml");
    std::fs::write(&no_waiver, "[blp]\nwaivers = []\n").unwrap();
    let script = silent_model(scratch.path());
    let (_, events) = run(&ws, &script, &["--policy", no_waiver.to_str().unwrap()]);
    assert_eq!(done(&events)["status"], "done");
    assert_probe_order(&events, "the model's proposals first");
    let completion = first(&events, &is_completion).expect("the model was asked to write");
    assert!(completion < first(&events, &is_probe).unwrap());
}

/// Concurrent probes (issue 12): with two probe slots, probes of one job go out two at a time,
/// each in its own scratch copy and worker process, and the workspace is still untouched.
#[test]
fn probes_run_side_by_side_in_their_own_slots_and_workers() {
    use tact_runtime::ledger::{LedgerEntry, read_ledger};

    let (scratch, ws) = workspace(UNFIXABLE);
    let before = snapshot(&ws);
    let policy_text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("policies/default-policy.toml"),
    )
    .unwrap()
    .replace("probe_slots = 0", "probe_slots = 2");
    assert!(policy_text.contains("probe_slots = 2"));
    let policy = scratch.path().join("policy.toml");
    std::fs::write(&policy, policy_text).unwrap();
    let script = silent_model(scratch.path());
    let (_, events) = run(
        &ws,
        &script,
        &[
            "--max-tool-calls",
            "12",
            "--policy",
            policy.to_str().unwrap(),
        ],
    );
    done(&events);
    assert_eq!(snapshot(&ws), before);

    let job = std::fs::read_dir(ws.join(".tact/jobs"))
        .unwrap()
        .flatten()
        .next()
        .unwrap()
        .path();
    for slot in ["slot-0", "slot-1"] {
        assert!(
            job.join("tmp/probes").join(slot).is_dir(),
            "{slot} was used"
        );
    }
    let (records, _) = read_ledger(&job.join("ledger.bin")).unwrap();
    let probes: Vec<_> = records
        .iter()
        .filter_map(|r| match &r.entry {
            LedgerEntry::Outcome { record } if record.tool_ref.name == "probe_edit" => Some(record),
            _ => None,
        })
        .collect();
    assert!(probes.len() >= 4, "{}", probes.len());
    // A pair sent together: slots 0 and 1, two worker processes, overlapping in time.
    let pair = probes
        .windows(2)
        .find(|w| w[0].inputs.get("slot").is_none() && w[1].inputs["slot"] == 1)
        .expect("a probe in slot 1 right after one in slot 0");
    assert_ne!(pair[0].performer.process_id, pair[1].performer.process_id);
    assert!(pair[1].started_ms < pair[0].ended_ms);
    assert_eq!(pair[1].outputs["output"]["scratch"], "probes/slot-1");
}

/// A job whose scripted model writes only these completions (text ending with the first is
/// continued with the second); it must end fixed. Returns its events.
fn fixed_with_completions(dir: &Path, ws: &Path, rules: &[(&str, &str)]) -> Vec<Value> {
    let mut steps: Vec<Value> = (0..8)
        .map(|_| serde_json::json!({"p_tool": 0.9, "name": "stop", "args": {}}))
        .collect();
    for (after, completion) in rules {
        steps.push(serde_json::json!({"complete_after": after, "completion": completion}));
    }
    let script = dir.join("script.json");
    std::fs::write(&script, serde_json::to_string(&steps).unwrap()).unwrap();
    let (code, events) = run(ws, &script, &[]);
    let end = done(&events);
    assert_eq!(end["status"], "done", "{end}");
    assert_eq!(code, 0);
    events
}

/// The model writes a two-line hunk (issue 12 item 5): no single-line edit passes here (the
/// factor and the offset are both wrong), the model rewrites the first line and goes on to the
/// next, and the hunk is committed with everything outside it byte-identical.
#[test]
fn a_model_written_two_line_hunk_is_probed_and_committed() {
    let source = "def scale(x):\n    y = x * 2\n    z = y + 1\n    return z\n\n\ndef other():\n    return 1\n";
    let (scratch, ws) = workspace(&[
        ("scale.py", source),
        (
            "test_scale.py",
            "from scale import scale\n\n\ndef test_scale():\n    assert scale(3) == 8\n    assert scale(1) == 2\n",
        ),
        ("pytest.ini", "[pytest]\n"),
    ]);
    let events = fixed_with_completions(
        scratch.path(),
        &ws,
        &[("    y = x *", " 3"), ("    y = x * 3\n", "    z = y - 1")],
    );
    let committed = decisions(&events, "tests_decide");
    let committed = committed.last().unwrap();
    assert_eq!(committed["judgement"], "Fixed", "{committed}");
    assert_eq!(
        std::fs::read_to_string(ws.join("scale.py")).unwrap(),
        source.replace(
            "    y = x * 2\n    z = y + 1\n",
            "    y = x * 3\n    z = y - 1\n"
        )
    );
    let proposals = decisions(&events, "proposals");
    assert!(
        proposals.iter().any(|p| p["edits"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["replacement"].as_array().unwrap().len() == 2)),
        "{proposals:?}"
    );
    // A line edit passed: the function was never rewritten.
    assert!(
        !proposals
            .iter()
            .any(|p| p["written_by"] == "model (function rewrite)"),
        "{proposals:?}"
    );
}

/// The model wraps a whole expression (issue 12 item 5: a Rust fix `(…).sqrt()` must be
/// writable): no enumerated edit and no kept prefix of the line can start the expression with
/// a parenthesis, so the job offers the model the expression wrapped and a dot, and the model
/// names the method; the wrap is committed and nothing else in the file changes.
#[test]
fn a_model_written_wrap_of_a_rust_expression_is_committed() {
    let source = "/// Length of the hypotenuse of a right triangle with legs `a` and `b`.\npub fn hypotenuse(a: f64, b: f64) -> f64 {\n    a * a + b * b\n}\n\n#[cfg(test)]\nmod tests {\n    use super::*;\n\n    #[test]\n    fn three_four_five() {\n        assert_eq!(hypotenuse(3.0, 4.0), 5.0);\n    }\n}\n";
    let (scratch, ws) = workspace(&[
        (
            "Cargo.toml",
            "[package]\nname = \"legs\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[workspace]\n",
        ),
        ("src/lib.rs", source),
    ]);
    let events = fixed_with_completions(scratch.path(), &ws, &[("    (a * a + b * b).", "sqrt()")]);
    assert_eq!(
        std::fs::read_to_string(ws.join("src/lib.rs")).unwrap(),
        source.replace("    a * a + b * b\n", "    (a * a + b * b).sqrt()\n")
    );
    let proposals = decisions(&events, "proposals");
    assert!(
        proposals.iter().any(|p| p["edits"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["replacement"][0] == "    (a * a + b * b).sqrt()")),
        "{proposals:?}"
    );
}

/// The function rewrite (`repair.rewrites`): the bug is a missing statement that no edit of
/// an existing line makes, so every enumerated and line-written candidate fails; the model then
/// writes the body again after the function's header and docstring. Its rewrite makes two
/// hunks — the missing statement, and a comment on the last line — and the hunk that passes
/// alone is committed, not the whole rewrite.
#[test]
fn a_missing_statement_is_written_by_the_function_rewrite_and_only_its_passing_hunk_committed() {
    let source = "def sort_third(l: list):\n    \"\"\"The items at indices divisible by three sorted among themselves; the others\n    where they are.\"\"\"\n    l = list(l)\n    n = len(l)\n    return l[:n]\n";
    let (scratch, ws) = workspace(&[
        ("sort_third.py", source),
        (
            "test_sort_third.py",
            "from sort_third import sort_third\n\n\ndef test_sort_third():\n    assert sort_third([5, 6, 3, 4, 8, 9, 2]) == [2, 6, 3, 4, 8, 9, 5]\n    assert sort_third([1, 2, 3]) == [1, 2, 3]\n",
        ),
        ("pytest.ini", "[pytest]\n"),
    ]);
    let events = fixed_with_completions(
        scratch.path(),
        &ws,
        &[(
            "where they are.\"\"\"\n",
            "    l = list(l)\n    l[::3] = sorted(l[::3])\n    n = len(l)\n    return l[:n]  # all of it\n```",
        )],
    );
    assert_eq!(
        std::fs::read_to_string(ws.join("sort_third.py")).unwrap(),
        source.replace(
            "    l = list(l)\n",
            "    l = list(l)\n    l[::3] = sorted(l[::3])\n"
        )
    );
    let rewrites: Vec<&Value> = decisions(&events, "proposals")
        .into_iter()
        .filter(|p| p["written_by"] == "model (function rewrite)")
        .collect();
    // A rewrite at a time: a hunk of the first one passed, so no sample was asked for.
    assert_eq!(rewrites.len(), 1, "asked once: {rewrites:?}");
    let edits = rewrites[0]["edits"].as_array().unwrap();
    // The two hunks, then the whole rewrite.
    assert_eq!(edits.len(), 3, "{edits:?}");
    assert_eq!(
        edits[2]["replacement"].as_array().unwrap().len(),
        4,
        "the whole body, without the closing fence: {edits:?}"
    );
}

/// The second round of rewrites reads the failing test: the first round's rewrite (from the
/// docstring alone) fails, the writer is then shown the failing assertion and its rewrite
/// passes; the proposals record both rounds, and only the second shows the test.
#[test]
fn the_rewrites_that_read_the_failing_test_come_after_those_that_did_not() {
    let (scratch, ws) = workspace(&SORT_THIRD_UNSPECIFIED);
    let rules = [
        serde_json::json!({
            "complete_after": "in a way.\"\"\"\n",
            "shown": "assert sort_third([5, 6, 3, 4, 8, 9, 2]) == [2, 6, 3, 4, 8, 9, 5]",
            "completion": "    l = list(l)\n    l[::3] = sorted(l[::3])\n    return l\n```",
        }),
        serde_json::json!({
            "complete_after": "in a way.\"\"\"\n",
            "completion": "    return sorted(l)\n```",
        }),
    ];
    let events = rewritten_by(scratch.path(), &ws, &rules);
    assert_eq!(done(&events)["status"], "done");
    assert!(
        std::fs::read_to_string(ws.join("sort_third.py"))
            .unwrap()
            .contains("    l[::3] = sorted(l[::3])\n"),
    );
    // One proposal a rewrite, each probed before the next is written: the first round's eight
    // (the greedy one, then seven samples that write nothing), then the first rewrite that
    // reads the test, which passes, so the second round's other seven are never written.
    let rounds = decisions(&events, "proposals")
        .into_iter()
        .filter(|p| p["written_by"] == "model (function rewrite)")
        .map(|p| p["edits"].as_array().unwrap().clone())
        .collect::<Vec<_>>();
    assert_eq!(rounds.len(), 9, "{rounds:?}");
    assert_eq!(
        rounds[0][0]["replacement"],
        serde_json::json!(["    return sorted(l)"])
    );
    assert!(rounds[1..8].iter().all(Vec::is_empty), "{rounds:?}");
    assert!(
        rounds[8]
            .iter()
            .any(|e| e["replacement"][1] == "    l[::3] = sorted(l[::3])"),
        "{rounds:?}"
    );
}

/// A rewrite that returns what the failing test expects instead of computing it passes the
/// test and fixes nothing: it is set aside unprobed, and the job ends unfixed with the
/// workspace as it was.
#[test]
fn a_rewrite_that_returns_the_expected_value_is_set_aside_not_committed() {
    let (scratch, ws) = workspace(&SORT_THIRD_UNSPECIFIED);
    let rules = [serde_json::json!({
        "complete_after": "in a way.\"\"\"\n",
        "shown": "These tests fail",
        "completion": "    return [2, 6, 3, 4, 8, 9, 5]\n```",
    })];
    let events = rewritten_by(scratch.path(), &ws, &rules);
    assert_ne!(done(&events)["status"], "done", "{:?}", done(&events));
    assert_eq!(
        std::fs::read_to_string(ws.join("sort_third.py")).unwrap(),
        SORT_THIRD_UNSPECIFIED[0].1
    );
    let set_aside: Vec<Value> = decisions(&events, "proposals")
        .into_iter()
        .filter(|p| p["written_by"] == "model (function rewrite)")
        .flat_map(|p| p["set_aside"].as_array().unwrap().clone())
        .collect();
    assert!(
        set_aside.iter().any(|s| s["reason"]
            .as_str()
            .unwrap()
            .contains("writes what the failing tests expect: [2,6,3,4,8,9,5]")),
        "{set_aside:?}"
    );
    assert!(
        decisions(&events, "probe_verdict")
            .iter()
            .all(|p| p["passed"] != true),
        "nothing passed, the copied value was never probed"
    );
}

/// A function whose docstring says little and whose body is missing a statement.
const SORT_THIRD_UNSPECIFIED: [(&str, &str); 3] = [
    (
        "sort_third.py",
        "def sort_third(l: list):\n    \"\"\"Sorted, in a way.\"\"\"\n    l = list(l)\n    n = len(l)\n    return l[:n]\n",
    ),
    (
        "test_sort_third.py",
        "from sort_third import sort_third\n\n\ndef test_sort_third():\n    assert sort_third([5, 6, 3, 4, 8, 9, 2]) == [2, 6, 3, 4, 8, 9, 5]\n",
    ),
    ("pytest.ini", "[pytest]\n"),
];

/// Runs the job with the scripted model's write rules (`complete_after` steps) after eight
/// confident stops, under the default policy with the second round of rewrites on
/// (`test_rewrites = 4`; the default has it off).
fn rewritten_by(dir: &Path, ws: &Path, rules: &[Value]) -> Vec<Value> {
    let mut steps: Vec<Value> = (0..8)
        .map(|_| serde_json::json!({"p_tool": 0.9, "name": "stop", "args": {}}))
        .collect();
    steps.extend(rules.iter().cloned());
    let script = dir.join("script.json");
    std::fs::write(&script, serde_json::to_string(&steps).unwrap()).unwrap();
    let policy = policy_setting(dir, "test-rewrites.toml", "test_rewrites", "4");
    run(ws, &script, &["--policy", policy.to_str().unwrap()]).1
}

/// The rewrites keep their share of a budget: the enumeration here has more candidates than
/// the 24 calls allow, so without the reserve the budget would stop the job before the model
/// wrote anything; with `rewrites = 2` the last calls go to the rewrite, which fixes it.
#[test]
fn the_rewrites_keep_their_share_of_a_budget_the_enumeration_would_spend() {
    let source = "def sort_third(l: list):\n    \"\"\"The items at indices divisible by three sorted among themselves.\"\"\"\n    l = list(l)\n    a = len(l) + 1\n    b = a * 2 - 1\n    c = b // 3 + a - 2\n    d = [x + 1 for x in l if x > 0 and x < 100]\n    e = (a + b) * (c - len(d)) + 3\n    return l if e != 7 or a > 2 else l[:1]\n";
    let (scratch, ws) = workspace(&[
        ("sort_third.py", source),
        (
            "test_sort_third.py",
            "from sort_third import sort_third\n\n\ndef test_sort_third():\n    assert sort_third([5, 6, 3, 4, 8, 9, 2]) == [2, 6, 3, 4, 8, 9, 5]\n",
        ),
        ("pytest.ini", "[pytest]\n"),
    ]);
    let fixed_body = "    l = list(l)\n    l[::3] = sorted(l[::3])\n    return l\n";
    let mut steps: Vec<Value> = (0..8)
        .map(|_| serde_json::json!({"p_tool": 0.9, "name": "stop", "args": {}}))
        .collect();
    steps.push(serde_json::json!({
        "complete_after": "among themselves.\"\"\"\n",
        "completion": fixed_body,
    }));
    let script = scratch.path().join("script.json");
    std::fs::write(&script, serde_json::to_string(&steps).unwrap()).unwrap();
    let policy = policy_setting(scratch.path(), "rewrites.toml", "rewrites", "2");
    let (_, events) = run(
        &ws,
        &script,
        &[
            "--max-tool-calls",
            "24",
            "--policy",
            policy.to_str().unwrap(),
        ],
    );
    let end = done(&events);
    assert_eq!(end["status"], "done", "{end}");
    let ranked = decisions(&events, "rank");
    let enumerated = ranked
        .iter()
        .map(|r| r["candidates"].as_u64().unwrap_or(0) as usize)
        .max()
        .unwrap_or(0);
    let probes = decisions(&events, "probe_verdict");
    assert!(
        enumerated > probes.len(),
        "{enumerated} candidates, {} probes",
        probes.len()
    );
    assert!(
        probes
            .iter()
            .any(|p| p["passed"] == true && p["origin"] == "model"),
        "{probes:?}"
    );
    assert!(
        std::fs::read_to_string(ws.join("sort_third.py"))
            .unwrap()
            .contains("    l[::3] = sorted(l[::3])\n"),
    );
}

/// probe40-python-01's shape: a 12-hour clock that misses its midnight hour.
const MIDNIGHT_CLOCK: &str = "def format_clock_12h(minutes: int) -> str:\n    \"\"\"Minutes since midnight as a 12-hour clock, \"H:MM AM\"; midnight is 12:00 AM.\"\"\"\n    hour, minute = divmod(minutes, 60)\n    suffix = \"AM\" if hour < 12 else \"PM\"\n    hour = hour % 12\n    return f\"{hour}:{minute:02d} {suffix}\"\n";

fn clock_workspace() -> (tempfile::TempDir, std::path::PathBuf) {
    workspace(&[
        ("clock.py", MIDNIGHT_CLOCK),
        (
            "test_clock.py",
            "from clock import format_clock_12h\n\n\ndef test_clock():\n    assert format_clock_12h(545) == \"9:05 AM\"\n    assert format_clock_12h(0) == \"12:00 AM\"\n    assert format_clock_12h(720) == \"12:00 PM\"\n",
        ),
        ("pytest.ini", "[pytest]\n"),
    ])
}

/// A script whose decisions all stop and whose writer answers by `rule`.
fn writer_script(dir: &Path, rule: Value) -> std::path::PathBuf {
    let mut steps: Vec<Value> = (0..8)
        .map(|_| serde_json::json!({"p_tool": 0.9, "name": "stop", "args": {}}))
        .collect();
    steps.push(rule);
    let script = dir.join("script.json");
    std::fs::write(&script, serde_json::to_string(&steps).unwrap()).unwrap();
    script
}

/// The writer's fill before the clock's `return` (its start `branch`, if any) writes the
/// missing midnight branch.
fn midnight_branch_script(dir: &Path, branch: Option<usize>) -> std::path::PathBuf {
    let mut rule = serde_json::json!({
        "complete_after": "    hour = hour % 12\n    ",
        "shown": "return f\"{hour}",
        "completion": "if hour == 0:\n        hour = 12",
    });
    if let Some(branch) = branch {
        rule["branch"] = serde_json::json!(branch);
    }
    writer_script(dir, rule)
}

const MIDNIGHT_CLOCK_FIXED: &str = "def format_clock_12h(minutes: int) -> str:\n    \"\"\"Minutes since midnight as a 12-hour clock, \"H:MM AM\"; midnight is 12:00 AM.\"\"\"\n    hour, minute = divmod(minutes, 60)\n    suffix = \"AM\" if hour < 12 else \"PM\"\n    hour = hour % 12\n    if hour == 0:\n        hour = 12\n    return f\"{hour}:{minute:02d} {suffix}\"\n";

/// probe40-python-01's shape: the 12-hour clock misses its midnight hour, a branch no edit of
/// an existing line makes. The writer's fill before the `return` (it sees the return below the
/// gap) inserts the branch; the budget is smaller than the enumeration, and the fills keep
/// their share of it (two lines' worth: the calls left then afford the best two lines).
#[test]
fn a_fill_before_the_return_inserts_the_missing_midnight_branch() {
    let (scratch, ws) = clock_workspace();
    let script = midnight_branch_script(scratch.path(), None);
    let policy = policy_setting(scratch.path(), "fills.toml", "fills", "6");
    let (_, events) = run(
        &ws,
        &script,
        &[
            "--max-tool-calls",
            "40",
            "--policy",
            policy.to_str().unwrap(),
        ],
    );
    let end = done(&events);
    assert_eq!(end["status"], "done", "{end}");
    // A line's fills at a time, each probed before the next line is filled: the fills end
    // with the line whose fill passed (of the two lines the calls afford).
    let fills = fill_rounds(&events);
    assert!((1..=2).contains(&fills.len()), "{fills:?}");
    let last = fills.last().unwrap()["edits"].as_array().unwrap();
    assert!(
        last.iter()
            .any(|e| e["replacement"][0] == "    if hour == 0:"),
        "{last:?}"
    );
    let verdicts = decisions(&events, "probe_verdict");
    let passed: Vec<&Value> = verdicts
        .into_iter()
        .filter(|p| p["passed"] == true)
        .collect();
    assert!(
        !passed.is_empty() && passed.iter().all(|p| p["origin"] == "model"),
        "{passed:?}"
    );
    assert_eq!(
        std::fs::read_to_string(ws.join("clock.py")).unwrap(),
        MIDNIGHT_CLOCK_FIXED
    );
}

/// probe44-py-15: the polyline's length never adds the closing segment. The writer's fill
/// before `return total` writes the missing branch; the fills go a line at a time, each line's
/// fills probed before the next line is written, so the job ends with the line whose fill
/// passed (the bug: all six lines were filled first, and the fix, written second, was probed
/// a hundred seconds later, after the time the bench gives a job had run out).
#[test]
fn probe44_py_15_a_fill_that_passes_ends_the_fills_before_the_next_line_is_written() {
    let source = "import math\n\n\ndef polyline_length(points, closed=False):\n    \"\"\"Length of the path through points; closed=True adds the segment back to the first.\"\"\"\n    if len(points) < 2:\n        return 0.0\n    total = 0.0\n    for (x0, y0), (x1, y1) in zip(points, points[1:]):\n        total += math.hypot(x1 - x0, y1 - y0)\n    return total\n";
    let (scratch, ws) = workspace(&[
        ("polyline.py", source),
        (
            "test_polyline.py",
            "from polyline import polyline_length\n\n\ndef test_polyline_length():\n    assert polyline_length([(0, 0), (3, 4), (3, 0)]) == 9.0\n    assert polyline_length([(0, 0), (3, 4), (3, 0)], closed=True) == 12.0\n",
        ),
        ("pytest.ini", "[pytest]\n"),
    ]);
    let script = writer_script(
        scratch.path(),
        serde_json::json!({
            "complete_after": "total += math.hypot(x1 - x0, y1 - y0)\n    ",
            "shown": "\n    return total",
            "completion": "if closed:\n        total += math.hypot(points[0][0] - points[-1][0], points[0][1] - points[-1][1])",
        }),
    );
    let (_, events) = run(&ws, &script, &[]);
    assert_eq!(done(&events)["status"], "done", "{:?}", done(&events));
    assert!(
        std::fs::read_to_string(ws.join("polyline.py"))
            .unwrap()
            .contains("    if closed:\n        total += math.hypot(points[0][0]"),
    );
    let fills = fill_rounds(&events);
    let last = fills.last().unwrap()["edits"].as_array().unwrap();
    assert!(
        last.iter().any(|e| e["replacement"][0] == "    if closed:"),
        "the last line filled is the one whose fill passed: {fills:?}"
    );
    // One line's fills a proposal, and fewer lines filled than the policy's six: the fills
    // stopped at the pass.
    for fill in &fills {
        let lines: BTreeSet<u64> = fill["edits"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["line"].as_u64().unwrap())
            .collect();
        assert!(lines.len() <= 1, "{fill}");
    }
    assert!(fills.len() < 6, "{}", fills.len());
    // Every fill proposal came before the passing probe, and none after it.
    let passed_at = events
        .iter()
        .position(|e| {
            e["event"] == "decision"
                && e["node"] == "probe_verdict"
                && e["detail"]["passed"] == true
        })
        .unwrap();
    let fills_after = events[passed_at..]
        .iter()
        .filter(|e| e["event"] == "decision" && e["node"] == "proposals" && is_fill(&e["detail"]))
        .count();
    assert_eq!(fills_after, 0);
}

/// probe39-py-24's function: a count falling to zero is never deleted, so windows count
/// values that left them.
fn window_workspace() -> (tempfile::TempDir, std::path::PathBuf) {
    let source = "def window_distinct_counts(values, k):\n    \"\"\"For every window of k consecutive values, the number of distinct values in it.\"\"\"\n    counts = {}\n    result = []\n    for i, x in enumerate(values):\n        counts[x] = counts.get(x, 0) + 1\n        if i >= k:\n            old = values[i - k]\n            counts[old] -= 1\n        if i >= k - 1:\n            result.append(len(counts))\n    return result\n";
    workspace(&[
        ("window.py", source),
        (
            "test_window.py",
            "from window import window_distinct_counts\n\n\ndef test_window_distinct_counts():\n    assert window_distinct_counts([1, 2, 1, 3, 4, 2, 3], 4) == [3, 4, 4, 3]\n    assert window_distinct_counts([5, 5, 5], 2) == [1, 1]\n",
        ),
        ("pytest.ini", "[pytest]\n"),
    ])
}

/// Runs the window job with few enumerated candidates and no rewrites (so the fills come
/// soon) and checks it ends with the `del` inside the `if i >= k:` branch; its events.
fn window_fixed(dir: &Path, ws: &Path, script: &Path) -> Vec<Value> {
    let policy = policy_settings(
        dir,
        "few.toml",
        &[
            ("max_candidates", "12"),
            ("rewrites", "0"),
            ("test_rewrites", "0"),
        ],
    );
    let (_, events) = run(ws, script, &["--policy", policy.to_str().unwrap()]);
    let end = done(&events);
    assert_eq!(end["status"], "done", "{end}");
    assert!(
        std::fs::read_to_string(ws.join("window.py"))
            .unwrap()
            .contains("            counts[old] -= 1\n            if counts[old] == 0:\n                del counts[old]\n        if i >= k - 1:"),
    );
    events
}

/// probe39-py-24: the line missing is the last of its block (`del counts[old]` once a count
/// falls to zero, after `counts[old] -= 1` in the `if i >= k:` branch). Inserted before the
/// next line it would sit outside the branch; the fill after the branch's last line, at its
/// depth, writes it, and that passes.
#[test]
fn probe39_py_24_a_line_missing_at_the_end_of_its_block_is_filled_after_the_blocks_last_line() {
    let (scratch, ws) = window_workspace();
    // Only a fill whose prefix ends after the branch's last line, at the branch's depth, and
    // whose suffix goes on with the next branch writes anything.
    let script = writer_script(
        scratch.path(),
        serde_json::json!({
            "complete_after": "counts[old] -= 1\n            ",
            "shown": "\n        if i >= k - 1:",
            "completion": "if counts[old] == 0:\n                del counts[old]",
        }),
    );
    let events = window_fixed(scratch.path(), &ws, &script);
    // The fill is offered as the line with the lines after it, at the line's depth.
    let fills = fill_rounds(&events);
    let appended = fills
        .iter()
        .flat_map(|f| f["edits"].as_array().unwrap())
        .find(|e| e["replacement"][0] == "            counts[old] -= 1")
        .expect("an insertion after the branch's last line");
    assert_eq!(
        appended["replacement"][1],
        "            if counts[old] == 0:"
    );
}

/// probe39-py-24 as the writer first met it: asked for lines before `if i >= k - 1:`, it
/// writes the missing `del` at that line's depth, outside the `if i >= k:` branch just above
/// (where `old` is not yet bound for the first windows). The same lines are also offered at the
/// branch's depth, and those pass at the first line the fills try.
#[test]
fn probe39_py_24_lines_written_after_a_deeper_block_are_also_offered_at_its_end() {
    let (scratch, ws) = window_workspace();
    // Only the fill before `if i >= k - 1:` writes anything, at that line's depth.
    let script = writer_script(
        scratch.path(),
        serde_json::json!({
            "complete_after": "counts[old] -= 1\n        ",
            "shown": "if i >= k - 1:",
            "completion": "if counts[old] == 0:\n            del counts[old]",
        }),
    );
    let events = window_fixed(scratch.path(), &ws, &script);
    // Both placements were offered for the line: as written, and at the branch's depth.
    let edits: Vec<&Value> = fill_rounds(&events)
        .iter()
        .flat_map(|f| f["edits"].as_array().unwrap())
        .filter(|e| e["line"] == 10)
        .collect();
    assert!(
        edits
            .iter()
            .any(|e| e["replacement"][0] == "        if counts[old] == 0:"),
        "{edits:?}"
    );
    assert!(
        edits
            .iter()
            .any(|e| e["replacement"][0] == "            if counts[old] == 0:"),
        "{edits:?}"
    );
}

/// probe44-rs-23's slip in Python: a hexadecimal string read in base 10. Asked for a line
/// before the parse, the writer writes the parse again with base 16; inserted, the old parse
/// still overwrites it, so the near copy is also offered in the parse's place, and that passes.
#[test]
fn a_fill_that_writes_the_line_below_again_fixed_replaces_it() {
    let source = "def decode_hex(text):\n    \"\"\"The number a string of hexadecimal digits stands for (\"ff\" is 255).\"\"\"\n    digits = text.strip().lower()\n    value = int(digits, 10)\n    return value\n";
    let (scratch, ws) = workspace(&[
        ("hexnum.py", source),
        (
            "test_hexnum.py",
            "from hexnum import decode_hex\n\n\ndef test_decode_hex():\n    assert decode_hex(\"ff\") == 255\n    assert decode_hex(\" 10 \") == 16\n",
        ),
        ("pytest.ini", "[pytest]\n"),
    ]);
    // Only the fill before the parse (whose suffix shows the parse) writes anything.
    let script = writer_script(
        scratch.path(),
        serde_json::json!({
            "complete_after": "digits = text.strip().lower()\n    ",
            "shown": "value = int(digits, 10)",
            "completion": "value = int(digits, 16)",
        }),
    );
    let policy = policy_setting(scratch.path(), "fills.toml", "fills", "6");
    let (_, events) = run(&ws, &script, &["--policy", policy.to_str().unwrap()]);
    let end = done(&events);
    assert_eq!(end["status"], "done", "{end}");
    let fills = fill_rounds(&events);
    let edits = fills[0]["edits"].as_array().unwrap();
    let at_parse: Vec<&Value> = edits.iter().filter(|e| e["line"] == 4).collect();
    assert_eq!(
        at_parse[0]["replacement"],
        serde_json::json!(["    value = int(digits, 16)"]),
        "the near copy in the line's place, first: {edits:?}"
    );
    assert_eq!(
        at_parse[1]["replacement"],
        serde_json::json!(["    value = int(digits, 16)", "    value = int(digits, 10)"]),
        "and the insertion as written: {edits:?}"
    );
    assert_eq!(
        std::fs::read_to_string(ws.join("hexnum.py")).unwrap(),
        source.replace("int(digits, 10)", "int(digits, 16)")
    );
}

/// Whether a `proposals` decision is a round of the writer's fills.
fn is_fill(proposals: &Value) -> bool {
    proposals["written_by"] == "model (fill in the middle)"
}

/// The writer's rounds of fills, in order.
fn fill_rounds(events: &[Value]) -> Vec<&Value> {
    decisions(events, "proposals")
        .into_iter()
        .filter(|p| is_fill(p))
        .collect()
}

/// Probes recorded before the writer's first fills, and the enumeration's size.
fn probes_before_the_fills(events: &[Value]) -> (usize, usize) {
    let at = events
        .iter()
        .position(|e| e["event"] == "decision" && e["node"] == "proposals" && is_fill(&e["detail"]))
        .expect("the writer filled a line");
    let before = decisions(&events[..at], "probe_verdict").len();
    let enumerated = decisions(events, "rank")
        .iter()
        .map(|r| r["candidates"].as_u64().unwrap_or(0) as usize)
        .max()
        .unwrap_or(0);
    (before, enumerated)
}

/// On a slow machine the enumeration's long tail took the whole job and the writer, asked
/// last, never ran (probe44's unfixed jobs probed 180–197 candidates each). Once the time left
/// falls to `writer_time_share` of the ceiling, the fills start though enumerated candidates
/// are still queued: at share 1 the time left is always within it, so the fills come after
/// the round's reserve of probes (two lines' seven edits); at 0 only after the whole
/// enumeration. Both fix the clock by the fill.
#[test]
fn the_writer_starts_when_the_time_left_falls_to_its_share() {
    let mut seen = Vec::new();
    for share in ["1.0", "0.0"] {
        let (scratch, ws) = clock_workspace();
        let script = midnight_branch_script(scratch.path(), None);
        let policy = policy_settings(
            scratch.path(),
            "writer-time.toml",
            &[("fills", "6"), ("writer_time_share", share)],
        );
        let (_, events) = run(&ws, &script, &["--policy", policy.to_str().unwrap()]);
        let end = done(&events);
        assert_eq!(end["status"], "done", "{end}");
        assert_eq!(
            std::fs::read_to_string(ws.join("clock.py")).unwrap(),
            MIDNIGHT_CLOCK_FIXED
        );
        seen.push(probes_before_the_fills(&events));
    }
    let (early, enumerated) = seen[0];
    assert!(
        (14..enumerated).contains(&early),
        "share 1: {early} probes before the fills, {enumerated} enumerated"
    );
    let (late, _) = seen[1];
    assert!(
        late >= enumerated && late > early,
        "share 0: {late} probes before the fills"
    );
}

/// The same clock where the writer's greedy fills and its second likeliest starts write
/// nothing new (as probe41-rs-21's did): the fills go on down the writer's likeliest first
/// tokens, and the fifth writes the missing branch.
#[test]
fn the_fills_walk_the_writers_starts_until_one_writes_the_branch() {
    let (scratch, ws) = clock_workspace();
    let script = midnight_branch_script(scratch.path(), Some(4));
    let (_, events) = run(&ws, &script, &[]);
    let end = done(&events);
    assert_eq!(end["status"], "done", "{end}");
    assert_eq!(
        std::fs::read_to_string(ws.join("clock.py")).unwrap(),
        MIDNIGHT_CLOCK_FIXED
    );
}

/// The same clock with its fix on another line than the best-localized one: the first fills
/// (here one line) miss it, and once the rewrites have found nothing either, the late fills of
/// the next localized lines write it (`hour = hour % 12 or 12`). Without them the job stops
/// unfixed.
#[test]
fn the_late_fills_reach_a_line_the_first_fills_did_not() {
    let clock = MIDNIGHT_CLOCK;
    let run_with = |late_fills: &str| {
        let (scratch, ws) = clock_workspace();
        // The writer fills the modulo's line right (and only that line: the rule needs the
        // return right below the gap).
        let script = writer_script(
            scratch.path(),
            serde_json::json!({
                "complete_after": "    suffix = \"AM\" if hour < 12 else \"PM\"\n    ",
                "shown": "\n    return f\"{hour}",
                "completion": "hour = hour % 12 or 12",
            }),
        );
        let policy = policy_settings(
            scratch.path(),
            "late.toml",
            &[
                ("fills", "1"),
                ("late_fills", late_fills),
                ("rewrites", "0"),
                ("test_rewrites", "0"),
            ],
        );
        let (_, events) = run(&ws, &script, &["--policy", policy.to_str().unwrap()]);
        let rounds = fill_rounds(&events).len();
        let status = done(&events)["status"].clone();
        (
            std::fs::read_to_string(ws.join("clock.py")).unwrap(),
            rounds,
            status,
        )
    };
    // Each fill round is asked a line at a time: one line for the first fills, then the late
    // ones line by line until the modulo's line (not the first of them) is filled.
    let (unfixed, rounds, status) = run_with("0");
    assert_eq!((rounds, unfixed.as_str()), (1, clock), "{status}");
    let (fixed, rounds, status) = run_with("6");
    assert_eq!(status, "done");
    assert!((2..=7).contains(&rounds), "{rounds}");
    assert_eq!(
        fixed,
        clock.replace("hour = hour % 12\n", "hour = hour % 12 or 12\n")
    );
}

/// probe35-python-04's shape: the bug is a plain binding in the leap-year branch, which only
/// the failing assertion (the first leap-year date) runs.
const ONLY_THE_FAILING_ASSERTION_RUNS_IT: &[(&str, &str)] = &[
    (
        "day_of_year.py",
        "def day_of_year(year, month, day):\n    month_lengths = [31, 28, 31, 30, 31, 30]\n    if year % 4 == 0 and (year % 100 != 0 or year % 400 == 0):\n        month_lengths[2] = 29\n    return sum(month_lengths[:month - 1]) + day\n",
    ),
    (
        "test_day_of_year.py",
        "from day_of_year import day_of_year\n\n\ndef check(candidate):\n    assert candidate(2023, 1, 1) == 1\n    assert candidate(2023, 2, 1) == 32\n    assert candidate(2023, 3, 1) == 60\n    assert candidate(2024, 3, 1) == 61\n\n\ndef test_day_of_year():\n    check(day_of_year)\n",
    ),
    ("pytest.ini", "[pytest]\n"),
];

/// The repair's first run is traced: the line only the failing assertion ran is localized
/// first (a plain binding, which the static cues rank below the condition and the sum), and
/// the job fixes it there.
#[test]
fn the_line_only_the_failing_assertion_ran_is_localized_first() {
    let (scratch, ws) = workspace(ONLY_THE_FAILING_ASSERTION_RUNS_IT);
    let script = silent_model(scratch.path());
    let (_, events) = run(&ws, &script, &[]);
    let end = done(&events);
    assert_eq!(end["status"], "done", "{end}");
    let looks = decisions(&events, "localize");
    let first = &looks[0]["candidates"][0];
    assert_eq!(first["line"], 4, "{looks:?}");
    assert!(
        first["reason"]
            .as_str()
            .unwrap()
            .contains("a failing assertion ran it"),
        "{first}"
    );
    // `[2]` → `[1]` or `[2 - 1]`: either passes, both on the traced line.
    let fixed = std::fs::read_to_string(ws.join("day_of_year.py")).unwrap();
    assert!(
        end["summary"]
            .as_str()
            .unwrap()
            .contains("day_of_year.py:4 ")
            && !fixed.contains("month_lengths[2] = 29"),
        "{fixed}\n{end}"
    );
}

/// A bug on a plain line below a run of comparisons: with a first look two lines deep, the
/// comparisons' candidates all fail. The failing assertion comes first, so the line spectrum
/// (which would point at the `return` only that assertion runs) sees every line it runs alike.
const BELOW_THE_FIRST_LOOK: &[(&str, &str)] = &[
    (
        "grade.py",
        "def grade(score):\n    bonus = 3\n    if score >= 90:\n        return 'A'\n    if score >= 80:\n        return 'B'\n    return str(score + bonus)\n",
    ),
    (
        "test_grade.py",
        "from grade import grade\n\n\ndef test_grade():\n    assert grade(50) == '52'\n    assert grade(95) == 'A'\n    assert grade(85) == 'B'\n",
    ),
    ("pytest.ini", "[pytest]\n"),
];

/// `[repair] widen_locations`: when every candidate of the first localization failed, the job
/// localizes deeper and probes the new lines' candidates after the first ones (found here:
/// `bonus = 3` → `bonus = 2`, or `score + bonus` → `score + bonus - 1`, both below the first
/// look and both accepted by the tests); with widening off it stops with nothing left to try.
#[test]
fn an_exhausted_first_look_widens_to_the_lines_below_it() {
    let (scratch, ws) = workspace(BELOW_THE_FIRST_LOOK);
    let policy = policy_with(
        scratch.path(),
        "wide.toml",
        &[
            ("locations = 12", "locations = 2"),
            ("widen_locations = 36", "widen_locations = 12"),
            ("explore_share = 0.25", "explore_share = 0.0"),
        ],
    );
    let script = silent_model(scratch.path());
    let (_, events) = run(&ws, &script, &["--policy", policy.to_str().unwrap()]);
    let end = done(&events);
    assert_eq!(end["status"], "done", "{end}");
    let fixed = std::fs::read_to_string(ws.join("grade.py")).unwrap();
    assert!(
        fixed.contains("bonus = 2") || fixed.contains("str(score + bonus - 1)"),
        "{end}"
    );
    let looks = decisions(&events, "localize");
    assert_eq!(looks.len(), 2, "{looks:?}");
    assert_eq!(looks[0]["candidates"].as_array().unwrap().len(), 2);
    assert!(looks[1]["candidates"].as_array().unwrap().len() > 2);
    // The first look's candidates all ran (and failed) before the wider look; the pass came
    // after it, and no candidate was probed twice.
    let wider_at = events
        .iter()
        .enumerate()
        .filter(|(_, e)| e["event"] == "decision" && e["node"] == "localize")
        .nth(1)
        .unwrap()
        .0;
    let probed = |range: &[Value]| -> Vec<(bool, String)> {
        range
            .iter()
            .filter(|e| e["event"] == "decision" && e["node"] == "probe_verdict")
            .map(|e| {
                let d = &e["detail"];
                (
                    d["passed"] == true,
                    format!("{}:{}", d["line"], d["new_line"]),
                )
            })
            .collect()
    };
    let (before_wider, after_wider) = (probed(&events[..wider_at]), probed(&events[wider_at..]));
    assert!(before_wider.len() >= 10, "{before_wider:?}");
    assert!(before_wider.iter().all(|p| !p.0), "{before_wider:?}");
    assert!(after_wider.iter().any(|p| p.0), "{after_wider:?}");
    let mut keys: Vec<&String> = before_wider
        .iter()
        .chain(&after_wider)
        .map(|p| &p.1)
        .collect();
    let all = keys.len();
    keys.sort();
    keys.dedup();
    assert_eq!(keys.len(), all, "a candidate was probed twice");

    let (scratch, ws) = workspace(BELOW_THE_FIRST_LOOK);
    let before = snapshot(&ws);
    let narrow = policy_with(
        scratch.path(),
        "narrow.toml",
        &[
            ("locations = 12", "locations = 2"),
            ("widen_locations = 36", "widen_locations = 0"),
            ("explore_share = 0.25", "explore_share = 0.0"),
        ],
    );
    let script = silent_model(scratch.path());
    let (_, events) = run(&ws, &script, &["--policy", narrow.to_str().unwrap()]);
    let end = done(&events);
    assert_eq!(end["status"], "stopped", "{end}");
    assert_eq!(decisions(&events, "localize").len(), 1);
    assert_eq!(snapshot(&ws), before);
}

/// A bug that needs two edits: neither passes alone, but one lets the failing test get past
/// its first assertion. With `[repair] stack_edits = 2` that probe is flagged
/// (`reached_further`) and the next candidates are probed on top of it; the two edits are
/// committed as one hunk. With stacking off the same job finds nothing and changes nothing.
#[test]
fn a_two_edit_bug_is_fixed_by_stacking_on_the_edit_that_got_further() {
    let files = [
        (
            "lucas.py",
            "def lucas(n):\n    if n == 0:\n        return 1\n    if n == 1:\n        return 2\n    return lucas(n - 1) + lucas(n - 2)\n",
        ),
        (
            "test_lucas.py",
            "from lucas import lucas\n\n\ndef test_lucas():\n    assert lucas(1) == 1\n    assert lucas(0) == 2\n    assert lucas(4) == 7\n",
        ),
        ("pytest.ini", "[pytest]\n"),
    ];
    let further = |events: &[Value]| {
        decisions(events, "probe_verdict")
            .into_iter()
            .filter(|p| p["reached_further"] == true)
            .count()
    };

    let (scratch, ws) = workspace(&files);
    let before = snapshot(&ws);
    let off = policy_setting(scratch.path(), "off.toml", "stack_edits", "0");
    let script = silent_model(scratch.path());
    let (_, events) = run(&ws, &script, &["--policy", off.to_str().unwrap()]);
    assert_ne!(done(&events)["status"], "done", "{:?}", done(&events));
    assert_eq!(further(&events), 0);
    assert_eq!(
        snapshot(&ws),
        before,
        "a job without a fix leaves the workspace as it was"
    );

    let (scratch, ws) = workspace(&files);
    let on = policy_setting(scratch.path(), "on.toml", "stack_edits", "2");
    let script = silent_model(scratch.path());
    let (_, events) = run(&ws, &script, &["--policy", on.to_str().unwrap()]);
    assert_eq!(done(&events)["status"], "done", "{:?}", done(&events));
    assert!(further(&events) >= 1);
    // Two lines changed (whichever pair of edits it was), and the function is right beyond
    // what the test asks.
    let fixed = std::fs::read_to_string(ws.join("lucas.py")).unwrap();
    let original = files[0].1;
    let changed = fixed
        .lines()
        .zip(original.lines())
        .filter(|(a, b)| a != b)
        .count();
    assert_eq!(changed, 2, "{fixed}");
    let values = Command::new("python3")
        .args([
            "-c",
            "from lucas import lucas; print([lucas(i) for i in range(7)])",
        ])
        .current_dir(&ws)
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&values.stdout).trim(),
        "[2, 1, 3, 4, 7, 11, 18]"
    );
    let committed = decisions(&events, "candidate_applied");
    assert!(
        committed
            .iter()
            .any(|c| c["origin"].as_str().unwrap().starts_with("stacked:")),
        "{committed:?}"
    );
}

/// A missing-logic bug: the check that used a collection was deleted, and the collection is
/// still built (`allowed`, never read). No one-line edit fixes it. With `[repair]
/// insert_guards = true` the job inserts a copy of the function's own guard with a membership
/// check against the idle collection; with it off the same job changes nothing.
#[test]
fn hefix_python_141_a_deleted_membership_check_is_restored_as_a_guard() {
    let files = [
        (
            "check_extension.py",
            "def check_extension(name):\n    allowed = ['txt', 'md']\n    parts = name.split('.')\n    if len(parts) != 2:\n        return 'No'\n    if not parts[0]:\n        return 'No'\n    return 'Yes'\n",
        ),
        (
            "test_check_extension.py",
            "from check_extension import check_extension\n\n\ndef test_check_extension():\n    assert check_extension('a.txt') == 'Yes'\n    assert check_extension('notes.md') == 'Yes'\n    assert check_extension('a') == 'No'\n    assert check_extension('.txt') == 'No'\n    assert check_extension('a.exe') == 'No'\n",
        ),
        ("pytest.ini", "[pytest]\n"),
    ];

    let (scratch, ws) = workspace(&files);
    let before = snapshot(&ws);
    let off = policy_setting(scratch.path(), "off.toml", "insert_guards", "false");
    let script = silent_model(scratch.path());
    let (_, events) = run(&ws, &script, &["--policy", off.to_str().unwrap()]);
    assert_ne!(done(&events)["status"], "done", "{:?}", done(&events));
    assert_eq!(snapshot(&ws), before, "no fix, no change");

    let (scratch, ws) = workspace(&files);
    let on = policy_setting(scratch.path(), "on.toml", "insert_guards", "true");
    let script = silent_model(scratch.path());
    let (_, events) = run(&ws, &script, &["--policy", on.to_str().unwrap()]);
    assert_eq!(done(&events)["status"], "done", "{:?}", done(&events));
    let committed = decisions(&events, "candidate_applied");
    assert!(
        committed.iter().any(|c| c["origin"] == "insert_guard"),
        "{committed:?}"
    );
    // The function is right beyond what the test asks: a name with another unknown
    // extension, and one whose extension is the allowed list's other entry.
    let values = Command::new("python3")
        .args([
            "-c",
            "from check_extension import check_extension as c; print([c('x.dll'), c('y.md'), c('z.txt.md')])",
        ])
        .current_dir(&ws)
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&values.stdout).trim(),
        "['No', 'Yes', 'No']"
    );
}

/// A per-test time limit of one second (the bug suite's conftest does the same at ten), so a
/// loop that never ends fails its test with `TimeLimitExceeded` instead of hanging the run.
const ONE_SECOND_LIMIT: &str = "import signal\nimport pytest\n\n\nclass TimeLimitExceeded(BaseException):\n    pass\n\n\n@pytest.hookimpl(hookwrapper=True)\ndef pytest_runtest_call(item):\n    def _on_alarm(signum, frame):\n        raise TimeLimitExceeded('test ran longer than 1 s')\n\n    previous = signal.signal(signal.SIGALRM, _on_alarm)\n    signal.setitimer(signal.ITIMER_REAL, 1.0)\n    try:\n        yield\n    finally:\n        signal.setitimer(signal.ITIMER_REAL, 0)\n        signal.signal(signal.SIGALRM, previous)\n";

/// A countdown whose `while` never steps, tested against `expected` for `countdown(4)`.
fn hanging_countdown(expected: &str) -> Vec<(&'static str, String)> {
    vec![
        (
            "countdown.py",
            "def countdown(n):\n    out = []\n    k = n\n    while k > 0:\n        out.append(k)\n    return out\n".into(),
        ),
        (
            "test_countdown.py",
            format!("from countdown import countdown\n\n\ndef test_countdown():\n    assert countdown(4) == {expected}\n"),
        ),
        ("conftest.py", ONE_SECOND_LIMIT.into()),
        ("pytest.ini", "[pytest]\n".into()),
    ]
}

/// Regression (hefix-python-156 spent 73 of its 95 s having the model read 296 candidates, then
/// probed the hang's loop step first regardless, and it passed): the model reads the candidates
/// only once the evidence-backed ones ahead of them have been probed and failed.
#[test]
fn hefix_python_156_a_hang_probes_its_loop_step_before_the_model_reads_the_rest() {
    // The loop step fixes it: no candidate is read.
    let files = hanging_countdown("[4, 3, 2, 1]");
    let files: Vec<(&str, &str)> = files.iter().map(|(n, t)| (*n, t.as_str())).collect();
    let (scratch, ws) = workspace(&files);
    let script = silent_model(scratch.path());
    let (_, events) = run(&ws, &script, &[]);
    assert_eq!(done(&events)["status"], "done", "{:?}", done(&events));
    let ranks = decisions(&events, "rank");
    assert_eq!(ranks.len(), 1, "{ranks:?}");
    assert_eq!(ranks[0]["scoring_deferred"], 2, "`k -= 1` and `k += 1`");
    assert!(ranks[0].get("scored").is_none(), "{:?}", ranks[0]);
    let committed = decisions(&events, "candidate_applied");
    assert!(
        committed.iter().any(|c| c["origin"] == "loop_step"),
        "{committed:?}"
    );
    assert!(
        std::fs::read_to_string(ws.join("countdown.py"))
            .unwrap()
            .contains("k -= 1")
    );

    // Stepping by one is not the fix (it counts down by two): both loop steps fail, and only
    // then does the model read the rest, which are probed in its order.
    let files = hanging_countdown("[4, 2]");
    let files: Vec<(&str, &str)> = files.iter().map(|(n, t)| (*n, t.as_str())).collect();
    let (scratch, ws) = workspace(&files);
    let before = snapshot(&ws);
    let one_slot = policy_with(
        scratch.path(),
        "p1.toml",
        &[("probe_slots = 0", "probe_slots = 1")],
    );
    let script = silent_model(scratch.path());
    let (_, events) = run(
        &ws,
        &script,
        &[
            "--policy",
            one_slot.to_str().unwrap(),
            "--max-tool-calls",
            "9",
        ],
    );
    assert_ne!(done(&events)["status"], "done", "{:?}", done(&events));
    assert_eq!(snapshot(&ws), before, "no fix, no change");
    let order: Vec<String> = events
        .iter()
        .filter(|e| {
            e["event"] == "decision" && (e["node"] == "rank" || e["node"] == "probe_verdict")
        })
        .map(|e| match e["node"].as_str() {
            Some("rank") => format!("rank scored={}", e["detail"]["scored"]),
            _ => format!("probe {}", e["detail"]["origin"].as_str().unwrap_or("?")),
        })
        .collect();
    assert_eq!(order[0], "rank scored=null", "{order:?}");
    assert_eq!(
        order[1..3],
        ["probe loop_step", "probe loop_step"],
        "{order:?}"
    );
    assert!(
        order[3].starts_with("rank scored=") && order[3] != "rank scored=null",
        "{order:?}"
    );
    assert!(
        order[4..]
            .iter()
            .all(|o| o.starts_with("probe ") && o != "probe loop_step"),
        "{order:?}"
    );
    assert!(order.len() > 4, "{order:?}");
}

/// Regression (a session's probe workspace shaped like QuixBugs): a `return None` indented into
/// the loop it should follow returns after the first item. No token is wrong, so only a change
/// of depth fixes it; the summary says which depth, since both sides read the same trimmed.
#[test]
fn a_return_indented_into_its_loop_is_moved_out_and_committed() {
    let (scratch, ws) = workspace(&[
        (
            "dups.py",
            "def first_duplicate(items):\n    seen = set()\n    for item in items:\n        if item in seen:\n            return item\n        seen.add(item)\n        return None\n",
        ),
        (
            "test_dups.py",
            "from dups import first_duplicate\n\n\ndef test_first_duplicate():\n    assert first_duplicate([3, 1, 4, 1]) == 1\n    assert first_duplicate([1, 2]) is None\n",
        ),
        ("pytest.ini", "[pytest]\n"),
    ]);
    let tests_before = std::fs::read(ws.join("test_dups.py")).unwrap();
    let script = silent_model(scratch.path());
    let (code, events) = run(&ws, &script, &[]);
    let end = done(&events);
    assert_eq!(end["status"], "done", "{end}");
    assert_eq!(code, 0);
    let summary = end["summary"].as_str().unwrap();
    assert!(
        summary.contains("`return None` indented 8 → 4 (indent_shift)"),
        "{summary}"
    );
    let fixed = std::fs::read_to_string(ws.join("dups.py")).unwrap();
    assert!(
        fixed.ends_with("        seen.add(item)\n    return None\n"),
        "{fixed}"
    );
    assert_eq!(
        std::fs::read(ws.join("test_dups.py")).unwrap(),
        tests_before
    );
}

/// Regression (a session's probe workspace): a binary search whose `lo = mid` makes no
/// progress hangs. The hang points at the lines that move the `while` condition, so their
/// edits are probed before any other, and `lo = mid + 1` is committed.
#[test]
fn a_hang_probes_the_lines_that_move_the_loop_first() {
    let (scratch, ws) = workspace(&[
        (
            "search.py",
            "def find(xs, target):\n    lo, hi = 0, len(xs) - 1\n    while lo <= hi:\n        mid = (lo + hi) // 2\n        if xs[mid] == target:\n            return mid\n        if xs[mid] < target:\n            lo = mid\n        else:\n            hi = mid - 1\n    return -1\n",
        ),
        (
            "test_search.py",
            "from search import find\n\n\ndef test_find():\n    assert find([1, 3, 5, 7, 9], 7) == 3\n    assert find([2, 4], 2) == 0\n    assert find([1, 3, 5], 4) == -1\n",
        ),
        ("conftest.py", ONE_SECOND_LIMIT),
        ("pytest.ini", "[pytest]\n"),
    ]);
    let script = silent_model(scratch.path());
    let (code, events) = run(&ws, &script, &[]);
    let end = done(&events);
    assert_eq!(end["status"], "done", "{end}");
    assert_eq!(code, 0);
    let fixed = std::fs::read_to_string(ws.join("search.py")).unwrap();
    assert!(fixed.contains("            lo = mid + 1\n"), "{fixed}");
    let probes = decisions(&events, "probe_verdict");
    assert!(
        probes.iter().all(|p| p["line"] == 8 || p["line"] == 10),
        "every probe up to the fix edits a line that moves the loop: {probes:?}"
    );
}

/// Regression (a session's probe workspaces, 2026-12-04): a module that does not parse fails
/// pytest's collection and runs no test, so "the failing tests point at no source line" was
/// all the job could say. The `SyntaxError` names the line and the slip; its edit is probed
/// first and committed, in three calls (run, probe, commit), with no forward pass.
#[test]
fn a_python_syntax_error_is_fixed_where_the_interpreter_points() {
    let (scratch, ws) = workspace(&[
        (
            "pairs.py",
            "def count_pairs(nums, target):\n    count = 0\n    for i in range(len(nums)):\n        for j in range(i + 1, len(nums))\n            if nums[i] + nums[j] == target:\n                count += 1\n    return count\n",
        ),
        (
            "test_pairs.py",
            "from pairs import count_pairs\n\n\ndef test_pairs():\n    assert count_pairs([1, 2, 3, 4], 5) == 2\n",
        ),
        ("pytest.ini", "[pytest]\n"),
    ]);
    let events = fixed_without_the_model(scratch.path(), &ws);
    let end = done(&events);
    assert!(
        end["summary"]
            .as_str()
            .unwrap()
            .contains("(diagnostic_hint)"),
        "{end}"
    );
    assert!(
        std::fs::read_to_string(ws.join("pairs.py"))
            .unwrap()
            .contains("        for j in range(i + 1, len(nums)):\n"),
    );
    let calls = end["usage"]["tool_calls"].as_u64().unwrap();
    assert!(calls <= 3, "{calls} tool calls");
}

/// The same for a crate that does not build: rustc's own `help:` (here "consider making this
/// binding mutable", shown as the new line with `+++` under `mut`) is the edit probed first.
/// A build error names no test, so the probe runs the whole suite (a filter named after the
/// error's code would run none, and the right edit was judged "no tests").
#[test]
fn a_rust_build_error_takes_the_compilers_suggestion() {
    let source = "pub fn count_vowels(s: &str) -> usize {\n    let count = 0;\n    for c in s.chars() {\n        if \"aeiou\".contains(c) {\n            count += 1;\n        }\n    }\n    count\n}\n\n#[cfg(test)]\nmod tests {\n    use super::*;\n\n    #[test]\n    fn vowels() {\n        assert_eq!(count_vowels(\"education\"), 5);\n    }\n}\n";
    let (scratch, ws) = workspace(&[
        (
            "Cargo.toml",
            "[package]\nname = \"vowels\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[workspace]\n",
        ),
        ("src/lib.rs", source),
    ]);
    fixed_without_the_model(scratch.path(), &ws);
    assert_eq!(
        std::fs::read_to_string(ws.join("src/lib.rs")).unwrap(),
        source.replace("    let count = 0;", "    let mut count = 0;")
    );
}

/// Two bugs, the second behind the first: the missing `:` stops the module from parsing, and
/// once it parses the `>=` makes the test fail. The diagnosed edit clears its problem without
/// passing, so the candidates for what that run says (the comparison's edits) are probed on
/// top of it, and both are committed as one hunk.
#[test]
fn a_wrong_comparison_behind_a_syntax_error_is_fixed_on_top_of_it() {
    let (scratch, ws) = workspace(&[
        (
            "stock.py",
            "def best_day(prices):\n    best = 0\n    for i in range(1, len(prices))\n        if prices[i] >= prices[best]:\n            best = i\n    return best\n",
        ),
        (
            "test_stock.py",
            "from stock import best_day\n\n\ndef test_best_day():\n    assert best_day([3, 8, 2, 8]) == 1\n    assert best_day([5]) == 0\n",
        ),
        ("pytest.ini", "[pytest]\n"),
    ]);
    let events = fixed_without_the_model(scratch.path(), &ws);
    assert_eq!(
        std::fs::read_to_string(ws.join("stock.py")).unwrap(),
        "def best_day(prices):\n    best = 0\n    for i in range(1, len(prices)):\n        if prices[i] > prices[best]:\n            best = i\n    return best\n"
    );
    let rebased = decisions(&events, "probe_verdict").into_iter().any(|v| {
        v["evidence"]
            .as_str()
            .unwrap_or("")
            .contains("the problem it was proposed for is gone")
    });
    assert!(rebased, "no probe cleared the syntax error");
}

/// A fix asked for without naming the tests ("Fix the bug in …") in a workspace whose tests
/// run is the repair job: it reproduces the failure and commits the fix, where it used to go to
/// the generic loop.
#[test]
fn a_fix_that_names_no_test_is_repaired_against_the_tests() {
    let (scratch, ws) = workspace(&[
        ("area.py", "def area(w, h):\n    return w + h\n"),
        (
            "test_area.py",
            "from area import area\n\n\ndef test_area():\n    assert area(2, 3) == 6\n    assert area(4, 5) == 20\n",
        ),
    ]);
    let script = silent_model(scratch.path());
    let (_, events) = run_task(&ws, &script, "Fix the bug in `area` (area.py).", &[]);
    let end = done(&events);
    assert_eq!(end["status"], "done", "{end}");
    assert_eq!(
        std::fs::read_to_string(ws.join("area.py")).unwrap(),
        "def area(w, h):\n    return w * h\n"
    );
}

/// A recursion without end (`RecursionError`): the base case `len(items) == 0` lets a
/// one-item list recurse on itself. The widened base case is diagnosed and probed first; before,
/// no one-token edit fixed it and the job spent its whole budget (`q-mergesort`, 2026-12-04).
#[test]
fn an_endless_recursion_widens_its_base_case() {
    assert_fixed_by(
        &[
            (
                "msort.py",
                "def msort(items):\n    if len(items) == 0:\n        return items\n    middle = len(items) // 2\n    left = msort(items[:middle])\n    right = msort(items[middle:])\n    out = []\n    while left and right:\n        out.append(left.pop(0) if left[0] <= right[0] else right.pop(0))\n    return out + left + right\n",
            ),
            (
                "test_msort.py",
                "from msort import msort\n\n\ndef test_sorts():\n    assert msort([3, 1, 2]) == [1, 2, 3]\n\n\ndef test_empty():\n    assert msort([]) == []\n",
            ),
        ],
        Some("diagnostic_hint"),
        "msort.py",
        "    if len(items) <= 1:\n",
        5,
    );
}

/// A Rust integration test (`tests/gcd.rs`) that recurses without end aborts its test binary
/// after the library's own binary printed `test result: ok. 0 passed`: the report counted no
/// test at all and the job stopped at once, "could not read the test runner's output".
#[test]
fn a_stack_overflow_in_an_integration_test_is_read_and_repaired() {
    assert_fixed_by(
        &[
            (
                "Cargo.toml",
                "[package]\nname = \"gcd\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\n",
            ),
            (
                "src/lib.rs",
                "/// Greatest common divisor.\npub fn gcd(a: u64, b: u64) -> u64 {\n    if b == 0 {\n        a\n    } else {\n        gcd(a % b, b)\n    }\n}\n",
            ),
            (
                "tests/gcd.rs",
                "use gcd::gcd;\n\n#[test]\nfn zero() {\n    assert_eq!(gcd(17, 0), 17);\n}\n\n#[test]\nfn common() {\n    assert_eq!(gcd(35, 21), 7);\n}\n",
            ),
        ],
        None,
        "src/lib.rs",
        "        gcd(b, a % b)\n",
        10,
    );
}

/// Text wrapped line by line lost its last line: the loop appends every full line and
/// consumes the rest (`line, text = text[:end], text[end:]`), and nothing collects what is
/// left. The append of that remainder after the loop (`flush_remainder`) fixes it, and the
/// failure says so (pytest's `Right contains one more item`), so it is probed first.
#[test]
fn the_remainder_a_loop_leaves_is_collected_after_it() {
    assert_fixed_by(
        &[
            (
                "wrap.py",
                "def wrap(text, cols):\n    lines = []\n    while len(text) > cols:\n        end = text.rfind(' ', 0, cols + 1)\n        if end == -1:\n            end = cols\n        line, text = text[:end], text[end:]\n        lines.append(line)\n    return lines\n",
            ),
            (
                "test_wrap.py",
                "from wrap import wrap\n\n\ndef test_short():\n    assert wrap('hello', 10) == ['hello']\n\n\ndef test_breaks():\n    assert wrap('aaa bbb ccc', 7) == ['aaa bbb', ' ccc']\n",
            ),
        ],
        Some("flush_remainder"),
        "wrap.py",
        "        lines.append(line)\n    lines.append(text)\n    return lines\n",
        5,
    );
}

/// A unittest suite in `tests.py` beside the code: pytest's default file pattern misses it, so
/// the workspace had no test runner and the request went to the generic loop. Now it is the
/// suite, collected with `python_files` widened, and the bug is repaired against it.
#[test]
fn a_unittest_suite_in_tests_py_is_found_and_run() {
    let (scratch, ws) = workspace(&[
        ("calc.py", "def add(a, b):\n    return a - b\n"),
        (
            "tests.py",
            "import unittest\nfrom calc import add\n\n\nclass AddTest(unittest.TestCase):\n    def test_add(self):\n        self.assertEqual(add(2, 3), 5)\n\n\nif __name__ == \"__main__\":\n    unittest.main()\n",
        ),
    ]);
    let script = silent_model(scratch.path());
    let (_, events) = run_task(
        &ws,
        &script,
        "Fix the bug in `add`. Run the tests with `python3 -m unittest tests`.",
        &[],
    );
    let end = done(&events);
    assert_eq!(end["status"], "done", "{end}");
    assert_eq!(
        std::fs::read_to_string(ws.join("calc.py")).unwrap(),
        "def add(a, b):\n    return a + b\n"
    );
    assert!(
        std::fs::read_to_string(ws.join("tests.py"))
            .unwrap()
            .contains("add(2, 3), 5"),
    );
}

/// A merge that copies what is left of one list and forgets the other: the code pairs `a`
/// with `b` and `i` with `j` (`out.append(a[i])` / `out.append(b[j])`), so the statement
/// without its twin gets it (`mirror_statement`); the result lacks its last items, so it is
/// probed first.
#[test]
fn a_statement_missing_its_twin_gets_it() {
    assert_fixed_by(
        &[
            (
                "merge.py",
                "def merge(a, b):\n    out = []\n    i = j = 0\n    while i < len(a) and j < len(b):\n        if a[i] <= b[j]:\n            out.append(a[i])\n            i += 1\n        else:\n            out.append(b[j])\n            j += 1\n    out.extend(a[i:])\n    return out\n",
            ),
            (
                "test_merge.py",
                "from merge import merge\n\n\ndef test_merge():\n    assert merge([1, 4], [2, 3, 9]) == [1, 2, 3, 4, 9]\n",
            ),
        ],
        Some("mirror_statement"),
        "merge.py",
        "    out.extend(a[i:])\n    out.extend(b[j:])\n",
        5,
    );
}

/// A slip in `calc.py` beside a suite that fails for reasons of its own (a service that is not
/// there): only a run scoped to `tests/test_calc.py` can pass.
const CALC_BESIDE_AN_UNRELATED_SUITE: &[(&str, &str)] = &[
    ("calc.py", "def add(a, b):\n    return a - b\n"),
    (
        "tests/test_calc.py",
        "from calc import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n",
    ),
    (
        "tests/test_service.py",
        "import os\n\n\ndef test_service_is_configured():\n    assert os.environ.get(\"SERVICE_URL\"), \"SERVICE_URL is not set\"\n",
    ),
];

/// The workspace's other suite needs a service that is not there; the task names the suite
/// that matters (`python3 -m pytest -q tests/test_calc.py`), so the job runs that one, fixes
/// the bug it shows, and confirms on it. Without the named scope the unrelated failure keeps
/// the run red; with `--test-command` the caller's command wins over the task's.
#[test]
fn the_test_command_the_task_names_scopes_the_runs() {
    let files = CALC_BESIDE_AN_UNRELATED_SUITE;
    let task = "The tests in tests/test_calc.py fail. Find the bug in `add` (calc.py) and fix \
                it. Run the tests with `python3 -m pytest -q tests/test_calc.py`.";
    let (scratch, ws) = workspace(files);
    let script = silent_model(scratch.path());
    let (code, events) = run_task(&ws, &script, task, &[]);
    let end = done(&events);
    assert_eq!(end["status"], "done", "{end}");
    assert_eq!(code, 0);
    assert_eq!(
        std::fs::read_to_string(ws.join("calc.py")).unwrap(),
        "def add(a, b):\n    return a + b\n"
    );

    // Without the named scope the unrelated failure keeps every probe red.
    let (scratch, ws) = workspace(files);
    let script = silent_model(scratch.path());
    let unscoped = task.split(" Run the tests").next().unwrap();
    let (_, events) = run_task(&ws, &script, unscoped, &[]);
    assert_ne!(done(&events)["status"], "done");

    // The caller's command wins: scoped to the unrelated suite, nothing can make it pass.
    let (scratch, ws) = workspace(files);
    let script = silent_model(scratch.path());
    let (_, events) = run_task(
        &ws,
        &script,
        task,
        &["--test-command", "pytest tests/test_service.py"],
    );
    let end = done(&events);
    assert_ne!(end["status"], "done", "{end}");
    assert_eq!(
        std::fs::read_to_string(ws.join("calc.py")).unwrap(),
        "def add(a, b):\n    return a - b\n"
    );
}

/// A job started with a test command (`--test-command`, or one its task names) and stopped
/// before its first call resumes with that command: the ledger's `job_started` record keeps
/// it. The same ledger without it resumes on the whole suite, where an unrelated failure keeps
/// every probe red (regression: `tact resume` used to forget `--test-command`).
#[test]
fn a_resumed_job_runs_the_test_command_it_started_with() {
    use tact_runtime::ledger::{Ledger, LedgerEntry};
    let files = CALC_BESIDE_AN_UNRELATED_SUITE;
    let resume = |test_command: Option<Vec<String>>| {
        let (scratch, ws) = workspace(files);
        let script = silent_model(scratch.path());
        let job_dir = ws.join(".tact/jobs/started-1");
        let (ledger, _owner, _, _) = Ledger::open(&job_dir.join("ledger.bin")).unwrap();
        ledger
            .append(
                LedgerEntry::JobStarted {
                    job_id: "started-1".into(),
                    task: "Find the bug in `add` (calc.py) and fix it.".into(),
                    workspace: ws.display().to_string(),
                    model: "scripted".into(),
                    test_command,
                },
                None,
            )
            .unwrap();
        drop(ledger);
        drop(_owner);
        let out = Command::new(env!("CARGO_BIN_EXE_tact"))
            .args(["resume", "--json", "--scripted"])
            .arg(&script)
            .arg(&job_dir)
            .output()
            .unwrap();
        let events: Vec<Value> = String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter_map(|l| serde_json::from_str(l).ok())
            .collect();
        let end = done(&events).clone();
        let calc = std::fs::read_to_string(ws.join("calc.py")).unwrap();
        (end, calc)
    };
    let scoped = ["python3", "-m", "pytest", "tests/test_calc.py"]
        .map(String::from)
        .to_vec();
    let (end, calc) = resume(Some(scoped));
    assert_eq!(end["status"], "done", "{end}");
    assert_eq!(calc, "def add(a, b):\n    return a + b\n");

    let (end, calc) = resume(None);
    assert_ne!(end["status"], "done", "{end}");
    assert_eq!(calc, "def add(a, b):\n    return a - b\n");
}
