//! `tact tools` against the real binary.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::process::Command;

use serde_json::Value;

fn tact(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tact"))
        .args(args)
        .output()
        .expect("run tact");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn workspace() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("src")).unwrap();
    std::fs::write(dir.path().join("src/lib.rs"), "pub fn one() -> i32 { 1 }\n").unwrap();
    dir
}

#[test]
fn tools_list_json_names_every_tool_with_a_digest() {
    let (code, stdout, _) = tact(&["tools", "list", "--json"]);
    assert_eq!(code, 0);
    let rows: Vec<Value> = serde_json::from_str(&stdout).unwrap();
    let names: Vec<&str> = rows.iter().map(|r| r["name"].as_str().unwrap()).collect();
    for expected in [
        "list_dir",
        "read_file",
        "search",
        "find_files",
        "write_file",
        "apply_edit",
        "apply_patch",
        "run_tests",
        "run_command",
        "git_status",
        "git_diff",
        "calc",
        "ask_user",
        "stop",
    ] {
        assert!(
            names.contains(&expected),
            "{expected} missing from {names:?}"
        );
    }
    assert!(
        rows.iter()
            .all(|r| r["description_ref"]["digest"].as_str().unwrap().len() == 64)
    );
    let (code, text, _) = tact(&["tools", "list"]);
    assert_eq!(code, 0);
    assert!(
        text.lines()
            .any(|l| l.starts_with("apply_patch") && l.contains("write"))
    );
}

#[test]
fn tools_show_prints_the_declaration() {
    let (code, stdout, _) = tact(&["tools", "show", "apply_edit"]);
    assert_eq!(code, 0);
    let spec: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(spec["effect"], "write");
    assert_eq!(spec["parameters"]["required"][1], "old_text");
    assert!(
        spec["acceptance"]
            .as_array()
            .unwrap()
            .contains(&Value::from("round_trip"))
    );
    let (code, _, stderr) = tact(&["tools", "show", "nope"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("no tool named"));
}

#[test]
fn tools_check_admits_a_good_call_and_refuses_bad_ones() {
    let ws = workspace();
    let dir = ws.path().to_str().unwrap();
    let (code, stdout, _) = tact(&[
        "tools",
        "check",
        "read_file",
        "--args",
        r#"{"path":"src/lib.rs"}"#,
        "--workspace",
        dir,
        "--json",
    ]);
    assert_eq!(code, 0, "{stdout}");
    let v: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(v["admitted"], true);
    assert_eq!(v["paths"][0]["key"], "src/lib.rs");

    let (code, stdout, _) = tact(&[
        "tools",
        "check",
        "read_file",
        "--args",
        r#"{"path":"../../etc/passwd"}"#,
        "--workspace",
        dir,
        "--json",
    ]);
    assert_eq!(code, 3);
    let v: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(v["admitted"], false);
    assert_eq!(v["kind"], "path_escapes");
    assert!(
        v["reason"]
            .as_str()
            .unwrap()
            .contains("outside the workspace")
    );

    let (code, stdout, _) = tact(&[
        "tools",
        "check",
        "write_file",
        "--args",
        r#"{"path":"src/lib.rs","content":"x"}"#,
        "--workspace",
        dir,
    ]);
    assert_eq!(code, 3);
    assert!(stdout.contains("blind_overwrite"), "{stdout}");
    assert!(stdout.contains("Read it with read_file"), "{stdout}");

    // After a (simulated) read of the current content, the write is admitted.
    let (code, stdout, _) = tact(&[
        "tools",
        "check",
        "write_file",
        "--args",
        r#"{"path":"src/lib.rs","content":"x"}"#,
        "--workspace",
        dir,
        "--read",
        "src/lib.rs",
    ]);
    assert_eq!(code, 0, "{stdout}");
    assert!(stdout.starts_with("admitted: write_file@1"));

    let (code, stdout, _) = tact(&[
        "tools",
        "check",
        "run_command",
        "--args",
        r#"{"command":"curl http://x"}"#,
        "--workspace",
        dir,
        "--json",
    ]);
    assert_eq!(code, 3);
    let v: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(v["kind"], "command_denied");

    let (code, stdout, _) = tact(&[
        "tools",
        "check",
        "read_file",
        "--args",
        r#"{"path":"src/lib.rs"}"#,
        "--workspace",
        dir,
        "--offered",
        "list_dir,search",
        "--json",
    ]);
    assert_eq!(code, 3);
    let v: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(v["kind"], "not_offered");
    assert_eq!(
        v["refusal"]["offered"],
        serde_json::json!(["list_dir", "search"])
    );

    let (code, stdout, _) = tact(&[
        "tools",
        "check",
        "read_file",
        "--args",
        r#"{"path": 3}"#,
        "--workspace",
        dir,
        "--json",
    ]);
    assert_eq!(code, 3);
    let v: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(v["kind"], "schema_violation");
}

#[test]
fn tools_check_rejects_malformed_json_args_as_an_error() {
    let ws = workspace();
    let (code, _, stderr) = tact(&[
        "tools",
        "check",
        "read_file",
        "--args",
        "{not json",
        "--workspace",
        ws.path().to_str().unwrap(),
    ]);
    assert_eq!(code, 1);
    assert!(stderr.contains("--args must be a JSON value"), "{stderr}");
}
