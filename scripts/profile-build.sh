#!/usr/bin/env bash
# Builds dist-profile/: the release build with the wasm's function names
# kept (wasm-opt -g, through scripts/build-wasm.sh), for
# scripts/profile-page.mjs. Not used by the tests.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
WASM_KEEP_NAMES=1 trunk build --release --dist dist-profile
echo "dist-profile/ ready: DIST_DIR=dist-profile node scripts/profile-page.mjs"
