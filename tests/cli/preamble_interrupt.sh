# Ctrl-C during the first run (issue 39): the run says "interrupted" and
# exits 130; an interrupt is not a failed build; the lock dies with its
# process (a kernel lock), temporary files go, workers end with their run;
# the next run builds the preamble at once and says so; a run that waits for
# another process's build names that live process, never one of its own
# workers nor a dead pid left in the lock file; a run that goes without its
# preamble says so.
. "$(dirname "$0")/lib.sh"
input discarded.cpp main.cpp
input discarded.cpp main2.cpp
C=$WORK/cache
FINDING="main.cpp:6:5: warning: result of 't.to(torch::kCPU)' is discarded"
# tlc ARGS...: torchlint with this test's own, fresh preamble cache.
tlc() {
  RC=0
  "$TORCHLINT" --cache-dir "$C" --color never "$@" >"$WORK/.out" 2>"$WORK/.err" || RC=$?
  OUT=$(cat "$WORK/.out")
  ERR=$(cat "$WORK/.err")
}
# wait_for FILE TEXT: until FILE holds TEXT (a minute at most).
wait_for() {
  for _ in $(seq 1 600); do
    grep -qF "$2" "$1" 2>/dev/null && return 0
    sleep 0.1
  done
  fail "'$2' never came in $1: $(cat "$1")"
}
BUILDING="torchlint: building the shared LibTorch preamble $C/preamble-"

# The first run, in its own process group as a terminal's job is; Ctrl-C
# sends SIGINT to the whole group once the preamble build has begun.
setsid "$TORCHLINT" --cache-dir "$C" --color never main.cpp >run1.out 2>run1.err &
PID=$!
wait_for run1.err "$BUILDING"
sleep 2
kill -INT -- -"$PID"
RC=0
wait "$PID" || RC=$?
expect_rc 130
expect_eq "$(tail -n 1 run1.err)" "torchlint: interrupted" "the interrupted run's last line"
# (find, not ls: the suite's nullglob would make an unmatched ls list ".")
[ -z "$(find "$C" -name '*.failed')" ] || fail "the interrupt was recorded as a failed build: $(ls "$C")"
[ -z "$(find "$C" -name '*.tmp-*')" ] || fail "temporary files left: $(ls "$C")"

# The dead run's lock file may stay; nobody holds its lock. The next run
# builds at once (no five-minute wait), uses its preamble and finds the bug.
# Its two workers want the same preamble: one builds, the other waits for
# it, and nothing calls that worker another torchlint process.
SECONDS=0
tlc -v -j2 main.cpp main2.cpp
expect_rc 1
expect_contains "$OUT" "$FINDING" "second run"
expect_eq "$(grep -c "^$BUILDING" <<<"$ERR")" 1 "second run builds once"
expect_contains "$ERR" "using the preamble $C/preamble-" "second run uses it"
expect_eq "$(grep -c "main2\{0,1\}\.cpp: waiting for this run's worker (pid [0-9]*), which is building the shared LibTorch preamble for these flags" <<<"$ERR")" 1 "the other worker's wait, under -v"
case "$ERR" in *"another torchlint process"*) fail "a worker of the run was called another process: $ERR" ;; esac
[ "$SECONDS" -lt 280 ] || fail "second run took $SECONDS s"
PCH=$(find "$C" -name 'preamble-*.pch')
FLAGS=$(basename "$PCH" .pch)
FLAGS=${FLAGS%-*}
LOCK=$C/$FLAGS.lock

# Interrupted with the signal to the run alone (`kill -INT`, not a
# terminal's Ctrl-C): it says so, exits 130, and its workers end with it.
mv "$PCH" "$WORK/saved.pch"
"$TORCHLINT" --cache-dir "$C" --color never main.cpp >run3.out 2>run3.err &
PID=$!
wait_for run3.err "$BUILDING"
sleep 1
kill -INT "$PID"
RC=0
wait "$PID" || RC=$?
expect_rc 130
expect_eq "$(tail -n 1 run3.err)" "torchlint: interrupted" "interrupted alone"
for _ in $(seq 1 50); do
  pgrep -f -- "--cache-dir $C" >/dev/null || break
  sleep 0.1
done
! pgrep -f -- "--cache-dir $C" >/dev/null || fail "a worker outlived its run: $(pgrep -af -- "--cache-dir $C")"
[ -z "$(find "$C" -name '*.tmp-*')" ] || fail "temporary files left: $(ls "$C")"
# The lock file names the dead worker: the next run neither waits on nor
# names it.
# (A zombie not yet reaped by init counts as dead: it holds no lock.)
DEAD=$(cat "$LOCK")
alive() { [ -e "/proc/$1" ] && ! grep -q ') Z ' "/proc/$1/stat" 2>/dev/null; }
for _ in $(seq 1 50); do alive "$DEAD" || break; sleep 0.1; done
! alive "$DEAD" || fail "the lock file names a live process $DEAD"
tlc main.cpp
expect_rc 1
expect_contains "$OUT" "$FINDING" "after the interrupted build"
expect_contains "$ERR" "$BUILDING" "builds at once"
case "$ERR" in *waiting*) fail "waited on a dead process: $ERR" ;; esac

# Another process holds the lock (a POSIX lock, as a running build's) and
# the preamble is missing: the run says it waits, naming that process, then
# takes the preamble the holder leaves.
mv "$PCH" "$WORK/saved.pch"
python3 -c '
import fcntl, os, sys, time
with open(sys.argv[1], "a") as f:
    fcntl.lockf(f, fcntl.LOCK_EX)
    open(sys.argv[4], "w").close()
    time.sleep(3)
    os.rename(sys.argv[2], sys.argv[3])
' "$LOCK" "$WORK/saved.pch" "$PCH" "$WORK/locked" &
HOLDER=$!
for _ in $(seq 1 100); do [ -e "$WORK/locked" ] && break; sleep 0.1; done
tlc main.cpp
wait "$HOLDER"
expect_rc 1
expect_eq "$(grep -c waiting <<<"$ERR")" 1 "one wait said"
expect_contains "$ERR" "torchlint: waiting for another torchlint process (pid $HOLDER), which is building the shared LibTorch preamble for these flags (it holds $LOCK)" "waiting said"
expect_contains "$OUT" "$FINDING" "after the wait"

# A build that failed minutes ago: the unit goes without the preamble and
# says so, without -v.
mv "$PCH" "$WORK/saved.pch"
echo "error: planted" >"${PCH%.pch}.failed"
tlc main.cpp
expect_rc 1
expect_contains "$ERR" "torchlint: $WORK/main.cpp: parsed without the shared LibTorch preamble (slower): building its preamble failed minutes ago (see ${PCH%.pch}.failed)" "going without said"
exit 0
