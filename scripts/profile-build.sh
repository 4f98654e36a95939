#!/usr/bin/env bash
# Builds dist-profile/: the release build with the wasm's function names
# kept (wasm-opt -g), for scripts/profile-page.mjs. Not used by the tests.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
trunk build --release --dist dist-profile
out=$(mktemp -d)
wasm-bindgen --target web --no-typescript --out-dir "$out" --out-name app \
  target/wasm32-unknown-unknown/release/backoff-calculator.wasm
wasm=$(ls dist-profile/*_bg.wasm)
wasm-opt -Oz -g --enable-bulk-memory --enable-nontrapping-float-to-int \
  --enable-sign-ext --enable-mutable-globals "$out/app_bg.wasm" -o "$wasm"
cmp -s "$out/app.js" "${wasm%_bg.wasm}.js" || cp "$out/app.js" "${wasm%_bg.wasm}.js"
rm -rf "$out"
# The files changed, so the page's integrity hashes no longer hold.
sed -i -E 's/ integrity=("[^"]*"|[^ >]*)//g' dist-profile/index.html
echo "dist-profile/ ready: DIST_DIR=dist-profile node scripts/profile-page.mjs"
