#!/usr/bin/env bash
# Parity: every case file, run through clang-tidy with the plugin and through
# the torchlint CLI, gives the same set of (file, line, column, severity,
# message [rule]) diagnostics, notes included.
source "$(dirname "$0")/lib.sh"

CASES=()
for Dir in "${CASE_DIRS[@]}"; do
  for File in "$Dir"/*.cpp; do
    [[ -e $File ]] && CASES+=("$(realpath "$File")")
  done
done
((${#CASES[@]} > 0)) || fail "no case files in ${CASE_DIRS[*]}"
# PARITY_SHARD=K/N keeps every N-th file from the K-th: the shards are
# separate tests that run on both cores (one clang-tidy run is about 10 s a
# file, even from a precompiled torch/torch.h: its matchers walk the whole
# AST). The .clang-tidy part below runs in shard 1.
SHARD=${PARITY_SHARD:-1/1}
K=${SHARD%/*} N=${SHARD#*/}
KEPT=()
for I in "${!CASES[@]}"; do
  ((I % N == K - 1)) && KEPT+=("${CASES[$I]}")
done
CASES=("${KEPT[@]}")
echo "${#CASES[@]} case files (shard $SHARD)"

# One clang-tidy process for all files: each parses torch/torch.h anew.
# clang-tidy cannot be given the CLI's in-memory CUDA stand-ins, so it gets
# them as a folder, as docs/cuda.md tells users (tests/cases/cuda-headers.cpp
# includes c10/cuda headers that a CPU build of LibTorch cannot parse alone).
"$TORCHLINT" --write-cuda-stand-ins "$WORK/cuda-stand-ins" >/dev/null ||
  fail "--write-cuda-stand-ins failed"
START=$SECONDS
tidy -checks='-*,torch-*' "${CASES[@]}" -- "${FLAGS[@]}" \
  -idirafter "$WORK/cuda-stand-ins" \
  >"$WORK/tidy.out" 2>"$WORK/tidy.err" || true
echo "clang-tidy: $((SECONDS - START)) s"
START=$SECONDS
# clang-tidy sees one unit at a time; the CLI's project is every unit of its
# run unless told otherwise (findings that depend on the whole project).
"$TORCHLINT" -q --color never --cache-dir "$CACHE_DIR" --project-scope unit \
  "${CASES[@]}" -- "${FLAGS[@]}" >"$WORK/cli.out" 2>"$WORK/cli.err" || true
echo "torchlint: $((SECONDS - START)) s"

diagnostics "$WORK/tidy.out" >"$WORK/tidy.set"
diagnostics "$WORK/cli.out" >"$WORK/cli.set"
if ! diff -u "$WORK/cli.set" "$WORK/tidy.set"; then
  echo "--- clang-tidy stderr:" >&2
  cat "$WORK/tidy.err" >&2
  fail "clang-tidy and the CLI disagree (- CLI, + clang-tidy)"
fi

# Equal sets prove nothing if both runs found nothing: every case that
# expects a warning must get one.
for File in "${CASES[@]}"; do
  if grep -q 'expected-warning' "$File" &&
    ! grep -qF "$File:" "$WORK/tidy.set"; then
    fail "$File expects warnings but has none"
  fi
done
echo "PASS: $(wc -l <"$WORK/tidy.set") diagnostics agree over ${#CASES[@]} files"

((K == 1)) || exit 0

# The same .clang-tidy read by both hosts: severities from CheckOptions (a
# note is a remark in both), WarningsAsErrors (warnings only, as clang-tidy
# does), a nested file that inherits, and NOLINT, which never silences an
# error-level rule in either host.
CONF=$WORK/configured
mkdir -p "$CONF/sub"
cp "$SOURCE_DIR"/tests/tidy/cases/*.cpp "$CONF/"
cp "$SOURCE_DIR/tests/tidy/config/suppressions.cpp" "$CONF/sub/"
cat >"$CONF/.clang-tidy" <<'YAML'
Checks: '-*,torch-*'
WarningsAsErrors: 'torch-hardcoded-device,torch-load-without-device'
CheckOptions:
  torch-hardcoded-device.Severity: note
  torch-unregistered-member.Severity: error
YAML
cat >"$CONF/sub/.clang-tidy" <<'YAML'
InheritParentConfig: true
CheckOptions:
  torch-discarded-move.Severity: error
YAML
CONF_CASES=("$CONF"/*.cpp "$CONF/sub/suppressions.cpp")
(cd "$CONF" && tidy "${CONF_CASES[@]}" -- "${FLAGS[@]}") \
  >"$WORK/conf-tidy.out" 2>"$WORK/conf-tidy.err" || true
(cd "$CONF" && "$TORCHLINT" -q --color never --cache-dir "$CACHE_DIR" \
  --project-scope unit "${CONF_CASES[@]}" -- "${FLAGS[@]}") >"$WORK/conf-cli.out" 2>&1 || true
diagnostics "$WORK/conf-tidy.out" >"$WORK/conf-tidy.set"
diagnostics "$WORK/conf-cli.out" >"$WORK/conf-cli.set"
if ! diff -u "$WORK/conf-cli.set" "$WORK/conf-tidy.set"; then
  cat "$WORK/conf-tidy.err" >&2
  fail "with a .clang-tidy, clang-tidy and the CLI disagree (- CLI, + clang-tidy)"
fi
# Each configured severity shows up, so the comparison cannot pass vacuously.
for level in "remark: .*\[torch-hardcoded-device\]" \
  "error: .*\[torch-unregistered-member\]" \
  "error: .*\[torch-load-without-device,-warnings-as-errors\]" \
  "sub/suppressions.cpp:13:5: error: .*\[torch-discarded-move\]" \
  "sub/suppressions.cpp:8:5: error: .*\[torch-discarded-move\]"; do
  grep -qE "$level" "$WORK/conf-tidy.set" ||
    fail "expected a diagnostic matching '$level' in both hosts"
done
echo "PASS: $(wc -l <"$WORK/conf-tidy.set") diagnostics agree under a .clang-tidy with severities"
