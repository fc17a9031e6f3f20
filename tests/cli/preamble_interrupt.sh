# Ctrl-C during the first run (issue 39): an interrupt is not a failed build,
# the lock dies with its process (an OS file lock), temporary files go, the
# next run builds the preamble at once and says so, and a run that waits for
# another process's build or goes without its preamble says that too.
. "$(dirname "$0")/lib.sh"
input discarded.cpp main.cpp
C=$WORK/cache
FINDING="main.cpp:6:5: warning: result of 't.to(torch::kCPU)' is discarded"
# tlc ARGS...: torchlint with this test's own, fresh preamble cache.
tlc() {
  RC=0
  "$TORCHLINT" --cache-dir "$C" --color never "$@" >"$WORK/.out" 2>"$WORK/.err" || RC=$?
  OUT=$(cat "$WORK/.out")
  ERR=$(cat "$WORK/.err")
}
# The first run, in its own process group as a terminal's job is; Ctrl-C
# sends SIGINT to the whole group once the preamble build has begun.
setsid "$TORCHLINT" --cache-dir "$C" --color never main.cpp >run1.out 2>run1.err &
PID=$!
for _ in $(seq 1 600); do
  [ -n "$(find "$C" -name 'preamble-*.lock' 2>/dev/null)" ] && break
  sleep 0.1
done
[ -n "$(find "$C" -name 'preamble-*.lock' 2>/dev/null)" ] || fail "no preamble build began: $(cat run1.err)"
sleep 2
kill -INT -- -"$PID"
RC=0
wait "$PID" || RC=$?
[ "$RC" -ne 0 ] || fail "the interrupted run exited 0"
expect_contains "$(cat run1.err)" "torchlint: building the shared LibTorch preamble $C/preamble-" \
  "the first run says what it waits for"
# (find, not ls: the suite's nullglob would make an unmatched ls list ".")
[ -z "$(find "$C" -name '*.failed')" ] || fail "the interrupt was recorded as a failed build: $(ls "$C")"
[ -z "$(find "$C" -name '*.tmp-*')" ] || fail "temporary files left: $(ls "$C")"
# The dead run's lock file may stay; nobody holds its lock. The next run
# builds at once (no five-minute wait), uses its preamble and finds the bug.
SECONDS=0
tlc -v main.cpp
expect_rc 1
expect_contains "$OUT" "$FINDING" "second run"
expect_contains "$ERR" "torchlint: building the shared LibTorch preamble $C/preamble-" "second run builds"
expect_contains "$ERR" "using the preamble $C/preamble-" "second run uses it"
case "$ERR" in *waiting*) fail "second run waited on a dead lock: $ERR" ;; esac
[ "$SECONDS" -lt 280 ] || fail "second run took $SECONDS s"
PCH=$(find "$C" -name 'preamble-*.pch')
KEY=${PCH%.pch}

# Another process holds the lock (flock(1), as a running build would) and
# the preamble is missing: the run says it waits, then takes the preamble
# the holder leaves.
mv "$PCH" "$WORK/saved.pch"
flock "$KEY.lock" sh -c "sleep 3; mv '$WORK/saved.pch' '$PCH'" &
HOLDER=$!
sleep 0.5
tlc main.cpp
wait "$HOLDER"
expect_rc 1
expect_contains "$ERR" "torchlint: waiting for another torchlint process to build the shared LibTorch preamble $PCH" "waiting said"
expect_contains "$OUT" "$FINDING" "after the wait"

# A build that failed minutes ago: the unit goes without the preamble and
# says so, without -v.
mv "$PCH" "$WORK/saved.pch"
echo "error: planted" >"$KEY.failed"
tlc main.cpp
expect_rc 1
expect_contains "$ERR" "torchlint: $WORK/main.cpp: parsed without the shared LibTorch preamble (slower): building its preamble failed minutes ago (see $KEY.failed)" "going without said"
exit 0
