//! A Llama-family decoder (Llama, SmolLM2, Qwen2) in burn: grouped-query attention, RoPE,
//! RMSNorm, SwiGLU, optional q/k/v bias, tied or separate output head, and a KV cache.
//!
//! Burn 0.22 tensors carry no backend type parameter: the backend is chosen by the
//! [`Device`] the weights are created on, so the same code runs on `ndarray` and `flex`.
//! Batch size is always one (one prompt at a time, on a dedicated thread).

use std::sync::Arc;

use burn::tensor::{Device, Tensor, TensorData};
use rayon::ThreadPool;

use crate::error::ModelError;
use crate::gguf::GgufFile;
use crate::kernels::{
    AttentionShape, PackedMatrix, TILED_MIN_ROWS, VisibleKeys, attention, default_threads,
    log_sum_exp, log_sum_exp_rows, matmul_group, silu_mul, thread_pool,
};

/// How the two halves of each rotary pair are laid out in a head's q/k rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RopeLayout {
    /// Pairs are adjacent: (0,1), (2,3), ... — llama.cpp's "normal" mode. GGUF `llama`
    /// files store q/k rows already permuted into this layout.
    Interleaved,
    /// Pairs are (i, i + d/2) — GPT-NeoX / HF `rotate_half`. Used by HF safetensors and by
    /// Qwen2 GGUF files; rows are permuted to [`RopeLayout::Interleaved`] at load.
    Neox,
}

/// How rotary frequencies are stretched for a context longer than the one trained on. A file
/// with scaling tact does not implement is refused, never run with plain frequencies.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub enum RopeScaling {
    #[default]
    None,
    /// Every frequency divided by `factor` (GGUF `rope.scaling.type = linear`).
    Linear { factor: f32 },
    /// Llama 3's per-frequency rule (HF `rope_type: llama3`): wavelengths shorter than
    /// `original_context / high_freq_factor` kept, longer than `original_context /
    /// low_freq_factor` divided by `factor`, and a smooth blend between. GGUF files carry
    /// the result as the `rope_freqs.weight` tensor instead, which [`Llama::load`] reads.
    Llama3 {
        factor: f32,
        low_freq_factor: f32,
        high_freq_factor: f32,
        original_context: usize,
    },
}

/// The unscaled rotary frequency of pair `i` of a `head_dim`-wide head: `theta^(-2i/d)`.
fn base_frequency(theta: f64, head_dim: usize, i: usize) -> f64 {
    theta.powf(-(2.0 * i as f64) / head_dim as f64)
}

impl RopeScaling {
    /// The divisor of each of `half` frequencies (`freq_i = theta^(-2i/d) / divisor_i`).
    pub fn divisors(&self, theta: f64, head_dim: usize) -> Vec<f64> {
        let half = head_dim / 2;
        (0..half)
            .map(|i| {
                let freq = base_frequency(theta, head_dim, i);
                match *self {
                    RopeScaling::None => 1.0,
                    RopeScaling::Linear { factor } => f64::from(factor),
                    RopeScaling::Llama3 {
                        factor,
                        low_freq_factor,
                        high_freq_factor,
                        original_context,
                    } => {
                        let (factor, low, high) = (
                            f64::from(factor),
                            f64::from(low_freq_factor),
                            f64::from(high_freq_factor),
                        );
                        let old = original_context as f64;
                        let wavelength = 2.0 * std::f64::consts::PI / freq;
                        if wavelength < old / high {
                            1.0
                        } else if wavelength > old / low {
                            factor
                        } else {
                            let smooth = (old / wavelength - low) / (high - low);
                            // freq' = (1 - smooth) freq / factor + smooth freq
                            1.0 / ((1.0 - smooth) / factor + smooth)
                        }
                    }
                }
            })
            .collect()
    }
}

/// Architecture hyper-parameters.
#[derive(Debug, Clone, PartialEq)]
pub struct LlamaConfig {
    pub vocab_size: usize,
    pub hidden_size: usize,
    pub intermediate_size: usize,
    pub num_layers: usize,
    pub num_heads: usize,
    pub num_kv_heads: usize,
    pub head_dim: usize,
    pub rope_theta: f32,
    pub rms_eps: f32,
    pub max_seq_len: usize,
    pub rope_layout: RopeLayout,
    pub rope_scaling: RopeScaling,
}

impl LlamaConfig {
    /// Read `{arch}.*` keys of a GGUF file (`llama` or `qwen2`).
    pub fn from_gguf(gguf: &GgufFile) -> Result<Self, ModelError> {
        let arch = gguf.get_str("general.architecture")?.to_owned();
        let rope_layout = match arch.as_str() {
            "llama" => RopeLayout::Interleaved,
            "qwen2" => RopeLayout::Neox,
            other => {
                return Err(ModelError::Unsupported(format!(
                    "GGUF architecture {other:?} (llama, qwen2)"
                )));
            }
        };
        let key = |name: &str| format!("{arch}.{name}");
        let usize_of = |name: &str| -> Result<usize, ModelError> {
            usize::try_from(gguf.get_u64(&key(name))?)
                .map_err(|_| ModelError::Gguf(format!("{name} overflows usize")))
        };
        let hidden_size = usize_of("embedding_length")?;
        let num_heads = usize_of("attention.head_count")?;
        let num_kv_heads = usize_of("attention.head_count_kv").unwrap_or(num_heads);
        let head_dim = match usize_of("attention.key_length") {
            Ok(d) => d,
            Err(_) => hidden_size / num_heads.max(1),
        };
        let vocab_size = match usize_of("vocab_size") {
            Ok(v) => v,
            Err(_) => gguf.get_str_array("tokenizer.ggml.tokens")?.len(),
        };
        let config = LlamaConfig {
            vocab_size,
            hidden_size,
            intermediate_size: usize_of("feed_forward_length")?,
            num_layers: usize_of("block_count")?,
            num_heads,
            num_kv_heads,
            head_dim,
            rope_theta: gguf.get_f64(&key("rope.freq_base")).unwrap_or(10_000.0) as f32,
            rms_eps: gguf
                .get_f64(&key("attention.layer_norm_rms_epsilon"))
                .unwrap_or(1e-5) as f32,
            max_seq_len: usize_of("context_length").unwrap_or(2048),
            rope_layout,
            rope_scaling: match gguf.get_str(&key("rope.scaling.type")) {
                Err(_) | Ok("none") => RopeScaling::None,
                Ok("linear") => RopeScaling::Linear {
                    factor: gguf.get_f64(&key("rope.scaling.factor")).map_err(|_| {
                        ModelError::Unsupported("linear rope scaling without a factor".into())
                    })? as f32,
                },
                Ok(other) => {
                    return Err(ModelError::Unsupported(format!(
                        "rope scaling {other:?} (none, linear, and Llama 3's rope_freqs tensor)"
                    )));
                }
            },
        };
        config.validate()?;
        Ok(config)
    }

    pub fn validate(&self) -> Result<(), ModelError> {
        let bad = |why: &str| Err(ModelError::Unsupported(format!("config: {why}")));
        if self.num_heads == 0 || self.num_kv_heads == 0 || self.head_dim == 0 {
            return bad("zero heads or head size");
        }
        if !self.num_heads.is_multiple_of(self.num_kv_heads) {
            return bad("head_count is not a multiple of head_count_kv");
        }
        if !self.head_dim.is_multiple_of(2) {
            return bad("odd head size");
        }
        if self.hidden_size == 0 || self.vocab_size == 0 || self.num_layers == 0 {
            return bad("empty model");
        }
        Ok(())
    }

    fn q_dim(&self) -> usize {
        self.num_heads * self.head_dim
    }
    fn kv_dim(&self) -> usize {
        self.num_kv_heads * self.head_dim
    }
}

/// A host tensor: f32 values and row-major shape.
pub type HostTensor = (Vec<f32>, Vec<usize>);

/// Host-side weights in GGUF's naming, row-major `[out][in]` like PyTorch's `nn.Linear`.
pub trait WeightSource {
    /// The tensor as f32 plus its shape `[rows, cols]` (`[len]` for vectors); `None` if absent.
    fn tensor(&self, name: &str) -> Result<Option<HostTensor>, ModelError>;

    /// A matrix `[rows, cols]` in whatever packed form the source holds it (f32 unless
    /// overridden); `None` if absent.
    fn matrix(&self, name: &str) -> Result<Option<PackedMatrix>, ModelError> {
        match self.tensor(name)? {
            Some((values, shape)) => match shape.as_slice() {
                &[rows, cols] => PackedMatrix::from_f32(values, rows, cols).map(Some),
                _ => Err(load_err(name, format!("shape {shape:?} is not a matrix"))),
            },
            None => Ok(None),
        }
    }
}

impl WeightSource for GgufFile {
    fn matrix(&self, name: &str) -> Result<Option<PackedMatrix>, ModelError> {
        self.tensor_matrix(name)
    }

    fn tensor(&self, name: &str) -> Result<Option<HostTensor>, ModelError> {
        if self.tensor_info(name).is_none() {
            return Ok(None);
        }
        let (values, dims) = self.tensor_f32(name)?;
        // GGUF lists the fastest axis first; reverse to row-major order.
        let shape = dims.iter().rev().map(|&d| d as usize).collect();
        Ok(Some((values, shape)))
    }
}

/// One decoder block. The matrices are `[out, in]` as the file stores them, multiplied by
/// [`crate::kernels`]; norms and biases are burn tensors.
struct Layer {
    attn_norm: Tensor<2>,
    wq: PackedMatrix,
    wk: PackedMatrix,
    wv: PackedMatrix,
    bq: Option<Vec<f32>>,
    bk: Option<Vec<f32>>,
    bv: Option<Vec<f32>>,
    wo: PackedMatrix,
    ffn_norm: Tensor<2>,
    w_gate: PackedMatrix,
    w_up: PackedMatrix,
    w_down: PackedMatrix,
}

/// The decoder's weights on one device. Cloning is cheap (tensors are reference-counted)
/// and shares the weights.
#[derive(Clone)]
pub struct Llama {
    config: LlamaConfig,
    device: Device,
    inner: Arc<LlamaInner>,
    /// The threads the matrix products run on.
    pool: Arc<ThreadPool>,
}

struct LlamaInner {
    /// `[vocab, hidden]`; a token's embedding is its row, dequantized when looked up.
    embed: PackedMatrix,
    /// `[vocab, hidden]`: the embedding itself when the file ties them.
    lm_head: PackedMatrix,
    final_norm: Tensor<2>,
    layers: Vec<Layer>,
    rope: RopeTables,
}

/// Per-layer keys and values of the positions already processed, `[positions, kv_dim]` on
/// the host: a step appends its own rows (no re-concatenation of the whole cache) and
/// truncating is O(1).
#[derive(Clone, Default)]
pub struct KvCache {
    layers: Vec<LayerKv>,
    len: usize,
}

#[derive(Clone, Default)]
struct LayerKv {
    keys: Vec<f32>,
    values: Vec<f32>,
}

impl KvCache {
    pub fn new() -> Self {
        Self::default()
    }
    /// Number of positions cached.
    pub fn len(&self) -> usize {
        self.len
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Keep only the first `len` positions (no-op if it holds fewer).
    pub fn truncate(&mut self, len: usize) {
        if len >= self.len {
            return;
        }
        let kv_dim = self
            .layers
            .first()
            .map_or(0, |l| l.keys.len() / self.len.max(1));
        self.truncate_layers(len, kv_dim);
    }

    /// A copy of the first `len` positions (all, if it holds fewer).
    pub fn prefix(&self, len: usize) -> Self {
        let len = len.min(self.len);
        let kv_dim = self
            .layers
            .first()
            .map_or(0, |l| l.keys.len() / self.len.max(1));
        let head = |v: &Vec<f32>| v.get(..len * kv_dim).unwrap_or(v).to_vec();
        Self {
            layers: self
                .layers
                .iter()
                .map(|l| LayerKv {
                    keys: head(&l.keys),
                    values: head(&l.values),
                })
                .collect(),
            len,
        }
    }

    fn truncate_layers(&mut self, len: usize, kv_dim: usize) {
        for layer in &mut self.layers {
            layer.keys.truncate(len * kv_dim);
            layer.values.truncate(len * kv_dim);
        }
        self.len = len;
    }

    /// Bytes the cached keys and values take.
    pub fn bytes(&self) -> usize {
        self.layers
            .iter()
            .map(|l| (l.keys.len() + l.values.len()) * 4)
            .sum()
    }
}

/// Which positions to compute output logits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogitsFor {
    Last,
    All,
    /// The last `n` positions of the chunk (clamped to its length). The output head is the
    /// costliest matmul of a long prompt, so compute only the rows that are read.
    Tail(usize),
}

/// Output of one forward pass over a chunk of tokens.
pub struct ForwardOutput {
    /// `[positions, vocab]` (one row for [`LogitsFor::Last`]).
    pub logits: Tensor<2>,
    /// Final-normed hidden states of the same positions as `logits`, `[positions, hidden]`.
    pub hidden: Tensor<2>,
}

fn load_err(name: &str, reason: impl Into<String>) -> ModelError {
    ModelError::Load {
        path: name.to_owned(),
        reason: reason.into(),
    }
}

/// The row order that turns each head's NeoX halves into interleaved pairs:
/// new row `2i` is old row `i`, new row `2i+1` is old row `i + d/2`.
fn neox_to_interleaved_order(heads: usize, head_dim: usize) -> Vec<usize> {
    let half = head_dim / 2;
    let mut order = Vec::with_capacity(heads * head_dim);
    for h in 0..heads {
        for i in 0..half {
            order.push(h * head_dim + i);
            order.push(h * head_dim + i + half);
        }
    }
    order
}

fn upload(values: Vec<f32>, shape: [usize; 2], device: &Device) -> Tensor<2> {
    Tensor::from_data(TensorData::new(values, shape), device)
}

impl Llama {
    pub fn config(&self) -> &LlamaConfig {
        &self.config
    }

    pub fn device(&self) -> &Device {
        &self.device
    }

    /// Load weights from any [`WeightSource`] (GGUF names) onto `device`, with one decoder
    /// thread per core.
    pub fn load(
        config: LlamaConfig,
        source: &dyn WeightSource,
        device: &Device,
    ) -> Result<Self, ModelError> {
        config.validate()?;
        let c = &config;
        // A matrix `[out, in]`, shape-checked; q/k rows reordered for NeoX files.
        let matrix = |name: &str, out: usize, inp: usize, rope_heads: Option<usize>| {
            let m = source
                .matrix(name)?
                .ok_or_else(|| load_err(name, "missing tensor"))?;
            if (m.rows(), m.cols()) != (out, inp) {
                return Err(load_err(
                    name,
                    format!(
                        "shape [{}, {}], expected [{out}, {inp}]",
                        m.rows(),
                        m.cols()
                    ),
                ));
            }
            match (rope_heads, c.rope_layout) {
                (Some(heads), RopeLayout::Neox) => {
                    m.reorder_rows(&neox_to_interleaved_order(heads, c.head_dim))
                }
                _ => Ok(m),
            }
        };
        let host_vector = |name: &str, len: usize, rope_heads: Option<usize>| {
            let (mut values, shape) = source
                .tensor(name)?
                .ok_or_else(|| load_err(name, "missing tensor"))?;
            if shape != [len] {
                return Err(load_err(name, format!("shape {shape:?}, expected [{len}]")));
            }
            if let (Some(heads), RopeLayout::Neox) = (rope_heads, c.rope_layout) {
                let order = neox_to_interleaved_order(heads, c.head_dim);
                values = order.iter().map(|&i| values[i]).collect();
            }
            Ok::<_, ModelError>(values)
        };
        let vector = |name: &str, len: usize| {
            host_vector(name, len, None).map(|values| upload(values, [1, len], device))
        };
        let optional_vector =
            |name: &str, len: usize, rope_heads: Option<usize>| match source.tensor(name)? {
                Some(_) => host_vector(name, len, rope_heads).map(Some),
                None => Ok(None),
            };

        // Every matrix a pass multiplies holds Q5_0 as Q8_0 (`widened_q5_0`: exact, cheaper to
        // unpack); the embedding is only looked up, a row a token, and stays as the file has it.
        let product = |name: &str, out: usize, inp: usize, rope_heads: Option<usize>| {
            matrix(name, out, inp, rope_heads).map(PackedMatrix::widened_q5_0)
        };
        let embed = matrix("token_embd.weight", c.vocab_size, c.hidden_size, None)?;
        let lm_head = match source.matrix("output.weight")? {
            Some(_) => product("output.weight", c.vocab_size, c.hidden_size, None)?,
            // Tied embeddings: the head is the embedding matrix (shared, not copied).
            None => embed.clone(),
        };

        let mut layers = Vec::with_capacity(c.num_layers);
        for i in 0..c.num_layers {
            let n = |suffix: &str| format!("blk.{i}.{suffix}");
            let (h, q, kv, f) = (c.hidden_size, c.q_dim(), c.kv_dim(), c.intermediate_size);
            layers.push(Layer {
                attn_norm: vector(&n("attn_norm.weight"), h)?,
                wq: product(&n("attn_q.weight"), q, h, Some(c.num_heads))?,
                wk: product(&n("attn_k.weight"), kv, h, Some(c.num_kv_heads))?,
                wv: product(&n("attn_v.weight"), kv, h, None)?,
                bq: optional_vector(&n("attn_q.bias"), q, Some(c.num_heads))?,
                bk: optional_vector(&n("attn_k.bias"), kv, Some(c.num_kv_heads))?,
                bv: optional_vector(&n("attn_v.bias"), kv, None)?,
                wo: product(&n("attn_output.weight"), h, q, None)?,
                ffn_norm: vector(&n("ffn_norm.weight"), h)?,
                w_gate: product(&n("ffn_gate.weight"), f, h, None)?,
                w_up: product(&n("ffn_up.weight"), f, h, None)?,
                w_down: product(&n("ffn_down.weight"), h, f, None)?,
            });
        }
        let final_norm = vector("output_norm.weight", c.hidden_size)?;
        // Llama 3 GGUF files carry their frequency divisors as a tensor (llama.cpp's
        // `rope_freqs`); without it the config's own rule applies.
        let divisors = match source.tensor("rope_freqs.weight")? {
            Some(_) => host_vector("rope_freqs.weight", c.head_dim / 2, None)?
                .into_iter()
                .map(f64::from)
                .collect(),
            None => c.rope_scaling.divisors(f64::from(c.rope_theta), c.head_dim),
        };
        if divisors.iter().any(|d| !d.is_finite() || *d <= 0.0) {
            return Err(load_err(
                "rope_freqs.weight",
                "a frequency divisor is not a positive number",
            ));
        }
        let rope = RopeTables::new(c, &divisors);
        Ok(Llama {
            config,
            device: device.clone(),
            inner: Arc::new(LlamaInner {
                embed,
                lm_head,
                final_norm,
                layers,
                rope,
            }),
            pool: Arc::new(thread_pool(default_threads())?),
        })
    }

    /// The same weights, multiplied on `threads` threads.
    pub fn with_threads(&self, threads: usize) -> Result<Self, ModelError> {
        Ok(Self {
            pool: Arc::new(thread_pool(threads)?),
            ..self.clone()
        })
    }

    /// Threads the matrix products run on.
    pub fn threads(&self) -> usize {
        self.pool.current_num_threads()
    }

    /// The log-probability of one token per row of a `[rows, vocab]` logits tensor
    /// (`picks[i]` for row `i`), rows spread over the model's threads, without materializing
    /// the other log-probabilities: scoring continuations reads one entry of each row.
    pub fn picked_log_probs(
        &self,
        logits: Tensor<2>,
        picks: &[u32],
    ) -> Result<Vec<f32>, ModelError> {
        let [rows, vocab] = logits.dims();
        if picks.len() > rows {
            return Err(ModelError::Inference(format!(
                "{} tokens to score against {rows} rows of logits",
                picks.len()
            )));
        }
        let values = tensor_values(logits)?;
        let used = &values[..picks.len() * vocab];
        let sums = log_sum_exp_rows(used, vocab, &self.pool);
        picks
            .iter()
            .zip(used.chunks_exact(vocab.max(1)))
            .zip(sums)
            .map(|((&token, row), lse)| {
                let logit = row.get(token as usize).copied().ok_or_else(|| {
                    ModelError::Inference(format!("token {token} outside logits row"))
                })?;
                Ok(logit - lse)
            })
            .collect()
    }

    /// How the weight matrices are held: format name → number of matrices.
    pub fn weight_formats(&self) -> std::collections::BTreeMap<&'static str, usize> {
        let inner = &*self.inner;
        let mut out = std::collections::BTreeMap::new();
        let mut count = |m: &PackedMatrix| *out.entry(m.format_name()).or_insert(0) += 1;
        count(&inner.embed);
        for l in &inner.layers {
            for m in [&l.wq, &l.wk, &l.wv, &l.wo, &l.w_gate, &l.w_up, &l.w_down] {
                count(m);
            }
        }
        out
    }

    /// `h · Wᵀ` through the packed kernels, back as a burn tensor `[seq, rows]`.
    fn linear(&self, m: &PackedMatrix, h: Tensor<2>) -> Result<Tensor<2>, ModelError> {
        let [seq, _] = h.dims();
        let y = m.matmul(&tensor_values(h)?, seq, &self.pool)?;
        Ok(upload(y, [seq, m.rows()], &self.device))
    }

    /// Embedding rows of `tokens`, `[seq, hidden]`.
    fn embed(&self, tokens: &[u32]) -> Result<Tensor<2>, ModelError> {
        let hidden = self.config.hidden_size;
        let mut values = Vec::with_capacity(tokens.len() * hidden);
        for &t in tokens {
            let t = t as usize;
            values.extend(self.inner.embed.rows_f32(t..t + 1)?);
        }
        Ok(upload(values, [tokens.len(), hidden], &self.device))
    }

    /// Load a GGUF file's weights and config.
    pub fn from_gguf(gguf: &GgufFile, device: &Device) -> Result<Self, ModelError> {
        let config = LlamaConfig::from_gguf(gguf)?;
        Self::load(config, gguf, device)
    }

    /// Run `tokens` through the model after the positions already in `cache`, extending it.
    pub fn forward(
        &self,
        tokens: &[u32],
        cache: &mut KvCache,
        logits_for: LogitsFor,
    ) -> Result<ForwardOutput, ModelError> {
        let start = cache.len;
        let positions: Vec<usize> = (start..start + tokens.len()).collect();
        let visible: Vec<VisibleKeys> = positions.iter().map(|&p| VisibleKeys::causal(p)).collect();
        self.forward_at(tokens, &positions, &visible, cache, logits_for)
    }

    /// The general pass: token `i` sits at rotary position `positions[i]`, is appended to
    /// `cache` at index `cache.len() + i`, and attends to the cache entries `visible[i]`.
    /// [`Llama::forward`] is the causal case; several continuations of one prefix can share
    /// one pass when each sees the prefix and its own earlier tokens only.
    pub fn forward_at(
        &self,
        tokens: &[u32],
        positions: &[usize],
        visible: &[VisibleKeys],
        cache: &mut KvCache,
        logits_for: LogitsFor,
    ) -> Result<ForwardOutput, ModelError> {
        let c = &self.config;
        let seq = tokens.len();
        if seq == 0 {
            return Err(ModelError::Inference("forward over zero tokens".into()));
        }
        if positions.len() != seq || visible.len() != seq {
            return Err(ModelError::Inference(
                "one position and one visibility per token".into(),
            ));
        }
        let start = cache.len;
        let furthest = positions.iter().max().copied().unwrap_or(0) + 1;
        if start + seq > c.max_seq_len || furthest > c.max_seq_len {
            return Err(ModelError::Inference(format!(
                "sequence of {} tokens exceeds the context of {}",
                (start + seq).max(furthest),
                c.max_seq_len
            )));
        }
        if let Some(&bad) = tokens.iter().find(|&&t| t as usize >= c.vocab_size) {
            return Err(ModelError::Inference(format!(
                "token id {bad} outside vocabulary"
            )));
        }
        if cache.layers.len() != c.num_layers {
            if start != 0 {
                return Err(ModelError::Inference(
                    "cache belongs to another model".into(),
                ));
            }
            cache.layers = vec![LayerKv::default(); c.num_layers];
        }
        // A pass over a few tokens runs whole on a worker of the model's pool: each product's
        // parallel region then starts from a pool thread instead of parking the caller on a
        // latch and waking it again, a futex round trip per region, several per layer (decode
        // +20–40 % here). Not a prompt's pass: there the idle worker spinning beside the serial
        // steps (norms, rotary) cost more than the round trips saved (prefill −12 %).
        let mut target = KvTarget::Shared {
            cache: &mut *cache,
            visible,
        };
        let result = if seq < TILED_MIN_ROWS {
            self.pool
                .install(|| self.layers_forward(tokens, positions, &mut target, logits_for))
        } else {
            self.layers_forward(tokens, positions, &mut target, logits_for)
        };
        if result.is_err() {
            // A failed pass must not leave some layers one chunk longer than others.
            cache.truncate_layers(start, c.kv_dim());
        } else {
            cache.len = start + seq;
        }
        result
    }

    /// One step of several sequences that share no cache: token `i` is the next token of
    /// `caches[i]` (at its next position, attending to that cache only), and the pass returns
    /// a row of logits for each. The products run once over all the rows, so k sequences
    /// decoded side by side cost one pass of k rows, not k passes (the writer's fills from
    /// several first tokens). On error every cache is left as it was.
    pub fn forward_branches(
        &self,
        tokens: &[u32],
        caches: &mut [KvCache],
    ) -> Result<ForwardOutput, ModelError> {
        let c = &self.config;
        let seq = tokens.len();
        if seq == 0 || caches.len() != seq {
            return Err(ModelError::Inference(
                "one token for each branch's cache".into(),
            ));
        }
        if let Some(&bad) = tokens.iter().find(|&&t| t as usize >= c.vocab_size) {
            return Err(ModelError::Inference(format!(
                "token id {bad} outside vocabulary"
            )));
        }
        let positions: Vec<usize> = caches.iter().map(KvCache::len).collect();
        if let Some(&full) = positions.iter().find(|&&p| p + 1 > c.max_seq_len) {
            return Err(ModelError::Inference(format!(
                "sequence of {} tokens exceeds the context of {}",
                full + 1,
                c.max_seq_len
            )));
        }
        for cache in caches.iter_mut() {
            if cache.layers.len() != c.num_layers {
                if cache.len != 0 {
                    return Err(ModelError::Inference(
                        "cache belongs to another model".into(),
                    ));
                }
                cache.layers = vec![LayerKv::default(); c.num_layers];
            }
        }
        let mut target = KvTarget::PerRow(caches);
        let result = if seq < TILED_MIN_ROWS {
            self.pool
                .install(|| self.layers_forward(tokens, &positions, &mut target, LogitsFor::All))
        } else {
            self.layers_forward(tokens, &positions, &mut target, LogitsFor::All)
        };
        let KvTarget::PerRow(caches) = target else {
            return Err(ModelError::Inference("branch caches lost".into()));
        };
        for (cache, &start) in caches.iter_mut().zip(&positions) {
            if result.is_err() {
                cache.truncate_layers(start, c.kv_dim());
            } else {
                cache.len = start + 1;
            }
        }
        result
    }

    fn layers_forward(
        &self,
        tokens: &[u32],
        positions: &[usize],
        target: &mut KvTarget<'_>,
        logits_for: LogitsFor,
    ) -> Result<ForwardOutput, ModelError> {
        let c = &self.config;
        let seq = tokens.len();
        let inner = &*self.inner;
        let shape = AttentionShape {
            heads: c.num_heads,
            kv_heads: c.num_kv_heads,
            head_dim: c.head_dim,
        };
        let mut x = self.embed(tokens)?;
        for (l, layer) in inner.layers.iter().enumerate() {
            let h = tensor_values(rms_norm(x.clone(), &layer.attn_norm, c.rms_eps))?;
            let [mut q, mut k, mut v] = three(matmul_group(
                &[&layer.wq, &layer.wk, &layer.wv],
                &h,
                seq,
                &self.pool,
            )?)?;
            add_bias(&mut q, &layer.bq);
            add_bias(&mut k, &layer.bk);
            add_bias(&mut v, &layer.bv);
            inner.rope.rotate(&mut q, c.num_heads, positions);
            inner.rope.rotate(&mut k, c.num_kv_heads, positions);
            let attn = target.attend(l, &q, &k, &v, shape, &self.pool)?;
            let o = layer.wo.matmul(&attn, seq, &self.pool)?;
            x = x.add(upload(o, [seq, c.hidden_size], &self.device));

            let h = tensor_values(rms_norm(x.clone(), &layer.ffn_norm, c.rms_eps))?;
            let [mut gate, up] = two(matmul_group(
                &[&layer.w_gate, &layer.w_up],
                &h,
                seq,
                &self.pool,
            )?)?;
            silu_mul(&mut gate, &up, &self.pool)?;
            let down = layer.w_down.matmul(&gate, seq, &self.pool)?;
            x = x.add(upload(down, [seq, c.hidden_size], &self.device));
        }

        let x = rms_norm(x, &inner.final_norm, c.rms_eps);
        let hidden = match logits_for {
            LogitsFor::Last => x.narrow(0, seq - 1, 1),
            LogitsFor::All => x,
            LogitsFor::Tail(n) => {
                let n = n.clamp(1, seq);
                x.narrow(0, seq - n, n)
            }
        };
        let logits = self.linear(&inner.lm_head, hidden.clone())?;
        Ok(ForwardOutput { logits, hidden })
    }
}

/// Where a pass's keys and values go, and what each row attends to.
enum KvTarget<'a> {
    /// One cache: the rows are appended in order and row `i` sees `visible[i]`.
    Shared {
        cache: &'a mut KvCache,
        visible: &'a [VisibleKeys],
    },
    /// Row `i` is the next token of cache `i` and sees that cache only, causally.
    PerRow(&'a mut [KvCache]),
}

impl KvTarget<'_> {
    /// Append layer `l`'s keys `k` and values `v` of the pass's rows, then attend each row's
    /// query in `q` to what it may see.
    fn attend(
        &mut self,
        l: usize,
        q: &[f32],
        k: &[f32],
        v: &[f32],
        shape: AttentionShape,
        pool: &ThreadPool,
    ) -> Result<Vec<f32>, ModelError> {
        let missing = || ModelError::Inference("cache has fewer layers than the model".into());
        match self {
            KvTarget::Shared { cache, visible } => {
                let slot = cache.layers.get_mut(l).ok_or_else(missing)?;
                slot.keys.extend_from_slice(k);
                slot.values.extend_from_slice(v);
                attention(q, &slot.keys, &slot.values, visible, shape, pool)
            }
            KvTarget::PerRow(caches) => {
                let rows = caches.len().max(1);
                let (q_dim, kv_dim) = (q.len() / rows, k.len() / rows);
                let mut out = Vec::with_capacity(q.len());
                for (i, cache) in caches.iter_mut().enumerate() {
                    let position = cache.len;
                    let slot = cache.layers.get_mut(l).ok_or_else(missing)?;
                    slot.keys
                        .extend_from_slice(&k[i * kv_dim..(i + 1) * kv_dim]);
                    slot.values
                        .extend_from_slice(&v[i * kv_dim..(i + 1) * kv_dim]);
                    out.extend(attention(
                        &q[i * q_dim..(i + 1) * q_dim],
                        &slot.keys,
                        &slot.values,
                        &[VisibleKeys::causal(position)],
                        shape,
                        pool,
                    )?);
                }
                Ok(out)
            }
        }
    }
}

fn three(outs: Vec<Vec<f32>>) -> Result<[Vec<f32>; 3], ModelError> {
    <[Vec<f32>; 3]>::try_from(outs)
        .map_err(|_| ModelError::Inference("expected three products".into()))
}

fn two(outs: Vec<Vec<f32>>) -> Result<[Vec<f32>; 2], ModelError> {
    <[Vec<f32>; 2]>::try_from(outs)
        .map_err(|_| ModelError::Inference("expected two products".into()))
}

fn add_bias(x: &mut [f32], bias: &Option<Vec<f32>>) {
    if let Some(b) = bias {
        for row in x.chunks_exact_mut(b.len().max(1)) {
            for (v, b) in row.iter_mut().zip(b) {
                *v += b;
            }
        }
    }
}

/// `x * w / sqrt(mean(x^2) + eps)` over the last axis of `[seq, hidden]`.
fn rms_norm(x: Tensor<2>, weight: &Tensor<2>, eps: f32) -> Tensor<2> {
    let inv_rms = x
        .clone()
        .mul(x.clone())
        .mean_dim(1)
        .add_scalar(eps)
        .sqrt()
        .recip();
    x.mul(inv_rms).mul(weight.clone())
}

/// cos/sin of position × frequency, `[max_seq_len, head_dim/2]`, on the host.
struct RopeTables {
    cos: Vec<f32>,
    sin: Vec<f32>,
    head_dim: usize,
}

impl RopeTables {
    /// `divisors`: one per frequency (see [`RopeScaling::divisors`]).
    fn new(c: &LlamaConfig, divisors: &[f64]) -> Self {
        let half = c.head_dim / 2;
        // In f64 so long positions keep their precision before the cast.
        let freqs: Vec<f64> = (0..half)
            .map(|i| {
                base_frequency(f64::from(c.rope_theta), c.head_dim, i)
                    / divisors.get(i).copied().unwrap_or(1.0)
            })
            .collect();
        let mut cos = Vec::with_capacity(c.max_seq_len * half);
        let mut sin = Vec::with_capacity(c.max_seq_len * half);
        for pos in 0..c.max_seq_len {
            for &freq in &freqs {
                let angle = pos as f64 * freq;
                cos.push(angle.cos() as f32);
                sin.push(angle.sin() as f32);
            }
        }
        Self {
            cos,
            sin,
            head_dim: c.head_dim,
        }
    }

    /// Rotate adjacent pairs of each head of `x` (`[seq, heads·d]`), row `i` by the angles
    /// of `positions[i]` (checked against the context by the caller).
    fn rotate(&self, x: &mut [f32], heads: usize, positions: &[usize]) {
        let d = self.head_dim;
        let half = d / 2;
        for (row, &pos) in x.chunks_exact_mut(heads * d).zip(positions) {
            let (Some(cos), Some(sin)) = (
                self.cos.get(pos * half..(pos + 1) * half),
                self.sin.get(pos * half..(pos + 1) * half),
            ) else {
                continue;
            };
            for head in row.chunks_exact_mut(d) {
                for ((pair, &c), &s) in head.chunks_exact_mut(2).zip(cos).zip(sin) {
                    let (a, b) = (pair[0], pair[1]);
                    pair[0] = a * c - b * s;
                    pair[1] = a * s + b * c;
                }
            }
        }
    }
}

/// Read a `[rows, cols]` tensor back to host rows.
pub fn tensor_rows(t: Tensor<2>) -> Result<Vec<Vec<f32>>, ModelError> {
    let [_, cols] = t.dims();
    let values = tensor_values(t)?;
    Ok(values.chunks(cols.max(1)).map(<[f32]>::to_vec).collect())
}

pub fn tensor_values<const D: usize>(t: Tensor<D>) -> Result<Vec<f32>, ModelError> {
    t.try_into_data()
        .map_err(|e| ModelError::Inference(format!("{e:?}")))?
        .try_into_vec::<f32>()
        .map_err(|e| ModelError::Inference(format!("{e:?}")))
}

/// Log-softmax of a `[rows, vocab]` logits tensor, back on the host (computed there: burn's
/// composed log-softmax made five passes and four intermediate tensors per row).
pub fn log_probs(logits: Tensor<2>) -> Result<Vec<Vec<f32>>, ModelError> {
    let mut rows = tensor_rows(logits)?;
    for row in &mut rows {
        let lse = log_sum_exp(row);
        for v in row.iter_mut() {
            *v -= lse;
        }
    }
    Ok(rows)
}

/// A small in-memory weight set, for tests and benches of the architecture.
pub mod random {
    use std::collections::HashMap;

    use super::{HostTensor, LlamaConfig, RopeLayout, RopeScaling, WeightSource};
    use crate::error::ModelError;

    /// A tiny config of the same shape family as SmolLM2 (GQA, tied embeddings).
    pub fn tiny_config(vocab_size: usize) -> LlamaConfig {
        LlamaConfig {
            vocab_size,
            hidden_size: 32,
            intermediate_size: 64,
            num_layers: 2,
            num_heads: 4,
            num_kv_heads: 2,
            head_dim: 8,
            rope_theta: 10_000.0,
            rms_eps: 1e-5,
            max_seq_len: 256,
            rope_layout: RopeLayout::Interleaved,
            rope_scaling: RopeScaling::None,
        }
    }

    /// Deterministic pseudo-random weights (xorshift), GGUF names.
    pub struct RandomWeights {
        pub tensors: HashMap<String, HostTensor>,
    }

    impl RandomWeights {
        pub fn new(c: &LlamaConfig, seed: u64, with_bias: bool) -> Self {
            let mut state = seed.max(1);
            let mut next = move |scale: f32| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                ((state >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0) as f32 * scale
            };
            let mut tensors = HashMap::new();
            let mut add = |name: String, shape: Vec<usize>, scale: f32, offset: f32| {
                let n = shape.iter().product();
                let values = (0..n).map(|_| offset + next(scale)).collect();
                tensors.insert(name, (values, shape));
            };
            let (h, q, kv, f) = (
                c.hidden_size,
                c.num_heads * c.head_dim,
                c.num_kv_heads * c.head_dim,
                c.intermediate_size,
            );
            add("token_embd.weight".into(), vec![c.vocab_size, h], 1.0, 0.0);
            add("output_norm.weight".into(), vec![h], 0.1, 1.0);
            for i in 0..c.num_layers {
                let n = |s: &str| format!("blk.{i}.{s}");
                add(n("attn_norm.weight"), vec![h], 0.1, 1.0);
                add(n("ffn_norm.weight"), vec![h], 0.1, 1.0);
                add(n("attn_q.weight"), vec![q, h], 0.3, 0.0);
                add(n("attn_k.weight"), vec![kv, h], 0.3, 0.0);
                add(n("attn_v.weight"), vec![kv, h], 0.3, 0.0);
                add(n("attn_output.weight"), vec![h, q], 0.3, 0.0);
                add(n("ffn_gate.weight"), vec![f, h], 0.3, 0.0);
                add(n("ffn_up.weight"), vec![f, h], 0.3, 0.0);
                add(n("ffn_down.weight"), vec![h, f], 0.3, 0.0);
                if with_bias {
                    add(n("attn_q.bias"), vec![q], 0.1, 0.0);
                    add(n("attn_k.bias"), vec![kv], 0.1, 0.0);
                    add(n("attn_v.bias"), vec![kv], 0.1, 0.0);
                }
            }
            Self { tensors }
        }
    }

    impl WeightSource for RandomWeights {
        fn tensor(&self, name: &str) -> Result<Option<HostTensor>, ModelError> {
            Ok(self.tensors.get(name).cloned())
        }
    }
}
