//! The models' own chat templates (SmolLM2's and Qwen2.5-Coder's from their GGUF files, Llama 3.2's
//! from llama.cpp's copy), rendered by tact, must equal transformers'
//! `apply_chat_template` byte for byte (tests/fixtures/chat_template_reference.json, made by
//! models/reference/chat_template_reference.py). The fixture holds the templates, so the
//! rendering runs without the weights; the checks that read the GGUF files skip (with a
//! notice) when they are not installed.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use tact_models::chat_template::{
    ChatTemplate, TemplateValue, chat_template_from_gguf, function_tool,
};
use tact_models::engine::{TOOL_CALL_OPENER, decision_prompt};
use tact_models::gguf::GgufFile;
use tact_models::tokenizer::{ChatMessage, chatml};
use tact_runtime::model_io::{StepPrompt, ToolCandidate};

const MODELS: [&str; 3] = ["smollm2", "qwen2", "llama3_2"];

fn fixture_template(fixture: &serde_json::Value, model: &str) -> ChatTemplate {
    let t = &fixture["templates"][model];
    ChatTemplate::new(
        t["source"].as_str().unwrap(),
        t["bos_token"].as_str().unwrap(),
        t["eos_token"].as_str().unwrap(),
    )
    .unwrap()
}

fn tools_of(case: &serde_json::Value) -> Vec<TemplateValue> {
    case["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            let f = &t["function"];
            function_tool(
                f["name"].as_str().unwrap(),
                f["description"].as_str().unwrap(),
                &f["parameters"],
            )
        })
        .collect()
}

#[test]
fn templates_render_byte_identical_to_transformers() {
    let fixture = common::fixture("chat_template_reference.json");
    let cases = fixture["cases"].as_array().unwrap();
    assert!(cases.len() >= 5);
    for model in MODELS {
        let template = fixture_template(&fixture, model);
        assert_eq!(template.fallback_reason(), None);
        for case in cases {
            let got = template
                .render(
                    case["messages"].as_array().unwrap(),
                    &tools_of(case),
                    case["add_generation_prompt"].as_bool().unwrap(),
                )
                .unwrap();
            let want = case[model].as_str().unwrap();
            assert_eq!(got, want, "{model} / {}", case["name"]);
        }
    }
}

#[test]
fn qwen_and_llama_templates_have_a_tools_section_smollm2_none() {
    let fixture = common::fixture("chat_template_reference.json");
    assert!(!fixture_template(&fixture, "smollm2").has_tools_section());
    assert!(fixture_template(&fixture, "qwen2").has_tools_section());
    assert!(fixture_template(&fixture, "llama3_2").has_tools_section());
}

fn step() -> (StepPrompt, Vec<ToolCandidate>) {
    let prompt = StepPrompt {
        system: "You are a coding assistant working in a repository.".into(),
        messages: vec![
            ("user".into(), "Show me Cargo.toml".into()),
            ("assistant".into(), "Reading it.".into()),
            ("tool".into(), "[package]\nname = \"tact\"".into()),
        ],
        feedback: Some("name a file that exists".into()),
    };
    let candidates = vec![ToolCandidate {
        name: "read_file".into(),
        description: "Read a file. ".into(),
        schema: serde_json::json!({"type": "object", "properties": {"path": {"type": "string"}}}),
    }];
    (prompt, candidates)
}

/// SmolLM2's own template renders the decision prompt exactly as the hard-coded ChatML did, so
/// its decision point (and τ, tuned on it) is unchanged.
#[test]
fn smollm2_decision_prompt_is_unchanged_by_its_template() {
    let fixture = common::fixture("chat_template_reference.json");
    let template = fixture_template(&fixture, "smollm2");
    let (prompt, candidates) = step();
    let got = decision_prompt(&template, &prompt, &candidates).unwrap();
    let system = "You are a coding assistant working in a repository.\n\nYou can call these tools:\n\
                  - read_file: Read a file. Arguments: {\"properties\":{\"path\":{\"type\":\"string\"}},\"type\":\"object\"}\n\
                  To call a tool, answer with <tool_call>\n{\"name\": \"TOOL\", \"arguments\": {...}}\n</tool_call>. Otherwise answer in plain text.";
    let want = chatml(&[
        ChatMessage::new("system", system),
        ChatMessage::new("user", "Show me Cargo.toml"),
        ChatMessage::new("assistant", "Reading it."),
        ChatMessage::new("tool", "[package]\nname = \"tact\""),
        ChatMessage::new("user", "Feedback: name a file that exists"),
    ]);
    assert_eq!(got, want);
}

/// Qwen's template gets the tools in its `<tools>` section, the tool result as a
/// `<tool_response>`, and the decision point is the open assistant turn, where the opener
/// `<tool_call>\n{"name": "` is exactly how its template writes a call.
#[test]
fn qwen_decision_prompt_uses_its_tools_section() {
    let fixture = common::fixture("chat_template_reference.json");
    let template = fixture_template(&fixture, "qwen2");
    let (prompt, candidates) = step();
    let got = decision_prompt(&template, &prompt, &candidates).unwrap();
    assert!(got.starts_with(
        "<|im_start|>system\nYou are a coding assistant working in a repository.\n\n# Tools\n"
    ));
    assert!(got.contains(
        "<tools>\n{\"type\": \"function\", \"function\": {\"name\": \"read_file\", \"description\": \"Read a file.\", \"parameters\": {\"properties\": {\"path\": {\"type\": \"string\"}}, \"type\": \"object\"}}}\n</tools>"
    ));
    assert!(!got.contains("You can call these tools"));
    assert!(got.contains("<|im_start|>user\n<tool_response>\n[package]\nname = \"tact\"\n</tool_response><|im_end|>\n"));
    assert!(got.ends_with(
        "<|im_start|>user\nFeedback: name a file that exists<|im_end|>\n<|im_start|>assistant\n"
    ));
    // A call the template itself renders starts with the opener right after the decision point.
    let call = template
        .render(
            &[
                serde_json::json!({"role": "user", "content": "x"}),
                serde_json::json!({"role": "assistant", "content": "", "tool_calls": [
                    {"function": {"name": "read_file", "arguments": {"path": "a"}}}
                ]}),
            ],
            &[],
            false,
        )
        .unwrap();
    assert!(
        call.contains(&format!(
            "<|im_start|>assistant\n{TOOL_CALL_OPENER}read_file\""
        )),
        "{call}"
    );
}

fn gguf_template_matches_fixture(model: &str, path: &std::path::Path) {
    let fixture = common::fixture("chat_template_reference.json");
    let from_file = chat_template_from_gguf(&GgufFile::open(path).unwrap());
    assert_eq!(from_file.fallback_reason(), None, "{model}");
    let from_fixture = fixture_template(&fixture, model);
    assert_eq!(
        from_file.has_tools_section(),
        from_fixture.has_tools_section()
    );
    for case in fixture["cases"].as_array().unwrap() {
        let got = from_file
            .render(
                case["messages"].as_array().unwrap(),
                &tools_of(case),
                case["add_generation_prompt"].as_bool().unwrap(),
            )
            .unwrap();
        assert_eq!(
            got,
            case[model].as_str().unwrap(),
            "{model} / {}",
            case["name"]
        );
    }
}

/// The template tact reads from the installed GGUF is the one the fixture was rendered from.
#[test]
fn smollm2_gguf_template_renders_like_reference() {
    let Some(path) = common::smollm2_or_skip("smollm2_gguf_template_renders_like_reference") else {
        return;
    };
    gguf_template_matches_fixture("smollm2", &path);
}

#[test]
fn qwen2_coder_gguf_template_renders_like_reference() {
    let Some(path) = common::qwen_coder_or_skip("qwen2_coder_gguf_template_renders_like_reference")
    else {
        return;
    };
    gguf_template_matches_fixture("qwen2", &path);
}
