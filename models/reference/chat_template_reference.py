"""Reference renderings of the models' own chat templates for models/src/chat_template.rs.

Each GGUF's `tokenizer.chat_template` (read with gguf-py's GGUFReader, not tact's reader) is set
on a transformers tokenizer built from the same file the way tokenizer_reference.py builds it
(SmolLM2: the `tokenizers` BPE wrapped in PreTrainedTokenizerFast; Qwen2.5-Coder:
Qwen2Tokenizer plus the file's control tokens), and `apply_chat_template(..., tokenize=False)`
renders fixed conversations with and without tools. Tools are OpenAI-style function tools
written the way tact writes them (`type`, then `function` with `name`, `description`,
`parameters`; the JSON Schema's keys sorted, as serde_json keeps them).
Writes models/tests/fixtures/chat_template_reference.json.

    venv/bin/pip install gguf tokenizers transformers jinja2
    venv/bin/python models/reference/chat_template_reference.py $TACT_HOME \
        $LLAMA_CPP/models/templates/meta-llama-Llama-3.2-3B-Instruct.jinja
"""
import json
import pathlib
import sys

from gguf import GGUFReader
from tokenizers import AddedToken, Tokenizer, decoders, models, pre_tokenizers
from transformers import PreTrainedTokenizerFast, Qwen2Tokenizer
from transformers.integrations.gguf.gguf_tokenizer_mapping import add_gguf_special_tokens

home = pathlib.Path(sys.argv[1])


def field_strings(reader, key):
    field = reader.fields[key]
    return [bytes(field.parts[i]).decode("utf-8") for i in field.data]


def field_int(reader, key):
    field = reader.fields[key]
    return int(field.parts[field.data[0]][0])


def token_types(reader):
    field = reader.fields["tokenizer.ggml.token_type"]
    return [int(field.parts[i][0]) for i in field.data]


smol_reader = GGUFReader(str(home / "smollm2-135m-instruct" / "SmolLM2-135M-Instruct.Q4_1.gguf"))
smol_tokens = field_strings(smol_reader, "tokenizer.ggml.tokens")
smol_bpe = Tokenizer(models.BPE(
    {t: i for i, t in enumerate(smol_tokens)},
    [tuple(m.split(" ", 1)) for m in field_strings(smol_reader, "tokenizer.ggml.merges")]))
smol_bpe.pre_tokenizer = pre_tokenizers.Sequence([
    pre_tokenizers.Digits(individual_digits=True),
    pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True),
])
smol_bpe.decoder = decoders.ByteLevel()
smol_bpe.add_special_tokens([AddedToken(t, normalized=False, special=True)
                             for t, kind in zip(smol_tokens, token_types(smol_reader)) if kind == 3])
smol = PreTrainedTokenizerFast(
    tokenizer_object=smol_bpe,
    bos_token=smol_tokens[field_int(smol_reader, "tokenizer.ggml.bos_token_id")],
    eos_token=smol_tokens[field_int(smol_reader, "tokenizer.ggml.eos_token_id")],
)
smol.chat_template = field_strings(smol_reader, "tokenizer.chat_template")[0]

qwen_reader = GGUFReader(str(home / "qwen2.5-coder-0.5b-instruct" / "Qwen2.5-Coder-0.5B-Instruct.Q4_K_M.gguf"))
qdict = {
    "tokenizer_type": field_strings(qwen_reader, "tokenizer.ggml.model")[0],
    "pre_tokenizer_type": field_strings(qwen_reader, "tokenizer.ggml.pre")[0],
    "tokens": field_strings(qwen_reader, "tokenizer.ggml.tokens"),
    "merges": field_strings(qwen_reader, "tokenizer.ggml.merges"),
    "token_type": token_types(qwen_reader),
    "bos_token_id": field_int(qwen_reader, "tokenizer.ggml.bos_token_id"),
    "eos_token_id": field_int(qwen_reader, "tokenizer.ggml.eos_token_id"),
}
qwen = Qwen2Tokenizer(vocab={t: i for i, t in enumerate(qdict["tokens"])},
                      merges=[tuple(m.split(" ")) for m in qdict["merges"]])
qwen = add_gguf_special_tokens(qwen, qdict)
qwen.bos_token = qdict["tokens"][qdict["bos_token_id"]]
qwen.eos_token = qdict["tokens"][qdict["eos_token_id"]]
qwen.chat_template = field_strings(qwen_reader, "tokenizer.chat_template")[0]

# Llama 3.2's own template (llama.cpp's copy of meta-llama/Llama-3.2-3B-Instruct's, from the
# llama-cpp-python 0.3.36 sdist) on Llama 3's vocabulary (llama.cpp's vocab-only GGUF, installed
# by scripts/llama-cpp-vocab.sh). tact gives templates no clock (`strftime_now`), so the
# template's own default date is passed here too.
llama_reader = GGUFReader(str(home / "llama-cpp-vocab" / "ggml-vocab-llama-bpe.gguf"))
llama_tokens = field_strings(llama_reader, "tokenizer.ggml.tokens")
llama_bpe = Tokenizer(models.BPE({t: i for i, t in enumerate(llama_tokens)}, []))
llama = PreTrainedTokenizerFast(tokenizer_object=llama_bpe, bos_token="<|begin_of_text|>",
                                eos_token="<|eot_id|>")
llama.chat_template = pathlib.Path(sys.argv[2]).read_text()
LLAMA_DATE = "26 Jul 2024"


def tool(name, description, parameters):
    # The schema's keys sorted (serde_json's maps are), the wrapper in tact's order.
    parameters = json.loads(json.dumps(parameters, sort_keys=True))
    return {"type": "function",
            "function": {"name": name, "description": description, "parameters": parameters}}


TOOLS = [
    tool("read_file", "Read the contents of a file.", {
        "type": "object",
        "properties": {"path": {"type": "string", "minLength": 1}},
        "required": ["path"]}),
    tool("list_dir", "List a directory's files — \"recursive\" <optional>, ü 日本.", {
        "type": "object",
        "properties": {"path": {"type": "string"}, "recursive": {"type": "boolean"},
                       "max_depth": {"type": "integer", "minimum": 1, "maximum": 5},
                       "ratio": {"type": "number", "default": 0.5}},
        "required": ["path", "recursive"]}),
    tool("stop", "Finish the task.", {"type": "object", "properties": {}}),
]

CONVERSATIONS = [
    {"name": "user_only", "tools": [], "add_generation_prompt": True,
     "messages": [{"role": "user", "content": "List the files in src/"}]},
    {"name": "system_user_no_generation_prompt", "tools": [], "add_generation_prompt": False,
     "messages": [{"role": "system", "content": "You are a coding assistant."},
                  {"role": "user", "content": "Hi ✨\n  indented\n"}]},
    {"name": "tools_without_system", "tools": TOOLS, "add_generation_prompt": True,
     "messages": [{"role": "user", "content": "Show me Cargo.toml"}]},
    {"name": "tools_with_system", "tools": TOOLS, "add_generation_prompt": True,
     "messages": [{"role": "system", "content": "You are a coding assistant working in a repository."},
                  {"role": "user", "content": "What is in src/?"}]},
    {"name": "tools_with_a_tool_round", "tools": TOOLS, "add_generation_prompt": True,
     "messages": [
         {"role": "system", "content": "You are a coding assistant."},
         {"role": "user", "content": "Read README.md"},
         {"role": "assistant", "content": "",
          "tool_calls": [{"type": "function", "function": {
              "name": "read_file", "arguments": {"path": "README.md"}}}]},
         {"role": "tool", "content": "# tact\nA runtime."},
         {"role": "tool", "content": "(second result)"},
         {"role": "user", "content": "Feedback: now stop"}]},
]

cases = []
for conversation in CONVERSATIONS:
    case = dict(conversation)
    for key, tok, extra in [("smollm2", smol, {}), ("qwen2", qwen, {}),
                            ("llama3_2", llama, {"date_string": LLAMA_DATE})]:
        case[key] = tok.apply_chat_template(
            conversation["messages"], tools=conversation["tools"] or None, tokenize=False,
            add_generation_prompt=conversation["add_generation_prompt"], **extra)
    cases.append(case)

out = pathlib.Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "chat_template_reference.json"
out.write_text(json.dumps({
    "templates": {
        "smollm2": {"source": smol.chat_template, "bos_token": smol.bos_token, "eos_token": smol.eos_token},
        "qwen2": {"source": qwen.chat_template, "bos_token": qwen.bos_token, "eos_token": qwen.eos_token},
        "llama3_2": {"source": llama.chat_template, "bos_token": llama.bos_token, "eos_token": llama.eos_token},
    },
    "cases": cases,
}, ensure_ascii=False, indent=1))
print(f"wrote {out}")
