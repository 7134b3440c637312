//! GGUF parsing and dequantization against gguf-py's reference values.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use tact_models::gguf::{GgmlType, GgufFile, GgufValue, dequantize, writer::write_f32_gguf};

fn ggml_type(name: &str) -> GgmlType {
    match name {
        "F32" => GgmlType::F32,
        "F16" => GgmlType::F16,
        "BF16" => GgmlType::BF16,
        "Q4_0" => GgmlType::Q4_0,
        "Q4_1" => GgmlType::Q4_1,
        "Q5_0" => GgmlType::Q5_0,
        "Q5_1" => GgmlType::Q5_1,
        "Q8_0" => GgmlType::Q8_0,
        "Q2_K" => GgmlType::Q2K,
        "Q3_K" => GgmlType::Q3K,
        "Q4_K" => GgmlType::Q4K,
        "Q5_K" => GgmlType::Q5K,
        "Q6_K" => GgmlType::Q6K,
        other => panic!("fixture type {other}"),
    }
}

/// Every type the issue names; the fixture must cover each one.
const COVERED: [&str; 13] = [
    "F32", "F16", "BF16", "Q4_0", "Q4_1", "Q5_0", "Q5_1", "Q8_0", "Q2_K", "Q3_K", "Q4_K", "Q5_K",
    "Q6_K",
];

#[test]
fn dequantization_matches_gguf_py_block_by_block() {
    let fixture = common::fixture("dequant_reference.json");
    let cases = fixture["cases"].as_array().unwrap();
    let names: Vec<&str> = cases.iter().map(|c| c["type"].as_str().unwrap()).collect();
    for name in COVERED {
        assert!(names.contains(&name), "fixture lacks {name}");
    }
    for case in cases {
        let name = case["type"].as_str().unwrap();
        let ty = ggml_type(name);
        // The id in the file and the block layout are gguf-py's, not ours.
        let id = case["ggml_id"].as_u64().unwrap() as u32;
        assert_eq!(GgmlType::from_id(id), ty, "{name}: ggml id {id}");
        let (block_elems, block_bytes) = ty.block_layout().unwrap();
        let layout = case["block"].as_array().unwrap();
        assert_eq!(
            (block_elems as u64, block_bytes as u64),
            (layout[0].as_u64().unwrap(), layout[1].as_u64().unwrap()),
            "{name}: block layout"
        );
        let raw = hex::decode(case["raw_hex"].as_str().unwrap()).unwrap();
        let expected: Vec<f32> = case["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_f64().unwrap() as f32)
            .collect();
        assert_eq!(raw.len() / block_bytes * block_elems, expected.len());
        // Block by block, so a failure names the block.
        let mut bit_exact = 0usize;
        for (b, block) in raw.chunks(block_bytes).enumerate() {
            let got = dequantize(ty, block).unwrap();
            let want = &expected[b * block_elems..(b + 1) * block_elems];
            assert_eq!(got.len(), want.len());
            for (i, (g, w)) in got.iter().zip(want).enumerate() {
                assert!(
                    (g - w).abs() <= 1e-6 * w.abs().max(1.0),
                    "{ty:?} block {b} elem {i}: got {g}, want {w}"
                );
                bit_exact += usize::from(g.to_bits() == w.to_bits());
            }
        }
        println!(
            "{name}: {} values, {bit_exact} bit-identical to gguf-py",
            expected.len()
        );
        // Same operations in the same order as gguf-py's numpy code: no rounding slack needed.
        assert_eq!(bit_exact, expected.len(), "{name}: not bit-identical");
        // A partial block is an error, not a panic.
        if block_bytes > 1 {
            assert!(dequantize(ty, &raw[..raw.len() - 1]).is_err());
        }
    }
}

#[test]
fn unknown_types_are_listed_but_not_dequantized() {
    // IQ2_XXS (16) and a made-up id: named in errors, never decoded as something else.
    for id in [16u32, 9999] {
        let ty = GgmlType::from_id(id);
        assert_eq!(ty, GgmlType::Other(id));
        assert!(ty.block_layout().is_none());
        let err = dequantize(ty, &[0u8; 64]).unwrap_err().to_string();
        assert!(err.contains(&id.to_string()), "{err}");
    }
}

fn sample_file() -> Vec<u8> {
    write_f32_gguf(
        &[
            (
                "general.architecture".into(),
                GgufValue::String("llama".into()),
            ),
            ("llama.block_count".into(), GgufValue::U32(2)),
            ("some.float".into(), GgufValue::F32(0.5)),
            (
                "tokenizer.ggml.tokens".into(),
                GgufValue::Array(vec![
                    GgufValue::String("a".into()),
                    GgufValue::String("b".into()),
                ]),
            ),
        ],
        &[
            ("w".into(), vec![3, 2], vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0]),
            ("v".into(), vec![4], vec![-1.0, 0.0, 1.0, 2.0]),
        ],
    )
}

#[test]
fn parses_metadata_arrays_tensors_and_alignment() {
    let file = GgufFile::parse(sample_file()).unwrap();
    assert_eq!(file.version, 3);
    assert_eq!(file.alignment, 32);
    assert_eq!(file.get_str("general.architecture").unwrap(), "llama");
    assert_eq!(file.get_u64("llama.block_count").unwrap(), 2);
    assert_eq!(file.get_f64("some.float").unwrap(), 0.5);
    assert_eq!(
        file.get_str_array("tokenizer.ggml.tokens").unwrap(),
        vec!["a", "b"]
    );
    let (w, dims) = file.tensor_f32("w").unwrap();
    assert_eq!(dims, vec![3, 2]);
    assert_eq!(w, vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
    assert_eq!(file.tensor_f32("v").unwrap().0, vec![-1.0, 0.0, 1.0, 2.0]);
    assert!(file.tensor_f32("missing").is_err());
    assert!(file.get_u64("general.architecture").is_err());
}

/// llama.cpp's vocab-only files (no tensors) end right after their metadata, without padding
/// to the alignment; they must open (found on `ggml-vocab-llama-bpe.gguf`).
#[test]
fn a_vocab_only_file_without_padding_opens() {
    let mut bytes = write_f32_gguf(
        &[(
            "tokenizer.ggml.tokens".into(),
            GgufValue::Array(vec![
                GgufValue::String("a".into()),
                GgufValue::String("b".into()),
            ]),
        )],
        &[],
    );
    while bytes.last() == Some(&0) {
        bytes.pop();
    }
    assert_eq!(bytes.last(), Some(&b'b'));
    assert_ne!(bytes.len() % 32, 0, "the unpadded end must not be aligned");
    let file = GgufFile::parse(bytes).unwrap();
    assert!(file.tensors.is_empty());
    assert_eq!(
        file.get_str_array("tokenizer.ggml.tokens").unwrap(),
        vec!["a", "b"]
    );
}

#[test]
fn every_truncation_and_corruption_is_an_error_not_a_panic() {
    let bytes = sample_file();
    for len in 0..bytes.len() {
        // Truncations inside the tensor data or its padding must fail too (the data of `v`
        // ends 16 bytes before the padded end).
        let result = GgufFile::parse(bytes[..len].to_vec());
        if len < bytes.len() - 16 {
            assert!(result.is_err(), "truncated to {len} bytes parsed");
        }
    }
    // Flip every byte of the header and metadata: must never panic.
    for i in 0..bytes.len().min(400) {
        let mut corrupt = bytes.clone();
        corrupt[i] ^= 0xFF;
        let _ = GgufFile::parse(corrupt);
    }
    let mut bad_magic = bytes.clone();
    bad_magic[0] = b'X';
    assert!(GgufFile::parse(bad_magic).is_err());
}

proptest::proptest! {
    #![proptest_config(proptest::test_runner::Config {
        failure_persistence: None,
        ..proptest::test_runner::Config::default()
    })]
    #[test]
    fn dequantizing_any_bytes_never_panics(
        name_index in 0usize..COVERED.len(),
        blocks in 0usize..4,
        extra in 0usize..3,
        seed in proptest::num::u64::ANY,
    ) {
        let ty = ggml_type(COVERED[name_index]);
        let (block_elems, block_bytes) = ty.block_layout().unwrap();
        let len = blocks * block_bytes + extra;
        let mut state = seed | 1;
        let raw: Vec<u8> = (0..len)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state as u8
            })
            .collect();
        match dequantize(ty, &raw) {
            Ok(values) => {
                proptest::prop_assert!(len.is_multiple_of(block_bytes));
                proptest::prop_assert_eq!(values.len(), len / block_bytes * block_elems);
            }
            Err(_) => proptest::prop_assert!(!len.is_multiple_of(block_bytes)),
        }
    }

    #[test]
    fn random_bytes_never_panic(tail in proptest::collection::vec(proptest::num::u8::ANY, 0..256)) {
        let mut bytes = b"GGUF\x03\x00\x00\x00".to_vec();
        bytes.extend(tail);
        let _ = GgufFile::parse(bytes);
    }
}

#[test]
fn real_smollm2_file_has_expected_layout() {
    let Some(path) = common::smollm2_or_skip("real_smollm2_file_has_expected_layout") else {
        return;
    };
    let file = GgufFile::open(&path).unwrap();
    assert_eq!(file.get_str("general.architecture").unwrap(), "llama");
    assert_eq!(file.tensors.len(), 272);
    let embd = file.tensor_info("token_embd.weight").unwrap();
    assert_eq!(embd.ggml_type, GgmlType::Q8_0);
    assert_eq!(embd.dims, vec![576, 49152]);
    let (q, _) = file.tensor_f32("blk.0.attn_q.weight").unwrap();
    assert_eq!(q.len(), 576 * 576);
    assert!(q.iter().all(|v| v.is_finite()));
}
