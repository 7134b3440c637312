//! Tool tests against real files and real processes.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use serde_json::{Value, json};

use super::*;
use crate::records::ToolRef;

struct Ws {
    _dir: tempfile::TempDir,
    _tmp: tempfile::TempDir,
    ctx: ToolContext,
}

fn ws() -> Ws {
    let dir = tempfile::tempdir().unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let config = ToolConfig {
        command_allow: vec!["echo".into(), "ls".into(), "sh".into(), "git".into()],
        command_deny: vec!["rm -rf /".into()],
        ..ToolConfig::default()
    };
    let ctx = ToolContext::new(dir.path(), tmp.path(), config).unwrap();
    Ws {
        _dir: dir,
        _tmp: tmp,
        ctx,
    }
}

impl Ws {
    fn put(&self, rel: &str, text: &str) {
        let path = self.ctx.workspace.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    fn get(&self, rel: &str) -> String {
        std::fs::read_to_string(self.ctx.workspace.join(rel)).unwrap()
    }
    fn run(&self, tool: &str, args: Value) -> Observation {
        let call = ToolCall {
            work_id: "w1".into(),
            tool: ToolRef::new(tool, 1),
            args,
            depends_on: vec![],
        };
        execute(&call, &self.ctx)
    }
    fn ok(&self, tool: &str, args: Value) -> Value {
        let obs = self.run(tool, args);
        assert!(obs.ok, "{tool}: {:?}", obs.error);
        obs.output
    }
    fn err(&self, tool: &str, args: Value) -> String {
        let obs = self.run(tool, args);
        assert!(!obs.ok, "{tool} unexpectedly succeeded: {}", obs.output);
        obs.error.unwrap()
    }
}

#[test]
fn outputs_match_the_catalog_output_schemas() {
    // Structural spot check without jsonschema (the policies crate validates fully): every
    // required key of the output schema is present.
    let w = ws();
    w.put("a.txt", "x\n");
    let specs = crate::catalog::catalog();
    let cases = [
        ("list_dir", json!({})),
        ("read_file", json!({"path": "a.txt"})),
        ("search", json!({"pattern": "x"})),
        ("find_files", json!({"pattern": "*.txt"})),
        ("calc", json!({"expression": "1+1"})),
    ];
    for (tool, args) in cases {
        let out = w.ok(tool, args);
        let spec = crate::catalog::find(&specs, tool).unwrap();
        for key in spec.output_schema["required"].as_array().unwrap() {
            assert!(out.get(key.as_str().unwrap()).is_some(), "{tool}: {key}");
        }
    }
}

#[test]
fn read_file_returns_ranges_hash_and_respects_the_cap() {
    let w = ws();
    let text = "one\ntwo\nthree\nfour\n";
    w.put("f.txt", text);
    let out = w.ok("read_file", json!({"path": "f.txt"}));
    assert_eq!(out["content"], text);
    assert_eq!(out["sha256"], sha256_hex(text.as_bytes()));
    assert_eq!(out["total_lines"], 4);
    let out = w.ok(
        "read_file",
        json!({"path": "f.txt", "start_line": 2, "end_line": 3}),
    );
    assert_eq!(out["content"], "two\nthree\n");
    assert_eq!(
        out["sha256"],
        sha256_hex(text.as_bytes()),
        "hash is of the whole file"
    );
    let out = w.ok("read_file", json!({"path": "f.txt", "max_bytes": 9}));
    assert_eq!(out["content"], "one\ntwo\n");
    assert_eq!(out["truncated"], true);
    assert_eq!(out["end_line"], 2);
    assert!(
        w.err("read_file", json!({"path": "f.txt", "start_line": 9}))
            .contains("past the end")
    );
    assert!(
        w.err("read_file", json!({"path": "../f.txt"}))
            .contains("outside the workspace")
    );
    assert!(
        w.err("read_file", json!({"path": "missing"}))
            .contains("no such file")
    );
    std::fs::write(w.ctx.workspace.join("bin"), [0xff, 0xfe, 0x00]).unwrap();
    assert!(w.err("read_file", json!({"path": "bin"})).contains("UTF-8"));
}

#[test]
fn list_dir_sorts_and_classifies() {
    let w = ws();
    w.put("b.txt", "12345");
    w.put("a/inner.txt", "");
    let out = w.ok("list_dir", json!({}));
    let entries = out["entries"].as_array().unwrap();
    assert_eq!(entries[0]["name"], "a");
    assert_eq!(entries[0]["kind"], "dir");
    assert_eq!(entries[1]["name"], "b.txt");
    assert_eq!(entries[1]["size"], 5);
    let out = w.ok("list_dir", json!({"path": "a", "max_entries": 1}));
    assert_eq!(out["entries"].as_array().unwrap().len(), 1);
    assert_eq!(out["truncated"], false);
}

#[test]
fn search_and_find_honour_gitignore() {
    let w = ws();
    w.put(".gitignore", "target/\n*.log\n");
    w.put("src/lib.rs", "fn alpha() {}\nfn beta() {}\n");
    w.put("src/deep/mod.rs", "// ALPHA here\n");
    w.put("target/debug/gen.rs", "fn alpha() {}\n");
    w.put("run.log", "alpha\n");
    let out = w.ok("search", json!({"pattern": "alpha"}));
    let hits: Vec<(String, u64)> = out["matches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["path"].as_str().unwrap().to_string(),
                m["line"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(hits, vec![("src/lib.rs".to_string(), 1)]);
    let out = w.ok(
        "search",
        json!({"pattern": "alpha", "case_insensitive": true, "glob": "**/deep/*.rs"}),
    );
    assert_eq!(out["matches"][0]["path"], "src/deep/mod.rs");
    assert!(
        w.err("search", json!({"pattern": "("}))
            .contains("regular expression")
    );
    let out = w.ok("find_files", json!({"pattern": "*.rs"}));
    assert_eq!(out["files"], json!(["src/deep/mod.rs", "src/lib.rs"]));
    let out = w.ok(
        "find_files",
        json!({"pattern": "src/*.rs", "max_results": 1}),
    );
    assert_eq!(out["files"].as_array().unwrap().len(), 1);
    assert!(
        w.err("find_files", json!({"pattern": "a["}))
            .contains("glob")
    );
}

#[test]
fn write_file_reports_before_and_after_hashes() {
    let w = ws();
    let out = w.ok(
        "write_file",
        json!({"path": "new/dir/x.txt", "content": "hello"}),
    );
    assert_eq!(out["created"], true);
    assert_eq!(out["before_sha256"], Value::Null);
    assert_eq!(out["after_sha256"], sha256_hex(b"hello"));
    let out = w.ok(
        "write_file",
        json!({"path": "new/dir/x.txt", "content": "bye"}),
    );
    assert_eq!(out["before_sha256"], sha256_hex(b"hello"));
    assert_eq!(w.get("new/dir/x.txt"), "bye");
    assert!(
        w.err("write_file", json!({"path": "/tmp/x", "content": "x"}))
            .contains("outside")
    );
}

#[test]
fn apply_edit_needs_exactly_one_occurrence() {
    let w = ws();
    w.put("f.rs", "let a = 1;\nlet b = 1;\nlet b = 1;\n");
    let out = w.ok(
        "apply_edit",
        json!({"path": "f.rs", "old_text": "let a = 1;", "new_text": "let a = 2;"}),
    );
    assert_eq!(out["line"], 1);
    assert_eq!(w.get("f.rs"), "let a = 2;\nlet b = 1;\nlet b = 1;\n");
    assert_eq!(out["after_sha256"], sha256_hex(w.get("f.rs").as_bytes()));
    let err = w.err(
        "apply_edit",
        json!({"path": "f.rs", "old_text": "let b = 1;", "new_text": "x"}),
    );
    assert!(err.contains("occurs 2 times"), "{err}");
    let err = w.err(
        "apply_edit",
        json!({"path": "f.rs", "old_text": "zzz", "new_text": "x"}),
    );
    assert!(err.contains("occurs 0 times"));
    assert_eq!(
        w.get("f.rs"),
        "let a = 2;\nlet b = 1;\nlet b = 1;\n",
        "failed edits change nothing"
    );
    assert_eq!(count_occurrences("aaa", "aa"), 2);
}

#[test]
fn apply_patch_is_all_or_nothing() {
    let w = ws();
    w.put("a.txt", "1\n2\n3\n");
    w.put("b.txt", "x\n");
    let good = "--- a/a.txt\n+++ b/a.txt\n@@ -1,3 +1,3 @@\n 1\n-2\n+two\n 3\n--- /dev/null\n+++ b/c.txt\n@@ -0,0 +1 @@\n+new\n";
    let out = w.ok("apply_patch", json!({"patch": good}));
    assert_eq!(w.get("a.txt"), "1\ntwo\n3\n");
    assert_eq!(w.get("c.txt"), "new\n");
    assert_eq!(out["files"][1]["before_sha256"], Value::Null);
    let half_bad = "--- a/b.txt\n+++ b/b.txt\n@@ -1 +1 @@\n-x\n+y\n--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-nope\n+z\n";
    let err = w.err("apply_patch", json!({"patch": half_bad}));
    assert!(err.contains("does not match"), "{err}");
    assert_eq!(
        w.get("b.txt"),
        "x\n",
        "the first file is untouched when the second fails"
    );
    let escape = "--- /dev/null\n+++ b/../../escape.txt\n@@ -0,0 +1 @@\n+x\n";
    assert!(
        w.err("apply_patch", json!({"patch": escape}))
            .contains("outside")
    );
}

#[test]
fn run_command_admits_only_allowed_programs_and_runs_sandboxed() {
    let w = ws();
    let out = w.run("run_command", json!({"command": "echo 'hello world'"}));
    assert!(out.ok, "{:?}", out.error);
    assert_eq!(out.exit_code, Some(0));
    assert_eq!(out.output["stdout_tail"], "hello world\n");
    assert!(out.output["sandbox"]["seccomp"].as_bool().unwrap());
    let err = w.err("run_command", json!({"command": "python3 -c 1"}));
    assert!(err.contains("not allowed"), "{err}");
    let err = w.err("run_command", json!({"command": "sh -c 'rm -rf /'"}));
    assert!(err.contains("denied"), "{err}");
    let out = w.run("run_command", json!({"command": "sh -c 'exit 3'"}));
    assert!(out.ok);
    assert_eq!(out.exit_code, Some(3));
    let out = w.run(
        "run_command",
        json!({"command": "sh -c 'sleep 5'", "timeout_ms": 200}),
    );
    assert_eq!(out.output["timed_out"], true);
}

#[test]
fn run_tests_parses_a_real_pytest_run() {
    let w = ws();
    w.put(
        "test_calc.py",
        "def test_ok():\n    assert 1 + 1 == 2\n\ndef test_also_ok():\n    assert True\n\ndef test_bad():\n    assert 2 * 2 == 5\n",
    );
    let obs = w.run("run_tests", json!({}));
    assert!(obs.ok, "{:?}", obs.error);
    let out = &obs.output;
    assert_eq!(out["runner"], "pytest", "{out}");
    assert_eq!(out["status"], "failed", "{out}");
    assert_eq!(out["report"]["passed"], 2, "{out}");
    assert_eq!(out["report"]["failed"], 1);
    assert!(
        out["report"]["failures"][0]
            .as_str()
            .unwrap()
            .contains("test_bad")
    );
    assert_eq!(obs.exit_code, Some(1));
    let obs = w.run("run_tests", json!({"filter": "ok"}));
    assert_eq!(obs.output["status"], "passed", "{}", obs.output);
    assert_eq!(obs.output["report"]["passed"], 2);
}

/// A traced pytest run reports, per assertion, the source lines it ran: the leap-year line
/// only the failing assertion reached is the only line with a failing run and no passing one;
/// the report and the counts are those of the untraced run.
#[test]
fn a_traced_pytest_run_reports_the_lines_each_assertion_ran() {
    let w = ws();
    w.put(
        "day.py",
        "def day_of_year(year, month, day):\n    lengths = [31, 28, 31, 30]\n    if year % 4 == 0:\n        lengths[2] = 29\n    return sum(lengths[:month - 1]) + day\n",
    );
    w.put(
        "test_day.py",
        "from day import day_of_year\n\ndef check(candidate):\n    assert candidate(2023, 1, 1) == 1\n    assert candidate(2023, 3, 1) == 60\n    assert candidate(2024, 3, 1) == 61\n\ndef test_day():\n    check(day_of_year)\n\ndef test_other():\n    assert day_of_year(2023, 2, 1) == 32\n",
    );
    let obs = w.run("run_tests", json!({"trace": true}));
    assert!(obs.ok, "{:?}", obs.error);
    let out = &obs.output;
    assert_eq!(out["traced"], true, "{out}");
    assert_eq!(out["report"]["passed"], 1, "{out}");
    assert_eq!(out["report"]["failed"], 1, "{out}");
    assert!(
        !out["stderr_tail"]
            .as_str()
            .unwrap()
            .contains("@@tact-spectrum")
    );
    let spectrum: crate::spectrum::LineSpectrum =
        serde_json::from_value(out["spectrum"].clone()).expect("a spectrum");
    // test_day: two passing assertions and the failing one; test_other: one passing.
    assert_eq!(
        (spectrum.failed_runs, spectrum.passed_runs),
        (1, 3),
        "{spectrum:?}"
    );
    assert_eq!(spectrum.ochiai("day.py", 4), Some(1.0), "{spectrum:?}");
    assert_eq!(spectrum.ochiai("day.py", 5), Some(0.5), "{spectrum:?}");
    assert_eq!(
        spectrum.ochiai("test_day.py", 4),
        None,
        "test code is not traced"
    );
    // Untraced, the same counts and no spectrum.
    let plain = w.run("run_tests", json!({}));
    assert_eq!(plain.output["report"], out["report"]);
    assert_eq!(plain.output["spectrum"], Value::Null);
}

#[test]
fn run_tests_parses_a_real_cargo_run() {
    let w = ws();
    w.put(
        "Cargo.toml",
        "[package]\nname = \"tiny\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[workspace]\n",
    );
    w.put(
        "src/lib.rs",
        "pub fn add(a: i32, b: i32) -> i32 { a - b }\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn adds() { assert_eq!(super::add(2, 2), 4); }\n    #[test]\n    fn zero() { assert_eq!(super::add(0, 0), 0); }\n}\n",
    );
    let obs = w.run("run_tests", json!({}));
    assert!(obs.ok, "{:?}", obs.error);
    let out = &obs.output;
    assert_eq!(out["runner"], "cargo");
    assert_eq!(out["status"], "failed", "{out}");
    assert_eq!(out["report"]["passed"], 1, "{out}");
    assert_eq!(out["report"]["failed"], 1);
    assert_eq!(obs.exit_code, Some(101));
}

#[test]
fn run_tests_without_a_runner_is_an_error() {
    let w = ws();
    assert!(w.err("run_tests", json!({})).contains("no test runner"));
}

#[test]
fn git_status_and_diff_on_a_real_repository() {
    let w = ws();
    let git = |args: &[&str]| {
        let status = std::process::Command::new("git")
            .args(args)
            .current_dir(&w.ctx.workspace)
            .env("GIT_AUTHOR_NAME", "t")
            .env("GIT_AUTHOR_EMAIL", "t@t")
            .env("GIT_COMMITTER_NAME", "t")
            .env("GIT_COMMITTER_EMAIL", "t@t")
            .output()
            .unwrap();
        assert!(status.status.success(), "{status:?}");
    };
    git(&["init", "-q", "-b", "main"]);
    w.put("a.txt", "one\n");
    git(&["add", "a.txt"]);
    git(&["commit", "-q", "-m", "init"]);
    let out = w.ok("git_status", json!({}));
    assert_eq!(out["clean"], true, "{out}");
    assert_eq!(out["branch"], "main");
    w.put("a.txt", "two\n");
    w.put("b.txt", "new\n");
    let out = w.ok("git_status", json!({}));
    assert_eq!(out["clean"], false);
    let entries = out["entries"].as_array().unwrap();
    assert!(
        entries.contains(&json!({"status": "M", "path": "a.txt"})),
        "{out}"
    );
    assert!(
        entries.contains(&json!({"status": "??", "path": "b.txt"})),
        "{out}"
    );
    let out = w.ok("git_diff", json!({}));
    assert_eq!(out["files_changed"], 1);
    assert!(out["diff"].as_str().unwrap().contains("-one\n+two"));
    let out = w.ok("git_diff", json!({"staged": true}));
    assert_eq!(out["files_changed"], 0);
}

#[test]
fn calc_and_job_actions() {
    let w = ws();
    let out = w.ok(
        "calc",
        json!({"expression": "price * qty - 3", "variables": {"price": 2.5, "qty": 4}}),
    );
    assert_eq!(out["value"], json!(7));
    let out = w.ok("calc", json!({"expression": "7 / 2"}));
    assert_eq!(out["value"], json!(3.5));
    assert!(
        w.err("calc", json!({"expression": "1/0"}))
            .contains("division by zero")
    );
    assert!(
        w.err("ask_user", json!({"question": "?"}))
            .contains("carried out by the job")
    );
    assert!(w.err("frobnicate", json!({})).contains("unknown tool"));
    assert!(
        w.err("read_file", json!({"path": 5}))
            .contains("must be a string")
    );
}

// ---------------------------------------------------------------------------------------------
// probe_edit
// ---------------------------------------------------------------------------------------------

const PY_SOURCE: &str = "def add(a, b):\n    return a - b\n\n\ndef double(x):\n    return x * 2\n";
const PY_TESTS: &str = "from calc import add, double\n\n\ndef test_add():\n    assert add(2, 3) == 5\n\n\ndef test_double():\n    assert double(4) == 8\n\n\ndef test_add_zero():\n    assert add(0, 0) == 0\n";

fn py_ws() -> Ws {
    let w = ws();
    w.put("calc.py", PY_SOURCE);
    w.put("test_calc.py", PY_TESTS);
    w
}

fn fix(old: &str, new: &str) -> Value {
    json!({"edits": [{"path": "calc.py", "old_text": old, "new_text": new}]})
}

/// The probe's output has every key the catalog's output schema requires.
fn assert_probe_shape(out: &Value) {
    let specs = crate::catalog::catalog();
    let spec = crate::catalog::find(&specs, "probe_edit").unwrap();
    for key in spec.output_schema["required"].as_array().unwrap() {
        assert!(out.get(key.as_str().unwrap()).is_some(), "{key}: {out}");
    }
}

/// The digest a probe reports for its copy is what `apply_edit` reports for the workspace
/// once it holds the same sources (the job's commit leans on this to skip a second full run),
/// and any other difference in the sources changes it.
#[test]
fn a_probed_tree_and_the_workspace_after_the_same_edit_have_one_digest() {
    let w = py_ws();
    let probed = w.ok("probe_edit", fix("return a - b", "return a + b"));
    let probed_tree = probed["tree_sha256"].as_str().unwrap().to_string();
    assert_eq!(probed_tree.len(), 64);
    // Caches the tests leave behind are not sources.
    w.put("__pycache__/calc.cpython-312.pyc", "junk");

    let edit = json!({"path": "calc.py", "old_text": "return a - b", "new_text": "return a + b"});
    let plain = w.ok("apply_edit", edit.clone());
    assert_eq!(plain.get("tree_sha256"), None, "only on request");
    let undo = json!({"path": "calc.py", "old_text": "return a + b", "new_text": "return a - b"});
    w.ok("apply_edit", undo);
    let mut asked = edit.clone();
    asked["tree_sha256"] = json!(true);
    let applied = w.ok("apply_edit", asked);
    assert_eq!(applied["tree_sha256"], probed_tree.as_str());

    // Another file changed in the workspace: the trees differ.
    w.put("notes.txt", "hello");
    let undo = json!({"path": "calc.py", "old_text": "return a + b", "new_text": "return a - b"});
    w.ok("apply_edit", undo);
    let mut asked = edit;
    asked["tree_sha256"] = json!(true);
    let applied = w.ok("apply_edit", asked);
    assert_ne!(applied["tree_sha256"], probed_tree.as_str());
}

#[test]
fn probe_edit_judges_candidates_without_touching_the_workspace() {
    let w = py_ws();
    let obs = w.run("probe_edit", fix("return a - b", "return a + b"));
    assert!(obs.ok, "{:?}", obs.error);
    let out = &obs.output;
    assert_probe_shape(out);
    assert_eq!(out["status"], "passed", "{out}");
    assert_eq!(out["last_run"], "full");
    assert_eq!(out["narrow"], Value::Null, "no tests named: one full run");
    assert_eq!(out["full"]["passed"], 3, "{out}");
    assert_eq!(out["edits_applied"], 1);
    assert_eq!(out["scratch"], "probes/slot-0");
    // What the edited file held when it was copied: content the job has now seen.
    assert_eq!(
        out["base_sha256"]["calc.py"],
        crate::tools::sha256_hex(PY_SOURCE.as_bytes()).as_str(),
        "{out}"
    );
    assert_eq!(obs.exit_code, Some(0));
    assert_eq!(
        w.get("calc.py"),
        PY_SOURCE,
        "the workspace is never written"
    );
    let scratch = w.ctx.temp_dir.join("probes/slot-0");
    assert!(
        std::fs::read_to_string(scratch.join("calc.py"))
            .unwrap()
            .contains("a + b")
    );

    let obs = w.run("probe_edit", fix("return a - b", "return a * b"));
    assert!(obs.ok, "{:?}", obs.error);
    assert_eq!(obs.output["status"], "failed", "{}", obs.output);
    assert_eq!(obs.output["full"]["failed"], 1);
    assert_eq!(obs.output["full"]["passed"], 2);
    assert_eq!(obs.exit_code, Some(1));
    assert_eq!(
        w.get("calc.py"),
        PY_SOURCE,
        "the workspace is never written"
    );
    // The slot was cleared and copied again: the earlier candidate is gone from it.
    assert!(
        std::fs::read_to_string(scratch.join("calc.py"))
            .unwrap()
            .contains("a * b")
    );
}

#[test]
fn probe_edit_runs_the_named_tests_first_then_the_suite() {
    let w = py_ws();
    // Narrowed by node id, stopping there: one test ran.
    let mut args = fix("return a - b", "return a + b");
    args["tests"] = json!(["test_calc.py::test_add"]);
    args["full_suite_on_pass"] = json!(false);
    let obs = w.run("probe_edit", args);
    assert!(obs.ok, "{:?}", obs.error);
    let out = &obs.output;
    assert_eq!(out["status"], "passed", "{out}");
    assert_eq!(out["last_run"], "narrow");
    assert_eq!(out["narrow"]["passed"], 1, "{out}");
    assert_eq!(out["narrow"]["failed"], 0);
    assert_eq!(out["full"], Value::Null);
    let command: Vec<String> = serde_json::from_value(out["command"].clone()).unwrap();
    assert!(command.contains(&"-x".to_string()), "{command:?}");
    assert_eq!(command.last().unwrap(), "test_calc.py::test_add");

    // A bare name goes through -k; passing, the full suite runs as well.
    let mut args = fix("return a - b", "return a + b");
    args["tests"] = json!(["test_double"]);
    let obs = w.run("probe_edit", args);
    let out = &obs.output;
    assert_eq!(out["narrow"]["passed"], 1, "{out}");
    assert_eq!(out["last_run"], "full");
    assert_eq!(out["full"]["passed"], 3, "{out}");
    assert_eq!(out["status"], "passed");

    // A failing narrow run stops there: no full run.
    let mut args = fix("return a - b", "return a * b");
    args["tests"] = json!(["test_add", "test_add_zero"]);
    let obs = w.run("probe_edit", args);
    let out = &obs.output;
    assert_eq!(out["status"], "failed", "{out}");
    assert_eq!(out["last_run"], "narrow");
    assert_eq!(
        out["narrow"]["failed"], 1,
        "-x stops at the first failure: {out}"
    );
    assert_eq!(out["full"], Value::Null);
    assert_eq!(obs.exit_code, Some(1));

    // A name that matches nothing is reported as such, not as a pass.
    let mut args = fix("return a - b", "return a + b");
    args["tests"] = json!(["test_nothing_like_this"]);
    let obs = w.run("probe_edit", args);
    assert_eq!(obs.output["status"], "no_tests", "{}", obs.output);
    assert_eq!(obs.output["full"], Value::Null);
    assert_eq!(w.get("calc.py"), PY_SOURCE);
}

#[test]
fn probe_edit_refuses_test_code_ambiguous_and_escaping_edits() {
    let w = py_ws();
    let err = w.err(
        "probe_edit",
        json!({"edits": [{"path": "test_calc.py", "old_text": "== 5", "new_text": "== -1"}]}),
    );
    assert!(err.contains("`test_calc.py` is a test file"), "{err}");
    assert!(err.contains("may not change or weaken tests"), "{err}");

    // A test function in a source module is test code too.
    w.put(
        "calc.py",
        &format!("{PY_SOURCE}\n\ndef test_inline():\n    assert double(1) == 2\n"),
    );
    let err = w.err("probe_edit", fix("double(1) == 2", "True"));
    assert!(
        err.contains("lines 9-10 of `calc.py` are test code (a Python test function)"),
        "{err}"
    );
    w.put("calc.py", PY_SOURCE);

    let err = w.err("probe_edit", fix("return", "yield"));
    assert!(err.contains("occurs 2 times"), "{err}");
    let err = w.err("probe_edit", fix("no such text", "x"));
    assert!(err.contains("occurs 0 times"), "{err}");
    let err = w.err(
        "probe_edit",
        json!({"edits": [{"path": "../calc.py", "old_text": "a", "new_text": "b"}]}),
    );
    assert!(err.contains("outside the workspace"), "{err}");
    let err = w.err("probe_edit", json!({"edits": []}));
    assert!(err.contains("1 to 8"), "{err}");
    let mut args = fix("return a - b", "return a + b");
    args["tests"] = json!(["--collect-only"]);
    assert!(w.err("probe_edit", args).contains("not starting with `-`"));
    // Two edits of one file apply in order; a later one sees the earlier one's text.
    let obs = w.run(
        "probe_edit",
        json!({"edits": [
            {"path": "calc.py", "old_text": "return a - b", "new_text": "return b - a"},
            {"path": "calc.py", "old_text": "b - a", "new_text": "b + a"}
        ]}),
    );
    assert_eq!(
        obs.output["status"], "passed",
        "{:?} {}",
        obs.error, obs.output
    );
    assert_eq!(obs.output["edits_applied"], 2);
    assert_eq!(w.get("calc.py"), PY_SOURCE);
    assert_eq!(w.get("test_calc.py"), PY_TESTS);
}

#[test]
fn probe_edit_kills_a_hanging_candidate_at_its_timeout() {
    let w = py_ws();
    let mut args = fix("return a - b", "while True:\n        pass");
    args["timeout_ms"] = json!(1500);
    let started = std::time::Instant::now();
    let obs = w.run("probe_edit", args);
    assert!(obs.ok, "{:?}", obs.error);
    assert_eq!(obs.output["status"], "timed_out", "{}", obs.output);
    assert_eq!(obs.output["timed_out"], true);
    assert_eq!(obs.exit_code, None);
    assert!(
        started.elapsed() < std::time::Duration::from_secs(30),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(w.get("calc.py"), PY_SOURCE);
}

#[test]
fn probe_edit_skips_caches_and_vcs_data() {
    let w = py_ws();
    w.put(".git/HEAD", "ref: refs/heads/main\n");
    w.put(".tact/ledger", "x");
    w.put("__pycache__/calc.pyc", "x");
    w.put("node_modules/m/index.js", "x");
    w.put(
        "pkg/target/keep.txt",
        "a python package may be named target\n",
    );
    std::os::unix::fs::symlink("calc.py", w.ctx.workspace.join("alias.py")).unwrap();
    let obs = w.run("probe_edit", fix("return a - b", "return a + b"));
    assert!(obs.ok, "{:?}", obs.error);
    let scratch = w.ctx.temp_dir.join("probes/slot-0");
    for skipped in [".git", ".tact", "__pycache__", "node_modules"] {
        assert!(!scratch.join(skipped).exists(), "{skipped} was copied");
    }
    assert!(scratch.join("pkg/target/keep.txt").is_file());
    assert_eq!(
        std::fs::read_link(scratch.join("alias.py")).unwrap(),
        std::path::PathBuf::from("calc.py")
    );
    let err = w.err(
        "probe_edit",
        json!({"edits": [{"path": ".git/HEAD", "old_text": "main", "new_text": "x"}]}),
    );
    assert!(err.contains("probes do not copy"), "{err}");
}

#[test]
fn probe_edit_fixes_a_rust_crate_in_its_scratch_copy() {
    if std::process::Command::new("cargo")
        .arg("--version")
        .output()
        .is_err()
    {
        eprintln!("cargo is not available: the Rust probe test is skipped");
        return;
    }
    let w = ws();
    w.put(
        "Cargo.toml",
        "[package]\nname = \"probed\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[workspace]\n",
    );
    let lib = "pub fn add(a: i32, b: i32) -> i32 {\n    a - b\n}\n\npub fn neg(a: i32) -> i32 {\n    -a\n}\n\n#[cfg(test)]\nmod tests {\n    use super::*;\n\n    #[test]\n    fn adds() {\n        assert_eq!(add(2, 2), 4);\n    }\n\n    #[test]\n    fn negates() {\n        assert_eq!(neg(2), -2);\n    }\n}\n";
    w.put("src/lib.rs", lib);
    let edit = |old: &str, new: &str| json!({"edits": [{"path": "src/lib.rs", "old_text": old, "new_text": new}], "tests": ["tests::adds"]});
    let obs = w.run("probe_edit", edit("    a - b\n", "    a + b\n"));
    assert!(obs.ok, "{:?}", obs.error);
    let out = &obs.output;
    assert_eq!(out["runner"], "cargo");
    assert_eq!(out["narrow"]["passed"], 1, "{out}");
    assert_eq!(out["status"], "passed", "{out}");
    assert_eq!(out["full"]["passed"], 2, "{out}");
    assert_eq!(obs.exit_code, Some(0));
    assert_eq!(w.get("src/lib.rs"), lib, "the workspace is never written");
    assert!(
        !w.ctx.workspace.join("target").exists() && !w.ctx.workspace.join("Cargo.lock").exists(),
        "nothing is built in the workspace"
    );

    let obs = w.run("probe_edit", edit("    a - b\n", "    a / b\n"));
    assert_eq!(obs.output["status"], "failed", "{}", obs.output);
    assert_eq!(obs.output["last_run"], "narrow");
    assert_eq!(obs.exit_code, Some(101));

    let err = w.err(
        "probe_edit",
        edit("assert_eq!(add(2, 2), 4);", "assert_eq!(add(2, 2), 0);"),
    );
    assert!(
        err.contains("lines 9-22 of `src/lib.rs` are test code (a `#[cfg(test)]` item)"),
        "{err}"
    );
    assert_eq!(w.get("src/lib.rs"), lib);
}

/// Concurrent probes (issue 12): probes in different slots run at the same time, each in its
/// own scratch copy, and neither sees the other's candidate; a slot out of range is refused.
#[test]
fn probe_edit_slots_run_side_by_side_without_mixing_candidates() {
    let w = py_ws();
    let (passing, failing) = std::thread::scope(|scope| {
        let a = scope.spawn(|| {
            let mut args = fix("return a - b", "return a + b");
            args["slot"] = json!(0);
            w.run("probe_edit", args)
        });
        let b = scope.spawn(|| {
            let mut args = fix("return a - b", "return a * b");
            args["slot"] = json!(1);
            w.run("probe_edit", args)
        });
        (a.join().unwrap(), b.join().unwrap())
    });
    assert_eq!(passing.output["status"], "passed", "{}", passing.output);
    assert_eq!(passing.output["scratch"], "probes/slot-0");
    assert_eq!(failing.output["status"], "failed", "{}", failing.output);
    assert_eq!(failing.output["scratch"], "probes/slot-1");
    let slot = |n: u32| {
        std::fs::read_to_string(
            w.ctx
                .temp_dir
                .join(super::probe_slot_dir(n))
                .join("calc.py"),
        )
        .unwrap()
    };
    assert!(slot(0).contains("a + b") && !slot(0).contains("a * b"));
    assert!(slot(1).contains("a * b") && !slot(1).contains("a + b"));
    assert_eq!(
        w.get("calc.py"),
        PY_SOURCE,
        "the workspace is never written"
    );

    let mut args = fix("return a - b", "return a + b");
    args["slot"] = json!(super::PROBE_SLOTS);
    let err = w.err("probe_edit", args);
    assert!(err.contains("`slot` must be an integer"), "{err}");
}
