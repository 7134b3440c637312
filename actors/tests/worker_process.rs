//! The executor's worker process with the real `tact` binary as the worker: the handshake, a
//! call round trip, the cleared environment, death mid-call and cleanup on drop.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value, json};
use tact_actors::WorkerError;
use tact_actors::worker_process::{WorkerCommand, WorkerHost, WorkerProcess};
use tact_runtime::catalog;
use tact_runtime::messages::{ToolCall, WorkerSetup};
use tact_runtime::tools::ToolConfig;
use tact_runtime::wire::WIRE_VERSION;
use tempfile::TempDir;

/// Bound on waits for asynchronous process events (a kill landing, a command starting): a
/// hang guard only.
const HANG_GUARD: Duration = Duration::from_secs(30);
const CALL_TIMEOUT_MS: u64 = 120_000;

/// The `tact` binary, built once if the shared target dir has none yet.
fn tact_binary() -> PathBuf {
    static BUILD: Mutex<()> = Mutex::new(());
    let workspace_root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    let target_dir = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace_root.join("target"));
    let binary = target_dir.join("debug").join("tact");
    let _guard = BUILD
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if !binary.exists() {
        let status = std::process::Command::new(env!("CARGO"))
            .args(["build", "--bin", "tact"])
            .current_dir(workspace_root)
            .status()
            .expect("cargo runs");
        assert!(status.success(), "cargo build --bin tact failed");
    }
    assert!(
        binary.exists(),
        "{} missing after the build",
        binary.display()
    );
    binary
}

/// A workspace with a couple of files, the job temp dir, and the setup naming both.
struct Fixture {
    _workspace: TempDir,
    _temp: TempDir,
    command: WorkerCommand,
    setup: WorkerSetup,
}

fn fixture(command_allow: &[&str]) -> Fixture {
    let workspace = TempDir::new().unwrap();
    std::fs::write(workspace.path().join("a.txt"), "alpha\n").unwrap();
    std::fs::create_dir(workspace.path().join("src")).unwrap();
    std::fs::write(workspace.path().join("src").join("lib.rs"), "// lib\n").unwrap();
    let temp = TempDir::new().unwrap();
    let setup = WorkerSetup {
        wire_version: WIRE_VERSION,
        workspace: workspace
            .path()
            .canonicalize()
            .unwrap()
            .display()
            .to_string(),
        temp_dir: temp.path().canonicalize().unwrap().display().to_string(),
        config: ToolConfig {
            command_allow: command_allow.iter().map(|s| (*s).to_string()).collect(),
            ..ToolConfig::default()
        },
    };
    Fixture {
        _workspace: workspace,
        _temp: temp,
        command: WorkerCommand {
            program: tact_binary(),
            args: vec!["worker".into()],
            stderr_log: None,
        },
        setup,
    }
}

fn tool_call(work_id: &str, tool: &str, args: Value) -> ToolCall {
    let spec = catalog::find(&catalog::catalog(), tool)
        .cloned()
        .expect("tool in the catalog");
    ToolCall {
        work_id: work_id.into(),
        tool: spec.tool_ref(),
        args,
        depends_on: vec![],
    }
}

/// One process as /proc shows it.
#[derive(Debug, Clone)]
struct ProcInfo {
    pid: i32,
    state: char,
    session: i32,
    start_time: u64,
    cmdline: Vec<String>,
}

fn proc_info(pid: i32) -> Option<ProcInfo> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the parenthesised command name start at field 3 (state).
    let rest = &stat[stat.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let cmdline = std::fs::read(format!("/proc/{pid}/cmdline"))
        .map(|bytes| {
            bytes
                .split(|b| *b == 0)
                .filter(|part| !part.is_empty())
                .map(|part| String::from_utf8_lossy(part).into_owned())
                .collect()
        })
        .unwrap_or_default();
    Some(ProcInfo {
        pid,
        state: fields.first()?.chars().next()?,
        session: fields.get(3)?.parse().ok()?,
        start_time: fields.get(19)?.parse().ok()?,
        cmdline,
    })
}

/// Every process that has not exited (zombies are dead, only not yet reaped).
fn live_processes() -> Vec<ProcInfo> {
    std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter_map(|entry| entry.file_name().to_str()?.parse::<i32>().ok())
        .filter_map(proc_info)
        .filter(|p| p.state != 'Z' && p.state != 'X')
        .collect()
}

fn live_in_session(session: i32) -> Vec<ProcInfo> {
    live_processes()
        .into_iter()
        .filter(|p| p.session == session)
        .collect()
}

/// Poll `probe` until it returns `Some`, within the hang guard.
async fn wait_for<T>(what: &str, mut probe: impl FnMut() -> Option<T>) -> T {
    let deadline = tokio::time::Instant::now() + HANG_GUARD;
    loop {
        if let Some(found) = probe() {
            return found;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "timed out waiting for {what}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

fn entry_names(output: &Value) -> Vec<String> {
    output["entries"]
        .as_array()
        .expect("entries array")
        .iter()
        .map(|e| e["name"].as_str().expect("entry name").to_string())
        .collect()
}

#[test]
fn handshake_and_a_list_dir_call_round_trip() {
    let fx = fixture(&[]);
    let mut worker = WorkerProcess::spawn(&fx.command, &fx.setup).expect("worker starts");
    assert_eq!(worker.ready.wire_version, WIRE_VERSION);
    assert_eq!(
        worker.ready.pid,
        worker.pid(),
        "the worker reports its own pid"
    );
    assert!(!worker.ready.worker_version.is_empty());

    let observation = worker
        .call(&tool_call("w1", "list_dir", json!({"path": "."})))
        .expect("the call round-trips");
    assert!(observation.ok, "{observation:?}");
    assert_eq!(observation.work_id, "w1");
    assert_eq!(observation.tool.name, "list_dir");
    assert_eq!(entry_names(&observation.output), ["a.txt", "src"]);

    // The same worker keeps serving; a path outside the workspace is refused by the tool.
    let escaped = worker
        .call(&tool_call("w2", "list_dir", json!({"path": "../.."})))
        .expect("the call round-trips");
    assert!(!escaped.ok);
    assert_eq!(escaped.work_id, "w2");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_worker_and_its_commands_get_a_cleared_environment() {
    // Variables of this test process that the worker must not inherit.
    let worker_passthrough: BTreeSet<&str> = [
        "PATH",
        "HOME",
        "CARGO_HOME",
        "RUSTUP_HOME",
        "RUSTUP_TOOLCHAIN",
        "LANG",
        "RUST_LOG",
    ]
    .into();
    // What a command the worker starts may see: the sandbox's minimal environment.
    let command_allowed: BTreeSet<&str> = [
        "PATH",
        "LANG",
        "RUSTUP_TOOLCHAIN",
        "RUSTUP_AUTO_INSTALL",
        "PYENV_ROOT",
        "PYENV_VERSION",
        "VIRTUAL_ENV",
        "CARGO_HOME",
        "RUSTUP_HOME",
        "HOME",
        "TMPDIR",
        "CARGO_TARGET_DIR",
        "CARGO_TERM_COLOR",
        "NO_COLOR",
        "PYTHONDONTWRITEBYTECODE",
    ]
    .into();
    let private: Vec<String> = std::env::vars()
        .map(|(key, _)| key)
        .filter(|key| {
            !worker_passthrough.contains(key.as_str()) && !command_allowed.contains(key.as_str())
        })
        .collect();
    assert!(
        !private.is_empty(),
        "the test process has variables to leak (cargo sets CARGO_PKG_NAME and others)"
    );

    let fx = fixture(&["env"]);
    let host = WorkerHost::start(fx.command.clone(), fx.setup.clone()).expect("host starts");
    let observation = host
        .call(
            tool_call("env", "run_command", json!({"command": "env"})),
            CALL_TIMEOUT_MS,
        )
        .await
        .expect("the call round-trips");
    assert!(observation.ok, "{observation:?}");
    assert_eq!(observation.exit_code, Some(0));

    // The worker process itself: only the pass-through variables.
    let pid = host.worker_pid();
    assert!(pid > 0);
    let environ = std::fs::read(format!("/proc/{pid}/environ")).expect("worker environ");
    let worker_keys: BTreeSet<String> = environ
        .split(|b| *b == 0)
        .filter(|entry| !entry.is_empty())
        .filter_map(|entry| {
            let text = String::from_utf8_lossy(entry);
            text.split_once('=').map(|(key, _)| key.to_string())
        })
        .collect();
    for key in &worker_keys {
        assert!(
            worker_passthrough.contains(key.as_str()),
            "unexpected variable {key} in the worker"
        );
    }
    assert!(worker_keys.contains("PATH"));

    // What a command the worker starts does see.
    let stdout = observation.output["stdout_tail"]
        .as_str()
        .expect("stdout tail");
    let command_env: Vec<(&str, &str)> = stdout
        .lines()
        .filter_map(|line| line.split_once('='))
        .collect();
    assert!(!command_env.is_empty(), "env printed nothing: {stdout}");
    for (key, _) in &command_env {
        assert!(
            command_allowed.contains(key),
            "unexpected variable {key} in a worker command"
        );
    }
    for key in &private {
        assert!(
            !command_env.iter().any(|(k, _)| k == key),
            "{key} leaked into a worker command"
        );
    }
    // HOME and the cargo target dir are the job's own, not this process's.
    assert!(command_env.contains(&("HOME", fx.setup.temp_dir.as_str())));
    let target_dir = command_env
        .iter()
        .find(|(key, _)| *key == "CARGO_TARGET_DIR")
        .map(|(_, value)| *value);
    assert_eq!(
        target_dir,
        Some(format!("{}/target", fx.setup.temp_dir).as_str())
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_worker_killed_mid_call_reports_died_and_the_next_call_gets_a_fresh_one() {
    let fx = fixture(&["sleep"]);
    let host = Arc::new(WorkerHost::start(fx.command.clone(), fx.setup.clone()).expect("host"));
    // The host starts the worker on the first call.
    assert_eq!(host.worker_pid(), 0);
    let first = host
        .call(tool_call("w1", "list_dir", json!({})), CALL_TIMEOUT_MS)
        .await
        .expect("first call");
    assert!(first.ok);
    let first_pid = host.worker_pid();
    assert!(first_pid > 0);

    let sleeping_host = host.clone();
    let pending = tokio::spawn(async move {
        sleeping_host
            .call(
                tool_call("w2", "run_command", json!({"command": "sleep 30"})),
                CALL_TIMEOUT_MS,
            )
            .await
    });
    // The worker is inside the call once its `sleep 30` runs (in the worker's session).
    let sleeper = wait_for("the sleep 30 to start", || {
        live_in_session(first_pid)
            .into_iter()
            .find(|p| p.cmdline == ["sleep", "30"])
    })
    .await;
    assert_ne!(sleeper.pid, first_pid);

    // SAFETY: kill has no memory-safety preconditions; the pid is our worker's.
    let killed = unsafe { libc::kill(first_pid, libc::SIGKILL) };
    assert_eq!(killed, 0);
    let result = pending.await.expect("call task");
    assert!(
        matches!(result, Err(WorkerError::Died(_))),
        "expected Died, got {result:?}"
    );

    // Nothing of the dead worker's session survives it, the `sleep 30` included.
    wait_for("the dead worker's session to empty", || {
        live_in_session(first_pid).is_empty().then_some(())
    })
    .await;

    let next = host
        .call(tool_call("w3", "list_dir", json!({})), CALL_TIMEOUT_MS)
        .await
        .expect("the next call starts a fresh worker");
    assert!(next.ok);
    assert_eq!(entry_names(&next.output), ["a.txt", "src"]);
    let second_pid = host.worker_pid();
    assert!(second_pid > 0);
    assert_ne!(second_pid, first_pid, "a fresh worker, not the dead one");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dropping_the_host_leaves_no_worker_process() {
    let fx = fixture(&[]);
    let host = WorkerHost::start(fx.command.clone(), fx.setup.clone()).expect("host starts");
    let observation = host
        .call(tool_call("w1", "list_dir", json!({})), CALL_TIMEOUT_MS)
        .await
        .expect("call");
    assert!(observation.ok);
    let pid = host.worker_pid();
    let worker = proc_info(pid).expect("the worker is running");
    assert!(worker.state != 'Z');
    assert_eq!(worker.session, pid, "the worker leads its own session");
    assert_eq!(worker.cmdline.last().map(String::as_str), Some("worker"));

    drop(host);
    // Drop reaps the worker, so its pid is gone (or, if reused, names another process).
    match proc_info(pid) {
        None => {}
        Some(now) => assert_ne!(
            now.start_time, worker.start_time,
            "the worker outlived its host: {now:?}"
        ),
    }
    assert!(live_in_session(pid).is_empty());
}
