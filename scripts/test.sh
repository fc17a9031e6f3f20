#!/usr/bin/env bash
# Runs every test (after scripts/bootstrap.sh has built the project), against
# Debian's LibTorch 1.13 and, where the python3 on PATH has pip's torch 2.x,
# the case files, the dtype ground truth and the fix-it goldens against 2.x
# too (ctest label libtorch2).
set -euo pipefail
cd "$(dirname "$0")/.."
# Configure again: a torch installed since the last configure joins the matrix.
cmake -S . -B build >/dev/null
cmake --build build
libtorch2=$(cat build/tests/libtorch2.txt 2>/dev/null || true)
if [ -n "$libtorch2" ]; then
  echo "== LibTorch matrix: Debian's 1.13 (every test) and pip's torch at $libtorch2 (label libtorch2)"
else
  echo "== LibTorch 2.x column skipped: python3 has no torch 2.x (python3 -m pip install torch==2.13.0)"
fi
ctest --test-dir build -j"$(nproc)" --output-on-failure "$@"
