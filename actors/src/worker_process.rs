//! The executor's handle on the worker process.
//!
//! The worker gets a cleared environment, its own process group, a parent-death signal and is
//! killed (with its whole process group) when its handle drops. Cleanup lives in `Drop`, never
//! in an actor's `post_stop`, which is skipped when an actor is killed or panics.
//!
//! `PR_SET_PDEATHSIG` fires when the *thread* that forked the child exits, so the worker is
//! spawned from, and owned by, one long-lived thread ([`WorkerHost`]), never from a pooled
//! thread that may retire while the worker is idle.

use std::io::{BufReader, BufWriter};
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicI32, Ordering};

use tact_runtime::messages::{
    Observation, ToolCall, WorkerReady, WorkerRequest, WorkerResponse, WorkerSetup,
};
use tact_runtime::wire::{self, WIRE_VERSION};

use crate::error::WorkerError;

/// How to start a worker: the `tact` binary and `worker`, normally.
#[derive(Debug, Clone, PartialEq)]
pub struct WorkerCommand {
    pub program: PathBuf,
    pub args: Vec<String>,
    /// File that receives the worker's stderr (its tracing output), if any.
    pub stderr_log: Option<PathBuf>,
}

impl WorkerCommand {
    /// `tact worker`, using the running executable.
    pub fn current_exe() -> Result<Self, WorkerError> {
        let program = std::env::current_exe().map_err(|e| WorkerError::Start(e.to_string()))?;
        Ok(Self {
            program,
            args: vec!["worker".into()],
            stderr_log: None,
        })
    }
}

/// A child process as tact starts its workers and model hosts: a cleared environment (the
/// toolchains' variables and `keep` pass through), its own session and process group, a
/// parent-death signal, stderr to `stderr_log` or nowhere. Spawn it from a thread that lives as
/// long as the child (`PR_SET_PDEATHSIG` fires when the forking *thread* exits).
pub fn hardened_command(
    program: &std::path::Path,
    args: &[String],
    stderr_log: Option<&std::path::Path>,
    keep: &[&str],
) -> Result<Command, WorkerError> {
    let mut cmd = Command::new(program);
    cmd.args(args)
        .env_clear()
        .env("PATH", "/usr/local/bin:/usr/bin:/bin")
        .stdin(Stdio::null())
        .stdout(Stdio::null());
    // The tools' commands (cargo, python) need to find their toolchains.
    for key in [
        "HOME",
        "CARGO_HOME",
        "RUSTUP_HOME",
        "RUSTUP_TOOLCHAIN",
        "LANG",
        "RUST_LOG",
    ]
    .iter()
    .chain(keep)
    {
        if let Ok(value) = std::env::var(key) {
            cmd.env(key, value);
        }
    }
    if let Ok(path) = std::env::var("PATH") {
        cmd.env("PATH", path);
    }
    match stderr_log {
        Some(path) => {
            let file = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| WorkerError::Start(format!("{}: {e}", path.display())))?;
            cmd.stderr(Stdio::from(file));
        }
        None => {
            cmd.stderr(Stdio::null());
        }
    }
    let parent = std::process::id() as libc::pid_t;
    // SAFETY: only async-signal-safe calls (setsid, prctl, getppid, _exit) run between fork and
    // exec.
    unsafe {
        cmd.pre_exec(move || {
            // Its own session (and process group): every command the child starts stays in
            // this session even in a process group of its own, so the whole tree can be found
            // and killed when the child dies.
            if libc::setsid() < 0 {
                return Err(std::io::Error::last_os_error());
            }
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            // The parent may have died before prctl took effect.
            if libc::getppid() != parent {
                libc::_exit(1);
            }
            Ok(())
        });
    }
    Ok(cmd)
}

/// A running worker. Dropping it kills the worker's process group and reaps it.
pub struct WorkerProcess {
    child: Child,
    stdin: BufWriter<ChildStdin>,
    stdout: BufReader<ChildStdout>,
    pub ready: WorkerReady,
    next_id: u64,
}

impl WorkerProcess {
    /// Start a worker and complete the version handshake.
    pub fn spawn(command: &WorkerCommand, setup: &WorkerSetup) -> Result<Self, WorkerError> {
        let mut cmd = hardened_command(
            &command.program,
            &command.args,
            command.stderr_log.as_deref(),
            &[],
        )?;
        cmd.stdin(Stdio::piped()).stdout(Stdio::piped());
        let mut child = cmd
            .spawn()
            .map_err(|e| WorkerError::Start(format!("{}: {e}", command.program.display())))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            kill_group(child.id() as i32);
            let _ = child.wait();
            return Err(WorkerError::Start("worker pipes missing".into()));
        };
        let mut worker = WorkerProcess {
            child,
            stdin: BufWriter::new(stdin),
            stdout: BufReader::new(stdout),
            ready: WorkerReady {
                wire_version: 0,
                worker_version: String::new(),
                pid: 0,
                host: String::new(),
            },
            next_id: 1,
        };
        wire::write_message(&mut worker.stdin, 0, setup)
            .map_err(|e| WorkerError::Handshake(e.to_string()))?;
        let ready = wire::read_message::<WorkerReady, _>(&mut worker.stdout)
            .map_err(|e| WorkerError::Handshake(e.to_string()))?
            .ok_or_else(|| WorkerError::Handshake("worker closed its output".into()))?;
        if ready.body.wire_version != WIRE_VERSION {
            return Err(WorkerError::Handshake(format!(
                "worker speaks wire version {}, executor {}",
                ready.body.wire_version, WIRE_VERSION
            )));
        }
        worker.ready = ready.body;
        Ok(worker)
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Send one call and wait for its observation.
    pub fn call(&mut self, call: &ToolCall) -> Result<Observation, WorkerError> {
        let id = self.next_id;
        self.next_id += 1;
        wire::write_message(
            &mut self.stdin,
            id,
            &WorkerRequest::Call { call: call.clone() },
        )
        .map_err(|e| WorkerError::Died(format!("writing the request: {e}")))?;
        match wire::read_message::<WorkerResponse, _>(&mut self.stdout) {
            Ok(Some(env)) => match env.body {
                WorkerResponse::Observation { observation } => Ok(observation),
                WorkerResponse::Rejected { reason } => Err(WorkerError::Rejected(reason)),
            },
            Ok(None) => Err(WorkerError::Died(
                "the worker closed its output mid-call".into(),
            )),
            Err(e) => Err(WorkerError::Died(e.to_string())),
        }
    }

    /// Ask the worker to exit; it is killed on drop anyway.
    pub fn shutdown(&mut self) {
        let _ = wire::write_message(&mut self.stdin, 0, &WorkerRequest::Shutdown);
    }
}

impl Drop for WorkerProcess {
    fn drop(&mut self) {
        let sid = self.child.id() as i32;
        kill_group(sid);
        let _ = self.child.wait();
        kill_session(sid);
    }
}

/// SIGKILL every process in a session: the worker's commands run in process groups of their
/// own but stay in the worker's session, and outlive the worker unless killed here.
pub fn kill_session(sid: i32) {
    if sid <= 0 {
        return;
    }
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return;
    };
    for entry in entries.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<i32>().ok())
        else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
            continue;
        };
        // Fields after the parenthesised command name: state ppid pgrp session ...
        let Some(rest) = stat.rfind(')').map(|i| &stat[i + 1..]) else {
            continue;
        };
        let fields: Vec<&str> = rest.split_whitespace().collect();
        if fields.get(3).and_then(|s| s.parse::<i32>().ok()) == Some(sid) {
            // SAFETY: kill has no memory-safety preconditions.
            unsafe {
                libc::kill(pid, libc::SIGKILL);
            }
        }
    }
}

/// SIGKILL a whole process group (the worker and any command it started in its group).
pub fn kill_group(pgid: i32) {
    if pgid > 0 {
        // SAFETY: killpg has no memory-safety preconditions.
        unsafe {
            libc::killpg(pgid, libc::SIGKILL);
        }
    }
}

struct HostRequest {
    call: ToolCall,
    reply: tokio::sync::oneshot::Sender<Result<Observation, WorkerError>>,
}

/// One long-lived thread that owns the worker process and serialises calls to it. Restarts the
/// worker on the next call after it died.
pub struct WorkerHost {
    tx: Option<crossbeam_channel::Sender<HostRequest>>,
    thread: Option<std::thread::JoinHandle<()>>,
    /// Current worker pid (0 when none), so a watchdog can kill it.
    pid: Arc<AtomicI32>,
}

impl WorkerHost {
    pub fn start(command: WorkerCommand, setup: WorkerSetup) -> Result<Self, WorkerError> {
        let (tx, rx) = crossbeam_channel::bounded::<HostRequest>(1);
        let pid = Arc::new(AtomicI32::new(0));
        let thread_pid = pid.clone();
        let thread = std::thread::Builder::new()
            .name("tact-worker-host".into())
            .spawn(move || host_loop(command, setup, rx, thread_pid))
            .map_err(|e| WorkerError::Start(e.to_string()))?;
        Ok(Self {
            tx: Some(tx),
            thread: Some(thread),
            pid,
        })
    }

    /// Run one call in the worker, killing it if it takes longer than `timeout_ms`.
    pub async fn call(&self, call: ToolCall, timeout_ms: u64) -> Result<Observation, WorkerError> {
        let (reply, rx) = tokio::sync::oneshot::channel();
        let Some(tx) = &self.tx else {
            return Err(WorkerError::Died("worker host stopped".into()));
        };
        tx.send(HostRequest { call, reply })
            .map_err(|_| WorkerError::Died("worker host stopped".into()))?;
        match tokio::time::timeout(std::time::Duration::from_millis(timeout_ms), rx).await {
            Ok(Ok(result)) => result,
            Ok(Err(_)) => Err(WorkerError::Died("worker host dropped the call".into())),
            Err(_) => {
                let pid = self.pid.load(Ordering::SeqCst);
                kill_group(pid);
                kill_session(pid);
                Err(WorkerError::Timeout(timeout_ms))
            }
        }
    }

    /// The current worker's pid, 0 when none is running.
    pub fn worker_pid(&self) -> i32 {
        self.pid.load(Ordering::SeqCst)
    }
}

impl Drop for WorkerHost {
    fn drop(&mut self) {
        // Closing the channel ends the host loop, which drops (kills) the worker.
        self.tx.take();
        kill_group(self.pid.load(Ordering::SeqCst));
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn host_loop(
    command: WorkerCommand,
    setup: WorkerSetup,
    rx: crossbeam_channel::Receiver<HostRequest>,
    pid: Arc<AtomicI32>,
) {
    let mut worker: Option<WorkerProcess> = None;
    for req in rx {
        if worker.is_none() {
            match WorkerProcess::spawn(&command, &setup) {
                Ok(w) => {
                    pid.store(w.pid() as i32, Ordering::SeqCst);
                    worker = Some(w);
                }
                Err(e) => {
                    let _ = req.reply.send(Err(e));
                    continue;
                }
            }
        }
        let result = match worker.as_mut() {
            Some(w) => w.call(&req.call),
            None => Err(WorkerError::Died("no worker".into())),
        };
        if matches!(result, Err(WorkerError::Died(_))) {
            // Reap the dead worker and whatever it left running in its session; the next call
            // starts a fresh one.
            worker = None;
            pid.store(0, Ordering::SeqCst);
        }
        let _ = req.reply.send(result);
    }
    if let Some(mut w) = worker {
        w.shutdown();
    }
    pid.store(0, Ordering::SeqCst);
}
