//! `tact train-selector` with the real default model on a small selection set, and the job
//! finishing its choice with the shipped combiner.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

mod bin_support;

use bin_support::tact;

/// Three tools in every item; the request names the gold one's subject, so BM25, the name
/// words and the arguments all point at it, and a fitted combiner must find it.
fn items(dir: &Path) -> PathBuf {
    let tools = serde_json::json!([
        {"name": "get_weather", "description": "Current weather for a city.",
         "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}},
        {"name": "convert_currency", "description": "Convert an amount between currencies.",
         "parameters": {"type": "object", "properties": {"amount": {"type": "number"},
           "to": {"type": "string", "enum": ["EUR", "USD", "JPY"]}}, "required": ["amount", "to"]}},
        {"name": "factorial", "description": "The factorial of a whole number.",
         "parameters": {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]}}
    ]);
    let asks = [
        (
            "get_weather",
            "What is the weather in {} today?",
            [
                "Paris", "Oslo", "Lima", "Cairo", "Quito", "Hanoi", "Accra", "Perth",
            ],
        ),
        (
            "convert_currency",
            "Convert {} dollars to EUR.",
            ["12", "40", "75", "3", "990", "18", "64", "5"],
        ),
        (
            "factorial",
            "Compute the factorial of {}.",
            ["5", "7", "9", "11", "4", "6", "8", "10"],
        ),
    ];
    let mut lines = String::new();
    for (gold, template, fills) in asks {
        for (i, fill) in fills.iter().enumerate() {
            let query = template.replace("{}", fill);
            let item = serde_json::json!({
                "id": format!("t:{gold}_{i}"),
                "query": query,
                "messages": [{"role": "user", "content": query}],
                "tools": tools,
                "gold": {"name": gold, "arguments": {}, "acceptable": {}},
            });
            lines.push_str(&item.to_string());
            lines.push('\n');
        }
    }
    let path = dir.join("selection.jsonl");
    std::fs::write(&path, lines).unwrap();
    path
}

#[test]
fn train_selector_fits_on_one_side_and_reports_the_other_end_to_end() {
    let dir = tempfile::tempdir().unwrap();
    let data = items(dir.path());
    let out = dir.path().join("sel.json");
    let (code, stdout, stderr) = tact(
        dir.path(),
        &[
            "train-selector",
            "--data",
            data.to_str().unwrap(),
            "--folds",
            "3",
            "--out",
            out.to_str().unwrap(),
            "--json",
        ],
    );
    assert_eq!(code, 0, "{stderr}");
    let report: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
    assert_eq!(
        report["fit_n"].as_u64().unwrap() + report["report_n"].as_u64().unwrap(),
        24
    );
    assert_eq!(report["cross_validation"].as_array().unwrap().len(), 5);
    for who in [
        "combiner",
        "model",
        "bm25_top",
        "cosine_top",
        "first",
        "random",
    ] {
        assert!(report["report"][who]["tool"].is_f64(), "{who}: {report}");
    }
    // Every request here names its tool's subject: the fitted combiner finds it.
    assert_eq!(report["report"]["combiner"]["tool"], 1.0, "{report}");
    assert!(report["report"]["combiner"]["args_exact"].is_f64());
    // The artifact is bound to the model that scored the names, and the runtime reads it.
    let combiner: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert!(
        combiner["model_id"]
            .as_str()
            .unwrap()
            .starts_with("smollm2-135m-instruct@"),
        "{combiner}"
    );
    let parsed = tact_policies::selector::load_combiner(out.to_str().unwrap()).unwrap();
    assert_eq!(parsed.weights.len(), tact_policies::selector::FEATURES);
    assert!(out.with_extension("report.json").exists());
}

/// A job with the default policy and the packaged model finishes its choice with the shipped
/// combiner: the selector's decision carries the combined scores.
#[test]
fn a_job_finishes_its_choice_with_the_shipped_combiner() {
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path().join("ws");
    std::fs::create_dir_all(&ws).unwrap();
    std::fs::write(ws.join("notes.txt"), "alpha\nbeta\n").unwrap();
    let (code, stdout, stderr) = tact(
        dir.path(),
        &[
            "run",
            "--json",
            "--always-call",
            "--max-tool-calls",
            "1",
            "--workspace",
            ws.to_str().unwrap(),
            "--task",
            "multiply 17 by 23",
        ],
    );
    let events: Vec<serde_json::Value> = stdout
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect();
    let choice = events
        .iter()
        .find(|e| e["type"] == "decision" && e["node"] == "selector")
        .unwrap_or_else(|| panic!("no selector decision (exit {code}): {stdout}\n{stderr}"));
    let combined = choice
        .pointer("/detail/choice/combined")
        .and_then(|c| c.as_array())
        .unwrap_or_else(|| panic!("no combined scores: {choice}"));
    assert!(!combined.is_empty(), "{choice}");
    let names: Vec<&str> = combined
        .iter()
        .map(|pair| pair[0].as_str().unwrap())
        .collect();
    assert!(
        !names.contains(&"ask_user") && !names.contains(&"stop"),
        "asking and stopping stay the model's call: {names:?}"
    );
}
