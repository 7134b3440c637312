"""Reference sentence embeddings for models/src/bert.rs (all-MiniLM-L6-v2).

A plain numpy BERT forward over the package's model.safetensors (read with the
`safetensors` package), token ids from the package's tokenizer.json (via `tokenizers`),
then mean pooling over tokens and L2 normalisation, as sentence-transformers configures
for this model (1_Pooling/config.json: mean tokens; modules.json: Normalize).

    venv/bin/pip install numpy safetensors tokenizers
    venv/bin/python models/reference/minilm_reference.py $TACT_HOME
"""
import json
import math
import pathlib
import sys

import numpy as np
from safetensors.numpy import load_file
from tokenizers import Tokenizer

home = pathlib.Path(sys.argv[1]) / "all-minilm-l6-v2"
cfg = json.loads((home / "config.json").read_text())
W = load_file(str(home / "model.safetensors"))
tok = Tokenizer.from_file(str(home / "tokenizer.json"))
tok.no_padding()
tok.no_truncation()
H, NH, L, EPS = cfg["hidden_size"], cfg["num_attention_heads"], cfg["num_hidden_layers"], cfg["layer_norm_eps"]
HD = H // NH


def ln(x, p):
    mu = x.mean(-1, keepdims=True)
    var = ((x - mu) ** 2).mean(-1, keepdims=True)
    return (x - mu) / np.sqrt(var + EPS) * W[p + ".weight"] + W[p + ".bias"]


def lin(x, p):
    return x @ W[p + ".weight"].T + W[p + ".bias"]


erf = np.vectorize(math.erf)


def embed(text):
    ids = tok.encode(text).ids
    T = len(ids)
    x = (W["embeddings.word_embeddings.weight"][ids]
         + W["embeddings.position_embeddings.weight"][:T]
         + W["embeddings.token_type_embeddings.weight"][0])
    x = ln(x, "embeddings.LayerNorm")
    for i in range(L):
        p = f"encoder.layer.{i}."
        q = lin(x, p + "attention.self.query").reshape(T, NH, HD).transpose(1, 0, 2)
        k = lin(x, p + "attention.self.key").reshape(T, NH, HD).transpose(1, 0, 2)
        v = lin(x, p + "attention.self.value").reshape(T, NH, HD).transpose(1, 0, 2)
        s = q @ k.transpose(0, 2, 1) / np.sqrt(HD)
        s = np.exp(s - s.max(-1, keepdims=True))
        s /= s.sum(-1, keepdims=True)
        a = (s @ v).transpose(1, 0, 2).reshape(T, H)
        x = ln(x + lin(a, p + "attention.output.dense"), p + "attention.output.LayerNorm")
        h = lin(x, p + "intermediate.dense")
        h = 0.5 * h * (1.0 + erf(h / math.sqrt(2.0)))
        x = ln(x + lin(h, p + "output.dense"), p + "output.LayerNorm")
    e = x.mean(0)
    return ids, e / np.linalg.norm(e)


SENTENCES = [
    "List the files in the src directory.",
    "Read the contents of Cargo.toml",
    "What is the weather like today?",
    "Run the unit tests and report failures.",
]
cases = []
for s in SENTENCES:
    ids, e = embed(s)
    cases.append({"text": s, "ids": ids, "embedding": [round(float(v), 7) for v in e]})
out = pathlib.Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "minilm_reference.json"
out.write_text(json.dumps({"cases": cases}))
print(f"wrote {out}")
