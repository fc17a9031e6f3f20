#!/usr/bin/env bash
# Builds torchlint and its clang-tidy plugin against another LLVM major
# version into build-<N>/ and checks them against the LLVM 16 build in
# build/ (scripts/bootstrap.sh builds it):
#  - the annotated case files (tests/cases, -verify: exactly the expected
#    diagnostics, notes included) and the dtype ground truth;
#  - the same findings as build/torchlint on examples/ and on the shared
#    case sets beside the checkout (versions.same-findings);
#  - clang-tidy-<N> loads libtorchlint-tidy-<N>.so and reports what the CLI
#    reports (tidy-*: list-checks, parity, fix, config).
# Only the two programs are built, not the unit tests: the unit tests check
# code that does not depend on the LLVM version beyond what the cases show,
# and CI runs all of them on LLVM 16 (.ci/run stays under 45 minutes).
#
#   bash scripts/llvm-version.sh 22        # CI: the newest LLVM
#   bash scripts/llvm-version.sh 19 -V     # extra arguments go to ctest
#
# Installs llvm-<N>-dev, libclang-<N>-dev, clang-<N> and clang-tidy-<N> with
# apt where they are missing (Debian 12 packages 16, 19 and 22).
set -euo pipefail
cd "$(dirname "$0")/.."

version=${1:?usage: llvm-version.sh <llvm-major> [ctest arguments]}
shift
build=build-$version
[ -x build/torchlint ] ||
  { echo "build/torchlint (LLVM 16) is missing: run scripts/bootstrap.sh" >&2; exit 2; }

packages=("llvm-$version-dev" "libclang-$version-dev" "clang-$version"
  "clang-tidy-$version")
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
    missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "== installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

echo "== configuring $build (LLVM $version)"
# Built to give the same findings as the LLVM 16 build, not to be shipped
# fast: Clang <N> itself (installed above) at -O0 with no debug info, only
# the two programs. Measured on the two-core machine (docs/ci.md): Clang
# spends 447 CPU-s on the two programs where GCC 12 at -O0 spends 744 (GCC
# is 2.5 times slower on the heaviest files: 28 s against 11 for
# rules/RuleUtils.cpp); -O1 costs more to compile and the tests take as long
# either way (parsing runs in Clang's optimised libraries). A precompiled
# header of Clang's AST headers saved a quarter of the heaviest files' time
# and cost 8 s on each light one: not used. NDEBUG as in Release.
# A unity build (CMake's CMAKE_UNITY_BUILD, 8 sources a unit): most of each
# unit's compile is Clang's headers, parsed once per unit, so 14 units
# instead of 71 took the cold build from 997 CPU-s to 380 (7 December 2026,
# empty ccache, both beside two other builds on the two cores, which makes
# every figure higher than the 447 above), and that is what lets .ci/run
# afford this script. The sources of one library share a unit, so their
# file-local names must differ (the compiler says where they do not). The
# LLVM 16 build in build/ compiles one unit a source, and
# versions.same-findings compares the two builds' findings.
# CMake keeps a folder's first compiler: a build-N configured with another
# (GCC, before) is configured afresh.
if [ -f "$build/CMakeCache.txt" ] &&
  ! grep -q "^CMAKE_CXX_COMPILER:[A-Z]*=.*clang++-$version\$" "$build/CMakeCache.txt"; then
  echo "== $build was configured with another compiler: configuring it afresh"
  rm -rf "$build/CMakeCache.txt" "$build/CMakeFiles"
fi
CC=clang-$version CXX=clang++-$version cmake -S . -B "$build" -G Ninja \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O0 -DNDEBUG" \
  -DCMAKE_C_FLAGS_RELEASE="-O0 -DNDEBUG" \
  -DTORCHLINT_LLVM_VERSION="$version" -DCMAKE_UNITY_BUILD=ON \
  -DTORCHLINT_REFERENCE_TORCHLINT="$PWD/build/torchlint" >/dev/null

# CPU seconds (user + system) of this script's finished child processes:
# the figure that compares between runs on a shared machine, where wall
# time depends on what else runs.
cpu_s() {
  local stat
  read -r -a stat </proc/$$/stat
  echo $(((stat[15] + stat[16]) / $(getconf CLK_TCK)))
}

echo "== building $build"
t0=$SECONDS c0=$(cpu_s)
cmake --build "$build" --target torchlint torchlint-tidy
echo "== built $build in $((SECONDS - t0)) s, $(($(cpu_s) - c0)) CPU-s"

echo "== tests against LLVM $version"
# The 2.x column (libtorch2.*) and library bodies (case-bodies.*) stay with
# the LLVM 16 suite; the fixtures (preamble.warmup, tidy-pch) come along.
t0=$SECONDS c0=$(cpu_s) rc=0
ctest --test-dir "$build" -j"$(nproc)" --output-on-failure \
  -R '^(case\.|tidy-|versions\.)' "$@" || rc=$?
echo "== tests against LLVM $version took $((SECONDS - t0)) s," \
  "$(($(cpu_s) - c0)) CPU-s"
exit $rc
