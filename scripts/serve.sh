#!/usr/bin/env bash
# Serves the page with live reload on http://127.0.0.1:8080
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh build
# node_modules/.bin first, so trunk finds binaryen 132's wasm-opt.
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
exec trunk serve --address 127.0.0.1 --port "${PORT:-8080}" "$@"
