//! The `--json` event stream as a contract (issue 17): every line of a real job's stream is
//! checked against the JSON Schemas in `docs/events.md`, the order and the `done` event's usage
//! and changed files are checked against what happened, a start-up failure is an `error` line,
//! and a redacted snapshot of a whole stream is kept by insta.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use serde_json::{Value, json};

/// The schemas of `docs/events.md`: each ```` ```json schema=NAME ```` block.
fn doc_schemas() -> BTreeMap<String, Value> {
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/events.md"))
            .unwrap();
    let mut schemas = BTreeMap::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if let Some(name) = line.trim().strip_prefix("```json schema=") {
            let body: Vec<&str> = lines.by_ref().take_while(|l| l.trim() != "```").collect();
            let schema: Value = serde_json::from_str(&body.join("\n"))
                .unwrap_or_else(|e| panic!("schema {name} in docs/events.md: {e}"));
            schemas.insert(name.to_string(), schema);
        }
    }
    schemas
}

fn validate(schemas: &BTreeMap<String, Value>, line: &Value) {
    let kind = line["type"].as_str().unwrap_or_default();
    for name in ["common", kind] {
        let schema = schemas
            .get(name)
            .unwrap_or_else(|| panic!("docs/events.md has no schema for `{name}`"));
        let validator = jsonschema::validator_for(schema).unwrap();
        let errors: Vec<String> = validator.iter_errors(line).map(|e| e.to_string()).collect();
        assert!(
            errors.is_empty(),
            "{kind} line against `{name}`: {errors:?}\n{line}"
        );
    }
}

fn tact(args: &[&str], workspace: &Path) -> (i32, Vec<Value>) {
    let out = Command::new(env!("CARGO_BIN_EXE_tact"))
        .args(args)
        .arg("--workspace")
        .arg(workspace)
        .output()
        .unwrap();
    let lines = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    (out.status.code().unwrap_or(-1), lines)
}

fn script(dir: &Path, steps: Value) -> String {
    let path = dir.join("script.json");
    std::fs::write(&path, steps.to_string()).unwrap();
    path.display().to_string()
}

/// A failing-tests job that fixes its bug: every line fits the documented schema, `started`
/// comes first and `done` last, and `done` tells the usage and the one file changed.
#[test]
fn a_fixing_jobs_stream_fits_the_documented_schemas() {
    let scratch = tempfile::tempdir().unwrap();
    let ws = scratch.path().join("ws");
    std::fs::create_dir(&ws).unwrap();
    std::fs::write(
        ws.join("count.py"),
        "def count_below(xs, limit):\n    return len([x for x in xs if x > limit])\n",
    )
    .unwrap();
    std::fs::write(
        ws.join("test_count.py"),
        "from count import count_below\n\n\ndef test_count():\n    assert count_below([1, 2, 3], 3) == 2\n",
    )
    .unwrap();
    std::fs::write(ws.join("pytest.ini"), "[pytest]\n").unwrap();
    let steps = json!(
        (0..8)
            .map(|_| json!({"p_tool": 0.9, "name": "stop", "args": {}}))
            .collect::<Vec<_>>()
    );
    let script = script(scratch.path(), steps);
    let (code, lines) = tact(
        &[
            "run",
            "--json",
            "--job-id",
            "fix-1",
            "--task",
            "the tests fail; find the bug and fix it",
            "--scripted",
            &script,
        ],
        &ws,
    );
    assert_eq!(code, 0, "{lines:#?}");
    let schemas = doc_schemas();
    for line in &lines {
        validate(&schemas, line);
        assert_eq!(line["job_id"], "fix-1");
        assert_eq!(
            line["event"], line["type"],
            "the alias stays for one release"
        );
    }
    assert_eq!(lines.first().unwrap()["type"], "started");
    assert_eq!(lines.first().unwrap()["resumed"], false);
    let done = lines.last().unwrap();
    assert_eq!(done["type"], "done");
    assert_eq!(done["status"], "done");
    assert_eq!(done["changed_files"], json!(["count.py"]));
    // Every call announced has a trust verdict; the usage counts the calls a worker ran.
    let called: std::collections::BTreeSet<&str> = lines
        .iter()
        .filter(|l| l["type"] == "call")
        .map(|l| l["work_id"].as_str().unwrap())
        .collect();
    let judged: std::collections::BTreeSet<&str> = lines
        .iter()
        .filter(|l| l["type"] == "verdict")
        .map(|l| l["work_id"].as_str().unwrap())
        .collect();
    assert_eq!(called, judged);
    let in_process = lines
        .iter()
        .filter(|l| l["type"] == "call" && l["in_process"] == true)
        .count();
    assert_eq!(in_process, 1, "mutate, performed by the job itself");
    assert_eq!(
        done["usage"]["tool_calls"],
        (called.len() - in_process) as u64
    );
    assert!(Path::new(done["ledger"].as_str().unwrap()).is_file());
    let ts: Vec<u64> = lines.iter().map(|l| l["ts"].as_u64().unwrap()).collect();
    assert!(ts.windows(2).all(|w| w[0] <= w[1]), "timestamps in order");
    // Decisions carry their typed detail.
    let verdicts: Vec<&Value> = lines
        .iter()
        .filter(|l| l["type"] == "decision" && l["node"] == "probe_verdict")
        .collect();
    assert!(verdicts.iter().any(|v| v["detail"]["passed"] == true));
}

fn step(name: &str, args: Value) -> Value {
    json!({"p_tool": 0.9, "name": name, "args": args})
}

/// A workspace with `notes.txt` saying hello.
fn notes_workspace() -> (tempfile::TempDir, std::path::PathBuf) {
    let scratch = tempfile::tempdir().unwrap();
    let ws = scratch.path().join("ws");
    std::fs::create_dir(&ws).unwrap();
    std::fs::write(ws.join("notes.txt"), "hello world\n").unwrap();
    (scratch, ws)
}

/// The scripted steps of the greeting change (as the DescribedChange plan leads), then `rest`.
fn greeting_change(rest: &[Value]) -> Value {
    let mut steps = vec![
        step("search", json!({"pattern": "hello"})),
        step("read_file", json!({"path": "notes.txt"})),
        step(
            "apply_edit",
            json!({"path": "notes.txt", "old_text": "hello", "new_text": "goodbye"}),
        ),
    ];
    steps.extend_from_slice(rest);
    Value::Array(steps)
}

/// A job that changes a file and then puts it back reports no changed file.
#[test]
fn a_file_put_back_is_not_a_changed_file() {
    let (scratch, ws) = notes_workspace();
    let steps = greeting_change(&[
        step(
            "apply_edit",
            json!({"path": "notes.txt", "old_text": "goodbye", "new_text": "hello"}),
        ),
        step("stop", json!({"reason": "back as it was"})),
    ]);
    let script = script(scratch.path(), steps);
    let (_, lines) = tact(
        &[
            "run",
            "--json",
            "--job-id",
            "undo-1",
            "--task",
            "change the greeting in notes.txt",
            "--scripted",
            &script,
        ],
        &ws,
    );
    let done = lines.last().unwrap();
    assert_eq!(done["type"], "done", "{lines:#?}");
    let edits = lines
        .iter()
        .filter(|l| l["type"] == "call" && l["tool"] == "apply_edit")
        .count();
    assert_eq!(edits, 2, "{lines:#?}");
    assert_eq!(done["changed_files"], json!([]));
    assert_eq!(
        std::fs::read_to_string(ws.join("notes.txt")).unwrap(),
        "hello world\n"
    );
}

#[test]
fn a_start_up_failure_is_an_error_line_too() {
    let scratch = tempfile::tempdir().unwrap();
    let missing = scratch.path().join("no-such-workspace");
    let (code, lines) = tact(&["run", "--json", "--task", "fix it"], &missing);
    assert_eq!(code, 1);
    assert_eq!(lines.len(), 1, "{lines:#?}");
    validate(&doc_schemas(), &lines[0]);
    assert_eq!(lines[0]["type"], "error");
    assert_eq!(lines[0]["job_id"], Value::Null);
    assert!(
        lines[0]["message"]
            .as_str()
            .unwrap()
            .contains("no-such-workspace")
    );
}

/// An error after the job exists names the job (it used to say `null`, so a reader could not
/// tell which job a full disk under its ledger had ended): here the ledger cannot be created
/// because a directory stands where its file goes.
#[test]
fn an_error_after_the_job_exists_names_the_job() {
    let scratch = tempfile::tempdir().unwrap();
    let ws = scratch.path().join("ws");
    std::fs::create_dir_all(ws.join(".tact/jobs/job-7/ledger.bin")).unwrap();
    std::fs::write(ws.join("notes.txt"), "hello\n").unwrap();
    let (code, lines) = tact(
        &["run", "--json", "--job-id", "job-7", "--task", "fix it"],
        &ws,
    );
    assert_ne!(code, 0);
    let error = lines
        .iter()
        .find(|l| l["type"] == "error")
        .unwrap_or_else(|| panic!("{lines:#?}"));
    validate(&doc_schemas(), error);
    assert_eq!(error["job_id"], "job-7", "{error}");
    assert!(
        error["message"].as_str().unwrap().contains("ledger"),
        "{error}"
    );
    assert_eq!(
        std::fs::read_to_string(ws.join("notes.txt")).unwrap(),
        "hello\n"
    );
}

/// Every kind of event has its schema in the docs, and the docs name no kind that does not
/// exist.
#[test]
fn the_docs_cover_every_event_kind() {
    let schemas = doc_schemas();
    let kinds = schemas["common"]["properties"]["type"]["enum"]
        .as_array()
        .unwrap();
    let mut documented: Vec<&str> = schemas
        .keys()
        .map(String::as_str)
        .filter(|k| *k != "common")
        .collect();
    let mut listed: Vec<&str> = kinds.iter().map(|k| k.as_str().unwrap()).collect();
    documented.sort();
    listed.sort();
    assert_eq!(documented, listed);
}

/// Replace what differs from run to run (times, paths, ids, durations, pids, hashes).
fn redact(value: &mut Value, root: &str) {
    match value {
        Value::Object(map) => {
            for (key, v) in map.iter_mut() {
                match key.as_str() {
                    // The policy's edition changes with every edit of the default policy.
                    "policy_ref" => *v = json!("[policy edition]"),
                    "ts" | "duration_ms" | "wall_ms" | "performer_pid" | "plan_id" | "key"
                    | "at_ms" | "wall_time_ms" => *v = json!("[redacted]"),
                    _ => redact(v, root),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|v| redact(v, root)),
        Value::String(s) => {
            if s.contains(root) {
                *s = s.replace(root, "[workspace]");
            }
            // Content hashes.
            let hex = |w: &str| w.len() == 64 && w.chars().all(|c| c.is_ascii_hexdigit());
            if s.split(|c: char| !c.is_ascii_hexdigit()).any(hex) {
                *s = "[sha256]".into();
            }
        }
        _ => {}
    }
}

/// A described change, start to end, as a reader of the stream sees it.
#[test]
fn the_stream_of_a_described_change() {
    let (scratch, ws) = notes_workspace();
    let steps = greeting_change(&[step("stop", json!({"reason": "the greeting is changed"}))]);
    let script = script(scratch.path(), steps);
    let (code, mut lines) = tact(
        &[
            "run",
            "--json",
            "--job-id",
            "snap-1",
            "--task",
            "change the greeting in notes.txt",
            "--scripted",
            &script,
            "--retriever",
            "bm25",
        ],
        &ws,
    );
    assert_eq!(code, 0, "{lines:#?}");
    let root = ws.canonicalize().unwrap().display().to_string();
    let schemas = doc_schemas();
    for line in &mut lines {
        validate(&schemas, line);
        redact(line, &root);
    }
    insta::assert_json_snapshot!(lines);
}
