# --format json: exact fields of a finding, its fix and the summary.
. "$(dirname "$0")/lib.sh"
input discarded.cpp
tl --format json -o report.json discarded.cpp
expect_rc 1
J=report.json
expect_eq "$(jq '.findings | length' $J)" 1 "finding count"
expect_eq "$(jq -r '.findings[0].rule' $J)" torch-discarded-move "rule"
expect_eq "$(jq -r '.findings[0].severity' $J)" warning "severity"
expect_eq "$(jq -r '.findings[0].file' $J)" "$WORK/discarded.cpp" "file"
expect_eq "$(jq -r '.findings[0].line' $J)" 6 "line"
expect_eq "$(jq -r '.findings[0].column' $J)" 5 "column"
expect_eq "$(jq -r '.findings[0].message' $J)" \
  "result of 't.to(torch::kCPU)' is discarded; Tensor::to returns a new tensor and leaves 't' unchanged" \
  "message"
expect_eq "$(jq -c '.findings[0].fixes' $J)" \
  "[{\"file\":\"$WORK/discarded.cpp\",\"length\":0,\"offset\":138,\"replacement\":\"t = \"}]" \
  "fixes"
expect_eq "$(jq -r '.findings[0].fingerprint | test("^[0-9a-f]{32}:0$")' $J)" true "fingerprint"
expect_eq "$(jq -c '.summary | {findings, by_rule, files_analysed, files_failed, suppressed}' $J)" \
  '{"findings":1,"by_rule":{"torch-discarded-move":1},"files_analysed":1,"files_failed":0,"suppressed":0}' \
  "summary"
# With -o the text still reaches the log; without it stdout is pure JSON.
expect_contains "$OUT" "[torch-discarded-move]" "text beside -o"
tl --format json discarded.cpp
expect_rc 1
expect_eq "$(echo "$OUT" | jq -r '.findings[0].rule')" torch-discarded-move "json on stdout"
exit 0
