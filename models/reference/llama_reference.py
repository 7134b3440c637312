"""Independent reference logits for models/src/llama.rs, on a real GGUF file:
SmolLM2-135M-Instruct (architecture `llama`, the default) or Qwen2.5-Coder-0.5B-Instruct
(architecture `qwen2`: q/k/v bias, NEOX rotary, untied output head).

Weights are read and dequantized by gguf-py (not tact's reader). The forward pass is plain
numpy in the Hugging Face formulation: for `llama`, q/k rows are un-permuted from llama.cpp's
interleaved layout back to HF's; RoPE uses `rotate_half` for both (llama.cpp stores qwen2's
rows unpermuted, NEOX style), so the Rust code's interleaved-pair RoPE (it permutes qwen2 rows
at load) is checked against a different but equivalent formulation. No KV cache: every step
re-runs the full sequence. Token ids are stored in the fixture (the Rust test feeds them, so it
does not depend on the tokenizer).

    venv/bin/pip install numpy gguf tokenizers
    venv/bin/python models/reference/llama_reference.py $TACT_HOME             # SmolLM2
    venv/bin/python models/reference/llama_reference.py $TACT_HOME qwen2.5-coder
    venv/bin/python models/reference/llama_reference.py $TACT_HOME FILE.gguf   # any SmolLM2 file

`llama3-rope` runs SmolLM2's file with Llama 3's rope scaling (HF's `rope_type: llama3`, with
small test parameters so that most frequencies are stretched) and writes
`llama3_rope_reference.json` with the frequency divisors it used: the Rust test feeds them as
the `rope_freqs.weight` tensor llama.cpp's converter writes for Llama 3 files.

A path in place of the model's name reads that file with SmolLM2's tokenizer and prompts and
writes `llama_reference.<file stem>.json`: the K-quant files of `docs/models.md` (SmolLM2's
weights requantized by llama.cpp's `llama-quantize`) are checked this way.
"""
import json
import pathlib
import sys

import numpy as np
from gguf import GGUFReader
from gguf.quants import dequantize
from tokenizers import AddedToken, Regex, Tokenizer, decoders, models, normalizers, pre_tokenizers

home = pathlib.Path(sys.argv[1])
which = sys.argv[2] if len(sys.argv) > 2 else "smollm2"
MODELS = {
    "smollm2": ("smollm2-135m-instruct/SmolLM2-135M-Instruct.Q4_1.gguf", "llama_reference.json"),
    "qwen2.5-coder": ("qwen2.5-coder-0.5b-instruct/Qwen2.5-Coder-0.5B-Instruct.Q4_K_M.gguf",
                      "qwen2_reference.json"),
}
LLAMA3_ROPE = None
if which == "llama3-rope":
    LLAMA3_ROPE = {"factor": 8.0, "low_freq_factor": 1.0, "high_freq_factor": 4.0,
                   "original_max_position_embeddings": 256}
    MODELS["llama3-rope"] = (MODELS["smollm2"][0], "llama3_rope_reference.json")
if which.endswith(".gguf"):
    path = pathlib.Path(which)
    fixture_name = f"llama_reference.{path.stem}.json"
    which = "smollm2"
else:
    rel_path, fixture_name = MODELS[which]
    path = home / rel_path
    if which == "llama3-rope":
        which = "smollm2"
reader = GGUFReader(str(path))


def meta(key):
    field = reader.fields[key]
    return field.parts[field.data[0]][0]


def strings(key):
    field = reader.fields[key]
    return [bytes(field.parts[i]).decode("utf-8") for i in field.data]


arch = strings("general.architecture")[0]
assert arch in ("llama", "qwen2"), arch
n_layer = int(meta(f"{arch}.block_count"))
n_head = int(meta(f"{arch}.attention.head_count"))
n_kv = int(meta(f"{arch}.attention.head_count_kv"))
dim = int(meta(f"{arch}.embedding_length"))
eps = float(meta(f"{arch}.attention.layer_norm_rms_epsilon"))
theta = float(meta(f"{arch}.rope.freq_base"))
hd = dim // n_head

W = {}
for t in reader.tensors:
    # gguf-py returns the row-major array, shape reversed from GGUF dims ([out, in]).
    W[t.name] = dequantize(t.data, t.tensor_type).astype(np.float32).reshape(
        [int(d) for d in reversed(t.shape.tolist())])


def unpermute(w, heads):
    """llama.cpp interleaved rows -> HF rotate_half rows."""
    rows, cols = w.shape
    return w.reshape(heads, hd // 2, 2, cols).swapaxes(1, 2).reshape(rows, cols)


if arch == "llama":
    # qwen2 (NEOX) rows are stored as HF has them; llama's are interleaved by llama.cpp.
    for i in range(n_layer):
        W[f"blk.{i}.attn_q.weight"] = unpermute(W[f"blk.{i}.attn_q.weight"], n_head)
        W[f"blk.{i}.attn_k.weight"] = unpermute(W[f"blk.{i}.attn_k.weight"], n_kv)
emb = W["token_embd.weight"]
head = W.get("output.weight", emb)


def rms(x, w):
    return x / np.sqrt((x.astype(np.float64) ** 2).mean(-1, keepdims=True) + eps).astype(np.float32) * w


def rotate_half(x):
    h = x.shape[-1] // 2
    return np.concatenate([-x[..., h:], x[..., :h]], axis=-1)


def linear(h, name):
    y = h @ W[name + ".weight"].T
    bias = W.get(name + ".bias")
    return y if bias is None else y + bias


BASE_INV = 1.0 / theta ** (np.arange(0, hd, 2, dtype=np.float64) / hd)


def llama3_inv_freq(inv, p):
    """HF's llama3 rule: short wavelengths kept, long ones divided by the factor, a blend
    between (written from the rule, not from the Rust code)."""
    old = p["original_max_position_embeddings"]
    low_wavelen = old / p["low_freq_factor"]
    high_wavelen = old / p["high_freq_factor"]
    wavelen = 2 * np.pi / inv
    scaled = np.where(wavelen > low_wavelen, inv / p["factor"], inv)
    smooth = (old / wavelen - p["low_freq_factor"]) / (p["high_freq_factor"] - p["low_freq_factor"])
    blended = (1 - smooth) * scaled / p["factor"] + smooth * scaled
    medium = (wavelen >= high_wavelen) & (wavelen <= low_wavelen)
    return np.where(medium, blended, scaled)


INV = BASE_INV if LLAMA3_ROPE is None else llama3_inv_freq(BASE_INV, LLAMA3_ROPE)


def forward(ids):
    T = len(ids)
    x = emb[ids]
    inv = INV
    ang = np.outer(np.arange(T), inv)
    cos = np.cos(np.concatenate([ang, ang], -1)).astype(np.float32)
    sin = np.sin(np.concatenate([ang, ang], -1)).astype(np.float32)
    mask = np.triu(np.full((T, T), -np.inf, dtype=np.float32), 1)
    for i in range(n_layer):
        p = f"blk.{i}."
        h = rms(x, W[p + "attn_norm.weight"])
        q = linear(h, p + "attn_q").reshape(T, n_head, hd).transpose(1, 0, 2)
        k = linear(h, p + "attn_k").reshape(T, n_kv, hd).transpose(1, 0, 2)
        v = linear(h, p + "attn_v").reshape(T, n_kv, hd).transpose(1, 0, 2)
        q = q * cos + rotate_half(q) * sin
        k = k * cos + rotate_half(k) * sin
        k = np.repeat(k, n_head // n_kv, axis=0)
        v = np.repeat(v, n_head // n_kv, axis=0)
        s = q @ k.transpose(0, 2, 1) / np.sqrt(hd) + mask
        s = np.exp(s - s.max(-1, keepdims=True))
        s = s / s.sum(-1, keepdims=True)
        a = (s @ v).transpose(1, 0, 2).reshape(T, dim)
        x = x + a @ W[p + "attn_output.weight"].T
        h = rms(x, W[p + "ffn_norm.weight"])
        g = h @ W[p + "ffn_gate.weight"].T
        g = g / (1.0 + np.exp(-g))
        x = x + (g * (h @ W[p + "ffn_up.weight"].T)) @ W[p + "ffn_down.weight"].T
    x = rms(x, W["output_norm.weight"])
    return x[-1] @ head.T


tokens = strings("tokenizer.ggml.tokens")
merges = [tuple(m.split(" ", 1)) for m in strings("tokenizer.ggml.merges")]
tok = Tokenizer(models.BPE({t: i for i, t in enumerate(tokens)}, merges))
if which == "smollm2":
    tok.pre_tokenizer = pre_tokenizers.Sequence([
        pre_tokenizers.Digits(individual_digits=True),
        pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True),
    ])
    tok.add_special_tokens([AddedToken(t, normalized=False, special=True) for t in tokens[:17]])
    PROMPTS = [
        "<|im_start|>user\nWhat is the capital of France?<|im_end|>\n<|im_start|>assistant\n",
        "def fibonacci(n):\n",
        "The quick brown fox",
    ]
else:
    # Qwen2's published tokenizer.json: NFC, then its split regex, then byte-level (no regex).
    tok.normalizer = normalizers.NFC()
    tok.pre_tokenizer = pre_tokenizers.Sequence([
        pre_tokenizers.Split(Regex(r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+"),
                             behavior="isolated"),
        pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False),
    ])
    types_field = reader.fields["tokenizer.ggml.token_type"]
    types = [int(types_field.parts[i][0]) for i in types_field.data]
    tok.add_special_tokens([AddedToken(t, normalized=False, special=True)
                            for t, kind in zip(tokens, types) if kind == 3])
    PROMPTS = [
        "<|im_start|>system\nYou are a helpful assistant.<|im_end|>\n"
        "<|im_start|>user\nWrite a Python function that reverses a string.<|im_end|>\n"
        "<|im_start|>assistant\n",
        "def fibonacci(n):\n",
        "fn main() {\n    let xs = vec![1, 2, 3];\n",
    ]
tok.decoder = decoders.ByteLevel()
STEPS = 4
TOP_K = 8
cases = []
for text in PROMPTS:
    ids = tok.encode(text).ids
    seq = list(ids)
    steps = []
    for _ in range(STEPS):
        logits = forward(seq)
        top = np.argsort(-logits)[:TOP_K]
        z = logits.astype(np.float64)
        logprobs = z - (z.max() + np.log(np.exp(z - z.max()).sum()))
        steps.append({"top_ids": [int(t) for t in top], "top_logits": [float(logits[t]) for t in top],
                      "top_logprobs": [float(logprobs[t]) for t in top]})
        seq.append(int(top[0]))
    cases.append({"text": text, "prompt_ids": ids, "greedy": seq[len(ids):], "steps": steps})
    print(repr(text), "->", repr(tok.decode(seq[len(ids):])))

out = pathlib.Path(__file__).resolve().parents[1] / "tests" / "fixtures" / fixture_name
record = {"model": path.name, "cases": cases}
if LLAMA3_ROPE is not None:
    record["rope_scaling"] = LLAMA3_ROPE
    record["rope_freqs"] = [float(d) for d in BASE_INV / INV]
out.write_text(json.dumps(record))
print(f"wrote {out}")
