//! Tokenizers: byte-level BPE rebuilt from GGUF metadata, or loaded from an HF
//! `tokenizer.json`; and the ChatML chat template SmolLM2 was tuned on.

use std::path::Path;
use std::str::FromStr;

use serde_json::json;
use tokenizers::Tokenizer;

use crate::error::ModelError;
use crate::gguf::GgufFile;

/// GGUF token type of control tokens such as `<|im_start|>`.
const TOKEN_TYPE_CONTROL: u64 = 3;
/// GGUF token type of user-defined added tokens (matched whole, not special).
const TOKEN_TYPE_USER_DEFINED: u64 = 4;

fn tok_err(e: impl std::fmt::Display) -> ModelError {
    ModelError::Tokenizer(e.to_string())
}

/// Qwen2's split regex (its tokenizer.json and llama.cpp's `qwen2` pre-tokenizer): digits one
/// by one, letters with at most one leading non-letter, punctuation runs, newline runs.
pub const QWEN2_SPLIT: &str = r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+";
/// Llama 3's split regex (`llama-bpe`): as Qwen2's but digits in runs of up to three.
pub const LLAMA3_SPLIT: &str = r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+";

/// What a `tokenizer.ggml.pre` value names, as tokenizer.json values.
#[derive(Debug, Clone, PartialEq)]
pub struct PreTokenizerSpec {
    pub normalizer: serde_json::Value,
    pub pre_tokenizer: serde_json::Value,
    /// A whole pre-token found in the vocabulary is taken as one token without applying merges
    /// (Llama 3's tokenizer.json sets it; some vocabulary entries are not reachable by merges).
    pub ignore_merges: bool,
}

/// The normalizer, pre-tokenizer and merge rule a `tokenizer.ggml.pre` value names. A value we
/// do not know is refused: guessing would give token ids the model was not trained on,
/// silently.
pub fn pre_tokenizer_spec(pre: &str) -> Result<PreTokenizerSpec, ModelError> {
    let byte_level = json!({
        "type": "ByteLevel", "add_prefix_space": false, "trim_offsets": true, "use_regex": true
    });
    let split_then_bytes = |regex: &str| {
        json!({"type": "Sequence", "pretokenizers": [
            {"type": "Split", "pattern": {"Regex": regex}, "behavior": "Isolated", "invert": false},
            {"type": "ByteLevel", "add_prefix_space": false, "trim_offsets": false, "use_regex": false},
        ]})
    };
    let spec = |normalizer, pre_tokenizer, ignore_merges| PreTokenizerSpec {
        normalizer,
        pre_tokenizer,
        ignore_merges,
    };
    Ok(match pre {
        // GPT-2's own regex, inside ByteLevel. Files without the key are GPT-2 style.
        "default" | "gpt2" | "gpt-2" => spec(serde_json::Value::Null, byte_level, false),
        // SmolLM2's tokenizer.json: every digit on its own, then GPT-2's regex.
        "smollm" => spec(
            serde_json::Value::Null,
            json!({"type": "Sequence", "pretokenizers": [
                {"type": "Digits", "individual_digits": true},
                byte_level,
            ]}),
            false,
        ),
        // Qwen2's tokenizer.json normalizes to NFC before splitting.
        "qwen2" => spec(json!({"type": "NFC"}), split_then_bytes(QWEN2_SPLIT), false),
        // Llama 3 (llama.cpp's LLAMA3 pre-type): whole pre-tokens in the vocabulary win.
        "llama-bpe" | "llama3" | "llama-v3" => spec(
            serde_json::Value::Null,
            split_then_bytes(LLAMA3_SPLIT),
            true,
        ),
        other => {
            return Err(ModelError::Unsupported(format!(
                "pre-tokenizer {other:?} (known: default, gpt2, smollm, qwen2, llama-bpe)"
            )));
        }
    })
}

/// Rebuild the tokenizer described by a GGUF file's `tokenizer.ggml.*` metadata.
///
/// Only `gpt2`-style byte-level BPE is supported. The normalizer and pre-tokenizer follow
/// `tokenizer.ggml.pre` ([`pre_tokenizer_spec`]); a missing key means GPT-2's rules.
pub fn tokenizer_from_gguf(gguf: &GgufFile) -> Result<Tokenizer, ModelError> {
    let model = gguf.get_str("tokenizer.ggml.model")?;
    if model != "gpt2" {
        return Err(ModelError::Unsupported(format!(
            "tokenizer model {model:?} (only byte-level BPE `gpt2`)"
        )));
    }
    let tokens = gguf.get_str_array("tokenizer.ggml.tokens")?;
    let merges = gguf.get_str_array("tokenizer.ggml.merges")?;
    let token_types: Vec<u64> = match gguf
        .get("tokenizer.ggml.token_type")
        .and_then(|v| v.as_array())
    {
        Some(items) => items.iter().map(|v| v.as_u64().unwrap_or(1)).collect(),
        None => Vec::new(),
    };
    let pre = gguf
        .get("tokenizer.ggml.pre")
        .and_then(|v| v.as_str())
        .unwrap_or("default");

    let vocab: serde_json::Map<String, serde_json::Value> = tokens
        .iter()
        .enumerate()
        .map(|(id, token)| ((*token).to_owned(), json!(id)))
        .collect();
    let added_tokens: Vec<serde_json::Value> = tokens
        .iter()
        .enumerate()
        .filter_map(|(id, token)| {
            let kind = token_types.get(id).copied().unwrap_or(1);
            (kind == TOKEN_TYPE_CONTROL || kind == TOKEN_TYPE_USER_DEFINED).then(|| {
                json!({
                    "id": id, "content": token, "single_word": false, "lstrip": false,
                    "rstrip": false, "normalized": false, "special": kind == TOKEN_TYPE_CONTROL,
                })
            })
        })
        .collect();

    let PreTokenizerSpec {
        normalizer,
        pre_tokenizer,
        ignore_merges,
    } = pre_tokenizer_spec(pre)?;
    // Built as tokenizer.json so the result is exactly what HF would load from that file.
    let spec = json!({
        "version": "1.0",
        "truncation": null,
        "padding": null,
        "added_tokens": added_tokens,
        "normalizer": normalizer,
        "pre_tokenizer": pre_tokenizer,
        "post_processor": null,
        "decoder": {"type": "ByteLevel", "add_prefix_space": true, "trim_offsets": true, "use_regex": true},
        "model": {
            "type": "BPE", "dropout": null, "unk_token": null,
            "continuing_subword_prefix": null, "end_of_word_suffix": null,
            "fuse_unk": false, "byte_fallback": false, "ignore_merges": ignore_merges,
            "vocab": vocab, "merges": merges,
        },
    });
    Tokenizer::from_str(&spec.to_string()).map_err(tok_err)
}

/// Load an HF `tokenizer.json`, with padding and truncation switched off (callers decide).
pub fn tokenizer_from_file(path: &Path) -> Result<Tokenizer, ModelError> {
    let mut tokenizer = Tokenizer::from_file(path).map_err(|e| ModelError::Load {
        path: path.display().to_string(),
        reason: e.to_string(),
    })?;
    tokenizer.with_padding(None);
    tokenizer
        .with_truncation(None)
        .map_err(|e| ModelError::Tokenizer(e.to_string()))?;
    Ok(tokenizer)
}

/// Token ids of `text`, with special tokens in the text matched whole.
pub fn encode(tokenizer: &Tokenizer, text: &str) -> Result<Vec<u32>, ModelError> {
    Ok(tokenizer
        .encode(text, false)
        .map_err(tok_err)?
        .get_ids()
        .to_vec())
}

pub fn decode(tokenizer: &Tokenizer, ids: &[u32]) -> Result<String, ModelError> {
    tokenizer.decode(ids, false).map_err(tok_err)
}

/// One ChatML turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatMessage {
    pub role: String,
    pub content: String,
}

impl ChatMessage {
    pub fn new(role: impl Into<String>, content: impl Into<String>) -> Self {
        Self {
            role: role.into(),
            content: content.into(),
        }
    }
}

/// SmolLM2's default system prompt, inserted by its chat template when none is given.
pub const DEFAULT_SYSTEM_PROMPT: &str =
    "You are a helpful AI assistant named SmolLM, trained by Hugging Face";

/// Render messages with the ChatML template and open the assistant turn:
/// `<|im_start|>role\ncontent<|im_end|>\n ... <|im_start|>assistant\n`.
/// Like SmolLM2's template, a system turn is added when the first message is not one.
pub fn chatml(messages: &[ChatMessage]) -> String {
    let mut out = String::new();
    if messages.first().is_none_or(|m| m.role != "system") {
        out.push_str("<|im_start|>system\n");
        out.push_str(DEFAULT_SYSTEM_PROMPT);
        out.push_str("<|im_end|>\n");
    }
    for message in messages {
        out.push_str("<|im_start|>");
        out.push_str(&message.role);
        out.push('\n');
        out.push_str(&message.content);
        out.push_str("<|im_end|>\n");
    }
    out.push_str("<|im_start|>assistant\n");
    out
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;

    #[test]
    fn chatml_adds_default_system_turn_and_opens_assistant() {
        let text = chatml(&[ChatMessage::new("user", "hi")]);
        assert_eq!(
            text,
            format!(
                "<|im_start|>system\n{DEFAULT_SYSTEM_PROMPT}<|im_end|>\n<|im_start|>user\nhi<|im_end|>\n<|im_start|>assistant\n"
            )
        );
        let with_system = chatml(&[
            ChatMessage::new("system", "S"),
            ChatMessage::new("user", "u"),
        ]);
        assert!(with_system.starts_with("<|im_start|>system\nS<|im_end|>\n"));
        assert_eq!(with_system.matches("system").count(), 1);
    }
}
