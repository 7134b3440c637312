//! The decoder's speed measured the way llama.cpp's `llama-bench` measures it, so the two can
//! be run back to back and compared as ratios (`tact models bench`, `docs/benchmarks.md`):
//!
//! * `ppN`: one forward pass over `N` prompt tokens from an empty cache, logits for the last
//!   position only; tokens/s = N / time.
//! * `tgN`: `N` single-token forward passes, each after the previous (from an empty cache);
//!   tokens/s = N / time.
//!
//! Token ids are a fixed pseudo-random sequence over the vocabulary, like llama-bench's.

use std::time::Instant;

use crate::engine::Engine;
use crate::error::ModelError;
use crate::llama::{KvCache, Llama, LogitsFor, tensor_values};

/// One test repeated: tokens/s of each repetition.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct SpeedSamples {
    /// `pp128`, `pp512`, `tg64`, ...
    pub test: String,
    pub threads: usize,
    pub tokens_per_s: Vec<f64>,
}

impl SpeedSamples {
    pub fn median(&self) -> f64 {
        median(&self.tokens_per_s)
    }
    pub fn min(&self) -> f64 {
        self.tokens_per_s
            .iter()
            .copied()
            .fold(f64::INFINITY, f64::min)
    }
    pub fn max(&self) -> f64 {
        self.tokens_per_s.iter().copied().fold(0.0, f64::max)
    }
}

/// The median of `values` (0 for none).
pub fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    match sorted.len() {
        0 => 0.0,
        n if n % 2 == 1 => sorted[n / 2],
        n => (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0,
    }
}

/// What to measure.
#[derive(Debug, Clone, PartialEq)]
pub enum SpeedTest {
    Prefill(usize),
    /// Decode `tokens` one at a time after a context of `depth` tokens already in the cache
    /// (llama-bench's `-d`; 0 from an empty cache): at thousands of positions a step's
    /// attention reads the whole cache.
    Decode {
        tokens: usize,
        depth: usize,
    },
}

impl SpeedTest {
    pub fn name(&self) -> String {
        match self {
            SpeedTest::Prefill(n) => format!("pp{n}"),
            SpeedTest::Decode { tokens, depth: 0 } => format!("tg{tokens}"),
            SpeedTest::Decode { tokens, depth } => format!("tg{tokens}@d{depth}"),
        }
    }
}

/// `n` token ids, deterministic, spread over the vocabulary (skipping the first 256 ids,
/// which hold byte and special tokens in the supported tokenizers).
pub fn bench_tokens(vocab: usize, n: usize) -> Vec<u32> {
    let span = vocab.saturating_sub(256).max(1) as u64;
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    (0..n)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (256 + state % span).min(vocab as u64 - 1) as u32
        })
        .collect()
}

/// Run `test` `repetitions` times (after one untimed warm-up).
pub fn measure(
    llama: &Llama,
    test: &SpeedTest,
    repetitions: usize,
) -> Result<SpeedSamples, ModelError> {
    let vocab = llama.config().vocab_size;
    let run = || -> Result<f64, ModelError> {
        // The context of a decode at depth is prefilled before the clock starts.
        let mut context = KvCache::new();
        if let SpeedTest::Decode { depth, .. } = test
            && *depth > 0
        {
            let ids = bench_tokens(vocab, *depth);
            llama.forward(&ids, &mut context, LogitsFor::Last)?;
        }
        let started = Instant::now();
        let tokens = match test {
            SpeedTest::Prefill(n) => {
                let ids = bench_tokens(vocab, *n);
                let out = llama.forward(&ids, &mut KvCache::new(), LogitsFor::Last)?;
                tensor_values(out.logits)?;
                *n
            }
            SpeedTest::Decode { tokens: n, .. } => {
                let ids = bench_tokens(vocab, *n);
                for &id in &ids {
                    let out = llama.forward(&[id], &mut context, LogitsFor::Last)?;
                    tensor_values(out.logits)?;
                }
                *n
            }
        };
        Ok(tokens as f64 / started.elapsed().as_secs_f64().max(1e-9))
    };
    run()?;
    let mut tokens_per_s = Vec::with_capacity(repetitions);
    for _ in 0..repetitions.max(1) {
        tokens_per_s.push(run()?);
    }
    Ok(SpeedSamples {
        test: test.name(),
        threads: llama.threads(),
        tokens_per_s,
    })
}

/// Milliseconds to score `k` continuations of `len` tokens after a `prompt`-token prefix
/// already in the cache (the selector's and the repair's ranking step), per repetition.
///
/// `with_prompt`: each run also prefills the prompt, as a decision whose prompt is not cached
/// pays it; otherwise the prompt's cache is built once and only the continuations are timed.
pub fn measure_scoring(
    engine: &Engine,
    prompt: usize,
    k: usize,
    len: usize,
    repetitions: usize,
    with_prompt: bool,
) -> Result<Vec<f64>, ModelError> {
    let vocab = engine.llama().config().vocab_size;
    let ids = bench_tokens(vocab, prompt + k * len);
    let (mut cache, mut next) = engine.prefill_fresh(&ids[..prompt])?;
    let continuations: Vec<Vec<u32>> = ids[prompt..]
        .chunks(len.max(1))
        .map(<[u32]>::to_vec)
        .collect();
    let mut run = || -> Result<f64, ModelError> {
        let started = Instant::now();
        if with_prompt {
            (cache, next) = engine.prefill_fresh(&ids[..prompt])?;
        }
        engine.continuation_logprobs(&mut cache, &next, &continuations)?;
        Ok(started.elapsed().as_secs_f64() * 1000.0)
    };
    run()?;
    (0..repetitions.max(1)).map(|_| run()).collect()
}

/// Resident and peak resident memory of this process in MB (`/proc/self/status`), if the
/// platform reports them.
pub fn resident_memory_mb() -> Option<(f64, f64)> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let field = |name: &str| -> Option<f64> {
        let line = status.lines().find(|l| l.starts_with(name))?;
        let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kb / 1024.0)
    };
    Some((field("VmRSS:")?, field("VmHWM:")?))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;

    #[test]
    fn bench_tokens_stay_in_the_vocabulary_and_repeat() {
        let a = bench_tokens(300, 500);
        assert_eq!(a.len(), 500);
        assert!(a.iter().all(|&t| (256..300).contains(&t)));
        assert_eq!(a, bench_tokens(300, 500));
        assert!(bench_tokens(10, 5).iter().all(|&t| t < 10));
    }

    #[test]
    fn median_of_even_and_odd_samples() {
        let s = |v: Vec<f64>| SpeedSamples {
            test: "t".into(),
            threads: 1,
            tokens_per_s: v,
        };
        assert_eq!(s(vec![3.0, 1.0, 2.0]).median(), 2.0);
        assert_eq!(s(vec![4.0, 1.0, 2.0, 3.0]).median(), 2.5);
        assert_eq!(s(vec![4.0, 1.0]).min(), 1.0);
        assert_eq!(s(vec![4.0, 1.0]).max(), 4.0);
    }
}
