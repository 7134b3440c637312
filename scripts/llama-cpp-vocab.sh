#!/usr/bin/env bash
# Installs llama.cpp's vocab-only GGUF test files (Llama 3 `llama-bpe`, Qwen2, GPT-2) into
# $TACT_HOME/llama-cpp-vocab/ for models/tests/tokenizers_reference.rs. They come from the
# llama-cpp-python 0.3.36 sdist on PyPI (the same one ../shared/tools/llama-anchor.sh builds;
# its copy under /var/tmp/llama-anchor is reused when present), checked by SHA-256.
set -euo pipefail
home="${TACT_HOME:-$HOME/.cache/tact/models}"
out="$home/llama-cpp-vocab"
sums="97272e430d53bc7688f52d5e0ad8ea8f163ede9f1bbd1694feaa504797d5d96e  ggml-vocab-llama-bpe.gguf
44c2f46b715f585c6ab513970e8a006bfa5badd6108560054921cf598d154d8c  ggml-vocab-qwen2.gguf
cedc56ca6e2e89f63e781696d1fd76b4b1d49e6720dee86463e915f6e90016ac  ggml-vocab-gpt-2.gguf"
if [ -d "$out" ] && (cd "$out" && echo "$sums" | sha256sum --check --quiet 2>/dev/null); then
    exit 0
fi
sdist="${LLAMA_ANCHOR_DIR:-/var/tmp/llama-anchor}/sdist/llama_cpp_python-0.3.36.tar.gz"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ ! -f "$sdist" ]; then
    echo "llama-cpp-vocab: downloading the llama-cpp-python 0.3.36 sdist (77 MB) from PyPI" >&2
    # Straight from PyPI's simple index: `pip download` would try to build the sdist's metadata.
    sdist="$tmp/llama_cpp_python-0.3.36.tar.gz"
    python3 - "$sdist" <<'PY'
import re, sys, urllib.request
page = urllib.request.urlopen("https://pypi.org/simple/llama-cpp-python/").read().decode()
url = next(u for u in re.findall(r'href="([^"]+)"', page) if "/llama_cpp_python-0.3.36.tar.gz" in u)
urllib.request.urlretrieve(url.split("#")[0], sys.argv[1])
PY
fi
echo "832db0699007f1be95a7e41ef12e88926b02ba836461e36a36372db2760c1a2e  $sdist" | sha256sum --check --quiet
names=()
while read -r _ name; do names+=("llama_cpp_python-0.3.36/vendor/llama.cpp/models/$name"); done <<< "$sums"
tar xzf "$sdist" -C "$tmp" "${names[@]}"
mkdir -p "$out"
for name in "${names[@]}"; do cp "$tmp/$name" "$out/"; done
(cd "$out" && echo "$sums" | sha256sum --check --quiet)
echo "llama-cpp-vocab: installed into $out" >&2
