//! MCP servers as a tool source: a workspace's `.tact/config.toml` names a small MCP server
//! (`tests/mcp_support/gloss_server.py`, JSON-RPC over stdio), `tact run` starts it, and its
//! tools go through the retriever, the guard, the executor, the trust gate and the ledger like
//! tact's own. The server misbehaves on purpose in some tests (crash, hang, garbage, a broken
//! output schema, dying at start). The model is scripted.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::{Value, json};
use tact_runtime::ledger::{LedgerEntry, LedgerState, Resolution, read_ledger};
use tact_runtime::records::TrustVerdict;

const TASK: &str = "what does the glossary say about the word tact?";

fn server_script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mcp_support/gloss_server.py")
}

fn step(name: &str, args: Value) -> Value {
    json!({"p_tool": 0.9, "name": name, "args": args})
}

struct Run {
    _scratch: tempfile::TempDir,
    ws: PathBuf,
    calls_log: PathBuf,
    code: i32,
    events: Vec<Value>,
    stderr: String,
}

impl Run {
    fn ledger(&self) -> LedgerState {
        let (records, _) = read_ledger(&self.ws.join(".tact/jobs/j1/ledger.bin")).unwrap();
        LedgerState::new(records)
    }

    fn calls_to_server(&self) -> usize {
        std::fs::read_to_string(&self.calls_log)
            .map(|t| t.lines().count())
            .unwrap_or(0)
    }
}

/// Run a job on a fresh workspace whose config names the gloss server in `mode`.
fn run(mode: &str, read_only: bool, steps: Vec<Value>, extra: &[&str]) -> Run {
    run_task(TASK, mode, read_only, steps, extra)
}

fn run_task(task: &str, mode: &str, read_only: bool, steps: Vec<Value>, extra: &[&str]) -> Run {
    let scratch = tempfile::tempdir().unwrap();
    let ws = scratch.path().join("ws");
    std::fs::create_dir_all(ws.join(".tact")).unwrap();
    std::fs::write(
        ws.join("notes.txt"),
        "a glossary lives behind an MCP server\n",
    )
    .unwrap();
    let calls_log = scratch.path().join("calls.jsonl");
    std::fs::write(
        ws.join(".tact/config.toml"),
        format!(
            "version = 1\n\n[mcp_servers.gloss]\ncommand = \"python3\"\nargs = [{:?}, {:?}]\nenv = {{ GLOSS_CALLS = {:?} }}\nread_only = {read_only}\n",
            server_script().display().to_string(),
            mode,
            calls_log.display().to_string(),
        ),
    )
    .unwrap();
    let script = scratch.path().join("script.json");
    std::fs::write(&script, serde_json::to_string(&steps).unwrap()).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_tact"))
        .args(["run", "--json", "--retriever", "bm25", "--job-id", "j1"])
        .args(["--task", task])
        .arg("--workspace")
        .arg(&ws)
        .arg("--scripted")
        .arg(&script)
        .args(extra)
        // No user config of the machine's leaks in.
        .env("XDG_CONFIG_HOME", scratch.path().join("config"))
        .output()
        .unwrap();
    let events = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .collect();
    Run {
        ws,
        calls_log,
        code: out.status.code().unwrap_or(-1),
        events,
        stderr: String::from_utf8_lossy(&out.stderr).to_string(),
        _scratch: scratch,
    }
}

fn lookup_then_stop(word: &str) -> Vec<Value> {
    vec![
        step("gloss.lookup", json!({"word": word})),
        step("stop", json!({"reason": "looked it up"})),
    ]
}

/// The outcome row of the first call of `tool`, if it has one.
fn outcome(state: &LedgerState, tool: &str) -> Option<tact_runtime::records::CallRecord> {
    state.outcomes().find(|r| r.tool_ref.name == tool).cloned()
}

/// The resolution of the first call of `tool` that has one (a call that ran without an outcome).
fn resolution(state: &LedgerState, tool: &str) -> Option<(Resolution, String)> {
    let work_id = state.records.iter().find_map(|r| match &r.entry {
        LedgerEntry::Intent {
            work_id, tool_ref, ..
        } if tool_ref.name == tool => Some(work_id.clone()),
        _ => None,
    })?;
    state.records.iter().find_map(|r| match &r.entry {
        LedgerEntry::Resolution {
            work_id: w,
            resolution,
            reason,
        } if *w == work_id => Some((*resolution, reason.clone())),
        _ => None,
    })
}

#[test]
fn an_mcp_tool_is_retrieved_guarded_executed_verified_and_ledgered() {
    let run = run("normal", true, lookup_then_stop("tact"), &[]);
    assert_eq!(run.code, 0, "{:#?}\n{}", run.events, run.stderr);
    // The retriever indexed the server's tool and shortlisted it for the task.
    let shortlisted = run.events.iter().any(|e| {
        e["event"] == "decision"
            && e["node"] == "retriever"
            && e["detail"]["shortlist"]
                .as_array()
                .is_some_and(|s| s.contains(&json!("gloss.lookup")))
    });
    assert!(shortlisted, "{:#?}", run.events);
    let call = run
        .events
        .iter()
        .find(|e| e["event"] == "call" && e["tool"] == "gloss.lookup")
        .unwrap_or_else(|| panic!("no call: {:#?}", run.events));
    assert_eq!(call["args"], json!({"word": "tact"}));
    let work_id = call["work_id"].as_str().unwrap();
    assert!(
        run.events
            .iter()
            .any(|e| e["event"] == "observation" && e["work_id"] == work_id && e["ok"] == true)
    );
    assert_eq!(run.calls_to_server(), 1);
    // The ledger: an intent at the declared risk, and an outcome row checked against the
    // server's output schema.
    let state = run.ledger();
    let risk = state.records.iter().find_map(|r| match &r.entry {
        LedgerEntry::Intent { tool_ref, risk, .. } if tool_ref.name == "gloss.lookup" => {
            Some(*risk)
        }
        _ => None,
    });
    assert_eq!(risk, Some(tact_runtime::records::RiskClass::Read));
    let row = outcome(&state, "gloss.lookup").expect("an outcome row");
    assert_eq!(row.verdict, TrustVerdict::Verified);
    assert_eq!(
        row.outputs["output"]["definition"],
        "the sense of what to do or say at the right moment"
    );
    assert!(row.performer.process_id > 0);
    assert!(state.in_doubt().is_empty());
}

#[test]
fn the_guard_checks_mcp_arguments_against_the_servers_schema() {
    let run = run(
        "normal",
        true,
        vec![
            step("gloss.lookup", json!({"word": 5})),
            step("stop", json!({"reason": "refused"})),
        ],
        &[],
    );
    let refusal = run.events.iter().find(|e| {
        e["event"] == "decision" && e["node"] == "guard" && e["detail"]["tool"] == "gloss.lookup"
    });
    let refusal = refusal.unwrap_or_else(|| panic!("no guard refusal: {:#?}", run.events));
    assert_eq!(refusal["detail"]["refused"]["kind"], "schema_violation");
    assert_eq!(
        run.calls_to_server(),
        0,
        "a refused call never reaches the server"
    );
    assert!(outcome(&run.ledger(), "gloss.lookup").is_none());
}

#[test]
fn results_are_judged_by_the_output_schema_or_left_unverified_without_one() {
    // Structured content that breaks the declared output schema: the trust gate fails it.
    let broken = run("wrong_output", true, lookup_then_stop("tact"), &[]);
    let row = outcome(&broken.ledger(), "gloss.lookup").expect("an outcome row");
    match &row.verdict {
        TrustVerdict::Failed { reason } => assert!(reason.contains("output schema"), "{reason}"),
        other => panic!("expected a failed verdict, got {other:?}"),
    }
    // A tool with no output schema: nothing vouches for its result.
    let echo = run_task(
        "what does echo say when it is given a message?",
        "normal",
        true,
        vec![
            step("gloss.echo", json!({"message": "the glossary says hello"})),
            step("stop", json!({"reason": "echoed"})),
        ],
        &[],
    );
    let row = outcome(&echo.ledger(), "gloss.echo")
        .unwrap_or_else(|| panic!("no outcome row: {:#?}", echo.events));
    match &row.verdict {
        TrustVerdict::Unverified { reason } => {
            assert!(reason.contains("no output schema"), "{reason}")
        }
        other => panic!("expected unverified, got {other:?}"),
    }
    // The tool's own error (`isError`) is a failed call, recorded.
    let missing = run("normal", true, lookup_then_stop("nothing"), &[]);
    let row = outcome(&missing.ledger(), "gloss.lookup").expect("an outcome row");
    assert!(
        matches!(&row.verdict, TrustVerdict::Failed { reason } if reason.contains("no entry")),
        "{:?}",
        row.verdict
    );
}

#[test]
fn a_server_that_is_not_read_only_gives_exec_tools() {
    // Exec-class calls wait for the plan's commit trigger: a question's probing never admits
    // one, so the call never reaches the server.
    let run = run("normal", false, lookup_then_stop("tact"), &[]);
    assert_eq!(run.calls_to_server(), 0, "{:#?}", run.events);
    assert!(
        !run.events
            .iter()
            .any(|e| e["event"] == "call" && e["tool"] == "gloss.lookup")
    );
    let shown = Command::new(env!("CARGO_BIN_EXE_tact"))
        .args(["config", "show", "--json", "--workspace"])
        .arg(&run.ws)
        .env("XDG_CONFIG_HOME", run.ws.join("no-config"))
        .output()
        .unwrap();
    let shown: Value = serde_json::from_slice(&shown.stdout).unwrap();
    assert_eq!(shown["mcp_servers"]["value"][0]["name"], "gloss");
    assert_eq!(shown["mcp_servers"]["value"][0]["read_only"], false);
}

/// A server that breaks during a call: the call has its intent and a resolution that says
/// what happened, the job goes on to its end, and nothing is in doubt.
fn assert_broken_call_recorded(run: &Run, expect: &str) {
    assert_eq!(
        run.code, 0,
        "the job ends normally: {:#?}\n{}",
        run.events, run.stderr
    );
    let state = run.ledger();
    let (resolution, reason) = resolution(&state, "gloss.lookup")
        .unwrap_or_else(|| panic!("no resolution: {:#?}", state.records));
    assert_eq!(resolution, Resolution::Failed);
    assert!(reason.contains("MCP server `gloss`"), "{reason}");
    assert!(reason.contains(expect), "{reason}");
    assert!(outcome(&state, "gloss.lookup").is_none());
    assert!(state.in_doubt().is_empty());
    assert_eq!(
        state.final_status(),
        Some(&tact_runtime::ledger::JobStatus::Done)
    );
}

#[test]
fn a_server_that_crashes_mid_call_is_a_recorded_failure() {
    // The timeout only bounds the test if the crash went unnoticed.
    let run = run(
        "crash",
        true,
        lookup_then_stop("tact"),
        &["--call-timeout-secs", "30"],
    );
    assert_eq!(run.calls_to_server(), 1);
    assert_broken_call_recorded(&run, "failed during the call");
}

#[test]
fn a_server_that_hangs_is_stopped_at_the_call_timeout() {
    let started = std::time::Instant::now();
    let run = run(
        "hang",
        true,
        lookup_then_stop("tact"),
        &["--call-timeout-secs", "2"],
    );
    assert_broken_call_recorded(&run, "did not answer within 2000 ms");
    assert!(started.elapsed() < std::time::Duration::from_secs(60));
}

#[test]
fn a_server_that_answers_garbage_is_a_recorded_failure_at_once() {
    // Not at the call timeout: the malformed frame itself ends the session.
    let started = std::time::Instant::now();
    let run = run(
        "garbage",
        true,
        lookup_then_stop("tact"),
        &["--call-timeout-secs", "120"],
    );
    assert_eq!(run.calls_to_server(), 1);
    assert_broken_call_recorded(
        &run,
        "sent a malformed JSON-RPC frame (\"this is not json-rpc\" is not JSON)",
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(60));
}

#[test]
fn a_server_that_crashed_is_restarted_once_for_the_next_call() {
    let steps = vec![
        step("gloss.lookup", json!({"word": "tact"})),
        step("gloss.lookup", json!({"word": "tact"})),
        step("stop", json!({"reason": "looked it up"})),
    ];
    let run = run("crash_once", true, steps, &["--call-timeout-secs", "30"]);
    assert_eq!(run.code, 0, "{:#?}\n{}", run.events, run.stderr);
    // Both calls reached a server: the first crashed it, the second a fresh one.
    assert_eq!(run.calls_to_server(), 2);
    let state = run.ledger();
    let (resolution, reason) = resolution(&state, "gloss.lookup").expect("the failed call");
    assert_eq!(resolution, Resolution::Failed);
    assert!(reason.contains("failed during the call"), "{reason}");
    let row = outcome(&state, "gloss.lookup").expect("the second call's outcome");
    assert_eq!(row.verdict, TrustVerdict::Verified);
    assert!(state.in_doubt().is_empty());
}

#[test]
fn a_server_starts_with_a_cleared_environment() {
    let steps = vec![
        step("gloss.echo", json!({"message": "env"})),
        step("stop", json!({"reason": "done"})),
    ];
    let run = run_task(
        "Echo a message back unchanged: the word env.",
        "normal",
        true,
        steps,
        &[],
    );
    assert_eq!(run.code, 0, "{:#?}\n{}", run.events, run.stderr);
    let state = run.ledger();
    let row = outcome(&state, "gloss.echo")
        .unwrap_or_else(|| panic!("an outcome row: {:#?}", run.events));
    let names: Vec<String> = row.outputs["output"]["content"]
        .as_str()
        .unwrap()
        .split_whitespace()
        .map(str::to_string)
        .collect();
    assert!(names.contains(&"GLOSS_CALLS".to_string()), "{names:?}");
    assert!(names.contains(&"PATH".to_string()), "{names:?}");
    // Nothing of tact's own environment leaks through: cargo's variables and the config
    // location the test gives tact are in its environment, not in the server's. (A `python3`
    // shim such as pyenv's may add its own.)
    for name in &names {
        assert!(
            !name.starts_with("CARGO") && name != "XDG_CONFIG_HOME" && name != "RUST_LOG",
            "{name} leaked into the server's environment: {names:?}"
        );
    }
}

#[test]
fn a_server_that_dies_at_start_is_left_out_with_a_warning() {
    let run = run("dead", true, lookup_then_stop("tact"), &[]);
    assert!(
        run.stderr.contains("MCP server \"gloss\""),
        "{}",
        run.stderr
    );
    // Its tools are not in the catalog: the guard refuses the call as unknown.
    let refusal = run.events.iter().find(|e| {
        e["event"] == "decision" && e["node"] == "guard" && e["detail"]["tool"] == "gloss.lookup"
    });
    assert!(refusal.is_some(), "{:#?}", run.events);
    assert_eq!(run.code, 0, "{:#?}", run.events);
}

#[test]
fn an_mcp_server_table_with_an_unknown_key_is_refused_by_name() {
    let scratch = tempfile::tempdir().unwrap();
    let ws = scratch.path().join("ws");
    std::fs::create_dir_all(ws.join(".tact")).unwrap();
    std::fs::write(
        ws.join(".tact/config.toml"),
        "version = 1\n\n[mcp_servers.gloss]\ncomand = \"python3\"\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_tact"))
        .args(["config", "show", "--workspace"])
        .arg(&ws)
        .env("XDG_CONFIG_HOME", scratch.path().join("config"))
        .output()
        .unwrap();
    assert_ne!(out.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("mcp_servers.gloss") && stderr.contains("comand"),
        "{stderr}"
    );
}

/// `tact tools list/show/check/export` see the workspace's MCP tools as a job does (and
/// leave them out with `--no-mcp`).
#[test]
fn tools_commands_list_show_and_check_the_servers_tools() {
    // A run leaves its workspace with the config naming the server.
    let run = run(
        "normal",
        true,
        vec![step("stop", json!({"reason": "x"}))],
        &[],
    );
    let tact = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_tact"))
            .args(args)
            .arg("--workspace")
            .arg(&run.ws)
            .env("XDG_CONFIG_HOME", run.ws.join("no-config"))
            .output()
            .unwrap()
    };
    let listed = tact(&["tools", "list", "--json"]);
    let rows: Value = serde_json::from_slice(&listed.stdout).unwrap();
    let names: Vec<&str> = rows
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|r| r["name"].as_str())
        .collect();
    assert!(names.contains(&"gloss.lookup"), "{names:?}");
    assert!(names.contains(&"read_file"), "{names:?}");
    let shown = tact(&["tools", "show", "gloss.lookup"]);
    assert_eq!(shown.status.code(), Some(0));
    let shown: Value = serde_json::from_slice(&shown.stdout).unwrap();
    assert_eq!(shown["name"], "gloss.lookup");
    assert_eq!(shown["effect"], "read");
    let refused = tact(&[
        "tools",
        "check",
        "gloss.lookup",
        "--args",
        r#"{"word": 5}"#,
        "--json",
    ]);
    assert_eq!(refused.status.code(), Some(3));
    let admitted = tact(&[
        "tools",
        "check",
        "gloss.lookup",
        "--args",
        r#"{"word": "tact"}"#,
    ]);
    assert_eq!(
        admitted.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&admitted.stdout)
    );
    let exported = tact(&["tools", "export", "--format", "openai"]);
    assert!(String::from_utf8_lossy(&exported.stdout).contains("\"gloss.lookup\""));
    let without = tact(&["tools", "list", "--json", "--no-mcp"]);
    assert!(!String::from_utf8_lossy(&without.stdout).contains("gloss.lookup"));
}
