#!/usr/bin/env bash
# A missing third-party header is a note, not a stop: the file is analysed and
# its LibTorch code gives the same findings as with the header present.
# Usage: missing_header.sh <torchlint> <cache-dir> <work-dir> <source-dir>
set -u
TL=$1 CACHE=$2 WORK=$3 SRC=$(cd "$4" && pwd)
IN=$SRC/tests/frontend/inputs
TORCH_FLAGS=(-std=c++17 -isystem /usr/include/torch/csrc/api/include)
rm -rf "$WORK" && mkdir -p "$WORK"

"$TL" --cache-dir "$CACHE" "$IN/third_party.cpp" -- "${TORCH_FLAGS[@]}" \
  -I "$IN/imagelib-include" >"$WORK/with.out" 2>"$WORK/with.err"
with_rc=$?
"$TL" --cache-dir "$CACHE" "$IN/third_party.cpp" -- "${TORCH_FLAGS[@]}" \
  >"$WORK/without.out" 2>"$WORK/without.err"
without_rc=$?

status=0
[ "$with_rc" = 1 ] || { echo "FAIL: with the header, exit $with_rc (expected 1)"; status=1; }
[ "$without_rc" = 1 ] || { echo "FAIL: without the header, exit $without_rc (expected 1)"; status=1; }
grep 'warning:' "$WORK/with.out" >"$WORK/with.findings"
grep 'warning:' "$WORK/without.out" >"$WORK/without.findings"
[ "$(wc -l <"$WORK/with.findings")" = 2 ] ||
  { echo "FAIL: expected 2 findings with the header:"; cat "$WORK/with.out"; status=1; }
if ! diff -u "$WORK/with.findings" "$WORK/without.findings"; then
  echo "FAIL: findings differ without the header"; status=1
fi
expected_note="torchlint: note: $IN/third_party.cpp: 'imagelib/image.h' was not found; the file was analysed without it"
grep -qF "$expected_note" "$WORK/without.err" ||
  { echo "FAIL: note missing:"; cat "$WORK/without.err"; status=1; }
[ "$(grep -c 'was not found' "$WORK/without.err")" = 1 ] ||
  { echo "FAIL: the missing header must be reported once"; status=1; }
if grep -q 'error' "$WORK/without.out" "$WORK/without.err"; then
  echo "FAIL: errors caused by the missing header leaked:"; cat "$WORK/without.out" "$WORK/without.err"; status=1
fi
# A CUDA placement under a condition that reads the missing header: clang
# cannot type the condition, which may be a guard when it names a GPU, so the
# rule stays silent there; a loop bound that names none still guards
# nothing. With the header every condition is a plain user option.
"$TL" --cache-dir "$CACHE" "$IN/settings_guard.cpp" -- "${TORCH_FLAGS[@]}" \
  -I "$IN/imagelib-include" >"$WORK/guard_with.out" 2>"$WORK/guard_with.err"
guard_with_rc=$?
"$TL" --cache-dir "$CACHE" "$IN/settings_guard.cpp" -- "${TORCH_FLAGS[@]}" \
  >"$WORK/guard_without.out" 2>"$WORK/guard_without.err"
guard_without_rc=$?
[ "$guard_with_rc" = 1 ] || { echo "FAIL: guard with the header, exit $guard_with_rc (expected 1)"; status=1; }
[ "$guard_without_rc" = 1 ] || { echo "FAIL: guard without the header, exit $guard_without_rc (expected 1)"; cat "$WORK/guard_without.out"; status=1; }
printf '%s\n' \
  "$IN/settings_guard.cpp:11:11: warning: 'x.cuda()' moves the tensor to a CUDA device without a torch::cuda::is_available() guard [torch-hardcoded-device]" \
  "$IN/settings_guard.cpp:16:51: warning: 'x.cuda()' moves the tensor to a CUDA device without a torch::cuda::is_available() guard [torch-hardcoded-device]" \
  "$IN/settings_guard.cpp:22:11: warning: 'x.cuda()' moves the tensor to a CUDA device without a torch::cuda::is_available() guard [torch-hardcoded-device]" \
  >"$WORK/guard_with.expected"
grep 'warning:' "$WORK/guard_with.out" | diff -u "$WORK/guard_with.expected" - ||
  { echo "FAIL: findings with the settings header"; status=1; }
grep 'warning:' "$WORK/guard_without.out" | diff -u <(tail -1 "$WORK/guard_with.expected") - ||
  { echo "FAIL: findings without the settings header"; status=1; }
grep -qF "'imagelib/settings.h' was not found; the file was analysed without it" "$WORK/guard_without.err" ||
  { echo "FAIL: settings header note missing:"; cat "$WORK/guard_without.err"; status=1; }
# A CUDA header of a CPU-only LibTorch is a LibTorch header that is missing:
# the unit is not analysed (exit 2), and the message names the header and
# the cause instead of asking to install LibTorch.
"$TL" --cache-dir "$CACHE" "$IN/cuda_stream.cpp" -- "${TORCH_FLAGS[@]}" \
  >"$WORK/cuda.out" 2>"$WORK/cuda.err"
cuda_rc=$?
[ "$cuda_rc" = 2 ] || { echo "FAIL: CUDA headers missing, exit $cuda_rc (expected 2)"; status=1; }
grep -qF "torchlint: error: LibTorch's CUDA header 'c10/cuda/impl/cuda_cmake_macros.h' was not found while parsing '$IN/cuda_stream.cpp': the LibTorch in use has no CUDA headers" "$WORK/cuda.err" ||
  { echo "FAIL: CUDA header message:"; cat "$WORK/cuda.err"; status=1; }
if grep -q 'install libtorch-dev' "$WORK/cuda.err"; then
  echo "FAIL: told to install libtorch-dev, which is installed"; status=1
fi
[ $status = 0 ] && echo "missing-header case passed"
exit $status
