//! Tuning the retriever on tool text, in burn with autodiff on CPU.
//!
//! Two fits, both contrastive (a softmax over a query's candidates, the gold tools as the
//! positives):
//! * [`train_adapter`]: a low-rank residual adapter on MiniLM's pooled sentence vector,
//!   `v ↦ normalize(v + v·down·up)`, applied to queries and tool descriptions alike. The
//!   transformer's own weights stay frozen: the adapter is a few hundred KB that ships with the
//!   policy, where a tuned copy of the encoder would be 90 MB. Negatives are the batch's other
//!   gold tools (in-batch), each query's listed hard negatives, and tools drawn from the catalog.
//! * [`fit_conditional_logit`]: weights of a linear scorer over per-candidate feature rows (the
//!   learned fusion of BM25 and cosine evidence).
//!
//! The gradients come from burn's autodiff; the optimizer (Adam) is a few tensor operations
//! here, applied outside the graph.

use crate::error::ModelError;

#[cfg(feature = "train")]
pub use training::{CandidateGroup, EpochReport, fit_conditional_logit, train_adapter};

/// One training query: its (stock, unit) vector and the catalog rows that are right for it.
#[derive(Debug, Clone, PartialEq)]
pub struct TrainingQuery {
    pub vector: Vec<f32>,
    /// Indices into the tool matrix of the gold tools.
    pub positives: Vec<usize>,
    /// Indices of the item's listed hard negatives.
    pub hard_negatives: Vec<usize>,
}

/// Hyper-parameters of [`train_adapter`].
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct AdapterConfig {
    /// Rank of the residual update.
    pub rank: usize,
    pub epochs: usize,
    pub batch_size: usize,
    pub learning_rate: f32,
    /// L2 penalty on both factors (pulls the adapter towards the identity map).
    pub l2: f32,
    /// Softmax temperature over cosines.
    pub temperature: f32,
    /// Catalog tools drawn as extra negatives per batch.
    pub sampled_negatives: usize,
    pub seed: u64,
}

impl Default for AdapterConfig {
    fn default() -> Self {
        AdapterConfig {
            rank: 32,
            epochs: 20,
            batch_size: 32,
            learning_rate: 2e-3,
            l2: 1e-3,
            temperature: 0.05,
            sampled_negatives: 256,
            seed: 20261201,
        }
    }
}

/// The fitted adapter: `down` is `[dim, rank]`, `up` is `[rank, dim]`, both row-major.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct AdapterWeights {
    pub dim: usize,
    pub rank: usize,
    pub down: Vec<f32>,
    pub up: Vec<f32>,
}

impl AdapterWeights {
    /// The adapted unit vector of a stock one: `normalize(v + v·down·up)`.
    pub fn apply(&self, v: &[f32]) -> Result<Vec<f32>, ModelError> {
        if v.len() != self.dim
            || self.down.len() != self.dim * self.rank
            || self.up.len() != self.rank * self.dim
        {
            return Err(ModelError::Inference(format!(
                "adapter of {} dimensions (rank {}) given a vector of {}",
                self.dim,
                self.rank,
                v.len()
            )));
        }
        let mut mid = vec![0.0f32; self.rank];
        for (x, row) in v.iter().zip(self.down.chunks_exact(self.rank)) {
            for (m, d) in mid.iter_mut().zip(row) {
                *m += x * d;
            }
        }
        let mut out = v.to_vec();
        for (m, row) in mid.iter().zip(self.up.chunks_exact(self.dim)) {
            for (o, u) in out.iter_mut().zip(row) {
                *o += m * u;
            }
        }
        let norm = out.iter().map(|x| x * x).sum::<f32>().sqrt().max(1e-12);
        Ok(out.into_iter().map(|x| x / norm).collect())
    }
}

/// A fitted adapter as it ships: what it adapts, how it was fitted, and a checksum of its
/// weights (verified on every load: a damaged or hand-edited file is refused).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct AdapterArtifact {
    /// The artifact's name, e.g. `minilm-tool-adapter-v1`.
    pub name: String,
    /// The encoder whose vectors it adapts (its cache id).
    pub encoder: String,
    pub config: AdapterConfig,
    /// The data and split it was fitted on.
    pub trained_on: String,
    /// SHA-256 of `down` then `up` as little-endian f32.
    pub weights_sha256: String,
    pub weights: AdapterWeights,
}

fn weights_digest(weights: &AdapterWeights) -> String {
    use sha2::{Digest, Sha256};
    let mut hasher = Sha256::new();
    for v in weights.down.iter().chain(&weights.up) {
        hasher.update(v.to_le_bytes());
    }
    hex::encode(hasher.finalize())
}

impl AdapterArtifact {
    pub fn new(
        name: &str,
        encoder: &str,
        config: AdapterConfig,
        trained_on: String,
        weights: AdapterWeights,
    ) -> AdapterArtifact {
        AdapterArtifact {
            name: name.to_string(),
            encoder: encoder.to_string(),
            config,
            trained_on,
            weights_sha256: weights_digest(&weights),
            weights,
        }
    }

    /// Parse and verify an artifact (`origin` names it in errors).
    pub fn parse(bytes: &[u8], origin: &str) -> Result<AdapterArtifact, ModelError> {
        let artifact: AdapterArtifact =
            serde_json::from_slice(bytes).map_err(|e| ModelError::Load {
                path: origin.to_string(),
                reason: format!("not an adapter artifact: {e}"),
            })?;
        let w = &artifact.weights;
        if w.down.len() != w.dim * w.rank || w.up.len() != w.rank * w.dim {
            return Err(ModelError::Load {
                path: origin.to_string(),
                reason: format!("weights do not have the shape {}×{}", w.dim, w.rank),
            });
        }
        let actual = weights_digest(w);
        if actual != artifact.weights_sha256 {
            return Err(ModelError::Checksum {
                file: origin.to_string(),
                expected: artifact.weights_sha256.clone(),
                actual,
            });
        }
        Ok(artifact)
    }

    /// The id of the vectors it produces: the encoder's, with the adapter's name (caches of
    /// adapted and stock vectors never mix).
    pub fn vector_id(&self) -> String {
        format!("{}+{}", self.encoder, self.name)
    }

    pub fn to_json(&self) -> Result<String, ModelError> {
        serde_json::to_string(self).map_err(|e| ModelError::Inference(e.to_string()))
    }
}

/// An adapter artifact from a file.
pub fn load_adapter(path: &std::path::Path) -> Result<AdapterArtifact, ModelError> {
    let bytes = std::fs::read(path).map_err(|e| ModelError::Load {
        path: path.display().to_string(),
        reason: e.to_string(),
    })?;
    AdapterArtifact::parse(&bytes, &path.display().to_string())
}

/// The fits themselves: only in builds with the `train` feature (burn's autodiff), which the
/// decoder's own builds leave out.
#[cfg(feature = "train")]
mod training {
    use burn::tensor::{Device, Tensor, TensorData};

    use super::{AdapterConfig, AdapterWeights, TrainingQuery};
    use crate::error::ModelError;
    use crate::llama::tensor_values;

    /// What one epoch did, for progress reporting.
    #[derive(Debug, Clone, Copy, PartialEq)]
    pub struct EpochReport {
        pub epoch: usize,
        pub mean_loss: f32,
    }

    /// A small deterministic generator (SplitMix64) for batches, negatives and the initial
    /// weights, so a fit is reproducible from its seed.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        }
        fn below(&mut self, n: usize) -> usize {
            (self.next() % n.max(1) as u64) as usize
        }
        /// Roughly normal (sum of uniforms), scaled.
        fn normal(&mut self, scale: f32) -> f32 {
            let s: f32 = (0..4)
                .map(|_| (self.next() >> 40) as f32 / (1u64 << 24) as f32)
                .sum();
            (s - 2.0) * scale * 1.732
        }
        fn shuffle<T>(&mut self, items: &mut [T]) {
            for i in (1..items.len()).rev() {
                let j = self.below(i + 1);
                items.swap(i, j);
            }
        }
    }

    fn matrix(values: Vec<f32>, rows: usize, cols: usize, device: &Device) -> Tensor<2> {
        Tensor::<2>::from_data(TensorData::new(values, [rows, cols]), device)
    }

    /// `x + x·down·up`, each row scaled to unit length.
    fn adapt(x: Tensor<2>, down: &Tensor<2>, up: &Tensor<2>) -> Tensor<2> {
        let y = x.clone().add(x.matmul(down.clone()).matmul(up.clone()));
        let norm = y.clone().mul(y.clone()).sum_dim(1).add_scalar(1e-12).sqrt();
        y.div(norm)
    }

    /// Multi-positive softmax cross-entropy: mean over rows of `lse(all) − lse(positives)`.
    /// `mask` holds 1 for a row's positives; `valid` 1 for real (non-padding) columns.
    fn contrastive_loss(logits: Tensor<2>, positives: Tensor<2>, valid: Tensor<2>) -> Tensor<1> {
        // Cosines over a temperature are bounded (|logit| ≤ 1/τ), so exp cannot overflow at the
        // temperatures used here; no max-shift needed.
        let exp = logits.exp().mul(valid);
        let all = exp.clone().sum_dim(1).add_scalar(1e-30).log();
        let pos = exp.mul(positives).sum_dim(1).add_scalar(1e-30).log();
        all.sub(pos).mean().reshape([1])
    }

    /// Adam state of one parameter.
    struct Adam {
        m: Tensor<2>,
        v: Tensor<2>,
    }

    impl Adam {
        fn new(shape: [usize; 2], device: &Device) -> Adam {
            Adam {
                m: Tensor::<2>::zeros(shape, device),
                v: Tensor::<2>::zeros(shape, device),
            }
        }

        /// One step on `param` (outside the graph), returning the new leaf.
        fn step(&mut self, param: Tensor<2>, grad: Tensor<2>, lr: f32, t: i32) -> Tensor<2> {
            let (b1, b2, eps) = (0.9f32, 0.999f32, 1e-8f32);
            self.m = self
                .m
                .clone()
                .mul_scalar(b1)
                .add(grad.clone().mul_scalar(1.0 - b1));
            self.v = self
                .v
                .clone()
                .mul_scalar(b2)
                .add(grad.clone().mul(grad).mul_scalar(1.0 - b2));
            let m_hat = self.m.clone().div_scalar(1.0 - b1.powi(t));
            let v_hat = self.v.clone().div_scalar(1.0 - b2.powi(t));
            let update = m_hat.div(v_hat.sqrt().add_scalar(eps)).mul_scalar(lr);
            param.inner().sub(update)
        }
    }

    fn leaf(t: Tensor<2>) -> Tensor<2> {
        t.inner().autodiff().require_grad()
    }

    fn grad_of(
        param: &Tensor<2>,
        grads: &burn::tensor::Gradients,
    ) -> Result<Tensor<2>, ModelError> {
        param.grad(grads).ok_or_else(|| {
            ModelError::Inference("autodiff returned no gradient for a parameter".into())
        })
    }

    fn check_vectors(vectors: &[Vec<f32>], dim: usize, what: &str) -> Result<(), ModelError> {
        if let Some(bad) = vectors.iter().position(|v| v.len() != dim) {
            return Err(ModelError::Inference(format!(
                "{what} {bad} has {} dimensions, expected {dim}",
                vectors[bad].len()
            )));
        }
        Ok(())
    }

    /// Fit the low-rank adapter on `queries` against the catalog's `tools` (unit vectors, one per
    /// row). `progress` hears after each epoch.
    pub fn train_adapter(
        queries: &[TrainingQuery],
        tools: &[Vec<f32>],
        config: &AdapterConfig,
        device: &Device,
        progress: &mut dyn FnMut(EpochReport),
    ) -> Result<AdapterWeights, ModelError> {
        let dim = tools
            .first()
            .map(Vec::len)
            .ok_or_else(|| ModelError::Inference("no tools to tune against".into()))?;
        check_vectors(tools, dim, "tool vector")?;
        let queries: Vec<&TrainingQuery> =
            queries.iter().filter(|q| !q.positives.is_empty()).collect();
        if queries.is_empty() {
            return Err(ModelError::Inference("no query has a gold tool".into()));
        }
        if let Some(q) = queries.iter().find(|q| q.vector.len() != dim) {
            return Err(ModelError::Inference(format!(
                "a query vector has {} dimensions, expected {dim}",
                q.vector.len()
            )));
        }
        if let Some(bad) = queries
            .iter()
            .flat_map(|q| q.positives.iter().chain(&q.hard_negatives))
            .find(|&&i| i >= tools.len())
        {
            return Err(ModelError::Inference(format!(
                "tool index {bad} outside the catalog of {}",
                tools.len()
            )));
        }
        let rank = config.rank.max(1);
        let mut rng = Rng(config.seed);
        let init: Vec<f32> = (0..dim * rank)
            .map(|_| rng.normal(1.0 / (dim as f32).sqrt()))
            .collect();
        let mut down = leaf(matrix(init, dim, rank, device));
        // Zero `up`: training starts from the identity map (the stock encoder).
        let mut up = leaf(Tensor::<2>::zeros([rank, dim], device));
        let (mut adam_down, mut adam_up) = (
            Adam::new([dim, rank], device),
            Adam::new([rank, dim], device),
        );
        let mut order: Vec<usize> = (0..queries.len()).collect();
        let mut step = 0i32;
        for epoch in 0..config.epochs {
            rng.shuffle(&mut order);
            let mut losses = Vec::new();
            for batch in order.chunks(config.batch_size.max(1)) {
                // The batch's candidate columns: gold and hard negatives of every query, then
                // sampled catalog tools.
                let mut columns: Vec<usize> = Vec::new();
                let mut column_of = std::collections::HashMap::new();
                let mut add = |tool: usize, columns: &mut Vec<usize>| {
                    *column_of.entry(tool).or_insert_with(|| {
                        columns.push(tool);
                        columns.len() - 1
                    })
                };
                for &qi in batch {
                    let q = queries[qi];
                    for &t in q.positives.iter().chain(&q.hard_negatives) {
                        add(t, &mut columns);
                    }
                }
                for _ in 0..config.sampled_negatives {
                    add(rng.below(tools.len()), &mut columns);
                }
                let c = columns.len();
                let b = batch.len();
                let mut mask = vec![0.0f32; b * c];
                for (row, &qi) in batch.iter().enumerate() {
                    for &t in &queries[qi].positives {
                        if let Some(&col) = column_of.get(&t) {
                            mask[row * c + col] = 1.0;
                        }
                    }
                }
                let q_matrix = matrix(
                    batch
                        .iter()
                        .flat_map(|&qi| queries[qi].vector.iter().copied())
                        .collect(),
                    b,
                    dim,
                    device,
                );
                let t_matrix = matrix(
                    columns
                        .iter()
                        .flat_map(|&t| tools[t].iter().copied())
                        .collect(),
                    c,
                    dim,
                    device,
                );
                let logits = adapt(q_matrix, &down, &up)
                    .matmul(adapt(t_matrix, &down, &up).transpose())
                    .div_scalar(config.temperature.max(1e-3));
                let loss = contrastive_loss(
                    logits,
                    matrix(mask, b, c, device),
                    Tensor::<2>::ones([b, c], device),
                );
                let penalty = down
                    .clone()
                    .mul(down.clone())
                    .sum()
                    .add(up.clone().mul(up.clone()).sum())
                    .mul_scalar(config.l2);
                let total = loss.clone().add(penalty);
                if !total.is_tracked() {
                    return Err(ModelError::Inference(
                        "the loss is not on the autodiff graph".into(),
                    ));
                }
                let grads = total.backward();
                let (g_down, g_up) = (grad_of(&down, &grads)?, grad_of(&up, &grads)?);
                step += 1;
                down = leaf(adam_down.step(down, g_down, config.learning_rate, step));
                up = leaf(adam_up.step(up, g_up, config.learning_rate, step));
                losses.extend(tensor_values(loss.inner())?);
            }
            let mean_loss = losses.iter().sum::<f32>() / losses.len().max(1) as f32;
            if !mean_loss.is_finite() {
                return Err(ModelError::Inference(format!(
                    "the adapter's loss diverged at epoch {epoch} (try a lower learning rate)"
                )));
            }
            progress(EpochReport { epoch, mean_loss });
        }
        Ok(AdapterWeights {
            dim,
            rank,
            down: tensor_values(down.inner())?,
            up: tensor_values(up.inner())?,
        })
    }

    /// One group of candidates for [`fit_conditional_logit`]: a feature row per candidate and the
    /// indices of the right ones.
    #[derive(Debug, Clone, PartialEq)]
    pub struct CandidateGroup {
        pub rows: Vec<Vec<f32>>,
        pub positives: Vec<usize>,
    }

    /// Fit the weights of a linear scorer by maximizing, over groups, the softmax mass of each
    /// group's right candidates (full batch, Adam, L2 strength `l2`). Groups without a right
    /// candidate, or with a single candidate, carry no information and are skipped.
    pub fn fit_conditional_logit(
        groups: &[CandidateGroup],
        features: usize,
        l2: f32,
        iterations: usize,
        device: &Device,
    ) -> Result<Vec<f32>, ModelError> {
        let useful: Vec<&CandidateGroup> = groups
            .iter()
            .filter(|g| g.rows.len() > 1 && g.positives.iter().any(|&p| p < g.rows.len()))
            .collect();
        if useful.is_empty() {
            return Err(ModelError::Inference(
                "no group has a right candidate".into(),
            ));
        }
        if let Some(bad) = useful
            .iter()
            .flat_map(|g| &g.rows)
            .find(|r| r.len() != features)
        {
            return Err(ModelError::Inference(format!(
                "a feature row has {} entries, expected {features}",
                bad.len()
            )));
        }
        let g = useful.len();
        let width = useful.iter().map(|g| g.rows.len()).max().unwrap_or(1);
        let mut x = vec![0.0f32; g * width * features];
        let mut positives = vec![0.0f32; g * width];
        let mut valid = vec![0.0f32; g * width];
        for (gi, group) in useful.iter().enumerate() {
            for (ci, row) in group.rows.iter().enumerate() {
                let at = (gi * width + ci) * features;
                x[at..at + features].copy_from_slice(row);
                valid[gi * width + ci] = 1.0;
            }
            for &p in &group.positives {
                if p < group.rows.len() {
                    positives[gi * width + p] = 1.0;
                }
            }
        }
        let x = matrix(x, g * width, features, device);
        let positives = matrix(positives, g, width, device);
        let valid = matrix(valid, g, width, device);
        let mut w = leaf(Tensor::<2>::zeros([features, 1], device));
        let mut adam = Adam::new([features, 1], device);
        for step in 1..=iterations as i32 {
            // Scores of padding columns are masked out of both sums by `valid`; they are kept
            // bounded (zero rows) so exp stays finite.
            let logits = x.clone().matmul(w.clone()).reshape([g, width]);
            let loss = contrastive_loss(logits, positives.clone(), valid.clone())
                .add(w.clone().mul(w.clone()).sum().mul_scalar(l2));
            if !loss.is_tracked() {
                return Err(ModelError::Inference(
                    "the loss is not on the autodiff graph".into(),
                ));
            }
            let grads = loss.backward();
            let grad = grad_of(&w, &grads)?;
            w = leaf(adam.step(w, grad, 0.05, step));
        }
        tensor_values(w.inner())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    #[cfg(feature = "train")]
    fn unit(v: Vec<f32>) -> Vec<f32> {
        let n = v.iter().map(|x| x * x).sum::<f32>().sqrt();
        v.into_iter().map(|x| x / n).collect()
    }

    /// Queries that share a nuisance direction with a distractor tool (the way every request
    /// reads "find…", "calculate…"): the stock vectors send them all to the distractor, and the
    /// adapter must learn to discount that direction.
    #[cfg(feature = "train")]
    #[test]
    fn the_adapter_learns_to_send_queries_to_their_tools() {
        let device = crate::BackendKind::DEFAULT.device();
        let dim = 8;
        let distractor = dim - 1;
        let tools: Vec<Vec<f32>> = (0..dim)
            .map(|i| {
                let mut v = vec![0.0; dim];
                v[i] = 1.0;
                v
            })
            .collect();
        let queries: Vec<TrainingQuery> = (0..distractor)
            .flat_map(|i| {
                (0..4).map(move |k| {
                    let mut v = vec![0.0; dim];
                    v[i] = 0.5;
                    v[(i + 1) % distractor] = 0.05 * k as f32;
                    v[distractor] = 1.0;
                    TrainingQuery {
                        vector: unit(v),
                        positives: vec![i],
                        hard_negatives: vec![distractor],
                    }
                })
            })
            .collect();
        let top = |weights: Option<&AdapterWeights>, q: &[f32]| -> usize {
            let map = |v: &[f32]| match weights {
                Some(w) => w.apply(v).unwrap(),
                None => v.to_vec(),
            };
            let qa = map(q);
            (0..dim)
                .max_by(|&a, &b| {
                    let sa: f32 = qa.iter().zip(&map(&tools[a])).map(|(x, y)| x * y).sum();
                    let sb: f32 = qa.iter().zip(&map(&tools[b])).map(|(x, y)| x * y).sum();
                    sa.total_cmp(&sb)
                })
                .unwrap_or(0)
        };
        let right_before = queries
            .iter()
            .filter(|q| top(None, &q.vector) == q.positives[0])
            .count();
        assert_eq!(right_before, 0, "the stock vectors must start wrong");
        let config = AdapterConfig {
            rank: 4,
            epochs: 60,
            batch_size: 8,
            learning_rate: 2e-2,
            l2: 1e-5,
            temperature: 0.1,
            sampled_negatives: 4,
            seed: 7,
        };
        let mut losses = Vec::new();
        let weights = train_adapter(&queries, &tools, &config, &device, &mut |r| {
            losses.push(r.mean_loss)
        })
        .unwrap();
        assert_eq!(losses.len(), 60);
        assert!(losses[59] < losses[0] * 0.5, "loss {losses:?}");
        let right_after = queries
            .iter()
            .filter(|q| top(Some(&weights), &q.vector) == q.positives[0])
            .count();
        assert!(right_after >= 26, "{right_after} of 28 right after tuning");
    }

    #[cfg(feature = "train")]
    #[test]
    fn a_conditional_logit_finds_the_feature_that_marks_the_right_candidate() {
        let device = crate::BackendKind::DEFAULT.device();
        // Feature 1 marks the right candidate; feature 0 is noise that favours a wrong one.
        let groups: Vec<CandidateGroup> = (0..20)
            .map(|i| CandidateGroup {
                rows: vec![
                    vec![0.2, 1.0],
                    vec![0.9, 0.1 * (i % 3) as f32],
                    vec![0.5, 0.0],
                ],
                positives: vec![0],
            })
            .collect();
        let w = fit_conditional_logit(&groups, 2, 1e-4, 300, &device).unwrap();
        assert!(w[1] > 1.0 && w[1] > w[0], "weights {w:?}");
    }

    #[test]
    fn an_artifact_round_trips_and_a_changed_weight_is_refused() {
        let weights = AdapterWeights {
            dim: 2,
            rank: 1,
            down: vec![0.5, -0.5],
            up: vec![0.25, 0.0],
        };
        let artifact = AdapterArtifact::new(
            "toy-v1",
            "enc",
            AdapterConfig::default(),
            "test".into(),
            weights.clone(),
        );
        let text = artifact.to_json().unwrap();
        let back = AdapterArtifact::parse(text.as_bytes(), "toy").unwrap();
        assert_eq!(back, artifact);
        assert_eq!(back.vector_id(), "enc+toy-v1");
        // (1, 0) → mid 0.5 → (1 + 0.125, 0), normalized.
        assert_eq!(back.weights.apply(&[1.0, 0.0]).unwrap(), vec![1.0, 0.0]);
        let adapted = back.weights.apply(&[0.0, 1.0]).unwrap();
        assert!(
            (adapted[0] - (-0.125f32 / 1.0078f32.sqrt())).abs() < 1e-3,
            "{adapted:?}"
        );
        assert!(back.weights.apply(&[1.0]).is_err());
        let tampered = text.replace("0.25", "0.35");
        assert!(matches!(
            AdapterArtifact::parse(tampered.as_bytes(), "toy"),
            Err(ModelError::Checksum { .. })
        ));
        assert!(load_adapter(std::path::Path::new("/no/such/adapter.json")).is_err());
    }

    #[cfg(feature = "train")]
    #[test]
    fn bad_shapes_are_errors_not_panics() {
        let device = crate::BackendKind::DEFAULT.device();
        let tools = vec![vec![1.0, 0.0], vec![0.0, 1.0]];
        let query = TrainingQuery {
            vector: vec![1.0, 0.0, 0.0],
            positives: vec![0],
            hard_negatives: vec![],
        };
        assert!(
            train_adapter(
                &[query],
                &tools,
                &AdapterConfig::default(),
                &device,
                &mut |_| {}
            )
            .is_err()
        );
        let out_of_range = TrainingQuery {
            vector: vec![1.0, 0.0],
            positives: vec![5],
            hard_negatives: vec![],
        };
        assert!(
            train_adapter(
                &[out_of_range],
                &tools,
                &AdapterConfig::default(),
                &device,
                &mut |_| {}
            )
            .is_err()
        );
        let ragged = CandidateGroup {
            rows: vec![vec![1.0], vec![1.0, 2.0]],
            positives: vec![0],
        };
        assert!(fit_conditional_logit(&[ragged], 2, 0.0, 10, &device).is_err());
    }
}
