//! Shared helpers for the integration tests.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;

use tact_models::fetch::{default_home, minilm_dir, qwen_coder_path, smollm2_path};

/// The installed SmolLM2 GGUF, or `None` (with a notice) when weights are not installed.
pub fn smollm2_or_skip(test: &str) -> Option<PathBuf> {
    let path = smollm2_path(&default_home());
    if path.is_file() {
        Some(path)
    } else {
        eprintln!(
            "SKIPPED {test}: {} not installed (run `tact models fetch` or set TACT_HOME)",
            path.display()
        );
        None
    }
}

/// The installed Qwen2.5-Coder-0.5B GGUF (an optional tier), or `None` (with a notice).
pub fn qwen_coder_or_skip(test: &str) -> Option<PathBuf> {
    let path = qwen_coder_path(&default_home());
    if path.is_file() {
        Some(path)
    } else {
        eprintln!(
            "SKIPPED {test}: {} not installed (run `tact models fetch qwen2.5-coder-0.5b` or set \
             TACT_HOME)",
            path.display()
        );
        None
    }
}

/// The installed MiniLM folder, or `None` (with a notice).
pub fn minilm_or_skip(test: &str) -> Option<PathBuf> {
    let dir = minilm_dir(&default_home());
    if dir.join("model.safetensors").is_file() {
        Some(dir)
    } else {
        eprintln!(
            "SKIPPED {test}: {} not installed (run `tact models fetch` or set TACT_HOME)",
            dir.display()
        );
        None
    }
}

pub fn fixture(name: &str) -> serde_json::Value {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("fixtures")
        .join(name);
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}
