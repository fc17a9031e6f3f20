# .cu files (issue 39): their host code is not analysed yet, so each is said
# not analysed, with why, and counted so; the run's status is the other
# files' (a project with kernels still passes or fails on its C++).
. "$(dirname "$0")/lib.sh"
input host_code.cu
input discarded.cpp
tl host_code.cu discarded.cpp
expect_rc 1
expect_contains "$ERR" "torchlint: note: '$WORK/host_code.cu' is CUDA source (.cu) and was not analysed: torchlint parses C++ units only; host code that uses LibTorch is analysed in .cpp files (docs/cuda.md)" "said"
expect_contains "$ERR" "torchlint: 1 finding in 1 of 1 analysed file (1 not analysed) in " "counted"
tl --format json host_code.cu
expect_rc 0
expect_eq "$(echo "$OUT" | jq -c '[.units[] | [(.file | split("/") | last), .analysed]]')" '[["host_code.cu",false]]' "JSON units"
exit 0
