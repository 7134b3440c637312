//! `--model NAME|PATH` on every command that loads a decoder goes through one resolver: a name
//! that is neither installed nor a file is refused with the installed names listed; and τ is
//! per model, so a policy without settings for the running model refuses the trigger.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;
use std::process::Command;

fn tact(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tact"))
        .args(args)
        .current_dir(dir)
        .env("TACT_HOME", dir.join("home"))
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A models home where only SmolLM2 is "installed" (a placeholder file: nothing is loaded
/// before the name is resolved).
fn home_with_smollm2(dir: &Path) {
    let smol = tact_models::fetch::smollm2_path(&dir.join("home"));
    std::fs::create_dir_all(smol.parent().unwrap()).unwrap();
    std::fs::write(smol, b"placeholder").unwrap();
}

/// Ten trigger items; half need a tool.
fn trigger_data(dir: &Path) -> String {
    let text: String = (0..10)
        .map(|i| {
            let item = serde_json::json!({"id": format!("t{i}"), "query": format!("q{i}"), "messages": [{"role": "user", "content": format!("q{i}")}], "tools": [{"name": "get_weather", "description": "weather", "parameters": {"type": "object", "properties": {}}}], "tools_ref": null, "should_call": i % 2 == 0, "category": "x"});
            format!("{item}\n")
        })
        .collect();
    let path = dir.join("trigger.jsonl");
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

#[test]
fn a_bad_model_name_is_refused_everywhere_with_the_installed_names() {
    let dir = tempfile::tempdir().unwrap();
    home_with_smollm2(dir.path());
    let data = trigger_data(dir.path());
    let workspace = dir.path().join("ws");
    std::fs::create_dir_all(&workspace).unwrap();
    let ws = workspace.display().to_string();
    let bad = "llama-9000";
    let policy = dir.path().join("p.toml");
    std::fs::write(&policy, tact_policies::policy::DEFAULT_POLICY).unwrap();
    let policy = policy.display().to_string();
    let commands: Vec<Vec<&str>> = vec![
        vec!["models", "generate", "--prompt", "hi", "--model", bad],
        vec!["models", "bench", "--model", bad],
        vec!["run", "--workspace", &ws, "--model", bad],
        vec!["watch", &ws, "--model", bad],
        vec!["eval", "trigger", "--data", &data, "--model", bad],
        vec!["tune", "--data", &data, "--out", "t.toml", "--model", bad],
        vec![
            "train-probe",
            "--data",
            &data,
            "--out",
            "p.bin",
            "--model",
            bad,
        ],
        vec![
            "ab", "--a", &policy, "--b", &policy, "--data", &data, "--metric", "f1", "--model", bad,
        ],
    ];
    for args in commands {
        let (code, _, stderr) = tact(dir.path(), &args);
        assert_ne!(code, 0, "{args:?} succeeded");
        assert!(
            stderr.contains("no installed model or model file called \"llama-9000\""),
            "{args:?}: {stderr}"
        );
        assert!(
            stderr.contains("installed: smollm2-135m-instruct"),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn a_known_but_missing_model_says_how_to_fetch_it() {
    let dir = tempfile::tempdir().unwrap();
    home_with_smollm2(dir.path());
    let (code, _, stderr) = tact(
        dir.path(),
        &["models", "bench", "--model", "qwen2.5-coder-0.5b"],
    );
    assert_ne!(code, 0);
    assert!(
        stderr.contains("tact models fetch qwen2.5-coder-0.5b"),
        "{stderr}"
    );
}

#[test]
fn a_policy_without_settings_for_the_model_refuses_the_trigger() {
    let dir = tempfile::tempdir().unwrap();
    let data = trigger_data(dir.path());
    let script = dir.path().join("script.jsonl");
    let steps: String = (0..10)
        .map(|i| {
            let p = if i % 2 == 0 { 0.9 } else { 0.3 };
            format!("{{\"p_tool\": {p}, \"name\": \"get_weather\", \"args\": {{}}}}\n")
        })
        .collect();
    std::fs::write(&script, steps).unwrap();
    let model = format!("scripted:{}", script.display());
    // Settings for SmolLM2 only.
    let policy = dir.path().join("smol-only.toml");
    let text = tact_policies::policy::DEFAULT_POLICY;
    let cut = text.find("[trigger.models.scripted]").unwrap();
    let end = cut + text[cut..].find("[retrieval]").unwrap();
    std::fs::write(&policy, format!("{}{}", &text[..cut], &text[end..])).unwrap();
    let policy = policy.display().to_string();

    let (code, _, stderr) = tact(
        dir.path(),
        &[
            "eval", "trigger", "--data", &data, "--model", &model, "--policy", &policy,
        ],
    );
    assert_ne!(code, 0);
    assert!(
        stderr.contains("no trigger settings for model scripted"),
        "{stderr}"
    );
    assert!(stderr.contains("smollm2-135m-instruct"), "{stderr}");

    // `tact tune` writes settings for the model it ran, keeping SmolLM2's.
    let (code, _, stderr) = tact(
        dir.path(),
        &[
            "tune",
            "--data",
            &data,
            "--model",
            &model,
            "--policy",
            &policy,
            "--out",
            "tuned.toml",
            "--json",
        ],
    );
    assert_eq!(code, 0, "{stderr}");
    let tuned = tact_policies::Policy::load(&dir.path().join("tuned.toml")).unwrap();
    let tau = tuned.trigger_for("scripted").unwrap().tau;
    assert!(tau > 0.3 && tau <= 0.9, "{tau}");
    assert_eq!(
        tuned.trigger_for("smollm2-135m-instruct").unwrap(),
        tact_policies::Policy::load(Path::new(&policy))
            .unwrap()
            .trigger_for("smollm2-135m-instruct")
            .unwrap()
    );
    // The tuned policy now runs the trigger for it.
    let (code, _, stderr) = tact(
        dir.path(),
        &[
            "eval",
            "trigger",
            "--data",
            &data,
            "--model",
            &model,
            "--policy",
            dir.path().join("tuned.toml").to_str().unwrap(),
        ],
    );
    assert_eq!(code, 0, "{stderr}");
}

/// The memory guard refuses before loading, with a fake small limit standing in for
/// MemAvailable.
#[test]
fn a_model_that_does_not_fit_is_refused_before_loading() {
    let smol = tact_models::fetch::smollm2_path(&tact_models::fetch::default_home());
    if !smol.is_file() {
        eprintln!(
            "SKIPPED a_model_that_does_not_fit_is_refused_before_loading: {} not installed (run `tact models fetch`)",
            smol.display()
        );
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let run = |available: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_tact"))
            .args([
                "models",
                "generate",
                "--prompt",
                "hi",
                "--max-tokens",
                "1",
                "--model",
                smol.to_str().unwrap(),
            ])
            .current_dir(dir.path())
            .env(tact_models::memory::AVAILABLE_OVERRIDE_ENV, available)
            .output()
            .unwrap();
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, stderr) = run("200000000");
    assert_ne!(code, 0);
    assert!(stderr.contains("not enough memory"), "{stderr}");
    assert!(stderr.contains("only 191 MiB is available"), "{stderr}");
    // With ample memory the same command loads and generates.
    let (code, stderr) = run("20000000000");
    assert_eq!(code, 0, "{stderr}");
}

/// `models bench --depth`: decode after a prefilled context, reported as llama-bench names it
/// (`tg2@d16`), beside the plain decode; the real fetched SmolLM2.
#[test]
fn bench_decodes_at_a_depth_as_llama_bench_names_it() {
    let home = tact_models::fetch::default_home();
    assert!(
        tact_models::fetch::smollm2_path(&home).is_file(),
        "run `tact models fetch` first"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_tact"))
        .args([
            "models",
            "bench",
            "--prefill",
            "8",
            "--decode",
            "2",
            "--depth",
            "16",
            "--repetitions",
            "1",
            "--json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let figures: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let tests: Vec<&str> = figures.iter().filter_map(|f| f["test"].as_str()).collect();
    assert!(tests.contains(&"tg2"), "{tests:?}");
    let deep = figures.iter().find(|f| f["test"] == "tg2@d16").unwrap();
    assert!(
        deep["tokens_per_s_median"].as_f64().unwrap() > 0.0,
        "{deep}"
    );
}

/// `models generate --suffix`: the middle between a prompt and a suffix, written as the
/// repair's fills write it. A model without fill-in-the-middle tokens (SmolLM2) is refused by
/// name; Qwen2.5-Coder writes the missing return.
#[test]
fn generate_fills_the_middle_or_says_the_model_cannot() {
    let home = tact_models::fetch::default_home();
    let smol = tact_models::fetch::smollm2_path(&home);
    if !smol.is_file() {
        eprintln!(
            "SKIPPED generate_fills_the_middle_or_says_the_model_cannot: {} not installed (run `tact models fetch`)",
            smol.display()
        );
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let fill = |model: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_tact"))
            .args([
                "models",
                "generate",
                "--model",
                model,
                "--prompt",
                "def add(a, b):\n    ",
                "--suffix",
                "\n\n\nprint(add(2, 3))\n",
                "--max-tokens",
                "16",
                "--json",
            ])
            .current_dir(dir.path())
            .output()
            .unwrap();
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, _, stderr) = fill(smol.to_str().unwrap());
    assert_ne!(code, 0);
    assert!(stderr.contains("<|fim_prefix|>"), "{stderr}");
    let qwen = tact_models::fetch::qwen_coder_path(&home);
    if !qwen.is_file() {
        eprintln!("SKIPPED the Qwen2.5-Coder half: not installed (run `tact models fetch`)");
        return;
    }
    let (code, stdout, stderr) = fill(qwen.to_str().unwrap());
    assert_eq!(code, 0, "{stderr}");
    let answer: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
    let middle = answer["middle"].as_str().unwrap();
    assert!(middle.contains("return a + b"), "{middle:?}");
    assert!(answer["forward_passes"].as_u64().unwrap() > 1, "{answer}");
}
