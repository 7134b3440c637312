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

/// `tact run`'s human output (issue 17): the steps in words — the failure reproduced, each
/// candidate probed with its verdict, the confirmation — without raw JSON; `-v` adds every
/// event's details.
#[test]
fn tact_run_tells_a_person_each_step_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path().join("ws");
    std::fs::create_dir_all(&ws).unwrap();
    for (name, text) in [
        (
            "count.py",
            "def count_below(xs, limit):\n    return len([x for x in xs if x < limit - 1])\n",
        ),
        (
            "test_count.py",
            "from count import count_below\n\n\ndef test_count():\n    assert count_below([1, 2, 3], 3) == 2\n",
        ),
        ("pytest.ini", "[pytest]\n"),
    ] {
        std::fs::write(ws.join(name), text).unwrap();
    }
    let script = dir.path().join("script.json");
    std::fs::write(
        &script,
        r#"[{"p_tool": 0.9, "name": "stop", "args": {}}, {"p_tool": 0.9, "name": "stop", "args": {}}]"#,
    )
    .unwrap();
    let run = |extra: &[&str]| -> String {
        let backup = dir.path().join("count.py.orig");
        if backup.exists() {
            std::fs::copy(&backup, ws.join("count.py")).unwrap();
        } else {
            std::fs::copy(ws.join("count.py"), &backup).unwrap();
        }
        let out = Command::new(env!("CARGO_BIN_EXE_tact"))
            .args(["run", "--workspace", ws.to_str().unwrap(), "--scripted"])
            .arg(&script)
            .args(extra)
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stderr).unwrap()
    };
    let brief = run(&[]);
    assert!(brief.contains("reproduced: 1 failing test"), "{brief}");
    assert!(brief.contains("probe count.py:2 → `"), "{brief}");
    assert!(brief.contains("): PASSED"), "{brief}");
    assert!(brief.contains("confirmed: count.py:2"), "{brief}");
    // No raw records: decisions are in words, probe calls are not listed one by one.
    assert!(!brief.contains("\"node\""), "{brief}");
    assert!(!brief.contains("probe_edit"), "{brief}");
    assert!(!brief.contains("step "), "{brief}");

    let verbose = run(&["-v"]);
    assert!(verbose.contains("probe_edit"), "{verbose}");
    assert!(verbose.contains("step "), "{verbose}");
}
