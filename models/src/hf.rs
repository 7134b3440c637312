//! Loading a Hugging Face Llama-family folder (`config.json`, `*.safetensors`,
//! `tokenizer.json`) by path, e.g. `tact models generate --model DIR`.
//!
//! HF names are mapped to GGUF names so [`Llama::load`] serves both formats. HF q/k rows are in
//! NeoX (`rotate_half`) order, so the config says [`RopeLayout::Neox`] and the loader permutes.

use std::path::{Path, PathBuf};

use safetensors::{Dtype, SafeTensors};

use crate::engine::{BackendKind, Engine};
use crate::error::ModelError;
use crate::llama::{HostTensor, Llama, LlamaConfig, RopeLayout, RopeScaling, WeightSource};
use crate::tokenizer::tokenizer_from_file;

fn load_err(path: &Path, reason: impl Into<String>) -> ModelError {
    ModelError::Load {
        path: path.display().to_string(),
        reason: reason.into(),
    }
}

#[derive(serde::Deserialize)]
struct HfLlamaConfig {
    vocab_size: usize,
    hidden_size: usize,
    intermediate_size: usize,
    num_hidden_layers: usize,
    num_attention_heads: usize,
    num_key_value_heads: Option<usize>,
    head_dim: Option<usize>,
    rms_norm_eps: Option<f64>,
    rope_theta: Option<f64>,
    max_position_embeddings: Option<usize>,
    rope_scaling: Option<HfRopeScaling>,
}

/// `rope_scaling` of an HF config (`type` in older files, `rope_type` in newer ones).
#[derive(serde::Deserialize)]
struct HfRopeScaling {
    #[serde(alias = "type")]
    rope_type: String,
    factor: Option<f64>,
    low_freq_factor: Option<f64>,
    high_freq_factor: Option<f64>,
    original_max_position_embeddings: Option<usize>,
}

impl HfRopeScaling {
    fn scaling(&self) -> Result<RopeScaling, ModelError> {
        let missing = |what: &str| {
            ModelError::Unsupported(format!("rope_scaling {:?} without {what}", self.rope_type))
        };
        let factor = || {
            self.factor
                .map(|f| f as f32)
                .ok_or_else(|| missing("factor"))
        };
        match self.rope_type.as_str() {
            "default" => Ok(RopeScaling::None),
            "linear" => Ok(RopeScaling::Linear { factor: factor()? }),
            "llama3" => Ok(RopeScaling::Llama3 {
                factor: factor()?,
                low_freq_factor: self
                    .low_freq_factor
                    .ok_or_else(|| missing("low_freq_factor"))?
                    as f32,
                high_freq_factor: self
                    .high_freq_factor
                    .ok_or_else(|| missing("high_freq_factor"))?
                    as f32,
                original_context: self
                    .original_max_position_embeddings
                    .ok_or_else(|| missing("original_max_position_embeddings"))?,
            }),
            other => Err(ModelError::Unsupported(format!(
                "rope_scaling {other:?} (default, linear, llama3)"
            ))),
        }
    }
}

/// Read `config.json` of an HF Llama/Qwen2 folder.
pub fn hf_config(folder: &Path) -> Result<LlamaConfig, ModelError> {
    let path = folder.join("config.json");
    let text = std::fs::read_to_string(&path).map_err(|e| load_err(&path, e.to_string()))?;
    let hf: HfLlamaConfig =
        serde_json::from_str(&text).map_err(|e| load_err(&path, e.to_string()))?;
    let num_heads = hf.num_attention_heads;
    let config = LlamaConfig {
        vocab_size: hf.vocab_size,
        hidden_size: hf.hidden_size,
        intermediate_size: hf.intermediate_size,
        num_layers: hf.num_hidden_layers,
        num_heads,
        num_kv_heads: hf.num_key_value_heads.unwrap_or(num_heads),
        head_dim: hf.head_dim.unwrap_or(hf.hidden_size / num_heads.max(1)),
        rope_theta: hf.rope_theta.unwrap_or(10_000.0) as f32,
        rms_eps: hf.rms_norm_eps.unwrap_or(1e-5) as f32,
        max_seq_len: hf.max_position_embeddings.unwrap_or(2048),
        rope_layout: RopeLayout::Neox,
        rope_scaling: match &hf.rope_scaling {
            Some(scaling) => scaling.scaling()?,
            None => RopeScaling::None,
        },
    };
    config.validate()?;
    Ok(config)
}

/// The safetensors files of a folder, read into memory.
pub struct SafetensorsFolder {
    files: Vec<(PathBuf, Vec<u8>)>,
}

impl SafetensorsFolder {
    pub fn open(folder: &Path) -> Result<Self, ModelError> {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(folder)
            .map_err(|e| load_err(folder, e.to_string()))?
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "safetensors"))
            .collect();
        paths.sort();
        if paths.is_empty() {
            return Err(load_err(folder, "no .safetensors files"));
        }
        let mut files = Vec::with_capacity(paths.len());
        for path in paths {
            let bytes = std::fs::read(&path).map_err(|e| load_err(&path, e.to_string()))?;
            // Parse once now so a corrupt file fails at open, not mid-load.
            SafeTensors::deserialize(&bytes).map_err(|e| load_err(&path, e.to_string()))?;
            files.push((path, bytes));
        }
        Ok(Self { files })
    }

    /// A tensor by its HF name, as f32.
    pub fn hf_tensor(&self, name: &str) -> Result<Option<HostTensor>, ModelError> {
        for (path, bytes) in &self.files {
            let tensors =
                SafeTensors::deserialize(bytes).map_err(|e| load_err(path, e.to_string()))?;
            let Ok(view) = tensors.tensor(name) else {
                continue;
            };
            let data = view.data();
            let values: Vec<f32> = match view.dtype() {
                Dtype::F32 => data
                    .chunks_exact(4)
                    .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                    .collect(),
                Dtype::F16 => data
                    .chunks_exact(2)
                    .map(|b| half::f16::from_le_bytes([b[0], b[1]]).to_f32())
                    .collect(),
                Dtype::BF16 => data
                    .chunks_exact(2)
                    .map(|b| half::bf16::from_le_bytes([b[0], b[1]]).to_f32())
                    .collect(),
                other => return Err(load_err(path, format!("{name}: dtype {other:?}"))),
            };
            return Ok(Some((values, view.shape().to_vec())));
        }
        Ok(None)
    }
}

/// GGUF tensor name -> HF tensor name.
fn hf_name(gguf_name: &str) -> Option<String> {
    let fixed = match gguf_name {
        "token_embd.weight" => Some("model.embed_tokens.weight"),
        "output_norm.weight" => Some("model.norm.weight"),
        "output.weight" => Some("lm_head.weight"),
        _ => None,
    };
    if let Some(name) = fixed {
        return Some(name.to_owned());
    }
    let rest = gguf_name.strip_prefix("blk.")?;
    let (layer, suffix) = rest.split_once('.')?;
    let (module, kind) = suffix.rsplit_once('.')?;
    let hf_module = match module {
        "attn_norm" => "input_layernorm",
        "ffn_norm" => "post_attention_layernorm",
        "attn_q" => "self_attn.q_proj",
        "attn_k" => "self_attn.k_proj",
        "attn_v" => "self_attn.v_proj",
        "attn_output" => "self_attn.o_proj",
        "ffn_gate" => "mlp.gate_proj",
        "ffn_up" => "mlp.up_proj",
        "ffn_down" => "mlp.down_proj",
        _ => return None,
    };
    Some(format!("model.layers.{layer}.{hf_module}.{kind}"))
}

impl WeightSource for SafetensorsFolder {
    fn tensor(&self, name: &str) -> Result<Option<HostTensor>, ModelError> {
        match hf_name(name) {
            Some(hf) => self.hf_tensor(&hf),
            None => Ok(None),
        }
    }
}

/// Load an HF folder's decoder onto `device`.
pub fn llama_from_hf_folder(folder: &Path, backend: BackendKind) -> Result<Llama, ModelError> {
    let config = hf_config(folder)?;
    // Refuse a model that would not fit before reading any tensor.
    crate::memory::check_hf_folder_fits(folder)?;
    let weights = SafetensorsFolder::open(folder)?;
    Llama::load(config, &weights, &backend.device())
}

/// Load an HF folder as an [`Engine`] (weights and `tokenizer.json`).
pub fn engine_from_hf_folder(folder: &Path, backend: BackendKind) -> Result<Engine, ModelError> {
    let llama = llama_from_hf_folder(folder, backend)?;
    let tokenizer = tokenizer_from_file(&folder.join("tokenizer.json"))?;
    let id = folder
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("hf-model")
        .to_lowercase();
    Ok(Engine::new(llama, tokenizer, id)?
        .with_chat_template(crate::chat_template::chat_template_from_hf_folder(folder)))
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    fn scaling(json: &str) -> Result<RopeScaling, ModelError> {
        serde_json::from_str::<HfRopeScaling>(json)
            .unwrap()
            .scaling()
    }

    #[test]
    fn llama3_rope_scaling_is_read_and_unknown_kinds_are_refused_by_name() {
        let llama3 = scaling(
            r#"{"rope_type": "llama3", "factor": 32.0, "low_freq_factor": 1.0,
                "high_freq_factor": 4.0, "original_max_position_embeddings": 8192}"#,
        )
        .unwrap();
        assert_eq!(
            llama3,
            RopeScaling::Llama3 {
                factor: 32.0,
                low_freq_factor: 1.0,
                high_freq_factor: 4.0,
                original_context: 8192
            }
        );
        // Llama-3.2's own parameters: the fastest frequency kept, the slowest divided by 32.
        let divisors = llama3.divisors(500_000.0, 64);
        assert_eq!(divisors[0], 1.0);
        assert_eq!(divisors[31], 32.0);
        assert!(divisors.windows(2).all(|w| w[0] <= w[1]));
        assert_eq!(
            scaling(r#"{"type": "linear", "factor": 2.0}"#).unwrap(),
            RopeScaling::Linear { factor: 2.0 }
        );
        let yarn = scaling(r#"{"rope_type": "yarn", "factor": 4.0}"#).unwrap_err();
        assert!(yarn.to_string().contains("yarn"), "{yarn}");
        let partial = scaling(r#"{"rope_type": "llama3", "factor": 8.0}"#).unwrap_err();
        assert!(partial.to_string().contains("low_freq_factor"), "{partial}");
    }
}
