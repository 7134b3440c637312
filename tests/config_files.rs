//! Config files (issue 17), and one budget rule a config-named policy sets (a model pass admitted
//! before it runs, issue 16). Config files: the user's (`$XDG_CONFIG_HOME/tact/config.toml`) and the
//! workspace's (`.tact/config.toml`, which wins), below the command line; `tact config show`
//! says where each value came from; `tact run` and `tact watch` read them. Real binary, real
//! files.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

fn tact(xdg: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tact"))
        .env("XDG_CONFIG_HOME", xdg)
        .args(args)
        .output()
        .unwrap()
}

/// The `--json` events of `tact run` on `ws` with a scripted model, the task "list the files
/// here", and `extra` arguments; and its exit code.
fn run_events(xdg: &Path, ws: &Path, script: &Path, extra: &[&str]) -> (Option<i32>, Vec<Value>) {
    let mut args = vec![
        "run",
        "--json",
        "--workspace",
        ws.to_str().unwrap(),
        "--scripted",
        script.to_str().unwrap(),
        "--task",
        "list the files here",
    ];
    args.extend_from_slice(extra);
    let out = tact(xdg, &args);
    let events = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect();
    (out.status.code(), events)
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

#[test]
fn the_workspace_config_wins_over_the_users_and_each_value_names_its_source() {
    let dir = tempfile::tempdir().unwrap();
    let xdg = dir.path().join("xdg");
    let ws = dir.path().join("ws");
    let user = xdg.join("tact/config.toml");
    write(
        &user,
        "version = 1\nmodel = \"smollm2-135m-instruct\"\nbackend = \"ndarray\"\nretriever = \"bm25\"\n",
    );
    let workspace = ws.join(".tact/config.toml");
    write(
        &workspace,
        "version = 1\nmodel = \"qwen2.5-coder-0.5b\"\npolicy = \"p.toml\"\n\n[[mcp_servers]]\nname = \"files\"\ncommand = \"mcp-files\"\nargs = [\".\"]\n",
    );
    let out = tact(
        &xdg,
        &[
            "config",
            "show",
            "--json",
            "--workspace",
            ws.to_str().unwrap(),
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let shown: Value = serde_json::from_slice(&out.stdout).unwrap();
    let source = |key: &str| shown[key]["source"].clone();
    assert_eq!(shown["model"]["value"], "qwen2.5-coder-0.5b");
    assert_eq!(source("model")["path"], workspace.to_str().unwrap());
    assert_eq!(shown["backend"]["value"], "ndarray");
    assert_eq!(source("backend")["path"], user.to_str().unwrap());
    assert_eq!(shown["retriever"]["value"], "bm25");
    assert_eq!(shown["threads"]["value"], Value::Null);
    assert_eq!(source("threads")["kind"], "default");
    // A relative path is taken from the config file's own directory.
    assert_eq!(
        shown["policy"]["value"],
        ws.join(".tact/p.toml").to_str().unwrap()
    );
    assert_eq!(shown["mcp_servers"]["value"][0]["command"], "mcp-files");
}

#[test]
fn a_config_with_an_unknown_key_or_another_version_is_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path().join("ws");
    write(
        &ws.join(".tact/config.toml"),
        "version = 1\nmodel = \"x\"\nthread = 2\n",
    );
    let out = tact(
        dir.path(),
        &["config", "show", "--workspace", ws.to_str().unwrap()],
    );
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("`thread`") && err.contains("line 3"), "{err}");

    write(&ws.join(".tact/config.toml"), "version = 2\n");
    let out = tact(
        dir.path(),
        &["config", "show", "--workspace", ws.to_str().unwrap()],
    );
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("version 2"), "{err}");
}

/// The plan a real `tact run` starts with carries the budget of the policy the workspace's
/// config names; a `--policy` flag still wins.
#[test]
fn tact_run_takes_its_policy_from_the_workspace_config_unless_a_flag_names_one() {
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path().join("ws");
    write(&ws.join("notes.txt"), "hello\n");
    write(
        &ws.join(".tact/config.toml"),
        "version = 1\npolicy = \"seven.toml\"\n",
    );
    write(&ws.join(".tact/seven.toml"), "[budget]\ntool_calls = 7\n");
    let nine = dir.path().join("nine.toml");
    write(&nine, "[budget]\ntool_calls = 9\n");
    let script = dir.path().join("script.json");
    write(
        &script,
        r#"[{"p_tool": 0.9, "name": "stop", "args": {}}, {"p_tool": 0.9, "name": "stop", "args": {}}]"#,
    );
    let plan_budget = |extra: &[&str]| -> Value {
        let (_, events) = run_events(dir.path(), &ws, &script, extra);
        let plan = events
            .iter()
            .find(|e| e["type"] == "plan")
            .expect("a plan event");
        plan["plan"]["budget"]["tool_calls"].clone()
    };
    assert_eq!(plan_budget(&[]), 7);
    assert_eq!(plan_budget(&["--policy", nine.to_str().unwrap()]), 9);
}

/// Issue 16 item 6: a model pass is admitted against the compute budget before it runs. With
/// one forward pass allowed, the trigger's pass runs and the selector's is refused before it
/// starts: the job ends on its budget with one pass burned, and no selector reply recorded.
#[test]
fn a_model_pass_is_refused_before_it_would_breach_the_compute_budget() {
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path().join("ws");
    write(&ws.join("notes.txt"), "hello\n");
    let policy = dir.path().join("one-pass.toml");
    write(&policy, "[budget]\nforward_passes = 1\n");
    let script = dir.path().join("script.json");
    write(
        &script,
        r#"[{"p_tool": 0.9, "name": "list_dir", "args": {"path": "."}}, {"p_tool": 0.9, "name": "stop", "args": {}}]"#,
    );
    let (code, events) = run_events(
        dir.path(),
        &ws,
        &script,
        &["--policy", policy.to_str().unwrap()],
    );
    let done = events.iter().find(|e| e["type"] == "done").unwrap();
    assert_eq!(done["status"], "budget_exhausted", "{done}");
    assert!(
        done["summary"]
            .as_str()
            .unwrap()
            .contains("forward_passes would exceed the ceiling (2 > 1)"),
        "{done}"
    );
    assert_eq!(done["usage"]["forward_passes"], 1, "{done}");
    assert!(
        !events
            .iter()
            .any(|e| e["type"] == "decision" && e["node"] == "selector"),
        "the selector's pass never ran"
    );
    assert_eq!(code, Some(3));
}
