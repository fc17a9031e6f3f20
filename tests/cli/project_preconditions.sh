# Dtype preconditions and struct fields across files: a helper in one file
# whose parameter meets a Float matrix or is a loss's class-index target is
# checked where another file calls it, with the argument passed there; the
# fields of a struct another file's function returns keep their own dtypes
# (Float images, Int labels), where the whole struct agrees on none. The
# index carries both, and a fixed callee takes the finding away.
. "$(dirname "$0")/lib.sh"
cp -r "$TL_INPUTS/precondition_project" .
strip() { sed "s|$WORK/||g" <<<"$1"; }

EXPECTED=$(cat <<'REPORT'
precondition_project/train.cpp:9:15: warning: 'F::cross_entropy' in 'class_loss' expects class indices of dtype Long, but its target 'b.labels' is Int [torch-loss-target-dtype]
  auto loss = class_loss(fc(b.images), b.labels);
              ^
                                               .to(torch::kLong)
precondition_project/train.cpp:8:13: note: 'b.labels' is returned by 'make_batch' here, in its field 'labels', defined in batch.cpp, where it is created as Int at line 9 ('torch::from_blob' with dtype Int)
  Batch b = make_batch(8);
            ^
precondition_project/train.cpp:9:15: note: 'b.labels' is passed to 'class_loss' as 'labels' here, where it is the target of 'F::cross_entropy' at losses.cpp:7
  auto loss = class_loss(fc(b.images), b.labels);
              ^
precondition_project/train.cpp:12:37: warning: 'torch::matmul' in 'project_rows' receives tensors of different dtypes: 'rows' is Double but 'basis' is Float [torch-dtype-mismatch]
  auto rows = torch::tensor(values, torch::kFloat64).view({2, 4});
                                    ^~~~~~~~~~~~~~~
                                    torch::kFloat
precondition_project/train.cpp:12:15: note: 'rows' is created as Double here ('torch::tensor' with dtype Double)
  auto rows = torch::tensor(values, torch::kFloat64).view({2, 4});
              ^
precondition_project/train.cpp:13:20: note: 'rows' is passed to 'project_rows' as 'rows' here, where it meets 'basis' in 'torch::matmul' at losses.cpp:12, where 'basis' is created as Float at line 11 ('torch::randn' with no dtype)
  auto projected = project_rows(rows);
                   ^
REPORT
)

tl --result-cache rc precondition_project
expect_rc 1
expect_eq "$(strip "$OUT")" "$EXPECTED" "preconditions and fields across files"
expect_contains "$ERR" "2 findings in 1 of 3 analysed files" "summary"
expect_eq "$(jq -r '.functions[] | select(.name == "make_batch") | .fields.labels.dtype.type' rc/project-index.json)" Int "the labels field is Int"
expect_eq "$(jq -r '.functions[] | select(.name == "make_batch") | .fields.images.dtype.type' rc/project-index.json)" Float "the images field is Float"
expect_eq "$(jq -r '.functions[] | select(.name == "class_loss") | .requires[0].kind' rc/project-index.json)" class-target "class_loss's precondition"
expect_eq "$(jq -r '.functions[] | select(.name == "project_rows") | .requires[0].other.type' rc/project-index.json)" Float "project_rows meets Float"

# Alone, train.cpp knows nothing of the other files: silent.
tl precondition_project/train.cpp
expect_rc 0
expect_eq "$OUT" "" "a unit without the files that define its functions"

# The helper converts its rows now: the precondition is gone, and so is the
# finding; the labels finding stays.
sed -i 's/torch::matmul(rows, basis)/torch::matmul(rows.to(torch::kFloat), basis)/' precondition_project/losses.cpp
tl --result-cache rc precondition_project
expect_rc 1
expect_eq "$(strip "$OUT" | grep -c 'torch-dtype-mismatch')" 0 "the helper converts"
expect_contains "$ERR" "1 finding in 1 of 3 analysed files" "the labels remain"
echo "project_preconditions: ok"
