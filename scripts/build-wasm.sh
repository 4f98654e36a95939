#!/usr/bin/env bash
# Trunk pre-build hook: builds the page's wasm in two parts, the first
# screen and what loads after it (docs/targets.md, "The first screen
# first").
#
# Trunk has no step that splits a wasm, so this script does what its rust
# pipeline did, with one step more:
#   1. cargo builds the app for wasm32, linked with its relocations kept
#      (`--emit-relocs`), which the split step needs;
#   2. wasm-split-cli (crate wasm_split_cli_support, pinned in Cargo.toml's
#      [package.metadata.wasm-split]) moves every function that only the
#      split points (`#[wasm_split(...)]` in src/ui/) reach into chunks of
#      their own, with a small JS module that fetches a chunk when its
#      split point is first called;
#   3. wasm-bindgen writes the loader for the main part;
#   4. scripts/preload-library.mjs makes a link on a library fetch the
#      library models' parts at once;
#   5. in a release build, wasm-opt (binaryen 132 from npm) shrinks each
#      part and terser the JS.
# The result goes to target/split/pkg, which index.html copies into the
# dist folder (`rel="copy-dir"`) and loads by relative URLs, so a build
# served under a sub-path works as one served at /.
set -euo pipefail
cd "$(dirname "$0")/.."

profile=${TRUNK_PROFILE:-debug}
name=backoff-calculator
out=target/split/pkg
target=wasm32-unknown-unknown

cargo_flags=(--locked --target "$target" --bin "$name"
  --config "target.$target.rustflags=[\"-Clink-args=--emit-relocs\"]")
[ "$profile" = release ] && cargo_flags+=(--release)
# Trunk runs offline (Trunk.toml); so does this build.
[ "${TRUNK_OFFLINE:-true}" = false ] || cargo_flags+=(--offline)
cargo build "${cargo_flags[@]}"

rm -rf "$out"
mkdir -p "$out"
# Cargo writes where CARGO_TARGET_DIR says, when it is set.
wasm-split-cli "${CARGO_TARGET_DIR:-target}/$target/$profile/$name.wasm" "$out" --out-name "$name"
wasm-bindgen --target web --keep-lld-exports --no-typescript \
  --out-name "$name" --out-dir "$out" "$out/$name.wasm"
# wasm-bindgen wrote `${name}_bg.wasm` from the split main part.
rm "$out/$name.wasm"
# A link on a library fetches the library models beside the main wasm.
node scripts/preload-library.mjs "$out"

if [ "$profile" = release ]; then
  # The features rustc 1.95 turns on for wasm32 by default, so wasm-opt may
  # keep (and use) them.
  features=(--enable-bulk-memory --enable-nontrapping-float-to-int
    --enable-sign-ext --enable-mutable-globals --enable-reference-types
    --enable-multivalue)
  # WASM_KEEP_NAMES=1 keeps the functions' names, for the profiler
  # (scripts/profile-build.sh).
  if [ -n "${WASM_KEEP_NAMES:-}" ]; then
    features+=(-g)
  fi
  # The producers and target_features sections say which tools built the
  # wasm; the browser reads neither (about 300 B of gzip on the first
  # screen alone).
  extra=(--strip-producers --strip-target-features)
  # `--low-memory-unused`: wasm-opt may take it that nothing reads or
  # writes the lowest KiB of memory, and so fold a pointer's small
  # constant offsets into its loads and stores (about 480 B of gzip on the
  # first screen). Rust lays out wasm32 memory with its 1 MiB stack first,
  # growing down towards 0, and the data and heap above it (the parts'
  # data starts at 1 MiB): the lowest KiB is reached only by a stack
  # within 1 KiB of overflowing, which the page never nears (its deepest
  # recursion, the config reader's, stops at a fixed nesting depth).
  extra+=(--low-memory-unused)
  for wasm in "$out"/*.wasm; do
    wasm-opt -Oz "${features[@]}" "${extra[@]}" "$wasm" -o "$wasm.opt"
    mv "$wasm.opt" "$wasm"
  done
  node scripts/minify-loader.mjs "$out"
fi
