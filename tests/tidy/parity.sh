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
echo "${#CASES[@]} case files"

# One clang-tidy process for all files: each parses torch/torch.h anew.
START=$SECONDS
tidy -checks='-*,torch-*' "${CASES[@]}" -- "${FLAGS[@]}" \
  >"$WORK/tidy.out" 2>"$WORK/tidy.err" || true
echo "clang-tidy: $((SECONDS - START)) s"
START=$SECONDS
"$TORCHLINT" -q --color never --cache-dir "$CACHE_DIR" "${CASES[@]}" \
  -- "${FLAGS[@]}" >"$WORK/cli.out" 2>"$WORK/cli.err" || true
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
