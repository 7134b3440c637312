//! A throwaway PostgreSQL cluster for one test: `initdb` in a temp dir, the server listening on
//! a Unix socket in that dir only (no TCP), run as an unprivileged user (`nobody` when the tests
//! run as root: PostgreSQL refuses root, and it should), stopped and removed on drop.
//!
//! The binaries are found in `$TACT_PG_BIN`, in Debian's `/usr/lib/postgresql/<version>/bin`
//! (newest first), or on `PATH`. A test that needs PostgreSQL fails with the reason when it
//! cannot start one: `.ci/run` installs the server.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::Command;

pub struct PgCluster {
    _dir: tempfile::TempDir,
    data: PathBuf,
    socket_dir: PathBuf,
    log: PathBuf,
    bin: PathBuf,
    /// Run the server's programs as this user (when we are root).
    run_as: Option<String>,
}

fn find_bin_dir() -> Result<PathBuf, String> {
    if let Ok(dir) = std::env::var("TACT_PG_BIN") {
        return Ok(PathBuf::from(dir));
    }
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let version = e.file_name().to_string_lossy().parse::<u32>().ok()?;
            let bin = e.path().join("bin");
            bin.join("initdb").is_file().then_some((version, bin))
        })
        .collect();
    versions.sort();
    if let Some((_, bin)) = versions.pop() {
        return Ok(bin);
    }
    for dir in std::env::var("PATH").unwrap_or_default().split(':') {
        if Path::new(dir).join("initdb").is_file() && Path::new(dir).join("pg_ctl").is_file() {
            return Ok(PathBuf::from(dir));
        }
    }
    Err(
        "no PostgreSQL server found (initdb, pg_ctl): install it (Debian: apt-get install \
         postgresql; .ci/run does) or set TACT_PG_BIN to its bin directory"
            .into(),
    )
}

fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions and cannot fail.
    unsafe { libc::geteuid() == 0 }
}

impl PgCluster {
    /// Start a cluster, or panic saying why it could not start.
    pub fn start() -> PgCluster {
        match Self::try_start() {
            Ok(cluster) => cluster,
            Err(why) => panic!("cannot start a PostgreSQL cluster for this test: {why}"),
        }
    }

    fn try_start() -> Result<PgCluster, String> {
        let bin = find_bin_dir()?;
        let dir = tempfile::Builder::new()
            .prefix("tact-pg-")
            .tempdir()
            .map_err(|e| e.to_string())?;
        let data = dir.path().join("data");
        let socket_dir = dir.path().join("sock");
        std::fs::create_dir_all(&socket_dir).map_err(|e| e.to_string())?;
        let run_as = is_root().then(|| "nobody".to_string());
        if let Some(user) = &run_as {
            let status = Command::new("chown")
                .args(["-R", &format!("{user}:")])
                .arg(dir.path())
                .status()
                .map_err(|e| format!("chown: {e}"))?;
            if !status.success() {
                return Err(format!("chown {} to {user} failed", dir.path().display()));
            }
        }
        let cluster = PgCluster {
            log: dir.path().join("server.log"),
            _dir: dir,
            data,
            socket_dir,
            bin,
            run_as,
        };
        cluster.run(
            "initdb",
            &[
                "-D",
                &cluster.data.to_string_lossy(),
                "-U",
                "tact",
                "--auth=trust",
                "-E",
                "UTF8",
                "--no-sync",
            ],
        )?;
        cluster.start_server()?;
        Ok(cluster)
    }

    fn command(&self, program: &str) -> Command {
        let path = self.bin.join(program);
        match &self.run_as {
            Some(user) => {
                let mut c = Command::new("runuser");
                c.args(["-u", user, "--"]).arg(path);
                c
            }
            None => Command::new(path),
        }
    }

    fn run(&self, program: &str, args: &[&str]) -> Result<(), String> {
        let out = self
            .command(program)
            .args(args)
            .current_dir(self._dir.path())
            .output()
            .map_err(|e| format!("{program}: {e}"))?;
        if !out.status.success() {
            return Err(format!(
                "{program} {args:?} failed: {}{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr),
                std::fs::read_to_string(&self.log).unwrap_or_default()
            ));
        }
        Ok(())
    }

    fn start_server(&self) -> Result<(), String> {
        let options = format!(
            "-k {} -c listen_addresses='' -c max_connections=200",
            self.socket_dir.display()
        );
        self.run(
            "pg_ctl",
            &[
                "-D",
                &self.data.to_string_lossy(),
                "-l",
                &self.log.to_string_lossy(),
                "-o",
                &options,
                "-w",
                "-t",
                "60",
                "start",
            ],
        )
    }

    /// The connection string (libpq key=value form, which tokio-postgres reads).
    pub fn url(&self) -> String {
        format!(
            "host={} port=5432 user=tact dbname=postgres",
            self.socket_dir.display()
        )
    }

    /// Stop the server at once (`immediate`: like a crash, recovered from the WAL on start).
    pub fn stop_immediate(&self) {
        let _ = self.run(
            "pg_ctl",
            &[
                "-D",
                &self.data.to_string_lossy(),
                "-m",
                "immediate",
                "-w",
                "stop",
            ],
        );
    }

    pub fn start_again(&self) {
        self.start_server().expect("restarting PostgreSQL");
    }

    /// Where the server listens (its Unix socket).
    pub fn socket_dir(&self) -> &Path {
        &self.socket_dir
    }
}

impl Drop for PgCluster {
    fn drop(&mut self) {
        self.stop_immediate();
    }
}

/// A git repository at `dir` holding `files`, committed; returns the commit.
/// The `tact` binary with `args`: exit code, stdout, stderr.
pub fn tact(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tact"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

pub fn git_repo(dir: &Path, files: &[(&str, &str)]) -> String {
    std::fs::create_dir_all(dir).unwrap();
    for (name, text) in files {
        std::fs::write(dir.join(name), text).unwrap();
    }
    let git = |args: &[&str]| {
        let out = Command::new("git")
            .arg("-C")
            .arg(dir)
            .args(["-c", "user.name=tact", "-c", "user.email=tact@localhost"])
            .args(args)
            .output()
            .unwrap();
        assert!(out.status.success(), "git {args:?}: {out:?}");
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    };
    git(&["init", "--quiet"]);
    git(&["add", "--all"]);
    git(&["commit", "--quiet", "-m", "buggy"]);
    git(&["rev-parse", "HEAD"])
}

/// A small Python project with one bug the repair job fixes without a model's help
/// (`limit - 1` must be `limit`); `test_delay_s` slows its test so a job lasts long enough to
/// be killed part-way.
/// A git repository at `dir` holding [`buggy_project`]; returns the commit.
pub fn buggy_repo(dir: &Path, test_delay_s: f64) -> String {
    let files = buggy_project(test_delay_s);
    let files: Vec<(&str, &str)> = files.iter().map(|(n, t)| (*n, t.as_str())).collect();
    git_repo(dir, &files)
}

pub fn buggy_project(test_delay_s: f64) -> Vec<(&'static str, String)> {
    vec![
        (
            "count.py",
            "def count_below(xs, limit):\n    return len([x for x in xs if x < limit - 1])\n"
                .to_string(),
        ),
        (
            "test_count.py",
            format!(
                "import time\nfrom count import count_below\n\n\ndef test_count():\n    time.sleep({test_delay_s})\n    assert count_below([1, 2, 3], 3) == 2\n    assert count_below([5], 6) == 1\n"
            ),
        ),
        ("pytest.ini", "[pytest]\n".to_string()),
    ]
}

/// The line the fix leaves in count.py.
pub const FIXED_LINE: &str = "    return len([x for x in xs if x < limit])";

/// A scripted model for runners: confident a tool is needed, writes nothing of its own, and
/// never runs out (one runner process shares it between all its jobs).
pub fn silent_model(dir: &Path) -> PathBuf {
    let steps: Vec<serde_json::Value> = (0..20_000)
        .map(|_| serde_json::json!({"p_tool": 0.9, "name": "stop", "args": {}}))
        .collect();
    let path = dir.join("script.json");
    std::fs::write(&path, serde_json::to_string(&steps).unwrap()).unwrap();
    path
}

/// A database ledger's records, checked: gap-free from 0, each one valid record.
pub fn decode_ledger(
    rows: &[(i64, i64, Vec<u8>)],
) -> Vec<(i64, tact_runtime::ledger::LedgerRecord)> {
    let mut out = Vec::new();
    for (i, (seq, epoch, bytes)) in rows.iter().enumerate() {
        assert_eq!(*seq, i as i64, "ledger gap before seq {seq}");
        let (records, valid, reason) = tact_runtime::ledger::parse_records(bytes);
        assert_eq!(valid, bytes.len(), "record {seq}: {reason:?}");
        assert_eq!(
            records.len(),
            1,
            "record {seq} holds {} records",
            records.len()
        );
        assert_eq!(records[0].seq, *seq as u64);
        out.push((*epoch, records.into_iter().next().unwrap()));
    }
    out
}
