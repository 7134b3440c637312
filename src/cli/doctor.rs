//! `tact doctor`: what this machine has for tact and what is missing, with the fix for each
//! missing part. Every check runs the real thing (the sandbox confines a real command, the
//! model files are hashed) rather than guessing from the environment.

use std::path::Path;
use std::process::Command;

use serde::Serialize;
use tact_runtime::sandbox::{LandlockLevel, SandboxConfig, run_sandboxed};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// One JSON object per check, then a summary object.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
enum Status {
    Ok,
    /// Works, but part of tact will not (e.g. no cargo: Rust workspaces cannot be repaired).
    Warn,
    /// tact cannot run its main job here until this is fixed.
    Fail,
}

#[derive(Debug, Clone, Serialize)]
struct Check {
    check: &'static str,
    status: Status,
    detail: String,
    /// What to do about it, when the status is not ok.
    #[serde(skip_serializing_if = "Option::is_none")]
    fix: Option<String>,
}

fn check(check: &'static str, status: Status, detail: String, fix: Option<&str>) -> Check {
    Check {
        check,
        status,
        detail,
        fix: (status != Status::Ok).then(|| fix.unwrap_or_default().to_string()),
    }
}

/// First line of a command's output (stdout, else stderr), or why it could not run.
fn version_of(program: &str, args: &[&str]) -> Result<String, String> {
    let out = Command::new(program)
        .args(args)
        .output()
        .map_err(|e| format!("{program}: {e}"))?;
    let text = if out.stdout.is_empty() {
        out.stderr
    } else {
        out.stdout
    };
    let first = String::from_utf8_lossy(&text)
        .lines()
        .next()
        .unwrap_or_default()
        .trim()
        .to_string();
    if out.status.success() {
        Ok(first)
    } else {
        Err(first)
    }
}

fn platform() -> Check {
    let linux = cfg!(target_os = "linux");
    check(
        "platform",
        if linux { Status::Ok } else { Status::Fail },
        format!("{} {}", std::env::consts::OS, std::env::consts::ARCH),
        Some("tact runs on Linux only (its sandbox is landlock + seccomp)"),
    )
}

fn cpu_and_memory() -> Check {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let simd = format!("{:?}", tact_models::kernels::simd_level());
    let memory = tact_models::memory::available_bytes();
    let low = memory.is_some_and(|b| b < 512 * 1024 * 1024);
    check(
        "cpu_memory",
        if low { Status::Warn } else { Status::Ok },
        format!(
            "{cores} cores, SIMD {simd}, {} available",
            memory.map_or("unknown memory".to_string(), |b| format!(
                "{:.1} GB",
                b as f64 / 1e9
            ))
        ),
        Some("the default model needs about 200 MB; close other programs"),
    )
}

fn models(home: &Path) -> Vec<Check> {
    match tact_models::fetch::info(home) {
        Ok(statuses) => statuses
            .into_iter()
            .map(|s| {
                let status = match (s.installed, s.optional) {
                    (true, _) => Status::Ok,
                    (false, true) => Status::Warn,
                    (false, false) => Status::Fail,
                };
                let fix = if s.optional {
                    format!("optional: tact models fetch {}", s.model)
                } else {
                    "tact models fetch".to_string()
                };
                check(
                    "model",
                    status,
                    format!(
                        "{} {} in {}: {}",
                        s.model,
                        s.version,
                        s.dir.display(),
                        if s.installed {
                            "installed, checksums match"
                        } else {
                            "not installed or damaged"
                        }
                    ),
                    Some(&fix),
                )
            })
            .collect(),
        Err(e) => vec![check(
            "model",
            Status::Fail,
            format!("cannot read the models home {}: {e}", home.display()),
            Some("tact models fetch"),
        )],
    }
}

/// A program the main job runs for some workspaces: present is ok, missing a warning.
fn program(name: &'static str, found: Result<String, String>, fix: &str) -> Check {
    match found {
        Ok(version) => check(name, Status::Ok, version, None),
        Err(e) => check(name, Status::Warn, format!("not usable ({e})"), Some(fix)),
    }
}

fn toolchains() -> Vec<Check> {
    vec![
        program(
            "python3",
            version_of("python3", &["--version"]),
            "install python3 to repair Python workspaces",
        ),
        program(
            "pytest",
            version_of("python3", &["-m", "pytest", "--version"]),
            "python3 -m pip install pytest",
        ),
        program(
            "cargo",
            version_of("cargo", &["--version"]),
            "install Rust (rustup) to repair Rust workspaces",
        ),
    ]
}

/// Confine a real command and report what it ran under.
fn sandbox() -> Check {
    let fix = "a Linux kernel with landlock (5.13+) and seccomp; in a container, allow the \
               landlock syscalls";
    let dir = match tempfile::tempdir() {
        Ok(d) => d,
        Err(e) => {
            return check(
                "sandbox",
                Status::Fail,
                format!("no temp dir: {e}"),
                Some(fix),
            );
        }
    };
    let workspace = dir.path().join("ws");
    let temp = dir.path().join("tmp");
    if let Err(e) = std::fs::create_dir_all(&workspace) {
        return check(
            "sandbox",
            Status::Fail,
            format!("{}: {e}", workspace.display()),
            Some(fix),
        );
    }
    let config = SandboxConfig::new(&workspace, &temp);
    match run_sandboxed(&["true".to_string()], &workspace, &config) {
        Ok(outcome) => {
            let report = outcome.sandbox;
            let full = report.landlock == LandlockLevel::Full
                && report.seccomp
                && report.no_new_privs
                && outcome.exit_code == Some(0);
            check(
                "sandbox",
                if full { Status::Ok } else { Status::Warn },
                format!(
                    "landlock {:?} (ABI {}), seccomp {}, no_new_privs {}",
                    report.landlock,
                    report
                        .landlock_abi
                        .map_or("none".to_string(), |a| a.to_string()),
                    report.seccomp,
                    report.no_new_privs
                ),
                Some(fix),
            )
        }
        Err(e) => check(
            "sandbox",
            Status::Fail,
            format!("a sandboxed command could not run: {e}"),
            Some(fix),
        ),
    }
}

pub fn run(args: Args) -> anyhow::Result<i32> {
    let home = tact_models::fetch::default_home();
    let mut checks = vec![platform(), cpu_and_memory()];
    checks.extend(models(&home));
    checks.extend(toolchains());
    checks.push(sandbox());
    let failed = checks.iter().filter(|c| c.status == Status::Fail).count();
    let warned = checks.iter().filter(|c| c.status == Status::Warn).count();
    if args.json {
        for c in &checks {
            println!("{}", serde_json::to_string(c)?);
        }
        println!(
            "{}",
            serde_json::json!({"summary": {"ok": checks.len() - failed - warned, "warn": warned, "fail": failed}})
        );
    } else {
        for c in &checks {
            let mark = match c.status {
                Status::Ok => "ok  ",
                Status::Warn => "warn",
                Status::Fail => "FAIL",
            };
            println!("{mark} {:<10} {}", c.check, c.detail);
            if let Some(fix) = &c.fix {
                println!("     {:<10} → {fix}", "");
            }
        }
        println!(
            "{} checks: {failed} failing, {warned} with warnings",
            checks.len()
        );
    }
    Ok(i32::from(failed > 0))
}
