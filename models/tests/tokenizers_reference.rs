//! Token ids must equal the Python reference tokenizers' (tests/fixtures/tokenizer_reference.json,
//! made by models/reference/tokenizer_reference.py).
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use tact_models::gguf::{GgufFile, GgufValue};
use tact_models::tokenizer::{
    decode, encode, pre_tokenizer_spec, tokenizer_from_file, tokenizer_from_gguf,
};

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

fn strings(value: &serde_json::Value) -> Vec<String> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_owned())
        .collect()
}

/// The pieces the tokenizer's normalizer and pre-tokenizer cut `text` into (before BPE).
fn pieces(tokenizer: &tokenizers::Tokenizer, text: &str) -> Vec<String> {
    use tokenizers::{Normalizer, OffsetReferential, OffsetType, PreTokenizedString, PreTokenizer};
    let mut split = PreTokenizedString::from(text);
    if let Some(normalizer) = tokenizer.get_normalizer() {
        split.normalize(|s| normalizer.normalize(s)).unwrap();
    }
    tokenizer
        .get_pre_tokenizer()
        .unwrap()
        .pre_tokenize(&mut split)
        .unwrap();
    split
        .get_splits(OffsetReferential::Original, OffsetType::Byte)
        .into_iter()
        .map(|(piece, _, _)| piece.to_owned())
        .collect()
}

/// Qwen2.5-Coder's GGUF (`tokenizer.ggml.pre = qwen2`): ids and pre-tokenizer pieces equal
/// transformers' Qwen2Tokenizer built from the same vocabulary, on code, digits, CJK, emoji.
#[test]
fn qwen2_gguf_tokenizer_matches_reference_ids() {
    let Some(path) = common::qwen_coder_or_skip("qwen2_gguf_tokenizer_matches_reference_ids")
    else {
        return;
    };
    let file = GgufFile::open(&path).unwrap();
    assert_eq!(file.get_str("tokenizer.ggml.pre").unwrap(), "qwen2");
    let tokenizer = tokenizer_from_gguf(&file).unwrap();
    let fixture = common::fixture("tokenizer_reference.json");
    for case in fixture["cases"].as_array().unwrap() {
        let text = case["text"].as_str().unwrap();
        assert_eq!(
            pieces(&tokenizer, text),
            strings(&case["qwen2_pieces"]),
            "pieces of {text:?}"
        );
        let got = encode(&tokenizer, text).unwrap();
        assert_eq!(got, ids(&case["qwen2_ids"]), "text {text:?}");
    }
    // Digits one by one; the chat markers are single tokens.
    assert_eq!(encode(&tokenizer, "12345").unwrap().len(), 5);
    assert_eq!(encode(&tokenizer, "<|im_start|>").unwrap(), vec![151644]);
}

/// `llama-bpe` (Llama 3's split regex, no normalizer), checked on the Qwen2 vocabulary since
/// no Llama-3 vocabulary is installed: pieces and ids equal transformers' GGUF mapping.
#[test]
fn llama_bpe_pre_tokenizer_matches_reference_on_qwen2_vocab() {
    let Some(path) =
        common::qwen_coder_or_skip("llama_bpe_pre_tokenizer_matches_reference_on_qwen2_vocab")
    else {
        return;
    };
    let mut file = GgufFile::open(&path).unwrap();
    file.metadata.insert(
        "tokenizer.ggml.pre".into(),
        GgufValue::String("llama-bpe".into()),
    );
    let tokenizer = tokenizer_from_gguf(&file).unwrap();
    let fixture = common::fixture("tokenizer_reference.json");
    for case in fixture["cases"].as_array().unwrap() {
        let text = case["text"].as_str().unwrap();
        assert_eq!(
            pieces(&tokenizer, text),
            strings(&case["llama_bpe_pieces"]),
            "pieces of {text:?}"
        );
        let got = encode(&tokenizer, text).unwrap();
        assert_eq!(
            got,
            ids(&case["llama_bpe_on_qwen2_vocab_ids"]),
            "text {text:?}"
        );
    }
    // Digits in runs of up to three.
    assert_eq!(pieces(&tokenizer, "1234567"), vec!["123", "456", "7"]);
}

/// An unknown `tokenizer.ggml.pre` is refused by name rather than guessed.
#[test]
fn an_unknown_pre_tokenizer_is_refused_by_name() {
    let err = pre_tokenizer_spec("deepseek-coder")
        .unwrap_err()
        .to_string();
    assert!(err.contains("deepseek-coder"), "{err}");
    for known in ["default", "gpt2", "smollm", "qwen2", "llama-bpe"] {
        assert!(pre_tokenizer_spec(known).is_ok(), "{known}");
    }
}

/// llama.cpp's vocab-only GGUF of `pre`, installed by `scripts/llama-cpp-vocab.sh`, or `None`
/// (with a notice).
fn llama_cpp_vocab_or_skip(test: &str, pre: &str) -> Option<std::path::PathBuf> {
    let path = tact_models::fetch::default_home()
        .join("llama-cpp-vocab")
        .join(format!("ggml-vocab-{pre}.gguf"));
    if path.is_file() {
        Some(path)
    } else {
        eprintln!(
            "SKIPPED {test}: {} not installed (run scripts/llama-cpp-vocab.sh)",
            path.display()
        );
        None
    }
}

/// llama.cpp's test cases for one vocabulary: each text with the ids its Hugging Face
/// tokenizer gives (`fixtures/llama_cpp_vocab/`).
fn llama_cpp_cases(pre: &str) -> Vec<(String, Vec<u32>)> {
    let dir =
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/llama_cpp_vocab");
    let inp = std::fs::read_to_string(dir.join(format!("ggml-vocab-{pre}.gguf.inp"))).unwrap();
    let out = std::fs::read_to_string(dir.join(format!("ggml-vocab-{pre}.gguf.out"))).unwrap();
    // As llama.cpp's test-tokenizer-0 reads them: texts end with the separator.
    let texts: Vec<&str> = inp
        .strip_suffix("\n__ggml_vocab_test__\n")
        .unwrap()
        .split("\n__ggml_vocab_test__\n")
        .collect();
    let expected: Vec<Vec<u32>> = out
        .lines()
        .map(|line| {
            line.split_whitespace()
                .map(|t| t.parse().unwrap())
                .collect()
        })
        .collect();
    assert_eq!(texts.len(), expected.len(), "{pre}: texts and id lines");
    texts.into_iter().map(str::to_owned).zip(expected).collect()
}

/// Real vocabularies of three families, from files tact did not make: the GGUF's tokenizer as
/// tact rebuilds it gives the ids of the model's own tokenizer on llama.cpp's test texts
/// (whitespace runs, digits, CJK, emoji, apostrophes, mixed scripts). `llama-bpe` is Llama 3's
/// own 128,256-token vocabulary, not a stand-in.
#[test]
fn llama_cpp_vocab_files_tokenize_as_their_models_do() {
    for (pre, expected_pre) in [
        ("llama-bpe", "llama-bpe"),
        ("qwen2", "qwen2"),
        ("gpt-2", "gpt-2"),
    ] {
        let Some(path) =
            llama_cpp_vocab_or_skip("llama_cpp_vocab_files_tokenize_as_their_models_do", pre)
        else {
            continue;
        };
        let file = GgufFile::open(&path).unwrap();
        assert_eq!(
            file.get_str("tokenizer.ggml.pre").unwrap(),
            expected_pre,
            "{pre}"
        );
        let tokenizer = tokenizer_from_gguf(&file).unwrap();
        let cases = llama_cpp_cases(pre);
        assert!(cases.len() >= 40, "{pre}: {} cases", cases.len());
        for (text, ids) in cases {
            assert_eq!(
                encode(&tokenizer, &text).unwrap(),
                ids,
                "{pre}: text {text:?}"
            );
            assert_eq!(decode(&tokenizer, &ids).unwrap(), text, "{pre}: round trip");
        }
    }
}
