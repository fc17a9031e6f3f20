#!/usr/bin/env bash
# The project through the index (issue 37): once the CLI has run over a
# project, clang-tidy on one of its files reports what the CLI reports there.
# That is what a function of another file returns (the summaries), and a
# finding that depends on what another file shows (a project fact: the
# segmentor moves its models to a device chosen at run time), with the note
# pointing at that file. Before the CLI has run, clang-tidy sees the file
# alone and stays silent on both; a file changed since the run loses what
# the index said of it. The index is the same whatever rules the run ran.
source "$(dirname "$0")/lib.sh"

cp -r "$SOURCE_DIR/tests/cli/inputs/project" \
  "$SOURCE_DIR/tests/cli/inputs/index_project" "$WORK/"
cd "$WORK"
# The plugin reads $XDG_CACHE_HOME/torchlint, the CLI its --cache-dir: one
# folder, the suite's preamble cache. The index is kept per source root:
# each project is its own, as a repository is. An index of a folder above
# (the build tree's) knows nothing of these files and settles nothing.
mkdir xdg
ln -s "$(realpath "$CACHE_DIR")" xdg/torchlint
export XDG_CACHE_HOME=$WORK/xdg

strip() { sed "s|$WORK/||g" "$1"; }
# tidy_on FILE OUT: clang-tidy's diagnostics on FILE, paths relative to here.
tidy_on() {
  tidy -checks='-*,torch-*' "$WORK/$1" -- "${FLAGS[@]}" >"$2.raw" 2>/dev/null ||
    true
  strip "$2.raw" >"$2.full"
  diagnostics "$2.full" >"$2"
}

BACKBONE=project/models/backbone.cpp
TRAIN=index_project/train.cpp
LOAD="project/models/backbone.cpp:7:3: warning: checkpoint loaded by 'torch::load' without a device comes back on the device it was saved from [torch-load-without-device]"
MOVED="project/segmentor.h:12:5: note: the project moves 'model' to 'device', a device chosen at run time, here"
LOSS="index_project/train.cpp:19:15: warning: 'torch::nn::functional::cross_entropy' expects class indices of dtype Long, but its target 'load_labels(raw).to(device)' is Int [torch-loss-target-dtype]"

# No index yet: each file alone.
tidy_on "$BACKBONE" before-backbone
tidy_on "$TRAIN" before-train
[[ ! -s before-backbone ]] || fail "the backbone alone reported: $(cat before-backbone)"
! grep -qF "$LOSS" before-train || fail "the trainer alone knew load_labels"

# The index a run keeps does not depend on the rules it ran (issue 37, item
# 8): a run with one dtype rule still keeps where the segmentor moves its
# models, so clang-tidy's load-without-device settles the load on it.
"$TORCHLINT" -q --color never --cache-dir "$CACHE_DIR" \
  --checks='-*,torch-dtype-mismatch' \
  --srcroot "$WORK/project" project project/segmentor.h \
  >cli-dtype-only.raw 2>cli-dtype-only.err || true
tidy_on "$BACKBONE" dtype-only-backbone
grep -qxF "$LOAD" dtype-only-backbone ||
  fail "an index kept by a dtype-only run settled nothing: $(cat dtype-only-backbone.full)"
grep -qxF "$MOVED" dtype-only-backbone ||
  fail "an index kept by a dtype-only run lost the segmentor's move"

# The CLI over each project keeps its index (summaries and fact sites).
"$TORCHLINT" -q --color never --cache-dir "$CACHE_DIR" \
  --srcroot "$WORK/project" project project/segmentor.h \
  >cli-project.raw 2>cli-project.err || true
"$TORCHLINT" -q --color never --cache-dir "$CACHE_DIR" \
  --srcroot "$WORK/index_project" index_project \
  >cli-index.raw 2>cli-index.err || true
strip cli-project.raw >cli-project.full
diagnostics cli-project.full >cli-project
grep -qxF "$LOAD" cli-project || fail "the CLI did not report the load: $(cat cli-project.full)"
grep -qxF "$MOVED" cli-project || fail "the CLI gave no note in the segmentor"

# clang-tidy now reports the CLI's findings in these files, notes included.
tidy_on "$BACKBONE" after-backbone
grep -qxF "$LOAD" after-backbone ||
  fail "clang-tidy did not report the load with the index: $(cat after-backbone.full)"
grep -qxF "$MOVED" after-backbone ||
  fail "clang-tidy gave no note where the project moves its models: $(cat after-backbone.full)"
grep -E "^(project/models/backbone.cpp|project/segmentor.h):" cli-project |
  grep -vF "project/segmentor.h:15:" | grep -vF "project/segmentor.h:21:" \
    >cli-backbone || true
diff cli-backbone after-backbone >parity.diff ||
  fail "clang-tidy and the CLI differ on the backbone: $(cat parity.diff)"
tidy_on "$TRAIN" after-train
grep -qxF "$LOSS" after-train ||
  fail "clang-tidy did not read load_labels from the index: $(cat after-train.full)"

# The segmentor changed since the run: its site is dropped, and with it the
# finding it settled (the next CLI run decides again).
echo "// edited" >>project/segmentor.h
tidy_on "$BACKBONE" stale-backbone
[[ ! -s stale-backbone ]] ||
  fail "a stale site still settled the load: $(cat stale-backbone)"
echo "project: ok"
