//! Shared helpers of the `tact watch` tests: a watcher process whose JSON events are collected
//! by a reader thread, stand-in runner scripts, and /proc checks.
#![allow(clippy::unwrap_used, clippy::expect_used, dead_code)]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::Value;

pub const TACT: &str = env!("CARGO_BIN_EXE_tact");

/// A running `tact watch --json`.
pub struct WatchProcess {
    pub child: Child,
    pub events: Arc<Mutex<Vec<Value>>>,
    reader: Option<std::thread::JoinHandle<()>>,
}

impl WatchProcess {
    pub fn start(workspace: &Path, extra: &[&str], env: &[(&str, &str)]) -> WatchProcess {
        let mut command = Command::new(TACT);
        command
            .arg("watch")
            .arg(workspace)
            .arg("--json")
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .env("RUST_LOG", "warn");
        for (k, v) in env {
            command.env(k, v);
        }
        let mut child = command.spawn().expect("start tact watch");
        let stdout = child.stdout.take().unwrap();
        let events = Arc::new(Mutex::new(Vec::new()));
        let sink = events.clone();
        let reader = std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                match serde_json::from_str::<Value>(&line) {
                    Ok(v) => sink.lock().unwrap().push(v),
                    Err(_) => panic!("watch printed a non-JSON line on stdout: {line}"),
                }
            }
        });
        let watcher = WatchProcess {
            child,
            events,
            reader: Some(reader),
        };
        watcher.wait_for("watching", 1, Duration::from_secs(30));
        watcher
    }

    pub fn named(&self, event: &str) -> Vec<Value> {
        self.events
            .lock()
            .unwrap()
            .iter()
            .filter(|e| e["event"] == event)
            .cloned()
            .collect()
    }

    /// Wait until at least `count` events named `event` arrived; panics with all events seen
    /// otherwise.
    pub fn wait_for(&self, event: &str, count: usize, timeout: Duration) -> Vec<Value> {
        let deadline = Instant::now() + timeout;
        loop {
            let found = self.named(event);
            if found.len() >= count {
                return found;
            }
            if Instant::now() > deadline {
                panic!(
                    "timed out waiting for {count} {event:?} events; got {:#?}",
                    self.events.lock().unwrap()
                );
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    pub fn signal(&self, name: &str) {
        let status = Command::new("kill")
            .arg(format!("-{name}"))
            .arg(self.child.id().to_string())
            .status()
            .unwrap();
        assert!(status.success());
    }

    /// Wait for the process to exit (panics after the timeout) and return its exit code.
    pub fn wait_exit(&mut self, timeout: Duration) -> i32 {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                if let Some(reader) = self.reader.take() {
                    reader.join().unwrap();
                }
                return status.code().unwrap_or(-1);
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!(
                    "tact watch did not exit within {timeout:?}; events {:#?}",
                    self.events.lock().unwrap()
                );
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// SIGTERM and wait for a clean exit.
    pub fn stop(&mut self) -> i32 {
        self.signal("TERM");
        self.wait_exit(Duration::from_secs(15))
    }
}

impl Drop for WatchProcess {
    fn drop(&mut self) {
        if self.child.try_wait().ok().flatten().is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// Write an executable shell script.
pub fn script(path: &Path, body: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    std::fs::write(path, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path.to_path_buf()
}

/// A stand-in for `tact run`: logs its arguments (one line per job, tab-separated) to
/// `$TACT_TEST_RUNS` and prints a `done` event.
pub fn logging_runner(dir: &Path) -> PathBuf {
    script(
        &dir.join("runner.sh"),
        r#"
printf '%s\t' "$@" | tr '\n' ' ' >> "$TACT_TEST_RUNS"
printf '\n' >> "$TACT_TEST_RUNS"
echo '{"event":"done","job_id":"stand-in","status":"done","summary":"stand-in"}'
"#,
    )
}

/// The jobs a logging runner ran: each one's argument list.
pub fn runs(log: &Path) -> Vec<Vec<String>> {
    std::fs::read_to_string(log)
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            l.split('\t')
                .filter(|a| !a.trim().is_empty())
                .map(|a| a.trim().to_string())
                .collect()
        })
        .collect()
}

/// The value after `flag` in an argument list.
pub fn arg_after<'a>(args: &'a [String], flag: &str) -> Option<&'a str> {
    args.iter()
        .position(|a| a == flag)
        .and_then(|i| args.get(i + 1))
        .map(String::as_str)
}

/// Whether a process is alive (a zombie counts as gone).
pub fn alive(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => {
            let state = stat
                .rfind(')')
                .and_then(|i| stat[i + 1..].split_whitespace().next())
                .unwrap_or("");
            state != "Z" && state != "X"
        }
        Err(_) => false,
    }
}

/// Pids of live processes whose command line mentions `needle`.
pub fn processes_mentioning(needle: &str) -> Vec<u32> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(cmdline) = std::fs::read(format!("/proc/{pid}/cmdline")) else {
            continue;
        };
        if String::from_utf8_lossy(&cmdline).contains(needle) && alive(pid) {
            found.push(pid);
        }
    }
    found
}

/// A fresh workspace with one source file, canonicalised (the watcher reports canonical paths).
pub fn workspace() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path().join("ws");
    std::fs::create_dir_all(ws.join("src")).unwrap();
    std::fs::write(ws.join("src/lib.rs"), "pub fn one() -> i32 { 1 }\n").unwrap();
    let ws = ws.canonicalize().unwrap();
    (dir, ws)
}
