#!/usr/bin/env bash
# Installs what torchlint needs from Debian 12's packages, builds it, and runs
# it on the bundled examples. Run as root on a fresh machine; safe to re-run.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  build-essential cmake ninja-build ccache git python3 jq
  llvm-16-dev libclang-16-dev clang-16 clang-tidy-16 clang-tools-16
  libclang-rt-16-dev
  libfmt-dev nlohmann-json3-dev libcli11-dev libgtest-dev
  libtorch-dev libopencv-core-dev libopencv-imgproc-dev
  neovim
  bazel-bootstrap
)
# libopencv-core-dev, libopencv-imgproc-dev: cv::Mat, convertTo, cvtColor,
# resize, for the OpenCV cases (tests/opencv); imgcodecs (imread) would
# bring GDAL.
# libclang-rt-16-dev: Clang's sanitizer runtimes, for scripts/sanitize.sh.
# bazel-bootstrap: Debian's Bazel, to test bazel/torchlint.bzl offline.
# The VS Code extension's packing test (tests/lsp) needs npm: Debian's, unless
# one is already on PATH (a NodeSource node bundles its own).
command -v npm >/dev/null || packages+=(nodejs npm)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "== installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# LibTorch 2.x for the second column of the test matrix: pip's CPU wheel of
# torch, into the python3 on PATH. Pinned: a plain `pip install torch` takes
# a CUDA build of several GB. Without pip, or offline, the 2.x column is
# skipped (scripts/test.sh says so) and nothing else changes.
if python3 -c 'import torch, sys; sys.exit(0 if torch.__version__.startswith("2.13.0") else 1)' 2>/dev/null; then
  echo "== torch 2.13.0 already installed for $(command -v python3)"
elif python3 -m pip --version >/dev/null 2>&1 &&
  python3 -m pip install -q torch==2.13.0 >/tmp/torchlint-pip.log 2>&1; then
  echo "== installed torch 2.13.0 for $(command -v python3) (the LibTorch 2.x test column)"
else
  echo "== no torch 2.13.0 for python3 (pip missing or install failed, see /tmp/torchlint-pip.log): the LibTorch 2.x test column will be skipped"
fi

echo "== building"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build build

echo "== torchlint examples/"
# Exit status 1 means findings, which the examples are there to show.
set +e
build/torchlint examples/
rc=$?
set -e
if [ $rc -gt 1 ]; then
  echo "torchlint failed on the examples (exit $rc)" >&2
  exit $rc
fi

echo "== torchlint --from-error: the lesson's crash, read back to the code"
# The message a GPU prints for examples/labels_on_cpu.cpp; exit 1 means a
# call site explains it.
set +e
echo "RuntimeError: Expected all tensors to be on the same device, but found \
at least two devices, cuda:0 and cpu! (when checking argument for argument \
target in method wrapper_CUDA_nll_loss_forward)" |
  build/torchlint --from-error - -q examples/labels_on_cpu.cpp
rc=$?
set -e
if [ $rc -gt 1 ]; then
  echo "torchlint --from-error failed on the example (exit $rc)" >&2
  exit $rc
fi

echo "== built $(pwd)/build/torchlint; to call it as 'torchlint':"
echo "   export PATH=\"$(pwd)/build:\$PATH\""
