"""Reference dequantization values for models/src/gguf.rs, from the `gguf` PyPI package.

Random raw blocks (fixed seed, with finite f16 scales) are dequantized by gguf-py's own
dequantizer; each type's ggml id and (elements, bytes) block layout, the raw bytes (hex) and
the f32 results are written to
models/tests/fixtures/dequant_reference.json.

    python3 -m venv venv && venv/bin/pip install numpy gguf
    venv/bin/python models/reference/dequant_reference.py
"""
import json
import pathlib

import numpy as np
from gguf import GGMLQuantizationType as T
from gguf.constants import GGML_QUANT_SIZES
from gguf.quants import dequantize

rng = np.random.default_rng(20260130)

# Byte offsets of f16 scale fields per block, which must be finite and modest.
F16_FIELDS = {
    T.Q4_0: [0],
    T.Q4_1: [0, 2],
    T.Q8_0: [0],
    T.Q4_K: [0, 2],
    T.Q6_K: [208],
    T.F16: [0],
    T.Q5_0: [0],
    T.Q5_1: [0, 2],
    T.Q2_K: [80, 82],
    T.Q3_K: [108],
    T.Q5_K: [0, 2],
}

# The ggml type ids the Rust reader maps (GgmlType::from_id); checked here against gguf-py.
EXPECTED_IDS = {"F32": 0, "F16": 1, "Q4_0": 2, "Q4_1": 3, "Q5_0": 6, "Q5_1": 7, "Q8_0": 8,
                "Q2_K": 10, "Q3_K": 11, "Q4_K": 12, "Q5_K": 13, "Q6_K": 14, "BF16": 30}
for name, ident in EXPECTED_IDS.items():
    assert T[name].value == ident, (name, T[name].value, ident)

cases = []
# The first six cases keep their original order so the seed reproduces them unchanged.
for qtype, blocks in [(T.F16, 64), (T.Q4_0, 2), (T.Q4_1, 2), (T.Q8_0, 2), (T.Q4_K, 2), (T.Q6_K, 2),
                      (T.Q5_0, 3), (T.Q5_1, 3), (T.Q2_K, 2), (T.Q3_K, 2), (T.Q5_K, 2)]:
    block_elems, block_bytes = GGML_QUANT_SIZES[qtype]
    raw = rng.integers(0, 256, size=(blocks, block_bytes), dtype=np.uint8)
    for off in F16_FIELDS[qtype]:
        vals = rng.uniform(-0.05, 0.05, size=blocks).astype(np.float16)
        raw[:, off:off + 2] = vals.view(np.uint8).reshape(blocks, 2)
    flat = raw.reshape(-1)
    values = dequantize(flat, qtype).astype(np.float32).reshape(-1)
    assert values.size == blocks * block_elems
    cases.append({
        "type": qtype.name,
        "ggml_id": int(qtype.value),
        "block": [block_elems, block_bytes],
        "raw_hex": flat.tobytes().hex(),
        "values": [float(v) for v in values],
    })

# F32 and BF16: whole-number "blocks" of one value; random finite values, not random bytes.
for qtype, dtype in [(T.F32, np.float32), (T.BF16, None)]:
    vals = rng.normal(0.0, 1.0, size=64).astype(np.float32)
    if dtype is None:
        raw = (vals.view(np.uint32) >> 16).astype(np.uint16).view(np.uint8)
    else:
        raw = vals.view(np.uint8)
    values = dequantize(raw, qtype).astype(np.float32).reshape(-1)
    assert values.size == 64
    cases.append({
        "type": qtype.name,
        "ggml_id": int(qtype.value),
        "block": list(GGML_QUANT_SIZES[qtype]),
        "raw_hex": raw.tobytes().hex(),
        "values": [float(v) for v in values],
    })

out = pathlib.Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "dequant_reference.json"
out.write_text(json.dumps({"generator": "gguf-py dequantize", "cases": cases}))
print(f"wrote {out} ({out.stat().st_size} bytes)")
