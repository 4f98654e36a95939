#!/usr/bin/env bash
# Installs what the page and its tests need, pinned, skipping whatever is
# already there. Usage: scripts/setup.sh [build|all]
#   build: Rust target, trunk, wasm-bindgen-cli, npm packages (to serve the page)
#   all:   build + Chromium and chromedriver, Go, Python requests, curl (to test)
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.21.14
WASM_BINDGEN_VERSION=0.2.129
REQUESTS_VERSION=2.32.3
profile=${1:-all}

say() { printf '[setup] %s\n' "$*"; }

# Rust toolchain and target (rust-toolchain.toml pins the version).
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

# cargo install builds from crates.io; the versions must match Trunk.toml and Cargo.toml.
if [ "$(trunk --version 2>/dev/null)" != "trunk $TRUNK_VERSION" ]; then
  say "installing trunk $TRUNK_VERSION (about 7 minutes on 2 cores)"
  cargo install --locked "trunk@$TRUNK_VERSION"
fi
if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $WASM_BINDGEN_VERSION" ]; then
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION"
  cargo install --locked "wasm-bindgen-cli@$WASM_BINDGEN_VERSION"
fi

# npm packages (binaryen's wasm-opt, playwright-core, axe-core, typescript),
# reinstalled only when package-lock.json changes.
stamp=node_modules/.lock-sha
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  say "installing npm packages"
  npm ci --no-audit --no-fund --loglevel=error
  echo "$want" > "$stamp"
fi

# Trunk runs cargo offline: fetch the crates first (quick when cached).
cargo fetch --locked --quiet

[ "$profile" = build ] && exit 0

apt_missing=()
command -v chromium >/dev/null || apt_missing+=(chromium)
command -v chromedriver >/dev/null || apt_missing+=(chromium-driver)
command -v go >/dev/null || apt_missing+=(golang-go)
command -v curl >/dev/null || apt_missing+=(curl)
if [ ${#apt_missing[@]} -gt 0 ]; then
  say "installing ${apt_missing[*]} from Debian"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${apt_missing[@]}" >/dev/null
fi

if ! python3 -c 'import requests' 2>/dev/null; then
  say "installing Python requests $REQUESTS_VERSION"
  python3 -m pip install --quiet "requests==$REQUESTS_VERSION"
fi

# The Rust snippet's driver crate has its own lock file and target dir.
if [ -f tests/conformance/rust-driver/Cargo.toml ]; then
  (cd tests/conformance/rust-driver && cargo fetch --locked --quiet)
fi
say "all tools present"
