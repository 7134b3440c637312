//! The CLI's own small commands (issue 17): shell completions, the catalog as OpenAI function
//! definitions, the built-in policy and checking a policy file, run as the real binary.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::process::{Command, Output};

use serde_json::Value;

fn tact(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tact"))
        .args(args)
        .output()
        .unwrap()
}

fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

/// Each shell's script names the subcommands; bash's and zsh's parse in their own shell
/// (`-n`: read, not run) where that shell is installed.
#[test]
fn completions_are_scripts_the_shells_read() {
    let dir = tempfile::tempdir().unwrap();
    for shell in ["bash", "zsh", "fish"] {
        let script = stdout(&tact(&["completions", shell]));
        for sub in ["bench-jobs", "resume", "completions", "policy"] {
            assert!(script.contains(sub), "{shell}: no `{sub}`");
        }
        let path = dir.path().join(format!("tact.{shell}"));
        std::fs::write(&path, &script).unwrap();
        if shell != "fish"
            && let Ok(check) = Command::new(shell).arg("-n").arg(&path).output()
        {
            assert!(
                check.status.success(),
                "{shell} -n: {}",
                String::from_utf8_lossy(&check.stderr)
            );
        }
    }
    let bad = tact(&["completions", "cmd.exe"]);
    assert_eq!(bad.status.code(), Some(2));
}

/// Every catalog tool, once, as `{"type": "function", "function": {name, description,
/// parameters}}` with the catalog's own argument schema.
#[test]
fn the_catalog_exports_as_openai_functions() {
    let exported: Vec<Value> =
        serde_json::from_str(&stdout(&tact(&["tools", "export", "--format", "openai"]))).unwrap();
    let listed: Vec<Value> =
        serde_json::from_str(&stdout(&tact(&["tools", "list", "--json"]))).unwrap();
    assert_eq!(exported.len(), listed.len());
    let mut names = std::collections::BTreeSet::new();
    for entry in &exported {
        assert_eq!(entry["type"], "function");
        let function = &entry["function"];
        let name = function["name"].as_str().unwrap();
        assert!(names.insert(name.to_string()), "{name} twice");
        let shown: Value = serde_json::from_str(&stdout(&tact(&["tools", "show", name]))).unwrap();
        assert_eq!(function["parameters"], shown["parameters"], "{name}");
        assert_eq!(function["description"], shown["description"], "{name}");
        assert_eq!(function["parameters"]["type"], "object", "{name}");
    }
}

/// `policy show-default` prints the built-in policy itself: read back as a policy file it is
/// complete and has the built-in edition. A misspelt key is refused with its name and line.
#[test]
fn the_default_policy_prints_and_policy_files_are_checked() {
    let text = stdout(&tact(&["policy", "show-default"]));
    assert_eq!(text, tact_policies::policy::DEFAULT_POLICY);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("p.toml");
    std::fs::write(&file, &text).unwrap();
    let checked: Value = serde_json::from_str(&stdout(&tact(&[
        "policy",
        "check",
        file.to_str().unwrap(),
        "--json",
    ])))
    .unwrap();
    let default = tact_policies::Policy::default_policy().unwrap();
    assert_eq!(checked["ok"], true);
    assert_eq!(
        checked["policy"]["edition"],
        default.policy_ref().edition.as_str()
    );

    std::fs::write(&file, "name = \"mine\"\n\n[repair]\nprobe_slot = 2\n").unwrap();
    let out = tact(&["policy", "check", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("probe_slot") && err.contains("line 4"),
        "{err}"
    );
}
