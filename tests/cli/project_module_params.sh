# A module handed to a function of another file (issue 37): evaluate() in
# evaluate.cpp is given the model that main.cpp moved to a device chosen at
# run time, and feeds it a batch it creates on the CPU. The conflict in
# evaluate.cpp is real because a caller in another unit passes a module on
# a device (facts::passesDevice), shown with a note at that call. Linted
# alone, evaluate.cpp cannot know where its callers put the module: silent.
. "$(dirname "$0")/lib.sh"
cp -r "$TL_INPUTS/module_param_project" .
strip() { sed "s|$WORK/||g" <<<"$1"; }

EXPECTED=$(cat <<'REPORT'
module_param_project/evaluate.cpp:5:16: warning: 'torch::rand' creates a tensor on the CPU, but it is used with the parameters of 'net', which are on the device of input 'net' [torch-factory-missing-device]
  auto batch = torch::rand({8, 4});
               ^
module_param_project/evaluate.cpp:6:15: note: they meet in 'net' here
  return net->forward(batch).argmax(1);
              ^
module_param_project/main.cpp:8:31: note: 'net', on 'device', chosen at run time at line 4, is passed to 'evaluate' here
  auto predictions = evaluate(net);
                              ^
REPORT
)

tl module_param_project
expect_rc 1
expect_eq "$(strip "$OUT")" "$EXPECTED" "a module moved in main.cpp, fed a CPU batch in evaluate.cpp"

tl module_param_project/evaluate.cpp
expect_rc 0
expect_eq "$OUT" "" "evaluate.cpp alone"

# main.cpp keeps the model on the CPU: nothing is on a device.
sed -i 's/  net->to(device);//' module_param_project/main.cpp
tl module_param_project
expect_rc 0
expect_eq "$OUT" "" "a model every caller leaves on the CPU"
echo "project_module_params: ok"
