#!/usr/bin/env bash
# Installs the real retry libraries the core's models are tested against,
# pinned, skipping what is already there: a Python venv (default
# target/lib-venv, or $LIB_VENV) from python/requirements.txt, a second
# venv (target/lib-venv-before) with the releases before them, the npm
# packages of js/package-lock.json, backon from rust/Cargo.lock (built into
# target/lib-rust), and the Debian packages of go/debs.txt (Go 1.23 and the
# Go libraries, unpacked into target/lib-go; the runner built there). Each
# is reinstalled only when its pin file changes. Needs no root.
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

# The releases before (requirements-before.txt), for the configs pasted
# into an older install.
old_venv=${LIB_VENV_BEFORE:-target/lib-venv-before}
req=tests/libraries/python/requirements-before.txt
if [ ! -x "$old_venv/bin/python" ]; then
  say "creating the venv $old_venv"
  /usr/bin/python3 -m venv "$old_venv"
fi
want=$(sha256sum "$req" | cut -d' ' -f1)
if [ "$(cat "$old_venv/.req-sha" 2>/dev/null)" != "$want" ]; then
  say "installing the releases before the pinned ones"
  "$old_venv/bin/pip" install --quiet --disable-pip-version-check -r "$req"
  echo "$want" > "$old_venv/.req-sha"
fi

js=tests/libraries/js
want=$(sha256sum "$js/package-lock.json" | cut -d' ' -f1)
if [ "$(cat "$js/node_modules/.lock-sha" 2>/dev/null)" != "$want" ]; then
  say "installing the pinned npm libraries"
  (cd "$js" && npm ci --no-audit --no-fund --loglevel=error)
  echo "$want" > "$js/node_modules/.lock-sha"
fi

# backon: its own small cargo project, never a dependency of the page.
rs=tests/libraries/rust
want=$(cat "$rs/Cargo.lock" "$rs/Cargo.toml" "$rs/src/main.rs" | sha256sum | cut -d' ' -f1)
if [ "$(cat target/lib-rust/.lock-sha 2>/dev/null)" != "$want" ]; then
  say "building the pinned backon runner"
  cargo build --quiet --release --locked --manifest-path "$rs/Cargo.toml" --target-dir target/lib-rust
  echo "$want" > target/lib-rust/.lock-sha
fi

# Go: the module proxy cannot be reached, Debian's archive can. apt-get
# downloads the pinned .debs with a private state under target/lib-go (no
# root, the system's sources untouched); each .deb's sha256 is checked.
go=tests/libraries/go
lg=$PWD/target/lib-go
want=$(sha256sum "$go/debs.txt" | cut -d' ' -f1)
if [ "$(cat "$lg/.debs-sha" 2>/dev/null)" != "$want" ]; then
  say "installing Go 1.23 and the pinned Go libraries (Debian packages)"
  rm -rf "$lg"
  mkdir -p "$lg/apt/lists/partial" "$lg/apt/cache/archives/partial" "$lg/debs" "$lg/root"
  for suite in $(grep -v '^#' "$go/debs.txt" | awk '{print $1}' | sort -u); do
    echo "deb http://deb.debian.org/debian $suite main"
  done > "$lg/apt/sources.list"
  apt_opts=(-o "Dir::Etc::SourceList=$lg/apt/sources.list" -o Dir::Etc::SourceParts=/dev/null
    -o "Dir::State=$lg/apt" -o "Dir::State::Lists=$lg/apt/lists" -o "Dir::State::status=/var/lib/dpkg/status"
    -o "Dir::Cache=$lg/apt/cache" -o "APT::Sandbox::User=$(id -un)" -o Debug::NoLocking=1 -qq)
  apt-get "${apt_opts[@]}" update
  (cd "$lg/debs" && apt-get "${apt_opts[@]}" download \
    $(grep -v '^#' "$OLDPWD/$go/debs.txt" | awk '{print $2 "=" $3}'))
  grep -v '^#' "$go/debs.txt" | while read -r _ pkg ver sum; do
    deb=$(ls "$lg/debs/${pkg}_"*.deb)
    echo "$sum  $deb" | sha256sum --check --quiet
    dpkg-deb -x "$deb" "$lg/root"
  done
  rm -rf "$lg/apt" "$lg/debs"
  echo "$want" > "$lg/.debs-sha"
fi
# GOPATH mode: the libraries are where Debian puts Go sources.
want=$(cat "$lg/.debs-sha" "$go/run_libs.go" | sha256sum | cut -d' ' -f1)
if [ "$(cat "$lg/.run-sha" 2>/dev/null)" != "$want" ]; then
  say "building the Go runner"
  GOROOT="$lg/root/usr/lib/go-1.23" GOPATH="$lg/root/usr/share/gocode" GO111MODULE=off \
    GOTOOLCHAIN=local GOCACHE="$lg/cache" GOFLAGS= CGO_ENABLED=0 \
    "$lg/root/usr/lib/go-1.23/bin/go" build -o "$lg/run_libs" "$go/run_libs.go"
  echo "$want" > "$lg/.run-sha"
fi
say "libraries present"
