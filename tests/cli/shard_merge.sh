# --shard I/N and --merge: the shards of a CI matrix split the units without
# overlap or loss, and their merged report is the report of one run, finding
# for finding; mismatched or missing shards are errors, never a silent gap.
. "$(dirname "$0")/lib.sh"
for f in discarded.cpp two_moves.cpp uses_helper.cpp helper.h clean.cpp load.cpp \
  device_var.cpp nolint.cpp train_loop.cpp; do
  input $f
done

tl --format json -o all.json .
expect_rc 1
ALL_FINDINGS=$(jq -c '.findings' all.json)
expect_eq "$(jq '.units | length' all.json)" 8 "units of the single run"

for i in 1 2 3; do
  tl --shard $i/3 --format json -o shard$i.json .
  [ "$RC" -le 1 ] || fail "shard $i/3 exit status $RC: $ERR"
done
# Every unit in exactly one shard, and all three agree on the split.
expect_eq "$(jq -r '.units[].file' shard1.json shard2.json shard3.json | sort | uniq -d)" "" "overlap"
expect_eq "$(jq -r '.units[].file' shard1.json shard2.json shard3.json | sort)" \
  "$(jq -r '.units[].file' all.json | sort)" "shards cover the units"
expect_eq "$(jq -r '.shard.partition' shard1.json shard2.json shard3.json | sort -u | wc -l)" 1 \
  "one split digest"
expect_eq "$(jq -c '.shard | {index, count, units_total}' shard2.json)" \
  '{"index":2,"count":3,"units_total":8}' "shard record"
# No shard is empty with 8 units over 3 (balanced by size without costs).
for i in 1 2 3; do
  [ "$(jq '.units | length' shard$i.json)" -ge 1 ] || fail "shard $i is empty"
done
# The same split whatever order the inputs are named in.
tl --shard 2/3 --format json -o again.json $(ls *.cpp | sort -r)
expect_eq "$(jq -c '[.units[].file]' again.json)" "$(jq -c '[.units[].file]' shard2.json)" \
  "split independent of argument order"

# The merge, in any order of its inputs, is the single run's report.
tl --merge shard3.json shard1.json shard2.json --format json -o merged.json
expect_rc 1
expect_eq "$(jq -c '.findings' merged.json)" "$ALL_FINDINGS" "merged findings"
expect_eq "$(jq -c '.summary | del(.seconds)' merged.json)" \
  "$(jq -c '.summary | del(.seconds)' all.json)" "merged summary"
expect_eq "$(jq -c '[.units[] | {file, analysed}]' merged.json)" \
  "$(jq -c '[.units[] | {file, analysed}]' all.json)" "merged units"
expect_eq "$(jq 'has("shard")' merged.json)" false "a merged report is no shard"
# Each file defines main(): a program of its own. load.cpp's hard-coded
# device is decided by device_var.cpp's is_available() (runs-without-cuda
# holds across programs); its jit::load is not decided by device_var.cpp's
# run-time device (another program), so it is silent.
expect_contains "$ERR" "torchlint: 7 findings in 6 of 8 analysed files" "merge summary line"

# Text from a merge: clang's layout, from the records.
tl --merge shard1.json shard2.json shard3.json -q
expect_rc 1
expect_eq "$(grep -c ': warning: ' <<<"$OUT")" 7 "merged text findings"
expect_contains "$OUT" "$WORK/discarded.cpp:6:5: warning: result of 't.to(torch::kCPU)' is discarded; Tensor::to returns a new tensor and leaves 't' unchanged [torch-discarded-move]
  t.to(torch::kCPU);
    ^" "merged text"

# SARIF shards: each a category of its own; merged, one run.
for i in 1 2; do
  tl --shard $i/2 --format sarif -o shard$i.sarif .
done
expect_eq "$(jq -r '.runs[0].automationDetails.id' shard1.sarif)" "torchlint/shard-1-of-2/" "shard category"
tl --format sarif -o all.sarif .
tl --merge shard2.sarif shard1.sarif --format sarif -o merged.sarif
expect_rc 1
expect_eq "$(jq '.runs | length' merged.sarif)" 1 "one merged run"
expect_eq "$(jq '.runs[0].results | length' merged.sarif)" "$(jq '.runs[0].results | length' all.sarif)" \
  "merged SARIF results"
expect_eq "$(jq -c '[.runs[0].results[].partialFingerprints] | sort' merged.sarif)" \
  "$(jq -c '[.runs[0].results[].partialFingerprints] | sort' all.sarif)" "merged SARIF fingerprints"
expect_eq "$(jq '.runs[0] | has("automationDetails") or has("properties")' merged.sarif)" false \
  "no shard category on the merged run"
tl --merge shard1.sarif shard2.sarif --format json
expect_rc 2
expect_contains "$ERR" "torchlint: error: --merge: SARIF reports merge into --format=sarif only" "SARIF to JSON"

# Errors: a missing shard, shards of different splits, a shard twice, mixed
# formats, a file that is no report.
tl --merge shard1.json shard3.json --format json -o bad.json
expect_rc 2
expect_contains "$ERR" "torchlint: error: --merge: shard(s) 2 of 3 missing: the merged report would lack their units" "missing shard"
tl --shard 1/2 --format json -o other1.json .
tl --merge shard1.json shard2.json other1.json --format json -o bad.json
expect_rc 2
expect_contains "$ERR" "come from different splits of the units" "different splits"
tl --merge shard1.json shard1.json shard2.json shard3.json --format json -o bad.json
expect_rc 2
expect_contains "$ERR" "torchlint: error: --merge: shard 1/3 is given twice ('shard1.json')" "twice"
tl --merge shard1.json all.json --format json -o bad.json
expect_rc 2
expect_contains "$ERR" "shard reports and unsplit reports cannot be merged together" "mixed split"
tl --merge shard1.json shard1.sarif
expect_rc 2
expect_contains "$ERR" "is sarif but 'shard1.json' is json; merge reports of one format" "mixed formats"
echo '{"a": 1}' >nonsense.json
tl --merge nonsense.json
expect_rc 2
expect_contains "$ERR" "torchlint: error: --merge: 'nonsense.json' is neither a torchlint JSON report nor a SARIF log" "not a report"
tl --merge missing.json
expect_rc 2
expect_contains "$ERR" "torchlint: error: --merge: cannot read 'missing.json'" "unreadable"

# Bad --shard values.
for bad in 0/3 4/3 3 a/b 1/0; do
  tl --shard $bad .
  expect_rc 2
  expect_contains "$ERR" "torchlint: error: --shard '$bad': expected I/N with 1 <= I <= N" "--shard $bad"
done

# Costs of an earlier report balance the split; the shards still agree and
# cover every unit.
for i in 1 2; do
  tl --shard $i/2 --shard-costs all.json --format json -o costed$i.json .
done
expect_eq "$(jq -r '.units[].file' costed1.json costed2.json | sort)" \
  "$(jq -r '.units[].file' all.json | sort)" "costed shards cover the units"
expect_eq "$(jq -r '.shard.partition' costed1.json costed2.json | sort -u | wc -l)" 1 "costed digest"
tl --merge costed1.json costed2.json --format json -o costed.json
expect_eq "$(jq -c '.findings' costed.json)" "$ALL_FINDINGS" "costed merge"
tl --shard 1/2 --shard-costs nonsense.json .
expect_rc 2
expect_contains "$ERR" "torchlint: error: --shard-costs 'nonsense.json' is not a torchlint JSON report with units" "bad costs"
exit 0
