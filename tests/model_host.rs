//! The model in its own supervised process (issue 16 item 2), with the real default model
//! (installed by `tact models fetch`): a job whose model host dies mid-request goes on with the
//! restarted host, and `tact watch` runs its jobs on one shared host.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod watch_support;

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use serde_json::Value;
use watch_support::*;

fn events(stdout: &[u8]) -> Vec<Value> {
    String::from_utf8_lossy(stdout)
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect()
}

fn done(events: &[Value]) -> &Value {
    events
        .iter()
        .find(|e| e["type"] == "done")
        .expect("a done event")
}

/// Run the bundled example's repair job; `extra` adds arguments.
fn run_calc(extra: &[&str]) -> (i32, Vec<Value>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tact"))
        .args([
            "run",
            "--example",
            "calc",
            "--task",
            "the tests fail; find the bug and fix it",
            "--json",
        ])
        .args(extra)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        events(&out.stdout),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn host_log(done: &Value) -> String {
    let ledger = Path::new(done["ledger"].as_str().unwrap());
    std::fs::read_to_string(ledger.parent().unwrap().join("model-host.stderr")).unwrap()
}

#[test]
fn a_job_goes_on_when_its_model_host_dies_mid_request() {
    // The same job twice: once undisturbed, once with the host exiting on its third request
    // (before answering it). The supervisor restarts the host, the lost request is sent once
    // more, and the job ends exactly as the undisturbed one did.
    let (code, calm, _) = run_calc(&[]);
    assert_eq!(code, 0, "{calm:?}");
    let calm = done(&calm).clone();
    assert!(!host_log(&calm).contains("exits on request"));

    let (code, hurt, stderr) = run_calc(&["--inject-host-exit", "3"]);
    assert_eq!(code, 0, "{stderr}");
    let hurt = done(&hurt).clone();
    let log = host_log(&hurt);
    assert!(log.contains("exits on request 3"), "{log}");
    assert_eq!(
        log.matches("model host ready").count(),
        2,
        "one restart: {log}"
    );
    assert!(
        stderr.contains("retrying the request once"),
        "the client retried the lost request: {stderr}"
    );
    assert_eq!(hurt["status"], calm["status"]);
    assert_eq!(hurt["summary"], calm["summary"]);
    assert_eq!(hurt["changed_files"], calm["changed_files"]);
    // The retried request was answered once: the job's model usage is the undisturbed one's.
    assert_eq!(
        hurt["model"]["forward_passes"],
        calm["model"]["forward_passes"]
    );
    // Nothing outlives the job: no host listens at the job's socket, and its folder is gone.
    let socket = socket_of(&log);
    assert!(processes_mentioning(&socket).is_empty(), "{socket}");
    assert!(!Path::new(&socket).parent().unwrap().exists(), "{socket}");
}

/// The socket a host log says its host listened at.
fn socket_of(log: &str) -> String {
    let at = log.find("socket=").expect("the host logs its socket") + "socket=".len();
    log[at..].split_whitespace().next().unwrap().to_string()
}

#[test]
fn a_bad_model_is_refused_before_a_host_starts() {
    let (code, _, stderr) = run_calc(&["--model", "no-such-model-9000"]);
    assert_ne!(code, 0);
    assert!(
        stderr.contains("no installed model or model file called \"no-such-model-9000\""),
        "{stderr}"
    );
}

#[test]
fn the_watchers_jobs_share_one_model_host() {
    let (_tmp, ws) = workspace();
    let mut watcher = WatchProcess::start(&ws, &["--exit-after-jobs", "2"], &[]);
    let inbox = ws.join(".tact/inbox");
    std::fs::write(inbox.join("one.toml"), "task = \"what is 17 + 25?\"\n").unwrap();
    std::fs::write(
        inbox.join("two.toml"),
        "task = \"what does src/lib.rs define?\"\n",
    )
    .unwrap();
    assert_eq!(watcher.wait_exit(Duration::from_secs(300)), 0);
    let finished = watcher.named("job_done");
    assert_eq!(finished.len(), 2, "{finished:?}");
    let log = std::fs::read_to_string(ws.join(".tact/model-host.stderr")).unwrap();
    // One host loaded the model once, and the encoder once for both jobs' retrievers, and
    // both jobs were its clients.
    assert_eq!(log.matches("model host ready").count(), 1, "{log}");
    assert_eq!(log.matches("encoder loaded").count(), 1, "{log}");
    for job in &finished {
        let id = job["job_id"].as_str().unwrap();
        assert!(
            log.contains(&format!("client={id}")),
            "job {id} used the shared host: {log}"
        );
    }
    let socket = socket_of(&log);
    assert!(
        processes_mentioning(&socket).is_empty(),
        "the host stops with the watch"
    );
}
