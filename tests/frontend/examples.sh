#!/usr/bin/env bash
# Each example lists the findings it must produce in `// torchlint-expect:`
# comments (`<line>:<col>: <rule-id>`, or `none`); the CLI must print exactly
# those.
# Usage: examples.sh <torchlint> <cache-dir> <work-dir> <source-dir>
set -u
TL=$1 CACHE=$2 WORK=$3 SRC=$(cd "$4" && pwd)
rm -rf "$WORK" && mkdir -p "$WORK"
status=0 count=0
for f in "$SRC"/examples/*.cpp; do
  [ -e "$f" ] || continue
  name=$(basename "$f")
  grep -q 'torchlint-expect:' "$f" || { echo "FAIL $name: no torchlint-expect comment"; status=1; continue; }
  grep -o 'torchlint-expect: .*' "$f" | sed 's/torchlint-expect: //' | grep -v '^none$' | sort >"$WORK/$name.expected"
  "$TL" --cache-dir "$CACHE" --quiet --color=never "$f" >"$WORK/$name.out" 2>"$WORK/$name.err"
  rc=$?
  grep -E "^$f:[0-9]+:[0-9]+: (warning|error): " "$WORK/$name.out" |
    sed -E "s|^$f:([0-9]+):([0-9]+): [a-z]+: .* \[([a-z-]+)\]$|\1:\2: \3|" | sort >"$WORK/$name.actual"
  want_rc=1
  [ -s "$WORK/$name.expected" ] || want_rc=0
  if [ "$rc" != "$want_rc" ]; then
    echo "FAIL $name: exit $rc, expected $want_rc"; cat "$WORK/$name.out" "$WORK/$name.err"; status=1
  elif ! diff -u "$WORK/$name.expected" "$WORK/$name.actual"; then
    echo "FAIL $name: findings differ"; status=1
  else
    echo "ok   $name ($(wc -l <"$WORK/$name.actual") findings)"
  fi
  count=$((count + 1))
done
[ $count -gt 0 ] || { echo "FAIL: no examples found"; status=1; }
exit $status
