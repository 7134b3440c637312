//! Packed vs f32 matrix products on Qwen2.5-Coder-0.5B's own matrices: each matrix held as
//! the file stores it (Q4_K, Q6_K, Q5_0, Q8_0) and the same values inflated to f32, multiplied
//! by one input row (a decode step) and by 64 (a prefill chunk), in the same run. Needs the
//! installed model (`tact models fetch qwen2.5-coder-0.5b`); skips with a notice otherwise.
//!
//!     cargo bench -p tact-models --bench packed
//!
//! Criterion reports throughput in elements/s, where an element is one weight multiplied.

use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tact_models::fetch::{default_home, qwen_coder_path};
use tact_models::gguf::GgufFile;
use tact_models::kernels::{PackedMatrix, default_threads, thread_pool};

/// One matrix of each packed format in the file (layer 2's ffn_down is Q4_K, layer 0's Q6_K).
const MATRICES: [&str; 4] = [
    "blk.2.ffn_down.weight",
    "blk.0.ffn_down.weight",
    "blk.0.ffn_gate.weight",
    "blk.0.attn_v.weight",
];

fn packed_vs_f32(c: &mut Criterion) {
    let path = qwen_coder_path(&default_home());
    let Ok(gguf) = GgufFile::open(&path) else {
        eprintln!(
            "SKIPPED packed bench: {} not installed (run `tact models fetch qwen2.5-coder-0.5b`)",
            path.display()
        );
        return;
    };
    let Ok(pool) = thread_pool(default_threads()) else {
        return;
    };
    for name in MATRICES {
        let Ok(Some(packed)) = gguf.tensor_matrix(name) else {
            eprintln!("SKIPPED {name}: not in the file");
            continue;
        };
        let (rows, cols) = (packed.rows(), packed.cols());
        let Ok(inflated) = packed
            .rows_f32(0..rows)
            .and_then(|v| PackedMatrix::from_f32(v, rows, cols))
        else {
            continue;
        };
        let mut group = c.benchmark_group(format!("{name} [{rows}, {cols}]"));
        group
            .sample_size(20)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(2));
        for seq in [1usize, 64] {
            let x: Vec<f32> = (0..seq * cols)
                .map(|i| (i % 17) as f32 * 0.01 - 0.08)
                .collect();
            group.throughput(Throughput::Elements((seq * rows * cols) as u64));
            for m in [&packed, &inflated] {
                group.bench_function(format!("{} seq {seq}", m.format_name()), |b| {
                    b.iter(|| m.matmul(&x, seq, &pool))
                });
            }
        }
        group.finish();
    }
}

criterion_group!(benches, packed_vs_f32);
criterion_main!(benches);
