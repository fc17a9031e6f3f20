#!/usr/bin/env bash
# Times torchlint against clang++-16 -fsyntax-only and clang-tidy-16 on the
# same translation units, same -j, in one run, and prints medians and ratios.
# Usage: bench/run.sh [runs=3]      (after scripts/bootstrap.sh)
# Not a test: machines here are noisy; read medians and ratios.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
TL=$ROOT/build/torchlint
RUNS=${1:-3}
J=$(nproc)
WORK=$(mktemp -d /tmp/torchlint-bench.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
FLAGS=(-std=c++17 -isystem /usr/include/torch/csrc/api/include)

mkdir -p "$WORK/corpus"
cp "$ROOT"/examples/*.cpp "$WORK/corpus/"
python3 "$ROOT/bench/generate.py" programs "$WORK/corpus" 6
FILES=("$WORK"/corpus/*.cpp)
N=${#FILES[@]}
ONE="$WORK/corpus/train_0.cpp"

# seconds and peak KiB of a command, via GNU time.
measure() {
  /usr/bin/time -f "%e %M" -o "$WORK/time" "$@" >/dev/null 2>&1 || true
  tail -n 1 "$WORK/time"
}
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

declare -A T
for run in $(seq "$RUNS"); do
  rm -rf "$WORK/cache"
  T[cold]+="$(measure "$TL" -j "$J" --quiet --cache-dir "$WORK/cache" "${FILES[@]}" -- "${FLAGS[@]}" | cut -d' ' -f1) "
  T[warm]+="$(measure "$TL" -j "$J" --quiet --cache-dir "$WORK/cache" "${FILES[@]}" -- "${FLAGS[@]}" | cut -d' ' -f1) "
  T[clang]+="$(measure bash -c 'printf "%s\n" "$@" | xargs -P '"$J"' -n 1 clang++-16 -fsyntax-only '"${FLAGS[*]}"'' _ "${FILES[@]}" | cut -d' ' -f1) "
  T[tidy]+="$(measure bash -c 'printf "%s\n" "$@" | xargs -P '"$J"' -n 1 -I{} clang-tidy-16 --quiet -checks=-*,misc-redundant-expression {} -- '"${FLAGS[*]}"'' _ "${FILES[@]}" | cut -d' ' -f1) "
  # One unit, cold (no preamble at all) and warm, against clang on it.
  T[one_cold]+="$(measure "$TL" --quiet --no-cache "$ONE" -- "${FLAGS[@]}" | cut -d' ' -f1) "
  T[one_clang]+="$(measure clang++-16 -fsyntax-only "${FLAGS[@]}" "$ONE" | cut -d' ' -f1) "
done
declare -A M
for k in cold warm clang tidy one_cold one_clang; do
  M[$k]=$(echo "${T[$k]}" | tr ' ' '\n' | grep . | median)
done

# Peak RSS of one process on one unit.
RSS_TL_COLD=$(measure "$TL" --quiet --no-cache "$ONE" -- "${FLAGS[@]}" | cut -d' ' -f2)
RSS_TL_WARM=$(measure "$TL" --quiet --cache-dir "$WORK/cache" "$ONE" -- "${FLAGS[@]}" | cut -d' ' -f2)
RSS_CLANG=$(measure clang++-16 -fsyntax-only "${FLAGS[@]}" "$ONE" | cut -d' ' -f2)

# Analysis proper (dataflow + rules), timed inside torchlint around the
# engine call, against the whole unit, warm cache.
"$TL" -v -j 1 --quiet --cache-dir "$WORK/cache" "${FILES[@]}" -- "${FLAGS[@]}" 2>"$WORK/verbose" >/dev/null || true
read -r TOTAL ANALYSIS < <(grep 'timing:' "$WORK/verbose" |
  sed -E 's/.*total ([0-9.]+) s, analysis ([0-9.]+) s/\1 \2/' |
  awk '{t+=$1; a+=$2} END {print t, a}')

# Scaling of the analysis on one generated function.
python3 "$ROOT/bench/generate.py" big "$WORK/big5k.cpp" 5000
python3 "$ROOT/bench/generate.py" big "$WORK/big10k.cpp" 10000
big() {
  for r in $(seq "$RUNS"); do
    "$TL" -v --quiet --checks='-*,torch-device-mismatch' --cache-dir "$WORK/cache" "$1" -- "${FLAGS[@]}" 2>&1 |
      grep 'timing:' | sed -E 's/.*analysis ([0-9.]+) s/\1/'
  done | median
}
BIG5=$(big "$WORK/big5k.cpp")
BIG10=$(big "$WORK/big10k.cpp")
BIG5_TOTAL=$("$TL" -v --quiet --checks='-*,torch-device-mismatch' --cache-dir "$WORK/cache" "$WORK/big5k.cpp" -- "${FLAGS[@]}" 2>&1 |
  grep 'timing:' | sed -E 's/.*total ([0-9.]+) s.*/\1/')

ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.3f", (b > 0 ? a / b : 0)}'; }
cat <<TABLE
torchlint benchmark: $N translation units (examples + generated), -j $J, $RUNS runs, medians
$(uname -m), $(nproc) cores, $(clang++-16 --version | head -n 1)

| measure                                   | seconds | ratio |
|-------------------------------------------|---------|-------|
| clang-tidy-16, one cheap check            | ${M[tidy]} | 1 |
| clang++-16 -fsyntax-only                  | ${M[clang]} | $(ratio "${M[clang]}" "${M[tidy]}") of clang-tidy |
| torchlint, cold cache (preamble built)    | ${M[cold]} | $(ratio "${M[cold]}" "${M[tidy]}") of clang-tidy |
| torchlint, warm cache                     | ${M[warm]} | $(ratio "${M[warm]}" "${M[tidy]}") of clang-tidy, $(ratio "${M[warm]}" "${M[clang]}") of clang |
| one unit: clang++-16 -fsyntax-only        | ${M[one_clang]} | 1 |
| one unit: torchlint, no cache at all      | ${M[one_cold]} | $(ratio "${M[one_cold]}" "${M[one_clang]}") of clang |

| peak RSS, one unit                        | KiB     | ratio |
|-------------------------------------------|---------|-------|
| clang++-16 -fsyntax-only                  | $RSS_CLANG | 1 |
| torchlint, no cache                       | $RSS_TL_COLD | $(ratio "$RSS_TL_COLD" "$RSS_CLANG") |
| torchlint, warm cache                     | $RSS_TL_WARM | $(ratio "$RSS_TL_WARM" "$RSS_CLANG") |

Analysis proper (dataflow + rules, timed around Engine::analyze): $ANALYSIS s of $TOTAL s over $N units = $(ratio "$ANALYSIS" "$TOTAL") of the time
Scaling, one generated function: 5,000 statements $BIG5 s, 10,000 statements $BIG10 s: ratio $(ratio "$BIG10" "$BIG5") (linear is 2.0); analysis is $(ratio "$BIG5" "$BIG5_TOTAL") of that unit's time
TABLE
