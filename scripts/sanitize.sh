#!/usr/bin/env bash
# Builds torchlint with AddressSanitizer and UndefinedBehaviorSanitizer
# (Clang 16) into build-asan/ and runs tests there; any memory error, leak or
# undefined behaviour fails the test that met it.
#
#   bash scripts/sanitize.sh          # the subset (see SUBSET below)
#   bash scripts/sanitize.sh --full   # every test
#   bash scripts/sanitize.sh -R cli.  # extra arguments go to ctest
set -euo pipefail
cd "$(dirname "$0")/.."

full=0
if [ "${1:-}" = "--full" ]; then
  full=1
  shift
fi
build=${TORCHLINT_SANITIZE_BUILD:-build-asan}

# The subset (what `TORCHLINT_CI_SANITIZE=1 .ci/run` runs): what runs
# torchlint's own code on real ASTs and on untrusted input, where a memory
# error would hide: the unit tests, the annotated case files, fix-its, the
# fuzz corpora replayed, the bad-input cases and the language server's
# protocol tests. Left out (--full runs them): the CLI's and the frontend's
# end-to-end scripts (cli.*, the other frontend.*: 41 scripts that spent
# about 1,000 of the phase's 2,200 test-seconds in the -O0 run of 7 December
# 2026, mostly in Debian's uninstrumented Clang parsing LibTorch), case-bodies.*
# (the same case files with library bodies parsed), the dtype ground truth
# (LibTorch's behaviour, not torchlint's), Bazel, Neovim and the VS Code
# packing test (other programs around the same binary).
SUBSET='^(preamble\.warmup$|case\.|fixit\.|frontend\.bad_input$|lsp\.protocol\.|lsp\.unit|layering|fuzz\.|[A-Z][A-Za-z]*\.)'

echo "== configuring $build (address,undefined)"
# -O0 with line tables and without NDEBUG, so that the assertions of LLVM's
# headers check torchlint's own use of them (the first such run found a
# SmallString assigned a slice of itself: DeviceGuards.cpp). Every report
# still names file and line, and the
# compile is about four times cheaper than RelWithDebInfo's -O2 -g under the
# sanitizers (rules/RuleUtils.cpp: 51 CPU-s against 191; docs/ci.md): the
# build took 637 s on two cores in a fresh folder. At -O0 the bad-input
# cases' large inputs are smaller (below): the 50 MB source ran past its
# time limit (955 s) in torchlint's own instrumented code.
# The ground-truth programs are built only for --full (the subset leaves
# them out).
groundtruth=OFF
[ $full = 1 ] && groundtruth=ON
CC=clang-16 CXX=clang++-16 cmake -S . -B "$build" -G Ninja \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O0 -gline-tables-only" \
  -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O0 -gline-tables-only" \
  -DTORCHLINT_BUILD_GROUNDTRUTH=$groundtruth \
  -DTORCHLINT_SANITIZE=address,undefined
# tests/frontend/bad_input.sh: the same code paths on a 5 MB source and 1,500
# files (still more than the usual limit of 1,024 open files).
export TORCHLINT_BIG_INPUT_BYTES=5242880 TORCHLINT_MANY_FILES=1500

echo "== building $build"
cmake --build "$build"

echo "== tests under the sanitizers"
if [ $full = 1 ]; then
  ctest --test-dir "$build" -j"$(nproc)" --output-on-failure "$@"
else
  ctest --test-dir "$build" -j"$(nproc)" --output-on-failure -R "$SUBSET" "$@"
fi
