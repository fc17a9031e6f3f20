# The project index: what a function defined in one file returns reaches
# the files that call it, dtypes included, through summaries linked after
# the first phase; a unit that imports one is analysed again against the
# index, in rounds while summaries change (a function returning what
# another file's function returns). The warm run answers both phases from
# the result cache; a changed definition changes the callers' findings.
. "$(dirname "$0")/lib.sh"
cp -r "$TL_INPUTS/index_project" .
strip() { sed "s|$WORK/||g" <<<"$1"; }

EXPECTED=$(cat <<'REPORT'
index_project/train.cpp:19:15: warning: 'torch::nn::functional::cross_entropy' expects class indices of dtype Long, but its target 'load_labels(raw).to(device)' is Int [torch-loss-target-dtype]
  auto loss = torch::nn::functional::cross_entropy(logits, load_labels(raw).to(device));
              ^
                                                                                      .to(torch::kLong)
index_project/train.cpp:19:60: note: 'load_labels(raw).to(device)' is returned by 'load_labels' here, defined in data.cpp, where it is created as Int at line 4 ('torch::from_blob' with dtype Int)
  auto loss = torch::nn::functional::cross_entropy(logits, load_labels(raw).to(device));
                                                           ^
index_project/train.cpp:21:16: warning: 'torch::nn::functional::cross_entropy' expects class indices of dtype Long, but its target 'prepared_labels(raw).to(device)' is Int [torch-loss-target-dtype]
  auto again = torch::nn::functional::cross_entropy(logits, prepared_labels(raw).to(device));
               ^
                                                                                           .to(torch::kLong)
index_project/train.cpp:21:61: note: 'prepared_labels(raw).to(device)' is returned by 'prepared_labels' here, defined in prepare.cpp, where it is returned by 'load_labels' at line 6, defined in data.cpp, where it is created as Int at line 4 ('torch::from_blob' with dtype Int)
  auto again = torch::nn::functional::cross_entropy(logits, prepared_labels(raw).to(device));
                                                            ^
index_project/train.cpp:23:20: warning: 'torch::matmul' receives tensors of different dtypes: 'feature_mean(x)' (argument 'other') is Double but 'x' is Float [torch-dtype-mismatch]
  auto projected = torch::matmul(x, feature_mean(x));
                   ^
                                                   .to(torch::kFloat)
index_project/train.cpp:23:37: note: 'feature_mean(x)' is returned by 'feature_mean' here, defined in data.cpp, where it is converted to Double at line 10
  auto projected = torch::matmul(x, feature_mean(x));
                                    ^
index_project/train.cpp:16:12: note: 'x' is created as Float here ('torch::randn' with no dtype)
  auto x = torch::randn({4, 3});
           ^
index_project/train.cpp:26:14: warning: 'model' receives tensors on different devices: 'scaled' (argument 'x') is on the CPU but the parameters of 'model' are on 'device', chosen at run time at line 11 [torch-device-mismatch]
  auto out = model(scaled);
             ^
index_project/train.cpp:25:30: note: 'scaled' is created on the CPU here ('torch::randn' with no device)
  auto scaled = standardised(torch::randn({4, 3}));
                             ^
                                                 .to(device)
index_project/train.cpp:25:17: note: 'scaled' is returned by 'standardised' here, defined in data.cpp
  auto scaled = standardised(torch::randn({4, 3}));
                ^
index_project/train.cpp:14:10: note: 'model' is moved to 'device' here
  model->to(device);
         ^
REPORT
)

tl -j 2 index_project
expect_rc 1
expect_eq "$(strip "$OUT")" "$EXPECTED" "findings across files"
expect_contains "$ERR" "4 findings in 1 of 3 analysed files" "summary"
# The second round of progress says what it is (issue 39): a line when it
# begins, and its phase at the head of each progress line.
expect_eq "$(grep '^torchlint: phase 2' <<<"$ERR" | grep -v '\]')" "torchlint: phase 2: analysing 2 of 3 units again, with what the functions they call from other files return (the project index)
torchlint: phase 2, round 2: analysing 1 of 3 units again, with what the functions they call from other files return (the project index)" "phase 2 said"
expect_eq "$(grep -c '^torchlint: phase 2 (project index) \[[12]/2\] ' <<<"$ERR")" 2 "phase 2's progress lines"

# -v says what the index holds and which units it checks again.
tl -v -j 1 index_project
expect_rc 1
expect_contains "$ERR" "project index: 4 function summaries; round 1 checks 2 unit(s) that call them again" "round 1"
expect_contains "$ERR" "project index: 5 function summaries; round 2 checks 1 unit(s) that call them again" "round 2 (a summary through another file's function)"
expect_eq "$(strip "$OUT")" "$EXPECTED" "findings with -j 1"

# The caller alone knows nothing of the other files: silent.
tl index_project/train.cpp
expect_rc 0
expect_eq "$OUT" "" "a unit without the files that define its functions"

# The result cache answers both phases; the index is kept beside it.
tl --result-cache rc index_project
expect_rc 1
tl -v --result-cache rc index_project
expect_rc 1
expect_contains "$ERR" "(3 from the result cache)" "every unit from the cache"
expect_eq "$(strip "$OUT")" "$EXPECTED" "warm run"
expect_eq "$(jq '.functions | length' rc/project-index.json)" 5 "summaries kept"
expect_eq "$(jq -r '.functions[] | select(.name == "load_labels") | .dtype.type' rc/project-index.json)" Int "load_labels is Int"
expect_eq "$(jq -r '.functions[] | select(.name == "standardised") | .device.form' rc/project-index.json)" follows-arg "standardised follows its input"

# A changed definition: load_labels now returns Long labels. Its callers
# are checked again (their imports changed) and the two loss findings go.
sed -i 's/torch::kInt32)/torch::kInt32).to(torch::kLong)/' index_project/data.cpp
tl --result-cache rc index_project
expect_rc 1
expect_eq "$(strip "$OUT" | grep -c 'torch-loss-target-dtype')" 0 "Long labels"
expect_contains "$ERR" "2 findings in 1 of 3 analysed files" "the other two remain"

# JSON carries the cross-file note.
tl --format json -o report.json index_project
expect_eq "$(jq -r '[.findings[] | select(.rule == "torch-dtype-mismatch") | .notes[0].message][0]' report.json)" \
  "'feature_mean(x)' is returned by 'feature_mean' here, defined in data.cpp, where it is converted to Double at line 10" "JSON note"
echo "project_index: ok"
