#!/usr/bin/env bash
# The text output is clang's own: location, message with the rule id, source
# line, caret, fix-it line, notes, and the macro backtrace note.
# Usage: text_output.sh <torchlint> <cache-dir> <work-dir> <source-dir>
set -u
TL=$1 CACHE=$2 WORK=$3 SRC=$(cd "$4" && pwd)
IN=$SRC/tests/frontend/inputs
rm -rf "$WORK" && mkdir -p "$WORK"
cp "$IN/text_output.cpp" "$WORK/text_output.cpp"
cd "$WORK"
"$TL" --cache-dir "$CACHE" --color=never text_output.cpp >raw.txt 2>stderr.txt
rc=$?
# Paths are absolute; the golden file has them relative to the work folder.
sed "s|$WORK/||g" raw.txt >actual.txt
status=0
[ $rc = 1 ] || { echo "FAIL: exit $rc, expected 1"; status=1; }
diff -u "$IN/text_output.expected" actual.txt || { echo "FAIL: text output differs"; status=1; }
grep -q "^torchlint: 3 findings in 1 of 1 analysed file in " stderr.txt ||
  { echo "FAIL: summary line:"; cat stderr.txt; status=1; }
"$TL" --cache-dir "$CACHE" --quiet text_output.cpp 2>quiet.txt >/dev/null
[ ! -s quiet.txt ] || { echo "FAIL: --quiet printed to stderr:"; cat quiet.txt; status=1; }
[ $status = 0 ] && echo "text output matches"
exit $status
