#!/usr/bin/env bash
# Bad input gets a clear message and exit status 2, and every other file is
# still analysed and reported.
# Usage: bad_input.sh <torchlint> <cache-dir> <work-dir> <source-dir>
set -u
TL=$1 CACHE=$2 WORK=$3 SRC=$(cd "$4" && pwd)
IN=$SRC/tests/frontend/inputs
rm -rf "$WORK" && mkdir -p "$WORK"
failures=0

# expect <name> <expected-exit> <pattern> -- torchlint args...
expect() {
  local name=$1 code=$2 pattern=$3
  shift 4
  "$TL" --cache-dir "$CACHE" "$@" >"$WORK/$name.out" 2>"$WORK/$name.err"
  local rc=$?
  if [ "$rc" != "$code" ]; then
    echo "FAIL $name: exit $rc, expected $code"; cat "$WORK/$name.out" "$WORK/$name.err"
    failures=$((failures + 1)); return
  fi
  if ! grep -qE -- "$pattern" "$WORK/$name.out" "$WORK/$name.err"; then
    echo "FAIL $name: no line matches /$pattern/"; cat "$WORK/$name.out" "$WORK/$name.err"
    failures=$((failures + 1)); return
  fi
  echo "ok   $name"
}

# The good file's finding must be there in every mixed run.
good_finding="one_finding.cpp:6:5: warning: result of 'x.to\(torch::kCPU\)' is discarded"

expect nonexistent 2 "cannot read '$WORK/nope.cpp': No such file or directory" -- \
  "$WORK/nope.cpp"
expect nonexistent-mixed 2 "$good_finding" -- "$WORK/nope.cpp" "$IN/one_finding.cpp"
grep -q "cannot read '$WORK/nope.cpp'" "$WORK/nonexistent-mixed.err" ||
  { echo "FAIL nonexistent-mixed: error line missing"; failures=$((failures + 1)); }

mkdir -p "$WORK/empty-dir"
echo "not C++" >"$WORK/empty-dir/notes.txt"
expect empty-dir 2 "directory '$WORK/empty-dir' contains no C\+\+ sources" -- "$WORK/empty-dir"

expect syntax 2 "error: '$IN/syntax_error.cpp' does not compile \(1 error\); it was not analysed" -- \
  "$IN/syntax_error.cpp" "$IN/one_finding.cpp"
grep -qE "$good_finding" "$WORK/syntax.out" ||
  { echo "FAIL syntax: good file not reported"; failures=$((failures + 1)); }
grep -q "syntax_error.cpp:5:28: error: expected ';' at end of declaration" "$WORK/syntax.out" "$WORK/syntax.err" ||
  { echo "FAIL syntax: clang's error not shown"; failures=$((failures + 1)); }

printf 'int main() {\0\1\2\3 return 0; }\n' >"$WORK/binary.cpp"
expect binary 2 "'$WORK/binary.cpp' is not C\+\+ source \(it contains binary data\)" -- \
  "$WORK/binary.cpp" "$IN/one_finding.cpp"

: >"$WORK/empty.cpp"
expect empty 2 "'$WORK/empty.cpp' is empty; there is nothing to analyse" -- \
  "$WORK/empty.cpp" "$IN/one_finding.cpp"

mkdir -p "$WORK/db"
echo '[{"directory": "/tmp", "command": ' >"$WORK/db/compile_commands.json"
expect broken-db 2 "error: compile database: cannot load '$WORK/db/compile_commands.json'" -- \
  -p "$WORK/db" "$IN/one_finding.cpp"

# A broken database found by the upward search fails only the files below it.
mkdir -p "$WORK/proj"
cp "$IN/one_finding.cpp" "$WORK/proj/a.cpp"
cp "$WORK/db/compile_commands.json" "$WORK/proj/"
expect broken-db-above 2 "$good_finding" -- "$WORK/proj/a.cpp" "$IN/one_finding.cpp"
grep -q "error: $WORK/proj/a.cpp: cannot load '$WORK/proj/compile_commands.json'" "$WORK/broken-db-above.err" ||
  { echo "FAIL broken-db-above: error line missing"; failures=$((failures + 1)); }

# A compile database whose command does not reach LibTorch: the database is
# the project's word, so torchlint adds no folders of its own and says what
# is missing. (Flags after -- get the detected LibTorch folders added, and
# the file is analysed.)
mkdir -p "$WORK/notorch"
cat >"$WORK/notorch/compile_commands.json" <<JSON
[{"directory": "$IN", "file": "$IN/missing_torch.cpp",
  "command": "clang++ -std=c++17 -c $IN/missing_torch.cpp"}]
JSON
expect missing-torch 2 "LibTorch headers not found while parsing '$IN/missing_torch.cpp'" -- \
  -p "$WORK/notorch" "$IN/missing_torch.cpp"
expect torch-added-to-flags 0 "^torchlint: 0 findings" -- \
  "$IN/missing_torch.cpp" -- -std=c++17

expect no-input 2 "no input files" --
expect bad-checks 2 "enables no rule" -- --checks=-* "$IN/one_finding.cpp"

if [ "$failures" != 0 ]; then echo "$failures failure(s)"; exit 1; fi
echo "all bad-input cases passed"
