#!/usr/bin/env bash
# Runs every test: lints, native core tests (with property tests), the
# release build and its size budget, the browser tests in headless
# Chromium, the library models against the real libraries, and the
# generated-code conformance suite. Installs what is
# missing first.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/guard.sh

bash scripts/setup.sh all
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
export CARGO_TERM_COLOR=never
# The Python snippets run on Debian's python3, where setup.sh installed requests.
export PYTHON=/usr/bin/python3

step() { printf '\n=== %s ===\n' "$1"; }

step "format, and no file pointing outside the repository"
cargo fmt --all -- --check
# The repository carries its own contract in docs/: no tracked file may
# lean on a brief kept elsewhere. (Each pattern is written so that it does
# not match this line.)
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  if git grep -n -I -e '[.][.]/shared' -e 'SPE[C] §' -e 'TOOLCHAI[N][.]md' -- . \
    ':!Cargo.lock' ':!package-lock.json' ':!**/Cargo.lock'; then
    echo "These lines point outside the repository: point them at docs/ instead." >&2
    exit 1
  fi
fi

step "clippy (native and wasm32)"
guard 1200 cargo clippy --locked --all-targets -- -D warnings
guard 900 cargo clippy --locked --target wasm32-unknown-unknown -- -D warnings

step "API docs (every link resolves)"
RUSTDOCFLAGS="-D warnings" guard 900 cargo doc --locked --no-deps

step "core tests (native)"
guard 1500 cargo test --locked

step "load model against its Python reference (scripts/load_reference.py)"
grid="${CARGO_TARGET_DIR:-target}/load_grid.json"
guard 600 cargo run --locked --quiet --example load_grid > "$grid"
guard 600 python3 scripts/load_reference.py "$grid"

step "release build (at / and under the sub-path /team/backoff/)"
guard 900 trunk build --release
guard 900 trunk build --release --public-url /team/backoff/ --dist dist-subpath

step "browser tests (headless Chromium, release build)"
guard 900 node --test --test-concurrency=1 tests/e2e/

step "retry library models against the real libraries (pinned)"
guard 600 bash tests/libraries/setup.sh
guard 900 node --test tests/libraries/

if [ -d tests/conformance ]; then
  step "generated code conformance"
  guard 1200 node --test tests/conformance/
fi

printf '\nAll test steps passed.\n'
