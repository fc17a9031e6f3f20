#!/usr/bin/env bash
# Builds the fuzz targets (tests/fuzz) with Clang's libFuzzer, AddressSanitizer
# and UndefinedBehaviorSanitizer, and runs each for a while.
#
#   scripts/fuzz.sh [seconds-per-target] [target...]
#
# Targets: config compile_commands baseline line_filter nolint analysis (all by
# default); 60 seconds each by default, and 0 replays the seed corpus and the
# kept crashers once, under the sanitizers, without fuzzing. The build goes to $TORCHLINT_FUZZ_BUILD
# (build-fuzz); new corpus entries, crashes and logs to $TORCHLINT_FUZZ_WORK
# ($TORCHLINT_FUZZ_BUILD/fuzz-work), never into the repository: a crash worth
# keeping is copied into tests/fuzz/crashers/<target>/ by hand, with its fix.
# Needs clang-16 and libclang-rt-16-dev (libFuzzer and the sanitizers'
# runtimes). TORCHLINT_FUZZ_SKIP_BUILD=1 runs the targets already built (two
# runs side by side must not build at once). Exits 1 when a target found a crash, leak or timeout.
set -euo pipefail
cd "$(dirname "$0")/.."
src=$PWD

seconds=${1:-60}
[ $# -gt 0 ] && shift
all=(config compile_commands baseline line_filter nolint analysis)
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${all[@]}")
build=${TORCHLINT_FUZZ_BUILD:-$src/build-fuzz}
work=${TORCHLINT_FUZZ_WORK:-$build/fuzz-work}

for t in "${targets[@]}"; do
  [[ " ${all[*]} " == *" $t "* ]] || { echo "unknown target '$t' (known: ${all[*]})" >&2; exit 2; }
done
if [ ! -e /usr/lib/llvm-16/lib/clang/16/lib/linux/libclang_rt.fuzzer-x86_64.a ]; then
  echo "libFuzzer is missing: apt-get install libclang-rt-16-dev" >&2
  exit 2
fi

# vptr is off, as in the sanitizer build (CMakeLists.txt): it would check
# objects made by Debian's uninstrumented libclang-cpp. The libraries
# get coverage instrumentation (fuzzer-no-link); only the targets link
# libFuzzer itself. UBSan stops at the first report, so it counts as a crash.
flags="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize=vptr"
flags+=" -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
if [ -n "${TORCHLINT_FUZZ_SKIP_BUILD:-}" ]; then
  echo "== using the targets already built in $build"
else
  echo "== configuring $build"
  cmake -S "$src" -B "$build" -G Ninja \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_COMPILER=clang-16 -DCMAKE_CXX_COMPILER=clang++-16 \
    -DCMAKE_CXX_FLAGS="$flags" \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only" \
    -DTORCHLINT_FUZZ=ON -DTORCHLINT_BUILD_TESTS=ON -DTORCHLINT_TEST_HOOKS=OFF \
    -DTORCHLINT_BUILD_TIDY_PLUGIN=OFF >/dev/null
  echo "== building ${targets[*]}"
  cmake --build "$build" --target "${targets[@]/#/torchlint_fuzz_}"
fi

dict_of() {
  case $1 in
    config) echo config ;;
    nolint) echo nolint ;;
    analysis) echo analysis ;;
    *) echo json ;;
  esac
}

# The analysis target's preamble of torch/torch.h, built on its first run.
export TORCHLINT_FUZZ_CACHE=$work/preamble-cache
# Clang's frontend frees some memory only at exit, and libclang-cpp is not
# instrumented: container annotations across it would be false reports.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_container_overflow=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}

failed=0
summary=()
for t in "${targets[@]}"; do
  out=$work/$t
  mkdir -p "$out/corpus" "$out/artifacts"
  log=$out/fuzz.log
  extra=()
  timeout=10
  seeds=()
  [ -d "$src/tests/fuzz/corpus/$t" ] && seeds+=("$src/tests/fuzz/corpus/$t")
  # Repository files that serve as seeds uncopied (tests/fuzz/<target>.seeds).
  if [ -f "$src/tests/fuzz/$t.seeds" ]; then
    extra+=("-seed_inputs=$(grep -v '^#' "$src/tests/fuzz/$t.seeds" |
      sed "s|^|$src/|" | paste -sd, -)")
  fi
  if [ "$t" = analysis ]; then
    timeout=60
    extra+=(-detect_leaks=0)
  fi
  [ "$t" = compile_commands ] && extra+=(-detect_leaks=0)
  echo "== fuzzing $t for ${seconds}s (log: $log)"
  if [ "$seconds" = 0 ]; then
    extra+=(-runs=0)
  else
    extra+=(-max_total_time="$seconds")
  fi
  set +e
  "$build/tests/fuzz/torchlint_fuzz_$t" \
    -timeout="$timeout" -rss_limit_mb=6144 \
    -print_final_stats=1 -dict="$src/tests/fuzz/dicts/$(dict_of "$t").dict" \
    -artifact_prefix="$out/artifacts/" "${extra[@]}" \
    "$out/corpus" "${seeds[@]}" "$src/tests/fuzz/crashers/$t" \
    >"$log" 2>&1
  rc=$?
  set -e
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  cov=$(grep -aEo 'cov: [0-9]+ ft: [0-9]+' "$log" | tail -1)
  crashes=$(find "$out/artifacts" -type f | wc -l)
  summary+=("$t: rc $rc, ${runs:-?} executions (${rate:-?}/s), ${cov:-no coverage line}, $crashes artifact(s) in $out/artifacts")
  if [ "$rc" -ne 0 ] || [ "$crashes" -gt 0 ]; then
    failed=1
    grep -aE '^(==[0-9]+==ERROR|SUMMARY|.*runtime error|torchlint fuzz:)' "$log" | head -5 || true
  fi
done

echo "== summary"
printf '%s\n' "${summary[@]}"
exit $failed
