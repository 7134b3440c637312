//! Fast tests on a tiny randomly initialised model of SmolLM2's architecture, on both
//! backends: the burn forward pass against a plain-Rust reference, KV-cache consistency,
//! NeoX row permutation, and schema-constrained tool choice end to end (tiny GGUF file with a
//! byte-level tokenizer).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::HashMap;

use tact_models::engine::{BackendKind, Engine};
use tact_models::gguf::GgufValue;
use tact_models::gguf::writer::write_f32_gguf;
use tact_models::llama::random::{RandomWeights, tiny_config};
use tact_models::llama::{KvCache, Llama, LlamaConfig, LogitsFor, RopeLayout, tensor_rows};
use tact_models::llama_decision::choose_on_engine;
use tact_runtime::model_io::{BlockRequest, Sampling, SelectionPrior, StepPrompt, ToolCandidate};

const BACKENDS: [BackendKind; 2] = [BackendKind::NdArray, BackendKind::Flex];

// ---- plain-Rust reference forward (HF formulation, no cache) ----

fn matvec(w: &[f32], rows: usize, cols: usize, x: &[f32]) -> Vec<f32> {
    (0..rows)
        .map(|r| (0..cols).map(|c| w[r * cols + c] * x[c]).sum())
        .collect()
}

fn rms(x: &[f32], w: &[f32], eps: f32) -> Vec<f32> {
    let ms = x.iter().map(|v| v * v).sum::<f32>() / x.len() as f32;
    let inv = 1.0 / (ms + eps).sqrt();
    x.iter().zip(w).map(|(v, g)| v * inv * g).collect()
}

/// Rotate one head vector at `pos`; `neox` pairs (i, i+d/2), else (2i, 2i+1).
fn rope(v: &mut [f32], pos: usize, theta: f32, neox: bool) {
    let d = v.len();
    for i in 0..d / 2 {
        let angle = pos as f64 * (theta as f64).powf(-(2.0 * i as f64) / d as f64);
        let (s, c) = (angle.sin() as f32, angle.cos() as f32);
        let (a, b) = if neox {
            (i, i + d / 2)
        } else {
            (2 * i, 2 * i + 1)
        };
        let (x0, x1) = (v[a], v[b]);
        v[a] = x0 * c - x1 * s;
        v[b] = x0 * s + x1 * c;
    }
}

fn reference_logits(
    c: &LlamaConfig,
    w: &HashMap<String, (Vec<f32>, Vec<usize>)>,
    ids: &[u32],
) -> Vec<Vec<f32>> {
    let get = |n: &str| &w[n].0;
    let h = c.hidden_size;
    let hd = c.head_dim;
    let neox = c.rope_layout == RopeLayout::Neox;
    let mut xs: Vec<Vec<f32>> = ids
        .iter()
        .map(|&t| get("token_embd.weight")[t as usize * h..(t as usize + 1) * h].to_vec())
        .collect();
    for l in 0..c.num_layers {
        let n = |s: &str| format!("blk.{l}.{s}");
        let mut qs = Vec::new();
        let mut ks = Vec::new();
        let mut vs = Vec::new();
        for (pos, x) in xs.iter().enumerate() {
            let hn = rms(x, get(&n("attn_norm.weight")), c.rms_eps);
            let add_bias = |mut v: Vec<f32>, name: &str| {
                if let Some((b, _)) = w.get(&n(name)) {
                    v.iter_mut().zip(b).for_each(|(a, b)| *a += b);
                }
                v
            };
            let mut q = add_bias(
                matvec(get(&n("attn_q.weight")), c.num_heads * hd, h, &hn),
                "attn_q.bias",
            );
            let mut k = add_bias(
                matvec(get(&n("attn_k.weight")), c.num_kv_heads * hd, h, &hn),
                "attn_k.bias",
            );
            let v = add_bias(
                matvec(get(&n("attn_v.weight")), c.num_kv_heads * hd, h, &hn),
                "attn_v.bias",
            );
            q.chunks_mut(hd)
                .for_each(|head| rope(head, pos, c.rope_theta, neox));
            k.chunks_mut(hd)
                .for_each(|head| rope(head, pos, c.rope_theta, neox));
            qs.push(q);
            ks.push(k);
            vs.push(v);
        }
        let groups = c.num_heads / c.num_kv_heads;
        for (i, x) in xs.iter_mut().enumerate() {
            let mut attn = vec![0.0f32; c.num_heads * hd];
            for head in 0..c.num_heads {
                let kv = head / groups;
                let q = &qs[i][head * hd..(head + 1) * hd];
                let scores: Vec<f32> = (0..=i)
                    .map(|j| {
                        let k = &ks[j][kv * hd..(kv + 1) * hd];
                        q.iter().zip(k).map(|(a, b)| a * b).sum::<f32>() / (hd as f32).sqrt()
                    })
                    .collect();
                let max = scores.iter().cloned().fold(f32::NEG_INFINITY, f32::max);
                let exps: Vec<f32> = scores.iter().map(|s| (s - max).exp()).collect();
                let total: f32 = exps.iter().sum();
                for (j, e) in exps.iter().enumerate() {
                    for d in 0..hd {
                        attn[head * hd + d] += e / total * vs[j][kv * hd + d];
                    }
                }
            }
            let o = matvec(get(&n("attn_output.weight")), h, c.num_heads * hd, &attn);
            x.iter_mut().zip(&o).for_each(|(a, b)| *a += b);
            let hn = rms(x, get(&n("ffn_norm.weight")), c.rms_eps);
            let f = c.intermediate_size;
            let g = matvec(get(&n("ffn_gate.weight")), f, h, &hn);
            let u = matvec(get(&n("ffn_up.weight")), f, h, &hn);
            let act: Vec<f32> = g
                .iter()
                .zip(&u)
                .map(|(g, u)| g / (1.0 + (-g).exp()) * u)
                .collect();
            let down = matvec(get(&n("ffn_down.weight")), h, f, &act);
            x.iter_mut().zip(&down).for_each(|(a, b)| *a += b);
        }
    }
    xs.iter()
        .map(|x| {
            let hn = rms(x, get("output_norm.weight"), c.rms_eps);
            matvec(get("token_embd.weight"), c.vocab_size, h, &hn)
        })
        .collect()
}

fn max_abs_diff(a: &[Vec<f32>], b: &[Vec<f32>]) -> f32 {
    a.iter()
        .flatten()
        .zip(b.iter().flatten())
        .map(|(x, y)| (x - y).abs())
        .fold(0.0, f32::max)
}

fn check_against_reference(config: LlamaConfig, with_bias: bool) {
    let weights = RandomWeights::new(&config, 42, with_bias);
    let ids = [3u32, 17, 5, 60, 2, 2, 41];
    let want = reference_logits(&config, &weights.tensors, &ids);
    for backend in BACKENDS {
        let model = Llama::load(config.clone(), &weights, &backend.device()).unwrap();
        let out = model
            .forward(&ids, &mut KvCache::new(), LogitsFor::All)
            .unwrap();
        let got = tensor_rows(out.logits).unwrap();
        let diff = max_abs_diff(&got, &want);
        assert!(
            diff < 1e-3,
            "{backend:?} {:?}: max abs diff {diff}",
            config.rope_layout
        );
    }
}

#[test]
fn forward_matches_plain_rust_reference_interleaved_rope() {
    check_against_reference(tiny_config(64), false);
}

#[test]
fn forward_matches_plain_rust_reference_neox_rope_with_bias() {
    // Qwen2-style: NeoX rows in the file, q/k/v biases; the loader permutes rows.
    let mut config = tiny_config(64);
    config.rope_layout = RopeLayout::Neox;
    check_against_reference(config, true);
}

#[test]
fn incremental_decoding_with_kv_cache_matches_full_forward() {
    let config = tiny_config(64);
    let weights = RandomWeights::new(&config, 7, false);
    let ids = [1u32, 9, 33, 4, 12, 50];
    for backend in BACKENDS {
        let model = Llama::load(config.clone(), &weights, &backend.device()).unwrap();
        let full = tensor_rows(
            model
                .forward(&ids, &mut KvCache::new(), LogitsFor::All)
                .unwrap()
                .logits,
        )
        .unwrap();
        let mut cache = KvCache::new();
        let mut stepwise = tensor_rows(
            model
                .forward(&ids[..3], &mut cache, LogitsFor::All)
                .unwrap()
                .logits,
        )
        .unwrap();
        for &t in &ids[3..] {
            stepwise.extend(
                tensor_rows(
                    model
                        .forward(&[t], &mut cache, LogitsFor::Last)
                        .unwrap()
                        .logits,
                )
                .unwrap(),
            );
        }
        assert_eq!(cache.len(), ids.len());
        let diff = max_abs_diff(&full, &stepwise);
        assert!(diff < 1e-4, "{backend:?}: {diff}");
    }
}

#[test]
fn bad_inputs_are_errors() {
    let config = tiny_config(64);
    let weights = RandomWeights::new(&config, 1, false);
    let model = Llama::load(config.clone(), &weights, &BackendKind::Flex.device()).unwrap();
    assert!(
        model
            .forward(&[], &mut KvCache::new(), LogitsFor::Last)
            .is_err()
    );
    assert!(
        model
            .forward(&[64], &mut KvCache::new(), LogitsFor::Last)
            .is_err()
    );
    let too_long = vec![1u32; config.max_seq_len + 1];
    assert!(
        model
            .forward(&too_long, &mut KvCache::new(), LogitsFor::Last)
            .is_err()
    );
    // A weight of the wrong shape is a load error.
    let mut broken = RandomWeights::new(&config, 1, false);
    broken.tensors.get_mut("blk.1.attn_k.weight").unwrap().1 = vec![8, 64];
    assert!(Llama::load(config, &broken, &BackendKind::Flex.device()).is_err());
}

// ---- a tiny GGUF with a byte-level tokenizer, for Engine-level tests ----

/// GPT-2's byte-to-unicode table.
fn byte_level_alphabet() -> Vec<String> {
    let mut printable: Vec<u32> = (33..=126).chain(161..=172).chain(174..=255).collect();
    let mut mapped = Vec::with_capacity(256);
    let mut extra = 0;
    for b in 0..=255u32 {
        if printable.contains(&b) {
            mapped.push(char::from_u32(b).unwrap().to_string());
        } else {
            mapped.push(char::from_u32(256 + extra).unwrap().to_string());
            extra += 1;
        }
    }
    printable.clear();
    mapped
}

/// The tiny model written to a fresh temporary folder (kept alive by the returned guard).
fn tiny_gguf_file() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tiny.gguf");
    tiny_gguf(&path);
    (dir, path)
}

fn tiny_gguf(path: &std::path::Path) -> LlamaConfig {
    tiny_gguf_as(path, "llama")
}

/// The tiny model written with `general.architecture = arch` and its keys under `{arch}.`.
fn tiny_gguf_as(path: &std::path::Path, arch: &str) -> LlamaConfig {
    let specials = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"];
    let mut tokens: Vec<String> = specials.iter().map(|s| s.to_string()).collect();
    tokens.extend(byte_level_alphabet());
    let merges = ["Ġ t", "e a", "r e"];
    for m in merges {
        tokens.push(m.replace(' ', ""));
    }
    let mut config = tiny_config(tokens.len());
    config.max_seq_len = 1024;
    let weights = RandomWeights::new(&config, 3, false);
    let key = |name: &str| format!("{arch}.{name}");
    let mut metadata = vec![
        (
            "general.architecture".to_string(),
            GgufValue::String(arch.into()),
        ),
        ("general.basename".into(), GgufValue::String("tiny".into())),
        (key("block_count"), GgufValue::U32(config.num_layers as u32)),
        (
            key("context_length"),
            GgufValue::U32(config.max_seq_len as u32),
        ),
        (
            key("embedding_length"),
            GgufValue::U32(config.hidden_size as u32),
        ),
        (
            key("feed_forward_length"),
            GgufValue::U32(config.intermediate_size as u32),
        ),
        (
            key("attention.head_count"),
            GgufValue::U32(config.num_heads as u32),
        ),
        (
            key("attention.head_count_kv"),
            GgufValue::U32(config.num_kv_heads as u32),
        ),
        (key("rope.freq_base"), GgufValue::F32(config.rope_theta)),
        (
            key("attention.layer_norm_rms_epsilon"),
            GgufValue::F32(config.rms_eps),
        ),
        (
            "tokenizer.ggml.model".into(),
            GgufValue::String("gpt2".into()),
        ),
        (
            "tokenizer.ggml.pre".into(),
            GgufValue::String("smollm".into()),
        ),
    ];
    metadata.push((
        "tokenizer.ggml.tokens".into(),
        GgufValue::Array(
            tokens
                .iter()
                .map(|t| GgufValue::String(t.clone()))
                .collect(),
        ),
    ));
    metadata.push((
        "tokenizer.ggml.token_type".into(),
        GgufValue::Array(
            (0..tokens.len())
                .map(|i| GgufValue::I32(if i < specials.len() { 3 } else { 1 }))
                .collect(),
        ),
    ));
    metadata.push((
        "tokenizer.ggml.merges".into(),
        GgufValue::Array(
            merges
                .iter()
                .map(|m| GgufValue::String(m.to_string()))
                .collect(),
        ),
    ));
    let tensors: Vec<(String, Vec<u64>, Vec<f32>)> = weights
        .tensors
        .iter()
        .map(|(name, (values, shape))| {
            let dims = shape.iter().rev().map(|&d| d as u64).collect();
            (name.clone(), dims, values.clone())
        })
        .collect();
    std::fs::write(path, write_f32_gguf(&metadata, &tensors)).unwrap();
    config
}

#[test]
fn an_unsupported_architecture_is_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    // Same tensors and the same keys under the other name: only the name can make it fail.
    for arch in ["gemma2", "phi3", "mamba"] {
        let path = dir.path().join(format!("{arch}.gguf"));
        tiny_gguf_as(&path, arch);
        for backend in BACKENDS {
            let err = match Engine::from_gguf_path(&path, backend) {
                Ok(_) => panic!("{arch} loaded"),
                Err(e) => e.to_string(),
            };
            assert!(err.contains(arch), "{arch}: {err}");
            assert!(err.contains("unsupported"), "{arch}: {err}");
        }
    }
    // The two supported names load from the same shapes.
    for arch in ["llama", "qwen2"] {
        let path = dir.path().join(format!("{arch}.gguf"));
        tiny_gguf_as(&path, arch);
        assert!(
            Engine::from_gguf_path(&path, BackendKind::NdArray).is_ok(),
            "{arch}"
        );
    }
}

fn candidates() -> Vec<ToolCandidate> {
    vec![
        ToolCandidate {
            name: "read_file".into(),
            description: "Read a file.".into(),
            schema: serde_json::json!({
                "type": "object",
                "properties": {
                    "path": {"type": "string", "minLength": 1, "maxLength": 40},
                    "offset": {"type": "integer", "minimum": 0},
                    "encoding": {"enum": ["utf8", "latin1"]}
                },
                "required": ["path"]
            }),
        },
        ToolCandidate {
            name: "search".into(),
            description: "Search text.".into(),
            schema: serde_json::json!({
                "type": "object",
                "properties": {
                    "query": {"type": "string"},
                    "limit": {"type": "integer", "minimum": 1, "maximum": 50},
                    "regex": {"type": "boolean"},
                    "globs": {"type": "array", "items": {"type": "string"}, "maxItems": 3},
                    "score": {"type": "number"},
                    "opts": {"type": "object", "properties": {"depth": {"type": "integer"}}, "required": ["depth"]}
                },
                "required": ["query", "limit", "regex", "globs", "score", "opts"]
            }),
        },
        ToolCandidate {
            name: "stop".into(),
            description: "Finish.".into(),
            schema: serde_json::json!({"type": "object", "properties": {}}),
        },
    ]
}

#[test]
fn a_selection_prior_overrules_the_models_favourite_and_binds_the_winners_arguments() {
    let (_dir, path) = tiny_gguf_file();
    for backend in BACKENDS {
        let engine = Engine::from_gguf_path(&path, backend).unwrap();
        let offer = candidates();
        let prompt = StepPrompt {
            system: "You are a coding agent.".into(),
            messages: vec![("user".into(), "search for TODO".into())],
            feedback: None,
        };
        let own = choose_on_engine(&engine, &prompt, &offer, None).unwrap();
        let favourite = offer.iter().position(|c| c.name == own.name).unwrap();
        let other = (favourite + 1) % offer.len();
        // Evidence for `other` only, and a model term too light to overturn it.
        let prior = SelectionPrior {
            base: (0..offer.len())
                .map(|i| Some(if i == other { 100.0 } else { 0.0 }))
                .collect(),
            model_weight: 0.01,
            model_gap_floor: -20.0,
        };
        let steered = choose_on_engine(&engine, &prompt, &offer, Some(&prior)).unwrap();
        assert_eq!(steered.name, offer[other].name, "{backend:?}");
        // The model's own scores are kept (up to the prefix cache's rounding).
        assert_eq!(steered.scores.len(), own.scores.len());
        for (name, score) in &own.scores {
            let again = steered.scores.iter().find(|(n, _)| n == name).unwrap().1;
            assert!((again - score).abs() < 1e-3, "{name}: {again} vs {score}");
        }
        let combined = steered.combined.as_ref().expect("combined scores recorded");
        assert_eq!(combined.len(), offer.len());
        let validator = jsonschema::validator_for(&offer[other].schema).unwrap();
        assert!(
            validator.is_valid(&steered.args),
            "{backend:?}: {}",
            steered.args
        );
    }
}

#[test]
fn constrained_choice_always_yields_schema_valid_arguments() {
    let (_dir, path) = tiny_gguf_file();
    for backend in BACKENDS {
        let engine = Engine::from_gguf_path(&path, backend).unwrap();
        let offered = candidates();
        for (i, user) in ["read the file src/main.rs", "search for TODO", "done", "x"]
            .iter()
            .enumerate()
        {
            let prompt = StepPrompt {
                system: "You are a coding agent.".into(),
                messages: vec![("user".into(), (*user).into())],
                feedback: None,
            };
            // The full offer lets the model pick; offering one tool alone forces each schema
            // (including the nested/array/number one) to be decoded.
            let mut offers = vec![offered.clone()];
            offers.push(vec![offered[i % offered.len()].clone()]);
            for offer in offers {
                let choice = choose_on_engine(&engine, &prompt, &offer, None).unwrap();
                let chosen = offer
                    .iter()
                    .find(|c| c.name == choice.name)
                    .expect("offered name");
                assert_eq!(choice.scores.len(), offer.len());
                assert!(choice.scores.windows(2).all(|w| w[0].1 >= w[1].1));
                let validator = jsonschema::validator_for(&chosen.schema).unwrap();
                assert!(
                    validator.is_valid(&choice.args),
                    "{backend:?}: {} args {} violate schema",
                    choice.name,
                    choice.args
                );
                // Round-trips through text.
                let text = serde_json::to_string(&choice.args).unwrap();
                assert_eq!(
                    serde_json::from_str::<serde_json::Value>(&text).unwrap(),
                    choice.args
                );
            }
        }
    }
}

#[test]
fn signals_and_scores_are_well_formed_on_tiny_model() {
    let (_dir, path) = tiny_gguf_file();
    let engine = Engine::from_gguf_path(&path, BackendKind::Flex).unwrap();
    let prompt = StepPrompt {
        system: "sys".into(),
        messages: vec![("user".into(), "hello".into())],
        feedback: None,
    };
    let (signal, hidden) = engine.confidence(&prompt, &candidates()).unwrap();
    assert!(signal.top_logprob <= 0.0 && signal.top_logprob.is_finite());
    assert!(signal.entropy >= 0.0);
    assert!((0.0..=1.0).contains(&signal.margin));
    assert!((0.0..=1.0).contains(&signal.p_tool));
    assert_eq!(hidden.len(), 32);
    // p_tool is exactly the probability of the opener as a continuation of the prompt.
    let (opener_score, _) = engine
        .score_continuations(
            &engine.decision_prompt(&prompt, &candidates()).unwrap(),
            &[tact_models::engine::TOOL_CALL_OPENER.to_string()],
        )
        .unwrap();
    if opener_score[0] > -60.0 {
        assert!(
            (signal.p_tool.ln() - opener_score[0]).abs() < 1e-3,
            "p_tool {} vs opener log-prob {}",
            signal.p_tool,
            opener_score[0]
        );
    } else {
        // A random model gives the opener almost no mass; p_tool underflows with it.
        assert!(signal.p_tool < 1e-25, "{}", signal.p_tool);
    }
    // Scores are sums of log-probs: a continuation and its extension differ by the
    // extension's (negative) log-prob.
    let (scores, cost) = engine
        .score_continuations("hello", &["ab".into(), "abab".into(), "".into()])
        .unwrap();
    assert_eq!(scores.len(), 3);
    assert_eq!(scores[2], 0.0);
    assert!(scores[0] < 0.0 && scores[1] < scores[0]);
    assert!(cost.forward_passes >= 1);
    let generation = engine.generate("hello", 5).unwrap();
    assert!(generation.tokens.len() <= 5);
    assert!(generation.tokens.iter().all(|t| t.logprob <= 0.0));
}

#[test]
fn model_thread_serves_calls_probe_training_and_async_callers() {
    use tact_models::DecisionModel;
    use tact_models::handle::ModelHandle;
    use tact_models::llama_decision::{LlamaDecisionModel, ProbeSample, train_probe};
    use tact_models::probe::{Probe, ProbeOptions};

    let (dir, path) = tiny_gguf_file();
    let handle = ModelHandle::spawn_gguf(&path, BackendKind::Flex).unwrap();
    // Named by content: the file's name, then its SHA-256.
    assert_eq!(
        handle.id(),
        format!("tiny#{}", tact_models::fetch::sha256_file(&path).unwrap())
    );
    let sample = |text: &str, needs_tool: bool| ProbeSample {
        prompt: StepPrompt {
            system: "sys".into(),
            messages: vec![("user".into(), text.into())],
            feedback: None,
        },
        candidates: candidates(),
        needs_tool,
    };
    let samples: Vec<ProbeSample> = (0..8)
        .map(|i| {
            if i % 2 == 0 {
                sample(&format!("read file number {i}"), true)
            } else {
                sample(&format!("hello there {i}"), false)
            }
        })
        .collect();
    let probe = train_probe(&handle, &samples, ProbeOptions::default()).unwrap();
    assert_eq!(probe.weights.len(), 32);
    assert_eq!(probe.model_id, handle.id());
    // Saved and reloaded as probe.bin.
    let probe_path = dir.path().join("probe.bin");
    probe.save(&probe_path).unwrap();
    let reloaded = Probe::load(&probe_path).unwrap();
    assert_eq!(reloaded, probe);

    let model = LlamaDecisionModel::new(handle.clone())
        .with_probe(reloaded)
        .unwrap();
    let signal = model.confidence(&samples[0].prompt, &candidates()).unwrap();
    let p = signal.probe.expect("probe output");
    assert!((0.0..=1.0).contains(&p));
    // A probe trained for another model is refused.
    let mut foreign = probe.clone();
    foreign.model_id = "other".into();
    assert!(
        LlamaDecisionModel::new(handle.clone())
            .with_probe(foreign)
            .is_err()
    );

    // Async callers await the model thread without blocking the runtime.
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    let async_handle = handle.clone();
    let tokens = runtime
        .block_on(async move { async_handle.call_async(|e| e.encode("abc")).await })
        .unwrap()
        .unwrap();
    assert_eq!(tokens.len(), 3);
    // Many clones from many threads share one model thread.
    let threads: Vec<_> = (0..4)
        .map(|i| {
            let h = handle.clone();
            std::thread::spawn(move || {
                h.call(move |e| e.generate(&format!("x{i}"), 2))
                    .unwrap()
                    .unwrap()
            })
        })
        .collect();
    for t in threads {
        assert!(t.join().unwrap().tokens.len() <= 2);
    }
}

/// An HF safetensors folder (NeoX q/k rows, HF names) loads to the same model as the GGUF
/// layout of the same weights.
#[test]
fn hf_safetensors_folder_matches_gguf_layout() {
    use tact_models::hf::llama_from_hf_folder;

    let config = tiny_config(64);
    let weights = RandomWeights::new(&config, 11, false);
    // Undo llama.cpp's permutation: interleaved row (h, 2i+j) is NeoX row (h, j*d/2 + i).
    let to_neox = |values: &[f32], heads: usize, cols: usize| {
        let d = config.head_dim;
        let mut out = vec![0.0; values.len()];
        for h in 0..heads {
            for i in 0..d / 2 {
                for j in 0..2 {
                    let src = (h * d + 2 * i + j) * cols;
                    let dst = (h * d + j * (d / 2) + i) * cols;
                    out[dst..dst + cols].copy_from_slice(&values[src..src + cols]);
                }
            }
        }
        out
    };
    let hf_name = |gguf: &str| -> String {
        match gguf {
            "token_embd.weight" => "model.embed_tokens.weight".into(),
            "output_norm.weight" => "model.norm.weight".into(),
            other => {
                let rest = other.strip_prefix("blk.").unwrap();
                let (layer, suffix) = rest.split_once('.').unwrap();
                let (module, kind) = suffix.rsplit_once('.').unwrap();
                let m = match module {
                    "attn_norm" => "input_layernorm",
                    "ffn_norm" => "post_attention_layernorm",
                    "attn_q" => "self_attn.q_proj",
                    "attn_k" => "self_attn.k_proj",
                    "attn_v" => "self_attn.v_proj",
                    "attn_output" => "self_attn.o_proj",
                    "ffn_gate" => "mlp.gate_proj",
                    "ffn_up" => "mlp.up_proj",
                    "ffn_down" => "mlp.down_proj",
                    _ => panic!("{module}"),
                };
                format!("model.layers.{layer}.{m}.{kind}")
            }
        }
    };
    let mut bytes: Vec<(String, Vec<usize>, Vec<u8>)> = Vec::new();
    for (name, (values, shape)) in &weights.tensors {
        let values = if name.ends_with("attn_q.weight") {
            to_neox(values, config.num_heads, shape[1])
        } else if name.ends_with("attn_k.weight") {
            to_neox(values, config.num_kv_heads, shape[1])
        } else {
            values.clone()
        };
        let raw: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
        bytes.push((hf_name(name), shape.clone(), raw));
    }
    let views: Vec<(String, safetensors::tensor::TensorView<'_>)> = bytes
        .iter()
        .map(|(n, s, b)| {
            (
                n.clone(),
                safetensors::tensor::TensorView::new(safetensors::Dtype::F32, s.clone(), b)
                    .unwrap(),
            )
        })
        .collect();
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("model.safetensors"),
        safetensors::serialize(views, None).unwrap(),
    )
    .unwrap();
    let hf_config = serde_json::json!({
        "vocab_size": config.vocab_size, "hidden_size": config.hidden_size,
        "intermediate_size": config.intermediate_size, "num_hidden_layers": config.num_layers,
        "num_attention_heads": config.num_heads, "num_key_value_heads": config.num_kv_heads,
        "rms_norm_eps": config.rms_eps, "rope_theta": config.rope_theta,
        "max_position_embeddings": config.max_seq_len, "tie_word_embeddings": true
    });
    std::fs::write(dir.path().join("config.json"), hf_config.to_string()).unwrap();

    let ids = [5u32, 1, 33, 2];
    let from_hf = llama_from_hf_folder(dir.path(), BackendKind::Flex).unwrap();
    assert_eq!(from_hf.config().rope_layout, RopeLayout::Neox);
    let direct = Llama::load(config, &weights, &BackendKind::Flex.device()).unwrap();
    let a = tensor_rows(
        from_hf
            .forward(&ids, &mut KvCache::new(), LogitsFor::All)
            .unwrap()
            .logits,
    )
    .unwrap();
    let b = tensor_rows(
        direct
            .forward(&ids, &mut KvCache::new(), LogitsFor::All)
            .unwrap()
            .logits,
    )
    .unwrap();
    assert!(max_abs_diff(&a, &b) < 1e-4);
}

#[test]
fn tail_logits_equal_the_last_rows_of_all_logits() {
    let config = tiny_config(64);
    let weights = RandomWeights::new(&config, 5, false);
    let model = Llama::load(config, &weights, &BackendKind::Flex.device()).unwrap();
    let ids = [4u32, 8, 15, 16, 23, 42];
    let all = tensor_rows(
        model
            .forward(&ids, &mut KvCache::new(), LogitsFor::All)
            .unwrap()
            .logits,
    )
    .unwrap();
    let tail = tensor_rows(
        model
            .forward(&ids, &mut KvCache::new(), LogitsFor::Tail(3))
            .unwrap()
            .logits,
    )
    .unwrap();
    assert_eq!(tail.len(), 3);
    assert!(max_abs_diff(&tail, &all[3..]) < 1e-5);
    let clamped = model
        .forward(&ids, &mut KvCache::new(), LogitsFor::Tail(100))
        .unwrap();
    assert_eq!(clamped.logits.dims(), [6, 64]);
}

#[test]
fn prefix_cache_reuse_matches_a_fresh_forward() {
    let (_dir, path) = tiny_gguf_file();
    let warm = Engine::from_gguf_path(&path, BackendKind::Flex).unwrap();
    let cold = Engine::from_gguf_path(&path, BackendKind::Flex).unwrap();
    let first = warm
        .encode("a shared system prompt, then question one")
        .unwrap();
    let second = warm
        .encode("a shared system prompt, then another one")
        .unwrap();
    let shorter = warm.encode("a shared system").unwrap();
    warm.prefill(&first).unwrap();
    for ids in [&second, &shorter, &second, &first] {
        let (warm_cache, warm_next) = warm.prefill(ids).unwrap();
        let (cold_cache, cold_next) = cold.prefill_fresh(ids).unwrap();
        assert_eq!(warm_cache.len(), ids.len());
        assert_eq!(cold_cache.len(), ids.len());
        let diff = warm_next
            .iter()
            .zip(&cold_next)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0f32, f32::max);
        assert!(diff < 1e-4, "{diff}");
    }
}

#[test]
fn branches_decoded_side_by_side_match_each_decoded_alone() {
    // The writer's fills from several first tokens run as one pass of several rows, each row
    // the next token of its own cache; each row's logits must be those of its branch's own
    // pass, at its own position, whatever the other branches hold.
    let (_dir, path) = tiny_gguf_file();
    let engine = Engine::from_gguf_path(&path, BackendKind::Flex).unwrap();
    let llama = engine.llama();
    let prompt: Vec<u32> = (0..12).map(|i| 1 + i % 40).collect();
    let (cache, _) = engine.prefill_fresh(&prompt).unwrap();
    // Three branches, already of different lengths.
    let written: [&[u32]; 3] = [&[5], &[7, 9, 11], &[]];
    let mut side_by_side: Vec<KvCache> = Vec::new();
    for w in written {
        let mut c = cache.clone();
        if !w.is_empty() {
            llama.forward(w, &mut c, LogitsFor::Last).unwrap();
        }
        side_by_side.push(c);
    }
    let alone_caches = side_by_side.clone();
    let next = [3u32, 4, 6];
    let out = llama.forward_branches(&next, &mut side_by_side).unwrap();
    let rows = tensor_rows(out.logits).unwrap();
    assert_eq!(rows.len(), 3);
    for (i, (mut alone, token)) in alone_caches.into_iter().zip(next).enumerate() {
        let before = alone.len();
        let own = llama
            .forward(&[token], &mut alone, LogitsFor::Last)
            .unwrap();
        let own = tensor_rows(own.logits).unwrap().remove(0);
        let diff = rows[i]
            .iter()
            .zip(&own)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0f32, f32::max);
        assert!(diff < 1e-4, "branch {i}: {diff}");
        assert_eq!(
            side_by_side[i].len(),
            before + 1,
            "each cache grew by its own token"
        );
    }
    // A bad token leaves every cache as it was.
    let lens: Vec<usize> = side_by_side.iter().map(KvCache::len).collect();
    let vocab = llama.config().vocab_size as u32;
    assert!(
        llama
            .forward_branches(&[1, vocab, 2], &mut side_by_side)
            .is_err()
    );
    assert_eq!(
        side_by_side.iter().map(KvCache::len).collect::<Vec<_>>(),
        lens
    );
    assert!(
        llama.forward_branches(&[1, 2], &mut side_by_side).is_err(),
        "one token a cache"
    );
}

#[test]
fn batched_continuations_score_like_one_pass_each() {
    // Branches share one pass over the prefix; each must see only the prefix and its own
    // tokens, so its score equals the score of its own separate pass.
    let (_dir, path) = tiny_gguf_file();
    for backend in [BackendKind::NdArray, BackendKind::Flex] {
        let engine = Engine::from_gguf_path(&path, backend).unwrap();
        let prompt = engine.encode("hello world, this is a prompt").unwrap();
        let (mut cache, next) = engine.prefill_fresh(&prompt).unwrap();
        let continuations: Vec<Vec<u32>> = ["ab", "abab", "", "x", "hello again", "ab"]
            .iter()
            .map(|t| engine.encode(t).unwrap())
            .collect();
        let (batched, cost) = engine
            .continuation_logprobs(&mut cache, &next, &continuations)
            .unwrap();
        assert_eq!(cost.forward_passes, 1, "{}", backend.name());
        // The branches were cut off again: the cache holds the prompt only.
        assert_eq!(cache.len(), prompt.len(), "{}", backend.name());
        for (c, score) in continuations.iter().zip(&batched) {
            let alone = engine.continuation_logprob(&cache, &next, c).unwrap();
            assert!(
                (alone - score).abs() < 1e-4,
                "{}: {c:?}: batched {score} vs alone {alone}",
                backend.name()
            );
        }
        assert_eq!(batched[0], batched[5], "the same continuation twice");
        assert_eq!(batched[2], 0.0);
        // The cache handed in is untouched.
        assert_eq!(cache.len(), prompt.len());
    }
}

#[test]
fn a_repeated_decision_prompt_is_served_by_the_prefix_cache() {
    let (_dir, path) = tiny_gguf_file();
    let engine = Engine::from_gguf_path(&path, BackendKind::Flex).unwrap();
    let prompt = StepPrompt {
        system: "sys".into(),
        messages: vec![("user".into(), "hello there, fix the bug".into())],
        feedback: None,
    };
    let (first, _) = engine.confidence(&prompt, &candidates()).unwrap();
    assert_eq!(first.cost.cached_tokens, 0, "a cold cache serves nothing");
    let (second, _) = engine.confidence(&prompt, &candidates()).unwrap();
    // The same prompt again: only the rows whose logits are read are recomputed.
    let asked = first.cost.tokens;
    assert_eq!(second.cost.tokens + second.cost.cached_tokens, asked);
    assert!(second.cost.cached_tokens > 0 && second.cost.tokens < asked);
    assert!(second.cost.prefix_hit_rate().unwrap() > 0.5);
    // Same signal either way.
    assert!((first.p_tool - second.p_tool).abs() < 1e-5);
}

#[test]
fn prompts_that_alternate_are_each_served_by_their_own_cached_prefix() {
    // The writer's fills of one line alternate between prompts that share the function above
    // the gap and differ after it. With only the last prompt kept, coming back to the first
    // recomputed everything after the shared part.
    let (_dir, path) = tiny_gguf_file();
    let engine = Engine::from_gguf_path(&path, BackendKind::Flex).unwrap();
    let above: Vec<u32> = (0..20).map(|i| 1 + i % 50).collect();
    let replaced: Vec<u32> = above.iter().copied().chain(30..42).collect();
    let inserted: Vec<u32> = above.iter().copied().chain(5..17).collect();
    let (_, first, cost) = engine.prefill_costed(&replaced).unwrap();
    assert_eq!(cost.cached_tokens, 0);
    let (_, _, cost) = engine.prefill_costed(&inserted).unwrap();
    assert_eq!(
        cost.cached_tokens,
        above.len() as u64,
        "the shared part only"
    );
    let (_, again, cost) = engine.prefill_costed(&replaced).unwrap();
    assert_eq!(
        cost.cached_tokens,
        replaced.len() as u64 - 1,
        "all but the token whose logits are read"
    );
    // Served from the cache or computed afresh, the next token's log-probs agree.
    let (_, fresh) = engine.prefill_fresh(&replaced).unwrap();
    for (a, b) in again.iter().zip(&fresh) {
        assert!((a - b).abs() < 1e-4, "{a} vs {b}");
    }
    for (a, b) in first.iter().zip(&fresh) {
        assert!((a - b).abs() < 1e-4, "{a} vs {b}");
    }
}

#[test]
fn a_prompt_longer_than_the_context_is_refused_naming_both_lengths() {
    let (_dir, path) = tiny_gguf_file();
    let engine = Engine::from_gguf_path(&path, BackendKind::Flex).unwrap();
    let context = engine.llama().config().max_seq_len;
    let too_long: Vec<u32> = (0..context as u32 + 7).map(|i| 1 + i % 50).collect();
    let err = engine
        .prefill_fresh(&too_long)
        .err()
        .expect("refused")
        .to_string();
    assert!(
        err.contains(&(context + 7).to_string()) && err.contains(&context.to_string()),
        "{err}"
    );
    // Exactly the context fits, and the cache then refuses one more token.
    let (mut cache, _) = engine.prefill_fresh(&too_long[..context]).unwrap();
    assert_eq!(cache.len(), context);
    let more = engine
        .llama()
        .forward(&[1], &mut cache, tact_models::llama::LogitsFor::Last);
    assert!(more.is_err());
    assert_eq!(
        cache.len(),
        context,
        "a refused pass leaves the cache as it was"
    );
}

/// Branch k of a line completion starts with the k-th most likely token that keeps the line
/// going (the repair asks for a wrapped expression's method this way); branch 0 is greedy.
#[test]
fn a_completion_branch_starts_with_the_kth_likeliest_token() {
    let (_dir, path) = tiny_gguf_file();
    for backend in BACKENDS {
        let engine = Engine::from_gguf_path(&path, backend).unwrap();
        let prompt = "fn f(x: f64) -> f64 {\n    (x * x).";
        let (_, row) = engine.prefill(&engine.encode(prompt).unwrap()).unwrap();
        let mut ranked: Vec<(u32, f32)> = (0u32..).zip(row.iter().copied()).collect();
        ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
        let keeps_the_line: Vec<String> = ranked
            .iter()
            .filter(|&&(id, _)| {
                !engine.is_stop(id) && !engine.token_text(id).contains(['\n', '\u{10a}'])
            })
            .map(|&(id, _)| engine.token_text(id))
            .take(3)
            .collect();
        let mut firsts = Vec::new();
        for (branch, token) in keeps_the_line.iter().enumerate() {
            let (one, cost) = engine.complete_line(prompt, 1, branch).unwrap();
            assert_eq!(one, token.replace('\u{120}', " "), "{backend:?} {branch}");
            assert!(cost.forward_passes >= 1);
            let (longer, _) = engine.complete_line(prompt, 6, branch).unwrap();
            assert!(longer.starts_with(&one), "{longer:?} {one:?}");
            firsts.push(one);
        }
        firsts.dedup();
        assert_eq!(firsts.len(), 3, "three different first tokens: {firsts:?}");
    }
}

/// A block written after a chat turn (the repair's function rewrite) is reproducible: greedy
/// twice, or sampled twice from one seed, gives the same block; a block never holds the line
/// that ends it; and one cut off by the token limit comes back empty (seeds drawing different
/// tokens is the sampler's unit test). Random weights: what is asserted is the decoding, not the code.
#[test]
fn a_written_block_is_reproducible_and_never_holds_its_ending_line() {
    let (_dir, path) = tiny_gguf_file();
    for backend in BACKENDS {
        let engine = Engine::from_gguf_path(&path, backend).unwrap();
        let request = |max_tokens: usize, seed: Option<u64>| BlockRequest {
            instruction: "Fix the bug.\n```python\ndef f(x):\n    return x - 1\n```".into(),
            answer_prefix: "```python\ndef f(x):\n".into(),
            max_tokens,
            stop_indent: 0,
            sample: seed.map(|seed| Sampling {
                seed,
                temperature: 1.5,
                top_p: 1.0,
            }),
        };
        let (greedy, cost) = engine.write_block(&request(48, None)).unwrap();
        assert!(cost.forward_passes >= 1);
        assert_eq!(engine.write_block(&request(48, None)).unwrap().0, greedy);
        let mut samples = Vec::new();
        for seed in 1..=6 {
            let (block, _) = engine.write_block(&request(48, Some(seed))).unwrap();
            assert_eq!(
                engine.write_block(&request(48, Some(seed))).unwrap().0,
                block,
                "{backend:?} seed {seed}"
            );
            samples.push(block);
        }
        for block in samples.iter().chain([&greedy]) {
            assert!(
                block.lines().all(|l| !l.trim_start().starts_with("```")
                    && (l.trim().is_empty() || l.starts_with(' '))),
                "{backend:?} {block:?}"
            );
        }
        // One token cannot finish a block unless it ends the turn, which writes nothing.
        assert_eq!(engine.write_block(&request(1, Some(1))).unwrap().0, "");
    }
}

/// The tiny model's choice of `tool` for `request` on each backend, with the backend.
fn choices_for(tool: &ToolCandidate, request: &str) -> Vec<(BackendKind, serde_json::Value)> {
    let (_dir, path) = tiny_gguf_file();
    BACKENDS
        .iter()
        .map(|&backend| {
            let engine = Engine::from_gguf_path(&path, backend).unwrap();
            let prompt = StepPrompt {
                system: "You are a coding agent.".into(),
                messages: vec![("user".into(), request.into())],
                feedback: None,
            };
            let choice =
                choose_on_engine(&engine, &prompt, std::slice::from_ref(tool), None).unwrap();
            (backend, choice.args)
        })
        .collect()
}

/// Issue 15 item 5: where the request states a value of the argument's type, the decoder
/// copies one of the request's values (the model only chooses which); a named enum value is
/// chosen over the others; a format-described string is still written freely (valid anyway).
#[test]
fn arguments_are_copied_from_the_request_where_it_states_them() {
    let tool = ToolCandidate {
        name: "book".into(),
        description: "Book a table.".into(),
        schema: serde_json::json!({
            "type": "object",
            "properties": {
                "city": {"type": "string", "description": "The city."},
                "people": {"type": "integer", "minimum": 1},
                "cuisine": {"type": "string", "enum": ["Thai", "Italian", "French"]},
                "date": {"type": "string", "description": "Date, in the format YYYY-MM-DD."}
            },
            "required": ["city", "people", "cuisine", "date"]
        }),
    };
    let request = "Book an italian dinner for 4 people in San Jose on March 3rd";
    let stated = tact_models::request_values::RequestValues::new(request);
    for (backend, args) in choices_for(&tool, request) {
        let args = &args;
        let city = args["city"].as_str().unwrap();
        assert!(
            stated.spans.iter().any(|s| s == city),
            "{backend:?}: {args}"
        );
        let people = args["people"].as_f64().unwrap();
        assert!([4.0, 3.0].contains(&people), "{backend:?}: {args}");
        assert_eq!(args["cuisine"], "Italian", "{backend:?}: {args}");
        assert!(args["date"].is_string());
        let validator = jsonschema::validator_for(&tool.schema).unwrap();
        assert!(validator.is_valid(args), "{backend:?}: {args}");
    }
}

/// Numbers the request keys by the property's name are bound to that property, and an
/// optional property the request never speaks of is left out (the random model would
/// otherwise fill it at will).
#[test]
fn keyed_numbers_bind_by_name_and_unmentioned_optionals_stay_out() {
    let tool = ToolCandidate {
        name: "roots".into(),
        description: "Roots of a quadratic.".into(),
        schema: serde_json::json!({
            "type": "object",
            "properties": {
                "a": {"type": "integer"},
                "b": {"type": "integer"},
                "c": {"type": "integer"},
                "precision": {"type": "integer", "description": "Decimal places."},
                "cash_flows": {"type": "array", "items": {"type": "number"}}
            },
            "required": ["a", "b", "c", "cash_flows"]
        }),
    };
    let request = "Find the roots given a = 3, b = -11, and c = -4, cash flows [200,300,400]";
    for (backend, args) in choices_for(&tool, request) {
        assert_eq!(
            args,
            serde_json::json!({"a": 3, "b": -11, "c": -4, "cash_flows": [200, 300, 400]}),
            "{backend:?}"
        );
    }
}

/// Issue 15 item 5: flags the request names are set as it says (negated or not), optional
/// properties it states a value for are written whatever the model prefers, a stated
/// percentage is a fraction for a real-valued rate, and a list the request writes out is
/// copied whole (seven numbers, past the default cap of six; names joined by "and").
#[test]
fn stated_flags_optionals_percentages_and_lists_are_bound() {
    let tool = ToolCandidate {
        name: "npv".into(),
        description: "NPV.".into(),
        schema: serde_json::json!({
            "type": "object",
            "properties": {
                "rate": {"type": "number"},
                "stats": {"type": "boolean"},
                "drag": {"type": "boolean"},
                "flows": {"type": "array", "items": {"type": "integer"}},
                "names": {"type": "array", "items": {"type": "string"}},
                "level": {"type": "integer"},
                "other": {"type": "boolean"}
            },
            "required": ["rate", "stats", "drag", "flows", "names"]
        }),
    };
    let request = "For John and Alice: rate 10%; flows [12, 15, 18, 20, 21, 26, 30]; no drag; \
        level 5; with stats.";
    let stated = tact_models::request_values::RequestValues::new(request);
    assert_eq!(
        stated.enumerations,
        vec![vec!["John".to_string(), "Alice".into()]]
    );
    for (backend, args) in choices_for(&tool, request) {
        assert_eq!(
            args,
            serde_json::json!({
                "rate": 0.1,
                "stats": true,
                "drag": false,
                "flows": [12, 15, 18, 20, 21, 26, 30],
                "names": ["John", "Alice"],
                "level": 5
            }),
            "{backend:?}"
        );
    }
}

/// Issue 15 item 5: lists of numbers go to the arguments in the order the request writes them,
/// a location takes the `City, Region` the request writes (the city alone when a country
/// argument sits beside it), and the text right after a property's name is its value (written
/// even when the property is optional).
#[test]
fn stated_order_places_and_keyed_text_are_bound() {
    let tool = ToolCandidate {
        name: "f".into(),
        description: "F.".into(),
        schema: serde_json::json!({
            "type": "object",
            "properties": {
                "p": {"type": "array", "items": {"type": "integer"}},
                "q": {"type": "array", "items": {"type": "integer"}},
                "city": {"type": "string"},
                "directed_by": {"type": "string"}
            },
            "required": ["p", "q", "city"]
        }),
    };
    let request = "A(3,4) and B(1,2), in Riga, Latvia; directed by Edgar Wright.";
    for (backend, args) in choices_for(&tool, request) {
        assert_eq!(
            args,
            serde_json::json!({
                "p": [3, 4], "q": [1, 2], "city": "Riga, Latvia",
                "directed_by": "Edgar Wright"
            }),
            "{backend:?}"
        );
    }
    let mut with_country = tool.clone();
    with_country.schema["properties"]["country"] = serde_json::json!({"type": "string"});
    for (backend, args) in choices_for(&with_country, request) {
        assert_ne!(args["city"], "Riga, Latvia", "{backend:?}: {args}");
    }
}

/// Binder `copy-v10`: a start date takes the first date written and an end date the last (the
/// year written once serves both), in the form the description shows; a 24-hour time takes the
/// clock time written; an optional date the request states without naming the property is
/// written; a city asked for as `City, ST` takes the state of the US city named alone. On a
/// model with random weights these values come from the rules, not the model's preference.
#[test]
fn dates_times_and_us_cities_are_bound_as_described() {
    let tool = ToolCandidate {
        name: "rent".into(),
        description: "Rent a car.".into(),
        schema: serde_json::json!({
            "type": "object",
            "properties": {
                "city": {"type": "string", "description": "The city, in the format 'City, State', such as 'San Francisco, CA'."},
                "start_date": {"type": "string", "description": "The first day, in the format 'MM/DD/YYYY'."},
                "end_date": {"type": "string", "description": "The last day, in the format 'YYYY-MM-DD'."},
                "pickup_time": {"type": "string", "description": "The pick-up time, in 24-hour format 'HH:MM'."},
                "return_date": {"type": "string", "description": "When it is returned, 'YYYY-MM-DD'."}
            },
            "required": ["city", "start_date", "end_date", "pickup_time"]
        }),
    };
    let request = "I need a car in Berkeley from April 22nd to April 27, 2023, picked up at 2 pm.";
    for (backend, args) in choices_for(&tool, request) {
        assert_eq!(args["city"], "Berkeley, CA", "{backend:?}: {args}");
        assert_eq!(args["start_date"], "04/22/2023", "{backend:?}: {args}");
        assert_eq!(args["end_date"], "2023-04-27", "{backend:?}: {args}");
        assert_eq!(args["pickup_time"], "14:00", "{backend:?}: {args}");
        // Stated without its name: written, the last date for a return.
        assert_eq!(args["return_date"], "2023-04-27", "{backend:?}: {args}");
    }
    // The text right after a property's name, extended to the place it begins.
    let train = ToolCandidate {
        name: "train".into(),
        description: "Book a train.".into(),
        schema: serde_json::json!({
            "type": "object",
            "properties": {
                "_from": {"type": "string", "description": "Starting city, in the format of 'City, State', such as 'Berkeley, CA'."},
                "to": {"type": "string", "description": "Destination city, in the format of 'City, State'."},
                "journey_start_time": {"type": "string", "description": "Departure time in 24-hour format 'HH:MM'."}
            },
            "required": ["_from", "to", "journey_start_time"]
        }),
    };
    let request = "Trains from Portland, OR to Sacramento, leaving at 4:30 in the afternoon.";
    for (backend, args) in choices_for(&train, request) {
        assert_eq!(
            args,
            serde_json::json!({"_from": "Portland, OR", "to": "Sacramento, CA", "journey_start_time": "16:30"}),
            "{backend:?}"
        );
    }
}

/// Binder `copy-v10`: a flag written as text (`"True"`/`"False"`/`"dontcare"`) is set as the
/// request says (a negation within four words makes it "False"), like a boolean, and written
/// though optional.
#[test]
fn flags_written_as_text_follow_the_request() {
    let flag = serde_json::json!({"type": "string", "enum": ["True", "False", "dontcare"], "default": "dontcare"});
    let tool = ToolCandidate {
        name: "find_home".into(),
        description: "Find a home.".into(),
        schema: serde_json::json!({
            "type": "object",
            "properties": {
                "city": {"type": "string"},
                "in_unit_laundry": flag,
                "has_garage": flag
            },
            "required": ["city"]
        }),
    };
    let request = "A rental in Oakland with in-unit laundry; I don't need a garage.";
    for (backend, args) in choices_for(&tool, request) {
        assert_eq!(args["in_unit_laundry"], "True", "{backend:?}: {args}");
        assert_eq!(args["has_garage"], "False", "{backend:?}: {args}");
    }
}

/// Binder `copy-v11`: optional properties that name a person in a part (`cast`,
/// `directed_by`, `artist`) take the name the request gives in that part and are written though
/// optional; a count takes the number counting its things; a date relative to the day the
/// request says it is, the day it means; an initial velocity "from rest", 0; a flag named by
/// its subject's synonym ("children" for `good_for_kids`) follows the request. On random
/// weights these values come from the rules.
#[test]
fn people_counts_relative_dates_and_idioms_are_bound_as_stated() {
    let optional = |description: &str| serde_json::json!({"type": "string", "description": description, "default": "dontcare"});
    let tool = ToolCandidate {
        name: "find_movies".into(),
        description: "Find movies.".into(),
        schema: serde_json::json!({
            "type": "object",
            "properties": {
                "directed_by": optional("Director of the movie, or 'dontcare'."),
                "cast": optional("Name of the main actor, or 'dontcare'."),
                "number_of_seats": {"type": "integer", "description": "Seats to book.", "default": 1},
                "date": optional("The date, 'YYYY-MM-DD'."),
                "good_for_kids": {"type": "string", "enum": ["True", "False", "dontcare"], "default": "dontcare"}
            },
            "required": []
        }),
    };
    let request = "A film for my children directed by Ana de Souza with Tom Reyes in the cast, \
                   3 seats for tomorrow. Today is 2024.2.28.";
    for (backend, args) in choices_for(&tool, request) {
        assert_eq!(
            args,
            serde_json::json!({
                "directed_by": "Ana de Souza",
                "cast": "Tom Reyes",
                "number_of_seats": 3,
                "date": "2024-02-29",
                "good_for_kids": "True"
            }),
            "{backend:?}"
        );
    }
    let fall = ToolCandidate {
        name: "final_velocity".into(),
        description: "Final velocity of a falling object.".into(),
        schema: serde_json::json!({
            "type": "object",
            "properties": {
                "initial_velocity": {"type": "number"},
                "time": {"type": "number"}
            },
            "required": ["initial_velocity", "time"]
        }),
    };
    for (backend, args) in choices_for(&fall, "A stone is dropped and falls for 4 seconds.") {
        assert_eq!(args["initial_velocity"], 0, "{backend:?}: {args}");
    }
}

/// Issue 15 item 5: `anyOf`/`oneOf` choose among their branches (a `null` branch only when it
/// is the only one: the old first-branch rule wrote `null` for a pydantic-style optional
/// integer), and `allOf` asks for every part at once (the first part alone would leave the
/// second's required property out). Whatever the random model prefers, the arguments are valid.
#[test]
fn combinators_choose_a_branch_and_merge_all_parts() {
    let tool = ToolCandidate {
        name: "schedule".into(),
        description: "Schedule a job.".into(),
        schema: serde_json::json!({
            "type": "object",
            "properties": {
                "retries": {"anyOf": [{"type": "null"}, {"type": "integer", "minimum": 0}]},
                "when": {"oneOf": [
                    {"type": "string", "enum": ["now", "later"]},
                    {"type": "object", "properties": {"at": {"type": "integer"}}, "required": ["at"]}
                ]},
                "owner": {"allOf": [
                    {"type": "object", "properties": {"name": {"type": "string", "maxLength": 12}}, "required": ["name"]},
                    {"properties": {"team": {"type": "string", "enum": ["core", "infra"]}}, "required": ["team"]}
                ]}
            },
            "required": ["retries", "when", "owner"]
        }),
    };
    let validator = jsonschema::validator_for(&tool.schema).unwrap();
    for (backend, args) in choices_for(&tool, "schedule the nightly build with 3 retries") {
        assert!(args["retries"].is_number(), "{backend:?}: {args}");
        assert!(args["owner"]["team"].is_string(), "{backend:?}: {args}");
        assert!(validator.is_valid(&args), "{backend:?}: {args}");
    }
}

/// Issue 15 item 5: an `additionalProperties` object is a map the decoder fills with keys and
/// values of the given schema (`minProperties` entries at least; the old decoder wrote `{}`).
#[test]
fn a_map_gets_keys_and_values_of_its_schema() {
    let tool = ToolCandidate {
        name: "run".into(),
        description: "Run with environment variables.".into(),
        schema: serde_json::json!({
            "type": "object",
            "properties": {
                "env": {
                    "type": "object",
                    "additionalProperties": {"type": "integer", "minimum": 0},
                    "minProperties": 2,
                    "maxProperties": 4
                }
            },
            "required": ["env"]
        }),
    };
    let validator = jsonschema::validator_for(&tool.schema).unwrap();
    for (backend, args) in choices_for(&tool, "run it with WORKERS=4 and RETRIES=2") {
        let env = args["env"].as_object().unwrap();
        assert!((2..=4).contains(&env.len()), "{backend:?}: {args}");
        assert!(
            env.values().all(serde_json::Value::is_u64),
            "{backend:?}: {args}"
        );
        assert!(validator.is_valid(&args), "{backend:?}: {args}");
    }
}

/// Issue 15 item 5: a string with a `format` or a `pattern` takes a value of the request that
/// has that shape (the random model alone would write any text).
#[test]
fn formatted_and_patterned_strings_are_copied_from_the_request() {
    let tool = ToolCandidate {
        name: "notify".into(),
        description: "Notify someone about a ticket.".into(),
        schema: serde_json::json!({
            "type": "object",
            "properties": {
                "to": {"type": "string", "format": "email"},
                "ticket": {"type": "string", "pattern": "^[A-Z]+-[0-9]+$"}
            },
            "required": ["to", "ticket"]
        }),
    };
    let request = "Tell ops@example.com that OPS-42 is fixed";
    for (backend, args) in choices_for(&tool, request) {
        assert_eq!(args["to"], "ops@example.com", "{backend:?}: {args}");
        assert_eq!(args["ticket"], "OPS-42", "{backend:?}: {args}");
    }
}
