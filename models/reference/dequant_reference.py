"""Reference dequantization values for models/src/gguf.rs, from the `gguf` PyPI package.

Random raw blocks (fixed seed, with finite f16 scales) are dequantized by gguf-py's own
dequantizer; the raw bytes (hex) and the f32 results are written to
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
}

cases = []
for qtype, blocks in [(T.F16, 64), (T.Q4_0, 2), (T.Q4_1, 2), (T.Q8_0, 2), (T.Q4_K, 2), (T.Q6_K, 2)]:
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
        "raw_hex": flat.tobytes().hex(),
        "values": [float(v) for v in values],
    })

out = pathlib.Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "dequant_reference.json"
out.write_text(json.dumps({"generator": "gguf-py dequantize", "cases": cases}))
print(f"wrote {out} ({out.stat().st_size} bytes)")
