//! Decoder throughput on both burn CPU backends: prefill tokens/s, decode tokens/s (one new
//! token against the prompt's KV cache), and one single-token forward pass from scratch.
//! Needs the installed SmolLM2 weights (`tact models fetch`); skips with a notice otherwise.
//!
//!     cargo bench --bench model
//!
//! Criterion reports throughput in elements/s, where an element is one token.

use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tact_models::bench::bench_tokens;
use tact_models::engine::{BackendKind, Engine};
use tact_models::fetch::{default_home, smollm2_path};
use tact_models::llama::{KvCache, LogitsFor, tensor_values};

const PROMPT: &str = "<|im_start|>system\nYou are a coding assistant. You can call tools to read files, list directories and search the repository.<|im_end|>\n<|im_start|>user\nFind where the configuration file is parsed and show me the function that does it, please.<|im_end|>\n<|im_start|>assistant\n";

fn model(c: &mut Criterion) {
    let path = smollm2_path(&default_home());
    if !path.is_file() {
        eprintln!(
            "SKIPPED model bench: {} not installed (run `tact models fetch`)",
            path.display()
        );
        return;
    }
    for backend in [BackendKind::NdArray, BackendKind::Flex] {
        let Ok(engine) = Engine::from_gguf_path(&path, backend) else {
            eprintln!("SKIPPED {}: model failed to load", backend.name());
            continue;
        };
        let Ok(mut ids) = engine.encode(PROMPT) else {
            return;
        };
        ids.truncate(64);
        let llama = engine.llama();
        let mut group = c.benchmark_group(format!("smollm2/{}", backend.name()));
        group
            .sample_size(10)
            .warm_up_time(Duration::from_secs(2))
            .measurement_time(Duration::from_secs(10));

        group.throughput(Throughput::Elements(ids.len() as u64));
        group.bench_function(format!("prefill_{}_tokens", ids.len()), |b| {
            b.iter(|| {
                let out = llama.forward(&ids, &mut KvCache::new(), LogitsFor::Last);
                out.map(|o| tensor_values(o.logits))
            })
        });

        let mut prefilled = KvCache::new();
        if llama
            .forward(&ids, &mut prefilled, LogitsFor::Last)
            .is_err()
        {
            continue;
        }
        group.throughput(Throughput::Elements(1));
        group.bench_function(format!("decode_1_token_after_{}", ids.len()), |b| {
            b.iter(|| {
                let mut cache = prefilled.clone();
                let out = llama.forward(&[ids[0]], &mut cache, LogitsFor::Last);
                out.map(|o| tensor_values(o.logits))
            })
        });
        group.bench_function("forward_pass_1_token", |b| {
            b.iter(|| {
                let out = llama.forward(&[ids[0]], &mut KvCache::new(), LogitsFor::Last);
                out.map(|o| tensor_values(o.logits))
            })
        });
        group.finish();
    }
}

/// The figures `tact models bench` prints, as llama-bench counts them (flex only): prefill
/// of 128 and 512 tokens with logits for the last position, one decode step after 128, and
/// the ranking step (5 continuations of 8 tokens after a 500-token prompt, batched) against
/// a single continuation.
fn anchor_figures(c: &mut Criterion) {
    let path = smollm2_path(&default_home());
    let Ok(engine) = Engine::from_gguf_path(&path, BackendKind::Flex) else {
        eprintln!("SKIPPED anchor figures: {} not installed", path.display());
        return;
    };
    let llama = engine.llama();
    let vocab = llama.config().vocab_size;
    let mut group = c.benchmark_group("smollm2/anchor");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(2))
        .measurement_time(Duration::from_secs(10));
    for n in [128usize, 512] {
        let ids = bench_tokens(vocab, n);
        group.throughput(Throughput::Elements(n as u64));
        group.bench_function(format!("pp{n}"), |b| {
            b.iter(|| {
                let out = llama.forward(&ids, &mut KvCache::new(), LogitsFor::Last);
                out.map(|o| tensor_values(o.logits))
            })
        });
    }
    let ids = bench_tokens(vocab, 128 + 1);
    let mut prefilled = KvCache::new();
    if llama
        .forward(&ids[..128], &mut prefilled, LogitsFor::Last)
        .is_ok()
    {
        group.throughput(Throughput::Elements(1));
        group.bench_function("tg1_after_128", |b| {
            b.iter(|| {
                let mut cache = prefilled.clone();
                let out = llama.forward(&ids[128..], &mut cache, LogitsFor::Last);
                out.map(|o| tensor_values(o.logits))
            })
        });
    }
    let ids = bench_tokens(vocab, 500 + 5 * 8);
    if let Ok((mut cache, next)) = engine.prefill_fresh(&ids[..500]) {
        let five: Vec<Vec<u32>> = ids[500..].chunks(8).map(<[u32]>::to_vec).collect();
        let one = vec![five[0].clone()];
        group.throughput(Throughput::Elements(1));
        group.bench_function("score_1x8_after_500", |b| {
            b.iter(|| engine.continuation_logprobs(&mut cache, &next, &one))
        });
        group.bench_function("score_5x8_after_500", |b| {
            b.iter(|| engine.continuation_logprobs(&mut cache, &next, &five))
        });
    }
    group.finish();
}

criterion_group!(benches, model, anchor_figures);
criterion_main!(benches);
