#!/usr/bin/env bash
# Runs every test (after scripts/bootstrap.sh has built the project).
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --build build
ctest --test-dir build -j"$(nproc)" --output-on-failure "$@"
