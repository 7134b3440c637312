//! `tact mcp serve` driven by a real MCP client (rmcp) over stdio: the real binary, real jobs
//! with real worker processes, the model scripted (its script file is read again on every run
//! of a job, so a test can change what the model says before it answers the job).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;
use std::time::{Duration, Instant};

use rmcp::model::{CallToolRequestParams, CallToolResult};
use rmcp::service::{RoleClient, RunningService};
use rmcp::transport::TokioChildProcess;
use rmcp::{ServiceExt, transport::ConfigureCommandExt};
use serde_json::{Value, json};

type Client = RunningService<RoleClient, ()>;

async fn connect(script: &Path, home: &Path) -> Client {
    let cmd = tokio::process::Command::new(env!("CARGO_BIN_EXE_tact")).configure(|cmd| {
        cmd.args(["mcp", "serve", "--scripted"])
            .arg(script)
            // No user config of the machine's leaks into the jobs.
            .env("XDG_CONFIG_HOME", home.join("config"));
    });
    ().serve(TokioChildProcess::new(cmd).unwrap())
        .await
        .expect("initialize")
}

async fn call(client: &Client, tool: &str, args: Value) -> CallToolResult {
    let Value::Object(args) = args else {
        panic!("arguments must be an object")
    };
    client
        .call_tool(CallToolRequestParams::new(tool.to_string()).with_arguments(args))
        .await
        .unwrap_or_else(|e| panic!("{tool}: {e}"))
}

/// The structured result of a call that must succeed.
async fn ok(client: &Client, tool: &str, args: Value) -> Value {
    let result = call(client, tool, args).await;
    assert_ne!(result.is_error, Some(true), "{tool} failed: {result:?}");
    result.structured_content.expect("structured content")
}

/// The text of a call that must fail with an error result.
async fn refused(client: &Client, tool: &str, args: Value) -> String {
    let result = call(client, tool, args).await;
    assert_eq!(
        result.is_error,
        Some(true),
        "{tool} should fail: {result:?}"
    );
    serde_json::to_value(&result.content).unwrap()[0]["text"]
        .as_str()
        .unwrap()
        .to_string()
}

/// Follow a job's events until its run ends (`done` or `error`), returning every event so far.
async fn follow(client: &Client, job_id: &str, events: &mut Vec<Value>) {
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let page = ok(
            client,
            "job_events",
            json!({"job_id": job_id, "cursor": events.len(), "wait_ms": 5000}),
        )
        .await;
        let new = page["events"].as_array().unwrap().clone();
        assert_eq!(
            page["next_cursor"].as_u64().unwrap() as usize,
            events.len() + new.len()
        );
        let ended = new
            .iter()
            .any(|e| e["event"] == "done" || e["event"] == "error");
        events.extend(new);
        if ended {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "the job did not end: {events:#?}"
        );
    }
}

/// Start a job on `ws` and follow it until its run ends: its id and events.
async fn start_and_follow(client: &Client, task: &str, ws: &Path) -> (String, Vec<Value>) {
    let started = ok(
        client,
        "start_job",
        json!({"task": task, "workspace": ws.to_str().unwrap()}),
    )
    .await;
    let job_id = started["job_id"].as_str().unwrap().to_string();
    let mut events = Vec::new();
    follow(client, &job_id, &mut events).await;
    (job_id, events)
}

fn step(name: &str, args: Value) -> Value {
    json!({"p_tool": 0.9, "name": name, "args": args})
}

fn python_workspace(dir: &Path) {
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(dir.join("calc.py"), "def add(a, b):\n    return a + b\n").unwrap();
    std::fs::write(
        dir.join("test_calc.py"),
        "from calc import add\n\ndef test_add():\n    assert add(2, 3) == 5\n",
    )
    .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_mcp_client_runs_and_reads_a_job() {
    let scratch = tempfile::tempdir().unwrap();
    let ws = scratch.path().join("ws");
    python_workspace(&ws);
    let script = scratch.path().join("script.json");
    std::fs::write(
        &script,
        serde_json::to_string(&vec![
            step("search", json!({"pattern": "def add"})),
            step("stop", json!({"reason": "found add"})),
        ])
        .unwrap(),
    )
    .unwrap();
    let client = connect(&script, scratch.path()).await;

    // initialize: the server says who it is and that it has tools.
    let info = client.peer_info().expect("server info");
    assert_eq!(info.server_info.as_ref().unwrap().name, "tact");
    assert!(info.capabilities.tools.is_some());

    // tools/list: every tool, each with an object input schema.
    let tools = client.list_all_tools().await.unwrap();
    let mut names: Vec<String> = tools.iter().map(|t| t.name.to_string()).collect();
    names.sort();
    assert_eq!(
        names,
        [
            "answer_job",
            "job_checkpoint",
            "job_events",
            "job_ledger",
            "list_catalog",
            "start_job"
        ]
    );
    for tool in &tools {
        assert_eq!(tool.input_schema.get("type"), Some(&json!("object")));
        assert!(
            tool.description.is_some(),
            "{} has no description",
            tool.name
        );
    }
    let start = tools.iter().find(|t| t.name == "start_job").unwrap();
    let required = start.input_schema["required"].as_array().unwrap();
    assert!(required.contains(&json!("task")) && required.contains(&json!("workspace")));

    // list_catalog: the runtime's catalog with its schemas.
    let catalog = ok(&client, "list_catalog", json!({})).await;
    let entries = catalog["tools"].as_array().unwrap();
    let read_file = entries.iter().find(|t| t["name"] == "read_file").unwrap();
    assert_eq!(read_file["parameters"]["type"], "object");
    assert!(read_file["output_schema"].is_object());
    assert_eq!(
        entries.len(),
        tact_runtime::catalog::catalog().len(),
        "the whole catalog"
    );

    // With a workspace, the catalog has the tools of the MCP servers its config names.
    let other = scratch.path().join("with-mcp");
    std::fs::create_dir_all(other.join(".tact")).unwrap();
    let server = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mcp_support/gloss_server.py");
    std::fs::write(
        other.join(".tact/config.toml"),
        format!(
            "version = 1\n[mcp_servers.gloss]\ncommand = \"python3\"\nargs = [{:?}]\nread_only = true\n",
            server.display().to_string()
        ),
    )
    .unwrap();
    let with_mcp = ok(
        &client,
        "list_catalog",
        json!({"workspace": other.to_str().unwrap()}),
    )
    .await;
    let lookup = with_mcp["tools"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == "gloss.lookup")
        .unwrap_or_else(|| panic!("{with_mcp:#}"));
    assert_eq!(lookup["effect"], "read");
    assert_eq!(lookup["parameters"]["required"], json!(["word"]));
    assert!(!entries.iter().any(|t| t["name"] == "gloss.lookup"));

    // A job on the workspace, followed to its end.
    let (job_id, events) =
        start_and_follow(&client, "change the add function in calc.py", &ws).await;
    assert_eq!(events[0]["event"], "started", "{events:#?}");
    assert!(
        events
            .iter()
            .all(|e| e["v"] == 1 && e["job_id"] == job_id.as_str())
    );
    assert!(
        events
            .iter()
            .any(|e| e["event"] == "call" && e["tool"] == "search"),
        "{events:#?}"
    );
    let done = events.last().unwrap();
    assert_eq!(done["event"], "done", "{events:#?}");
    assert_eq!(done["status"], "done");

    // Its ledger and checkpoint, as the ledger file has them.
    let ledger = ok(&client, "job_ledger", json!({"job_id": job_id})).await;
    assert_eq!(ledger["status"], "done");
    let records = ledger["records"].as_array().unwrap();
    assert!(
        records.iter().any(|r| r["entry"]["type"] == "outcome"
            && r["entry"]["record"]["tool_ref"]["name"] == "search"),
        "{records:#?}"
    );
    assert!(ledger["in_doubt"].as_array().unwrap().is_empty());
    let file = ws.join(".tact/jobs").join(&job_id).join("ledger.bin");
    let (on_disk, _) = tact_runtime::ledger::read_ledger(&file).unwrap();
    assert_eq!(records.len(), on_disk.len());
    let checkpoint = ok(&client, "job_checkpoint", json!({"job_id": job_id})).await;
    assert_eq!(checkpoint["status"], "done");
    assert!(
        checkpoint["checkpoint"]["burned"]["tool_calls"]
            .as_u64()
            .unwrap()
            >= 1
    );

    // Errors are error results with a message, and the session goes on.
    let text = refused(&client, "job_events", json!({"job_id": "no-such-job"})).await;
    assert!(text.contains("unknown job"), "{text}");
    let text = refused(&client, "job_ledger", json!({"job_id": "no-such-job"})).await;
    assert!(text.contains("unknown job"), "{text}");
    let text = refused(&client, "job_ledger", json!({"job_id": "../../etc"})).await;
    assert!(text.contains("not a job id"), "{text}");
    let text = refused(
        &client,
        "start_job",
        json!({"task": "x", "workspace": scratch.path().join("missing").to_str().unwrap()}),
    )
    .await;
    assert!(text.contains("does not exist"), "{text}");
    let text = refused(
        &client,
        "start_job",
        json!({"workspace": ws.to_str().unwrap()}),
    )
    .await;
    assert!(
        text.contains("malformed arguments") && text.contains("task"),
        "{text}"
    );
    let text = refused(&client, "job_events", json!({"job_id": 7})).await;
    assert!(text.contains("malformed arguments"), "{text}");
    let text = refused(&client, "no_such_tool", json!({})).await;
    assert!(text.contains("no tool named"), "{text}");
    // Still serving.
    ok(&client, "list_catalog", json!({})).await;
    client.cancel().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_mcp_client_answers_a_waiting_job() {
    let scratch = tempfile::tempdir().unwrap();
    let ws = scratch.path().join("ws");
    python_workspace(&ws);
    let script = scratch.path().join("script.json");
    std::fs::write(
        &script,
        serde_json::to_string(&vec![step(
            "ask_user",
            json!({"question": "Which function?"}),
        )])
        .unwrap(),
    )
    .unwrap();
    let client = connect(&script, scratch.path()).await;
    let (job_id, mut events) = start_and_follow(&client, "change a function in calc.py", &ws).await;
    assert!(
        events
            .iter()
            .any(|e| e["event"] == "ask" && e["question"] == "Which function?"),
        "{events:#?}"
    );
    assert_eq!(events.last().unwrap()["status"], "waiting_for_user");
    let checkpoint = ok(&client, "job_checkpoint", json!({"job_id": job_id})).await;
    assert_eq!(checkpoint["pending_question"], "Which function?");

    // The model now stops; the answer resumes the job to its end.
    std::fs::write(
        &script,
        serde_json::to_string(&vec![step("stop", json!({"reason": "answered"}))]).unwrap(),
    )
    .unwrap();
    let answered = ok(
        &client,
        "answer_job",
        json!({"job_id": job_id, "text": "add"}),
    )
    .await;
    assert_eq!(answered["resumed"], true);
    follow(&client, &job_id, &mut events).await;
    assert_eq!(events.last().unwrap()["status"], "done", "{events:#?}");
    assert!(
        events
            .iter()
            .any(|e| e["event"] == "started" && e["resumed"] == true)
    );
    let ledger = ok(&client, "job_ledger", json!({"job_id": job_id})).await;
    assert_eq!(ledger["pending_question"], Value::Null);
    assert_eq!(ledger["status"], "done");

    // A job that waits for nobody refuses an answer.
    let text = refused(
        &client,
        "answer_job",
        json!({"job_id": job_id, "text": "again"}),
    )
    .await;
    assert!(text.contains("not waiting"), "{text}");
    client.cancel().await.unwrap();
}
