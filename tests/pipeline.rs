//! End-to-end tests of the job pipeline against the real `tact` binary, real worker processes
//! and real files. The model is scripted here (the real one has its own tests), so each test
//! controls exactly what the selector chooses.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Stdio};

use serde_json::{Value, json};
use tact_runtime::decisions::Decision;
use tact_runtime::ledger::{LedgerEntry, LedgerState, Resolution, read_ledger};

const TASK: &str = "change the greeting in notes.txt";

fn tact() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tact"))
}

struct Job {
    workspace: tempfile::TempDir,
    script: PathBuf,
}

fn step(name: &str, args: Value) -> Value {
    json!({"p_tool": 0.9, "name": name, "args": args})
}

fn setup(steps: Vec<Value>) -> Job {
    let workspace = tempfile::tempdir().unwrap();
    std::fs::write(workspace.path().join("notes.txt"), "hello world\n").unwrap();
    let script = workspace.path().join("script.json");
    std::fs::write(&script, serde_json::to_string(&steps).unwrap()).unwrap();
    Job { workspace, script }
}

/// The DescribedChange plan leads with search → read_file → apply_edit, so a script that
/// follows it is always offered the tool it names.
fn change_script() -> Vec<Value> {
    vec![
        step("search", json!({"pattern": "hello"})),
        step("read_file", json!({"path": "notes.txt"})),
        step(
            "apply_edit",
            json!({"path": "notes.txt", "old_text": "hello", "new_text": "goodbye"}),
        ),
        step("stop", json!({"reason": "the greeting is changed"})),
    ]
}

/// An unfamiliar task: it starts in probe mode (list_dir, search) and may run commands once a
/// read has localized something.
const RUN_TASK: &str = "run a program in the workspace";

fn run(job: &Job, extra: &[&str]) -> (i32, Vec<Value>) {
    run_task(job, TASK, extra)
}

fn run_task(job: &Job, task: &str, extra: &[&str]) -> (i32, Vec<Value>) {
    let out = tact()
        .args(["run", "--json", "--task", task, "--job-id", "j1"])
        .arg("--workspace")
        .arg(job.workspace.path())
        .arg("--scripted")
        .arg(&job.script)
        .args(extra)
        .output()
        .unwrap();
    let events = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .collect();
    (out.status.code().unwrap_or(-1), events)
}

/// The `call` events of a run, in order.
fn calls_of(events: &[Value]) -> Vec<&Value> {
    events.iter().filter(|e| e["event"] == "call").collect()
}

fn ledger(job: &Job, id: &str) -> LedgerState {
    let path = job
        .workspace
        .path()
        .join(".tact/jobs")
        .join(id)
        .join("ledger.bin");
    let (records, recovery) = read_ledger(&path).unwrap();
    assert_eq!(recovery.truncated_bytes, 0, "the ledger is intact");
    LedgerState::new(records)
}

fn calls(state: &LedgerState) -> Vec<(String, String)> {
    state
        .records
        .iter()
        .filter_map(|r| match &r.entry {
            LedgerEntry::Intent { work_id, .. } => Some(("intent".into(), work_id.clone())),
            LedgerEntry::Outcome { record } => Some(("outcome".into(), record.work_id.clone())),
            _ => None,
        })
        .collect()
}

#[test]
fn dependent_calls_run_in_order_with_intent_outcome_pairs() {
    let job = setup(change_script());
    let (code, events) = run(&job, &[]);
    assert_eq!(code, 0, "{events:#?}");
    assert_eq!(
        std::fs::read_to_string(job.workspace.path().join("notes.txt")).unwrap(),
        "goodbye world\n"
    );
    let state = ledger(&job, "j1");
    let pairs = calls(&state);
    let expected: Vec<(String, String)> = ["w1", "w2", "w3"]
        .iter()
        .flat_map(|w| {
            [
                ("intent".to_string(), w.to_string()),
                ("outcome".to_string(), w.to_string()),
            ]
        })
        .collect();
    assert_eq!(
        pairs, expected,
        "each call's outcome follows its intent, in order"
    );
    // Each call depends on the previous one's output.
    let deps: Vec<Vec<String>> = state
        .records
        .iter()
        .filter_map(|r| match &r.entry {
            LedgerEntry::Intent { depends_on, .. } => Some(depends_on.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(
        deps,
        vec![vec![], vec!["w1".to_string()], vec!["w2".to_string()]]
    );
    let verdicts: Vec<&str> = state.outcomes().map(|r| r.verdict.label()).collect();
    assert_eq!(verdicts, vec!["verified", "verified", "verified"]);
    // The event stream names every stage of the loop.
    for kind in [
        "plan",
        "decision",
        "call",
        "observation",
        "verdict",
        "checkpoint",
        "done",
    ] {
        assert!(
            events.iter().any(|e| e["event"] == kind),
            "no {kind} event in {events:#?}"
        );
    }
    // The retriever fused BM25 with the MiniLM embeddings (installed by `tact models fetch`).
    let rankings: Vec<&Value> = events
        .iter()
        .filter(|e| e["event"] == "decision" && e["node"] == "retriever")
        .map(|e| &e["detail"]["ranking"])
        .collect();
    assert!(!rankings.is_empty(), "no retriever decision in {events:#?}");
    assert!(rankings.iter().all(|r| *r == "fused"), "{rankings:?}");
    // And `tact ledger show` reads it.
    let show = tact()
        .args(["ledger", "show"])
        .arg(job.workspace.path().join(".tact/jobs/j1"))
        .output()
        .unwrap();
    let table = String::from_utf8_lossy(&show.stdout);
    assert!(show.status.success());
    assert!(table.contains("w3 apply_edit@1 verified"), "{table}");
}

#[test]
fn a_panic_in_every_stage_is_survived_by_restart_and_retry() {
    let job = setup(change_script());
    let (code, events) = run(
        &job,
        &[
            "--inject-panics",
            "trigger:1,retriever:1,selector:1,guard:1,executor:1,trust:1",
        ],
    );
    assert_eq!(code, 0, "{events:#?}");
    assert_eq!(
        std::fs::read_to_string(job.workspace.path().join("notes.txt")).unwrap(),
        "goodbye world\n"
    );
    let state = ledger(&job, "j1");
    assert_eq!(state.outcomes().count(), 3, "no call lost or doubled");
    assert!(state.in_doubt().is_empty());
}

#[test]
fn a_hallucinated_tool_is_refused_with_the_offered_list_and_the_job_recovers() {
    let mut script = vec![step("frobnicate_everything", json!({}))];
    script.extend(change_script());
    let job = setup(script);
    let (code, events) = run(&job, &[]);
    assert_eq!(code, 0, "{events:#?}");
    let state = ledger(&job, "j1");
    let refusal = state
        .records
        .iter()
        .find_map(|r| match &r.entry {
            LedgerEntry::Decision {
                decision: Decision::Guard(guard),
                ..
            } => Some(guard.refused.clone()),
            _ => None,
        })
        .expect("a guard refusal is recorded");
    assert_eq!(refusal.kind, "unknown_tool");
    let message = refusal.message.as_str();
    assert!(message.contains("frobnicate_everything"));
    assert!(
        message.contains("search") && message.contains("stop"),
        "{message}"
    );
    assert_eq!(
        std::fs::read_to_string(job.workspace.path().join("notes.txt")).unwrap(),
        "goodbye world\n"
    );
}

#[test]
fn a_budget_breach_stops_the_job_before_the_over_budget_call_starts() {
    let job = setup(change_script());
    let (code, events) = run(&job, &["--max-tool-calls", "1"]);
    assert_ne!(code, 0);
    let state = ledger(&job, "j1");
    let intents = calls(&state).iter().filter(|(k, _)| k == "intent").count();
    assert_eq!(intents, 1, "the second call never started");
    assert!(
        state
            .records
            .iter()
            .any(|r| matches!(r.entry, LedgerEntry::Checkpoint { .. }))
    );
    assert_eq!(
        state.final_status(),
        Some(&tact_runtime::ledger::JobStatus::BudgetExhausted)
    );
    assert!(events.iter().any(|e| e["event"] == "checkpoint"));
    let checkpoint = state
        .records
        .iter()
        .find_map(|r| match &r.entry {
            LedgerEntry::Checkpoint { checkpoint } => Some(checkpoint.clone()),
            _ => None,
        })
        .unwrap();
    assert_eq!(checkpoint.burned.tool_calls, 1);
    assert_eq!(checkpoint.residual.tool_calls, 0);
}

/// `tact answer` to job j1's question with "goodbye", the model then scripted to stop.
fn answer_goodbye(job: &Job) -> std::process::Output {
    let answer_script = job.workspace.path().join("answer.json");
    std::fs::write(
        &answer_script,
        serde_json::to_string(&vec![step("stop", json!({"reason": "answered"}))]).unwrap(),
    )
    .unwrap();
    tact()
        .args(["answer"])
        .arg(job.workspace.path().join(".tact/jobs/j1"))
        .arg("goodbye")
        .arg("--json")
        .arg("--scripted")
        .arg(&answer_script)
        .output()
        .unwrap()
}

#[test]
fn ask_parks_the_job_and_answer_resumes_it() {
    let job = setup(vec![step(
        "ask_user",
        json!({"question": "Which greeting?"}),
    )]);
    let (code, events) = run(&job, &[]);
    assert_eq!(code, 4, "waiting for the user: {events:#?}");
    assert!(
        events
            .iter()
            .any(|e| e["event"] == "ask" && e["question"] == "Which greeting?")
    );
    let state = ledger(&job, "j1");
    assert_eq!(state.pending_question(), Some("Which greeting?"));

    let out = answer_goodbye(&job);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let state = ledger(&job, "j1");
    assert_eq!(state.pending_question(), None);
    assert!(
        state
            .records
            .iter()
            .any(|r| matches!(&r.entry, LedgerEntry::Answer { text } if text == "goodbye"))
    );
    assert_eq!(
        state.final_status(),
        Some(&tact_runtime::ledger::JobStatus::Done)
    );
}

fn pids_matching(needle: &str) -> Vec<i32> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<i32>() else {
            continue;
        };
        if let Ok(cmdline) = std::fs::read(format!("/proc/{pid}/cmdline")) {
            let text = String::from_utf8_lossy(&cmdline).replace('\0', " ");
            if text.contains(needle) {
                found.push(pid);
            }
        }
    }
    found
}

fn worker_of(parent: u32) -> Option<i32> {
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<i32>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
            continue;
        };
        let rest = &stat[stat.rfind(')').unwrap() + 1..];
        let ppid: u32 = rest.split_whitespace().nth(1).unwrap().parse().unwrap();
        let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
        if ppid == parent && String::from_utf8_lossy(&cmdline).contains("worker") {
            return Some(pid);
        }
    }
    None
}

#[test]
fn a_worker_killed_mid_call_leaves_the_call_in_doubt_and_no_orphans() {
    // A marker no other process on the machine has in its command line.
    let marker = format!("31.{}", std::process::id());
    let job = setup(vec![
        step("list_dir", json!({})),
        step("search", json!({"pattern": "hello"})),
        step("run_command", json!({"command": format!("sleep {marker}")})),
        step("stop", json!({"reason": "enough"})),
    ]);
    let policy = job.workspace.path().join("policy.toml");
    let text = tact_policies::policy::DEFAULT_POLICY
        .replace("command_allow = [", "command_allow = [\"sleep\", ");
    std::fs::write(&policy, text).unwrap();
    let mut child = tact()
        .args(["run", "--json", "--task", RUN_TASK, "--job-id", "j1"])
        .arg("--workspace")
        .arg(job.workspace.path())
        .arg("--scripted")
        .arg(&job.script)
        .arg("--policy")
        .arg(&policy)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = BufReader::new(child.stdout.take().unwrap());
    let mut killed = false;
    let mut events = Vec::new();
    for line in stdout.lines() {
        let line = line.unwrap();
        let event: Value = serde_json::from_str(&line).unwrap_or(Value::Null);
        if event["event"] == "call" && event["tool"] == "run_command" && !killed {
            // Wait for the sleep to start inside the worker, then kill the worker.
            for _ in 0..200 {
                if !pids_matching(&marker).is_empty() {
                    break;
                }
                std::thread::sleep(std::time::Duration::from_millis(25));
            }
            let worker = worker_of(child.id()).expect("the worker process");
            unsafe {
                libc::kill(worker, libc::SIGKILL);
            }
            killed = true;
        }
        events.push(event);
    }
    let status = child.wait().unwrap();
    assert!(killed, "{events:#?}");
    assert_eq!(
        status.code(),
        Some(0),
        "the job went on to its end: {events:#?}"
    );
    let state = ledger(&job, "j1");
    let resolution = state
        .records
        .iter()
        .find_map(|r| match &r.entry {
            LedgerEntry::Resolution {
                work_id,
                resolution,
                ..
            } => Some((work_id.clone(), *resolution)),
            _ => None,
        })
        .expect("the killed call is resolved in the ledger");
    assert_eq!(resolution.0, "w3");
    assert!(matches!(
        resolution.1,
        Resolution::NeedsAttention | Resolution::Failed
    ));
    assert!(events.iter().any(|e| e["event"] == "needs_attention"));
    // No orphan: the sleep the worker started is gone too.
    std::thread::sleep(std::time::Duration::from_millis(200));
    assert!(
        pids_matching(&marker).is_empty(),
        "orphaned command survived"
    );
}

#[test]
fn from_inside_a_tool_writes_outside_the_workspace_and_network_connects_fail() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    listener.set_nonblocking(true).unwrap();
    let outside = std::env::temp_dir().join(format!("tact-escape-{}", std::process::id()));
    let _ = std::fs::remove_file(&outside);
    let write_outside = format!("python3 -c open('{}','w').write('x')", outside.display());
    let connect = format!(
        "python3 -c __import__('socket').create_connection(('127.0.0.1',{port}),timeout=3)"
    );
    let job = setup(vec![
        step("list_dir", json!({})),
        step("search", json!({"pattern": "hello"})),
        step("run_command", json!({"command": write_outside})),
        step("run_command", json!({"command": connect})),
        step("stop", json!({"reason": "probed"})),
    ]);
    let (code, events) = run_task(&job, RUN_TASK, &[]);
    assert_eq!(code, 0, "{events:#?}");
    assert!(!outside.exists(), "a tool wrote outside the workspace");
    assert!(
        listener.accept().is_err(),
        "a tool reached 127.0.0.1:{port}"
    );
    let state = ledger(&job, "j1");
    let exits: Vec<Option<i64>> = state
        .outcomes()
        .filter(|r| r.tool_ref.name == "run_command")
        .map(|r| r.outputs["exit_code"].as_i64())
        .collect();
    assert_eq!(exits.len(), 2, "both commands ran");
    assert!(
        exits.iter().all(|c| *c != Some(0)),
        "both failed: {exits:?}"
    );
}

/// Issue 15 item 6: when the trigger chooses to reason (the model is confident without a
/// tool), the model writes its answer; it is emitted, recorded in the ledger and flagged
/// unverified (before: the job ended "answered without a tool call" with no answer at all).
#[test]
fn the_reason_branch_answers_and_the_answer_is_unverified() {
    let job = setup(vec![
        json!({"p_tool": 0.0, "name": "stop", "args": {}}),
        json!({"answer": "The notes say hello to the world."}),
    ]);
    let (code, events) = run_task(&job, "What do the notes say?", &[]);
    assert_eq!(code, 0, "{events:#?}");
    let answer = events
        .iter()
        .find(|e| e["event"] == "answer")
        .expect("an answer event");
    assert_eq!(answer["text"], "The notes say hello to the world.");
    assert_eq!(answer["verdict"]["verdict"], "unverified", "{answer}");
    let done = events.iter().rev().find(|e| e["event"] == "done").unwrap();
    assert!(
        done["summary"]
            .as_str()
            .unwrap()
            .contains("The notes say hello to the world."),
        "{done}"
    );
    let state = ledger(&job, "j1");
    assert!(state.records.iter().any(|r| matches!(
        &r.entry,
        LedgerEntry::Decision {
            decision: Decision::Answer(answer),
            ..
        } if answer.text == "The notes say hello to the world."
    )));
}

/// Issue 15 item 7 (`[trigger] ground_named_files`): a request that names a workspace file is
/// answered from it. The model is confident (it would answer from memory, as SmolLM2 did with
/// "Read README.md and tell me what the crate is for."), but the file is read first; then the
/// model answers with the file in its context.
#[test]
fn a_request_naming_a_workspace_file_reads_it_before_answering() {
    let job = setup(vec![
        json!({"p_tool": 0.0, "name": "read_file", "args": {"path": "notes.txt"}}),
        json!({"p_tool": 0.0, "name": "stop", "args": {}}),
        json!({"answer": "The notes say hello to the world."}),
    ]);
    let (code, events) = run_task(&job, "Read notes.txt and tell me what it says.", &[]);
    assert_eq!(code, 0, "{events:#?}");
    let grounded = events.iter().find(|e| {
        e["event"] == "decision" && e["node"] == "trigger" && e["detail"]["forced"] == true
    });
    let grounded = grounded.unwrap_or_else(|| panic!("{events:#?}"));
    assert_eq!(grounded["detail"]["grounding"], json!(["notes.txt"]));
    let read = events
        .iter()
        .position(|e| e["event"] == "call" && e["tool"] == "read_file")
        .expect("the named file is read");
    let answer = events
        .iter()
        .position(|e| e["event"] == "answer")
        .expect("then the model answers");
    assert!(read < answer);
    let done = events.iter().rev().find(|e| e["event"] == "done").unwrap();
    assert!(
        done["summary"]
            .as_str()
            .unwrap()
            .starts_with("answered after 1 tool call"),
        "{done}"
    );
    // Without a file name in the request, the model's confidence decides as before.
    let job = setup(vec![
        json!({"p_tool": 0.0, "name": "stop", "args": {}}),
        json!({"answer": "Hello."}),
    ]);
    let (_, events) = run_task(&job, "What do the notes say?", &[]);
    assert!(!events.iter().any(|e| e["event"] == "call"), "{events:#?}");
}

/// Make the workspace a git repository with `notes.txt` committed, then change `notes.txt`.
fn commit_notes_then_change_them(dir: &std::path::Path) {
    for args in [
        &["init", "-q"][..],
        &["add", "notes.txt"],
        &["commit", "-q", "-m", "notes"],
    ] {
        let out = std::process::Command::new("git")
            .args(["-c", "user.name=t", "-c", "user.email=t@example.com"])
            .args(args)
            .current_dir(dir)
            .output()
            .unwrap();
        assert!(out.status.success(), "git {args:?}: {out:?}");
    }
    std::fs::write(dir.join("notes.txt"), "hello world\ngoodbye\n").unwrap();
}

/// Regression (`git-release-diff` in `examples/everyday`): "Show me what was added to
/// docs/release.md since the last commit" read the file it names first (its current text does
/// not say what changed), and SmolLM2 answered from it. A request about uncommitted work in a
/// git workspace is grounded by the diff of the file it names, with no model decision, and the
/// file is not read after it; "which files …" by the status.
#[test]
fn a_request_about_uncommitted_work_is_grounded_by_git() {
    let answer = |text: &str| json!({"answer": text});
    for (task, tool, args) in [
        (
            "Show me what was added to notes.txt since the last commit.",
            "git_diff",
            json!({"path": "notes.txt"}),
        ),
        (
            "Which files have uncommitted changes?",
            "git_status",
            json!({}),
        ),
    ] {
        let job = setup(vec![
            json!({"p_tool": 0.0, "name": "stop", "args": {}}),
            answer("A line saying goodbye was added."),
        ]);
        commit_notes_then_change_them(job.workspace.path());
        let (code, events) = run_task(&job, task, &[]);
        assert_eq!(code, 0, "{task}: {events:#?}");
        let calls = calls_of(&events);
        assert_eq!(calls.len(), 1, "{task}: one git call, no read: {events:#?}");
        assert_eq!(calls[0]["tool"], tool, "{task}: {events:#?}");
        assert_eq!(calls[0]["args"], args, "{task}");
        let grounded = events
            .iter()
            .find(|e| {
                e["event"] == "decision" && e["node"] == "trigger" && e["detail"]["forced"] == true
            })
            .unwrap_or_else(|| panic!("{task}: {events:#?}"));
        assert!(
            grounded["detail"]["grounding"][0]
                .as_str()
                .unwrap()
                .starts_with(tool),
            "{grounded}"
        );
        assert!(
            events.iter().any(|e| e["event"] == "answer"),
            "{task}: the model answers from the observation"
        );
    }
    // When the model then asks for the status too, the answer still carries the diff it was
    // asked about: every recent observation is its evidence, not only the last.
    let job = setup(vec![
        json!({"p_tool": 0.9, "name": "git_status", "args": {}}),
        json!({"p_tool": 0.0, "name": "stop", "args": {}}),
        json!({"p_tool": 0.0, "name": "stop", "args": {}}),
        answer("Something changed."),
    ]);
    commit_notes_then_change_them(job.workspace.path());
    let (_, events) = run_task(
        &job,
        "Show me what was added to notes.txt since the last commit.",
        &[],
    );
    let tools: Vec<&Value> = events
        .iter()
        .filter(|e| e["event"] == "call")
        .map(|e| &e["tool"])
        .collect();
    assert_eq!(
        tools,
        [&json!("git_diff"), &json!("git_status")],
        "{events:#?}"
    );
    let done = events.iter().rev().find(|e| e["event"] == "done").unwrap();
    let summary = done["summary"].as_str().unwrap();
    assert!(summary.contains("\nevidence: git_diff → "), "{summary}");
    assert!(summary.contains("goodbye"), "{summary}");
    assert!(summary.contains("\nevidence: git_status → "), "{summary}");
    // Outside a git repository the request goes to the model as before: the file is read.
    let job = setup(vec![
        json!({"p_tool": 0.0, "name": "stop", "args": {}}),
        answer("It says hello."),
    ]);
    let (_, events) = run_task(
        &job,
        "Show me what was added to notes.txt since the last commit.",
        &[],
    );
    let first = events.iter().find(|e| e["event"] == "call").unwrap();
    assert_eq!(first["tool"], "read_file", "{events:#?}");
}

/// Regression (`find-rust-sources` in `examples/everyday`): "Which Rust source files does this
/// crate have?" was answered from SmolLM2's memory (a confident trigger), with invented file
/// names. A request about the workspace itself seeks a tool first, however sure the model is;
/// a question about anything else is still the model's to answer.
#[test]
fn a_request_about_the_workspace_itself_seeks_a_tool_first() {
    let script = || {
        vec![
            json!({"p_tool": 0.0, "name": "find_files", "args": {"pattern": "**/*.txt"}}),
            json!({"p_tool": 0.0, "name": "stop", "args": {}}),
            json!({"answer": "It holds notes.txt."}),
        ]
    };
    let job = setup(script());
    let (code, events) = run_task(&job, "Which text files does this project have?", &[]);
    assert_eq!(code, 0, "{events:#?}");
    let calls = calls_of(&events);
    assert_eq!(calls.len(), 1, "{events:#?}");
    assert_eq!(calls[0]["tool"], "find_files");
    let forced = events
        .iter()
        .find(|e| e["event"] == "decision" && e["node"] == "trigger")
        .unwrap();
    assert_eq!(forced["detail"]["forced"], true, "{forced}");
    assert_eq!(forced["detail"]["grounding"], json!(["the workspace"]));
    // The same confident model on a general question answers without a tool.
    let job = setup(script());
    let (_, events) = run_task(&job, "What is a text file?", &[]);
    assert!(!events.iter().any(|e| e["event"] == "call"), "{events:#?}");
}

/// Regression (everyday3's tests-counts-greenhouse and tests-failing-greenhouse): "run pytest
/// and tell me how many passed vs failed" was answered from SmolLM2's memory (a confident
/// trigger), and "One of the tests is red, I think. Which one is it?" was refused its test run.
/// A request for a run, or a question only a run answers, runs the tests first, however sure
/// the model is, and the answer's evidence says how many ran and which failed.
#[test]
fn a_question_about_test_results_runs_the_tests_first() {
    for task in [
        "run pytest and tell me how many passed vs failed",
        "One of the tests is red, I think. Which one is it?",
    ] {
        let job = setup(vec![
            json!({"p_tool": 0.0, "name": "stop", "args": {}}),
            json!({"answer": "One test fails."}),
        ]);
        std::fs::write(
            job.workspace.path().join("test_notes.py"),
            "def test_hello():\n    assert open('notes.txt').read().startswith('hello')\n\n\ndef test_goodbye():\n    assert 'goodbye' in open('notes.txt').read()\n",
        )
        .unwrap();
        let (code, events) = run_task(&job, task, &[]);
        assert_eq!(code, 0, "{task}: {events:#?}");
        let calls = calls_of(&events);
        assert_eq!(calls.len(), 1, "{task}: {events:#?}");
        assert_eq!(calls[0]["tool"], "run_tests", "{task}");
        let forced = events
            .iter()
            .find(|e| e["event"] == "decision" && e["node"] == "trigger")
            .unwrap();
        assert_eq!(
            forced["detail"]["grounding"],
            json!(["run_tests"]),
            "{forced}"
        );
        let done = events.iter().rev().find(|e| e["event"] == "done").unwrap();
        let summary = done["summary"].as_str().unwrap();
        assert!(
            summary.contains("tests: 2 run, 1 passed, 1 failed (failing: ")
                && summary.contains("test_goodbye"),
            "{task}: {summary}"
        );
    }
    // A question about a test that needs no run is the model's to route.
    let job = setup(vec![
        json!({"p_tool": 0.0, "name": "stop", "args": {}}),
        json!({"answer": "It checks the greeting."}),
    ]);
    let (_, events) = run_task(&job, "What is a unit test?", &[]);
    assert!(calls_of(&events).is_empty(), "{events:#?}");
}

/// Regression (`search-perimeter` in `examples/everyday`): "In which file is the function
/// `perimeter` defined?" went to selection and SmolLM2 chose `calc`. A question that names a
/// code symbol and no file searches for the symbol first; one that names a file reads it.
#[test]
fn a_question_naming_a_symbol_and_no_file_searches_for_it() {
    let script = || {
        vec![
            json!({"p_tool": 0.0, "name": "stop", "args": {}}),
            json!({"answer": "In notes.txt."}),
        ]
    };
    let job = setup(script());
    let (code, events) = run_task(&job, "In which file is the word `hello` written?", &[]);
    assert_eq!(code, 0, "{events:#?}");
    let calls = calls_of(&events);
    assert_eq!(calls.len(), 1, "{events:#?}");
    assert_eq!(calls[0]["tool"], "search");
    assert_eq!(calls[0]["args"], json!({"pattern": "hello"}));
    let job = setup(script());
    let (_, events) = run_task(&job, "Is the word `hello` in notes.txt?", &[]);
    let first = events.iter().find(|e| e["event"] == "call").unwrap();
    assert_eq!(first["tool"], "read_file", "{events:#?}");
}

/// Regression (`todo-first` in `examples/everyday`): after reading notes/todo.txt, SmolLM2
/// chose `stop`, and the question ended with the selector's reason and no answer. In a
/// question whose evidence is in, stopping means answering from it; without any evidence a
/// stop is still a stop.
#[test]
fn a_question_stopped_after_its_evidence_is_answered() {
    let job = setup(vec![
        json!({"p_tool": 0.9, "name": "stop", "args": {"reason": "done"}}),
        json!({"p_tool": 0.9, "name": "stop", "args": {"reason": "done"}}),
        json!({"answer": "It says hello world."}),
    ]);
    let (code, events) = run_task(&job, "What does notes.txt say?", &[]);
    assert_eq!(code, 0, "{events:#?}");
    let answer = events.iter().find(|e| e["event"] == "answer");
    assert_eq!(
        answer.map(|a| a["text"].clone()),
        Some(json!("It says hello world.")),
        "{events:#?}"
    );
    let done = events.iter().rev().find(|e| e["event"] == "done").unwrap();
    let summary = done["summary"].as_str().unwrap();
    assert!(summary.contains("\nevidence: read_file → "), "{summary}");
    // No tool ran: the stop stands, nothing is answered.
    let job = setup(vec![
        json!({"p_tool": 0.9, "name": "stop", "args": {"reason": "nothing to do"}}),
    ]);
    let (_, events) = run_task(&job, "What do the notes say?", &[]);
    assert!(
        !events.iter().any(|e| e["event"] == "answer"),
        "{events:#?}"
    );
    let done = events.iter().rev().find(|e| e["event"] == "done").unwrap();
    assert!(
        done["summary"].as_str().unwrap().starts_with("stopped"),
        "{done}"
    );
}

/// Regression (everyday3's explain-litres-for): the question's file was read, then SmolLM2
/// asked for a file that does not exist until the guard's refusals stopped the job with no
/// answer. A question whose evidence is in is answered from it when refusals would stop it;
/// a change is still stopped.
#[test]
fn a_question_refused_after_its_evidence_is_answered() {
    let missing = || json!({"p_tool": 0.9, "name": "read_file", "args": {"path": "missing.txt"}});
    let mut steps: Vec<Value> = (0..12).map(|_| missing()).collect();
    steps.push(json!({"answer": "It says hello world."}));
    let job = setup(steps.clone());
    let (code, events) = run_task(&job, "What does notes.txt say? Explain it.", &[]);
    assert_eq!(code, 0, "{events:#?}");
    assert!(
        events
            .iter()
            .any(|e| e["event"] == "decision" && e["node"] == "guard"),
        "the made-up path is refused: {events:#?}"
    );
    let answer = events.iter().find(|e| e["event"] == "answer");
    assert_eq!(
        answer.map(|a| a["text"].clone()),
        Some(json!("It says hello world.")),
        "{events:#?}"
    );
    let done = events.iter().rev().find(|e| e["event"] == "done").unwrap();
    assert_eq!(done["status"], "done", "{done}");
    assert!(
        done["summary"]
            .as_str()
            .unwrap()
            .contains("\nevidence: read_file → "),
        "{done}"
    );
}

/// Typed ledger decisions (issue 16): a parked job whose ledger holds a decision this version
/// cannot read, of a kind a resume depends on (here an edit record without its blocks, as a
/// different version might write it), is refused with a message naming it, and the workspace
/// is left as it was.
#[test]
fn a_resume_refuses_a_decision_it_cannot_read_and_needs() {
    use tact_runtime::ledger::Ledger;
    let job = setup(vec![step(
        "ask_user",
        json!({"question": "Which greeting?"}),
    )]);
    let (code, _) = run(&job, &[]);
    assert_eq!(code, 4);
    let path = job.workspace.path().join(".tact/jobs/j1/ledger.bin");
    {
        let (ledger, _owner, _, _) = Ledger::open(&path).unwrap();
        ledger
            .append(
                LedgerEntry::Decision {
                    step: 99,
                    decision: Decision::Unrecognized {
                        node: "candidate_applied".into(),
                        detail: json!({"id": "x", "file": "notes.txt"}),
                    },
                },
                None,
            )
            .unwrap();
    }
    let before = std::fs::read(job.workspace.path().join("notes.txt")).unwrap();
    let out = answer_goodbye(&job);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("`candidate_applied` decision this version of tact cannot read"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read(job.workspace.path().join("notes.txt")).unwrap(),
        before
    );
}

/// Regression (examples/everyday, explain-sell, edit-greeting): SmolLM2 chose one call with the same
/// arguments 25 times, until the budget ended the job without an answer. A read-only or pure
/// call that already ran (passed or failed) is not run again: its observation is the evidence, and the model
/// answers from it.
#[test]
fn a_repeated_read_only_call_is_answered_from_the_first_observation() {
    // (Arithmetic now goes to the calculator without the model: the repeat is a search.)
    let job = setup(vec![
        json!({"p_tool": 0.9, "name": "search", "args": {"pattern": "hello"}}),
        json!({"p_tool": 0.9, "name": "search", "args": {"pattern": "hello"}}),
        json!({"p_tool": 0.9, "name": "search", "args": {"pattern": "hello"}}),
        json!({"answer": "notes.txt says hello"}),
    ]);
    let (code, events) = run_task(&job, "Which file says hello?", &[]);
    assert_eq!(code, 0, "{events:#?}");
    let calls = events
        .iter()
        .filter(|e| e["event"] == "call" && e["tool"] == "search")
        .count();
    assert_eq!(calls, 1, "{events:#?}");
    let answer = events
        .iter()
        .find(|e| e["event"] == "answer")
        .expect("an answer event");
    assert_eq!(answer["text"], "notes.txt says hello");
    let done = events.iter().rev().find(|e| e["event"] == "done").unwrap();
    let summary = done["summary"].as_str().unwrap();
    assert!(summary.starts_with("answered after 1 tool call"), "{done}");
    // The observation the answer rests on goes with it, in the tool's words.
    let evidence = summary
        .split_once("\nevidence: search → ")
        .unwrap_or_else(|| panic!("{done}"));
    assert!(evidence.1.contains("notes.txt"), "{done}");
}

/// Regression (everyday2, calc-sqrt-2, calc-words): "Take the square root of 2025 and add 7."
/// was taken for a change request and put to the user, and "48 times 37, minus 125" reached
/// `calc` in words (then SmolLM2 wrote 224 beside the calculator's 1651). Arithmetic the
/// request gives goes to the calculator, written in its syntax, and the verified value is the
/// answer: no model decision at all (the script is empty, so any would fail the job).
#[test]
fn arithmetic_said_in_words_is_computed_by_the_calculator() {
    for (task, answer) in [
        (
            "Take the square root of 2025 and add 7.",
            "sqrt(2025) + 7 = 52 (computed by calc",
        ),
        (
            "What is 48 times 37, minus 125?",
            "48 * 37 - 125 = 1651 (computed by calc",
        ),
        (
            "Compute 17 * 23 + 4.",
            "17 * 23 + 4 = 395 (computed by calc",
        ),
    ] {
        let job = setup(Vec::new());
        let (code, events) = run_task(&job, task, &[]);
        assert_eq!(code, 0, "{task}: {events:#?}");
        let calls: Vec<&Value> = events.iter().filter(|e| e["event"] == "call").collect();
        assert_eq!(calls.len(), 1, "{task}: {events:#?}");
        assert_eq!(calls[0]["tool"], "calc", "{task}");
        let done = events.iter().rev().find(|e| e["event"] == "done").unwrap();
        assert_eq!(done["status"], "done", "{task}: {done}");
        assert!(
            done["summary"].as_str().unwrap().starts_with(answer),
            "{task}: {done}"
        );
    }
}

/// Regression (examples/everyday, edit-greeting, edit-version, edit-max-shapes): SmolLM2 read
/// the named file, then stopped, answered or re-read it instead of calling `apply_edit`. A
/// change the request spells out is proposed from the file read and made without asking the
/// model to write the edit (the script is empty: any model decision would fail the job).
#[test]
fn a_change_the_request_spells_out_is_made_from_the_file_read() {
    let job = setup(Vec::new());
    let (code, events) = run_task(&job, "In notes.txt, change \"hello\" to \"goodbye\".", &[]);
    assert_eq!(code, 0, "{events:#?}");
    assert_eq!(
        std::fs::read_to_string(job.workspace.path().join("notes.txt")).unwrap(),
        "goodbye world\n"
    );
    let state = ledger(&job, "j1");
    let tools: Vec<String> = state
        .records
        .iter()
        .filter_map(|r| match &r.entry {
            LedgerEntry::Outcome { record } => Some(record.tool_ref.name.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(tools, ["read_file", "apply_edit"], "{events:#?}");
    let done = events.iter().rev().find(|e| e["event"] == "done").unwrap();
    assert!(
        done["summary"]
            .as_str()
            .unwrap()
            .starts_with("changed notes.txt: `hello world` → `goodbye world`"),
        "{done}"
    );
}

/// Regression (examples/everyday, new-changelog): the model chose `stop` on "Create a file
/// CHANGELOG.md containing the line '# Changelog'."; the file the request spells out is
/// written as asked.
#[test]
fn a_new_file_the_request_spells_out_is_written() {
    let job = setup(Vec::new());
    let (code, events) = run_task(
        &job,
        "Create a file CHANGELOG.md containing the line '# Changelog'.",
        &[],
    );
    assert_eq!(code, 0, "{events:#?}");
    assert_eq!(
        std::fs::read_to_string(job.workspace.path().join("CHANGELOG.md")).unwrap(),
        "# Changelog\n"
    );
}

/// Regression (everyday2's ask-usual-guests, everyday4's ask-battery-size): a request that
/// leans on something only the user knows ("the usual number of guests", "the battery size we
/// talked about on the phone") was answered or stopped by the model; it is put to the user
/// before any tool or model call, and the user's answer lets the job go on.
#[test]
fn a_request_leaning_on_what_only_the_user_knows_asks_first() {
    let job = setup(vec![
        json!({"p_tool": 0.0, "name": "stop", "args": {}}),
        json!({"answer": "Six guests."}),
    ]);
    let task = "Scale the recipe for the usual number of guests.";
    let (code, events) = run_task(&job, task, &[]);
    assert_eq!(code, 4, "waiting for the user: {events:#?}");
    let state = ledger(&job, "j1");
    assert!(calls(&state).is_empty());
    assert!(
        state
            .pending_question()
            .is_some_and(|q| q.contains("the usual")),
        "{:?}",
        state.pending_question()
    );
    assert!(
        !events
            .iter()
            .any(|e| e["event"] == "decision" && e["node"] == "trigger"),
        "no model decision before the question: {events:#?}"
    );
}

/// Regression (examples/everyday, ask-rename, ask-port, ask-delete): the model answered or
/// stopped on change requests only the user can settle; they are put to the user, with no
/// model call and nothing touched.
#[test]
fn a_change_request_that_names_nothing_asks_the_user() {
    for task in [
        "Rename the function.",
        "Change the port to the one we agreed on yesterday.",
        "Delete the files I no longer need.",
    ] {
        let job = setup(Vec::new());
        let (code, events) = run_task(&job, task, &[]);
        assert_eq!(code, 4, "waiting for the user: {task}: {events:#?}");
        let state = ledger(&job, "j1");
        assert!(calls(&state).is_empty(), "{task}");
        assert!(
            state
                .pending_question()
                .is_some_and(|q| q.contains("what to change")),
            "{task}"
        );
        assert_eq!(
            std::fs::read_to_string(job.workspace.path().join("notes.txt")).unwrap(),
            "hello world\n"
        );
    }
}

/// Regression (examples/everyday, search-perimeter, search-todo): SmolLM2, told why the guard
/// refused its `read_file` of a path that does not exist, proposed the very same call again
/// until the refusal budget stopped the job. A call the guard already refused is not proposed
/// to it again: the selector chooses once more among the other tools.
#[test]
fn a_call_the_guard_refused_is_not_proposed_again() {
    let job = setup(vec![
        step("read_file", json!({"path": "file"})),
        step("read_file", json!({"path": "file"})),
        step("search", json!({"pattern": "hello"})),
        step("stop", json!({"reason": "notes.txt mentions hello"})),
    ]);
    let (code, events) = run_task(&job, "Which file mentions hello?", &[]);
    assert_eq!(code, 0, "{events:#?}");
    let state = ledger(&job, "j1");
    let refusals: Vec<_> = state
        .records
        .iter()
        .filter_map(|r| match &r.entry {
            LedgerEntry::Decision {
                decision: Decision::Guard(guard),
                ..
            } => Some(guard.refused.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(refusals.len(), 1, "{refusals:?}");
    assert_eq!(refusals[0].kind, "target_missing");
    let searched = events
        .iter()
        .filter(|e| e["event"] == "call" && e["tool"] == "search")
        .count();
    assert_eq!(searched, 1, "{events:#?}");
    let done = events.iter().rev().find(|e| e["event"] == "done").unwrap();
    assert!(
        !done["summary"].as_str().unwrap().contains("refusals"),
        "{done}"
    );
}
