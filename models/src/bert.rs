//! A BERT encoder (all-MiniLM-L6-v2) in burn producing sentence embeddings: mean pooling over
//! tokens, then L2 normalisation — the sentence-transformers recipe for this model.

use std::path::Path;

use burn::tensor::activation::{gelu, softmax};
use burn::tensor::{Device, Int, Tensor, TensorData};
use safetensors::{Dtype, SafeTensors};
use tokenizers::Tokenizer;

use crate::error::ModelError;
use crate::llama::tensor_values;
use crate::tokenizer::tokenizer_from_file;

/// BERT hyper-parameters, read from `config.json`.
#[derive(Debug, Clone, PartialEq, serde::Deserialize)]
pub struct BertConfig {
    pub vocab_size: usize,
    pub hidden_size: usize,
    pub num_hidden_layers: usize,
    pub num_attention_heads: usize,
    pub intermediate_size: usize,
    pub max_position_embeddings: usize,
    #[serde(default = "default_type_vocab")]
    pub type_vocab_size: usize,
    #[serde(default = "default_eps")]
    pub layer_norm_eps: f64,
}

fn default_type_vocab() -> usize {
    2
}
fn default_eps() -> f64 {
    1e-12
}

#[derive(Clone)]
struct LayerNorm {
    weight: Tensor<2>,
    bias: Tensor<2>,
}

#[derive(Clone)]
struct Linear {
    /// `[in, out]`.
    weight: Tensor<2>,
    bias: Tensor<2>,
}

impl Linear {
    fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        x.matmul(self.weight.clone()).add(self.bias.clone())
    }
}

#[derive(Clone)]
struct EncoderLayer {
    query: Linear,
    key: Linear,
    value: Linear,
    attn_out: Linear,
    attn_norm: LayerNorm,
    intermediate: Linear,
    output: Linear,
    out_norm: LayerNorm,
}

/// The MiniLM sentence encoder with its tokenizer. A clone shares the weights (burn tensors
/// are reference-counted), so a clone per thread costs no copy of them.
#[derive(Clone)]
pub struct MiniLm {
    config: BertConfig,
    device: Device,
    tokenizer: Tokenizer,
    word: Tensor<2>,
    position: Tensor<2>,
    token_type: Tensor<2>,
    embed_norm: LayerNorm,
    layers: Vec<EncoderLayer>,
}

fn load_err(path: &Path, reason: impl Into<String>) -> ModelError {
    ModelError::Load {
        path: path.display().to_string(),
        reason: reason.into(),
    }
}

struct Weights<'a> {
    file: &'a Path,
    tensors: SafeTensors<'a>,
    device: Device,
}

impl Weights<'_> {
    fn raw(&self, name: &str, shape: &[usize]) -> Result<Vec<f32>, ModelError> {
        let view = self
            .tensors
            .tensor(name)
            .map_err(|e| load_err(self.file, format!("{name}: {e}")))?;
        if view.shape() != shape {
            return Err(load_err(
                self.file,
                format!("{name}: shape {:?}, expected {shape:?}", view.shape()),
            ));
        }
        let bytes = view.data();
        match view.dtype() {
            Dtype::F32 => Ok(bytes
                .chunks_exact(4)
                .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                .collect()),
            Dtype::F16 => Ok(bytes
                .chunks_exact(2)
                .map(|b| half::f16::from_le_bytes([b[0], b[1]]).to_f32())
                .collect()),
            Dtype::BF16 => Ok(bytes
                .chunks_exact(2)
                .map(|b| half::bf16::from_le_bytes([b[0], b[1]]).to_f32())
                .collect()),
            other => Err(load_err(self.file, format!("{name}: dtype {other:?}"))),
        }
    }

    fn matrix(&self, name: &str, rows: usize, cols: usize) -> Result<Tensor<2>, ModelError> {
        let values = self.raw(name, &[rows, cols])?;
        Ok(Tensor::from_data(
            TensorData::new(values, [rows, cols]),
            &self.device,
        ))
    }

    fn row(&self, name: &str, len: usize) -> Result<Tensor<2>, ModelError> {
        let values = self.raw(name, &[len])?;
        Ok(Tensor::from_data(
            TensorData::new(values, [1, len]),
            &self.device,
        ))
    }

    fn linear(&self, prefix: &str, inp: usize, out: usize) -> Result<Linear, ModelError> {
        // PyTorch stores `[out, in]`; transpose once so the forward is `x @ w`.
        let weight = self.matrix(&format!("{prefix}.weight"), out, inp)?;
        Ok(Linear {
            weight: weight.transpose(),
            bias: self.row(&format!("{prefix}.bias"), out)?,
        })
    }

    fn layer_norm(&self, prefix: &str, len: usize) -> Result<LayerNorm, ModelError> {
        Ok(LayerNorm {
            weight: self.row(&format!("{prefix}.weight"), len)?,
            bias: self.row(&format!("{prefix}.bias"), len)?,
        })
    }
}

impl MiniLm {
    /// Load from a folder holding `config.json`, `model.safetensors` and `tokenizer.json`.
    pub fn load(folder: &Path, device: &Device) -> Result<Self, ModelError> {
        let config_path = folder.join("config.json");
        let config_text = std::fs::read_to_string(&config_path)
            .map_err(|e| load_err(&config_path, e.to_string()))?;
        let config: BertConfig = serde_json::from_str(&config_text)
            .map_err(|e| load_err(&config_path, e.to_string()))?;
        if config.num_attention_heads == 0
            || !config
                .hidden_size
                .is_multiple_of(config.num_attention_heads)
        {
            return Err(load_err(&config_path, "hidden size not divisible by heads"));
        }
        let tokenizer = tokenizer_from_file(&folder.join("tokenizer.json"))?;
        let weights_path = folder.join("model.safetensors");
        let bytes =
            std::fs::read(&weights_path).map_err(|e| load_err(&weights_path, e.to_string()))?;
        let tensors =
            SafeTensors::deserialize(&bytes).map_err(|e| load_err(&weights_path, e.to_string()))?;
        let w = Weights {
            file: &weights_path,
            tensors,
            device: device.clone(),
        };
        let (h, f) = (config.hidden_size, config.intermediate_size);
        // Some exports prefix names with `bert.`; accept both.
        let prefix = if w.tensors.names().iter().any(|n| n.starts_with("bert.")) {
            "bert."
        } else {
            ""
        };
        let p = |s: &str| format!("{prefix}{s}");
        let mut layers = Vec::with_capacity(config.num_hidden_layers);
        for i in 0..config.num_hidden_layers {
            let l = |s: &str| p(&format!("encoder.layer.{i}.{s}"));
            layers.push(EncoderLayer {
                query: w.linear(&l("attention.self.query"), h, h)?,
                key: w.linear(&l("attention.self.key"), h, h)?,
                value: w.linear(&l("attention.self.value"), h, h)?,
                attn_out: w.linear(&l("attention.output.dense"), h, h)?,
                attn_norm: w.layer_norm(&l("attention.output.LayerNorm"), h)?,
                intermediate: w.linear(&l("intermediate.dense"), h, f)?,
                output: w.linear(&l("output.dense"), f, h)?,
                out_norm: w.layer_norm(&l("output.LayerNorm"), h)?,
            });
        }
        Ok(MiniLm {
            word: w.matrix(
                &p("embeddings.word_embeddings.weight"),
                config.vocab_size,
                h,
            )?,
            position: w.matrix(
                &p("embeddings.position_embeddings.weight"),
                config.max_position_embeddings,
                h,
            )?,
            token_type: w.matrix(
                &p("embeddings.token_type_embeddings.weight"),
                config.type_vocab_size,
                h,
            )?,
            embed_norm: w.layer_norm(&p("embeddings.LayerNorm"), h)?,
            layers,
            tokenizer,
            device: device.clone(),
            config,
        })
    }

    pub fn dimension(&self) -> usize {
        self.config.hidden_size
    }

    /// Token ids (with `[CLS]`/`[SEP]`), cut to the model's position limit.
    pub fn token_ids(&self, text: &str) -> Result<Vec<u32>, ModelError> {
        let encoding = self
            .tokenizer
            .encode(text, true)
            .map_err(|e| ModelError::Tokenizer(e.to_string()))?;
        let mut ids = encoding.get_ids().to_vec();
        if ids.len() > self.config.max_position_embeddings {
            // Keep the final [SEP] so the sequence stays well-formed.
            let last = ids.last().copied();
            ids.truncate(self.config.max_position_embeddings - 1);
            ids.extend(last);
        }
        Ok(ids)
    }

    /// A unit-length sentence embedding.
    pub fn embed(&self, text: &str) -> Result<Vec<f32>, ModelError> {
        let ids = self.token_ids(text)?;
        self.embed_ids(&ids)
    }

    pub fn embed_ids(&self, ids: &[u32]) -> Result<Vec<f32>, ModelError> {
        let c = &self.config;
        let seq = ids.len();
        if seq == 0 || seq > c.max_position_embeddings {
            return Err(ModelError::Inference(format!(
                "{seq} tokens (1..={} allowed)",
                c.max_position_embeddings
            )));
        }
        if let Some(bad) = ids.iter().find(|&&t| t as usize >= c.vocab_size) {
            return Err(ModelError::Inference(format!(
                "token id {bad} outside vocabulary"
            )));
        }
        let eps = c.layer_norm_eps as f32;
        let heads = c.num_attention_heads;
        let head_dim = c.hidden_size / heads;
        let ids: Vec<i64> = ids.iter().map(|&t| i64::from(t)).collect();
        let ids = Tensor::<1, Int>::from_data(TensorData::new(ids, [seq]), &self.device);
        let x = self
            .word
            .clone()
            .select(0, ids)
            .add(self.position.clone().narrow(0, 0, seq))
            .add(self.token_type.clone().narrow(0, 0, 1));
        let mut x = layer_norm(x, &self.embed_norm, eps);
        let scale = 1.0 / (head_dim as f32).sqrt();
        for layer in &self.layers {
            let split = |t: Tensor<2>| t.reshape([seq, heads, head_dim]).swap_dims(0, 1);
            let q = split(layer.query.forward(x.clone()));
            let k = split(layer.key.forward(x.clone()));
            let v = split(layer.value.forward(x.clone()));
            let scores = q.matmul(k.swap_dims(1, 2)).mul_scalar(scale);
            let attn = softmax(scores, 2)
                .matmul(v)
                .swap_dims(0, 1)
                .reshape([seq, c.hidden_size]);
            x = layer_norm(x.add(layer.attn_out.forward(attn)), &layer.attn_norm, eps);
            let h = gelu(layer.intermediate.forward(x.clone()));
            x = layer_norm(x.add(layer.output.forward(h)), &layer.out_norm, eps);
        }
        let pooled = tensor_values(x.mean_dim(0))?;
        let norm = pooled.iter().map(|v| v * v).sum::<f32>().sqrt().max(1e-12);
        Ok(pooled.iter().map(|v| v / norm).collect())
    }
}

fn layer_norm(x: Tensor<2>, norm: &LayerNorm, eps: f32) -> Tensor<2> {
    let mean = x.clone().mean_dim(1);
    let centered = x.sub(mean);
    let var = centered.clone().mul(centered.clone()).mean_dim(1);
    centered
        .mul(var.add_scalar(eps).sqrt().recip())
        .mul(norm.weight.clone())
        .add(norm.bias.clone())
}

/// Cosine similarity of two vectors (0 when either is zero).
pub fn cosine(a: &[f32], b: &[f32]) -> f32 {
    let dot: f32 = a.iter().zip(b).map(|(x, y)| x * y).sum();
    let na = a.iter().map(|x| x * x).sum::<f32>().sqrt();
    let nb = b.iter().map(|x| x * x).sum::<f32>().sqrt();
    if na == 0.0 || nb == 0.0 {
        0.0
    } else {
        dot / (na * nb)
    }
}
