# Untrusted code (issue 39): a compile database or a source in a change under
# review decides what a parse opens. No text of a file outside the
# repository, the build folder and the system and LibTorch include folders
# may reach any report: such a unit is "not analysed", with the path and
# none of the contents. A secret is planted beside the repository and every
# report format is searched for it.
. "$(dirname "$0")/lib.sh"
# The bound is on in CI (CI, GITHUB_ACTIONS, ... set) or with --untrusted,
# off on a developer's machine; this test decides which itself.
unset CI GITHUB_ACTIONS GITLAB_CI BUILDKITE TF_BUILD JENKINS_URL
SECRET_TEXT="tl_secret_token_4f9c2e1d"
mkdir -p outside repo/src repo/build
printf '%s\nroot:$6$salt$hash:19000:0:99999:7:::\n' "$SECRET_TEXT" >outside/token
git -C repo init -q
input discarded.cpp repo/src/main.cpp
cd repo
# no_secret WHAT: the last run printed nothing of the planted file.
no_secret() {
  case "$OUT$ERR" in *"$SECRET_TEXT"* | *'$6$salt'*) fail "$1: the secret reached the report:
$OUT
$ERR" ;; esac
}
# refused WHAT: the run names the unit as not analysed, and why.
refused() {
  expect_rc 2
  expect_contains "$ERR" "torchlint: error: '$WORK/repo/src/main.cpp' reads '$WORK/outside/token', which is outside the repository, the build folder and the system and LibTorch include folders; it was not analysed, and nothing of that file is reported (docs/ci.md, untrusted pull requests)" "$1"
  no_secret "$1"
}
database() { # EXTRA-ARGUMENT...: a database for src/main.cpp with these flags
  local extra=""
  for a in "$@"; do extra="$extra\"$a\", "; done
  cat >build/compile_commands.json <<JSON
[{"directory": "$WORK/repo/build", "file": "$WORK/repo/src/main.cpp",
  "arguments": ["c++", "-std=c++17", "-isystem", "/usr/include/torch/csrc/api/include",
                $extra "-c", "$WORK/repo/src/main.cpp"]}]
JSON
}

# The database asks for the file before the source (-include). Outside CI
# the bound is off: the user's own machine, the user's own files.
database -include "$WORK/outside/token"
tl --untrusted -p build src/main.cpp
refused "-include, --untrusted"
export GITHUB_ACTIONS=true
for format in text json sarif github; do
  tl -p build --format "$format" src/main.cpp
  refused "-include, --format $format"
done
# The database names it as a response file: its words would be arguments.
database "@$WORK/outside/token"
tl -p build src/main.cpp
expect_rc 2
no_secret "response file"
# The source includes it by absolute path.
database
{ echo "#include \"$WORK/outside/token\""; cat src/main.cpp; } >src/main2.cpp
mv src/main2.cpp src/main.cpp
tl -p build src/main.cpp
refused "#include of an absolute path"
tl -p build --format json src/main.cpp
refused "#include of an absolute path, JSON"
# ... or through a symbolic link in the repository.
input discarded.cpp src/main.cpp
ln -s ../../outside/token src/config.h
{ echo '#include "config.h"'; cat src/main.cpp; } >src/main2.cpp
mv src/main2.cpp src/main.cpp
tl -p build --format sarif src/main.cpp
refused "#include of a link out of the repository"
# --from-error reads the same sources: no answer from such a unit either.
printf '%s\n' "RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu! (when checking argument for argument self in method wrapper_CUDA__to_copy)" >../error.log
for format in text json; do
  tl --from-error ../error.log -p build --format "$format" src/main.cpp
  expect_contains "$ERR" "torchlint: error: $WORK/repo/src/main.cpp: '$WORK/repo/src/main.cpp' reads '$WORK/outside/token', which is outside the repository" "--from-error, --format $format"
  case "$OUT" in *"main.cpp:7:5"* | *'"line": 7'*) fail "--from-error answered from a refused unit: $OUT" ;; esac
  no_secret "--from-error, --format $format"
done
rm src/config.h
# The same program with the include inside the repository is analysed as
# usual: the bound costs trusted code nothing.
echo "// a header of the project" >src/config.h
tl -p build src/main.cpp
expect_rc 1
expect_contains "$OUT" "main.cpp:7:5: warning: result of 't.to(torch::kCPU)' is discarded" "inside the repository"

# A project whose database names an include folder outside the repository
# (a Conan or vcpkg cache, /opt, a sibling checkout): refused in CI ...
mkdir -p ../extlib/include
echo "// a library's header" >../extlib/include/extlib.h
input discarded.cpp src/main.cpp
{ echo '#include "extlib.h"'; cat src/main.cpp; } >src/main2.cpp
mv src/main2.cpp src/main.cpp
database "-I$WORK/extlib/include"
tl -p build src/main.cpp
expect_rc 2
expect_contains "$ERR" "reads '$WORK/extlib/include/extlib.h', which is outside the repository" "an outside -I folder in CI"
# ... and in CI with --no-untrusted (a trusted branch's job) analysed;
tl --no-untrusted -p build src/main.cpp
expect_rc 1
expect_contains "$OUT" "main.cpp:7:5: warning: result of 't.to(torch::kCPU)' is discarded" "--no-untrusted"
# ... and analysed on a developer's machine, with the database found or named.
unset GITHUB_ACTIONS
for p in "-p build" ""; do
  tl $p src/main.cpp
  expect_rc 1
  expect_contains "$OUT" "main.cpp:7:5: warning: result of 't.to(torch::kCPU)' is discarded" "an outside -I folder locally ($p)"
done
# CI=false is no CI.
CI=false tl -p build src/main.cpp
expect_rc 1
exit 0
