# A unit that crashes or hangs is reported for that unit; the audit goes on.
. "$(dirname "$0")/lib.sh"
for f in discarded two_moves clean; do input $f.cpp; done

# The crash and hang hooks exist only in test builds (TORCHLINT_TEST_HOOKS).
"$TORCHLINT" --crash-on none --version >/dev/null 2>&1 ||
  skip "torchlint was built without TORCHLINT_TEST_HOOKS"
# AddressSanitizer's own SEGV handler would report the fault and exit with
# status 1; the test is about the signal, so ASan builds leave it to LLVM's.
ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}handle_segv=0 \
  tl -j2 --crash-on two_moves.cpp .
expect_rc 2
expect_contains "$ERR" "torchlint crashed (signal 11: Segmentation fault) while analysing '$WORK/two_moves.cpp'" "crash reported"
expect_contains "$OUT" "discarded.cpp:6:5: warning" "other units still reported"
expect_contains "$ERR" "in 1 of 2 analysed files (1 not analysed)" "summary"
tl -j2 --hang-on discarded.cpp --unit-timeout 2 --format json -o r.json .
expect_rc 2
expect_eq "$(jq -r '.summary.failures[0].message' r.json)" \
  "analysing '$WORK/discarded.cpp' took longer than 2 s and was stopped (--unit-timeout)" "timeout"
expect_eq "$(jq '.findings | length' r.json)" 2 "findings of the other units"
# A parent that ignores SIGCHLD (some CI runners and process managers) has
# its children reaped for it: waitpid says ECHILD. The results the workers
# left are still used, nothing waits for a timeout, and no pid is signalled.
RC=0
timeout 120 bash -c 'trap "" CHLD; exec "$0" --cache-dir "$1" --color never -j2 --unit-timeout 60 "$2"' \
  "$TORCHLINT" "$TL_CACHE" "$WORK" >"$WORK/.out" 2>"$WORK/.err" || RC=$?
OUT=$(cat "$WORK/.out"); ERR=$(cat "$WORK/.err")
expect_rc 1
expect_contains "$OUT" "discarded.cpp:6:5: warning" "findings with SIGCHLD ignored"
expect_contains "$ERR" "in 2 of 3 analysed files" "every unit analysed with SIGCHLD ignored"
exit 0
