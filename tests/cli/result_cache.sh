# --result-cache: a re-run reuses every unchanged unit's result without parsing
# it, a changed file or header, configuration or flag analyses again exactly
# the units it touches, damaged entries are ignored and rewritten, and the
# folder stays under its size bound.
. "$(dirname "$0")/lib.sh"
for f in discarded.cpp two_moves.cpp uses_helper.cpp helper.h clean.cpp broken.cpp; do
  input $f
done
RC_DIR=$WORK/results

# cached_units REPORT: the file names of the units taken from the cache.
cached_units() {
  jq -r '[.units[] | select(.cached) | .file | split("/") | last] | join(" ")' "$1"
}

tl --result-cache "$RC_DIR" --format json -o cold.json .
expect_rc 2 # broken.cpp does not compile
expect_eq "$(cached_units cold.json)" "" "cold run: nothing from the cache"
expect_eq "$(jq ".summary.findings" cold.json)" 4 "cold findings"
# One entry per unit (the folder also keeps the project index, project-index.json,
# which is no entry): a compile error depends only on the files read, so the
# failed unit is stored too.
expect_eq "$(find "$RC_DIR" -name '*.json' ! -name project-index.json | wc -l)" 5 "entries stored"

tl --result-cache "$RC_DIR" --format json -o warm.json .
expect_rc 2
expect_eq "$(cached_units warm.json)" \
  "broken.cpp clean.cpp discarded.cpp two_moves.cpp uses_helper.cpp" "re-run: every unit hits"
expect_eq "$(jq -c '.findings' warm.json)" "$(jq -c '.findings' cold.json)" \
  "findings of a re-run"
expect_eq "$(jq -c '.summary | del(.seconds)' warm.json)" \
  "$(jq -c '.summary | del(.seconds)' cold.json)" "summary of a re-run"
expect_contains "$ERR" "(5 from the result cache)" "summary line"
# The summary's time is this run's wall time, not the sum of the hits' kept
# costs (which --shard-costs reads from .units).
expect_eq "$(jq '.summary.seconds < ([.units[].seconds] | add)' warm.json)" true \
  "re-run time is its own"
# A failure from the cache says what the parse said, and still fails the run.
expect_eq "$(jq -c '.summary.failures' warm.json)" "$(jq -c '.summary.failures' cold.json)" \
  "failure of a re-run"
expect_contains "$ERR" "broken.cpp:7:10: error: use of undeclared identifier 'undeclared_name'" \
  "the compile error is shown again"
# The text of a hit is clang's text of the original run.
expect_contains "$OUT" "discarded.cpp:6:5: warning: result of 't.to(torch::kCPU)' is discarded" "hit text"
# A hit keeps the unit's original cost, which --shard-costs balances by.
expect_eq "$(jq '[.units[] | select(.cached and .seconds > 0)] | length' warm.json)" 5 \
  "costs kept on hits"

# A header changes: only the unit that includes it runs again.
echo "// a comment that changes helper.h" >>helper.h
tl --result-cache "$RC_DIR" --format json -o header.json .
expect_eq "$(cached_units header.json)" "broken.cpp clean.cpp discarded.cpp two_moves.cpp" \
  "after a header edit"
expect_eq "$(jq -c '.findings' header.json)" "$(jq -c '.findings' cold.json)" \
  "findings after a comment edit"

# A NOLINT added to one source: that unit runs again and its finding goes.
sed -i 's|t.to(torch::kCPU);|t.to(torch::kCPU);  // NOLINT(torch-discarded-move)|' discarded.cpp
tl --result-cache "$RC_DIR" --format json -o nolint.json .
expect_eq "$(cached_units nolint.json)" "broken.cpp clean.cpp two_moves.cpp uses_helper.cpp" \
  "after a source edit"
expect_eq "$(jq ".summary.findings" nolint.json)" 3 "the suppressed finding is gone"
expect_eq "$(jq '.summary.suppressed' nolint.json)" 1 "and counted as suppressed"

# The broken unit is fixed: it is analysed again, and its finding appears.
sed -i 's|return undeclared_name;|return 0;|' broken.cpp
tl --result-cache "$RC_DIR" --format json -o repaired.json .
expect_eq "$(cached_units repaired.json)" "clean.cpp discarded.cpp two_moves.cpp uses_helper.cpp" \
  "after the compile error is fixed"
expect_eq "$(jq -c '.summary.failures' repaired.json)" "[]" "no failure left"
expect_eq "$(jq '[.findings[] | select(.file | endswith("broken.cpp"))] | length' repaired.json)" 1 \
  "the repaired unit's finding"

# The rule configuration is part of the key: every unit runs again.
printf 'Checks: "-torch-hardcoded-device"\n' >.clang-tidy
tl --result-cache "$RC_DIR" --format json -o config.json .
expect_eq "$(cached_units config.json)" "" "after a configuration change"
rm .clang-tidy
# So are the flags.
tl --result-cache "$RC_DIR" --format json -o flags.json discarded.cpp -- -std=c++17 -DEXTRA=1
expect_eq "$(cached_units flags.json)" "" "other flags"

# A damaged entry is a miss, and the run rewrites it. (A file linted alone
# has an entry of its own: alone, the lesson's classics are reported.)
tl --result-cache "$RC_DIR" --format json -o alone.json discarded.cpp
expect_eq "$(cached_units alone.json)" "" "a unit linted alone: its own entry"
tl --result-cache "$RC_DIR" --format json -o before.json discarded.cpp
expect_eq "$(cached_units before.json)" "discarded.cpp" "hit before the damage"
for e in $(find "$RC_DIR" -name '*.json' ! -name project-index.json); do
  if grep -q '"file":"'"$WORK"'/discarded.cpp"' "$e"; then
    head -c 100 "$e" >"$e.cut" && mv "$e.cut" "$e"
  fi
done
tl --result-cache "$RC_DIR" --format json -o damaged.json discarded.cpp
expect_rc 0
expect_eq "$(cached_units damaged.json)" "" "a damaged entry is a miss"
expect_eq "$(jq -c '.findings' damaged.json)" "$(jq -c '.findings' before.json)" \
  "findings after damage"
tl --result-cache "$RC_DIR" --format json -o rewritten.json discarded.cpp
expect_eq "$(cached_units rewritten.json)" "discarded.cpp" "the entry was rewritten"

# Concurrent runs sharing one folder (another CI job, another machine on a
# shared volume) never read half an entry: each writes a temporary and
# renames it.
rm -rf "$RC_DIR"
(tl --result-cache "$RC_DIR" -q --format json -o p1.json discarded.cpp two_moves.cpp clean.cpp) &
(tl --result-cache "$RC_DIR" -q --format json -o p2.json discarded.cpp two_moves.cpp clean.cpp) &
wait
expect_eq "$(jq -c '.findings' p1.json)" "$(jq -c '.findings' p2.json)" "concurrent runs"
expect_eq "$(find "$RC_DIR" -name '*.tmp-*' | wc -l)" 0 "no temporary left"
tl --result-cache "$RC_DIR" --format json -o p3.json discarded.cpp two_moves.cpp clean.cpp
expect_eq "$(cached_units p3.json)" "clean.cpp discarded.cpp two_moves.cpp" "after concurrent runs"

# A header that is missing today (a dependency not installed) may appear:
# the unit is cached, and creating the header is a miss.
mkdir -p dep && cat >dep/uses_dep.cpp <<'CPP'
#include <torch/torch.h>
#include "vendor/dep.h"
int main() {
  auto t = torch::ones({2});
  t.cpu();
}
CPP
tl --result-cache "$RC_DIR" --format json -o dep1.json dep/uses_dep.cpp
expect_rc 1
expect_contains "$ERR" "'vendor/dep.h' was not found; the file was analysed without it" "missing header note"
tl --result-cache "$RC_DIR" --format json -o dep2.json dep/uses_dep.cpp
expect_eq "$(cached_units dep2.json)" "uses_dep.cpp" "cached despite the missing header"
# Preambles coming and going in the preamble folder (another project's run)
# change nothing a missing header could be found in.
touch "$TL_CACHE/unrelated-$$.used" && rm "$TL_CACHE/unrelated-$$.used"
tl --result-cache "$RC_DIR" --format json -o dep2b.json dep/uses_dep.cpp
expect_eq "$(cached_units dep2b.json)" "uses_dep.cpp" "the preamble folder is not a place to look"
mkdir -p dep/vendor && echo '#pragma once' >dep/vendor/dep.h
tl --result-cache "$RC_DIR" --format json -o dep3.json dep/uses_dep.cpp
expect_eq "$(cached_units dep3.json)" "" "the header appeared: analysed again"
expect_eq "$(jq '.findings | length' dep3.json)" 1 "and still analysed"

# A header missing in <...> is looked up in the include folders only: a file
# written beside the source (a report, an in-source build) is still a hit,
# the header appearing in an include folder is a miss.
mkdir -p ang/inc && cat >ang/uses_angled.cpp <<'CPP'
#include <torch/torch.h>
#include <vendor_ang/dep.h>
int main() {
  auto t = torch::ones({2});
  t.cpu();
}
CPP
tl --result-cache "$RC_DIR" --format json -o ang1.json ang/uses_angled.cpp -- -std=c++17 -Iang/inc
expect_rc 1
expect_contains "$ERR" "'vendor_ang/dep.h' was not found; the file was analysed without it" "missing angled header"
echo 'build output' >ang/uses_angled.o
tl --result-cache "$RC_DIR" --format json -o ang2.json ang/uses_angled.cpp -- -std=c++17 -Iang/inc
expect_eq "$(cached_units ang2.json)" "uses_angled.cpp" "a file beside the source changes nothing"
mkdir -p ang/inc/vendor_ang && echo '#pragma once' >ang/inc/vendor_ang/dep.h
tl --result-cache "$RC_DIR" --format json -o ang3.json ang/uses_angled.cpp -- -std=c++17 -Iang/inc
expect_eq "$(cached_units ang3.json)" "" "the header appeared in an include folder"
expect_eq "$(jq '.findings | length' ang3.json)" 1 "and it is analysed with it"

# A unit that includes LibTorch's CUDA headers, with a CPU-only LibTorch, is
# parsed with torchlint's CUDA stand-ins (docs/cuda.md), which live in no
# folder on disk: its result is stored and reused like any other.
cat >needs_cuda.cpp <<'CPP'
#include <torch/torch.h>
#include <c10/cuda/CUDAStream.h>
int main() { if (!torch::cuda::is_available()) return 1; // needs a GPU
  torch::Tensor t = torch::ones({2});
  t.to(torch::kDouble);
  return static_cast<int>(c10::cuda::getCurrentCUDAStream().id());
}
CPP
tl --result-cache "$RC_DIR" --format json -o cuda1.json needs_cuda.cpp
expect_rc 1
expect_eq "$(jq -c '[.findings[] | [.line, .rule]]' cuda1.json)" '[[5,"torch-discarded-move"]]' \
  "the CUDA unit is analysed"
tl --result-cache "$RC_DIR" --format json -o cuda2.json needs_cuda.cpp
expect_rc 1
expect_eq "$(cached_units cuda2.json)" "needs_cuda.cpp" "the CUDA unit from the cache"
expect_eq "$(jq -c '.findings' cuda2.json)" "$(jq -c '.findings' cuda1.json)" \
  "the same findings"
# A CUDA toolkit that appears in an include folder of the command replaces
# the stand-ins, so the unit runs again (its own copy of them, here).
mkdir -p toolkit
tl --result-cache "$RC_DIR" -q needs_cuda.cpp -- -std=c++17 -isystem toolkit
tl --result-cache "$RC_DIR" --format json -o cuda3.json needs_cuda.cpp -- -std=c++17 -isystem toolkit
expect_eq "$(cached_units cuda3.json)" "needs_cuda.cpp" "hit with an empty toolkit folder"
"$TORCHLINT" --write-cuda-stand-ins toolkit >/dev/null
tl --result-cache "$RC_DIR" --format json -o cuda4.json needs_cuda.cpp -- -std=c++17 -isystem toolkit
expect_eq "$(cached_units cuda4.json)" "" "miss once the toolkit's headers appear"
expect_eq "$(jq -c '.findings' cuda4.json)" "$(jq -c '.findings' cuda1.json)" \
  "and the same findings with them"

# The size bound: least recently used entries go first.
entries=$(find "$RC_DIR" -name '*.json' ! -name project-index.json | wc -l)
expect_eq "$entries" 7 "entries before trimming"
tl --result-cache "$RC_DIR" --result-cache-size 1K -v -q discarded.cpp
# Every entry goes, the run's own among them when it wrote one (a unit
# linted alone is keyed apart from the same unit in a project).
grep -qE "result cache: removed ($entries|$((entries + 1))) least recently used entries to stay under 1K" <<<"$ERR" ||
  fail "trim: $ERR"
expect_eq "$(find "$RC_DIR" -name '*.json' ! -name project-index.json | wc -l)" 0 "trimmed to the bound"
tl --result-cache "$RC_DIR" --result-cache-size lots discarded.cpp
expect_rc 2
expect_contains "$ERR" "torchlint: error: --result-cache-size 'lots': expected a size such as 512M or 2G" "bad size"

# A rebuilt torchlint never reuses another build's results: the key holds a
# hash of the executable. A copy with one byte appended is another build.
rm -rf "$RC_DIR"
tl --result-cache "$RC_DIR" -q discarded.cpp
cp "$TORCHLINT" other-torchlint && printf '\0' >>other-torchlint
RC=0
./other-torchlint --cache-dir "$TL_CACHE" --result-cache "$RC_DIR" --format json -o other.json discarded.cpp >/dev/null 2>&1 || RC=$?
expect_rc 0 # its one finding carries a NOLINT since the edit above
expect_eq "$(cached_units other.json)" "" "another build misses"
exit 0
