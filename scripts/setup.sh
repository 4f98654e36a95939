#!/usr/bin/env bash
# Installs what the page and its tests need, pinned, skipping whatever is
# already there. Usage: scripts/setup.sh [build|all]
#   build: Rust target, trunk, wasm-bindgen-cli, npm packages (to serve the page)
#   all:   build + Chromium and chromedriver, Go, Python requests and venv,
#          mypy (in target/types-venv), curl (to test)
set -euo pipefail
cd "$(dirname "$0")/.."

# The versions come from Trunk.toml, the one place they are written
# (tests/toolchain.rs checks the other copies against it).
trunk_toml() { sed -n "s/^$1 *= *\"=\{0,1\}\([0-9.]*\)\".*/\1/p" Trunk.toml; }
TRUNK_VERSION=$(trunk_toml trunk-version)
WASM_BINDGEN_VERSION=$(trunk_toml wasm_bindgen)
if [ -z "$TRUNK_VERSION" ] || [ -z "$WASM_BINDGEN_VERSION" ]; then
  echo "[setup] Trunk.toml must name trunk-version and [tools] wasm_bindgen" >&2
  exit 1
fi
profile=${1:-all}

say() { printf '[setup] %s\n' "$*"; }

# apt needs root: as a normal user go through sudo.
as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# Rust toolchain and target (rust-toolchain.toml pins the version).
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

# cargo install builds from crates.io; Cargo.toml's wasm-bindgen pin must match.
if [ "$(trunk --version 2>/dev/null)" != "trunk $TRUNK_VERSION" ]; then
  say "installing trunk $TRUNK_VERSION (about 7 minutes on 2 cores)"
  cargo install --locked "trunk@$TRUNK_VERSION"
fi
if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $WASM_BINDGEN_VERSION" ]; then
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION"
  cargo install --locked "wasm-bindgen-cli@$WASM_BINDGEN_VERSION"
fi

# The wasm split tool (scripts/build-wasm.sh), pinned in Cargo.toml's
# [package.metadata.wasm-split].
SPLIT_VERSION=$(sed -n '/^\[package.metadata.wasm-split\]/,/^\[/s/^version *= *"\([0-9.]*\)".*/\1/p' Cargo.toml)
if ! cargo install --list | grep -qx "wasm_split_cli_support v$SPLIT_VERSION:"; then
  say "installing wasm_split_cli_support $SPLIT_VERSION (wasm-split-cli)"
  cargo install --locked "wasm_split_cli_support@$SPLIT_VERSION" --features build-binary
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
# Python requests from Debian, not pip: Debian's Python refuses system-wide
# pip installs (PEP 668). The tests run /usr/bin/python3 for the Python
# snippets (see tests/conformance), so that is the one that needs it.
/usr/bin/python3 -c 'import requests' 2>/dev/null || apt_missing+=(python3-requests)
# The real Python retry libraries go into a venv (tests/libraries/setup.sh).
/usr/bin/python3 -c 'import ensurepip, venv' 2>/dev/null || apt_missing+=(python3-venv)
if [ ${#apt_missing[@]} -gt 0 ]; then
  say "installing ${apt_missing[*]} from Debian"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${apt_missing[@]}" >/dev/null
fi

# mypy and the requests stubs, for the conformance suite's type check of the
# Python snippets: their own venv, reinstalled only when the pins change.
types_venv=target/types-venv
types_req=tests/conformance/typecheck-requirements.txt
if [ ! -x "$types_venv/bin/python" ]; then
  say "creating the venv $types_venv"
  /usr/bin/python3 -m venv "$types_venv"
fi
want=$(sha256sum "$types_req" | cut -d' ' -f1)
if [ "$(cat "$types_venv/.req-sha" 2>/dev/null)" != "$want" ]; then
  say "installing mypy and types-requests (pinned, with hashes)"
  "$types_venv/bin/pip" install --quiet --disable-pip-version-check --require-hashes -r "$types_req"
  echo "$want" > "$types_venv/.req-sha"
fi

# The Rust snippet's driver crate has its own lock file and target dir.
if [ -f tests/conformance/rust-driver/Cargo.toml ]; then
  (cd tests/conformance/rust-driver && cargo fetch --locked --quiet)
fi
say "all tools present"
