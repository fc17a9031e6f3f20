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

# --dump-config shows every option of a check with its default, as
# clang-tidy's own checks do.
(cd "$WORK/project" &&
  LD_BIND_NOW=1 "$CLANG_TIDY" --load="$PLUGIN" \
    -checks='-*,torch-hardcoded-device,torch-load-without-device' \
    --dump-config) >"$WORK/dump" 2>&1 || { cat "$WORK/dump" >&2; fail "--dump-config"; }
for option in 'torch-hardcoded-device\.RequiresCuda: +auto$' \
              "torch-load-without-device\\.Strict: +'?false'?$"; do
  grep -qE "^ *$option" "$WORK/dump" ||
    { cat "$WORK/dump" >&2; fail "--dump-config lacks $option"; }
done

# The same CheckOptions give the same findings under both hosts.
mkdir -p "$WORK/options"
cp "$CASE" "$WORK/options/case.cpp"
cat >"$WORK/options/.clang-tidy" <<'YAML'
Checks: '-*,torch-*'
CheckOptions:
  torch-hardcoded-device.RequiresCuda: 'false'
  torch-load-without-device.Strict: 'true'
  torch-discarded-move.Severity: 'error'
YAML
(cd "$WORK/options" && tidy case.cpp -- "${FLAGS[@]}") >"$WORK/tidy.out" 2>&1 || true
(cd "$WORK/options" &&
  "$TORCHLINT" --quiet --cache-dir "$CACHE_DIR" case.cpp -- "${FLAGS[@]}") \
  >"$WORK/cli.out" 2>&1 || true
for host in tidy cli; do
  diagnostics "$WORK/$host.out" | grep -E ': (warning|error):' |
    sed -E 's|^.*/options/||; s|:([0-9]+):[0-9]+: ([a-z]+): .*\[([a-z-]+)[],].*$|:\1:\2:\3|' \
      >"$WORK/$host.got"
done
if ! [ -s "$WORK/cli.got" ] || ! diff -u "$WORK/cli.got" "$WORK/tidy.got"; then
  cat "$WORK/cli.out" "$WORK/tidy.out" >&2
  fail "clang-tidy (+) and the CLI (-) differ under the same CheckOptions"
fi
echo "PASS: NOLINT and .clang-tidy Checks/CheckOptions behave"
