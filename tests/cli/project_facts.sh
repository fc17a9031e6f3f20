# Project facts: a checkpoint loaded where no device is in scope is reported
# when another unit of the run moves models to a device chosen at run time,
# with a note pointing there, whatever -j, the input order and the result
# cache; a project that never leaves the CPU, or a unit on its own, stays
# silent. A header that no file includes is analysed on its own when named
# as an input (a folder lints its sources only, as run-clang-tidy does).
# Separate programs of one repository (folders with their own main()) do not
# decide each other's findings.
. "$(dirname "$0")/lib.sh"
cp -r "$TL_INPUTS/project" "$TL_INPUTS/cpu_project" .

LOAD="warning: checkpoint loaded by 'torch::load' without a device comes back on the device it was saved from [torch-load-without-device]"
EXPECTED="project/models/backbone.cpp:7:3: $LOAD
  torch::load(Pretrained, Path);
  ^
project/segmentor.h:12:5: note: the project moves 'model' to 'device', a device chosen at run time, here
    model->to(device);
    ^
project/segmentor.h:15:5: $LOAD
    torch::load(model, Path);
    ^
                           , device
project/segmentor.h:21:17: note: load onto the device chosen here, 'device'
  torch::Device device = torch::Device(torch::kCPU);
                ^"
# strip: the report with the work folder's path removed.
strip() { sed "s|$WORK/||g" <<<"$1"; }

# The folder with segmentor.h named: it is included by no file, so it is a
# unit only when named (without it no unit would show the project's device).
tl -j 2 project project/segmentor.h
expect_rc 1
expect_eq "$(strip "$OUT")" "$EXPECTED" "the project's findings"
expect_contains "$ERR" "2 findings in 2 of 2 analysed files" "summary"

# One worker, the files named in another order: the same report (units are
# reported in path order; the backbone's finding waits for the header's).
tl -j 1 project/segmentor.h project/models/backbone.cpp
expect_rc 1
expect_eq "$(strip "$OUT")" "$EXPECTED" "findings with -j 1"

# The folder alone lints its source, not the header no source includes:
# then no unit shows the project's device.
tl project
expect_rc 0
expect_eq "$OUT" "" "the folder without the header"
expect_contains "$ERR" "0 findings in 0 of 1 analysed file in" "the folder's one unit"

# The backbone alone is a project that never leaves the CPU.
tl project/models/backbone.cpp
expect_rc 0
expect_eq "$OUT" "" "a unit without the project's device"
# ... and so is each unit under --project-scope unit, as clang-tidy sees them.
tl --project-scope unit project project/segmentor.h
expect_rc 1
expect_eq "$(strip "$OUT" | grep -c warning)" 1 "only the load with a device in scope"
expect_contains "$(strip "$OUT")" "project/segmentor.h:15:5: warning" "unit scope keeps the header's own"

# A CPU-only tool loads its own CPU checkpoints: nothing to say, even next to
# nothing else.
tl cpu_project
expect_rc 0
expect_eq "$OUT" "" "a project that never leaves the CPU"
# The Strict option reports every load without a device, with no project.
printf 'CheckOptions:\n  torch-load-without-device.Strict: true\n' >strict.yaml
tl --config-file strict.yaml cpu_project
expect_rc 1
expect_contains "$(strip "$OUT")" "cpu_project/tool.cpp:10:5: $LOAD" "strict load"

# The result cache stores the undecided finding and the site's note; a
# re-run decides them again from the cached units alone.
tl --result-cache rc -j 2 project project/segmentor.h
expect_rc 1
expect_eq "$(strip "$OUT")" "$EXPECTED" "cold run with the result cache"
tl --result-cache rc -j 2 project project/segmentor.h
expect_rc 1
expect_contains "$ERR" "(2 from the result cache)" "every unit from the cache"
expect_eq "$(strip "$OUT")" "$EXPECTED" "warm run from the result cache"
# A cached undecided finding is dropped when the unit that showed the
# device is gone from the run.
tl --result-cache rc project/models/backbone.cpp
expect_rc 0
expect_eq "$OUT" "" "the cached unit on its own"

# JSON: the note is in the record, and nothing is left undecided.
tl --format json -o report.json project project/segmentor.h
expect_rc 1
expect_eq "$(jq -c '[.findings[] | select(.file | endswith("backbone.cpp")) | .notes[] | [(.file | split("/") | last), .line, .column, .message]]' report.json)" \
  '[["segmentor.h",12,5,"the project moves '"'"'model'"'"' to '"'"'device'"'"', a device chosen at run time, here"]]' \
  "the site note in JSON"
expect_eq "$(jq '[.findings[] | select(has("needs"))] | length' report.json)" 0 "no undecided record"
expect_eq "$(jq '[.findings[] | select(.file | endswith("backbone.cpp")) | .fixes[]] | length' report.json)" 0 \
  "no fix-it where no device is in scope"
# Shards: the backbone's finding is undecided in the shard without the
# header; it travels in that shard's JSON ("pending") with the other shard's
# site ("sites"), and --merge decides it: the merged findings are byte for
# byte those of one run.
for I in 1 2; do
  tl --shard $I/2 --format json -o shard$I.json project project/segmentor.h
done
expect_eq "$(jq -s '[.[].pending | length] | add' shard1.json shard2.json)" 1 "one undecided finding"
expect_eq "$(jq -s '[.[].sites[] | select(.fact == "runtime-device")] | length' shard1.json shard2.json)" 1 "one site of the run-time device"
tl --merge shard1.json shard2.json --format json -o merged.json
expect_rc 1
expect_eq "$(jq -c .findings merged.json)" "$(jq -c .findings report.json)" "merged shards = one run"
# Programs: a repository of several programs (each folder with a main()) is
# one run but not one project. The viewer never leaves the CPU and reads its
# own checkpoints: silent, though the trainer runs on a run-time device and
# shared code (common/, under no program's folder) moves a model to its
# caller's device. What the programs and the shared code show holds for the
# shared code: its load is reported, with the first such move.
cp -r "$TL_INPUTS/programs" .
tl programs
expect_rc 1
expect_eq "$(strip "$OUT")" "programs/common/restore.cpp:8:3: $LOAD
  torch::load(Model, Path);
  ^
programs/common/place.cpp:6:3: note: the project moves 'Model' to 'Device', a device chosen at run time, here
  Model->to(Device);
  ^" "programs of one repository"
# Without the shared mover, the trainer's move is the one.
rm programs/common/place.cpp
tl programs
expect_rc 1
expect_eq "$(strip "$OUT")" "programs/common/restore.cpp:8:3: $LOAD
  torch::load(Model, Path);
  ^
programs/trainer/main.cpp:9:3: note: the project moves 'Model' to 'device', a device chosen at run time, here
  Model->to(device);
  ^" "a program's move decides for shared code"
# The same split decided across shards.
for I in 1 2 3; do
  tl --shard $I/3 --format json -o pshard$I.json programs
done
tl --format json -o programs.json programs
tl --merge pshard1.json pshard2.json pshard3.json --format json -o pmerged.json
expect_eq "$(jq -c .findings pmerged.json)" "$(jq -c .findings programs.json)" "programs over shards"
# A class whose member functions are defined in two files: train.cpp calls
# makeLabels() without its body, labels.cpp shows that it returns a CPU
# tensor. The mismatch is reported in train.cpp, with labels.cpp's note.
cp -r "$TL_INPUTS/split_class" .
MISMATCH="split_class/train.cpp:9:10: warning: 'torch::nn::functional::cross_entropy' receives tensors on different devices: 'makeLabels(Input.size(0))' (argument 'target') is on the CPU but 'Out' (argument 'input') is on 'Device' [torch-device-mismatch]
  return torch::nn::functional::cross_entropy(Out, makeLabels(Input.size(0)));
         ^
split_class/train.cpp:9:52: note: 'makeLabels(Input.size(0))' is returned by 'makeLabels' here, defined in another file
  return torch::nn::functional::cross_entropy(Out, makeLabels(Input.size(0)));
                                                   ^
split_class/train.cpp:5:66: note: 'Model' is moved to 'Device' here
Trainer::Trainer(torch::Device Device) : Device(Device) { Model->to(Device); }
                                                                 ^
split_class/train.cpp:8:23: note: 'Out' is computed by 'Model' here
  torch::Tensor Out = Model->forward(Input.to(Device));
                      ^
split_class/labels.cpp:6:10: note: 'makeLabels' returns a tensor created on the CPU here
  return torch::randint(0, 10, {N}, torch::kLong);
         ^"
tl -j 2 split_class
expect_rc 1
expect_eq "$(strip "$OUT")" "$MISMATCH" "a member function defined in another file"
tl --result-cache rc2 split_class
tl --result-cache rc2 split_class
expect_contains "$ERR" "(2 from the result cache)" "both units from the cache"
expect_eq "$(strip "$OUT")" "$MISMATCH" "the same from the result cache"
# Alone, train.cpp cannot know where makeLabels() puts its tensor: silent.
tl split_class/train.cpp
expect_rc 0
expect_eq "$OUT" "" "the caller without the callee's unit"
# When labels.cpp moves its labels to the trainer's device, nothing is wrong.
sed -i 's|torch::kLong);|torch::kLong).to(Device);|' split_class/labels.cpp
tl split_class
expect_rc 0
expect_eq "$OUT" "" "a callee that returns a device tensor"
# A minibatch struct returned by a function defined in another file:
# buffer.cpp fills its fields one by one with CPU tensors and shows the
# project that sample() returns tensors created on the CPU; learner.cpp,
# without that body, feeds a field to a model on a device. No fix-it: the
# struct has no .to(), the fix is where its tensors are built.
cp -r "$TL_INPUTS/split_batch" .
BATCH="split_batch/learner.cpp:9:15: warning: 'Net' receives tensors on different devices: 'B.Obs' (argument 'input') is on the CPU but the parameters of 'Net' are on 'Device' [torch-device-mismatch]
  return Net->forward(B.Obs);
              ^
split_batch/learner.cpp:8:13: note: 'B' is returned by 'sample' here, defined in another file
  Batch B = Buffer.sample(8);
            ^
split_batch/learner.cpp:7:8: note: 'Net' is moved to 'Device' here
  Net->to(Device);
       ^
split_batch/buffer.cpp:12:20: note: 'sample' returns tensors created on the CPU here
    Rows.push_back(torch::tensor(Observations[I]));
                   ^"
tl -j 2 split_batch
expect_rc 1
expect_eq "$(strip "$OUT")" "$BATCH" "a minibatch struct returned from another file"
tl split_batch/learner.cpp
expect_rc 0
expect_eq "$OUT" "" "the batch's user without the buffer's unit"
# When the buffer moves one field to a device, the batch's tensors no longer
# agree: nothing is known of B.Obs, nothing is reported.
sed -i 's|  B.Obs = torch::stack(Rows);|  B.Obs = torch::stack(Rows).to(torch::kCUDA);|' split_batch/buffer.cpp
tl split_batch
expect_eq "$(strip "$OUT" | grep -c torch-device-mismatch)" "0" "a batch whose fields disagree"
# A helper defined in utils.cpp adds CPU noise to its input: a bug only where
# a caller passes it a tensor on a device. train.cpp does, without the
# helper's body; the finding in utils.cpp gets train.cpp's note and its
# fix-it (the input's own device, a name in scope).
cp -r "$TL_INPUTS/helper_project" .
HELPER="helper_project/utils.cpp:5:25: warning: 'torch::randn' creates a tensor on the CPU, but it is used with 'X', which is on the device of input 'X' [torch-factory-missing-device]
  torch::Tensor Noise = torch::randn({4});
                        ^
                                        , torch::device(X.device())
helper_project/utils.cpp:6:12: note: they meet in 'operator+' here
  return X + Noise;
           ^
helper_project/train.cpp:7:30: note: 'X', on 'Device', chosen at run time at line 4, is passed to 'addNoise' here
  torch::Tensor Y = addNoise(X);
                             ^"
tl helper_project
expect_rc 1
expect_eq "$(strip "$OUT")" "$HELPER" "a helper called with a device tensor from another file"
# The helper alone has no caller in view: silent.
tl helper_project/utils.cpp
expect_rc 0
expect_eq "$OUT" "" "the helper without its callers"
# The fix-it compiles and settles it: nothing is left, status 0.
tl --fix helper_project
expect_rc 0
tl helper_project
expect_rc 0
expect_eq "$OUT" "" "after --fix"
# A caller that passes CPU tensors makes no bug.
cp -r "$TL_INPUTS/helper_project" cpu_caller
sed -i 's|addNoise(X)|addNoise(X.cpu())|' cpu_caller/train.cpp
tl cpu_caller
expect_rc 0
expect_eq "$OUT" "" "a caller that passes CPU tensors"
# A caller that only forwards its own input says nothing of its device.
cp -r "$TL_INPUTS/helper_project" forwarder
cat >forwarder/train.cpp <<'CPP'
#include "utils.h"
torch::Tensor twice(torch::Tensor X) { return addNoise(addNoise(X)); }
CPP
tl forwarder
expect_rc 0
expect_eq "$OUT" "" "a caller that forwards its own input"
# Whether the project runs without CUDA is a fact of the whole run, not of
# one program: the trainer falls back to the CPU, so the demo's unguarded
# GPU is reported (with no note: the finding says what is missing). Alone,
# nothing shows the demo needs CUDA either: reported too; shards agree.
cp -r "$TL_INPUTS/cuda_programs" .
HARDCODED="cuda_programs/demo/main.cpp:7:24: warning: CUDA device 'torch::kCUDA' is used without a torch::cuda::is_available() guard [torch-hardcoded-device]
  torch::Device device(torch::kCUDA);
                       ^~~~~~~~~~~~
                       torch::cuda::is_available() ? torch::kCUDA : torch::kCPU"
tl cuda_programs
expect_rc 1
expect_eq "$(strip "$OUT")" "$HARDCODED" "a CUDA-only demo in a project that runs on the CPU"
tl cuda_programs/demo
expect_rc 1
expect_eq "$(strip "$OUT")" "$HARDCODED" "the demo on its own"
tl --format json -o cuda.json cuda_programs
for I in 1 2; do
  tl --shard $I/2 --format json -o cshard$I.json cuda_programs
done
expect_eq "$(jq -s '[.[].pending | length] | add' cshard1.json cshard2.json)" 1 "the demo's finding waits for the trainer"
tl --merge cshard1.json cshard2.json --format json -o cmerged.json
expect_eq "$(jq -c .findings cmerged.json)" "$(jq -c .findings cuda.json)" "run-wide fact over shards"
expect_eq "$(jq '[.findings[].notes[]] | length' cuda.json)" 0 "no note for runs-without-cuda"
# A header's finding that waits for a project fact is found again in every
# unit that includes it. One run reports the first unit's copy; merged
# shards report the same finding with the same fingerprint, whatever the
# order of the shards' reports (the copies of later units are dropped before
# fingerprinting, or one of them would take the first index).
cp -r "$TL_INPUTS/shared_header" .
tl shared_header
expect_rc 1
expect_eq "$(strip "$OUT")" "In file included from shared_header/a_loss.cpp:1:
shared_header/gpu.h:6:63: warning: 't.cuda()' moves the tensor to a CUDA device without a torch::cuda::is_available() guard [torch-hardcoded-device]
inline torch::Tensor toGpu(const torch::Tensor &t) { return t.cuda(); }
                                                              ^" "a header's finding once, from the first unit"
tl --format json -o shared.json shared_header
for I in 1 2 3; do
  tl --shard $I/3 --format json -o hshard$I.json shared_header
done
expect_eq "$(jq -s '[.[].pending | length] | add' hshard1.json hshard2.json hshard3.json)" 2 "a_loss.cpp and b_model.cpp wait for c_main.cpp"
for ORDER in "1 2 3" "3 2 1" "2 3 1"; do
  tl --merge $(for I in $ORDER; do echo hshard$I.json; done) --format json -o hmerged.json
  expect_eq "$(jq -c .findings hmerged.json)" "$(jq -c .findings shared.json)" "merged in the order $ORDER"
done
expect_eq "$(jq -r '.findings[].fingerprint' shared.json | cut -d: -f2)" 0 "the first index"
# A member whose module class is constructed in another file: head.cpp sees
# a PostProcessor with no state, but not its constructor. post.cpp decides:
# a constructor that registers nothing leaves nothing behind (silent); one
# that registers a buffer makes the member a submodule to register, reported
# with post.cpp's note. head.cpp alone cannot know: silent.
cp -r "$TL_INPUTS/split_module" .
tl split_module
expect_rc 0
expect_eq "$OUT" "" "a stateless submodule constructed in another file"
sed -i 's|: Threshold(Threshold) {}|: Threshold(Threshold) {\n  register_buffer("scale", torch::ones({1}));\n}|' split_module/post.cpp
tl split_module
expect_rc 1
expect_eq "$(strip "$OUT")" "In file included from split_module/head.cpp:1:
split_module/head.h:9:17: warning: submodule 'post' of module 'HeadImpl' is not registered, so module->to(device) leaves its parameters behind [torch-unregistered-member]
  PostProcessor post{nullptr};
                ^
split_module/head.cpp:5:3: note: 'post' is created here
  post = PostProcessor(0.5f);
  ^
split_module/post.cpp:3:20: note: 'PostProcessorImpl' registers parameters or buffers here
PostProcessorImpl::PostProcessorImpl(float Threshold) : Threshold(Threshold) {
                   ^" "a submodule whose constructor in another file registers a buffer"
tl split_module/head.cpp
expect_rc 0
expect_eq "$OUT" "" "the member without its class's constructor"
# A folder where two files define main() holds two programs sharing the
# rest: the trainer's run-time device decides the shared restore() in
# net.cpp, but says nothing of eval.cpp, a CPU program of its own.
cp -r "$TL_INPUTS/chapter" .
tl chapter
expect_rc 1
expect_eq "$(strip "$OUT")" "chapter/net.cpp:5:53: $LOAD
void restore(Net &Model, const std::string &Path) { torch::load(Model, Path); }
                                                    ^
chapter/train.cpp:6:3: note: the project moves 'Model' to 'device', a device chosen at run time, here
  Model->to(device);
  ^" "two programs in one folder"
tl --format json -o chapter.json chapter
for I in 1 2 3; do
  tl --shard $I/3 --format json -o chshard$I.json chapter
done
tl --merge chshard1.json chshard2.json chshard3.json --format json -o chmerged.json
expect_eq "$(jq -c .findings chmerged.json)" "$(jq -c .findings chapter.json)" "programs of one file over shards"
# A configuration struct whose device defaults to kCPU in a header is a
# device chosen at run time where main.cpp sets it (facts::writesDevice):
# the trainer's CPU labels, and the CPU weights another file returns (which
# needs that fact too), meet the model on 'cfg_.device'. The fix-its name
# the trainer's own member, and the fixed file compiles.
cp -r "$TL_INPUTS/config_device" .
# Its CPU-only twin: the same trainer, and a main() that never sets the
# device.
cp -r config_device config_cpu
cat >config_cpu/main.cpp <<'EOF'
#include "trainer.h"

int main() {
  TrainConfig cfg;
  cfg.batch_size = 4;
  Trainer trainer(cfg);
  trainer.step(torch::randn({4, 8}));
}
EOF
CFG_EXPECTED="config_device/trainer.cpp:14:7: warning: 'torch::nn::functional::cross_entropy' receives tensors on different devices: 'labels' (argument 'target') is on the CPU but 'model_->forward(x)' (argument 'input') is on 'cfg_.device' [torch-device-mismatch]
      torch::nn::functional::cross_entropy(model_->forward(x), labels);
      ^
config_device/trainer.cpp:12:17: note: 'labels' is created on the CPU here ('torch::zeros' with no device)
  auto labels = torch::zeros({x.size(0)}, torch::kLong);
                ^
                                                       .to(cfg_.device)
config_device/trainer.cpp:6:11: note: 'model_' is moved to 'cfg_.device' here
  model_->to(cfg_.device);
          ^
config_device/trainer.cpp:14:44: note: 'model_->forward(x)' is computed by 'model_' here
      torch::nn::functional::cross_entropy(model_->forward(x), labels);
                                           ^
config_device/main.cpp:6:18: note: 'cfg.device' is given a device that may be a GPU here
    cfg.device = torch::Device(torch::kCUDA);
                 ^
config_device/trainer.cpp:22:30: warning: 'operator*' receives tensors on different devices: 'w' is on the CPU but 'model_->forward(x)' is on 'cfg_.device' [torch-device-mismatch]
  return (model_->forward(x) * w).sum().item<double>();
                             ^
config_device/trainer.cpp:21:12: note: 'w' is returned by 'class_weights' here, defined in another file
  auto w = class_weights(2);
           ^
                           .to(cfg_.device)
config_device/trainer.cpp:6:11: note: 'model_' is moved to 'cfg_.device' here
  model_->to(cfg_.device);
          ^
config_device/trainer.cpp:22:11: note: 'model_->forward(x)' is computed by 'model_' here
  return (model_->forward(x) * w).sum().item<double>();
          ^
config_device/weights.cpp:3:49: note: 'class_weights' returns a tensor created on the CPU here
torch::Tensor class_weights(int64_t n) { return torch::ones({n}) / n; }
                                                ^
config_device/main.cpp:6:18: note: 'cfg.device' is given a device that may be a GPU here
    cfg.device = torch::Device(torch::kCUDA);
                 ^"
tl config_device
expect_rc 1
expect_eq "$(strip "$OUT")" "$CFG_EXPECTED" "a configuration's device set in main.cpp"
# Over shards, --merge settles the finding that needs two facts shown by two
# other units the same way.
for I in 1 2 3; do
  tl --shard $I/3 --format json -o cfgshard$I.json config_device
done
tl --format json -o cfg.json config_device
tl --merge cfgshard1.json cfgshard2.json cfgshard3.json --format json -o cfgmerged.json
expect_eq "$(jq -c '[.findings[] | [.line, (.notes | length)]]' cfgmerged.json)" \
  "$(jq -c '[.findings[] | [.line, (.notes | length)]]' cfg.json)" "two facts over shards"
expect_eq "$(jq -c '[.findings[] | .line]' cfg.json)" "[14,22]" "both findings in JSON"
# The trainer alone, as clang-tidy sees it: nothing sets the device.
tl config_device/trainer.cpp
expect_rc 0
expect_eq "$OUT" "" "the trainer without main.cpp"
# The same trainer in a CPU-only tool that never sets the device: silent.
tl config_cpu
expect_rc 0
expect_eq "$OUT" "" "a configuration that stays on the CPU"
# Without the weights' unit, the second finding lacks one of its two facts.
tl config_device/trainer.cpp config_device/main.cpp
expect_rc 1
expect_eq "$(strip "$OUT" | grep -c warning)" 1 "only the labels without weights.cpp"
tl --fix config_device
"${TL_CLANGXX:-clang++-16}" -fsyntax-only -std=c++17 \
  -isystem /usr/include/torch/csrc/api/include config_device/trainer.cpp ||
  fail "the fixed trainer does not compile"
expect_contains "$(cat config_device/trainer.cpp)" "torch::kLong).to(cfg_.device);" "fixed labels"
# A configuration's device chosen at run time in main.cpp makes the project
# device-aware: the server's TorchScript load with no device is reported,
# with a note at the choice; a main() that writes only the CPU there does not.
cp -r "$TL_INPUTS/config_load" .
tl config_load
expect_rc 1
expect_eq "$(strip "$OUT")" "config_load/server.cpp:5:12: warning: checkpoint loaded by 'torch::jit::load' without a device comes back on the device it was saved from [torch-load-without-device]
  model_ = torch::jit::load(cfg_.model_path);
           ^
config_load/main.cpp:5:3: note: the project chooses 'cfg.device' at run time here
  cfg.device = argc > 1 ? torch::Device(argv[1]) : torch::Device(torch::kCPU);
  ^" "a load in a project whose configuration picks the device"
sed -i 's|cfg.device = .*|cfg.device = torch::Device(torch::kCPU);|' config_load/main.cpp
tl config_load
expect_rc 0
expect_eq "$OUT" "" "a configuration only ever the CPU"
echo PASS
