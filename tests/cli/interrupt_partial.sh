# Ctrl-C after some files finished: their findings are printed before the
# run exits 130, with a line saying how many finished; the unit still
# running is ended and not reported. Before, everything finished was
# dropped and only "torchlint: interrupted" was said.
. "$(dirname "$0")/lib.sh"
"$TORCHLINT" --crash-on none --version >/dev/null 2>&1 ||
  skip "torchlint was built without TORCHLINT_TEST_HOOKS"
input discarded.cpp a.cpp
input clean.cpp z.cpp
# wait_for FILE TEXT: until FILE holds TEXT (five minutes at most: a cold
# preamble cache builds LibTorch's preamble first).
wait_for() {
  for _ in $(seq 1 3000); do
    grep -qF "$2" "$1" 2>/dev/null && return 0
    sleep 0.1
  done
  fail "'$2' never came in $1: $(cat "$1")"
}
# z.cpp hangs (the test hook); a.cpp finishes. Ctrl-C reaches the whole
# process group, as a terminal sends it.
setsid "$TORCHLINT" --cache-dir "$TL_CACHE" --color never -j 2 --hang-on z.cpp \
  a.cpp z.cpp >run.out 2>run.err &
PID=$!
wait_for run.err "] $WORK/a.cpp"
kill -INT -- -"$PID"
RC=0
wait "$PID" || RC=$?
OUT=$(cat run.out)
ERR=$(cat run.err)
expect_rc 130
expect_contains "$OUT" "$WORK/a.cpp:6:5: warning: result of 't.to(torch::kCPU)' is discarded" "the finished file's finding"
expect_contains "$ERR" "torchlint: note: 1 of 2 files finished before the signal; their findings are above (one that a file not analysed would decide may be missing)" "what finished"
expect_eq "$(tail -n 1 run.err)" "torchlint: interrupted" "the last line"
case "$ERR" in *crashed*) fail "the stopped worker was reported as a crash: $ERR" ;; esac
# The signal to the run alone (`kill -INT`): the same.
"$TORCHLINT" --cache-dir "$TL_CACHE" --color never -j 2 --hang-on z.cpp \
  --format json -o report.json a.cpp z.cpp >run2.out 2>run2.err &
PID=$!
wait_for run2.err "] $WORK/a.cpp"
kill -INT "$PID"
RC=0
wait "$PID" || RC=$?
expect_rc 130
expect_contains "$(cat run2.out)" "$WORK/a.cpp:6:5: warning" "text findings beside --format json"
expect_contains "$(cat run2.err)" "torchlint: note: 1 of 2 files finished before the signal; their findings are above (one that a file not analysed would decide may be missing); no report, fix or baseline was written: it would look complete" "no JSON report"
[ ! -e report.json ] || fail "an interrupted run wrote report.json"
exit 0
