#!/usr/bin/env bash
# torchlint --from-error: real runtime errors (the lesson's message, the dtype
# crashes observed on the CPU, the other device wordings a GPU prints) read
# back to the programs that raise them. For each, the first diagnostic must
# be on one of the bug's //@bug lines with one of its rules.
source "$(dirname "$0")/lib.sh"
for f in "$TL_INPUTS"/from_error/*.cpp; do cp "$f" "$WORK/"; done

# first_answer: "LINE RULE" of the first warning in $OUT.
first_answer() {
  grep -m1 -E '^[^ ]+:[0-9]+:[0-9]+: warning: ' <<<"$OUT" |
    sed -E 's/^[^:]+:([0-9]+):[0-9]+: .*\[([a-z0-9-]+)\]$/\1 \2/'
}

# expect_first_on_bug FILE: the first answer is on a tagged line of FILE,
# with a rule that tag allows.
expect_first_on_bug() {
  local file=$1 line rule
  read -r line rule <<<"$(first_answer)"
  [ -n "${line:-}" ] || fail "$file: no answer; stdout:
$OUT
stderr:
$ERR"
  local tag
  tag=$(sed -n "${line}p" "$file" | grep -oE '//@bug [^ ]+ [^ ]+' | awk '{print $3}')
  [ -n "$tag" ] || fail "$file: first answer on line $line, which has no //@bug tag:
$OUT"
  case "|$tag|" in *"|$rule|"*) ;; *)
    fail "$file:$line: first answer is $rule, the tag allows $tag" ;;
  esac
}

log() { printf '%s\n' "$@" >"$WORK/error.log"; }

# The lesson's message (LibTorch 1.13 and 2.x word it so).
log "RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu! (when checking argument for argument target in method wrapper_CUDA_nll_loss_forward)"
tl --from-error error.log b01_seed_labels.cpp
expect_rc 1
expect_eq "$(first_answer)" "13 torch-device-mismatch" "lesson: first answer"
expect_first_on_bug b01_seed_labels.cpp
expect_contains "$OUT" "b01_seed_labels.cpp:13:15: note: found by the analysis; matches the runtime error on line 1 of the log (argument 'target' of 'nll_loss_forward', cuda:0 and cpu)" "lesson: note"
expect_contains "$OUT" "torchlint: 1 candidate (1 found by the analysis, 0 suggested by the error alone)" "lesson: count"

# 1.x's spelling ("arugment") and the legacy wording name the same kernel.
log "RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu! (when checking arugment for argument target in method wrapper__nll_loss_forward)"
tl --from-error error.log b01_seed_labels.cpp
expect_rc 1
expect_first_on_bug b01_seed_labels.cpp
log "RuntimeError: Expected object of device type cuda but got device type cpu for argument #2 'target' in call to _thnn_nll_loss_forward"
tl --from-error error.log b01_seed_labels.cpp
expect_rc 1
expect_eq "$(first_answer)" "13 torch-device-mismatch" "legacy wording: first answer"

# An RNN's hidden state born on the CPU in a class (the class-based cases).
log "RuntimeError: Input and hidden tensors are not at the same device, found input tensor at cuda:0 and hidden tensor at cpu"
tl --from-error error.log e06_bilstm_init_state.cpp
expect_rc 1
expect_first_on_bug e06_bilstm_init_state.cpp

# The dtype crashes recorded on the CPU (dtype ground truth, LibTorch 1.13).
log "terminate called after throwing an instance of 'c10::Error'" \
    "  what():  expected scalar type Long but found Int"
tl --from-error error.log d04_ce_int32_labels.cpp
expect_rc 1
expect_eq "$(first_answer)" "24 torch-loss-target-dtype" "d04: first answer"
expect_first_on_bug d04_ce_int32_labels.cpp
# A Sequential fed Float after net->to(kDouble): the analysis finds it (the
# module's parameters against its input), and the error confirms that finding.
log "  what():  mat1 and mat2 must have the same dtype"
tl --from-error error.log d15_model_to_double.cpp
expect_rc 1
expect_eq "$(first_answer)" "12 torch-dtype-mismatch" "d15: first answer"
expect_first_on_bug d15_model_to_double.cpp
expect_contains "$OUT" "d15_model_to_double.cpp:12:20: warning: 'net' receives tensors of different dtypes: 'x' is Float but the parameters of 'net' are Double [torch-dtype-mismatch]" "d15: finding"
expect_contains "$OUT" "d15_model_to_double.cpp:12:20: note: found by the analysis; matches the runtime error on line 1 of the log (argument 'mat1' of 'addmm')" "d15: from the analysis"
log "  what():  expected scalar type Float but found Double"
tl --from-error error.log d11_accessor_float_on_double.cpp
expect_rc 1
expect_eq "$(first_answer)" "13 torch-data-ptr-type" "d11: first answer"
expect_first_on_bug d11_accessor_float_on_double.cpp

# A whole log from standard input, two errors, two programs: each error is
# answered in its own program.
printf '%s\n' "epoch 1 loss 0.93" \
  "RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu! (when checking argument for argument target in method wrapper_CUDA_nll_loss_forward)" \
  "epoch 2" "RuntimeError: expected scalar type Long but found Int" >"$WORK/two.log"
RC=0
"$TORCHLINT" --cache-dir "$TL_CACHE" --color never -q --from-error - \
  b01_seed_labels.cpp d04_ce_int32_labels.cpp <"$WORK/two.log" >"$WORK/.out" 2>"$WORK/.err" || RC=$?
OUT=$(cat "$WORK/.out")
expect_rc 1
expect_eq "$(grep -E '^torchlint: runtime error' <<<"$OUT" | cut -c1-48)" \
  "torchlint: runtime error on line 2 of the log: E
torchlint: runtime error on line 4 of the log: e" "stdin log: one head per error"
expect_eq "$(grep -A1 '^torchlint: runtime error on line 4' <<<"$OUT" | tail -1 | grep -oE 'd04_ce_int32_labels.cpp:24:[0-9]+: warning: .*\[torch-loss-target-dtype\]' | sed 's/: warning.*\[/ [/')" \
  "d04_ce_int32_labels.cpp:24:15 [torch-loss-target-dtype]" "stdin log: second error's first answer"

# Calls the analysis knows nothing about: the error alone suggests them, and
# says so; a backtrace narrows them to the function it names.
log "RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu! (when checking argument for argument target in method wrapper_CUDA_nll_loss_forward)"
tl --from-error error.log loss_helpers.cpp
expect_rc 1
expect_eq "$(grep -cE ': warning: ' <<<"$OUT")" "2" "helpers: both loss calls"
expect_contains "$OUT" "loss_helpers.cpp:8:10: warning: 'loss_fn' can reach 'nll_loss_forward' of the runtime error; the analysis shows no device mismatch of 'labels' here (a suggestion from the error, not a finding) [torch-device-mismatch]" "helpers: suggestion"
expect_contains "$OUT" "loss_helpers.cpp:8:10: note: reported from the runtime error on line 1 of the log (argument 'target' of 'nll_loss_forward', cuda:0 and cpu), not by the analysis" "helpers: note"
expect_contains "$OUT" "(0 found by the analysis, 2 suggested by the error alone)" "helpers: count"
log "  what():  Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu! (when checking argument for argument target in method wrapper_CUDA_nll_loss_forward)" \
    "Exception raised from compute_types at ../aten/src/ATen/native/TensorIterator.cpp:484 (most recent call first):" \
    "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x3e (0x7f1c in /usr/lib/x86_64-linux-gnu/libc10.so)" \
    "frame #1: eval_loss(at::Tensor const&, at::Tensor const&) + 0x120 (0x55d0 in ./trainer)" \
    "frame #2: main + 0x2e (0x55e0 in ./trainer)"
tl --from-error error.log loss_helpers.cpp
expect_rc 1
expect_eq "$(grep -cE ': warning: ' <<<"$OUT")" "1" "backtrace: one call"
expect_eq "$(first_answer)" "12 torch-device-mismatch" "backtrace: eval_loss's call"
# addmm's mat1 comes from Linear's input.
log "RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu! (when checking argument for argument mat1 in method wrapper_CUDA_addmm)"
tl --from-error error.log loss_helpers.cpp
expect_rc 1
expect_contains "$OUT" "loss_helpers.cpp:16:10: warning: 'fc' can reach 'addmm' of the runtime error; the analysis shows no device mismatch of 'x' here" "linear: suggestion"

# Nothing fits: said plainly, exit 0.
log "RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu! (when checking argument for argument tensors in method wrapper_CUDA_cat)"
tl --from-error error.log d11_accessor_float_on_double.cpp
expect_rc 0
expect_contains "$OUT" "torchlint: no call site in the given paths fits this error (no call reaches 'cat')" "no fit"
log "all good, loss 0.01"
tl --from-error error.log b01_seed_labels.cpp
expect_rc 0
expect_contains "$ERR" "no device or dtype runtime error in 'error.log'; nothing to explain" "no error"

# JSON and SARIF carry the same answers, with the rule id.
log "RuntimeError: expected scalar type Long but found Int"
tl --from-error error.log --format json d04_ce_int32_labels.cpp
expect_rc 1
expect_eq "$(python3 -c 'import json,sys; f=json.loads(sys.stdin.read())["findings"][0]; print(f["line"], f["rule"])' <<<"$OUT")" \
  "24 torch-loss-target-dtype" "json: first finding"
tl --from-error error.log --format sarif d04_ce_int32_labels.cpp
expect_rc 1
expect_eq "$(python3 -c 'import json,sys; r=json.loads(sys.stdin.read())["runs"][0]["results"][0]; print(r["ruleId"], r["locations"][0]["physicalLocation"]["region"]["startLine"])' <<<"$OUT")" \
  "torch-loss-target-dtype 24" "sarif: first result"

# A TorchScript archive saved on a GPU, loaded with no device on a machine
# without CUDA (issue 39): the load without a device explains it.
log "RuntimeError: Attempting to deserialize object on a CUDA device but torch.cuda.is_available() is False. If you are running on a CPU-only machine, please use torch.load with map_location=torch.device('cpu') to map your storages to the CPU."
tl --from-error error.log f01_scripted_model_on_cpu_machine.cpp
expect_rc 1
expect_eq "$(first_answer)" "13 torch-load-without-device" "deserialize on CUDA: first answer"
expect_first_on_bug f01_scripted_model_on_cpu_machine.cpp
expect_contains "$OUT" "f01_scripted_model_on_cpu_machine.cpp:13:38: note: found by the analysis; matches the runtime error on line 1 of the log (cpu and cuda)
" "deserialize: its own note, no other"
# The same service on a GPU machine: the model keeps the device it was saved
# on and its first Linear meets the inputs moved to 'device' (issue 39).
# addmm's error points at no call of the program; the load explains it.
log "RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu! (when checking argument for argument mat1 in method wrapper_CUDA_addmm)"
tl --from-error error.log f01_scripted_model_on_cpu_machine.cpp
expect_rc 1
expect_eq "$(first_answer)" "13 torch-load-without-device" "addmm after a load: first answer"
expect_first_on_bug f01_scripted_model_on_cpu_machine.cpp
expect_contains "$OUT" "f01_scripted_model_on_cpu_machine.cpp:13:38: note: found by the analysis; may explain the runtime error on line 1 of the log (argument 'mat1' of 'addmm', cuda:0 and cpu): a module loaded without a device keeps the devices it was saved on, and its parameters then meet inputs on another one" "addmm after a load: how"
# The same error raised inside the scripted model (its TorchScript
# traceback comes first): the program reaches addmm only through the
# module's forward, never through its own Linear head (issue 39).
log "terminate called after throwing an instance of 'std::runtime_error'" \
  "  what():  The following operation failed in the TorchScript interpreter." \
  "Traceback of TorchScript, serialized code (most recent call last):" \
  '  File "code/__torch__/torch/nn/modules/linear.py", line 12, in forward' \
  "    return torch.linear(input, weight, bias)" \
  "           ~~~~~~~~~~~~ <--- HERE" \
  "RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu! (when checking argument for argument mat1 in method wrapper_CUDA_addmm)"
tl --from-error error.log f02_scripted_service_with_head.cpp
expect_rc 1
expect_eq "$(first_answer)" "17 torch-load-without-device" "TorchScript: first answer"
expect_first_on_bug f02_scripted_service_with_head.cpp
expect_eq "$(grep -E ': warning: ' <<<"$OUT" | sed -E 's/^[^:]+:([0-9]+):.*\[([a-z-]+)\]$/\1 \2/' | tr '\n' ' ')" \
  "17 torch-load-without-device 20 torch-device-mismatch " "TorchScript: the load, then the module's forward only"
expect_contains "$OUT" "f02_scripted_service_with_head.cpp:20:19: warning: 'model.forward' runs the TorchScript code that raised the runtime error; the analysis shows no device mismatch of its inputs and the module here (a suggestion from the error, not a finding) [torch-device-mismatch]" "TorchScript: the forward suggested"

# A factory finding about the very argument the kernel checked matches the
# error, and no suggestion contradicts it at that call (issue 39).
log "RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu! (when checking argument for argument target in method wrapper_CUDA_nll_loss_forward)"
tl --from-error error.log b02_factory_labels.cpp
expect_rc 1
expect_eq "$(first_answer)" "7 torch-factory-missing-device" "factory labels: first answer"
expect_first_on_bug b02_factory_labels.cpp
expect_eq "$(grep -cE ': warning: ' <<<"$OUT")" 1 "factory labels: no contradicting suggestion"
expect_contains "$OUT" "b02_factory_labels.cpp:7:17: note: found by the analysis; matches the runtime error on line 1 of the log (argument 'target' of 'nll_loss_forward', cuda:0 and cpu)" "factory labels: matches"
echo "PASS from_error"
