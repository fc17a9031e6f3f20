#!/usr/bin/env bash
# Issue 40: a torchlint built against one LLVM major version reports exactly
# what one built against another reports. Runs both over the same files and
# compares the diagnostics (file, line, column, severity, message [rule]),
# notes included, as sets.
#
#   same_findings.sh <torchlint> <reference-torchlint> <work-dir> <path>...
#
# A path that does not exist is skipped with a line saying so (the shared
# case sets live beside the checkout, not in it). Each binary gets its own
# preamble cache: a precompiled preamble belongs to one Clang version.
set -euo pipefail

TORCHLINT=$1 REFERENCE=$2 WORK=$3
shift 3
rm -rf "$WORK"
mkdir -p "$WORK"

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

PATHS=()
for P in "$@"; do
  if [[ -e $P ]]; then
    PATHS+=("$(realpath "$P")")
  else
    echo "skipped (not here): $P"
  fi
done
((${#PATHS[@]} > 0)) || fail "nothing to compare"

# Keeps the diagnostic lines of clang-style output, sorted and unique.
diagnostics() {
  grep -E '^[^ ].*:[0-9]+:[0-9]+: (warning|error|note|remark): ' "$1" |
    LC_ALL=C sort -u || true
}

# One folder at a time, so that each unit's project is what a user running
# torchlint on that folder would get (the case sets are one program a file
# but examples/ and tests/cases share nothing either way).
for Bin in "$TORCHLINT" "$REFERENCE"; do
  Name=ref; [[ $Bin == "$TORCHLINT" ]] && Name=new
  START=$SECONDS
  for P in "${PATHS[@]}"; do
    # Exit 1 means findings; 2 a unit that could not be analysed, which
    # shows up in the comparison as an error line.
    "$Bin" -q --color never --cache-dir "$WORK/cache-$Name" "$P" \
      >>"$WORK/$Name.out" 2>>"$WORK/$Name.err" || true
  done
  diagnostics "$WORK/$Name.out" >"$WORK/$Name.set"
  echo "$Bin ($("$Bin" --version 2>&1 | head -1)): $(grep -c ': warning: ' "$WORK/$Name.set" || true) warnings, $(wc -l <"$WORK/$Name.set") lines, $((SECONDS - START)) s"
done

A=ref B=new
if ! diff -u "$WORK/$A.set" "$WORK/$B.set"; then
  fail "findings differ (- $REFERENCE, + $TORCHLINT)"
fi
(($(wc -l <"$WORK/$A.set") > 0)) || fail "neither binary found anything"
echo "PASS: $(wc -l <"$WORK/$A.set") diagnostic lines agree over ${#PATHS[@]} paths"
