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
# LibTorch's CUDA headers with a CPU-only LibTorch and no CUDA toolkit: the
# unit is parsed with torchlint's stand-ins (docs/cuda.md), and -v names them.
"$TL" -v --cache-dir "$CACHE" "$IN/cuda_stream.cpp" -- "${TORCH_FLAGS[@]}" \
  >"$WORK/cuda.out" 2>"$WORK/cuda.err"
cuda_rc=$?
[ "$cuda_rc" = 0 ] || { echo "FAIL: CUDA stand-ins, exit $cuda_rc (expected 0)"; cat "$WORK/cuda.err"; status=1; }
# The list names the stand-ins of the preamble the unit was parsed with,
# which another unit of the same flags may have built with more of them.
stand_ins=$(grep -F "torchlint: $IN/cuda_stream.cpp: no CUDA toolkit headers on the include path; parsed with torchlint's stand-ins for " "$WORK/cuda.err")
for h in c10/cuda/impl/cuda_cmake_macros.h cuda.h cuda_runtime_api.h; do
  grep -qE " $h( |\$)" <<<"$stand_ins" ||
    { echo "FAIL: the stand-in $h is not named:"; cat "$WORK/cuda.err"; status=1; }
done
grep -qF "0 findings in 0 of 1 analysed file" "$WORK/cuda.err" ||
  { echo "FAIL: the CUDA unit was not analysed:"; cat "$WORK/cuda.err"; status=1; }
# A toolkit the flags reach wins over every stand-in: its own header (here
# the stand-ins written to a folder, with a macro added) is the one parsed.
"$TL" --write-cuda-stand-ins "$WORK/toolkit" >/dev/null ||
  { echo "FAIL: --write-cuda-stand-ins"; status=1; }
echo '#define TORCHLINT_TEST_TOOLKIT 1' >>"$WORK/toolkit/cuda_runtime_api.h"
"$TL" -v --cache-dir "$CACHE" "$IN/cuda_stream.cpp" -- "${TORCH_FLAGS[@]}" \
  -isystem "$WORK/toolkit" >"$WORK/toolkit.out" 2>"$WORK/toolkit.err"
toolkit_rc=$?
[ "$toolkit_rc" = 1 ] || { echo "FAIL: with a toolkit, exit $toolkit_rc (expected 1)"; cat "$WORK/toolkit.err"; status=1; }
grep 'warning:' "$WORK/toolkit.out" | diff -u <(echo "$IN/cuda_stream.cpp:15:5: warning: result of 't.to(torch::kDouble)' is discarded; Tensor::to returns a new tensor and leaves 't' unchanged [torch-discarded-move]") - ||
  { echo "FAIL: the toolkit's header was not the one parsed"; status=1; }
if grep -q "stand-ins for" "$WORK/toolkit.err"; then
  echo "FAIL: a stand-in was used although the toolkit has every header:"; cat "$WORK/toolkit.err"; status=1
fi
# A header beyond the stand-ins (cuDNN's) is a missing third-party header:
# a note that names it, and the file is still analysed.
"$TL" --cache-dir "$CACHE" "$IN/cudnn_handle.cpp" -- "${TORCH_FLAGS[@]}" \
  >"$WORK/cudnn.out" 2>"$WORK/cudnn.err"
cudnn_rc=$?
[ "$cudnn_rc" = 0 ] || { echo "FAIL: cuDNN header, exit $cudnn_rc (expected 0)"; cat "$WORK/cudnn.err"; status=1; }
grep -qF "torchlint: note: $IN/cudnn_handle.cpp: 'cudnn.h' was not found; the file was analysed without it" "$WORK/cudnn.err" ||
  { echo "FAIL: cudnn.h note missing:"; cat "$WORK/cudnn.err"; status=1; }
if grep -q 'install libtorch-dev' "$WORK/cuda.err" "$WORK/cudnn.err"; then
  echo "FAIL: told to install libtorch-dev, which is installed"; status=1
fi
[ $status = 0 ] && echo "missing-header case passed"
exit $status
