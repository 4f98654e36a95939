#!/usr/bin/env bash
# Installs the real retry libraries the core's models are tested against,
# pinned, skipping what is already there: a Python venv (default
# target/lib-venv, or $LIB_VENV) from python/requirements.txt, and the npm
# packages of js/package-lock.json. Each is reinstalled only when its pin
# file changes.
set -euo pipefail
cd "$(dirname "$0")/../.."
say() { printf '[libraries] %s\n' "$*"; }

venv=${LIB_VENV:-target/lib-venv}
req=tests/libraries/python/requirements.txt
if [ ! -x "$venv/bin/python" ]; then
  say "creating the venv $venv"
  /usr/bin/python3 -m venv "$venv"
fi
want=$(sha256sum "$req" | cut -d' ' -f1)
if [ "$(cat "$venv/.req-sha" 2>/dev/null)" != "$want" ]; then
  say "installing the pinned Python libraries"
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$req"
  echo "$want" > "$venv/.req-sha"
fi

js=tests/libraries/js
want=$(sha256sum "$js/package-lock.json" | cut -d' ' -f1)
if [ "$(cat "$js/node_modules/.lock-sha" 2>/dev/null)" != "$want" ]; then
  say "installing the pinned npm libraries"
  (cd "$js" && npm ci --no-audit --no-fund --loglevel=error)
  echo "$want" > "$js/node_modules/.lock-sha"
fi
say "libraries present"
