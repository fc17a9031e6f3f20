#!/usr/bin/env bash
# NOLINT and .clang-tidy: Checks in a .clang-tidy file enable and disable
# torch-* checks, a nested one inherits and extends it, CheckOptions for a
# torch check are accepted (an unknown option is ignored, as for any check),
# and NOLINT(torch-<rule>) silences exactly that check.
source "$(dirname "$0")/lib.sh"

CASE=$SOURCE_DIR/tests/tidy/config/suppressions.cpp
mkdir -p "$WORK/project/sub"
cp "$CASE" "$WORK/project/top.cpp"
cp "$CASE" "$WORK/project/sub/nested.cpp"
cat >"$WORK/project/.clang-tidy" <<'YAML'
Checks: '-*,torch-discarded-move,torch-load-without-device'
CheckOptions:
  torch-discarded-move.NoSuchOption: 'true'
YAML
cat >"$WORK/project/sub/.clang-tidy" <<'YAML'
InheritParentConfig: true
Checks: 'torch-hardcoded-device'
YAML

# No -checks: the .clang-tidy files decide. Both files in one run.
(cd "$WORK/project" &&
  tidy top.cpp sub/nested.cpp -- "${FLAGS[@]}") >"$WORK/out" 2>&1 || true
diagnostics "$WORK/out" | grep -E ': (warning|error):' |
  sed -E 's|^.*/project/||; s|:([0-9]+):[0-9]+: [a-z]+: .*\[([a-z-]+)\]$|:\1:\2|' \
    >"$WORK/got"

cat >"$WORK/expected" <<'LIST'
sub/nested.cpp:10:torch-discarded-move
sub/nested.cpp:13:torch-discarded-move
sub/nested.cpp:21:torch-hardcoded-device
sub/nested.cpp:24:torch-load-without-device
top.cpp:10:torch-discarded-move
top.cpp:13:torch-discarded-move
top.cpp:24:torch-load-without-device
LIST
if ! diff -u "$WORK/expected" "$WORK/got"; then
  cat "$WORK/out" >&2
  fail "diagnostics (+) differ from the expected ones (-)"
fi
if grep -qiE 'unknown|invalid|error:' "$WORK/out"; then
  cat "$WORK/out" >&2
  fail "clang-tidy complained about the configuration"
fi
echo "PASS: NOLINT and .clang-tidy Checks/CheckOptions behave"
