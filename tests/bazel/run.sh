#!/usr/bin/env bash
# Tests torchlint's Bazel aspect (bazel/torchlint.bzl) on the example
# workspace beside this script, offline, with a prebuilt torchlint:
#
#   bash tests/bazel/run.sh [path/to/torchlint]   (default: build/torchlint)
#
# Exits 77 (skipped) when Bazel, LibTorch's headers or the binary are missing.
# Bazel is not part of scripts/bootstrap.sh; on Debian 12:
#   apt-get install -y bazel-bootstrap
#
# It builds a copy of the workspace in a throw-away folder under /tmp, with a
# throw-away --output_user_root, and shuts its Bazel server down at the end.
# What it checks:
#   1. buggy/labels_on_cpu.cpp's SARIF holds exactly the findings that
#      torchlint prints when run directly on examples/labels_on_cpu.cpp, and
#      those are the file's torchlint-expect line (torch-device-mismatch at
#      54:17); its fixes YAML holds the fix; the fixed sources' SARIFs hold
#      no result and no notification;
#   2. the target's own flags reach torchlint (aquery): -isystem for
#      `includes`, -D for `defines`/`local_defines`, copts, --cxxopt and
#      LibTorch's -isystem folders;
#   3. a second build runs no torchlint action;
#   4. editing a source re-runs only its action; editing a header re-runs
#      the sources that include it;
#   5. the reports come from a plain cacheable action: after `bazel clean`
#      a build with --disk_cache takes every report from the cache;
#   6. --@torchlint//bazel:fail_on_findings fails on findings only, and a
#      source torchlint cannot parse fails the build (exit status 2);
#   7. --@torchlint//bazel:cache_dir gives byte-identical reports.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"

skip() {
  echo "SKIP: $*"
  exit 77
}

command -v bazel >/dev/null 2>&1 ||
  skip "bazel is not installed (Debian 12: apt-get install -y bazel-bootstrap)"
[ -f /usr/include/torch/csrc/api/include/torch/torch.h ] ||
  skip "LibTorch's headers are not in /usr/include (apt-get install -y libtorch-dev)"
command -v jq >/dev/null 2>&1 || skip "jq is not installed"

torchlint="${1:-build/torchlint}"
case "$torchlint" in
  /*) ;;
  *) torchlint="$root/$torchlint" ;;
esac
[ -x "$torchlint" ] || skip "no torchlint binary at $torchlint (build it, or pass its path)"

tmp="$(mktemp -d /tmp/torchlint-bazel.XXXXXX)"
user_root="$tmp/bazel-root"
ws="$tmp/checkout/tests/bazel"

cleanup() {
  if [ -d "$ws" ]; then
    (cd "$ws" && bazel --output_user_root="$user_root" shutdown) >/dev/null 2>&1 || true
  fi
  chmod -R u+w "$tmp" 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT

# The workspace names torchlint's checkout "../..": a folder holding this
# repository's bazel/ (linked, so the aspect under test is the work tree's)
# and a copy of the example (copied, since the test edits it).
mkdir -p "$tmp/checkout/tests"
ln -s "$root/bazel" "$tmp/checkout/bazel"
cp -R "$here" "$ws"
rm -f "$ws/run.sh" "$ws"/bazel-*
# buggy/ builds the bundled example itself, not a copy kept in step by hand.
cp "$root/examples/labels_on_cpu.cpp" "$ws/buggy/labels_on_cpu.cpp"

failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}
pass() {
  echo "ok: $*"
}

# Debian's /etc/bazel/bazelrc turns --sandbox_debug on, which floods the log.
startup=(--output_user_root="$user_root" --nohome_rc --max_idle_secs=300)
flags=(
  --config=torchlint
  --nosandbox_debug
  --color=no
  --curses=no
  --noshow_progress
  --repo_env=TORCHLINT_BIN="$torchlint"
  # Every build fills this cache, as builds fill a shared remote cache.
  --disk_cache="$tmp/disk-cache"
)

log="$tmp/bazel.log"
# bz NAME ARGS...: a build whose output goes to $tmp/NAME.log and whose
# spawns go to $tmp/NAME.exec.json. Returns Bazel's exit status.
bz() {
  local name="$1"
  shift
  local rc=0
  (cd "$ws" && bazel "${startup[@]}" build "${flags[@]}" \
    --execution_log_json_file="$tmp/$name.exec.json" "$@") \
    >"$tmp/$name.log" 2>&1 || rc=$?
  grep -E "^INFO: ([0-9]+ process|Elapsed)" "$tmp/$name.log" | sed "s/^/  [$name] /" || true
  cat "$tmp/$name.log" >>"$log"
  return $rc
}

# The torchlint actions that ran (not those taken from a cache), as the
# sources they analysed, sorted.
ran() {
  jq -rs '.[] | select(.mnemonic == "Torchlint") | select(.remoteCacheHit != true)
          | .listedOutputs[] | select(endswith(".sarif"))' "$tmp/$1.exec.json" |
    sed -E 's|.*/bin/||; s|\.sarif$||' | sort | tr '\n' ' ' | sed 's/ $//'
}
cache_hits() {
  jq -s '[.[] | select(.mnemonic == "Torchlint") | select(.remoteCacheHit == true)] | length' \
    "$tmp/$1.exec.json"
}
must_build() {
  local name="$1"
  shift
  if ! bz "$name" "$@"; then
    echo "bazel build ($name) failed:"
    tail -n 40 "$tmp/$name.log"
    exit 1
  fi
}

echo "== first build"
started=$SECONDS
must_build first //...
echo "  first build: $((SECONDS - started)) s"
bin="$(cd "$ws" && bazel "${startup[@]}" info "${flags[@]}" bazel-bin 2>/dev/null)"
buggy_sarif="$bin/buggy/labels_on_cpu.torchlint/labels_on_cpu.cpp.sarif"
buggy_fixes="$bin/buggy/labels_on_cpu.torchlint/labels_on_cpu.cpp.fixes.yaml"
fixed_sarif="$bin/fixed/labels_on_cpu_fixed.torchlint/labels_on_cpu_fixed.cpp.sarif"
training_sarif="$bin/fixed/training.torchlint/training.cc.sarif"

all3="buggy/labels_on_cpu.torchlint/labels_on_cpu.cpp fixed/labels_on_cpu_fixed.torchlint/labels_on_cpu_fixed.cpp fixed/training.torchlint/training.cc"
sums_first="$(cd "$bin" && sha256sum */*.torchlint/*)"
got="$(ran first)"
[ "$got" = "$all3" ] && pass "first build ran torchlint on the 3 sources" ||
  fail "first build ran torchlint on [$got], expected [$all3]"

# 1. The findings: the SARIF's against torchlint's own on the original file.
sarif_findings() {
  jq -r '.runs[].results[] | "\(.ruleId) \(.locations[0].physicalLocation.artifactLocation.uri):\(.locations[0].physicalLocation.region.startLine):\(.locations[0].physicalLocation.region.startColumn)"' "$1" | sort
}
direct_rc=0
"$torchlint" --format=json --no-cache --quiet "$root/examples/labels_on_cpu.cpp" \
  >"$tmp/direct.json" 2>"$tmp/direct.err" || direct_rc=$?
[ "$direct_rc" = 1 ] || fail "torchlint run directly on examples/labels_on_cpu.cpp exited $direct_rc, expected 1: $(cat "$tmp/direct.err")"
direct="$(jq -r '.findings[] | "\(.rule) buggy/labels_on_cpu.cpp:\(.line):\(.column)"' "$tmp/direct.json" | sort)"
expect_line="$(sed -n 's|^// torchlint-expect: \([0-9]*\):\([0-9]*\): \(.*\)$|\3 buggy/labels_on_cpu.cpp:\1:\2|p' "$ws/buggy/labels_on_cpu.cpp")"
via_bazel="$(sarif_findings "$buggy_sarif")"
echo "  direct run:  ${direct//$'\n'/; }"
echo "  via Bazel:   ${via_bazel//$'\n'/; }"
[ "$via_bazel" = "$direct" ] && pass "the buggy source's SARIF has the findings of a direct run" ||
  fail "the buggy source's SARIF differs from a direct run"
[ "$via_bazel" = "$expect_line" ] && [ "$expect_line" = "torch-device-mismatch buggy/labels_on_cpu.cpp:54:17" ] &&
  pass "exactly one finding: torch-device-mismatch at 54:17" ||
  fail "expected exactly [torch-device-mismatch buggy/labels_on_cpu.cpp:54:17] (torchlint-expect: [$expect_line])"
grep -q "DiagnosticName: *torch-device-mismatch" "$buggy_fixes" &&
  grep -q "ReplacementText: *'.to(device)'" "$buggy_fixes" &&
  pass "the buggy source's fixes YAML holds the .to(device) fix" ||
  fail "the buggy source's fixes YAML lacks the fix: $(head -c 400 "$buggy_fixes")"
for s in "$fixed_sarif" "$training_sarif"; do
  n="$(jq '[.runs[].results[]] | length' "$s")"
  notes="$(jq '[.runs[].invocations[]?.toolExecutionNotifications[]?] | length' "$s")"
  ok="$(jq '[.runs[].invocations[]?.executionSuccessful] | all' "$s")"
  [ "$n" = 0 ] && [ "$notes" = 0 ] && [ "$ok" = true ] &&
    pass "${s#"$bin/"}: 0 results, 0 notifications" ||
    fail "${s#"$bin/"}: $n results, $notes notifications, executionSuccessful=$ok"
done
if grep -l "$tmp" "$bin"/*/*.torchlint/* >/dev/null 2>&1; then
  fail "a report holds the build's absolute paths: $(grep -l "$tmp" "$bin"/*/*.torchlint/*)"
else
  pass "no report holds the build's absolute paths"
fi
# The fixes apply from the workspace root (paths are /proc/self/cwd/...).
if command -v clang-apply-replacements-16 >/dev/null 2>&1; then
  mkdir -p "$tmp/fixes"
  cp "$buggy_fixes" "$tmp/fixes/"
  (cd "$ws" && clang-apply-replacements-16 "$tmp/fixes") &&
    grep -q "torch::kLong).to(device);" "$ws/buggy/labels_on_cpu.cpp" &&
    pass "clang-apply-replacements applies the exported fix from the workspace root" ||
    fail "clang-apply-replacements did not apply the fix"
  cp "$root/examples/labels_on_cpu.cpp" "$ws/buggy/labels_on_cpu.cpp"
fi

# The reports merge into one SARIF run (bazel/README.md's command).
"$torchlint" --merge $(find -L "$bin/" -path '*.torchlint/*' -name '*.sarif') \
  --format sarif --srcroot "$ws" -o "$tmp/merged.sarif" -q >/dev/null 2>>"$log" || true
[ "$(jq '.runs | length' "$tmp/merged.sarif")" = 1 ] &&
  [ "$(sarif_findings "$tmp/merged.sarif")" = "$via_bazel" ] &&
  [ "$(jq -r '.runs[0].originalUriBaseIds["%SRCROOT%"].uri' "$tmp/merged.sarif")" = "file://$ws/" ] &&
  pass "the 3 reports merge into one run with the one finding, rooted at the workspace" ||
  fail "merging the reports: $(jq -c '[.runs[] | .results | length]' "$tmp/merged.sarif")"

# 2. The flags: the aspect's command lines, as Bazel would run them.
(cd "$ws" && bazel "${startup[@]}" aquery "${flags[@]}" --include_aspects --output=jsonproto \
  'mnemonic("Torchlint", //...)') >"$tmp/aquery.json" 2>>"$log"
args_of() { # the arguments after "--" of the action on source $1, one a line
  jq -r --arg src "$1" '.actions[] | select(.mnemonic == "Torchlint")
      | select(.arguments | index($src)) | .arguments
      | .[(index("--") + 1):] | .[]' "$tmp/aquery.json"
}
has_flags() { # has_flags SOURCE FLAG...: each FLAG (one word or "-isystem DIR") is there
  local src="$1" args
  shift
  args=" $(args_of "$src" | tr '\n' ' ')"
  for f in "$@"; do
    case "$args" in
      *" $f "*) ;;
      *) echo "    $src: missing '$f'"; return 1 ;;
    esac
  done
}
lacks_flag() {
  ! args_of "$1" | grep -qxF -- "$2"
}
has_flags fixed/training.cc "-isystem fixed/include" -DEXAMPLE_EPOCHS=30 -DEXAMPLE_LOCAL_CHECK \
  -Wno-unused-parameter -std=c++17 "-isystem external/libtorch/include" \
  "-isystem external/libtorch/include/torch/csrc/api/include" "-iquote ." &&
  pass "training.cc: -isystem from includes, -D from defines and local_defines, copts, --cxxopt, LibTorch" ||
  fail "training.cc lacks flags of its target"
has_flags fixed/labels_on_cpu_fixed.cpp "-isystem fixed/include" -DEXAMPLE_EPOCHS=30 \
  "-isystem external/libtorch/include/torch/csrc/api/include" &&
  lacks_flag fixed/labels_on_cpu_fixed.cpp -DEXAMPLE_LOCAL_CHECK &&
  lacks_flag fixed/labels_on_cpu_fixed.cpp -Wno-unused-parameter &&
  pass "labels_on_cpu_fixed.cpp: its dependency's includes and defines, not its local_defines or copts" ||
  fail "labels_on_cpu_fixed.cpp has the wrong flags"
lacks_flag buggy/labels_on_cpu.cpp -fno-canonical-system-headers &&
  pass "no GCC-only flag reaches Clang" || fail "a GCC-only flag reaches torchlint"

# 3. Nothing to do the second time.
echo "== second build"
must_build second //...
got="$(ran second)"
[ -z "$got" ] && pass "second build ran no torchlint action" ||
  fail "second build ran torchlint on [$got]"
grep -qE "^INFO: [0-9]+ process(es)?: [0-9]+ internal\.$" "$tmp/second.log" &&
  pass "second build: internal processes only" || fail "second build executed processes"

# 4. Edits.
echo "== edit one source"
echo "// edited by tests/bazel/run.sh" >>"$ws/fixed/labels_on_cpu_fixed.cpp"
must_build edit_source //...
got="$(ran edit_source)"
want="fixed/labels_on_cpu_fixed.torchlint/labels_on_cpu_fixed.cpp"
[ "$got" = "$want" ] && pass "editing labels_on_cpu_fixed.cpp re-ran only its action" ||
  fail "editing labels_on_cpu_fixed.cpp re-ran [$got], expected [$want]"

echo "== edit a header"
echo "// edited by tests/bazel/run.sh" >>"$ws/fixed/include/example/training.h"
must_build edit_header //...
got="$(ran edit_header)"
want="fixed/labels_on_cpu_fixed.torchlint/labels_on_cpu_fixed.cpp fixed/training.torchlint/training.cc"
[ "$got" = "$want" ] && pass "editing training.h re-ran the two sources that include it" ||
  fail "editing training.h re-ran [$got], expected [$want]"

# 5. A cache shared the way a remote cache is: same keys, no local state.
echo "== disk cache"
(cd "$ws" && bazel "${startup[@]}" clean) >>"$log" 2>&1
must_build from_cache //...
got="$(ran from_cache)"
hits="$(cache_hits from_cache)"
[ -z "$got" ] && [ "$hits" = 3 ] && pass "after bazel clean: 3 reports from the disk cache, none re-made" ||
  fail "after bazel clean: ran [$got], $hits cache hits"
[ "$(sarif_findings "$buggy_sarif")" = "$via_bazel" ] &&
  pass "the cached report has the same findings" || fail "the cached report differs"

# 6. Findings failing the build; torchlint failing.
echo "== fail_on_findings"
if bz strict_buggy --@torchlint//bazel:fail_on_findings //buggy:all; then
  fail "--@torchlint//bazel:fail_on_findings: the buggy target built"
else
  grep -q "torchlint: findings in buggy/labels_on_cpu.cpp" "$tmp/strict_buggy.log" &&
    grep -q "labels_on_cpu.cpp:54:17: warning: .*\[torch-device-mismatch\]" "$tmp/strict_buggy.log" &&
    pass "--@torchlint//bazel:fail_on_findings fails the buggy target, naming the finding" ||
    fail "--@torchlint//bazel:fail_on_findings failed without saying why"
fi
bz strict_fixed --@torchlint//bazel:fail_on_findings //fixed:training &&
  pass "--@torchlint//bazel:fail_on_findings: a target without findings builds" ||
  fail "--@torchlint//bazel:fail_on_findings: a target without findings failed"

echo "== a source torchlint cannot parse"
mkdir -p "$ws/broken"
printf 'int main( {\n' >"$ws/broken/broken.cc"
printf 'cc_library(name = "broken", srcs = ["broken.cc"])\n' >"$ws/broken/BUILD.bazel"
if bz broken //broken:all; then
  fail "a source that does not parse built"
else
  grep -q "torchlint: could not analyse broken/broken.cc (exit status 2" "$tmp/broken.log" &&
    pass "a source that does not parse fails the build (exit status 2)" ||
    fail "the broken source failed without torchlint's reason: $(tail -n 20 "$tmp/broken.log")"
fi
rm -rf "$ws/broken"

# 7. The preamble cache: same reports, unsandboxed actions.
echo "== cache_dir"
must_build with_cache_dir --@torchlint//bazel:cache_dir="$tmp/preambles" //...
got="$(ran with_cache_dir)"
[ "$got" = "$all3" ] && pass "a new cache_dir re-runs the 3 actions (it is on their command line)" ||
  fail "with cache_dir: ran [$got]"
[ "$(sarif_findings "$buggy_sarif")" = "$via_bazel" ] && [ "$(sarif_findings "$fixed_sarif")" = "" ] &&
  pass "with cache_dir: the same findings" || fail "with cache_dir: different findings"
# Unsandboxed, elsewhere, with a preamble: byte for byte the same reports
# (the two edited sources excepted).
sums_now="$(cd "$bin" && sha256sum buggy/*.torchlint/*)"
[ "$sums_now" = "$(grep " buggy/" <<<"$sums_first")" ] &&
  pass "with cache_dir: the buggy source's reports are byte-identical to the first build's" ||
  fail "with cache_dir: the reports differ from the first build's"
ls "$tmp/preambles"/preamble-*.pch >/dev/null 2>&1 &&
  pass "with cache_dir: preambles kept in $tmp/preambles" || fail "with cache_dir: no preamble written"

echo
if [ "$failures" -gt 0 ]; then
  echo "tests/bazel/run.sh: $failures check(s) failed; Bazel's output is in $log (kept)"
  trap - EXIT
  (cd "$ws" && bazel "${startup[@]}" shutdown) >/dev/null 2>&1 || true
  exit 1
fi
echo "tests/bazel/run.sh: all checks passed"
