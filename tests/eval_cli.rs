//! `tact eval`, `tact tune` and `tact ab` end to end on small hand-made files, with a scripted
//! model standing in for SmolLM2 so the figures are known in advance.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::Command;

fn tact(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tact"))
        .args(args)
        .current_dir(dir)
        .env("TACT_HOME", dir.join("no-models-here"))
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Exactly one JSON object on stdout.
fn one_json(stdout: &str) -> serde_json::Value {
    let mut stream = serde_json::Deserializer::from_str(stdout).into_iter::<serde_json::Value>();
    let value = stream.next().expect("a JSON object").unwrap();
    assert!(
        stream.next().is_none(),
        "more than one JSON value on stdout: {stdout}"
    );
    assert!(value.is_object());
    value
}

fn write(dir: &Path, name: &str, lines: &[serde_json::Value]) -> PathBuf {
    let path = dir.join(name);
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    std::fs::write(&path, text).unwrap();
    path
}

fn catalog(dir: &Path) -> PathBuf {
    let mut rows = vec![
        serde_json::json!({"tool_id": "get_weather", "name": "get_weather", "description": "Current weather for a city", "parameters": {"type": "object", "properties": {"city": {"type": "string", "description": "City name"}}}, "source": "t"}),
        serde_json::json!({"tool_id": "readFile", "name": "readFile", "description": "Read a file from disk", "parameters": null, "source": "t"}),
        serde_json::json!({"tool_id": "math.factorial", "name": "math.factorial", "description": "Factorial of an integer", "parameters": null, "source": "t"}),
    ];
    for i in 0..20 {
        rows.push(serde_json::json!({"tool_id": format!("filler_{i}"), "name": format!("filler_{i}"), "description": format!("Unrelated gadget {i}"), "parameters": null, "source": "t"}));
    }
    write(dir, "catalog.jsonl", &rows)
}

#[test]
fn retrieval_eval_prints_one_json_object_with_stable_keys_and_a_report() {
    let dir = tempfile::tempdir().unwrap();
    let catalog = catalog(dir.path());
    let data = write(
        dir.path(),
        "retrieval.jsonl",
        &[
            serde_json::json!({"id": "1", "query": "weather in Paris", "gold_tools": ["get_weather"], "gold_names": ["get_weather"], "hard_negatives": []}),
            serde_json::json!({"id": "2", "query": "factorial of 7", "gold_tools": ["math.factorial"], "gold_names": ["math.factorial"], "hard_negatives": ["readFile"]}),
        ],
    );
    let (code, stdout, stderr) = tact(
        dir.path(),
        &[
            "eval",
            "retrieval",
            "--data",
            data.to_str().unwrap(),
            "--catalog",
            catalog.to_str().unwrap(),
            "--embeddings",
            "none",
            "--json",
            "--report",
            "report",
        ],
    );
    assert_eq!(code, 0, "{stderr}");
    let v = one_json(&stdout);
    for size in ["catalog_5", "catalog_50", "catalog_500", "catalog_all"] {
        for gold in ["gold_tools", "gold_names"] {
            for metric in ["recall_at_1", "recall_at_5", "ndcg_at_5"] {
                assert!(
                    v["bm25"][size][gold][metric].is_number(),
                    "bm25.{size}.{gold}.{metric}"
                );
            }
        }
    }
    assert_eq!(v["bm25"]["catalog_all"]["gold_tools"]["recall_at_1"], 1.0);
    assert!(v["fused"].is_null(), "no embeddings were asked for");
    let html = std::fs::read_to_string(dir.path().join("report/index.html")).unwrap();
    assert!(html.contains("<svg"));
}

#[test]
fn a_malformed_line_fails_with_its_line_number() {
    let dir = tempfile::tempdir().unwrap();
    let catalog = catalog(dir.path());
    let data = dir.path().join("bad.jsonl");
    std::fs::write(
        &data,
        "{\"id\":\"1\",\"query\":\"q\",\"gold_tools\":[\"readFile\"]}\n{oops\n",
    )
    .unwrap();
    let (code, stdout, stderr) = tact(
        dir.path(),
        &[
            "eval",
            "retrieval",
            "--data",
            data.to_str().unwrap(),
            "--catalog",
            catalog.to_str().unwrap(),
            "--embeddings",
            "none",
            "--json",
        ],
    );
    assert_eq!(code, 1);
    assert!(stdout.is_empty());
    assert!(stderr.contains("line 2"), "{stderr}");
}

/// Ten trigger items: the scripted model is confident (0.9) on the five that need a tool, and
/// lukewarm (0.3) on the rest, so τ = 0.5 is perfect and τ = 0.2 calls everything.
fn trigger_fixture(dir: &Path) -> (PathBuf, PathBuf) {
    let items: Vec<serde_json::Value> = (0..10)
        .map(|i| serde_json::json!({"id": format!("t{i}"), "query": format!("request {i}"), "messages": [{"role": "user", "content": format!("request {i}")}], "tools": [{"name": "get_weather", "description": "weather", "parameters": {"type": "object", "properties": {}}}], "tools_ref": null, "should_call": i % 2 == 0, "category": "x"}))
        .collect();
    let steps: Vec<serde_json::Value> = (0..10)
        .map(|i| serde_json::json!({"p_tool": if i % 2 == 0 { 0.9 } else { 0.3 }, "name": "get_weather", "args": {}}))
        .collect();
    (
        write(dir, "trigger.jsonl", &items),
        write(dir, "script.jsonl", &steps),
    )
}

/// The default policy with its trigger threshold replaced (the default τ is tuned for the real
/// model; these fixtures are built around τ = 0.5).
fn policy_with_tau(tau: f64) -> String {
    tact_policies::policy::DEFAULT_POLICY
        .lines()
        .map(|l| {
            if l.starts_with("tau = ") {
                format!("tau = {tau}")
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn trigger_eval_tune_and_ab_with_a_scripted_model() {
    let dir = tempfile::tempdir().unwrap();
    let (data, script) = trigger_fixture(dir.path());
    let model = format!("scripted:{}", script.display());
    let data = data.to_str().unwrap();
    let half = dir.path().join("half.toml");
    std::fs::write(&half, policy_with_tau(0.5)).unwrap();
    let half = half.to_str().unwrap().to_string();

    let (code, stdout, stderr) = tact(
        dir.path(),
        &[
            "eval", "trigger", "--data", data, "--model", &model, "--policy", &half, "--json",
        ],
    );
    assert_eq!(code, 0, "{stderr}");
    let v = one_json(&stdout);
    assert_eq!(
        (
            v["precision"].as_f64(),
            v["recall"].as_f64(),
            v["f1"].as_f64()
        ),
        (Some(1.0), Some(1.0), Some(1.0))
    );
    assert_eq!(v["auroc"], 1.0);
    assert_eq!(v["n"], 10);
    assert_eq!(v["baselines"]["always"]["precision"], 0.5);
    assert_eq!(v["baselines"]["never"]["recall"], 0.0);
    assert_eq!(v["forward_passes_per_item"], 1.0);
    assert_eq!(v["signals_computed"], 10);

    // A second run reads every signal from the cache (the scripted model would otherwise
    // replay from its start and still agree, so check the counter).
    let (_, stdout, _) = tact(
        dir.path(),
        &[
            "eval", "trigger", "--data", data, "--model", &model, "--policy", &half, "--json",
        ],
    );
    assert_eq!(one_json(&stdout)["signals_computed"], 0);

    // A policy whose τ is too low calls everything.
    let low = dir.path().join("low.toml");
    std::fs::write(&low, policy_with_tau(0.2)).unwrap();
    let (_, stdout, _) = tact(
        dir.path(),
        &[
            "eval",
            "trigger",
            "--data",
            data,
            "--model",
            &model,
            "--policy",
            low.to_str().unwrap(),
            "--json",
        ],
    );
    assert_eq!(one_json(&stdout)["precision"], 0.5);

    // Tuning from the bad τ lands between the two clusters and writes a new edition.
    let (code, stdout, stderr) = tact(
        dir.path(),
        &[
            "tune",
            "--data",
            data,
            "--model",
            &model,
            "--policy",
            low.to_str().unwrap(),
            "--out",
            "tuned.toml",
            "--json",
        ],
    );
    assert_eq!(code, 0, "{stderr}");
    let t = one_json(&stdout);
    let tau = t["tau"].as_f64().unwrap();
    assert!(tau > 0.3 && tau <= 0.9, "{t}");
    let tuned = tact_policies::Policy::load(&dir.path().join("tuned.toml")).unwrap();
    assert_ne!(
        tuned.edition,
        tact_policies::Policy::load(&low).unwrap().edition
    );

    // A/B: the same edition on both sides is never accepted; the tuned one beats the bad one.
    let (code, stdout, stderr) = tact(
        dir.path(),
        &[
            "ab",
            "--a",
            low.to_str().unwrap(),
            "--b",
            low.to_str().unwrap(),
            "--data",
            data,
            "--metric",
            "f1",
            "--model",
            &model,
            "--json",
            "--resamples",
            "500",
        ],
    );
    assert_eq!(code, 0, "{stderr}");
    let same = one_json(&stdout);
    assert_eq!(same["decision"], "keep_a");
    assert_eq!(same["improvement"], 0.0);
    let (_, stdout, _) = tact(
        dir.path(),
        &[
            "ab",
            "--a",
            low.to_str().unwrap(),
            "--b",
            "tuned.toml",
            "--data",
            data,
            "--metric",
            "f1",
            "--model",
            &model,
            "--json",
            "--resamples",
            "500",
        ],
    );
    let better = one_json(&stdout);
    assert_eq!(better["decision"], "accept_b", "{better}");
    assert!(better["lower"].as_f64().unwrap() > 0.0);
    let log = std::fs::read_to_string(dir.path().join(".tact/ab-log.jsonl")).unwrap();
    assert_eq!(log.lines().count(), 2);
}

#[test]
fn selection_eval_without_a_model_reports_baselines_per_shortlist_size() {
    let dir = tempfile::tempdir().unwrap();
    let catalog = catalog(dir.path());
    let item = serde_json::json!({
        "id": "s1", "query": "What's the weather in Oslo?",
        "messages": [{"role": "user", "content": "What's the weather in Oslo?"}],
        "tools": [{"name": "readFile", "description": "Read a file from disk", "parameters": {"type": "object", "properties": {}}},
                  {"name": "get_weather", "description": "Current weather for a city", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}],
        "gold": {"name": "get_weather", "arguments": {"city": "Oslo"}, "acceptable": {"city": ["Oslo"]}},
        "gold_position": 1, "source": "t", "category": "x"
    });
    let data = write(dir.path(), "selection.jsonl", &[item]);
    let (code, stdout, stderr) = tact(
        dir.path(),
        &[
            "eval",
            "selection",
            "--data",
            data.to_str().unwrap(),
            "--catalog",
            catalog.to_str().unwrap(),
            "--model",
            "none",
            "--json",
        ],
    );
    assert_eq!(code, 0, "{stderr}");
    let v = one_json(&stdout);
    assert!(v["tool_accuracy"].is_null());
    assert_eq!(v["baselines"]["first"]["tool_accuracy"], 0.0);
    assert_eq!(v["baselines"]["bm25"]["tool_accuracy"], 1.0);
    for k in [
        "shortlist_1",
        "shortlist_2",
        "shortlist_3",
        "shortlist_4",
        "shortlist_5",
        "full",
    ] {
        assert!(
            v["by_candidates"][k]["baselines"]["random"]["tool_accuracy"].is_number(),
            "{k}"
        );
    }
    assert_eq!(
        v["by_candidates"]["shortlist_1"]["baselines"]["first"]["gold_present"],
        1.0
    );
}

/// Regression: `eval selection --part` scored every item whatever the side asked for, so a
/// "fit side" reading of failures included held-out items. Each side now holds its own items,
/// and the two sides together are the whole set.
#[test]
fn selection_eval_part_scores_only_its_side() {
    let dir = tempfile::tempdir().unwrap();
    let catalog = catalog(dir.path());
    let items: Vec<serde_json::Value> = (0..20)
        .map(|i| {
            serde_json::json!({
                "id": format!("item-{i}"), "query": "What's the weather in Oslo?",
                "messages": [{"role": "user", "content": "What's the weather in Oslo?"}],
                "tools": [{"name": "get_weather", "description": "Current weather for a city", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}],
                "gold": {"name": "get_weather", "arguments": {"city": "Oslo"}, "acceptable": {"city": ["Oslo"]}},
                "gold_position": 0, "source": "t", "category": "x"
            })
        })
        .collect();
    let data = write(dir.path(), "selection.jsonl", &items);
    let count = |part: Option<&str>| {
        let mut args = vec![
            "eval",
            "selection",
            "--data",
            data.to_str().unwrap(),
            "--catalog",
            catalog.to_str().unwrap(),
            "--model",
            "none",
            "--json",
        ];
        if let Some(p) = part {
            args.extend(["--part", p]);
        }
        let (code, stdout, stderr) = tact(dir.path(), &args);
        assert_eq!(code, 0, "{stderr}");
        one_json(&stdout)["n"].as_u64().unwrap()
    };
    let (all, fit, report) = (count(None), count(Some("fit")), count(Some("report")));
    assert_eq!(all, 20);
    assert!(fit > 0 && report > 0, "fit {fit}, report {report}");
    assert_eq!(fit + report, all);
}

/// `tact ab --kind retrieval` with the real MiniLM (installed by `tact models fetch`): turning
/// the embeddings' fusion weight off loses the paraphrases BM25 cannot match, so the fused
/// default is accepted over it; the same edition on both sides is not.
#[test]
fn retrieval_ab_with_minilm_accepts_fusion_over_bm25_alone() {
    let dir = tempfile::tempdir().unwrap();
    // Fillers first, so a ranking that ties everything at zero never lists a gold tool by luck.
    let mut rows: Vec<serde_json::Value> = (0..20)
        .map(|i| serde_json::json!({"tool_id": format!("filler_{i}"), "name": format!("filler_{i}"), "description": format!("Unrelated gadget number {i}"), "parameters": null, "source": "t"}))
        .collect();
    rows.push(serde_json::json!({"tool_id": "get_weather", "name": "get_weather", "description": "Current weather conditions and forecast for a city", "parameters": null, "source": "t"}));
    rows.push(serde_json::json!({"tool_id": "read_file", "name": "read_file", "description": "Read a text file from disk and return its content", "parameters": null, "source": "t"}));
    let catalog = write(dir.path(), "catalog.jsonl", &rows);
    let queries = [
        ("will it rain in Oslo tomorrow", "get_weather"),
        ("how hot is it in Rome right now", "get_weather"),
        ("do I need an umbrella in London", "get_weather"),
        ("is it sunny in Madrid", "get_weather"),
        ("will it snow in Zurich tonight", "get_weather"),
        ("show me what notes.txt says", "read_file"),
        ("print config.yaml for me", "read_file"),
        ("open todo.md and show me its lines", "read_file"),
    ];
    let items: Vec<serde_json::Value> = queries
        .iter()
        .enumerate()
        .map(|(i, (q, gold))| serde_json::json!({"id": i.to_string(), "query": q, "gold_tools": [gold], "gold_names": [gold], "hard_negatives": []}))
        .collect();
    let data = write(dir.path(), "retrieval.jsonl", &items);
    let fused = dir.path().join("fused.toml");
    std::fs::write(&fused, tact_policies::policy::DEFAULT_POLICY).unwrap();
    let bm25_only = dir.path().join("bm25.toml");
    // Reciprocal rank fusion with the embeddings' weight at zero: BM25's ranking alone.
    std::fs::write(
        &bm25_only,
        "[retrieval]\nembedding_weight = 0.0\nadapter = \"none\"\nfusion = \"rrf\"\n",
    )
    .unwrap();
    let ab = |a: &Path, b: &Path| {
        let out = Command::new(env!("CARGO_BIN_EXE_tact"))
            .args(["ab", "--kind", "retrieval", "--embeddings", "minilm", "--a"])
            .arg(a)
            .arg("--b")
            .arg(b)
            .args(["--data", data.to_str().unwrap()])
            .args(["--catalog", catalog.to_str().unwrap()])
            .args(["--metric", "recall_at_5", "--resamples", "500", "--json"])
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        one_json(&String::from_utf8_lossy(&out.stdout))
    };
    let better = ab(&bm25_only, &fused);
    assert_eq!(better["decision"], "accept_b", "{better}");
    assert!(better["b"]["value"].as_f64().unwrap() > better["a"]["value"].as_f64().unwrap());
    let same = ab(&fused, &fused);
    assert_eq!(same["decision"], "keep_a", "{same}");
    let log = std::fs::read_to_string(dir.path().join(".tact/ab-log.jsonl")).unwrap();
    assert_eq!(log.lines().count(), 2);
}

/// (Built with `--features train`, as the README's test command does.)
/// `tact train-retriever` with the real MiniLM on a small catalog: it writes a verified adapter
/// artifact and a report of both sides, and a policy naming that adapter is measured by `tact
/// eval retrieval` on the adapted vectors (the job's own), and A/B-tested by `tact ab`.
#[cfg(feature = "train")]
#[test]
fn train_retriever_writes_an_adapter_that_eval_and_ab_read() {
    let dir = tempfile::tempdir().unwrap();
    let topics = [
        (
            "get_weather",
            "Current weather conditions and forecast for a city",
            [
                "will it rain in Oslo",
                "how hot is it in Rome",
                "is it sunny in Madrid",
                "forecast for Paris this week",
                "do I need an umbrella in Bergen",
                "temperature in Cairo now",
            ],
        ),
        (
            "read_file",
            "Read a text file from disk and return its content",
            [
                "show me notes.txt",
                "print config.yaml",
                "open todo.md",
                "what does README say",
                "display the log file",
                "cat main.py for me",
            ],
        ),
        (
            "send_email",
            "Send an email message to a recipient",
            [
                "mail Bob the report",
                "write to alice@example.com",
                "email the team about lunch",
                "notify Carol by email",
                "send a message to my boss",
                "drop Dan a note by mail",
            ],
        ),
        (
            "convert_currency",
            "Convert an amount between two currencies",
            [
                "how many euros is 50 dollars",
                "100 yen in pounds",
                "convert 20 CHF to USD",
                "what are 5 pounds in dollars",
                "exchange 300 krone to euro",
                "rupees for 10 dollars",
            ],
        ),
        (
            "calculate_area",
            "Area of a geometric shape from its dimensions",
            [
                "area of a triangle with base 3 and height 4",
                "circle of radius 2 area",
                "square with side 5 surface",
                "rectangle 3 by 7 area",
                "area of a trapezoid",
                "how big is a hexagon of side 1",
            ],
        ),
    ];
    let mut rows: Vec<serde_json::Value> = (0..25)
        .map(|i| serde_json::json!({"tool_id": format!("filler_{i}"), "name": format!("filler_{i}"), "description": format!("Unrelated gadget number {i}"), "parameters": null, "source": "t"}))
        .collect();
    let mut items = Vec::new();
    for (name, description, queries) in &topics {
        rows.push(serde_json::json!({"tool_id": name, "name": name, "description": description, "parameters": null, "source": "t"}));
        for (i, q) in queries.iter().enumerate() {
            items.push(serde_json::json!({"id": format!("{name}-{i}"), "query": q, "gold_tools": [name], "gold_names": [name], "hard_negatives": ["filler_0"]}));
        }
    }
    let catalog = write(dir.path(), "catalog.jsonl", &rows);
    let data = write(dir.path(), "retrieval.jsonl", &items);
    let out = dir.path().join("adapter.json");
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_tact"))
            .args(args)
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        one_json(&String::from_utf8_lossy(&out.stdout))
    };
    let report = run(&[
        "train-retriever",
        "--data",
        data.to_str().unwrap(),
        "--catalog",
        catalog.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--name",
        "toy-adapter-v1",
        "--epochs",
        "3",
        "--json",
    ]);
    let fit = report["fit_items"].as_u64().unwrap();
    let held = report["report_items"].as_u64().unwrap();
    assert_eq!(fit + held, 30, "{report}");
    assert!(fit > held && held > 0);
    assert_eq!(report["adapter_grid"].as_array().unwrap().len(), 9);
    let weights = report["fusion"]["weights"].as_array().unwrap();
    assert_eq!(
        weights.len(),
        tact_policies::retrieval::FUSION_FEATURES.len()
    );
    for side in ["stock", "tuned"] {
        let r = &report["report"][side]["fused"]["catalog_all"]["gold_tools"]["recall_at_5"];
        assert!(r.as_f64().is_some(), "{side}: {report}");
    }
    assert_eq!(
        report["report"]["tuned"]["embedder"],
        "all-minilm-l6-v2+toy-adapter-v1"
    );
    let artifact = tact_models::retrieval_tuning::AdapterArtifact::parse(
        &std::fs::read(&out).unwrap(),
        "adapter.json",
    )
    .unwrap();
    assert_eq!(artifact.weights_sha256, report["weights_sha256"]);
    assert!(dir.path().join("adapter.report.json").is_file());

    // A policy naming the adapter and the fusion: eval and ab rank with the adapted vectors.
    let fusion = &report["fusion"];
    let tuned = dir.path().join("tuned.toml");
    let features: Vec<String> = fusion["features"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| format!("{f}"))
        .collect();
    let weights: Vec<String> = weights.iter().map(|w| format!("{w}")).collect();
    std::fs::write(
        &tuned,
        format!(
            "[retrieval]\nadapter = {:?}\nfusion = {{ features = [{}], weights = [{}] }}\n",
            out.to_str().unwrap(),
            features.join(", "),
            weights.join(", ")
        ),
    )
    .unwrap();
    let eval = run(&[
        "eval",
        "retrieval",
        "--data",
        data.to_str().unwrap(),
        "--catalog",
        catalog.to_str().unwrap(),
        "--policy",
        tuned.to_str().unwrap(),
        "--part",
        "report",
        "--json",
    ]);
    assert_eq!(eval["embedder"], "all-minilm-l6-v2+toy-adapter-v1");
    assert_eq!(eval["n"].as_u64().unwrap(), held);
    assert_eq!(
        eval["fused"]["catalog_all"]["gold_tools"]["recall_at_5"],
        report["report"]["tuned"]["fused"]["catalog_all"]["gold_tools"]["recall_at_5"],
        "eval and train-retriever must measure the same tuned retriever"
    );
    let stock = dir.path().join("stock.toml");
    std::fs::write(
        &stock,
        "[retrieval]\nadapter = \"none\"\nfusion = \"rrf\"\n",
    )
    .unwrap();
    let ab = run(&[
        "ab",
        "--kind",
        "retrieval",
        "--a",
        stock.to_str().unwrap(),
        "--b",
        tuned.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--catalog",
        catalog.to_str().unwrap(),
        "--part",
        "report",
        "--metric",
        "recall_at_5",
        "--resamples",
        "200",
        "--json",
    ]);
    assert_eq!(ab["n"].as_u64().unwrap(), held);
    assert!(ab["decision"] == "accept_b" || ab["decision"] == "keep_a");
}
