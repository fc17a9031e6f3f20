#!/usr/bin/env bash
# Runs nvim_e2e.lua in a headless Neovim (Debian's 0.7) against the real
# torchlint --lsp, on a copy of examples/labels_on_cpu.cpp.
# Usage: nvim_e2e.sh TORCHLINT CACHE SOURCE_DIR
set -euo pipefail
torchlint=$1 cache=$2 src=$3
command -v nvim >/dev/null || { echo "SKIP: nvim is not installed" >&2; exit 77; }
work=$(mktemp -d "${TMPDIR:-/tmp}/torchlint-nvim.XXXXXX")
trap 'rm -rf "$work"' EXIT
cp "$src/examples/labels_on_cpu.cpp" "$work/"
export TL_TORCHLINT=$torchlint TL_CACHE=$cache TL_FILE=$work/labels_on_cpu.cpp
# No user configuration, no swap files: the test sees Neovim's defaults.
export XDG_CONFIG_HOME=$work/config XDG_DATA_HOME=$work/data \
  XDG_STATE_HOME=$work/state XDG_CACHE_HOME=$work/cache
timeout 180 nvim --headless -u NONE -i NONE -n \
  -c "luafile $src/tests/lsp/nvim_e2e.lua" >"$work/out" 2>&1 || {
  rc=$?
  cat "$work/out" >&2
  echo "FAIL: nvim exited with status $rc" >&2
  exit 1
}
cat "$work/out"
grep -qx 'PASS nvim_e2e' "$work/out"
