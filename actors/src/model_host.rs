//! The model host as a supervised child process: the decoder runs in `tact model-host`, started
//! like the worker (cleared environment, own session, parent-death signal, killed with its
//! group on drop) and restarted when it dies, within a restart intensity. Jobs reach it through
//! [`tact_models::host::HostedModel`] at the host's socket; several jobs (the watcher's) may
//! share one host.
//!
//! One long-lived thread owns the child and waits on it, so a death is seen at once and the
//! host is back at the same socket by the time a client retries its lost request.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU32, Ordering};
use std::time::{Duration, Instant};

use tact_models::host::HostedModel;

use crate::error::WorkerError;
use crate::worker_process::{hardened_command, kill_group};

/// How to start a model host.
#[derive(Debug, Clone)]
pub struct ModelHostCommand {
    /// The `tact` binary.
    pub program: PathBuf,
    /// `model-host` and its model arguments; `--socket` is added.
    pub args: Vec<String>,
    /// Where the host listens.
    pub socket: PathBuf,
    /// The host's stderr (its log).
    pub stderr_log: Option<PathBuf>,
    /// Fault injection for tests: the first host (not its restarts) exits on this request.
    pub first_exits_on_request: Option<u32>,
}

/// Restart intensity: more than `max_restarts` deaths within `within` and the host stays down
/// (its clients' requests then fail with the reason).
#[derive(Debug, Clone, Copy)]
pub struct RestartLimit {
    pub max_restarts: u32,
    pub within: Duration,
}

impl Default for RestartLimit {
    fn default() -> Self {
        RestartLimit {
            max_restarts: 3,
            within: Duration::from_secs(60),
        }
    }
}

/// A supervised model host. Dropping it stops the host (its process group is killed).
pub struct ModelHost {
    socket: PathBuf,
    pid: Arc<AtomicI32>,
    restarts: Arc<AtomicU32>,
    stopping: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
    /// The private folder of the socket, when the host is one job's own.
    _socket_dir: Option<tempfile::TempDir>,
}

/// How long a host may take to load its model and accept (a 0.5B model loads in seconds; a
/// cold page cache and a loaded machine take longer).
const START_WITHIN: Duration = Duration::from_secs(180);

impl ModelHost {
    /// Start the host and wait until it answers at its socket.
    pub fn start(command: ModelHostCommand, limit: RestartLimit) -> Result<ModelHost, WorkerError> {
        let pid = Arc::new(AtomicI32::new(0));
        let restarts = Arc::new(AtomicU32::new(0));
        let stopping = Arc::new(AtomicBool::new(false));
        let (started_tx, started_rx) = crossbeam_channel::bounded::<Result<(), WorkerError>>(1);
        let socket = command.socket.clone();
        let log = command.stderr_log.clone();
        let thread = {
            let (pid, restarts, stopping) = (pid.clone(), restarts.clone(), stopping.clone());
            std::thread::Builder::new()
                .name("tact-model-host".into())
                .spawn(move || supervise(command, limit, pid, restarts, stopping, started_tx))
                .map_err(|e| WorkerError::Start(e.to_string()))?
        };
        let mut host = ModelHost {
            socket,
            pid,
            restarts,
            stopping,
            thread: Some(thread),
            _socket_dir: None,
        };
        match started_rx.recv() {
            Ok(Ok(())) => {}
            Ok(Err(e)) => return Err(e),
            Err(_) => {
                return Err(WorkerError::Start(
                    "the model host supervisor stopped".into(),
                ));
            }
        }
        // The process runs; wait until it has loaded the model and accepts.
        let deadline = Instant::now() + START_WITHIN;
        loop {
            match std::os::unix::net::UnixStream::connect(&host.socket) {
                Ok(_) => break,
                Err(e) => {
                    if host.pid() == 0 || Instant::now() >= deadline {
                        host.stop();
                        return Err(WorkerError::Start(format!(
                            "the model host did not start listening at {}: {e}{}",
                            host.socket.display(),
                            log.as_deref().map(log_tail).unwrap_or_default()
                        )));
                    }
                    std::thread::sleep(Duration::from_millis(50));
                }
            }
        }
        Ok(host)
    }

    /// Start a host listening in a private folder of its own (removed when it stops); the
    /// command's `socket` is ignored.
    pub fn start_private(
        mut command: ModelHostCommand,
        limit: RestartLimit,
    ) -> Result<ModelHost, WorkerError> {
        // A Unix socket path is limited to about 100 bytes: the system's temp folder, not the
        // workspace.
        let dir = tempfile::Builder::new()
            .prefix("tact-model-")
            .tempdir()
            .map_err(|e| WorkerError::Start(format!("socket folder: {e}")))?;
        command.socket = dir.path().join("host.sock");
        let mut host = ModelHost::start(command, limit)?;
        host._socket_dir = Some(dir);
        Ok(host)
    }

    /// Where the host listens.
    pub fn socket(&self) -> &Path {
        &self.socket
    }

    /// The running host's pid (0 while none runs).
    pub fn pid(&self) -> i32 {
        self.pid.load(Ordering::SeqCst)
    }

    /// Restarts so far.
    pub fn restarts(&self) -> u32 {
        self.restarts.load(Ordering::SeqCst)
    }

    /// A client of this host for one job.
    pub fn client(&self, client: &str) -> Result<HostedModel, tact_models::ModelError> {
        HostedModel::connect(&self.socket, client, START_WITHIN)
    }

    fn stop(&mut self) {
        self.stopping.store(true, Ordering::SeqCst);
        kill_group(self.pid());
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
        let _ = std::fs::remove_file(&self.socket);
    }
}

impl Drop for ModelHost {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The last lines of a host's log, for an error message.
fn log_tail(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let lines: Vec<&str> = text.lines().rev().take(3).collect();
    if lines.is_empty() {
        return String::new();
    }
    let tail: Vec<&str> = lines.into_iter().rev().collect();
    format!(" (its log, {}: {})", path.display(), tail.join(" | "))
}

fn supervise(
    command: ModelHostCommand,
    limit: RestartLimit,
    pid: Arc<AtomicI32>,
    restarts: Arc<AtomicU32>,
    stopping: Arc<AtomicBool>,
    started: crossbeam_channel::Sender<Result<(), WorkerError>>,
) {
    let mut deaths: Vec<Instant> = Vec::new();
    let mut first = true;
    loop {
        // A stale socket file from the dead host would refuse clients: the new host binds
        // afresh.
        let _ = std::fs::remove_file(&command.socket);
        let mut args = command.args.clone();
        args.push("--socket".into());
        args.push(command.socket.display().to_string());
        if first && let Some(n) = command.first_exits_on_request {
            args.push("--exit-on-request".into());
            args.push(n.to_string());
        }
        let spawned = hardened_command(
            &command.program,
            &args,
            command.stderr_log.as_deref(),
            &["TACT_HOME"],
        )
        .and_then(|mut cmd| {
            cmd.spawn()
                .map_err(|e| WorkerError::Start(format!("{}: {e}", command.program.display())))
        });
        let mut child = match spawned {
            Ok(child) => child,
            Err(e) => {
                if first {
                    let _ = started.send(Err(e));
                } else {
                    tracing::error!("the model host could not be restarted: {e}");
                }
                return;
            }
        };
        pid.store(child.id() as i32, Ordering::SeqCst);
        if first {
            let _ = started.send(Ok(()));
            first = false;
        }
        let status = child.wait();
        pid.store(0, Ordering::SeqCst);
        if stopping.load(Ordering::SeqCst) {
            return;
        }
        // A host that died before it listened could not load its model: a restart would fail
        // the same way.
        if !command.socket.exists() {
            tracing::error!("the model host exited before it listened ({status:?})");
            return;
        }
        let now = Instant::now();
        deaths.retain(|t| now.duration_since(*t) < limit.within);
        deaths.push(now);
        if deaths.len() as u32 > limit.max_restarts {
            tracing::error!(
                "the model host died {} times within {:?} ({status:?}); it stays down",
                deaths.len(),
                limit.within
            );
            return;
        }
        restarts.fetch_add(1, Ordering::SeqCst);
        tracing::warn!("the model host exited ({status:?}); restarting it");
    }
}
