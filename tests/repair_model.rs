//! The main job with the real default model (SmolLM2-135M, installed by `tact models fetch`):
//! one bug an enumerated identifier swap fixes (the model only ranks), and one no enumerated
//! edit can fix (the model writes the new end of the line; the tests decide).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;
use std::process::Command;

use serde_json::Value;

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let name = entry.file_name();
        if name == "target" || name == ".tact" || name == "__pycache__" {
            continue;
        }
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &to.join(&name));
        } else {
            std::fs::copy(entry.path(), to.join(&name)).unwrap();
        }
    }
}

/// Run the headline task on a copy of `examples/bugs/NAME`; returns the workspace, the exit
/// code and the JSON events.
fn run_bug(name: &str) -> (tempfile::TempDir, i32, Vec<Value>) {
    let source = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples/bugs")
        .join(name);
    let scratch = tempfile::tempdir().unwrap();
    copy_dir(&source, scratch.path());
    let out = Command::new(env!("CARGO_BIN_EXE_tact"))
        .args(["run", "--json", "--workspace"])
        .arg(scratch.path())
        .output()
        .unwrap();
    let events = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect();
    (scratch, out.status.code().unwrap_or(-1), events)
}

fn bug_key(name: &str) -> toml::Table {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples/bugs")
        .join(name)
        .join("BUG.toml");
    std::fs::read_to_string(path).unwrap().parse().unwrap()
}

/// The kept candidate: the last `tests_decide` decision, which must have fixed everything.
fn kept(events: &[Value]) -> &Value {
    events
        .iter()
        .rev()
        .find(|e| e["event"] == "decision" && e["node"] == "tests_decide")
        .map(|e| &e["detail"])
        .expect("no candidate was tested")
}

fn assert_fixed_as_keyed(name: &str, workspace: &Path, code: i32, events: &[Value]) {
    assert_eq!(code, 0, "{name}: {events:#?}");
    let key = bug_key(name);
    let file = key["bug_file"].as_str().unwrap();
    let line = key["bug_line"].as_integer().unwrap() as usize;
    let content = std::fs::read_to_string(workspace.join(file)).unwrap();
    let mut accepted: Vec<&str> = vec![key["fixed_line"].as_str().unwrap()];
    if let Some(more) = key.get("equivalent_lines").and_then(|v| v.as_array()) {
        accepted.extend(more.iter().filter_map(|v| v.as_str()));
    }
    let now = content.lines().nth(line - 1).unwrap_or_default();
    assert!(
        accepted.contains(&now),
        "{name}: the bug line is not the answer key's: {now:?} not in {accepted:?}"
    );
    assert_eq!(kept(events)["judgement"], "Fixed");
}

#[test]
fn the_model_ranks_an_identifier_swap_that_fixes_rs_rectangle() {
    let (ws, code, events) = run_bug("rs_rectangle");
    assert_fixed_as_keyed("rs_rectangle", ws.path(), code, &events);
    assert!(
        kept(&events)["candidate"]
            .as_str()
            .unwrap()
            .contains("(swap_identifier)"),
        "{:#?}",
        kept(&events)
    );
}

#[test]
fn the_model_writes_the_fix_for_py_scores_and_the_tests_keep_it() {
    let (ws, code, events) = run_bug("py_scores");
    assert_fixed_as_keyed("py_scores", ws.path(), code, &events);
    assert!(
        kept(&events)["candidate"]
            .as_str()
            .unwrap()
            .ends_with("(model)"),
        "{:#?}",
        kept(&events)
    );
    // The first wave of enumerated candidates was probed (and failed) before the model wrote.
    let proposals = events
        .iter()
        .position(|e| e["event"] == "decision" && e["node"] == "proposals")
        .expect("the model proposed nothing");
    let probed = events
        .iter()
        .take(proposals)
        .filter(|e| e["event"] == "decision" && e["node"] == "probe_verdict")
        .count();
    assert!(probed >= 1, "no enumerated candidate was probed first");
    // The test file is untouched.
    let original =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/bugs/py_scores/tests/test_scores.py");
    assert_eq!(
        std::fs::read_to_string(ws.path().join("tests/test_scores.py")).unwrap(),
        std::fs::read_to_string(original).unwrap()
    );
}

/// The default policy's code writer (Qwen2.5-Coder-0.5B, installed by `tact models fetch` with
/// the defaults): the body misses a whole condition, so no enumerated edit and no line the
/// default model writes passes; the writer fills the localized lines first (then rewrites the
/// body from its docstring if need be), the tests decide, and the ledger names the writer,
/// while every other decision stays with the job's own model.
#[test]
fn a_missing_condition_is_written_by_the_policys_code_writer() {
    let scratch = tempfile::tempdir().unwrap();
    let ws = scratch.path();
    std::fs::write(
        ws.join("vowels.py"),
        "def count_vowels(word):\n    \"\"\"How many letters of the word are vowels (a, e, i, o, u), in either case.\"\"\"\n    count = 0\n    for ch in word:\n        count += 1\n    return count\n",
    )
    .unwrap();
    let tests = "from vowels import count_vowels\n\n\ndef test_count_vowels():\n    assert count_vowels(\"banana\") == 3\n    assert count_vowels(\"SKY\") == 0\n    assert count_vowels(\"Queue\") == 4\n";
    std::fs::write(ws.join("test_vowels.py"), tests).unwrap();
    std::fs::write(ws.join("pytest.ini"), "[pytest]\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_tact"))
        .args(["run", "--json", "--workspace"])
        .arg(ws)
        .output()
        .unwrap();
    let events: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect();
    assert_eq!(out.status.code(), Some(0), "{events:#?}");
    assert_eq!(kept(&events)["judgement"], "Fixed");
    // The writer's first round, the fills, writes the condition into the loop's line (before
    // 2026-12-06 the rewrites did); whichever round passes, the writer wrote it.
    let by_writer: Vec<&Value> = events
        .iter()
        .filter(|e| {
            e["event"] == "decision"
                && e["node"] == "proposals"
                && e["detail"]["writer"].is_string()
        })
        .collect();
    assert!(!by_writer.is_empty(), "{events:#?}");
    assert_eq!(
        by_writer[0]["detail"]["written_by"], "model (fill in the middle)",
        "{by_writer:#?}"
    );
    for round in &by_writer {
        let writer = round["detail"]["writer"].as_str().unwrap_or_default();
        assert!(
            writer.starts_with("qwen2.5-coder-0.5b-instruct@"),
            "{writer}"
        );
    }
    let fixed = std::fs::read_to_string(ws.join("vowels.py")).unwrap();
    assert!(
        fixed.starts_with("def count_vowels(word):\n    \"\"\"How many"),
        "{fixed}"
    );
    assert_eq!(
        std::fs::read_to_string(ws.join("test_vowels.py")).unwrap(),
        tests
    );
}
