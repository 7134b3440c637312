//! Token ids must equal the Python reference tokenizers' (tests/fixtures/tokenizer_reference.json,
//! made by models/reference/tokenizer_reference.py).
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use tact_models::gguf::GgufFile;
use tact_models::tokenizer::{decode, encode, tokenizer_from_file, tokenizer_from_gguf};

fn ids(value: &serde_json::Value) -> Vec<u32> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap() as u32)
        .collect()
}

#[test]
fn smollm2_gguf_tokenizer_matches_reference_ids() {
    let Some(path) = common::smollm2_or_skip("smollm2_gguf_tokenizer_matches_reference_ids") else {
        return;
    };
    let tokenizer = tokenizer_from_gguf(&GgufFile::open(&path).unwrap()).unwrap();
    let fixture = common::fixture("tokenizer_reference.json");
    for case in fixture["cases"].as_array().unwrap() {
        let text = case["text"].as_str().unwrap();
        let got = encode(&tokenizer, text).unwrap();
        assert_eq!(got, ids(&case["smollm2_ids"]), "text {text:?}");
        // Byte-level BPE round-trips exactly.
        assert_eq!(decode(&tokenizer, &got).unwrap(), text);
    }
    // Digits are split one by one (SmolLM2's pre-tokenizer).
    let digits = encode(&tokenizer, "12345").unwrap();
    assert_eq!(digits.len(), 5);
    assert_eq!(encode(&tokenizer, "<|im_start|>").unwrap(), vec![1]);
}

#[test]
fn minilm_tokenizer_matches_reference_ids() {
    let Some(dir) = common::minilm_or_skip("minilm_tokenizer_matches_reference_ids") else {
        return;
    };
    let tokenizer = tokenizer_from_file(&dir.join("tokenizer.json")).unwrap();
    let fixture = common::fixture("tokenizer_reference.json");
    for case in fixture["cases"].as_array().unwrap() {
        let text = case["text"].as_str().unwrap();
        let got = tokenizer.encode(text, true).unwrap().get_ids().to_vec();
        assert_eq!(got, ids(&case["minilm_ids"]), "text {text:?}");
    }
}
