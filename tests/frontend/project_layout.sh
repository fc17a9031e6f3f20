#!/usr/bin/env bash
# Projects as they are laid out: a header given as an input is analysed as
# C++ source; a project's own include/torch/ folder is the user's code; flags
# after -- keep the detected LibTorch folders when they do not reach LibTorch
# themselves. Each with its exact findings.
# Usage: project_layout.sh <torchlint> <cache-dir> <work-dir> <source-dir>
set -euo pipefail
TL=$1 CACHE=$2 WORK=$3 SRC=$(cd "$4" && pwd)
P=$SRC/tests/frontend/inputs/project
rm -rf "$WORK" && mkdir -p "$WORK"
status=0
fail() { echo "FAIL: $*"; status=1; }

# run <name> <expected exit> <torchlint args...>: stdout to $WORK/<name>.out.
run() {
  local name=$1 want=$2 rc=0
  shift 2
  (cd "$P" && "$TL" --cache-dir "$CACHE" "$@") >"$WORK/$name.out" 2>"$WORK/$name.err" || rc=$?
  [ "$rc" = "$want" ] || { fail "$name: exit $rc, expected $want"; cat "$WORK/$name.out" "$WORK/$name.err"; }
  grep -E ': (warning|error|note):' "$WORK/$name.out" | sed "s|$P/||" >"$WORK/$name.diags" || true
}

expect() { # <name> <expected diagnostics, one per line>
  if ! diff -u <(printf '%s\n' "$2") "$WORK/$1.diags"; then
    fail "$1: diagnostics differ"
  fi
}

trainer='src/Trainer.h:15:12: warning: '"'"'torch::nn::functional::cross_entropy'"'"' receives tensors on different devices: '"'"'labels'"'"' (argument '"'"'target'"'"') is on the CPU but '"'"'out'"'"' (argument '"'"'input'"'"') is on '"'"'device_'"'"' [torch-device-mismatch]
src/Trainer.h:14:19: note: '"'"'labels'"'"' is created on the CPU here ('"'"'torch::zeros'"'"' with no device)
src/Trainer.h:9:13: note: '"'"'model_'"'"' is moved to '"'"'device_'"'"' here
src/Trainer.h:13:16: note: '"'"'out'"'"' is computed by '"'"'model_'"'"' here'

# 1. A header on the command line (it used to fail with "expected exactly
#    one compiler job"): the same findings as through a .cpp including it.
run header 1 src/Trainer.h
expect header "$trainer"
grep -q 'compiler job' "$WORK/header.err" "$WORK/header.out" && fail "header: driver error"

# 2. include/torch/augment.h is the project's, reached through -Iinclude with
#    flags after --: its finding is reported (it used to be skipped as
#    LibTorch's), and LibTorch is still found although the flags name none.
augment='include/torch/augment.h:9:16: warning: '"'"'operator+'"'"' receives tensors on different devices: '"'"'noise'"'"' is on the CPU but '"'"'moved'"'"' is on '"'"'device'"'"' [torch-device-mismatch]
include/torch/augment.h:8:16: note: '"'"'noise'"'"' is created on the CPU here ('"'"'torch::randn'"'"' with no device)
include/torch/augment.h:7:23: note: '"'"'moved'"'"' is moved to '"'"'device'"'"' here'
run flags 1 src/main.cpp -- -std=c++17 -Iinclude -Isrc
expect flags "$augment
$trainer"
grep -q 'libtorch-dev' "$WORK/flags.err" && fail "flags: LibTorch not found with explicit flags"

# 3. Flags that reach LibTorch themselves are used as given (no second copy
#    of its folders): the same findings.
run own_torch 1 src/main.cpp -- -std=c++17 -isystem /usr/include/torch/csrc/api/include -Iinclude -Isrc
expect own_torch "$augment
$trainer"

[ $status = 0 ] && echo "project layout cases passed"
exit $status
