//! Decoder throughput on both burn CPU backends: prefill tokens/s, decode tokens/s (one new
//! token against the prompt's KV cache), and one single-token forward pass from scratch.
//! Needs the installed SmolLM2 weights (`tact models fetch`); skips with a notice otherwise.
//!
//!     cargo bench --bench model
//!
//! Criterion reports throughput in elements/s, where an element is one token.

use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
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

criterion_group!(benches, model);
criterion_main!(benches);
