//! A linear probe on the decoder's last-layer hidden state at the decision point: logistic
//! regression predicting "a tool is needed". Trained in pure Rust (full-batch gradient descent
//! with L2), stored as `probe.bin` (MessagePack, versioned).

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::error::ModelError;

/// Format version of `probe.bin`; bump when the fields change.
pub const PROBE_FORMAT_VERSION: u32 = 1;

/// Logistic-regression probe over standardised features.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Probe {
    pub version: u32,
    /// Id of the model whose hidden states it reads (a probe is useless on another model).
    pub model_id: String,
    pub mean: Vec<f32>,
    pub scale: Vec<f32>,
    pub weights: Vec<f32>,
    pub bias: f32,
    /// Training accuracy and example count, for the record.
    pub train_accuracy: f32,
    pub train_examples: usize,
}

/// Training hyper-parameters.
#[derive(Debug, Clone, Copy)]
pub struct ProbeOptions {
    pub epochs: usize,
    pub learning_rate: f32,
    pub l2: f32,
}

impl Default for ProbeOptions {
    fn default() -> Self {
        Self {
            epochs: 300,
            learning_rate: 0.5,
            l2: 1e-3,
        }
    }
}

fn sigmoid(z: f32) -> f32 {
    1.0 / (1.0 + (-z).exp())
}

impl Probe {
    /// Fit on `(features, label)` pairs (label `true` = tool needed).
    pub fn fit(
        model_id: &str,
        examples: &[(Vec<f32>, bool)],
        options: ProbeOptions,
    ) -> Result<Probe, ModelError> {
        let Some((first, _)) = examples.first() else {
            return Err(ModelError::Probe("no training examples".into()));
        };
        let dim = first.len();
        if dim == 0 || examples.iter().any(|(x, _)| x.len() != dim) {
            return Err(ModelError::Probe(
                "features of unequal or zero length".into(),
            ));
        }
        if examples
            .iter()
            .any(|(x, _)| x.iter().any(|v| !v.is_finite()))
        {
            return Err(ModelError::Probe("non-finite feature".into()));
        }
        let n = examples.len() as f32;
        let mut mean = vec![0.0f32; dim];
        for (x, _) in examples {
            for (m, v) in mean.iter_mut().zip(x) {
                *m += v / n;
            }
        }
        let mut scale = vec![0.0f32; dim];
        for (x, _) in examples {
            for ((s, v), m) in scale.iter_mut().zip(x).zip(&mean) {
                *s += (v - m) * (v - m) / n;
            }
        }
        // Standardise so one learning rate suits every hidden unit.
        for s in &mut scale {
            *s = 1.0 / s.sqrt().max(1e-6);
        }
        let standardised: Vec<(Vec<f32>, f32)> = examples
            .iter()
            .map(|(x, y)| {
                let z = x
                    .iter()
                    .zip(&mean)
                    .zip(&scale)
                    .map(|((v, m), s)| (v - m) * s)
                    .collect();
                (z, if *y { 1.0 } else { 0.0 })
            })
            .collect();
        let mut weights = vec![0.0f32; dim];
        let mut bias = 0.0f32;
        let mut grad = vec![0.0f32; dim];
        for _ in 0..options.epochs {
            grad.iter_mut().for_each(|g| *g = 0.0);
            let mut grad_bias = 0.0;
            for (x, y) in &standardised {
                let z: f32 = bias + x.iter().zip(&weights).map(|(a, w)| a * w).sum::<f32>();
                let error = sigmoid(z) - y;
                grad_bias += error / n;
                for (g, a) in grad.iter_mut().zip(x) {
                    *g += error * a / n;
                }
            }
            for (w, g) in weights.iter_mut().zip(&grad) {
                *w -= options.learning_rate * (g + options.l2 * *w);
            }
            bias -= options.learning_rate * grad_bias;
        }
        let mut probe = Probe {
            version: PROBE_FORMAT_VERSION,
            model_id: model_id.to_owned(),
            mean,
            scale,
            weights,
            bias,
            train_accuracy: 0.0,
            train_examples: examples.len(),
        };
        let correct = examples
            .iter()
            .filter(|(x, y)| probe.predict(x).is_ok_and(|p| (p >= 0.5) == *y))
            .count();
        probe.train_accuracy = correct as f32 / n;
        Ok(probe)
    }

    /// Probability that a tool is needed.
    pub fn predict(&self, features: &[f32]) -> Result<f32, ModelError> {
        if features.len() != self.weights.len() {
            return Err(ModelError::Probe(format!(
                "{} features, probe expects {}",
                features.len(),
                self.weights.len()
            )));
        }
        let z: f32 = self.bias
            + features
                .iter()
                .zip(&self.mean)
                .zip(&self.scale)
                .zip(&self.weights)
                .map(|(((v, m), s), w)| (v - m) * s * w)
                .sum::<f32>();
        Ok(sigmoid(z))
    }

    pub fn to_bytes(&self) -> Result<Vec<u8>, ModelError> {
        rmp_serde::to_vec_named(self).map_err(|e| ModelError::Probe(e.to_string()))
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<Probe, ModelError> {
        let probe: Probe =
            rmp_serde::from_slice(bytes).map_err(|e| ModelError::Probe(e.to_string()))?;
        if probe.version != PROBE_FORMAT_VERSION {
            return Err(ModelError::Probe(format!(
                "probe format version {} (this build reads {PROBE_FORMAT_VERSION})",
                probe.version
            )));
        }
        let dim = probe.weights.len();
        if probe.mean.len() != dim || probe.scale.len() != dim {
            return Err(ModelError::Probe("inconsistent probe dimensions".into()));
        }
        Ok(probe)
    }

    pub fn save(&self, path: &Path) -> Result<(), ModelError> {
        std::fs::write(path, self.to_bytes()?)?;
        Ok(())
    }

    pub fn load(path: &Path) -> Result<Probe, ModelError> {
        Self::from_bytes(&std::fs::read(path)?)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;

    /// Two Gaussian-ish clusters separated along a direction the probe must find.
    fn clusters(n: usize) -> Vec<(Vec<f32>, bool)> {
        let mut state = 7u64;
        let mut noise = move || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((state >> 33) as f32 / (1u64 << 31) as f32) - 0.5
        };
        (0..n)
            .map(|i| {
                let label = i % 2 == 0;
                let shift = if label { 1.0 } else { -1.0 };
                let x = (0..16)
                    .map(|d| {
                        if d == 3 {
                            shift + noise()
                        } else {
                            noise() * 4.0
                        }
                    })
                    .collect();
                (x, label)
            })
            .collect()
    }

    #[test]
    fn probe_learns_a_separable_direction_and_round_trips() {
        let data = clusters(200);
        let probe = Probe::fit("test-model", &data, ProbeOptions::default()).unwrap();
        assert!(probe.train_accuracy > 0.95, "{}", probe.train_accuracy);
        let held_out = clusters(41);
        let correct = held_out
            .iter()
            .filter(|(x, y)| (probe.predict(x).unwrap() >= 0.5) == *y)
            .count();
        assert!(correct >= 38, "{correct}/41");
        let bytes = probe.to_bytes().unwrap();
        assert_eq!(Probe::from_bytes(&bytes).unwrap(), probe);
        assert!(probe.predict(&[0.0; 3]).is_err());
    }

    #[test]
    fn probe_rejects_other_versions_and_bad_input() {
        let data = clusters(20);
        let mut probe = Probe::fit("m", &data, ProbeOptions::default()).unwrap();
        probe.version = 99;
        assert!(Probe::from_bytes(&probe.to_bytes().unwrap()).is_err());
        assert!(Probe::from_bytes(b"\x00garbage").is_err());
        assert!(Probe::fit("m", &[], ProbeOptions::default()).is_err());
        assert!(
            Probe::fit(
                "m",
                &[(vec![1.0], true), (vec![1.0, 2.0], false)],
                ProbeOptions::default()
            )
            .is_err()
        );
    }
}
