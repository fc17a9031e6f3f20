# .clang-tidy files: looked up from each file upward, InheritParentConfig,
# CheckOptions (Severity), --config-file and --dump-config.
. "$(dirname "$0")/lib.sh"
mkdir -p proj/sub proj/other
input discarded.cpp proj/top.cpp
input discarded.cpp proj/sub/inner.cpp
input discarded.cpp proj/other/third.cpp
cat > proj/.clang-tidy <<'YAML'
Checks: '-*,bugprone-*,torch-hardcoded-device'
CheckOptions:
  - key: torch-discarded-move.Severity
    value: error
  - key: readability-identifier-naming.ClassCase
    value: CamelCase
YAML
cat > proj/sub/.clang-tidy <<'YAML'
InheritParentConfig: true
Checks: torch-discarded-move
YAML
# No InheritParentConfig: the parent's -* and Severity do not apply.
cat > proj/other/.clang-tidy <<'YAML'
Checks: 'torch-*'
YAML
tl proj/top.cpp
expect_rc 0
tl proj/sub/inner.cpp
expect_rc 1
expect_contains "$OUT" "inner.cpp:6:5: error: result of" "inherited Severity option"
tl proj/other/third.cpp
expect_rc 1
expect_contains "$OUT" "third.cpp:6:5: warning: result of" "own config only"
# One run, three configurations.
tl --format json proj
expect_eq "$(echo "$OUT" | jq -c '[.findings[] | [(.file | split("/") | last), .severity]]')" \
  '[["third.cpp","warning"],["inner.cpp","error"]]' "per-file configuration (sorted inputs)"
# The command line comes after the files.
tl --checks=torch-discarded-move proj/top.cpp
expect_rc 1
tl --config-file proj/other/.clang-tidy proj/top.cpp
expect_rc 1
tl --dump-config proj/sub/inner.cpp
expect_rc 0
# clang-tidy's own writer (configurationAsText), after the files it read.
expect_contains "$OUT" "# from $WORK/proj/.clang-tidy
# from $WORK/proj/sub/.clang-tidy
# torch-* rules as the Checks of $WORK/proj/sub/.clang-tidy say
---
Checks:          'torch-*,-*,bugprone-*,torch-hardcoded-device,torch-discarded-move'" "dumped checks"
expect_contains "$OUT" "  torch-discarded-move.Severity: error" "dumped option"
# What it writes reads back as the same configuration.
tl --dump-config proj/sub/inner.cpp
printf '%s\n' "$OUT" | grep -v '^# from' >dumped.yaml
tl --config-file dumped.yaml --dump-config proj/sub/inner.cpp
expect_contains "$OUT" "Checks:          'torch-*,torch-*,-*,bugprone-*,torch-hardcoded-device,torch-discarded-move'" \
  "the dump read back (torchlint's default glob comes first again)"
echo "Checks: [broken" > proj/other/.clang-tidy
tl proj/other/third.cpp
expect_rc 2
expect_contains "$ERR" "proj/other/.clang-tidy" "config error names the file"
# HeaderFilterRegex / --header-filter: user headers are reported unless a
# filter excludes them; excluded ones count as filtered.
mkdir hdr && input helper.h hdr/helper.h && input uses_helper.cpp hdr/uses_helper.cpp
tl hdr/uses_helper.cpp
expect_rc 1
expect_contains "$OUT" "helper.h:6:5: warning: result of 't.cpu()'" "header finding"
tl --header-filter='nomatch' hdr/uses_helper.cpp
expect_rc 0
expect_contains "$ERR" "1 outside the line/header filter" "filtered header"
echo "HeaderFilterRegex: 'hdr/.*'" > hdr/.clang-tidy
tl hdr/uses_helper.cpp
expect_rc 1
# A program that names the GPU without asking, and nothing shows the
# project needs CUDA: by default (RequiresCuda: auto) the classic, reported.
# A build that declares CUDA (CMake's LANGUAGES CUDA, find_package(CUDA
# REQUIRED), a .cu source beside it) shows the design: silent. A comment
# naming CUDA is no declaration. RequiresCuda: false reports them all; true
# turns the rule off for the project.
mkdir -p cudaproj
input cuda_only.cpp cudaproj/main.cpp
tl cudaproj/main.cpp
expect_rc 1
expect_eq "$(echo "$OUT" | grep -c 'torch-hardcoded-device')" 2 "CUDA-only program, nothing shows it, RequiresCuda auto"
# evidence DIR FILE TEXT: the CUDA-only program in DIR/src/main.cpp, with
# TEXT written to DIR/FILE beside the build's root; sets OUT and RC.
evidence() {
  mkdir -p "$1/src"
  input cuda_only.cpp "$1/src/main.cpp"
  printf "$3" >"$1/$2"
  tl "$1/src/main.cpp"
}
evidence cmakecuda CMakeLists.txt 'cmake_minimum_required(VERSION 3.18)\nproject(renderer LANGUAGES CXX CUDA)\nadd_subdirectory(src)\n'
expect_rc 0
expect_eq "$OUT" "" "CMake declares CUDA"
evidence findcuda CMakeLists.txt 'project(tracker)\nfind_package(CUDAToolkit 11 REQUIRED)\n'
expect_rc 0
expect_eq "$OUT" "" "CMake requires the CUDA toolkit"
evidence kernels src/render.cu '__global__ void k() {}\n'
expect_rc 0
expect_eq "$OUT" "" "a .cu source beside it"
evidence commented CMakeLists.txt 'project(demo LANGUAGES CXX) # LANGUAGES CXX CUDA once kernels land\n'
expect_rc 1
expect_eq "$(echo "$OUT" | grep -c 'torch-hardcoded-device')" 2 "CUDA only in a CMake comment"
cat > cudaproj/.clang-tidy <<'YAML'
CheckOptions:
  - key: torch-hardcoded-device.RequiresCuda
    value: false
YAML
tl cudaproj/main.cpp
expect_rc 1
expect_eq "$(echo "$OUT" | grep -c 'torch-hardcoded-device')" 2 "CUDA-only program, RequiresCuda false"
cat > cudaproj/.clang-tidy <<'YAML'
CheckOptions:
  - key: torch-hardcoded-device.RequiresCuda
    value: true
YAML
tl cudaproj/main.cpp
expect_rc 0
# A program that asks for CUDA somewhere is meant to run without it: its
# unguarded uses are reported under auto.
mkdir -p mixedproj
input cuda_only.cpp mixedproj/main.cpp
printf '#include <torch/torch.h>\nbool haveGpu() { return torch::cuda::is_available(); }\n' >>mixedproj/main.cpp
tl mixedproj/main.cpp
expect_rc 1
expect_eq "$(echo "$OUT" | grep -c 'torch-hardcoded-device')" 2 "a program that asks for CUDA"
# Strict torch-load-without-device: every load without a device, also in
# code that never names a run-time device.
mkdir -p strictproj
input load.cpp strictproj/main.cpp
tl strictproj/main.cpp
expect_eq "$(echo "$OUT" | grep -c '\[torch-load-without-device\]')" 0 "load, default"
cat > strictproj/.clang-tidy <<'YAML'
CheckOptions:
  - key: torch-load-without-device.Strict
    value: true
YAML
tl strictproj/main.cpp
expect_rc 1
expect_contains "$OUT" "main.cpp:6:34: warning: checkpoint loaded by 'torch::jit::load' without a device comes back on the device it was saved from [torch-load-without-device]" "load, Strict"
# A project's .clang-tidy written for clang-tidy's own checks names no torch-*
# check: '-*,bugprone-*' does not turn torchlint off (issue 39), and -v and
# --dump-config say which file decided.
mkdir -p tidyproj
input discarded.cpp tidyproj/main.cpp
echo "Checks: '-*,bugprone-*,readability-*'" >tidyproj/.clang-tidy
tl tidyproj/main.cpp
expect_rc 1
expect_contains "$OUT" "main.cpp:6:5: warning: result of 't.to(torch::kCPU)' is discarded" \
  "torch-* rules stay on under Checks for other tools"
tl -v tidyproj/main.cpp
expect_contains "$ERR" "torchlint: note: $WORK/tidyproj/main.cpp: every torch-* rule on: the Checks of $WORK/tidyproj/.clang-tidy name no torch-* check (add 'torch-...' globs there to choose)" \
  "-v names the file that did not decide"
tl --dump-config tidyproj/main.cpp
expect_contains "$OUT" "# from $WORK/tidyproj/.clang-tidy
# every torch-* rule on: the Checks of $WORK/tidyproj/.clang-tidy name no torch-* check (add 'torch-...' globs there to choose)
---
Checks:          'torch-*'" "dump says which file decided"
# A Checks that names torch-* checks decides, as clang-tidy reads it.
echo "Checks: '-*,bugprone-*,-torch-*'" >tidyproj/.clang-tidy
tl tidyproj/main.cpp
expect_rc 0
tl -v tidyproj/main.cpp
expect_contains "$ERR" "torchlint: note: $WORK/tidyproj/main.cpp: torch-* rules as the Checks of $WORK/tidyproj/.clang-tidy say" \
  "-v names the file that decided"
# The command line still chooses after the file.
tl -v --checks=torch-discarded-move tidyproj/main.cpp
expect_rc 1
expect_contains "$ERR" "as the Checks of $WORK/tidyproj/.clang-tidy say, then --checks" "-v with --checks"
exit 0
