//! `tact train-probe` end to end with the real default model (issue 15 item 1): the probe is
//! fitted on the fit side of the seeded split by id with L2 chosen by cross-validation, every signal is
//! reported on the report side, the artifact is bound to the model's id, and `tact eval
//! trigger` under a policy naming the probe reads the same hidden states (no extra pass) and
//! agrees with the training report.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;

mod bin_support;

use bin_support::tact;

fn fit_side(id: &str) -> bool {
    tact_eval::tune::in_tuning_split(tact_eval::DEFAULT_SEED, id)
}

/// Requests a tool serves and small talk no tool serves, one weather tool offered to each.
fn items(dir: &Path) -> std::path::PathBuf {
    let requests = [
        "What is the weather in Paris right now?",
        "Tell me the current temperature in Oslo.",
        "Is it raining in Tokyo today?",
        "Get the weather forecast for Berlin tomorrow.",
        "How windy is it in Chicago at the moment?",
        "Look up today's weather in Madrid.",
        "What's the humidity in Singapore now?",
        "Will it snow in Denver tonight?",
        "Check the weather in Cairo for me.",
        "Current conditions in Lima, please.",
        "Fetch the weather report for Dublin.",
        "How hot is it in Phoenix today?",
    ];
    let small_talk = [
        "Thanks, that was helpful!",
        "Goodbye, have a nice day.",
        "Hello there!",
        "You are very kind.",
        "Nice talking to you.",
        "Ha, that's funny.",
        "Okay, see you later.",
        "Good morning!",
        "I appreciate it.",
        "Great, thank you so much.",
        "Cheers!",
        "That's all for now, bye.",
    ];
    let tool = serde_json::json!({"name": "get_weather", "description": "Current weather for a city.", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}});
    let mut lines = String::new();
    for (k, (text, label)) in requests
        .iter()
        .map(|t| (t, true))
        .chain(small_talk.iter().map(|t| (t, false)))
        .enumerate()
    {
        let item = serde_json::json!({"id": format!("item-{k}"), "query": text, "messages": [{"role": "user", "content": text}], "tools": [tool], "tools_ref": null, "should_call": label, "category": "x"});
        lines.push_str(&item.to_string());
        lines.push('\n');
    }
    let path = dir.join("trigger.jsonl");
    std::fs::write(&path, lines).unwrap();
    path
}

#[test]
fn a_trained_probe_is_bound_to_its_model_and_eval_reads_it_from_the_same_pass() {
    let dir = tempfile::tempdir().unwrap();
    let data = items(dir.path());
    let data = data.to_str().unwrap();
    let out = dir.path().join("probes/trigger.probe");
    let (code, stdout, stderr) = tact(
        dir.path(),
        &[
            "train-probe",
            "--data",
            data,
            "--out",
            out.to_str().unwrap(),
            "--folds",
            "3",
            "--json",
        ],
    );
    assert_eq!(code, 0, "{stderr}");
    let report: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
    let ids: Vec<String> = (0..24).map(|k| format!("item-{k}")).collect();
    let fit = ids.iter().filter(|id| fit_side(id)).count();
    assert_eq!(report["fit_n"], fit);
    assert_eq!(report["report_n"], 24 - fit);
    assert_eq!(report["cross_validation"].as_array().unwrap().len(), 6);
    let l2 = report["l2"].as_f64().unwrap();
    assert!(
        report["cross_validation"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["l2"].as_f64() == Some(l2))
    );
    let signals: Vec<&str> = report["signals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["signal"].as_str().unwrap())
        .collect();
    assert_eq!(
        signals,
        ["p_tool", "entropy", "top_logprob", "margin", "probe"]
    );
    for s in report["signals"].as_array().unwrap() {
        assert_eq!(s["report"]["n"], 24 - fit, "{s}");
        let auroc = s["report"]["auroc"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&auroc), "{s}");
    }
    // The report is kept beside the artifact.
    let beside: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.with_extension("json")).unwrap())
            .unwrap();
    assert_eq!(beside, report);

    let probe = tact_models::Probe::load(&out).unwrap();
    assert_eq!(probe.model_id, report["model"].as_str().unwrap());
    assert!(
        probe.model_id.starts_with("smollm2-135m-instruct@q4_1#"),
        "{}",
        probe.model_id
    );
    assert_eq!(probe.train_examples, fit);

    // A policy that reads the probe: `eval trigger` on the report side gives the training
    // report's figures, from cached passes (the hidden state came with the signals).
    let figures = report["signals"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["signal"] == "probe")
        .unwrap();
    let policy = dir.path().join("probe-policy.toml");
    std::fs::write(
        &policy,
        format!(
            "format = 1\n[trigger.models.smollm2-135m-instruct]\nsignal = \"probe\"\ntau = {}\nprobe = \"{}\"\n",
            figures["tau"],
            out.display()
        ),
    )
    .unwrap();
    let (code, stdout, stderr) = tact(
        dir.path(),
        &[
            "eval",
            "trigger",
            "--data",
            data,
            "--part",
            "report",
            "--policy",
            policy.to_str().unwrap(),
            "--json",
        ],
    );
    assert_eq!(code, 0, "{stderr}");
    let eval: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
    assert_eq!(eval["signals_computed"], 0, "{eval}");
    assert_eq!(eval["signal"], "probe");
    assert_eq!(eval["n"], 24 - fit);
    for key in ["f1", "auroc", "precision", "recall"] {
        let (a, b) = (
            eval[key].as_f64().unwrap(),
            figures["report"][key].as_f64().unwrap(),
        );
        assert!((a - b).abs() < 1e-9, "{key}: eval {a} vs train {b}");
    }
}

#[test]
fn a_model_without_hidden_states_cannot_train_a_probe() {
    let dir = tempfile::tempdir().unwrap();
    let data = items(dir.path());
    let script = dir.path().join("script.jsonl");
    let steps: String = (0..24)
        .map(|_| "{\"p_tool\": 0.5, \"name\": \"get_weather\", \"args\": {}}\n")
        .collect();
    std::fs::write(&script, steps).unwrap();
    let out = dir.path().join("p.probe");
    let (code, _, stderr) = tact(
        dir.path(),
        &[
            "train-probe",
            "--data",
            data.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "--model",
            &format!("scripted:{}", script.display()),
        ],
    );
    assert_ne!(code, 0);
    assert!(stderr.contains("no hidden state"), "{stderr}");
    assert!(!out.exists());
}

/// The built-in policy reads the shipped probe for the packaged SmolLM2 file: the probe is
/// compiled in, bound to that file's id, and read from the trigger's own pass.
#[test]
fn the_default_policy_reads_the_shipped_probe_for_the_packaged_model() {
    let dir = tempfile::tempdir().unwrap();
    let data = items(dir.path());
    let (code, stdout, stderr) = tact(
        dir.path(),
        &[
            "eval",
            "trigger",
            "--data",
            data.to_str().unwrap(),
            "--json",
        ],
    );
    assert_eq!(code, 0, "{stderr}");
    let eval: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
    assert_eq!(eval["signal"], "probe", "{eval}");
    assert_eq!(eval["forward_passes_per_item"], 1.0);
    // Requests and small talk this plain are told apart by the probe.
    assert!(eval["auroc"].as_f64().unwrap() > 0.8, "{eval}");
}

/// The packaged Qwen2.5-Coder file reads its own shipped probe, bound to that file; any other
/// Qwen2.5-Coder-0.5B file falls back to the p_tool τ tuned on Qwen's own scale.
#[test]
fn the_default_policy_binds_qwens_shipped_probe_to_the_packaged_qwen_file() {
    let qwen = "qwen2.5-coder-0.5b-instruct@q4_k_m#1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32";
    let policy = tact_policies::Policy::default_policy().unwrap();
    let settings = policy.trigger_for(qwen).unwrap();
    assert_eq!(settings.signal, tact_policies::policy::TriggerSignal::Probe);
    let name = settings
        .probe
        .as_deref()
        .and_then(|p| p.strip_prefix(tact_policies::probes::BUILTIN_PREFIX))
        .unwrap();
    let bytes = tact_policies::probes::builtin_probe(name).unwrap();
    let probe = tact_models::Probe::from_bytes(bytes).unwrap();
    assert_eq!(probe.model_id, qwen);
    assert_eq!(probe.weights.len(), 896, "Qwen2.5-0.5B's hidden size");
    let other = policy
        .trigger_for("qwen2.5-coder-0.5b-instruct@q8_0#0000")
        .unwrap();
    assert_eq!(other.signal, tact_policies::policy::TriggerSignal::PTool);
    assert!(other.probe.is_none());
    // SmolLM2's τ is not Qwen's.
    let smol = policy.trigger_for("smollm2-135m-instruct").unwrap();
    assert!(
        other.tau < smol.tau / 1000.0,
        "{} vs {}",
        other.tau,
        smol.tau
    );
}
