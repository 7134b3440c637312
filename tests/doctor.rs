//! `tact doctor` checks the real machine: a models home without the default model is a
//! failing check with its fix and a non-zero exit; the sandbox check confines a real command.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::process::Command;

use serde_json::Value;

fn doctor(home: &std::path::Path) -> (i32, Vec<Value>) {
    let out = Command::new(env!("CARGO_BIN_EXE_tact"))
        .args(["doctor", "--json"])
        .env("TACT_HOME", home)
        .output()
        .unwrap();
    let lines: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("every line is JSON"))
        .collect();
    (out.status.code().unwrap_or(-1), lines)
}

#[test]
fn an_empty_models_home_fails_with_the_fetch_command_as_fix() {
    let home = tempfile::tempdir().unwrap();
    let (code, lines) = doctor(home.path());
    assert_eq!(code, 1, "{lines:#?}");
    let missing: Vec<&Value> = lines
        .iter()
        .filter(|l| l["check"] == "model" && l["status"] == "fail")
        .collect();
    assert!(!missing.is_empty(), "{lines:#?}");
    assert!(missing.iter().all(|l| l["fix"] == "tact models fetch"));
    // The optional tier is a warning, not a failure.
    assert!(
        lines
            .iter()
            .any(|l| l["check"] == "model" && l["status"] == "warn"),
        "{lines:#?}"
    );
    let summary = lines.last().unwrap();
    assert_eq!(
        summary["summary"]["fail"].as_u64().unwrap(),
        missing.len() as u64
    );
    // The sandbox check ran a real confined command and says what it ran under.
    let sandbox = lines.iter().find(|l| l["check"] == "sandbox").unwrap();
    assert!(
        sandbox["detail"].as_str().unwrap().contains("seccomp"),
        "{sandbox}"
    );
}
