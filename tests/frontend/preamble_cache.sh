#!/usr/bin/env bash
# The shared preamble cache: built once per flag set, reused, rebuilt when
# damaged, safe with two processes at once, off with --no-cache. Findings are
# the same in every case.
# Usage: preamble_cache.sh <torchlint> <cache-dir (unused)> <work-dir> <source-dir>
set -u
TL=$1 WORK=$3 SRC=$(cd "$4" && pwd)
IN=$SRC/tests/frontend/inputs/one_finding.cpp
FLAGS=(-std=c++17 -isystem /usr/include/torch/csrc/api/include)
rm -rf "$WORK" && mkdir -p "$WORK"
status=0
fail() { echo "FAIL: $*"; status=1; }
finding='one_finding.cpp:6:5: warning: result of'

run() { # <cache> [extra flags...] -> stdout in $WORK/out
  local cache=$1
  shift
  "$TL" -q --cache-dir "$cache" "$IN" -- "${FLAGS[@]}" "$@" >"$WORK/out" 2>"$WORK/err"
  rc=$?
  grep -q "$finding" "$WORK/out" || fail "finding missing (cache $cache $*)"
  [ $rc = 1 ] || fail "exit $rc, expected 1 (cache $cache $*)"
}

C=$WORK/cache
run "$C"
pchs=("$C"/*.pch)
[ ${#pchs[@]} = 1 ] || fail "expected one preamble, found ${#pchs[@]}"
stamp=$(stat -c %Y:%s "${pchs[0]}")

run "$C"
[ "$(stat -c %Y:%s "${pchs[0]}")" = "$stamp" ] || fail "the preamble was rebuilt instead of reused"

run "$C" -DTORCHLINT_TEST_FLAG=1
[ "$(ls "$C"/*.pch | wc -l)" = 2 ] || fail "other flags must get their own preamble"

# A damaged preamble is detected and rebuilt; the findings do not change.
head -c 4096 "${pchs[0]}" >"$WORK/bad" && mv "$WORK/bad" "${pchs[0]}"
run "$C"
[ "$(stat -c %s "${pchs[0]}")" -gt 4096 ] || fail "the damaged preamble was not rebuilt"

# --no-cache writes nothing.
N=$WORK/nocache
mkdir -p "$N"
"$TL" -q --no-cache --cache-dir "$N" "$IN" -- "${FLAGS[@]}" >"$WORK/out" 2>&1
grep -q "$finding" "$WORK/out" || fail "finding missing with --no-cache"
[ -z "$(ls -A "$N")" ] || fail "--no-cache wrote to the cache"

# Two processes building the same preamble at once.
P=$WORK/parallel
"$TL" -q --cache-dir "$P" "$IN" -- "${FLAGS[@]}" >"$WORK/p1" 2>&1 &
"$TL" -q --cache-dir "$P" "$IN" -- "${FLAGS[@]}" >"$WORK/p2" 2>&1 &
wait
grep -q "$finding" "$WORK/p1" || fail "first concurrent run lost its finding"
grep -q "$finding" "$WORK/p2" || fail "second concurrent run lost its finding"
[ "$(ls "$P"/*.pch | wc -l)" = 1 ] || fail "concurrent runs left more than one preamble"
ls "$P" | grep -q tmp && fail "temporary files left in the cache"

[ $status = 0 ] && echo "preamble cache behaves"
exit $status
