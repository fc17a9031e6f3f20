#!/usr/bin/env bash
# --fix: clang-tidy applies the plugin's fix-its; the result equals the
# golden .fixed file (and what the CLI's --fix writes), compiles, and lints
# clean.
source "$(dirname "$0")/lib.sh"

CASE=$SOURCE_DIR/tests/tidy/cases/discarded_move.cpp
GOLDEN=$SOURCE_DIR/tests/tidy/fixed/discarded_move.cpp.fixed

mkdir -p "$WORK/tidy" "$WORK/cli"
cp "$CASE" "$WORK/tidy/case.cpp"
cp "$CASE" "$WORK/cli/case.cpp"

tidy -checks='-*,torch-*' --fix "$WORK/tidy/case.cpp" -- "${FLAGS[@]}" \
  >"$WORK/fix.out" 2>&1 || { cat "$WORK/fix.out" >&2; fail "clang-tidy --fix"; }
grep -qE 'applied [1-9][0-9]* of' "$WORK/fix.out" ||
  { cat "$WORK/fix.out" >&2; fail "clang-tidy applied no fix"; }
diff -u "$GOLDEN" "$WORK/tidy/case.cpp" ||
  fail "clang-tidy --fix (+) differs from the golden file (-)"

"$TORCHLINT" -q --fix --cache-dir "$CACHE_DIR" "$WORK/cli/case.cpp" \
  -- "${FLAGS[@]}" >/dev/null 2>&1 || true
diff -u "$WORK/cli/case.cpp" "$WORK/tidy/case.cpp" ||
  fail "clang-tidy --fix (+) differs from torchlint --fix (-)"

"$CLANGXX" -fsyntax-only "${FLAGS[@]}" "$WORK/tidy/case.cpp" ||
  fail "the fixed file does not compile"

tidy -checks='-*,torch-*' "$WORK/tidy/case.cpp" -- "${FLAGS[@]}" \
  >"$WORK/relint.out" 2>&1 || true
diagnostics "$WORK/relint.out" >"$WORK/relint.set"
if [[ -s $WORK/relint.set ]]; then
  cat "$WORK/relint.set" >&2
  fail "the fixed file still has findings"
fi
echo "PASS: fixed file matches the golden, compiles and lints clean"
