# Shared by the clang-tidy plugin tests: runs clang-tidy-16 with the plugin
# and reduces diagnostics to comparable lines.
#
# Every test script is called as
#   script.sh <clang-tidy> <plugin.so> <torchlint> <clang++> <cache-dir>
#             <torch-api-include> <work-dir> <source-dir> [case dirs...]

set -euo pipefail

CLANG_TIDY=$1 PLUGIN=$2 TORCHLINT=$3 CLANGXX=$4 CACHE_DIR=$5
TORCH_API_INCLUDE=$6 WORK=$7 SOURCE_DIR=$8
shift 8
CASE_DIRS=("$@")

FLAGS=(-std=c++17 -isystem "$TORCH_API_INCLUDE")

rm -rf "$WORK"
mkdir -p "$WORK"

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# Runs clang-tidy with the plugin. LD_BIND_NOW makes the dynamic loader bind
# every symbol of the plugin when it is loaded, so a symbol clang-tidy does
# not provide is an error here, not a crash in some later user's run.
# With TIDY_PCH set (CTest sets it), clang-tidy loads a precompiled
# torch/torch.h instead of parsing it for every file.
tidy() {
  local pch=()
  if [[ -n ${TIDY_PCH:-} && -f $TIDY_PCH ]]; then
    pch=(-extra-arg=-include-pch "-extra-arg=$TIDY_PCH")
  fi
  LD_BIND_NOW=1 "$CLANG_TIDY" --load="$PLUGIN" "${pch[@]}" "$@"
}

# Keeps the diagnostic lines ("file:line:col: level: message [check]") of
# clang-style output, sorted and unique: the findings as a set.
diagnostics() {
  grep -E '^[^ ].*:[0-9]+:[0-9]+: (warning|error|note|remark): ' "$1" |
    LC_ALL=C sort -u || true
}
