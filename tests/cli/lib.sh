# Shared helpers of the CLI shell tests. Each test sources this file, works in
# a fresh temporary folder and fails with a message on the first broken
# expectation. Exit 77 means "skipped" (CTest SKIP_RETURN_CODE). Any other
# failing step fails the test too (set -e, pipefail), and a glob that
# matches nothing expands to nothing (nullglob), never to itself.
set -euo pipefail
shopt -s nullglob
: "${TORCHLINT:?set TORCHLINT to the torchlint binary}"
: "${TL_INPUTS:?set TL_INPUTS to tests/cli/inputs}"
TL_CACHE=${TL_CACHE:-/tmp/torchlint-test-cache}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/torchlint-test.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
cd "$WORK" || exit 1
# No repository above the temporary folder decides the source root.
export GIT_CEILING_DIRECTORIES=$(dirname "$WORK")

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

skip() {
  echo "SKIP: $*" >&2
  exit 77
}

# tl ARGS...: runs torchlint with the shared preamble cache; sets RC, OUT, ERR.
# Safe under set -e: a non-zero status is recorded, not fatal.
tl() {
  RC=0
  "$TORCHLINT" --cache-dir "$TL_CACHE" --color never "$@" >"$WORK/.out" 2>"$WORK/.err" || RC=$?
  OUT=$(cat "$WORK/.out")
  ERR=$(cat "$WORK/.err")
}

expect_rc() {
  [ "$RC" -eq "$1" ] || fail "exit status $RC, expected $1; stdout:
$OUT
stderr:
$ERR"
}

expect_eq() { # ACTUAL EXPECTED WHAT
  [ "$1" == "$2" ] || fail "$3: got '$1', expected '$2'"
}

expect_contains() { # HAYSTACK NEEDLE WHAT
  case "$1" in *"$2"*) ;; *) fail "$3: '$2' not in:
$1" ;; esac
}

# input NAME [DEST]: copies a test input into the work folder.
input() {
  cp "$TL_INPUTS/$1" "${2:-$WORK/$1}"
}
