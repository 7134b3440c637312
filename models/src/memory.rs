//! The memory guard: before a decoder is loaded, its resident size is compared with the memory
//! the kernel says is available, and a model that would not fit is refused with a message
//! instead of being killed by the OOM killer halfway through loading.
//!
//! Resident size: matrices in Q8_0, Q4_0, Q4_1, Q5_0, Q5_1, Q4_K, Q5_K or Q6_K whose rows are
//! whole blocks are multiplied packed (see [`crate::kernels::packed_format`]) and cost their
//! bytes in the file; every other tensor is inflated to f32 at load and costs 4 bytes per
//! element. [`HEADROOM_BYTES`] is added for the
//! KV cache, activations and the tokenizer.

use std::io::Read;
use std::path::Path;

use crate::error::ModelError;
use crate::gguf::{GgufFile, GgufTensorInfo};
use crate::kernels::packed_format;

/// The formats [`resident_bytes`] counts packed, for messages.
const PACKED_NAMES: &str = "Q8_0/Q4_0/Q4_1/Q5_0/Q5_1/Q4_K/Q5_K/Q6_K";

/// Memory beyond the weights a loaded decoder needs (KV cache, activations, tokenizer).
pub const HEADROOM_BYTES: u64 = 256 << 20;

/// Overrides MemAvailable (bytes), so the refusal can be tested without exhausting memory.
pub const AVAILABLE_OVERRIDE_ENV: &str = "TACT_MEM_AVAILABLE_BYTES";

/// Bytes the tensors take once loaded.
pub fn resident_bytes(tensors: &[GgufTensorInfo]) -> u64 {
    tensors
        .iter()
        .map(|t| {
            let elements = t.element_count().unwrap_or(u64::MAX);
            // The loader's own test: a 2-D tensor whose rows (`dims[0]` values) are whole blocks.
            let packed = match t.dims.as_slice() {
                &[cols, _] => usize::try_from(cols)
                    .is_ok_and(|cols| packed_format(t.ggml_type, cols).is_some()),
                _ => false,
            };
            match t.ggml_type.block_layout() {
                Some((per_block, block_bytes)) if packed => {
                    elements.div_ceil(per_block as u64) * block_bytes as u64
                }
                _ => elements.saturating_mul(4),
            }
        })
        .fold(0u64, u64::saturating_add)
}

/// `MemAvailable` from a `/proc/meminfo` text, in bytes.
pub fn parse_mem_available(meminfo: &str) -> Option<u64> {
    meminfo.lines().find_map(|line| {
        let rest = line.strip_prefix("MemAvailable:")?;
        let kib: u64 = rest.trim().trim_end_matches("kB").trim().parse().ok()?;
        kib.checked_mul(1024)
    })
}

/// Available memory: the override when set, else `MemAvailable`; `None` when unknown (not
/// Linux), in which case the guard does not refuse.
pub fn available_bytes() -> Option<u64> {
    if let Some(value) = std::env::var_os(AVAILABLE_OVERRIDE_ENV)
        && let Some(bytes) = value.to_str().and_then(|v| v.trim().parse().ok())
    {
        return Some(bytes);
    }
    parse_mem_available(&std::fs::read_to_string("/proc/meminfo").ok()?)
}

fn mib(bytes: u64) -> u64 {
    bytes.div_ceil(1 << 20)
}

/// Refuse when `needed` (weights + headroom) exceeds `available`.
pub fn check_fits(model: &str, weights: u64, available: Option<u64>) -> Result<(), ModelError> {
    let needed = weights.saturating_add(HEADROOM_BYTES);
    match available {
        Some(available) if needed > available => Err(ModelError::OutOfMemory(format!(
            "{model} needs about {} MiB once loaded ({} MiB of weights, f32 except matrices in \
             {PACKED_NAMES}, plus {} MiB for the cache and activations) but only {} MiB is available; \
             free memory or pick a smaller or more tightly quantized model ({PACKED_NAMES} stay packed)",
            mib(needed),
            mib(weights),
            mib(HEADROOM_BYTES),
            mib(available)
        ))),
        _ => Ok(()),
    }
}

/// The guard for a GGUF file about to be loaded.
pub fn check_gguf_fits(model: &str, gguf: &GgufFile) -> Result<(), ModelError> {
    check_fits(model, resident_bytes(&gguf.tensors), available_bytes())
}

/// Bytes an HF folder takes while loading: its `.safetensors` files are read whole, and every
/// tensor is inflated to f32 (sizes from each file's JSON header; no tensor data is read).
pub fn hf_folder_resident_bytes(folder: &Path) -> Result<u64, ModelError> {
    let io = |path: &Path, e: std::io::Error| ModelError::Load {
        path: path.display().to_string(),
        reason: e.to_string(),
    };
    let mut total = 0u64;
    for entry in std::fs::read_dir(folder).map_err(|e| io(folder, e))? {
        let path = entry.map_err(|e| io(folder, e))?.path();
        if path.extension().is_none_or(|e| e != "safetensors") {
            continue;
        }
        let mut file = std::fs::File::open(&path).map_err(|e| io(&path, e))?;
        total = total.saturating_add(file.metadata().map_err(|e| io(&path, e))?.len());
        let mut len = [0u8; 8];
        file.read_exact(&mut len).map_err(|e| io(&path, e))?;
        let len = u64::from_le_bytes(len);
        let mut header = Vec::new();
        file.take(len.min(100 << 20))
            .read_to_end(&mut header)
            .map_err(|e| io(&path, e))?;
        let header: serde_json::Value =
            serde_json::from_slice(&header).map_err(|e| ModelError::Load {
                path: path.display().to_string(),
                reason: format!("safetensors header: {e}"),
            })?;
        for (name, tensor) in header.as_object().into_iter().flatten() {
            if name == "__metadata__" {
                continue;
            }
            let elements = tensor["shape"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|d| d.as_u64().unwrap_or(u64::MAX))
                .fold(1u64, u64::saturating_mul);
            total = total.saturating_add(elements.saturating_mul(4));
        }
    }
    Ok(total)
}

/// The guard for an HF folder about to be loaded.
pub fn check_hf_folder_fits(folder: &Path) -> Result<(), ModelError> {
    check_fits(
        &folder.display().to_string(),
        hf_folder_resident_bytes(folder)?,
        available_bytes(),
    )
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;
    use crate::gguf::GgmlType;

    fn tensor(dims: &[u64], ggml_type: GgmlType) -> GgufTensorInfo {
        GgufTensorInfo {
            name: "t".into(),
            dims: dims.to_vec(),
            ggml_type,
            offset: 0,
        }
    }

    #[test]
    fn packed_matrices_cost_their_blocks_and_the_rest_inflates_to_f32() {
        // 64x64 Q8_0: 128 blocks of 34 bytes; the same in Q4_K inflates to 4 bytes each (a
        // 64-value row is not a whole 256-value super-block, so the loader inflates it).
        assert_eq!(
            resident_bytes(&[tensor(&[64, 64], GgmlType::Q8_0)]),
            128 * 34
        );
        assert_eq!(
            resident_bytes(&[tensor(&[64, 64], GgmlType::Q4K)]),
            64 * 64 * 4
        );
        // Rows of whole super-blocks stay packed: Qwen2.5-Coder's ffn_down, [4864, 896] in GGUF
        // order, is 896 rows of 19 super-blocks.
        assert_eq!(
            resident_bytes(&[tensor(&[4864, 896], GgmlType::Q4K)]),
            896 * 19 * 144
        );
        assert_eq!(
            resident_bytes(&[tensor(&[4864, 896], GgmlType::Q6K)]),
            896 * 19 * 210
        );
        assert_eq!(
            resident_bytes(&[tensor(&[512, 3], GgmlType::Q5K)]),
            3 * 2 * 176
        );
        assert_eq!(
            resident_bytes(&[tensor(&[896, 128], GgmlType::Q5_0)]),
            128 * 28 * 22
        );
        // Q2_K and Q3_K are packed like the other K-quants when rows are whole super-blocks.
        assert_eq!(resident_bytes(&[tensor(&[256, 2], GgmlType::Q3K)]), 2 * 110);
        assert_eq!(resident_bytes(&[tensor(&[256, 3], GgmlType::Q2K)]), 3 * 84);
        assert_eq!(resident_bytes(&[tensor(&[128, 2], GgmlType::Q3K)]), 256 * 4);
        assert_eq!(
            resident_bytes(&[tensor(&[64, 64], GgmlType::Q4_1)]),
            128 * 20
        );
        // A norm vector (1-D) in F32, and a Q8_0 vector (not a packed matrix), inflate.
        assert_eq!(
            resident_bytes(&[tensor(&[64], GgmlType::F32), tensor(&[64], GgmlType::Q8_0)]),
            64 * 4 * 2
        );
    }

    #[test]
    fn hf_folder_counts_its_files_and_f32_tensors() {
        let dir = tempfile::tempdir().unwrap();
        let header = br#"{"__metadata__":{"format":"pt"},"a":{"dtype":"BF16","shape":[4,8],"data_offsets":[0,64]},"b":{"dtype":"F32","shape":[3],"data_offsets":[64,76]}}"#;
        let mut bytes = (header.len() as u64).to_le_bytes().to_vec();
        bytes.extend_from_slice(header);
        bytes.extend(std::iter::repeat_n(0u8, 76));
        std::fs::write(dir.path().join("model.safetensors"), &bytes).unwrap();
        std::fs::write(dir.path().join("config.json"), b"{}").unwrap();
        let expected = bytes.len() as u64 + (32 + 3) * 4;
        assert_eq!(hf_folder_resident_bytes(dir.path()).unwrap(), expected);
    }

    #[test]
    fn meminfo_is_read_in_bytes() {
        let text = "MemTotal:       24576000 kB\nMemFree:  100 kB\nMemAvailable:   20000000 kB\n";
        assert_eq!(parse_mem_available(text), Some(20_000_000 * 1024));
        assert_eq!(parse_mem_available("MemTotal: 1 kB\n"), None);
    }

    #[test]
    fn a_model_larger_than_available_memory_is_refused_with_the_numbers() {
        let weights = 1500u64 << 20;
        let err = check_fits("big.gguf", weights, Some(1024 << 20))
            .unwrap_err()
            .to_string();
        assert!(err.contains("big.gguf"), "{err}");
        assert!(err.contains("1756 MiB"), "{err}");
        assert!(err.contains("only 1024 MiB is available"), "{err}");
        // Fits with room for the headroom; unknown availability never refuses.
        check_fits("big.gguf", weights, Some(2048 << 20)).unwrap();
        check_fits("big.gguf", weights, None).unwrap();
        // The headroom counts: weights alone fitting is not enough.
        assert!(check_fits("big.gguf", weights, Some(weights + 1)).is_err());
    }
}
