"""Reference token ids for models/src/tokenizer.rs.

SmolLM2: the vocabulary and merges are read with gguf-py's GGUFReader (not tact's reader) and
assembled with the Python `tokenizers` API in the shape of SmolLM2's published tokenizer.json:
byte-level BPE, pre-tokenizer Sequence[Digits(individual_digits), ByteLevel(no prefix space)],
control tokens (token_type 3) added as special tokens. (transformers' GGUF converter is not
used: it has no mapping for the `smollm` pre-tokenizer and would not split digits.)
MiniLM: the package's tokenizer.json via `tokenizers`.
Qwen2.5-Coder (`tokenizer.ggml.pre = qwen2`): gguf-py reads the GGUF into the dict
transformers' GGUF tokenizer code takes (its own reader needs torch), and transformers'
`Qwen2Tokenizer` class (NFC, Qwen2's split regex, byte-level, as Qwen2's published
tokenizer.json) is built from that vocabulary and merges, with the file's control tokens added
by transformers' GGUF code. `llama-bpe`: no Llama-3 vocabulary is installed, so the same Qwen2
vocabulary is pre-tokenized the way transformers' GGUF converter does for a `llama-bpe` file
(Llama 3's split regex, no normalizer); this checks the mapping, not a Llama-3 model.
Writes models/tests/fixtures/tokenizer_reference.json.

    venv/bin/pip install numpy gguf tokenizers transformers
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
    "x = 1234567890 + 3.14159e-10; int32 0xFF 2026-11-30 12,345.67",
    "你好，世界！这是一个测试。中文、日本語のテキスト、한국어 텍스트.",
    "emoji 🚀🔥 family 👨\u200d👩\u200d👧 flag 🇫🇷 ✅",
    "fn main() {\n    let v: Vec<u8> = vec![1, 2, 3];\n    println!(\"{:?}\", v);\n}\n",
    "I'm sure they'll say it's John's; WE'RE DONE, aren't we?",
    "Cafe\u0301 nai\u0308ve — decomposed accents (NFC matters)",
    "\t\tindented\r\n\r\n   trailing   \n",
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
from transformers import Qwen2Tokenizer
from transformers.integrations.gguf.gguf_tokenizer_mapping import (
    add_gguf_special_tokens, convert_gguf_tokenizer)

qwen_path = home / "qwen2.5-coder-0.5b-instruct" / "Qwen2.5-Coder-0.5B-Instruct.Q4_K_M.gguf"
qreader = GGUFReader(str(qwen_path))
qtypes = qreader.fields["tokenizer.ggml.token_type"]
arch = field_strings(qreader, "general.architecture")[0]
qdict = {
    "tokenizer_type": field_strings(qreader, "tokenizer.ggml.model")[0],
    "pre_tokenizer_type": field_strings(qreader, "tokenizer.ggml.pre")[0],
    "tokens": field_strings(qreader, "tokenizer.ggml.tokens"),
    "merges": field_strings(qreader, "tokenizer.ggml.merges"),
    "token_type": [int(qtypes.parts[i][0]) for i in qtypes.data],
}
assert qdict["pre_tokenizer_type"] == "qwen2", qdict["pre_tokenizer_type"]
qvocab = {t: i for i, t in enumerate(qdict["tokens"])}
qwen = Qwen2Tokenizer(vocab=qvocab, merges=[tuple(m.split(" ")) for m in qdict["merges"]])
qwen = add_gguf_special_tokens(qwen, qdict).backend_tokenizer
assert len(qwen.get_vocab()) == len(qdict["tokens"]), "special tokens grew the vocabulary"
llama_bpe, _ = convert_gguf_tokenizer(arch, dict(qdict, pre_tokenizer_type="llama-bpe"))



def pieces(tok, text):
    """The pre-tokenizer's pieces (byte-level alphabet) after the normalizer: checks the split
    regex itself, which the ids alone can hide when the vocabulary has no token across a split."""
    if tok.normalizer is not None:
        text = tok.normalizer.normalize_str(text)
    return [piece for piece, _ in tok.pre_tokenizer.pre_tokenize_str(text)]


cases = []
for text in TEXTS:
    cases.append({
        "text": text,
        "smollm2_ids": smol.encode(text, add_special_tokens=False).ids,
        "minilm_ids": mini.encode(text, add_special_tokens=True).ids,
        "qwen2_ids": qwen.encode(text, add_special_tokens=False).ids,
        "llama_bpe_on_qwen2_vocab_ids": llama_bpe.encode(text, add_special_tokens=False).ids,
        "qwen2_pieces": pieces(qwen, text),
        "llama_bpe_pieces": pieces(llama_bpe, text),
    })
out = pathlib.Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "tokenizer_reference.json"
out.write_text(json.dumps({"cases": cases}, ensure_ascii=False))
print(f"wrote {out}")
