//! Sandboxed command spawning for the tools that run programs (tests, allowed commands, git,
//! linters).
//!
//! The child gets `PR_SET_NO_NEW_PRIVS`, a landlock ruleset (read everywhere, write only in the
//! workspace, the job temp dir and a few devices) and a seccomp filter that makes `socket()`
//! fail with `EACCES` for every domain but `AF_UNIX`. Both are built in the parent before the
//! fork, so the `pre_exec` hook only issues three syscalls (async-signal-safe). The child runs
//! in its own process group with a cleared environment; on timeout the whole group is killed.
//!
//! Landlock may be missing from a kernel: the level actually applied is reported in
//! [`SandboxReport`], never assumed.

use std::collections::BTreeMap;
use std::io::Read;
use std::os::fd::{AsRawFd, OwnedFd};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use landlock::{
    ABI, Access, AccessFs, CompatLevel, Compatible, Ruleset, RulesetAttr, RulesetCreatedAttr,
    path_beneath_rules,
};
use seccompiler::{
    BpfProgram, SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter,
    SeccompRule, TargetArch,
};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Devices a build or test run legitimately writes to.
const WRITABLE_DEVICES: &[&str] = &[
    "/dev/null",
    "/dev/zero",
    "/dev/full",
    "/dev/tty",
    "/dev/random",
    "/dev/urandom",
    "/dev/ptmx",
    "/dev/pts",
];

/// Environment variables passed through unchanged when the parent has them: what cargo, rustup
/// and pyenv need to find their toolchains.
const PASSTHROUGH_ENV: &[&str] = &[
    "PATH",
    "LANG",
    "RUSTUP_TOOLCHAIN",
    "RUSTUP_AUTO_INSTALL",
    "PYENV_ROOT",
    "PYENV_VERSION",
    "VIRTUAL_ENV",
];

/// The lowest landlock ABI that restricts every way of modifying a file outside the allowed
/// trees (ABI 3 added truncation; below it `truncate(2)` outside the workspace is not covered).
const FULL_LANDLOCK_ABI: i64 = 3;

#[derive(Debug, Error)]
pub enum SandboxError {
    #[error("empty command line")]
    EmptyCommand,
    #[error("landlock ruleset: {0}")]
    Landlock(String),
    #[error("seccomp filter: {0}")]
    Seccomp(String),
    #[error("could not start `{program}`: {reason}")]
    Spawn { program: String, reason: String },
    #[error("waiting for the command: {0}")]
    Wait(String),
}

/// How much of the landlock ruleset the kernel enforces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LandlockLevel {
    Full,
    Partial,
    Unsupported,
}

/// What confinement a command actually ran under.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SandboxReport {
    pub landlock: LandlockLevel,
    pub landlock_abi: Option<i64>,
    pub seccomp: bool,
    pub no_new_privs: bool,
}

/// Where a sandboxed command may write and how long it may run.
#[derive(Debug, Clone)]
pub struct SandboxConfig {
    /// Canonical workspace: the working directory's tree, writable.
    pub workspace: PathBuf,
    /// The job's private temp dir: HOME, TMPDIR and build outputs go here.
    pub temp_dir: PathBuf,
    /// Further writable trees (e.g. a shared cargo target dir).
    pub extra_writable: Vec<PathBuf>,
    /// Extra environment on top of the minimal one.
    pub env: Vec<(String, String)>,
    pub timeout: Duration,
    /// Bytes of stdout and of stderr kept (the tail).
    pub output_cap: usize,
    /// Stop the command as soon as its stdout or stderr shows this text: a runner's own
    /// warning that a test hangs (libtest's "has been running for over 60 seconds") says all
    /// that waiting out `timeout` would.
    pub stop_marker: Option<String>,
}

impl SandboxConfig {
    pub fn new(workspace: &Path, temp_dir: &Path) -> Self {
        Self {
            workspace: workspace.to_path_buf(),
            temp_dir: temp_dir.to_path_buf(),
            extra_writable: Vec::new(),
            env: Vec::new(),
            timeout: Duration::from_secs(120),
            output_cap: 64 * 1024,
            stop_marker: None,
        }
    }
}

/// The result of one sandboxed command.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CommandOutcome {
    pub argv: Vec<String>,
    /// `None` when killed by a signal (including the timeout kill).
    pub exit_code: Option<i32>,
    pub signal: Option<i32>,
    pub timed_out: bool,
    /// Stopped because the output showed [`SandboxConfig::stop_marker`].
    #[serde(default)]
    pub stopped_on_marker: bool,
    /// Tails of the output (lossy UTF-8), at most `output_cap` bytes each.
    pub stdout: String,
    pub stderr: String,
    pub stdout_bytes: u64,
    pub stderr_bytes: u64,
    pub duration_ms: u64,
    pub sandbox: SandboxReport,
}

/// The kernel's landlock ABI version, or `None` when landlock is absent or disabled.
pub fn landlock_abi() -> Option<i64> {
    // SAFETY: LANDLOCK_CREATE_RULESET_VERSION with a null attr and size 0 only queries the ABI.
    let version = unsafe {
        libc::syscall(
            libc::SYS_landlock_create_ruleset,
            std::ptr::null::<libc::c_void>(),
            0usize,
            1u32,
        )
    };
    (version > 0).then_some(version)
}

fn landlock_level(abi: Option<i64>) -> LandlockLevel {
    match abi {
        Some(v) if v >= FULL_LANDLOCK_ABI => LandlockLevel::Full,
        Some(_) => LandlockLevel::Partial,
        None => LandlockLevel::Unsupported,
    }
}

/// Build the landlock ruleset (read everywhere, write in `writable` and a few devices) and
/// return its file descriptor, ready for `landlock_restrict_self` in the child.
fn build_landlock(writable: &[PathBuf]) -> Result<Option<OwnedFd>, SandboxError> {
    if landlock_abi().is_none() {
        return Ok(None);
    }
    // V5 is the newest set of file-system rights we ask for; best-effort drops what an older
    // kernel lacks, and `landlock_level` reports how much that left.
    let abi = ABI::V5;
    let err = |e: landlock::RulesetError| SandboxError::Landlock(e.to_string());
    let created = Ruleset::default()
        .set_compatibility(CompatLevel::BestEffort)
        .handle_access(AccessFs::from_all(abi))
        .map_err(err)?
        .create()
        .map_err(err)?
        .add_rules(path_beneath_rules(["/"], AccessFs::from_read(abi)))
        .map_err(err)?
        .add_rules(path_beneath_rules(writable, AccessFs::from_all(abi)))
        .map_err(err)?
        .add_rules(path_beneath_rules(
            WRITABLE_DEVICES,
            AccessFs::from_all(abi),
        ))
        .map_err(err)?;
    Ok(created.into())
}

/// Seccomp program: `socket(domain != AF_UNIX)` and `io_uring_setup` (which could open sockets
/// without the `socket` syscall) fail with `EACCES`; everything else is allowed.
fn build_seccomp() -> Result<BpfProgram, SandboxError> {
    let err = |e: seccompiler::BackendError| SandboxError::Seccomp(e.to_string());
    let arch: TargetArch = std::env::consts::ARCH
        .try_into()
        .map_err(|e: seccompiler::BackendError| SandboxError::Seccomp(e.to_string()))?;
    let not_unix = SeccompCondition::new(
        0,
        SeccompCmpArgLen::Dword,
        SeccompCmpOp::Ne,
        libc::AF_UNIX as u64,
    )
    .map_err(err)?;
    let mut rules: BTreeMap<i64, Vec<SeccompRule>> = BTreeMap::new();
    rules.insert(
        libc::SYS_socket,
        vec![SeccompRule::new(vec![not_unix]).map_err(err)?],
    );
    rules.insert(libc::SYS_io_uring_setup, vec![]);
    // x32 syscall numbers (bit 30 set) reach the same kernel entry points on x86_64 kernels
    // built with x32 support: close that door too.
    #[cfg(target_arch = "x86_64")]
    {
        const X32_SYSCALL_BIT: i64 = 0x4000_0000;
        rules.insert(X32_SYSCALL_BIT | libc::SYS_socket, vec![]);
        rules.insert(X32_SYSCALL_BIT | libc::SYS_io_uring_setup, vec![]);
    }
    let filter = SeccompFilter::new(
        rules,
        SeccompAction::Allow,
        SeccompAction::Errno(libc::EACCES as u32),
        arch,
    )
    .map_err(err)?;
    filter
        .try_into()
        .map_err(|e: seccompiler::BackendError| SandboxError::Seccomp(e.to_string()))
}

/// The child's environment: cleared, then a minimal PATH/HOME/LANG plus what the toolchains need.
fn child_env(config: &SandboxConfig) -> Vec<(String, String)> {
    let mut env: BTreeMap<String, String> = BTreeMap::new();
    for name in PASSTHROUGH_ENV {
        if let Ok(value) = std::env::var(name) {
            env.insert((*name).to_string(), value);
        }
    }
    env.entry("PATH".into())
        .or_insert_with(|| "/usr/local/bin:/usr/bin:/bin".into());
    env.entry("LANG".into()).or_insert_with(|| "C.UTF-8".into());
    // The real home, for locating toolchains installed under it before HOME is replaced.
    let real_home = std::env::var("HOME").unwrap_or_else(|_| "/root".into());
    let cargo_home = std::env::var("CARGO_HOME").unwrap_or_else(|_| format!("{real_home}/.cargo"));
    let rustup_home =
        std::env::var("RUSTUP_HOME").unwrap_or_else(|_| format!("{real_home}/.rustup"));
    env.insert("CARGO_HOME".into(), cargo_home);
    env.insert("RUSTUP_HOME".into(), rustup_home);
    let temp = config.temp_dir.to_string_lossy().into_owned();
    env.insert("HOME".into(), temp.clone());
    env.insert("TMPDIR".into(), temp.clone());
    env.insert(
        "CARGO_TARGET_DIR".into(),
        config
            .temp_dir
            .join("target")
            .to_string_lossy()
            .into_owned(),
    );
    env.insert("CARGO_TERM_COLOR".into(), "never".into());
    env.insert("NO_COLOR".into(), "1".into());
    env.insert("PYTHONDONTWRITEBYTECODE".into(), "1".into());
    for (k, v) in &config.env {
        env.insert(k.clone(), v.clone());
    }
    env.into_iter().collect()
}

/// Keeps the last `cap` bytes of a stream and counts all of them.
/// Reads `source` to its end, keeping the last `cap` bytes; with a `watch`, raises its flag
/// once the marker appears (also across two reads).
fn read_tail(
    mut source: impl Read,
    cap: usize,
    watch: Option<(String, Arc<AtomicBool>)>,
) -> (Vec<u8>, u64) {
    let mut kept: Vec<u8> = Vec::new();
    let mut total: u64 = 0;
    let mut buf = [0u8; 8192];
    loop {
        match source.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => {
                total += n as u64;
                kept.extend_from_slice(&buf[..n]);
                if let Some((marker, seen)) = &watch {
                    let from = kept.len().saturating_sub(n + marker.len());
                    if kept[from..]
                        .windows(marker.len())
                        .any(|w| w == marker.as_bytes())
                    {
                        seen.store(true, Ordering::Relaxed);
                    }
                }
                if kept.len() > cap.saturating_mul(2) {
                    let excess = kept.len() - cap;
                    kept.drain(..excess);
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        }
    }
    if kept.len() > cap {
        let excess = kept.len() - cap;
        kept.drain(..excess);
    }
    (kept, total)
}

fn kill_group(pgid: u32) {
    if let Ok(pgid) = i32::try_from(pgid) {
        // SAFETY: kill(2) on a negative pid signals that process group; ESRCH is harmless.
        unsafe {
            libc::kill(-pgid, libc::SIGKILL);
        }
    }
}

/// How long a command may go on writing after its stop marker appeared.
const MARKER_GRACE: Duration = Duration::from_millis(300);

/// Run `argv` in `cwd` inside the sandbox, to completion or timeout.
pub fn run_sandboxed(
    argv: &[String],
    cwd: &Path,
    config: &SandboxConfig,
) -> Result<CommandOutcome, SandboxError> {
    let (program, args) = argv.split_first().ok_or(SandboxError::EmptyCommand)?;
    let started = Instant::now();
    let _ = std::fs::create_dir_all(&config.temp_dir);

    let mut writable = vec![config.workspace.clone(), config.temp_dir.clone()];
    writable.extend(config.extra_writable.iter().cloned());
    let abi = landlock_abi();
    let ruleset_fd = build_landlock(&writable)?;
    let landlock = if ruleset_fd.is_some() {
        landlock_level(abi)
    } else {
        LandlockLevel::Unsupported
    };
    let bpf = Arc::new(build_seccomp()?);
    let ruleset_raw = ruleset_fd.as_ref().map(|fd| fd.as_raw_fd());

    let mut command = Command::new(program);
    command
        .args(args)
        .current_dir(cwd)
        .env_clear()
        .envs(child_env(config))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    let child_bpf = Arc::clone(&bpf);
    // SAFETY: the hook runs between fork and exec; it only issues prctl, landlock_restrict_self
    // and seccomp syscalls on data prepared before the fork, and allocates nothing.
    unsafe {
        command.pre_exec(move || {
            if libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            // If the worker dies (even by SIGKILL), the command dies with it.
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            if let Some(fd) = ruleset_raw
                && libc::syscall(libc::SYS_landlock_restrict_self, fd, 0u32) != 0
            {
                return Err(std::io::Error::last_os_error());
            }
            seccompiler::apply_filter(&child_bpf)
                .map_err(|_| std::io::Error::from_raw_os_error(libc::EPERM))?;
            Ok(())
        });
    }
    let mut child = command.spawn().map_err(|e| SandboxError::Spawn {
        program: program.clone(),
        reason: e.to_string(),
    })?;
    drop(ruleset_fd);
    let pgid = child.id();
    let cap = config.output_cap;
    let marker_seen = Arc::new(AtomicBool::new(false));
    let watch = || {
        config
            .stop_marker
            .clone()
            .filter(|m| !m.is_empty())
            .map(|m| (m, Arc::clone(&marker_seen)))
    };
    let (stdout_watch, stderr_watch) = (watch(), watch());
    let stdout_reader = child
        .stdout
        .take()
        .map(|out| std::thread::spawn(move || read_tail(out, cap, stdout_watch)));
    let stderr_reader = child
        .stderr
        .take()
        .map(|err| std::thread::spawn(move || read_tail(err, cap, stderr_watch)));

    let deadline = started + config.timeout;
    let mut timed_out = false;
    let mut stopped_on_marker = false;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) => {
                let stop = marker_seen.load(Ordering::Relaxed);
                if stop {
                    // The marker starts a report (faulthandler's stack dump): let it finish.
                    std::thread::sleep(MARKER_GRACE);
                }
                if stop || Instant::now() >= deadline {
                    stopped_on_marker = stop;
                    timed_out = !stop;
                    kill_group(pgid);
                    match child.wait() {
                        Ok(status) => break status,
                        Err(e) => return Err(SandboxError::Wait(e.to_string())),
                    }
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            Err(e) => {
                kill_group(pgid);
                return Err(SandboxError::Wait(e.to_string()));
            }
        }
    };
    // Background children left behind would hold the pipes open: end the whole group.
    kill_group(pgid);
    let join = |reader: Option<std::thread::JoinHandle<(Vec<u8>, u64)>>| {
        reader
            .and_then(|h| h.join().ok())
            .map(|(bytes, total)| (String::from_utf8_lossy(&bytes).into_owned(), total))
            .unwrap_or_default()
    };
    let (stdout, stdout_bytes) = join(stdout_reader);
    let (stderr, stderr_bytes) = join(stderr_reader);
    Ok(CommandOutcome {
        argv: argv.to_vec(),
        exit_code: status.code(),
        signal: status.signal(),
        timed_out,
        stopped_on_marker,
        stdout,
        stderr,
        stdout_bytes,
        stderr_bytes,
        duration_ms: u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX),
        sandbox: SandboxReport {
            landlock,
            landlock_abi: abi,
            seccomp: true,
            no_new_privs: true,
        },
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    struct Dirs {
        _ws: tempfile::TempDir,
        _tmp: tempfile::TempDir,
        config: SandboxConfig,
    }

    fn dirs() -> Dirs {
        let ws = tempfile::tempdir().unwrap();
        let tmp = tempfile::tempdir().unwrap();
        let config = SandboxConfig::new(
            &ws.path().canonicalize().unwrap(),
            &tmp.path().canonicalize().unwrap(),
        );
        Dirs {
            _ws: ws,
            _tmp: tmp,
            config,
        }
    }

    fn sh(script: &str) -> Vec<String> {
        vec!["sh".into(), "-c".into(), script.into()]
    }

    #[test]
    fn writes_inside_the_workspace_work_and_outside_fail() {
        let d = dirs();
        let ws = d.config.workspace.clone();
        let outside = tempfile::tempdir().unwrap();
        let outside_file = outside.path().join("outside");
        let script = format!(
            "echo inside > inside.txt && echo x > {}",
            outside_file.display()
        );
        let outcome = run_sandboxed(&sh(&script), &ws, &d.config).unwrap();
        assert_eq!(
            std::fs::read_to_string(ws.join("inside.txt")).unwrap(),
            "inside\n"
        );
        if outcome.sandbox.landlock == LandlockLevel::Unsupported {
            eprintln!("landlock unsupported on this kernel: outside-write check skipped");
            return;
        }
        assert_ne!(outcome.exit_code, Some(0), "{outcome:?}");
        assert!(
            !outside_file.exists(),
            "a sandboxed command wrote outside the workspace"
        );
        assert!(
            outcome.stderr.contains("ermission denied"),
            "{}",
            outcome.stderr
        );
    }

    #[test]
    fn tmp_outside_is_not_writable_but_job_temp_dir_is() {
        let d = dirs();
        if landlock_abi().is_none() {
            return;
        }
        let marker = format!("/tmp/tact-sandbox-outside-{}", std::process::id());
        let script = format!("echo ok > \"$TMPDIR/in-temp\" && echo x > {marker}; echo done");
        let outcome = run_sandboxed(&sh(&script), &d.config.workspace, &d.config).unwrap();
        assert!(d.config.temp_dir.join("in-temp").exists());
        assert!(!Path::new(&marker).exists());
        assert!(outcome.stdout.contains("done"));
        assert_eq!(outcome.sandbox.landlock, LandlockLevel::Full);
    }

    #[test]
    fn tcp_connect_to_localhost_fails_but_unix_sockets_work() {
        let d = dirs();
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let tcp = format!(
            "import socket; socket.create_connection(('127.0.0.1', {port}), timeout=5); print('connected')"
        );
        let argv = vec!["python3".to_string(), "-c".to_string(), tcp];
        let outcome = run_sandboxed(&argv, &d.config.workspace, &d.config).unwrap();
        assert_ne!(outcome.exit_code, Some(0), "{outcome:?}");
        assert!(!outcome.stdout.contains("connected"));
        assert!(
            outcome.stderr.contains("PermissionError")
                || outcome.stderr.contains("Permission denied"),
            "{}",
            outcome.stderr
        );

        let unix = "import socket; a, b = socket.socketpair(socket.AF_UNIX); a.sendall(b'hi'); print(b.recv(2).decode())";
        let argv = vec!["python3".to_string(), "-c".to_string(), unix.to_string()];
        let outcome = run_sandboxed(&argv, &d.config.workspace, &d.config).unwrap();
        assert_eq!(outcome.exit_code, Some(0), "{outcome:?}");
        assert_eq!(outcome.stdout.trim(), "hi");
        assert!(outcome.sandbox.seccomp && outcome.sandbox.no_new_privs);
    }

    #[test]
    fn environment_is_cleared_and_home_is_the_temp_dir() {
        let d = dirs();
        // cargo sets CARGO_PKG_NAME for the test process; the sandboxed child must not see it.
        assert!(std::env::var("CARGO_PKG_NAME").is_ok());
        let outcome = run_sandboxed(
            &sh("echo \"home=$HOME pkg=${CARGO_PKG_NAME:-none}\""),
            &d.config.workspace,
            &d.config,
        )
        .unwrap();
        assert_eq!(
            outcome.stdout.trim(),
            format!("home={} pkg=none", d.config.temp_dir.display())
        );
    }

    #[test]
    fn timeout_kills_the_whole_process_group() {
        let mut d = dirs();
        d.config.timeout = Duration::from_millis(300);
        let started = Instant::now();
        let outcome = run_sandboxed(
            &sh("sleep 30 & sleep 30; echo never"),
            &d.config.workspace,
            &d.config,
        )
        .unwrap();
        assert!(outcome.timed_out);
        assert_eq!(outcome.exit_code, None);
        assert!(started.elapsed() < Duration::from_secs(10));
        assert!(!outcome.stdout.contains("never"));
    }

    /// A hung `cargo test` prints libtest's warning after 60 s and would then run to the
    /// timeout (600 s for `run_tests`); the run stops at the warning instead.
    #[test]
    fn a_stop_marker_in_the_output_ends_the_run_before_its_timeout() {
        let mut d = dirs();
        d.config.timeout = Duration::from_secs(60);
        d.config.stop_marker = Some("has been running for over".into());
        let started = Instant::now();
        let outcome = run_sandboxed(
            &sh("echo 'test tests::t has been running for over 60 seconds'; sleep 30; echo never"),
            &d.config.workspace,
            &d.config,
        )
        .unwrap();
        assert!(outcome.stopped_on_marker);
        assert!(!outcome.timed_out);
        assert!(started.elapsed() < Duration::from_secs(20));
        assert!(outcome.stdout.contains("tests::t has been running"));
        assert!(!outcome.stdout.contains("never"));
        // Without a marker the same text is only output.
        d.config.stop_marker = None;
        let plain = run_sandboxed(
            &sh("echo 'has been running for over'; echo done"),
            &d.config.workspace,
            &d.config,
        )
        .unwrap();
        assert!(!plain.stopped_on_marker);
        assert!(plain.stdout.contains("done"));
    }

    /// The same with a real pytest whose test hangs: faulthandler's dump (after 1 s here, 60 s
    /// in `run_tests`) stops the run, and the report names the test and the hung line.
    #[test]
    fn a_hung_pytest_test_is_stopped_at_faulthandlers_dump_and_located() {
        let mut d = dirs();
        std::fs::write(
            d.config.workspace.join("test_spin.py"),
            "def spin(n):\n    k = n\n    while k > 0:\n        pass\n    return n\n\ndef test_spin():\n    assert spin(2) == 2\n",
        )
        .unwrap();
        d.config.timeout = Duration::from_secs(120);
        d.config.stop_marker = Some(crate::testreport::pytest_hang_marker(1));
        let started = Instant::now();
        let argv: Vec<String> = [
            "python3",
            "-m",
            "pytest",
            "-rA",
            "-p",
            "no:cacheprovider",
            "-o",
            "faulthandler_timeout=1",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let outcome = run_sandboxed(&argv, &d.config.workspace, &d.config).unwrap();
        assert!(outcome.stopped_on_marker, "{outcome:#?}");
        assert!(started.elapsed() < Duration::from_secs(60));
        let output = format!("{}\n{}", outcome.stdout, outcome.stderr);
        let mut report = crate::testreport::parse_test_output(&output);
        crate::testreport::record_hung_tests(&mut report, &output);
        let hung = report
            .failures
            .iter()
            .find(|f| f.test == "test_spin.py::test_spin")
            .unwrap_or_else(|| panic!("{report:#?}"));
        let last = hung.frames.last().unwrap();
        assert!(last.file.ends_with("test_spin.py"));
        assert!((3..=4).contains(&last.line), "{hung:#?}");
    }

    #[test]
    fn output_keeps_the_tail() {
        let mut d = dirs();
        d.config.output_cap = 100;
        let outcome = run_sandboxed(
            &sh("i=0; while [ $i -lt 500 ]; do echo line$i; i=$((i+1)); done"),
            &d.config.workspace,
            &d.config,
        )
        .unwrap();
        assert!(outcome.stdout.len() <= 100);
        assert!(outcome.stdout.ends_with("line499\n"));
        assert!(outcome.stdout_bytes > 1000);
    }

    #[test]
    fn a_missing_program_is_an_error_not_a_panic() {
        let d = dirs();
        let err = run_sandboxed(
            &["definitely-not-a-program-xyz".to_string()],
            &d.config.workspace,
            &d.config,
        )
        .unwrap_err();
        assert!(matches!(err, SandboxError::Spawn { .. }));
        assert!(matches!(
            run_sandboxed(&[], &d.config.workspace, &d.config),
            Err(SandboxError::EmptyCommand)
        ));
    }
}
