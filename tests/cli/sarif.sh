# SARIF 2.1.0 for GitHub code scanning: exact structure, then Microsoft's
# SARIF Multitool must report zero errors for rule kinds Gh and Sarif.
. "$(dirname "$0")/lib.sh"
git init -q repo && mkdir -p repo/src
input device_var.cpp repo/src/device_var.cpp
input discarded.cpp repo/src/discarded.cpp
input broken.cpp repo/src/broken.cpp
cd repo
tl --format sarif -o out.sarif src
expect_rc 2
S=out.sarif
RULES=$("$TORCHLINT" --list-rules | grep -c '^  torch-')
expect_eq "$(jq '.runs[0].tool.driver.rules | length' $S)" $((RULES + 1)) "every rule of the table, and clang-tidy-nolint"
expect_eq "$(jq -r '.version' $S)" 2.1.0 "version"
expect_eq "$(jq -r '.runs[0].originalUriBaseIds["%SRCROOT%"].uri' $S)" "file://$WORK/repo/" "srcroot from git"
expect_eq "$(jq -r '.runs[0].tool.driver.rules[] | select(.id=="torch-discarded-move") | [.name, .defaultConfiguration.level, (.help.text | length > 0)] | @tsv' $S)" \
  "$(printf 'TorchDiscardedMove\twarning\ttrue')" "rule metadata"
expect_eq "$(jq -c '[.runs[0].results[] | .ruleId]' $S)" \
  '["torch-hardcoded-device","torch-discarded-move"]' "results"
R0='.runs[0].results[0]'
expect_eq "$(jq -c "$R0.locations[0].physicalLocation" $S)" \
  '{"artifactLocation":{"uri":"src/device_var.cpp","uriBaseId":"%SRCROOT%"},"region":{"startColumn":32,"startLine":9}}' \
  "relative location"
expect_eq "$(jq -c "[$R0.relatedLocations[] | [.id, .message.text, .physicalLocation.region.startLine]]" $S)" \
  "[[1,\"use the device chosen here, 'device'\",6]]" "notes as related locations"
expect_eq "$(jq -c "[$R0.codeFlows[0].threadFlows[0].locations[].location.physicalLocation.region.startLine]" $S)" \
  "[6,9]" "provenance as a code flow"
expect_eq "$(jq -c "$R0.fixes[0].artifactChanges[0].replacements" $S)" \
  '[{"deletedRegion":{"charLength":12,"charOffset":358},"insertedContent":{"text":"device"}}]' "fixes"
expect_eq "$(jq -r "$R0.partialFingerprints[\"torchlintFingerprint/v2\"] | test(\"^[0-9a-f]{32}:0$\")" $S)" true "fingerprint"
expect_eq "$(jq -r '.runs[0].invocations[0].executionSuccessful' $S)" false "failed unit"
expect_eq "$(jq -r '.runs[0].invocations[0].toolExecutionNotifications[0].locations[0].physicalLocation.artifactLocation.uri' $S)" \
  src/broken.cpp "failed unit location"

# Under a line filter, the change that ties a finding is one more related
# location (a note's line here), outside the code flow.
tl --format sarif -o diff.sarif --line-filter '[{"name":"device_var.cpp","lines":[[6,6]]}]' src/device_var.cpp
expect_rc 1
expect_eq "$(jq -c "[$R0.relatedLocations[] | [.id, .message.text, .physicalLocation.region.startLine]]" diff.sarif)" \
  "[[1,\"use the device chosen here, 'device'\",6],[2,\"introduced by the change at src/device_var.cpp:6\",6]]" \
  "the tie as a related location"
expect_eq "$(jq -c "[$R0.codeFlows[0].threadFlows[0].locations[].location.physicalLocation.region.startLine]" diff.sarif)" \
  "[6,9]" "the code flow without the tie"

# Columns in UTF-16 code units (the run's columnKind) on a line with
# non-ASCII text before the finding: "é" is 2 bytes and 1 unit, the emoji 4
# bytes and 2 units. JSON keeps clang's byte column and adds utf16_column.
cat >src/unicode.cpp <<'CPP'
#include <torch/torch.h>
int main() {
  auto t = torch::ones({2});
  /* é 😀 */ t.cpu();
}
CPP
tl --format sarif -o unicode.sarif src/unicode.cpp
expect_rc 1
expect_eq "$(jq -c '.runs[0].results[0].locations[0].physicalLocation.region' unicode.sarif)" \
  '{"startColumn":16,"startLine":4}' "UTF-16 column"
# The fix inserts "t = " before t: byte 83 of the file, UTF-16 unit 80.
expect_eq "$(jq -c '.runs[0].results[0].fixes[0].artifactChanges[0].replacements' unicode.sarif)" \
  '[{"deletedRegion":{"charLength":0,"charOffset":80},"insertedContent":{"text":"t = "}}]' "UTF-16 fix offset"
tl --format json src/unicode.cpp
expect_eq "$(echo "$OUT" | jq -c '.findings[0] | [.column, .utf16_column]')" '[19,16]' "byte and UTF-16 columns"
tl --format json src/discarded.cpp
expect_eq "$(echo "$OUT" | jq -c '.findings[0] | has("utf16_column")')" false "ASCII lines: no utf16_column"

# Validation needs Microsoft's multitool from npm; install it once per build.
command -v npm >/dev/null || skip "npm is not installed; SARIF validation not run"
TOOL=${TL_SARIF_TOOL_DIR:-$WORK/sarif-tool}
if [ ! -d "$TOOL/node_modules/@microsoft/sarif-multitool" ]; then
  mkdir -p "$TOOL"
  npm install --prefix "$TOOL" --no-audit --no-fund @microsoft/sarif-multitool >"$WORK/npm.log" 2>&1 ||
    skip "cannot install @microsoft/sarif-multitool (offline?): $(tail -3 "$WORK/npm.log")"
fi
# Newer npm skips the package's postinstall, which marks the binary runnable.
chmod u+x "$TOOL"/node_modules/@microsoft/sarif-multitool-*/Sarif.Multitool 2>/dev/null
# The npm wrapper runs through a shell: the rule kinds need inner quotes.
for F in out.sarif diff.sarif unicode.sarif; do
  V=$(cd "$TOOL" && npx --no-install @microsoft/sarif-multitool validate \
    --rule-kind '"Gh;Sarif"' "$WORK/repo/$F" 2>&1)
  expect_contains "$V" "Analysis completed successfully" "multitool ran on $F"
  if grep -E ': error ' <<<"$V"; then
    fail "SARIF Multitool reported errors in $F"
  fi
done
exit 0
