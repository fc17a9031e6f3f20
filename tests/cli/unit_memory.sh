# --unit-memory bounds each worker: a unit that needs more fails alone, with
# the reason, and the audit finishes.
. "$(dirname "$0")/lib.sh"
for f in discarded clean; do input $f.cpp; done

# The size is checked in every build.
tl --unit-memory lots clean.cpp
expect_rc 2
expect_contains "$ERR" "torchlint: error: --unit-memory 'lots': expected auto, none or a size such as 4G" "bad --unit-memory"

# The bound is RLIMIT_AS, and AddressSanitizer reserves terabytes of address
# space for its shadow memory at start-up, so an ASan build cannot enforce any
# bound and leaves it off (src/units/WorkerPool.cpp). Only an ASan runtime
# answers ASAN_OPTIONS=help=1 with its flags.
ASAN_HELP=$(ASAN_OPTIONS=help=1 "$TORCHLINT" --version 2>&1 || true)
case "$ASAN_HELP" in *"Available flags for AddressSanitizer"*)
  skip "an AddressSanitizer build does not enforce --unit-memory" ;;
esac
# Parsing LibTorch without a preamble takes far more than 400 MiB.
tl -j2 --no-cache --unit-memory 400M --format json -o mem.json discarded.cpp clean.cpp
expect_rc 2
expect_eq "$(jq -r '.summary.failures[].message' mem.json)" \
  "analysing '$WORK/clean.cpp' needed more than 400 MiB of memory and was stopped (--unit-memory); the other units are unaffected
analysing '$WORK/discarded.cpp' needed more than 400 MiB of memory and was stopped (--unit-memory); the other units are unaffected" \
  "memory limit"
# The default leaves a normal unit alone.
tl -j2 --unit-memory auto clean.cpp
expect_rc 0
exit 0
